"""Talon macro moves for the games whose stock turns onto a waste and goes round again
(Canfield, Little Harp): one move "turn the stock (and the waste back, when needed) until
the card at talon position ``p`` is the waste's top, then play it", in the manner of
Klondike-Solver (ShootMe). The search then never makes a bare turn: the positions between
two plays from the talon are not stored.

The talon is the stock and the waste as one sequence in the order the cards turn up (the
models' ``talon``; the waste is its first ``w`` cards). Turning ``d`` cards (``draw``) moves
``w`` to ``min(w + d, L)`` (``L`` the talon's length); turning the waste back sets it to 0 and
uses a redeal.

Why this loses nothing (so "lost" stays a proof):

- A turn or a redeal changes neither the piles nor the foundations, and no move's legality
  but the waste's depends on ``w`` (for Canfield, see the model's exact mode, where the
  deal's history refuses moves between the columns: there the bare turns are offered too).
  So in any line the turns between two plays from the waste can be moved to just before the
  second of them, and they only bring the played card to the top: the macro move that plays
  that card from that talon position reaches the same position, with no more redeals used
  (it takes the path without a redeal whenever there is one). Turns after the last play from
  the waste change nothing that matters to a win.
- Key: the waste's length stays part of the key. With unlimited redeals the waste lengths
  that are multiples of ``draw`` (or the whole talon) reach exactly the same talon positions
  and could be keyed alike; that was tried and not kept: it saved about 2% of the positions
  in the proofs measured (Little Harp 10015, 10039), and the line shortener (line.py)
  replays the eager searches' lines, whose bare turns assume the waste's exact length.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar

from game.ai.solver.contract import ModelMove, SolverModel

TALON = 30  # the source of a macro move: (TALON, target, p | redeal << 7)


class Macros(StrEnum):
    """Which searches play the talon by macro moves."""

    #: every search
    ALL = "all"
    #: the exact depth-first search only (model.eager unset); the eager searches, which look
    #: for wins, turn the stock one move at a time and play the waste's top, as the core does
    EXACT = "exact"
    #: none (the tests that check the model's single moves against the core)
    NONE = "none"


# (asked a few times a position: module names are read faster than an enum's attributes)
_ALL, _EXACT = Macros.ALL, Macros.EXACT


class TalonMoves(SolverModel):
    """Mixed into a model (before its other base) with ``talon`` (list), ``w``, ``draw``,
    ``limit`` (None: unlimited redeals) and ``used``; it gives ``reach``, the macro's
    apply/undo and its expansion into the model's own turns (``turn_move``, ``redeal_move``)
    and waste play (``(waste_pile, target, 1)``)."""

    #: the stock and the waste as one sequence, in the order the cards turn up
    talon: list[int]
    #: the waste is the talon's first ``w`` cards
    w: int
    #: cards turned at a time
    draw: int
    #: redeals allowed (None: unlimited), and used
    limit: int | None
    used: int
    #: the model's own moves: a turn of the stock, the waste turned back, the waste's pile
    turn_move: ClassVar[ModelMove]
    redeal_move: ClassVar[ModelMove]
    waste_pile: ClassVar[int]

    #: which searches use the macro moves
    macro_searches = Macros.EXACT

    def macros(self) -> bool:
        """Does the search now use macro moves?"""
        searches = self.macro_searches
        return searches is _ALL or (searches is _EXACT and not self.eager)

    def plays(self) -> list[tuple[int, int]]:
        """[(p, redeal)]: the talon positions the moves play from: ``reach()`` with macro
        moves, else the waste's top only."""
        if self.macros():
            return self.reach()
        return [(self.w, 0)] if self.w else []

    def reach(self) -> list[tuple[int, int]]:
        """[(p, redeal)]: the talon positions whose card can come to the waste's top, first
        those reached by turning alone (from the nearest), then those that need a redeal."""
        L = len(self.talon)
        if not L:
            return []
        d = self.draw
        w = self.w
        out = []
        seen = set()
        p = w if w else min(d, L)
        while True:
            out.append((p, 0))
            seen.add(p)
            if p >= L:
                break
            p = min(p + d, L)
        if self.limit is None or self.used < self.limit:
            p = min(d, L)
            while p not in seen:
                out.append((p, 1))
                seen.add(p)
                p = min(p + d, L)
        return out

    def apply_talon(self, m: ModelMove, waste: int) -> tuple[tuple[int, int], Any]:
        """Apply macro ``m``; the record for undo_talon."""
        _, dst, n = m
        old = (self.w, self.used)
        self.w = n & 127
        if n >> 7 and self.limit is not None:
            self.used += 1
        return old, self.apply((waste, dst, 1))

    def undo_talon(self, m: ModelMove, rec: tuple[tuple[int, int], Any], waste: int) -> None:
        old, inner = rec
        self.undo((waste, m[1], 1), inner)
        self.w, self.used = old

    def expand(self, m: ModelMove, waste: int) -> list[ModelMove]:
        """The model's own moves (turns, a redeal, the waste's play) that make macro ``m``
        from this position."""
        _, dst, n = m
        p, redeal = n & 127, n >> 7
        L = len(self.talon)
        d = self.draw
        out = []
        w = self.w
        if self.limit is None:  # the way without a redeal whenever there is one
            q = w if w else min(d, L)
            while q < p:
                q = min(q + d, L)
            redeal = q != p
        if redeal:
            while w < L:
                out.append(self.turn_move)
                w = min(w + d, L)
            out.append(self.redeal_move)
            w = 0
        while w != p:
            if w >= L:
                raise ValueError(f"talon position {p} can't be reached")
            out.append(self.turn_move)
            w = min(w + d, L)
        out.append((waste, dst, 1))
        return out

    def expand_line(self, line: list[ModelMove]) -> list[ModelMove]:
        """A line with macro moves as the model's single moves (the solver replays those
        through the core); the model's position is left as it was."""
        snap = self.snapshot()
        out = []
        try:
            for m in line:
                parts = self.expand(m, self.waste_pile) if m[0] == TALON else [m]
                for x in parts:
                    self.apply(x)
                out += parts
        finally:
            self.restore(snap)
        return out
