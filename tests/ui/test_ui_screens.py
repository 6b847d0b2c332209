"""Title, settings, statistics and rules screens; Continue; corrupt saves."""

from __future__ import annotations

import pygame

from game.core import Move
from game.storage import Saves
from game.ui.app import App
from game.ui.card_art import FOUR_COLOUR
from game.ui.screens import RulesScene, SettingsScene, StatsScene, TitleScene
from game.ui.table.scene import Table
from game.ui.who_plays import SeatPicker
from tests.support.client import run_coroutine
from tests.support.deals import find

TURN = Move("stock", "waste")


def column_move_after_a_turn(state):
    """After turning a stock card nothing can go to a foundation (so no auto-move follows) and
    a column-to-column move exists, after which nothing can go to a foundation either (so undo
    and redo take back and replay that move alone). The move."""
    state.push(TURN)
    if any(m.target.startswith("foundation") for m in state.legal_moves()):
        return None
    move = next(
        (
            m
            for m in state.legal_moves()
            if m.source.startswith("tableau") and m.target.startswith("tableau")
        ),
        None,
    )
    if move is None:
        return None
    state.push(move)
    return None if any(m.target.startswith("foundation") for m in state.legal_moves()) else move


def diamond_on_a_column(state):
    """A column ends in a diamond once the deal's own Aces (and Twos) have gone home. The
    column."""
    while (move := state.safe_move()) is not None:
        state.push(move)
    return next((c.name for c in state.tableau if c.cards and c.cards[-1].suit == "D"), None)


def test_title_screen_opens_each_game(ui):
    assert isinstance(ui.app.scene, TitleScene)
    ui.frames(1)
    ui.screenshot("title.png")
    assert not ui.app.scene.button("continue").enabled  # nothing saved yet
    ui.click(ui.button("forty-thieves"))
    assert isinstance(ui.app.scene, Table) and ui.app.scene.game_id == "forty-thieves"
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.app.scene, TitleScene)
    ui.key(pygame.K_1 + ui.app.scene.order.index("indian-patience"))  # numbered as shown
    assert ui.app.scene.game_id == "indian-patience"
    ui.click(ui.button("Menu"))
    ui.click(ui.button("russian-bank"))  # two seats: who plays? (the last choice is kept)
    assert isinstance(ui.app.scene.modal, SeatPicker)
    ui.screenshot("who-plays.png")
    ui.click(ui.modal_button("play"))
    assert ui.app.scene.game_id == "russian-bank"
    assert ui.app.scene.session.seats == ("human", "computer:medium")
    ui.click(ui.button("Menu"))
    assert ui.app.scene.button("continue").enabled
    ui.click(ui.button("continue"))
    assert ui.app.scene.game_id == "russian-bank" and ui.app.scene.info.table == "duel"


def test_continue_resumes_a_solitaire_exactly_with_undo_and_redo(ui, store):
    seed, move = find("indian-patience", column_move_after_a_turn)
    t = ui.app.open_game("indian-patience")
    t.start(seed)
    ui.settle()
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert move in t.state.legal_moves()
    ui.drag(ui.card_point(move.source), ui.card_point(move.target))
    ui.settle()
    ui.key(pygame.K_z, pygame.KMOD_CTRL)
    ui.frames(60, 100)  # six seconds without a move: the clock is saved all the same
    saved, elapsed = t.state.to_dict(), t.session.elapsed
    assert elapsed > 6
    # a new start of the client on the same storage: Continue
    app2 = App(Saves(store))
    assert app2.scene.button("continue").enabled
    app2.scene.button("continue").action()
    t2 = app2.scene
    assert t2.state.to_dict() == saved
    assert abs(t2.session.elapsed - elapsed) <= 5
    t2.redo()
    assert t2.state.peek() == move
    t2.undo()
    t2.undo()
    assert not t2.state.history  # the undo history came back too


def test_a_corrupt_save_is_reported_and_a_new_deal_starts(ui, store):
    ui.app.open_game("forty-thieves")
    ui.settle()
    data = ui.app.saves.load_game("forty-thieves")
    data["state"]["moves"] = ["t0-f9", "nonsense"]
    ui.app.saves.save_game("forty-thieves", data)
    app2 = App(Saves(store))
    t2 = app2.open_game("forty-thieves")
    assert not t2.state.history
    assert any("Forty Thieves" in n for n in app2.notices)  # the player is told
    app2.step()


def test_settings_change_the_cards_and_are_kept(ui, store):
    seed, column = find("forty-thieves", diamond_on_a_column)
    t = ui.app.open_game("forty-thieves")
    t.start(seed)
    ui.settle()
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_s)
    assert isinstance(ui.app.scene, SettingsScene)
    ui.frames(1)
    ui.screenshot("settings.png")
    ui.click(ui.button("four_colour=True"))
    ui.click(ui.button("pace=slow"))
    ui.click(ui.button("tab-russian-bank"))  # settings are grouped by game
    ui.screenshot("settings-russian-bank.png")
    ui.click(ui.button("russian-bank/seat1=computer:hard"))
    assert store_settings(store)["four_colour"] is True
    ui.click(ui.button("Back"))
    ui.click(ui.button("forty-thieves"))
    diamond = t.state.pile[column].top
    assert diamond.suit == "D"
    assert ui.shows_card(ui.card_rect(column), diamond)
    assert t.art.colours == FOUR_COLOUR
    ui.screenshot("forty-thieves-four-colour.png")
    app2 = App(Saves(store))
    assert app2.settings.seats("russian-bank") == ("human", "computer:hard")
    assert app2.settings.pace == "slow"


