"""The move log's words: a move (or a pass) said as who made it and what they did ("Computer",
"the Five of hearts onto the Six of spades"), the seats named as the chrome names them, each
pile by the game's word for it (``Pile.noun``) in phrases written whole for each word, since
each language's article follows its noun (``pile_phrase``)."""

from __future__ import annotations

from typing import Any, Protocol

from game.core import Card, Move
from game.core.kinds import PileKind, split_pile_name
from game.core.language import NP_, _, pgettext
from game.ui.board.move_words import pile_phrase
from game.ui.board.places import Piles


class LogChrome(Protocol):
    """What the log's words need of the chrome: the seats named, and its calls said."""

    own: str  # a seat's own pile is "your own waste" at the round table ("own "), else ""

    def title(self, seat: int) -> str: ...

    def name(self, seat: int) -> str: ...

    def is_you(self, seat: int) -> bool: ...

    def call_words(self, call: Any, caller: int | None, called: int, state: Any) -> str: ...


def pile_number(name: str) -> int | None:
    """A pile's number ("hand1": 1), None for a pile the game has one of ("waste")."""
    return split_pile_name(name)[1]


def describe(chrome: LogChrome, state: Any, move: Move, before: Piles, mover: int) -> str:
    """A move in words, "Computer: the Five of hearts onto the Six of spades" (said of the
    position ``before`` it, the piles as ``state.piles()`` gives them): ``said``'s two parts
    in a line of the log."""
    who, what = said(chrome, state, move, before, mover)
    return log_line(who, what) if what else ""


def log_line(who: str, what: str) -> str:
    """A line of the log: who played, what they did."""
    # Translators: a line of the move log: "Computer: the Five of hearts onto the Six of spades"
    return pgettext("a line of the move log", "{who}: {what}").format(who=who, what=what)


def said(chrome: LogChrome, state: Any, move: Move, before: Piles, mover: int) -> tuple[str, str]:
    """A move in words, who made it and what they did ("Computer", "the Five of hearts onto
    the Six of spades"); ("", "") for a move the piles ``before`` can't say. The seats as the
    chrome names them (``title``, ``name``, ``is_you``); its ``own`` word for a seat's own
    pile ("own " at the round table). Calls are said by the chrome's ``call_words``."""
    who = chrome.title(mover)
    if move.source == "pass":
        return who, pgettext("the move log: what a seat did", "passed")
    src = before.get(move.source)
    if not src:
        return "", ""
    card, up = src[-move.count]
    if move.source == move.target:  # a card of a stock or hand turned face up where it lies
        return who, (
            _("turned up {card}").format(card=card.words("object"))
            if not up
            else _("turned a card")
        )
    kind, owner = split_pile_name(move.target)
    target = before.get(move.target, [])
    if not target and move.count == 1 and kind == PileKind.HAND:  # a pile turned back
        return who, turned_back(chrome, state, move, mover)
    if not up and pile_number(move.source) == owner == mover:  # turned onto a pile
        # (Battle: the hand onto the reserve pile)
        return who, _("turned up {card}").format(card=card.words("object"))
    if kind == PileKind.FOUNDATION:
        where = pgettext("the move log: where a card went", "to a foundation")
    elif kind in SHARED_WORDS or owner is None:  # a pile of the middle
        if move.count > 1:
            # Translators: the move log; {card} is the column's first card, said as the
            # subject of a sentence ("the Nine of clubs"), {onto} "onto the Ten of hearts"
            return who, _("moved the column of {card} {onto}").format(
                card=card.words("the"), onto=target[-1][0].words("onto")
            )
        where = onto_middle(state, move.target, target)
    else:  # a seat's own pile, in the game's word for it (Battle: "reserve pile")
        where = onto_seat(chrome, state, move.target, owner, mover)
    # Translators: the move log; {card} is "the Five of hearts", {where} "onto the Six of
    # spades", "to a foundation", "onto your reserve"
    return who, pgettext("the move log: a card and where it went", "{card} {where}").format(
        card=card.words("object"), where=where
    )


def noun_of(state: Any, name: str) -> str:
    """The game's word for the pile ``name`` ("column", "reserve pile")."""
    pile = state.pile.get(name)
    if pile is not None:
        return str(pile.noun)
    kind = split_pile_name(name)[0]
    return SHARED_WORDS.get(kind, str(kind))


def turned_back(chrome: LogChrome, state: Any, move: Move, mover: int) -> str:
    """A pile turned back into an empty hand: "turned your waste back into your hand"."""
    source = noun_of(state, move.source)
    if chrome.is_you(mover):
        # Translators: the move log; a pile without a phrase of its own, {pile} its word
        return pile_phrase(TURNED_BACK_YOUR, source, _("turned your {pile} back into your hand"))
    # Translators: the move log; a pile without a phrase of its own, {pile} its word
    return pile_phrase(TURNED_BACK_THEIR, source, _("turned their {pile} back into their hand"))


def onto_middle(state: Any, name: str, target: list[tuple[Card, bool]]) -> str:
    """Where a card went on a pile of the middle: "onto the Six of spades", "to an empty
    column"."""
    if target:
        return target[-1][0].words("onto")
    # Translators: the move log; a pile without a phrase of its own, {pile} its word
    return pile_phrase(TO_AN_EMPTY, noun_of(state, name), _("to an empty {pile}"))


