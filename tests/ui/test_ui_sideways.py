"""A phone held sideways (game/ui/canvas.py): an 844x390 page picks the 1280x720 table with a
rail on its right (1552x720). The table is drawn as on the 1280x720 canvas; its buttons (a one-player
table's toolbar, a side panel's buttons) become a column in the rail, at least 44 CSS px high. Every table takes a move by two taps.
Screenshots: test-artifacts/sideways-*.png."""

from __future__ import annotations

import pytest

from game.core import GAMES
from game.ui.canvas import CANVAS, SIDEWAYS, TABLE_W, choose
from game.ui.screens import SettingsScene, StatsScene

from tests.ui.conftest import app_on_page
from tests.ui.test_ui_portrait import buttons_of, open_for_people, tap_tap_move

PAGE = (844, 390)
CSS = min(PAGE[0] / SIDEWAYS.w, PAGE[1] / SIDEWAYS.h)  # 0.542 CSS px per logical px


@pytest.fixture
def sideways():
    with app_on_page(PAGE) as ui:
        yield ui


def test_a_sideways_phone_page_picks_the_table_with_a_rail():
    assert choose(*PAGE).size == SIDEWAYS.size == (1552, 720)
    assert SIDEWAYS.rail == 272 and SIDEWAYS.table_w == TABLE_W
    assert choose(667, 375).size == (1280, 720)  # 16:9: no room for a rail
    assert choose(1920, 1080).size == (1280, 720) and choose(2560, 1080).size == (1280, 720)
    assert choose(844, 330).size == (1680, 720)  # the browser's bar showing: the rail capped


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_sideways_keeps_its_cards_and_takes_big_taps(sideways, game_id):
    ui = sideways
    t = open_for_people(ui, game_id)
    lay = t.layout
    for name, g in lay.piles.items():  # the table as on the 1280x720 canvas
        assert 0 <= g.rect.left and g.rect.right <= TABLE_W, name
        assert 0 <= g.rect.top and g.rect.bottom <= CANVAS.h, name
    buttons = buttons_of(t)
    for b in buttons:
        assert 0 <= b.rect.left and b.rect.right <= CANVAS.w, b.name
        assert 0 <= b.rect.top and b.rect.bottom <= CANVAS.h, b.name
    in_rail = [b for b in buttons if b.rect.left >= TABLE_W]
    assert {b.name for b in in_rail} >= {"Menu", "Undo", "Redo"}
    for b in buttons:  # every button in the rail is a thumb's size, and so is End turn
        if b in in_rail or b.name == "End turn":  # (Battle solitaire's, on the table)
            assert min(b.rect.w, b.rect.h) * CSS >= 44, (b.name, b.rect)
        else:
            assert b.name in ("slower", "faster"), b.name  # two small ones beside the pace
    for g in lay.piles.values():
        assert not any(g.rect.colliderect(b.rect) for b in buttons)
    move = tap_tap_move(ui, t)
    assert move is not None, f"{game_id}: no move made by two taps"
    ui.frames(2)
    ui.screenshot(f"sideways-{game_id}.png")


def test_the_screens_sideways_stay_on_the_canvas(sideways):
    ui = sideways
    for scene in (SettingsScene(ui.app), StatsScene(ui.app)):
        ui.app.show(scene)
        ui.frames(1)
        for b in buttons_of(scene):
            assert 0 <= b.rect.left and b.rect.right <= CANVAS.w, b.name
        ui.screenshot(f"sideways-{type(scene).__name__}.png")
    ui.app.title()
    ui.frames(1)
    ui.screenshot("sideways-title.png")