def store_settings(store):
    return Saves(store).settings()


def test_statistics_screen_shows_results(ui):
    saves = ui.app.saves
    saves.record_result("forty-thieves", True, 150, 300.0)
    saves.record_result("forty-thieves", False, 80, 100.0)
    saves.save_match({"target": 300, "scores": [42, 30], "games": 2})
    ui.key(pygame.K_t)
    assert isinstance(ui.app.scene, StatsScene)
    ui.frames(1)
    ui.screenshot("statistics.png")
    assert ui.app.scene.stats["forty-thieves"]["won"] == 1
    assert ui.app.scene.matches["russian-bank"]["scores"] == [42, 30]


def test_rules_screen_scrolls_and_switches_games(ui):
    ui.key(pygame.K_r)
    scene = ui.app.scene
    assert isinstance(scene, RulesScene)
    ui.frames(1)
    ui.screenshot("rules.png")
    ui.click(ui.button("tab-russian-bank"))
    assert scene.game == "russian-bank" and scene.max_scroll() > 0
    ui.key(pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    ui.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0, touch=False)
    ui.frames(1)
    ui.screenshot("rules-russian-bank.png")
    ui.click(ui.button("Back"))
    assert isinstance(ui.app.scene, TitleScene)


def test_quit_from_the_title_stops_the_loop(ui):
    ui.click(ui.button("Quit"))
    assert not ui.app.running


def test_the_frame_loop_runs_and_freezes_what_start_up_made(store, monkeypatch):
    """main() runs frames until the window closes, after moving the start-up objects out of
    the garbage collector's sight (so a full collection during play stays short).

    The coroutine is driven by hand, one frame per step (``await asyncio.sleep(0)`` yields
    to whoever drives it): asyncio.run() refuses to start where another loop runs, and in a
    test worker that has started the browser tests' playwright, one does."""
    import gc

    from game.ui import app as app_module

    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests go on using pygame
    gc.unfreeze()
    pygame.init()  # the QUIT is posted before main() makes its App (which would init)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    try:
        # frames: the QUIT is read in the first
        run_coroutine(app_module.main(Saves(store)), 100, "the frame loop did not stop on QUIT")
        assert gc.get_freeze_count() > 1000  # modules, fonts, card art, the title screen
    finally:
        gc.unfreeze()


def test_move_notation_of_refusals_is_readable(ui):
    t = ui.app.open_game("forty-thieves")
    t.start(1)
    ui.settle()
    assert not t.attempt(Move("stock", "tableau0"))
    assert "click the stock" in t.message_text()


def test_menus_work_with_the_keyboard_alone(ui):
    for _ in range(ui.app.scene.order.index("indian-patience") + 1):  # the first Tab: the
        # first game shown
        ui.key(pygame.K_TAB)
    ui.frames(1)
    ui.screenshot("title-keyboard.png")
    ui.key(pygame.K_RETURN)
    assert getattr(ui.app.scene, "game_id", None) == "indian-patience"
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_s)
    scene = ui.app.scene
    assert isinstance(scene, SettingsScene)
    target = scene.buttons.index(scene.button("four_colour=True"))
    for _ in range(target + 1):  # the first Tab focuses button 0 (Back)
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_RETURN)
    assert ui.app.settings.four_colour is True
    # a confirmation dialog answers to the keyboard too
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_1 + ui.app.scene.order.index("indian-patience"))
    t = ui.app.scene
    ui.key(pygame.K_s)  # turn a stock card: the deal is started
    ui.settle()
    ui.key(pygame.K_n)
    assert t.modal is not None
    ui.key(pygame.K_RETURN)  # the default answer: New deal
    assert t.modal is None and not t.session.unfinished  # at most the deal's own Aces moved


def test_help_prints_usage_and_does_not_start_the_game():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "game", "--help"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and out.stdout.startswith("usage: python -m game")


def test_a_table_out_of_sight_lets_go_of_its_layer_and_draws_the_same_when_back(ui):
    """A whole-canvas layer per table kept after leaving it is memory the browser never gives
    back (3.5 MB a table); back at the table the same picture is drawn."""
    ui.click(ui.button("forty-thieves"))
    table = ui.app.scene
    table.session.help = None  # a verdict found meanwhile would be news on the toolbar
    ui.frames(2)
    before = pygame.image.tobytes(table.view.layer(), "RGB")  # the cards and piles
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.app.scene, TitleScene)
    assert table.view._layer is None
    ui.click(ui.button("forty-thieves"))
    assert ui.app.scene is table
    ui.frames(2)
    assert pygame.image.tobytes(table.view.layer(), "RGB") == before
