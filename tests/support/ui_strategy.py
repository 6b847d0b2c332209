"""A simple Forty Thieves strategy for tests: foundations first, then building moves that reach
a new position (waste first, then columns that can be emptied), else turn the stock.

``seen`` holds the ``position()`` of every position reached so far."""

from __future__ import annotations

from game.core import Move

TURN = Move("stock", "waste")


def position(state) -> tuple:
    """Forty Thieves' position, as ``state.key()`` tells it but several times faster: cards are
    interned objects (hashed by identity), the stock lies face down and every other card face
    up, and the game has no variables."""
    return tuple(tuple(p.cards) for p in state.pile_list)


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
        key = position(state)
        state.pop()
        if key in seen:
            continue
        score = (m.source == "waste", bool(dst.cards), -len(src.cards))
        if best_score is None or score > best_score:
            best, best_score = m, score
    if best is not None:
        return best
    return TURN if TURN in moves else None


def play_out(state, limit: int = 600) -> tuple[str, list[Move]]:
    """Play the strategy on ``state`` (changed in place) as the whole-deal test does through the
    client: ("won" | "stuck", the moves) when the game ends within ``limit`` moves, else
    ("no new position" | "too long", the moves)."""
    seen, line = {position(state)}, []
    while not state.is_over():
        if len(line) >= limit:
            return "too long", line
        move = choose(state, seen)
        if move is None:
            return "no new position", line
        state.push(move)
        seen.add(position(state))
        line.append(move)
    return state.result().status, line


MAX_MOVES = 599  # the whole-deal test allows fewer than 600 moves


def strategy_wins(state) -> bool:
    """The strategy wins this deal (with auto-moves off), in fewer than 600 moves."""
    return play_out(state, MAX_MOVES)[0] == "won"


def strategy_stuck(state) -> bool:
    """The strategy plays this deal to a stuck end (no legal move left) within the moves."""
    return play_out(state, MAX_MOVES)[0] == "stuck"
