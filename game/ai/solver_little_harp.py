"""The solver's model of Little Harp (game/core/little_harp.py), every ``draw`` and ``redeals``
setting, on the actual deal (the face-down cards and the stock's order are known to it, so its
verdicts are about the deal, not about what a player can know).

The piles, runs and foundations are Standard's (solver_standard.AlternatingModel), with one
pack and only a King (or a run headed by one) filling an empty pile. The stock and the waste
are one sequence, the talon, in the order the cards turn up: the waste is its first ``w``
cards (the top is card ``w - 1``), the stock the rest. ``(11, 10, 1)`` turns ``draw`` cards
(fewer at the end), ``(10, 11, 1)`` turns the waste back over (``w`` to 0, one redeal used).

A waste card goes home by itself only when it is safe and cards turn one at a time: turning
three, taking a card out of the talon changes which cards later passes show (the core's rule
for auto-moves too). The redeals used are part of the key when they are limited.
"""

from __future__ import annotations

from game.core import Move

from .solver_model import register_model
from .solver_standard import STOCK, WASTE, AlternatingModel

TURN = (STOCK, WASTE, 1)
REDEAL = (WASTE, STOCK, 1)


@register_model
class LittleHarpModel(AlternatingModel):
    game_id = "little-harp"
    copies = 1
    kings_only = True
    shares = (0.3, 0.5)

    def __init__(self, state):
        super().__init__(state)
        piles = state.piles()
        waste = [c.key for c, _ in piles["waste"]]
        self.talon = waste + [c.key for c, _ in reversed(piles["stock"])]
        self.w = len(waste)
        self.draw = state.options["draw"]
        limit = state.options["redeals"]
        self.limit = None if limit == "unlimited" else limit
        self.used = state.redeals_used if self.limit is not None else 0
        self.waste_autos = self.draw == 1
        self.sp = 0  # nothing is dealt onto given piles: their order never matters

    def key(self) -> bytes:
        return (bytes((*self.fnd, self.w, self.used)) + bytes(self.talon) + b"\xfe"
                + self._piles_key())

    def snapshot(self) -> bytes:
        return (bytes((*self.fnd, self.w, self.used, *self.down)) + bytes(self.talon) + b"\xfe"
                + b"\xff".join(map(bytes, self.cols)))

    def restore(self, snap: bytes) -> None:
        self.fnd = list(snap[:4])
        self.home = sum(self.fnd)
        self.w, self.used = snap[4], snap[5]
        self.down = list(snap[6:6 + self.npiles])
        talon, cols = snap[6 + self.npiles:].split(b"\xfe", 1)
        self.talon = list(talon)
        self.cols = [list(p) for p in cols.split(b"\xff")]

    # ------------------------------------------------------------------ the talon
    def waste_top(self) -> int:
        return self.talon[self.w - 1] if self.w else 0

    def take_waste(self) -> int:
        self.w -= 1
        return self.talon.pop(self.w)

    def put_waste(self, f: int) -> None:
        self.talon.insert(self.w, f)
        self.w += 1

    def stock_moves(self, add, empty: bool) -> None:
        if self.w < len(self.talon):
            add((100, TURN))
        elif self.talon and (self.limit is None or self.used < self.limit):
            add((90, REDEAL))

    def apply_stock(self, m):
        old = self.w
        if m == TURN:
            self.w = min(old + self.draw, len(self.talon))
        else:
            self.w = 0
            self.used += 1 if self.limit is not None else 0
        return old

    def undo_stock(self, m, old) -> None:
        if m != TURN and self.limit is not None:
            self.used -= 1
        self.w = old

    def stock_to_core(self, replica, m) -> Move:
        return Move("stock", "waste") if m == TURN else Move("waste", "stock")

    def waste_penalty(self) -> int:
        return len(self.talon)
