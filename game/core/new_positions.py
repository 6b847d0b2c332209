"""A solitaire that never goes back to a position the deal has had (Canfield's rule 12,
Seahaven's rule 8): what keeps those games finite.

A move between the piles a player builds on (columns, cells) that would bring the table back to
a position this deal has already had is refused (``_repeats``): with the moves to a foundation
(and Canfield's out of the reserve and the waste) never coming back, this keeps every game
finite, and it never changes a real game (Undo goes back). The position is the cards of every
pile: in these games the faces follow from the piles.

The positions of the deal are counted as it is played: ``push`` adds one, ``pop`` takes it away,
a save replays its moves; they start from the current position when first asked for. A copy
without history (for searches) keeps them, so it offers the moves the original offers.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.cards import Card
from game.core.moves import Move
from game.core.solitaire import Solitaire
from game.core.state import GameState

#: a position: the cards of every pile, in the order of ``pile_list``
Position = tuple[tuple[Card, ...], ...]


class NewPositionsOnly(Solitaire):
    """A solitaire whose moves between columns or cells may not bring back a position the deal
    has had (the module's docstring)."""

    _seen: dict[Position, int] | None = None  # position -> how often this deal has had it
    _trail: list[Position]  # the position after each move of the history (the start first)

    def _position(self) -> Position:
        return tuple(tuple(p.cards) for p in self.pile_list)

    def _seen_positions(self) -> dict[Position, int]:
        if self._seen is None:
            start = self._position()
            self._seen, self._trail = {start: 1}, [start]
        return self._seen

    def positions_seen(self) -> list[Position]:
        """The positions this deal has had (each a tuple of every pile's cards, in the order
        of ``pile_list``): a move between columns or cells may not bring one back."""
        return list(self._seen_positions())

    def _forget_positions(self) -> None:
        self._seen, self._trail = None, []

    def _repeats(self, move: Move, here: Sequence[tuple[Card, ...]] | None = None) -> bool:
        """Would this move (the top ``count`` cards of one pile onto another) bring back a
        position seen? ``here``: the current position as a list, when already made."""
        seen = self._seen_positions()
        here = here or [tuple(p.cards) for p in self.pile_list]
        s, d, n = self.pile[move.source].index, self.pile[move.target].index, move.count
        after = list(here)
        after[s], after[d] = here[s][:-n], here[d] + here[s][-n:]
        return tuple(after) in seen

    def push(self, move: Move | str, breach: bool = False) -> None:
        seen = self._seen_positions()
        super().push(move, breach)
        key = self._position()
        self._trail.append(key)
        seen[key] = seen.get(key, 0) + 1

    def copy(self, history: bool = True) -> GameState:
        other = super().copy(history)
        if not history and isinstance(other, NewPositionsOnly):
            seen = self._seen_positions()
            other._seen, other._trail = dict(seen), [self._trail[-1]]
        return other

    def pop(self) -> Move:
        move = super().pop()
        seen = self._seen_positions()
        key = self._trail.pop()
        left = seen[key] - 1
        if left:
            seen[key] = left
        else:
            del seen[key]
        return move


__all__ = ["NewPositionsOnly", "Position"]
