"""Moves and their text notation.

A Move names a source pile and a target pile (and, for a run in Forty Thieves' ``supermove``
option, how many cards). The notation is short and round-trips: ``Move.parse(str(m)) == m``.

    pile          notation        pile          notation
    stock         s               houseN        hN
    waste         w               reserveN      rN
    foundationN   fN              handN         dN  ("draw pile")
    tableauN      tN              wasteN        wN
    cellN         cN              reserve       r   (a pile without a number)

``t3-f0`` tableau3 to foundation0; ``s-w`` turn a stock card; ``d0-d0`` turn up player 0's hand
card; ``t2-t5x3`` a run of three cards; ``pass`` a Russian Bank pass; ``stop`` a Stop! call.

A Move checks itself when it is made: a count that is not a whole number >= 1 (0, -1, 1.0,
True, "2", None) raises ValueError, so ``Move(a, b, 1.0)`` can never pass for ``Move(a, b)``.
PASS and STOP are the only moves with count 0. Whether a well-formed move is legal is the
game's business: ``push`` accepts exactly the moves ``legal_moves()`` offers, compared by value,
so a Move made without this constructor (``tuple.__new__(Move, ...)``) with a count or pile no
Move may have is refused there too (IllegalMove), never taken for the move it resembles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, Final, NamedTuple, Self

from game.core.kinds import PileKind


class Special(StrEnum):
    """The moves that move no cards: their source, their target and their notation."""

    PASS = "pass"  # a pass (Russian Bank, Battle solitaire)
    STOP = "stop"  # a call on the last move (Russian Bank's Stop!, Chinese Patience's knock)


#: each kind of pile's letter in the notation
_ABBREV: Final[Mapping[str, str]] = {
    PileKind.STOCK: "s",
    PileKind.WASTE: "w",
    PileKind.FOUNDATION: "f",
    PileKind.TABLEAU: "t",
    PileKind.HOUSE: "h",
    PileKind.RESERVE: "r",
    PileKind.HAND: "d",
    PileKind.CELL: "c",
}
_FULL: Final = {v: str(k) for k, v in _ABBREV.items()}  # (plain text: a Move's fields are)
_PILE_RE = re.compile(r"([a-z]+?)(\d*)")
_MOVE_RE = re.compile(r"([a-z]\d*)-([a-z]\d*)(?:x(\d+))?")
SPECIAL: Final = tuple(Special)


def abbreviate(pile: str) -> str:
    m = _PILE_RE.fullmatch(pile)
    if not m or m.group(1) not in _ABBREV:
        raise ValueError(f"unknown pile name {pile!r}")
    return _ABBREV[m.group(1)] + m.group(2)


def expand(short: str) -> str:
    return _FULL[short[0]] + short[1:]


class _Fields(NamedTuple):
    source: str
    target: str
    count: int = 1  # type: ignore[assignment]  # (a field named as tuple's count method)


class Move(_Fields):
    """A move from one pile to another; hashable, comparable, tiny (a tuple).

    ``count`` is how many cards move: a whole number >= 1 (a run in Forty Thieves' supermove;
    1 everywhere else). The special moves PASS and STOP move no cards: their source and target
    are both the word ("pass", "stop") and their count is 0; nothing else may use those words.
    Anything else raises ValueError here, so a malformed move never reaches a game.
    """

    __slots__ = ()

    def __new__(cls, source: str, target: str, count: int = 1) -> Self:
        if type(source) is str and type(target) is str and type(count) is int and count >= 1:
            if source not in SPECIAL and target not in SPECIAL:
                return tuple.__new__(cls, (source, target, count))
        elif type(source) is not str or type(target) is not str:
            raise ValueError(
                f"a move's source and target are pile names, not {source!r} and {target!r}"
            )
        if source in SPECIAL or target in SPECIAL:
            if source == target and type(count) is int and count == 0:
                return tuple.__new__(cls, (source, target, 0))
            raise ValueError(
                f"Move({source!r}, {target!r}, {count!r}) is not a move: a pass or "
                "a Stop! call moves no cards, it is Move('pass', 'pass', 0) (PASS) "
                "or Move('stop', 'stop', 0) (STOP)"
            )
        raise ValueError(
            f"a move's count is how many cards move, a whole number >= 1, not {count!r}"
        )

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:  # type: ignore[override]  # (NamedTuple's,
        return cls(*iterable)  # made through the constructor that checks the fields)

    def _replace(self, **changes: Any) -> Self:
        return type(self)(**{**self._asdict(), **changes})

    def __str__(self) -> str:
        if self.source in SPECIAL:
            return self.source
        text = f"{abbreviate(self.source)}-{abbreviate(self.target)}"
        return text if self.count == 1 else f"{text}x{self.count}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the notation back; ValueError on anything that is not a move."""
        if not isinstance(text, str):
            raise ValueError(f"not a move: {text!r}")
        text = text.strip()
        if text in SPECIAL:
            return cls(text, text, 0)
        m = _MOVE_RE.fullmatch(text)
        if not m or m.group(1)[0] not in _FULL or m.group(2)[0] not in _FULL:
            raise ValueError(f"not a move: {text!r}")
        count = int(m.group(3)) if m.group(3) else 1
        if count < 1:
            raise ValueError(f"not a move: {text!r}")
        return cls(expand(m.group(1)), expand(m.group(2)), count)


PASS: Final = Move(Special.PASS.value, Special.PASS.value, 0)
STOP: Final = Move(Special.STOP.value, Special.STOP.value, 0)


class IllegalMove(ValueError):
    """A move the rules do not allow. ``str()`` says why in a sentence a player understands.

    ``priority`` is set ("a", "b" or "c") when the move obeys the building rules and only breaks
    one of Russian Bank's priority rules, so that STOP! mode may let it be played.
    """

    def __init__(self, reason: str, priority: str | None = None):
        super().__init__(reason)
        self.priority = priority
