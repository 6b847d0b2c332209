"""Winning lines found by a small depth-first search (``search``, its detours cut by
``shortcut``) and played through the client (``play_line``), for the tests of one-player
games whose deals a simple strategy doesn't win (Canfield, Seahaven)."""

from __future__ import annotations

import sys

from game.core import Move
from game.core.games.canfield import is_turn


def position(state) -> tuple:
    return tuple(tuple(p.cards) for p in state.pile_list)


def search(state, order, key=position, max_nodes=2000) -> list[Move] | None:
    """A winning line from ``state`` (which ends where it began), or None: depth first, a safe
    move (safe_move) as the only choice when there is one, else the legal moves by ``order``
    (None: not tried); a position (by ``key``) is searched once."""
    seen, line, nodes = set(), [], 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))

    def go() -> bool:
        nonlocal nodes
        if state.is_over():
            return state.result().status == "won"
        k = key(state)
        if k in seen or nodes >= max_nodes:
            return False
        seen.add(k)
        nodes += 1
        safe = state.safe_move()
        tried = [(order(state, m), i, m) for i, m in enumerate(state.legal_moves())]
        for m in [safe] if safe else [m for *_, m in sorted(t for t in tried if t[0] is not None)]:
            state.push(m)
            line.append(m)
            if go():
                return True
            state.pop()
            line.pop()
        return False

    try:
        won = go()
    finally:
        sys.setrecursionlimit(limit)
    found = list(line)
    for _ in found:
        state.pop()
    return found if won else None


def shortcut(state, line: list[Move]) -> list[Move]:
    """The line with its detours cut: from each position, the move to the furthest later
    position of the line. (The state ends where it began.)"""
    at = {position(state): 0}
    for i, m in enumerate(line):
        state.push(m)
        at[position(state)] = i + 1
    for _ in line:
        state.pop()
    out, i = [], 0
    while i < len(line):
        best, best_at = line[i], i + 1
        for m in state.legal_moves():
            state.push(m)
            j = at.get(position(state), -1)
            state.pop()
            if j > best_at:
                best, best_at = m, j
        state.push(best)
        out.append(best)
        i = best_at
    for _ in out:
        state.pop()
    return out


def canfield_order(state, m: Move) -> int:
    if m.target.startswith("foundation"):
        return 0
    if m.source in ("reserve", "waste"):
        return 1 if m.source == "reserve" else 2
    if is_turn(m):
        return 9
    return 3 if m.count == len(state.pile[m.source].cards) else 5


def play_line(ui, t, line: list[Move]) -> None:
    """Play the moves through the client: a click on the stock for a turn, else a drag from the
    moving cards' bottom card to the target's top card; each must be the move the line says."""
    for move in line:
        n = len(t.state.history)
        if t.state.turn_move(move.source if move.source == "stock" else "stock") == move:
            ui.click(ui.card_point("stock"))
        else:
            src = t.piles()[move.source]
            ui.drag(
                ui.card_point(move.source, len(src) - move.count),
                ui.card_point(move.target),
                steps=3,
            )
        ui.settle(dt=100)
        assert len(t.state.history) == n + 1, (move, t.message_text())
        assert t.state.history[n].move == move


def open_deal(ui, seed, game="canfield"):
    ui.app.settings.auto_move = False  # so the line alone decides every move
    ui.app.settings.animations = False
    t = ui.app.open_game(game)
    t.start(seed)
    ui.settle()
    return t
