"""A simple Forty Thieves strategy for tests: foundations first, then building moves that reach
a new position (waste first, then columns that can be emptied), else turn the stock."""

from __future__ import annotations

from game.core import Move

TURN = Move("stock", "waste")


def choose(state, seen: set) -> Move | None:
    moves = state.legal_moves()
    if not moves:
        return None
    to_f = [m for m in moves if m.target.startswith("foundation")]
    if to_f:
        return to_f[0]
    best, best_score = None, None
    for m in moves:
        if m == TURN or not m.target.startswith("tableau"):
            continue
        src, dst = state.pile[m.source], state.pile[m.target]
        if not dst.cards and len(src.cards) == 1:
            continue  # moving a lone card to another empty column changes nothing
        state.push(m)
        key = state.key()
        state.pop()
        if key in seen:
            continue
        score = (m.source == "waste", bool(dst.cards), -len(src.cards))
        if best_score is None or score > best_score:
            best, best_score = m, score
    if best is not None:
        return best
    return TURN if TURN in moves else None
