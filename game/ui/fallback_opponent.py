"""A simple rule-following Russian Bank opponent, used only until game.ai's opponent lands.

Same shape as ``game.ai.opponent``: ``opponent(level).start(state).think(budget_ms)`` and
``calls_stop(state)``. It plays any legal move, foundations first, then reserve cards, then
house moves that empty a house for the reserve, loads, and turns/ends with the hand card last.
No pygame here: it only uses the rules core.
"""

from __future__ import annotations

import random

from game.core import Move


def _score(state, move: Move) -> int:
    if move.source == "pass":
        return 0
    p = state.current_player
    if move.target.startswith("foundation"):
        return 100 if move.source.startswith("reserve") else 90
    if move.source == f"reserve{p}":
        return 80
    if move.target.startswith(("reserve", "waste")) and move.target != f"waste{p}":
        return 70  # loading the opponent
    if move.source == f"hand{p}" and move.target.startswith("house"):
        return 60
    if move.source.startswith("house") and move.target.startswith("house"):
        # only worth it when it empties a house (and only while there is a reserve to fill it)
        src = state.pile[move.source]
        if len(src.cards) == 1 and state.pile[f"reserve{p}"].cards and \
                state.pile[move.target].cards:
            return 50
        return -1
    if move.source == move.target:  # turn up the hand card
        return 10
    if move.target == f"waste{p}":  # end the turn
        return 5
    return 1


class _Job:
    def __init__(self, state, rng):
        self.state = state.copy(history=False)
        self.rng = rng

    def think(self, budget_ms: float = 5) -> Move | None:
        moves = self.state.legal_moves()
        if not moves:
            return None
        scored = [(_score(self.state, m), self.rng.random(), m) for m in moves]
        best = max(scored)
        if best[0] < 0:  # only pointless house shuffles are left besides nothing: take the least bad
            others = [s for s in scored if s[0] >= 0]
            best = max(others) if others else best
        return best[2]


class SimpleOpponent:
    def __init__(self, level: str = "medium", seed: int | None = None):
        self.level = level
        self.rng = random.Random(seed)

    def start(self, state) -> _Job:
        return _Job(state, self.rng)

    def choose(self, state) -> Move:
        return self.start(state).think(1000)

    def calls_stop(self, state) -> bool:
        return state.breach is not None


def opponent(level: str = "medium", seed: int | None = None) -> SimpleOpponent:
    return SimpleOpponent(level, seed)
