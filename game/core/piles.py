"""Pile shapes several games share, written once (as PySolFC's stacks are): a column that builds
down one rank at a time in suit, in alternating colours, in any suit but the same, or in any
suit; an empty one takes any card. A game's pile takes the shape and adds only what is its own
(its words, its label, what a saved position may not hold, a rule for an empty pile):

    Tableau = DownInSuit                      # Forty Thieves, Seahaven: nothing of their own

    class House(DownAlternating):             # Russian Bank
        kind = "house"
        rule = N_("houses build down in alternating colours")

The tables (a top card's face -> the faces that may go on it, in the order of ``SUITS``) are
the shapes' ``BY_TOP`` and ``BUILDS`` (what auto-move asks); games use them by these names too.
"""

from __future__ import annotations

from game.core.cards import RED_SUITS, SUITS, card_key
from game.core.language import N_
from game.core.state import ANY, Pile


def _down(suits) -> dict[int, tuple[int, ...]]:
    """A top card's face -> the faces one rank lower in the suits ``suits(its suit)`` names."""
    return {
        card_key(r, s): tuple(card_key(r - 1, o) for o in suits(s))
        for r in range(2, 14)
        for s in SUITS
    }


def _other_colour(suit: str) -> tuple[str, ...]:
    return tuple(o for o in SUITS if (o in RED_SUITS) != (suit in RED_SUITS))


DOWN_IN_SUIT = _down(lambda s: (s,))
DOWN_ALTERNATING = _down(_other_colour)
DOWN_ANY_SUIT_BUT_SAME = _down(lambda s: tuple(o for o in SUITS if o != s))
DOWN_ANY_SUIT = _down(lambda s: SUITS)


class Column(Pile):
    """A tableau column building down by ``BUILDS`` (also its ``BY_TOP``); empty, any card."""

    kind = "tableau"
    BUILDS: dict = {}  # card face -> the faces that may be played on it
    WHEN_EMPTY = ANY


class DownInSuit(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down in suit")
    BY_TOP = BUILDS = DOWN_IN_SUIT


class DownAlternating(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down in alternating colours")
    BY_TOP = BUILDS = DOWN_ALTERNATING


class DownAnySuitButSame(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down by any suit but the same")
    BY_TOP = BUILDS = DOWN_ANY_SUIT_BUT_SAME


class DownAnySuit(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down, one rank lower, in any suit")
    BY_TOP = BUILDS = DOWN_ANY_SUIT


__all__ = [
    "DOWN_ALTERNATING",
    "DOWN_ANY_SUIT",
    "DOWN_ANY_SUIT_BUT_SAME",
    "DOWN_IN_SUIT",
    "Column",
    "DownAlternating",
    "DownAnySuit",
    "DownAnySuitButSame",
    "DownInSuit",
]
