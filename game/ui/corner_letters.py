"""The letters on a card's corner in the language spoken (A J Q K; German A B D K, French A V D
R): the card art (cards.py) and an empty place's letter (layout.py) write the same ones."""

from __future__ import annotations

from game.core.language import NP_, pgettext

RANK_LETTERS = {
    # Translators: the rank Ace as a card's corner shows it: one letter
    "A": NP_("a rank's letter, as on a card's corner", "A"),
    # Translators: the rank Jack as a card's corner shows it: one letter
    "J": NP_("a rank's letter, as on a card's corner", "J"),
    # Translators: the rank Queen as a card's corner shows it: one letter
    "Q": NP_("a rank's letter, as on a card's corner", "Q"),
    # Translators: the rank King as a card's corner shows it: one letter
    "K": NP_("a rank's letter, as on a card's corner", "K"),
}


def rank_text(text: str) -> str:
    """A rank as a card's corner writes it ("10", "Q"), in the language spoken now."""
    letter = RANK_LETTERS.get(text)
    return pgettext(*letter) if letter is not None else text


__all__ = ["RANK_LETTERS", "rank_text"]
