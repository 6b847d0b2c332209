"""Standard through the real client: the table as dealt, a row dealt by clicking the stock, a
stuck end offering Undo, and a whole deal played to a win, every move a posted mouse event.

The strategy is Little Harp's (test_ui_little_harp.choose: both games build down in alternating
colours), and so is the table opened as dealt (``open_deal``); the deal it wins was found by
playing it on the rules core and is pinned here (deals never change)."""

from __future__ import annotations

import pytest

from game.core import new_game
from game.core.games.standard_solitaire import DEAL_ROW
from tests.support.client import assert_won
from tests.support.deals import find_deal
from tests.support.whole_deals import open_deal, play_out, play_through_ui

ST = "standard-solitaire"
WON_DEAL = 45  # the strategy wins it, in 434 moves


def test_the_table_as_dealt_shows_every_top_card(ui):
    t = open_deal(ui, 1, game=ST)
    ui.screenshot("standard-dealt.png")
    for i in range(8):
        pile = f"tableau{i}"
        assert ui.shows_card(ui.card_rect(pile), t.state.pile[pile].top)
    for geom in t.layout.piles.values():
        assert geom.rect.top >= 52 + 8 and geom.rect.bottom <= 686 - 24  # room for a badge


def test_clicking_the_stock_deals_a_row_onto_every_pile(ui):
    t = open_deal(ui, 1, game=ST)
    ui.app.settings.auto_move = False
    stock = list(t.state.pile["stock"].cards)
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert t.state.peek() == DEAL_ROW
    for i in range(8):
        card = t.state.pile[f"tableau{i}"].top
        assert card is stock[-1 - i] and ui.shows_card(ui.card_rect(f"tableau{i}"), card)


def test_long_piles_squeeze_and_stay_above_the_message_line(ui):
    state = new_game(ST, WON_DEAL)
    line = play_out(state)[1]
    replay = new_game(ST, WON_DEAL)
    longest = (0, 0)  # (cards in the longest pile, moves played)
    for n, move in enumerate(line):
        replay.push(move)
        longest = max(longest, (max(len(p.cards) for p in replay.tableau), n + 1))
    t = open_deal(ui, WON_DEAL, game=ST)
    ui.app.settings.auto_move = False
    for move in line[: longest[1]]:
        t.session.play(move)
    ui.settle()
    ui.screenshot("standard-long-piles.png")
    pile = max(t.state.tableau, key=lambda p: len(p.cards))
    assert len(pile.cards) == longest[0] >= 16
    rects = ui.card_rect(pile.name, 0), ui.card_rect(pile.name)
    assert rects[1].bottom <= 686  # squeezed above the message line
    assert ui.shows_card(rects[1], pile.top)
    faces = ui.table.layout.card_rects(pile.name, ui.table.faces(pile.name))
    assert all(b.y - a.y >= 14 for a, b in zip(faces[pile.down :], faces[pile.down + 1 :]))


@pytest.mark.slow  # 6 to 10 s natively
def test_a_whole_deal_won_through_the_ui(ui):
    t = play_through_ui(ui, ST, WON_DEAL)
    assert_won(ui, t, ST)
    ui.screenshot("standard-won.png")


def test_a_stuck_deal_says_so_and_offers_undo(ui):
    seed = find_deal(ST, lambda s: play_out(s)[0] == "stuck")
    line = play_out(new_game(ST, seed))[1]
    t = open_deal(ui, seed, game=ST)
    ui.app.settings.auto_move = False
    for move in line:
        t.session.play(move)
    ui.settle()
    assert t.state.result().status == "stuck"
    assert t.modal is not None and t.modal.title == "No more moves"
    ui.screenshot("standard-stuck.png")
    ui.click(ui.modal_button("Undo"))
    assert t.modal is None and len(t.state.history) == len(line) - 1 and not t.state.is_over()
