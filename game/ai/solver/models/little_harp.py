"""The solver's model of Little Harp (game/core/games/little_harp.py), every ``draw`` and
``redeals`` setting, on the actual deal (the face-down cards and the stock's order are known to
it, so its verdicts are about the deal, not about what a player can know).

The piles, runs and foundations are Standard's (game/ai/solver/alternating.py), with one
pack and only a King (or a run headed by one) filling an empty pile. The stock and the waste
are one sequence, the talon, in the order the cards turn up: the waste is its first ``w``
cards (the top is card ``w - 1``), the stock the rest. ``(11, 10, 1)`` turns ``draw`` cards
(fewer at the end), ``(10, 11, 1)`` turns the waste back over (``w`` to 0, one redeal used).

The exact search (model.eager unset) plays the talon by macro moves instead
(game/ai/solver/talon.py: ``(30, target, p)`` turns until talon card ``p`` is the waste's top
and plays it), and has 85% of the budget: with them it proves lost deals and wins others the
eager searches miss (deals 10001..10050, 10 s: 42 won, 3 lost against 40 and 2).

A waste card goes home by itself only when it is safe and cards turn one at a time: turning
three, taking a card out of the talon changes which cards later passes show (the core's rule
for auto-moves too). The redeals used are part of the key when they are limited.
"""

from __future__ import annotations

from typing import Any

from game.ai.solver.alternating import FOUND, PARENTS, STOCK, WASTE, AlternatingModel
from game.ai.solver.contract import AddMove, ModelMove
from game.ai.solver.talon import TALON, TalonMoves
from game.core import GameState, Move
from game.core.games.little_harp import LittleHarp

TURN = (STOCK, WASTE, 1)
REDEAL = (WASTE, STOCK, 1)


class LittleHarpModel(TalonMoves, AlternatingModel):
    game_id = "little-harp"
    copies = 1
    kings_only = True
    shares = (0.05, 0.1)
    waste_pile = WASTE
    turn_move = TURN
    redeal_move = REDEAL

    def slot(self, f: int) -> int:
        """The foundation slot (FOUND + suit: one pack) that takes face f now, or -1."""
        s = f >> 4
        return FOUND + s if self.fnd[s] == (f & 15) - 1 else -1

    def __init__(self, state: LittleHarp) -> None:
        super().__init__(state)
        piles = state.piles()
        waste = [c.key for c, _ in piles["waste"]]
        self.talon = waste + [c.key for c, _ in reversed(piles["stock"])]
        self.w = len(waste)
        self.draw = state.options["draw"]
        self.limit = state.redeal_limit
        self.used = state.redeals_used if self.limit is not None else 0
        self.waste_autos = self.draw == 1
        self.sp = 0  # nothing is dealt onto given piles: their order never matters

    def key(self) -> bytes:
        return (
            bytes((*self.fnd, self.w, self.used)) + bytes(self.talon) + b"\xfe" + self._piles_key()
        )

    def snapshot(self) -> bytes:
        return (
            bytes((*self.fnd, self.w, self.used, *self.down))
            + bytes(self.talon)
            + b"\xfe"
            + b"\xff".join(map(bytes, self.cols))
        )

    def restore(self, snap: bytes) -> None:
        self.fnd = list(snap[:4])
        self.home = sum(self.fnd)
        self.w, self.used = snap[4], snap[5]
        self.down = list(snap[6 : 6 + self.npiles])
        talon, cols = snap[6 + self.npiles :].split(b"\xfe", 1)
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

    def stock_moves(self, add: AddMove, empty: bool) -> None:
        """Bare turns, in the searches without macro moves (TalonMoves.macros)."""
        if self.macros():
            return
        if self.w < len(self.talon):
            add((100, TURN))
        elif self.talon and (self.limit is None or self.used < self.limit):
            add((90, REDEAL))

    def waste_moves(self, add: AddMove, tops: dict[int, list[int]], empties: list[int]) -> None:
        """Each card of the talon that turning can bring to the waste's top, played
        (TalonMoves: turns and the play as one move)."""
        talon = self.talon
        for k, (p, redeal) in enumerate(self.plays()):
            f = talon[p - 1]
            n = p | redeal << 7
            far = min(k, 40)
            d = self.slot(f)
            if d >= 0:
                add((900 - far, (TALON, d, n)))
            for t in PARENTS[f]:
                js = tops.get(t)
                if js:
                    for j in js:
                        add((600 - far, (TALON, j, n)))
            if empties and self.takes_empty(f):
                for j in empties:
                    add((300 - far, (TALON, j, n)))

    def apply(self, m: ModelMove) -> Any:
        if m[0] == TALON:
            return self.apply_talon(m, WASTE)
        return AlternatingModel.apply(self, m)

    def undo(self, m: ModelMove, rec: Any) -> None:
        if m[0] == TALON:
            self.undo_talon(m, rec, WASTE)
        else:
            AlternatingModel.undo(self, m, rec)

    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        """The core's move for model move ``m`` (for a macro move: its first step)."""
        if m[0] == TALON:
            m = self.expand(m, WASTE)[0]
        return AlternatingModel.to_core(self, replica, m)

    def apply_stock(self, m: ModelMove) -> int:
        old = self.w
        if m == TURN:
            self.w = min(old + self.draw, len(self.talon))
        else:
            self.w = 0
            self.used += 1 if self.limit is not None else 0
        return old

    def undo_stock(self, m: ModelMove, old: int) -> None:
        if m != TURN and self.limit is not None:
            self.used -= 1
        self.w = old

    def stock_to_core(self, replica: GameState, m: ModelMove) -> Move:
        return Move("stock", "waste") if m == TURN else Move("waste", "stock")

    def waste_penalty(self) -> int:
        return len(self.talon)


MODEL = LittleHarpModel
