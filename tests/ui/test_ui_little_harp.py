"""Little Harp through the real client: the table as dealt, turning the stock and turning the
waste back by clicking the stock, a run dragged as one, and a whole deal played to a win, every
move a posted mouse event.

``choose`` is a simple strategy for the games whose piles build down in alternating colours
(Standard uses it, and ``open_deal``, too); the deals it wins were found by playing it on the
rules core and are pinned here (deals never change)."""

from __future__ import annotations

from game.core import Move, new_game
from tests.support.client import assert_won
from tests.support.deals import find_deal

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


def test_the_table_as_dealt_shows_the_harp_and_every_top_card(ui):
    t = open_deal(ui, 1)
    ui.screenshot("little-harp-dealt.png")
    for i in range(7):
        pile = f"tableau{i}"
        assert len(t.state.pile[pile].cards) == 7 - i
        assert ui.shows_card(ui.card_rect(pile), t.state.pile[pile].top)
        assert ui.card_rect(pile).bottom <= 686 - 2  # above the message line
    for name in t.layout.piles:
        assert t.layout.piles[name].rect.top >= 52 + 8  # below the toolbar


def test_clicking_the_stock_turns_three_and_the_empty_stock_turns_the_waste_back(ui):
    t = open_deal(ui)
    stock = list(t.state.pile["stock"].cards)
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert t.state.pile["waste"].top is stock[-3] and len(t.state.pile["waste"].cards) == 3
    assert ui.shows_card(ui.card_rect("waste"), stock[-3])
    while t.state.pile["stock"].cards:
        ui.click(ui.card_point("stock"))
        ui.settle()
    assert t.state.marks() == {"stock": "again"}
    ui.screenshot("little-harp-stock-empty.png")
    ui.click(ui.card_point("stock"))  # the empty stock: the waste goes back, order kept
    ui.settle()
    assert t.state.pile["stock"].cards == stock and not t.state.pile["waste"].cards
    assert t.state.redeals_used == 1


def test_a_run_is_dragged_as_one(ui):
    def run_move(state):
        return next((m for m in state.legal_moves() if m.count > 1), None)

    state = new_game(LH, WON_DEAL)
    line = play_out(state)[1]
    replay = new_game(LH, WON_DEAL)
    for m in line:  # the first position of the winning line where a run can move
        if run_move(replay):
            break
        replay.push(m)
    move = run_move(replay)
    t = open_deal(ui)
    ui.app.settings.auto_move = False
    for m in replay.history:
        t.session.play(m.move)
    ui.settle()
    cards = t.state.pile[move.source].cards[-move.count :]
    ui.drag(ui.card_point(move.source, -move.count), ui.card_point(move.target))
    ui.settle()
    assert t.state.peek() == move and t.state.pile[move.target].cards[-move.count :] == cards
    ui.screenshot("little-harp-run-moved.png")


def test_a_whole_deal_won_through_the_ui(ui):
    assert play_out(new_game(LH, WON_DEAL))[0] == "won"
    t = play_through_ui(ui, LH, WON_DEAL)
    assert_won(ui, t, LH)
    ui.screenshot("little-harp-won.png")


def test_a_deal_gone_round_with_nothing_to_play_says_so_and_offers_undo(ui):
    def ends_going_round(state):
        result, line = play_out(state)
        return result == "stuck" and line[-1] == Move("stock", "waste") and state._rule_moves()

    seed = find_deal(LH, ends_going_round)
    line = play_out(new_game(LH, seed))[1]
    t = open_deal(ui, seed)
    ui.app.settings.auto_move = False
    for move in line[:-1]:
        t.session.play(move)
    ui.settle()
    assert t.modal is None and not t.state.is_over()
    ui.click(ui.card_point("stock"))  # the last turn of a pass with nothing to play
    ui.settle()
    assert "whole pass" in t.state.result().reason
    assert t.modal is not None and t.modal.title == "No more moves"
    ui.screenshot("little-harp-stuck.png")
    ui.click(ui.modal_button("Undo"))
    assert t.modal is None and len(t.state.history) == len(line) - 1
