"""Canfield through the client, every move a posted mouse event: a whole deal won (a deal found
once and pinned; its winning line is found again here by a small search), the base rank written
on the empty foundations, and a deal that ends stuck with cards still in the stock.

The search helpers (``search``, ``shortcut``, ``play_line``) and ``open_deal`` serve
test_ui_seahaven.py too."""

from __future__ import annotations

import pygame

from game.core import new_game
from game.session import Session
from game.ui import theme
from tests.support.client import assert_won
from tests.support.positions import build
from tests.support.searched_lines import canfield_order, open_deal, play_line, search, shortcut

WON_DEAL = 12  # the first deal from 1 that search() below wins within 300 positions


def test_a_whole_canfield_deal_won_through_the_ui(ui):
    state = new_game("canfield", WON_DEAL)
    line = search(state, canfield_order, max_nodes=300)
    assert line is not None, "the pinned deal is winnable"
    line = shortcut(state, line)
    assert any(m.count == 3 and m.source == "stock" for m in line)  # three at a time
    assert any(m.source == "waste" and m.target == "stock" for m in line)  # the stock again
    t = open_deal(ui, WON_DEAL)
    ui.screenshot("canfield-deal.png")
    play_line(ui, t, line)
    assert_won(ui, t, "canfield")
    ui.frames(30, 40)
    ui.screenshot("canfield-won.png")


def test_the_empty_foundations_show_the_base_rank(ui):
    t = open_deal(ui, 1)  # the Ten of clubs is the base card
    assert t.state.marks() == {f"foundation{i}": "10" for i in (1, 2, 3)}
    ui.frames(2)
    art, screen = t.art, ui.app.screen
    for name in ("foundation1", "foundation2", "foundation3"):
        rect = t.layout.piles[name].rect
        drawn = pygame.image.tobytes(screen.subsurface(rect).copy(), "RGB")
        expected = {}
        for word in ("10", "A", ""):
            place = theme.felt(ui.app.settings.felt).subsurface(rect).copy()  # the cloth
            place.blit(art.slot(word), (0, 0))
            expected[word] = pygame.image.tobytes(place, "RGB")
        assert drawn == expected["10"] != expected["A"]
    ui.screenshot("canfield-base-rank.png")


def test_a_deal_with_only_the_stock_left_ends_stuck_with_cards_in_the_stock(ui, store):
    # after the Nine of diamonds goes home, the stock's cards that ever show fit nowhere
    state = build(
        "canfield",
        {
            "foundation0": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
            "foundation1": "AH 2H 3H 4H 5H 6H 7H 8H 9H",
            "foundation2": "AD 2D 3D 4D 5D 6D 7D 8D",
            "foundation3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "tableau0": "KH",
            "tableau1": "QH",
            "tableau2": "JH",
            "tableau3": "KD",
            "reserve": "QS JD 9D",
            "stock": "KS QD TH TD",
        },
        rest={},
        vars={"base": 1},
    )
    ui.app.saves.save_game("canfield", Session(state).to_dict())
    ui.app.settings.auto_move = False
    t = ui.app.open_game("canfield")
    ui.settle()
    assert not t.state.is_over() and t.modal is None
    ui.click(ui.card_point("stock"))  # going round is allowed...
    ui.settle()
    assert str(t.state.peek()) == "s-wx3" and not t.state.is_over()
    ui.drag(ui.card_point("reserve"), ui.card_point("foundation2"), steps=3)
    ui.settle()
    assert str(t.state.peek()) == "r-f2"
    assert t.state.is_over() and t.state.result().status == "stuck"
    assert t.state.pile["stock"].cards  # said at once, not after clicking round and round
    assert t.modal is not None and t.modal.title == "No more moves"
    ui.screenshot("canfield-stuck.png")


def test_column_keys_beyond_the_four_columns_change_nothing(ui):
    t = open_deal(ui, 3)
    ui.app.keyboard_used = True
    ui.key(pygame.K_2, frames=2)
    assert t.input.focus == "tableau1"
    for key in (pygame.K_5, pygame.K_9, pygame.K_0):
        ui.key(key, frames=2)  # the focus ring is drawn: no column to draw it on
        assert t.input.focus == "tableau1"


def test_a_deal_stuck_as_it_was_dealt_is_not_counted(ui):
    """Deal 106 is stuck before any move (nothing the stock shows can ever be played): the end
    screen says so, and the deal is nobody's game, so Statistics don't count it (a deal stuck
    after moves counts as played and lost at once: issue 26 item 3)."""
    assert new_game("canfield", seed=106).is_over()
    t = ui.app.open_game("canfield")
    t.start(106)
    ui.settle()
    assert t.modal is not None and t.modal.title == "No more moves"
    assert "stuck as it was dealt" in " ".join(t.modal.lines)
    assert ui.app.saves.stats("canfield")["played"] == 0
    ui.click(ui.modal_button("New deal"))
    assert ui.app.saves.stats("canfield")["played"] == 0
