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
from tests.support.whole_deals import LH, WON_DEAL, open_deal, play_out, play_through_ui


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
