"""The table's reading keys, for the ear (docs/accessibility.md): each reads part of the table
aloud and changes nothing.

    I  the pile in focus, every card        O  the foundations
    P  the stock, waste, reserve, hand      A  the moves possible now
    L  the "still winnable?" light          G  the game: deal, moves, time; score, turn, match
    + and -  more or fewer cards of the run picked up (Enter picks up the top card)

They act only while the ear listens (the Screen reader switch); a key the table doesn't know is
then refused aloud."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.kinds import PileKind, pile_kind
from game.core.language import _, ngettext
from game.ui.ear.ear import sentences
from game.ui.ear.table_words import SIDE_KINDS, card_name, pile_in_full, pile_summary, plan_words

MOVES_SAID = 15  # A reads at most this many moves, then how many more there are
#: + and - (on the main keys and the keypad): more or fewer cards of a run picked up, else the
#: computer's pace where one plays (game/ui/turns/turns_chrome.py)
MORE = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
FEWER = (pygame.K_MINUS, pygame.K_KP_MINUS)


def _kinds(table: Any, kinds: tuple[PileKind, ...]) -> list[str]:
    piles = table.piles()
    return [
        pile_summary(table, n, piles) for n in table.layout.focus_order if pile_kind(n) in kinds
    ]


def _focus(table: Any) -> str:
    focus = table.input.focus
    if focus is None:
        return _("Choose a pile first (arrows or Tab).")
    return pile_in_full(table, focus)


def _moves(table: Any) -> str:
    moves = table.candidate_moves() if table.accepting_input() else []
    if not moves:
        return _("No move can be made now.")
    words = [plan_words(table, m) for m in moves[:MOVES_SAID]]
    head = ngettext("{n} move:", "{n} moves:", len(moves)).format(n=len(moves))
    more = len(moves) - len(words)
    tail = [ngettext("and {n} more", "and {n} more", more).format(n=more)] if more else []
    return " ".join([head, "; ".join(words + tail)]) + "."


def light_sentence(word: str) -> str:
    # Translators: for the ear: what the "still winnable?" light says ("winnable", "thinking")
    return _("Light: {verdict}.").format(verdict=word)


def _light(table: Any) -> str:
    word = table.chrome.light_word()
    if word is None:
        return _('The "still winnable?" light is off (Settings).')
    return light_sentence(word)


READERS = {
    pygame.K_i: _focus,
    pygame.K_o: lambda t: "; ".join(_kinds(t, (PileKind.FOUNDATION,))) + ".",
    pygame.K_p: lambda t: "; ".join(_kinds(t, SIDE_KINDS)) + ".",
    pygame.K_a: _moves,
    pygame.K_l: _light,
    pygame.K_g: lambda t: sentences(t.chrome.ear_status()),
}


def light_news(table: Any, heard: str | None) -> str | None:
    """The light's word now; said when it changed to a verdict (not while thinking)."""
    word = table.chrome.light_word()  # (None: no light shown, so no solver's help either)
    if word is None or word == heard:
        return word
    if table.session.help.verdict is None:  # thinking: no news
        return heard
    table.app.ear.say(light_sentence(word))
    return word


def run_size(table: Any, more: bool) -> str | None:
    """+ or -: one card more or fewer of the run picked up; its words, or None (nothing
    picked up: the key is the table's own)."""
    inp = table.input
    if not inp.selected:
        return None
    name, index = inp.selected
    cards = table.piles()[name]
    new = index - 1 if more else index + 1
    if 0 <= new < len(cards) and cards[new][1]:
        inp.selected = (name, new)
        index = new
    n = len(cards) - index
    # Translators: for the ear: the cards picked up to move, named by the lowest
    return ngettext("{n} card picked up: {card}", "{n} cards picked up, from {card}", n).format(
        n=n, card=card_name(cards[index][0])
    )


def read_key(table: Any, event: Any) -> bool:
    """A reading key (or + and - on a run picked up) while the ear listens: read aloud, True."""
    ear = table.app.ear
    if not ear.on or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
        return False
    reader = READERS.get(event.key)
    if reader is not None:
        ear.say(reader(table))
        return True
    if event.key in MORE or event.key in FEWER:
        words = run_size(table, event.key in MORE)
        if words is not None:
            ear.say(words)
            return True
    return False


def refuse_key(table: Any, event: Any) -> None:
    """A key nobody at the table took, while the ear listens: said so (nothing changed)."""
    if table.app.ear.on and event.unicode.strip():
        # Translators: for the ear: a key that does nothing at the table; {key} as typed
        table.app.ear.say(
            _("The key {key} does nothing here. I, O, P, A, L and G read the table.").format(
                key=event.unicode.upper()
            ),
            urgent=True,
        )


__all__ = [
    "FEWER",
    "MORE",
    "READERS",
    "light_news",
    "light_sentence",
    "read_key",
    "refuse_key",
    "run_size",
]
