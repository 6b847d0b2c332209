"""What the solver's models share about the foundations: a suit's index in a model (its faces
are ``suit * 16 + rank``, ``Card.key``), the foundations' heights by suit read from the core,
and the core's move of a card to whichever foundation takes it (a model knows a suit's height,
not which of the core's foundations holds the suit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core import Card, GameState, Move

#: a suit's index: the ``Card.key`` of its cards is index * 16 + rank
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}


def suit_heights(foundations: Iterable[Sequence[Card]], copies: int = 1) -> list[int]:
    """The foundations' heights by suit (spades, hearts, diamonds, clubs), ``copies`` per
    suit (one a pack), the higher first, from the core's foundations' cards; ValueError for
    more foundations of a suit than that."""
    per_suit: list[list[int]] = [[] for _ in SUIT_INDEX]
    for cards in foundations:
        if cards:
            per_suit[SUIT_INDEX[cards[0].suit]].append(len(cards))
    out: list[int] = []
    for heights in per_suit:
        if len(heights) > copies:
            raise ValueError(f"more than {copies} foundations of one suit")
        out += sorted(heights + [0] * (copies - len(heights)), reverse=True)
    return out


def to_foundation(replica: GameState, source: str, copies: int = 1) -> Move:
    """The core's move of ``source``'s top card to the first of the ``4 * copies`` foundations
    that takes it (``replica``: the core's position)."""
    for k in range(4 * copies):
        move = Move(source, f"foundation{k}")
        if replica.is_legal(move):
            return move
    raise ValueError(f"no foundation takes the card from {source}")


__all__ = ["SUIT_INDEX", "suit_heights", "to_foundation"]