def onto_seat(chrome: LogChrome, state: Any, name: str, owner: int, mover: int) -> str:
    """Where a card went on a seat's own pile: "on your waste, ending the turn", "onto your
    reserve", "onto the computer's reserve"."""
    noun = noun_of(state, name)
    if owner == mover:
        you = chrome.is_you(owner)
        if chrome.own:
            table = ON_YOUR_OWN if you else ON_THEIR_OWN
            # Translators: the move log; a pile without a phrase of its own, {pile} its
            # word
            generic = _("on your own {pile}") if you else _("on their own {pile}")
        else:
            table = ON_YOUR if you else ON_THEIR
            # Translators: the move log; a pile without a phrase of its own, {pile} its
            # word
            generic = _("on your {pile}") if you else _("on their {pile}")
        where = pile_phrase(table, noun, generic)
        if split_pile_name(name)[0] == PileKind.WASTE:
            # Translators: the move log; {where} is "on your waste"
            return pgettext("the move log", "{where}, ending the turn").format(where=where)
        return where
    if chrome.is_you(owner):
        # Translators: the move log; a pile without a phrase of its own, {pile} its word
        return pile_phrase(ONTO_YOUR, noun, _("onto your {pile}"))
    # named as in a sentence: "the computer's", "player 2's", never "Computer's"
    # Translators: the move log; a pile without a phrase of its own, {pile} its
    # word, {name} a player ("the computer", "player 2")
    return pile_phrase(ONTO_NAMES, noun, _("onto {name}'s {pile}"), name=chrome.name(owner))


#: the middle's piles, by kind: their word when the game has no pile of that name
SHARED_WORDS = {PileKind.HOUSE: "house", PileKind.TABLEAU: "column"}

# The log's phrases naming a pile, one per game's word for it (Pile.noun: move_words.py)
#: "the Five of hearts to an empty column": a pile of the middle
TO_AN_EMPTY = {
    "column": NP_("the move log: a card went to an empty ...", "to an empty column"),
    "house": NP_("the move log: a card went to an empty ...", "to an empty house"),
    "pile": NP_("the move log: a card went to an empty ...", "to an empty pile"),
}
#: "the Five of hearts on your waste": the mover's own pile, said to the person who moved
ON_YOUR = {
    "waste": NP_("the move log: a card went on the mover's ...", "on your waste"),
    "reserve pile": NP_("the move log: a card went on the mover's ...", "on your reserve pile"),
}
#: ... said of another player who moved ("their")
ON_THEIR = {
    "waste": NP_("the move log: a card went on the mover's ...", "on their waste"),
    "reserve pile": NP_("the move log: a card went on the mover's ...", "on their reserve pile"),
}
#: ... at the round table, where every seat has one ("own")
ON_YOUR_OWN = {"waste": NP_("the move log: a card went on the mover's ...", "on your own waste")}
ON_THEIR_OWN = {"waste": NP_("the move log: a card went on the mover's ...", "on their own waste")}
#: "the Five of hearts onto your reserve": another player's pile, the person here's
ONTO_YOUR = {
    "reserve": NP_("the move log: a card went onto your ...", "onto your reserve"),
    "waste": NP_("the move log: a card went onto your ...", "onto your waste"),
    "hand": NP_("the move log: a card went onto your ...", "onto your hand"),
    "stock": NP_("the move log: a card went onto your ...", "onto your stock"),
    "reserve pile": NP_("the move log: a card went onto your ...", "onto your reserve pile"),
    "penalty pile": NP_("the move log: a card went onto your ...", "onto your penalty pile"),
}
#: ... another seat's, named ("the computer", "player 3")
ONTO_NAMES = {
    "reserve": NP_("the move log: a card went onto a player's ...", "onto {name}'s reserve"),
    "waste": NP_("the move log: a card went onto a player's ...", "onto {name}'s waste"),
    "hand": NP_("the move log: a card went onto a player's ...", "onto {name}'s hand"),
    "stock": NP_("the move log: a card went onto a player's ...", "onto {name}'s stock"),
    "reserve pile": NP_(
        "the move log: a card went onto a player's ...", "onto {name}'s reserve pile"
    ),
    "penalty pile": NP_(
        "the move log: a card went onto a player's ...", "onto {name}'s penalty pile"
    ),
}
#: "turned your waste back into your hand": an empty hand refilled
TURNED_BACK_YOUR = {
    "waste": NP_(
        "the move log: a pile turned back into the hand", "turned your waste back into your hand"
    ),
    "reserve pile": NP_(
        "the move log: a pile turned back into the hand",
        "turned your reserve pile back into your hand",
    ),
}
TURNED_BACK_THEIR = {
    "waste": NP_(
        "the move log: a pile turned back into the hand", "turned their waste back into their hand"
    ),
    "reserve pile": NP_(
        "the move log: a pile turned back into the hand",
        "turned their reserve pile back into their hand",
    ),
}


__all__ = ["LogChrome", "describe", "log_line", "pile_number", "said"]
