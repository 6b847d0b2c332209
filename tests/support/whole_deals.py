"""Whole deals of the one-player games with a stock and columns (Little Harp, Standard) played
by a simple strategy (``choose``: foundations first, a move that turns a card up, the waste,
a move that helps, else the stock): on the core state (``play_out``) and through the client by
mouse gestures (``play_through_ui``)."""

from __future__ import annotations

from game.core import Move

LH = "little-harp"


WON_DEAL = 15  # the strategy wins it with the default options (draw 3, unlimited redeals)


def position(state) -> tuple:
    return tuple(tuple(p.cards) for p in state.pile_list)


def choose(state, seen: set) -> Move | None:
    """Foundations first; then a move that turns a card up (from the pile with the most
    face-down cards), the waste onto a pile, a move between piles that reaches a new position
    and makes a helpful move possible; else the stock (turn, redeal, deal a row)."""
    moves = state.legal_moves()
    stock = [m for m in moves if "stock" in (m.source, m.target)]
    best, best_score = None, None
    for m in moves:
        if m in stock:
            continue
        src, dst = state.pile[m.source], state.pile[m.target]
        if dst.kind == "foundation":
            score = (5, 0)
        elif src.kind == "tableau" and src.down and m.count == len(src.cards) - src.down:
            score = (4, src.down)
        elif src.kind == "waste":
            score = (3, 0)
        else:
            if not dst.cards and m.count == len(src.cards):
                continue  # a whole pile to an empty one changes nothing
            state.push(m)
            key, after = position(state), state.legal_moves()
            state.pop()
            if key in seen or not any(state.helps(x) for x in after):
                continue
            score = (2, -m.count)
        if best_score is None or score > best_score:
            best, best_score = m, score
    return best if best is not None else (stock[0] if stock else None)


def play_out(state, limit: int = 800) -> tuple[str, list[Move]]:
    """Play the strategy on the core state: (the result or why it stopped, the moves)."""
    seen, line = {position(state)}, []
    while not state.is_over() and len(line) < limit:
        move = choose(state, seen)
        if move is None:
            return "no move", line
        state.push(move)
        seen.add(position(state))
        line.append(move)
    return (state.result().status if state.is_over() else "too long"), line


def gesture(ui, move: Move) -> None:
    """The mouse events for a move: click the stock for a stock move, else drag the card (the
    first card of a run) onto the target."""
    state = ui.table.state
    if move == state.turn_move("stock"):
        ui.click(ui.card_point("stock"))
    else:
        ui.drag(ui.card_point(move.source, -move.count), ui.card_point(move.target), steps=2)


def play_through_ui(ui, game_id: str, seed: int, options: dict | None = None):
    ui.app.settings.auto_move = False  # the strategy alone decides every move
    ui.app.settings.animations = False
    t = ui.app.open_game(game_id)
    t.start(seed, options)
    ui.settle()
    seen = {position(t.state)}
    while not t.state.is_over():
        move = choose(t.state, seen)
        n = len(t.state.history)
        gesture(ui, move)
        ui.frames(1, 200)
        assert len(t.state.history) == n + 1, (move, t.message_text())
        assert t.state.history[n].move == move
        seen.add(position(t.state))
        assert n < 800
    ui.settle(dt=200)
    return t


def open_deal(ui, seed=WON_DEAL, options=None, game=LH):
    ui.app.settings.auto_move = False  # the deal as dealt: the lines are played from it
    t = ui.app.open_game(game)
    t.start(seed, options)
    ui.settle()
    return t
