"""The words the rules core names things by, as enums (never free strings): the kinds of pile.

A pile's name is its kind and, for a kind the game has several of, its number from 0:
"tableau3", "stock1", "waste" (one waste), "cell0". ``PileKind`` is a ``StrEnum``, so a kind is
still the very text saves and messages carry ("tableau" == PileKind.TABLEAU).

    split_pile_name("tableau3")    # (PileKind.TABLEAU, 3)
    split_pile_name("waste")       # (PileKind.WASTE, None)
    pile_kind("house5")            # PileKind.HOUSE

The members are also this module's names (``FOUNDATION is PileKind.FOUNDATION``), for the code
that asks a pile's kind on every move: in Python 3.11 reading a member off its enum costs
several times reading a module's name.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class PileKind(StrEnum):
    """What a pile is, whatever the game: the first part of every pile's name."""

    TABLEAU = "tableau"  # a column built on (Forty Thieves' ten, Canfield's four...)
    STOCK = "stock"  # face-down cards turned or dealt from
    WASTE = "waste"  # where the stock turns to (Russian Bank: a player's own discard)
    FOUNDATION = "foundation"  # built up by suit, Ace to King
    CELL = "cell"  # a free cell (Seahaven)
    RESERVE = "reserve"  # a player's pile to empty (Canfield's, Russian Bank's)
    HOUSE = "house"  # a shared column of a race (Russian Bank, Battle solitaire)
    HAND = "hand"  # a player's face-down pile (Russian Bank, Battle solitaire)
    PILE = "pile"  # a pile of no kind in particular


TABLEAU: Final = PileKind.TABLEAU
STOCK: Final = PileKind.STOCK
WASTE: Final = PileKind.WASTE
FOUNDATION: Final = PileKind.FOUNDATION
CELL: Final = PileKind.CELL
RESERVE: Final = PileKind.RESERVE
HOUSE: Final = PileKind.HOUSE
HAND: Final = PileKind.HAND
PILE: Final = PileKind.PILE


def split_pile_name(name: str) -> tuple[PileKind, int | None]:
    """A pile's name as its kind and its number (None where it has none). A name of no known
    kind raises ValueError."""
    base = name.rstrip("0123456789")
    number = int(name[len(base) :]) if len(base) < len(name) else None
    return PileKind(base), number


def pile_kind(name: str) -> PileKind:
    """The kind of the pile named ``name`` ("tableau3" -> PileKind.TABLEAU)."""
    return split_pile_name(name)[0]


__all__ = [
    "CELL",
    "FOUNDATION",
    "HAND",
    "HOUSE",
    "PILE",
    "RESERVE",
    "STOCK",
    "TABLEAU",
    "WASTE",
    "PileKind",
    "pile_kind",
    "split_pile_name",
]
