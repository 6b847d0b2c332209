"""The real solver (game.ai.solver.driver) driven through the client: Hint, the "still winnable?"
light, auto-finish (Finish), "winnable deals only", and games played with help counting as
assisted in the statistics.

Deals are chosen by what the tests need (deals.solver_deal): listed as winnable, and won by the
solver after a search of 1000 to 5000 positions, so the light shows "thinking" for a few
frames and then "winnable" well within a second. The solver runs at one speed on every machine
(conftest's steady_solver): what it decides in a frame does not depend on the machine.

The helpers that drive the solver's help (``wait_for_verdict``, ``light``, ``play_through_ui``,
``finish``) serve test_ui_solver_games.py too.
"""

from __future__ import annotations

import pygame
import pytest

from game.ai.deals import winnable_deals
from game.ai.players import solvable
from game.ai.solver.driver import Verdict
from game.core import GAMES as ALL_GAMES
from game.core import Move
from game.session import Session
from game.ui import theme
from game.ui.chromes.solitaire import LIGHT_COLOURS, Light
from game.ui.screens import SettingsScene
from tests.support.deals import solver_deal, table_deal
from tests.support.solver_table import finish, light, play_through_ui, wait_for_verdict

# every game the solver plays (from the registries: a new solitaire is covered at once)
GAMES = [g for g in ALL_GAMES if solvable(g)]
GREEN, GREY = LIGHT_COLOURS["won"], LIGHT_COLOURS[Light.THINKING]
TURN_STOCK = Move("stock", "waste")


def quick_deal(game_id):
    """(deal, verdict or None): a listed winnable deal the solver wins over a few frames
    (deals.solver_deal), else (a game whose listed deals all take longer, as Spider's) the
    first deal the table's solver wins after a few hundred positions (deals.table_deal)."""
    try:
        return solver_deal(game_id)
    except LookupError:
        return table_deal(game_id), None


@pytest.fixture(scope="module")
def quick_deals():
    return {g: quick_deal(g) for g in GAMES}


pytestmark = pytest.mark.usefixtures("quick_deals", "steady_solver")  # deals found first


def wins_in_the_core(state, line) -> bool:
    """Replay ``line`` on a copy of ``state`` with the core's push: does it end in a win?"""
    s = state.copy(history=False)
    for move in line:
        s.push(move)
    return s.result() is not None and s.result().status == "won"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_light_goes_from_thinking_to_winnable(ui, quick_deals, game_id):
    deal, _ = quick_deals[game_id]
    ui.app.settings.winnable_light = True
    ui.app.settings.auto_move = False  # the line is followed below, move for move
    t = ui.app.open_game(game_id)
    t.start(deal)
    ui.frames(1)
    assert t.session.help.verdict is None and light(ui) == GREY  # thinking: one frame is not enough
    assert not t.session.assisted  # the light has told nothing yet
    assert not t.chrome.finish_button.visible
    ui.screenshot(f"{game_id}-light-thinking.png")
    frames = wait_for_verdict(ui)
    ui.frames(1)
    assert frames >= 1 and t.session.help.verdict.status == "won"
    assert light(ui) == GREEN
    assert not t.session.assisted  # the light spoke, but it is no help (issue 26 item 3)
    assert wins_in_the_core(t.state, t.session.help.verdict.line)
    assert t.chrome.finish_button.visible  # a certain win is known and the light is on
    ui.screenshot(f"{game_id}-light-winnable.png")
    # follow the line a while (the light stays green: the rest of the line is known), then
    # ask for a hint that builds on a column, for a screenshot of both at once mid-game
    line = list(t.session.help.verdict.line)
    for move in line[:60]:
        if (
            len(t.state.history) >= 8
            and move.target.startswith("tableau")
            and move.source != "stock"
            and t.state.pile[move.target].cards
        ):
            break  # (a card onto a column's card; a stock dealing to the columns is not one)
        play_through_ui(ui, move)
        assert light(ui) == GREEN
    ui.settle()
    ui.key(pygame.K_h)
    move = t.hint[0]
    assert move == line[len(t.state.history)]
    target = t.state.pile[move.target].top.name
    assert t.message[0] == (
        f"Hint: move the {t.state.pile[move.source].top.name} onto the "
        f"{target}. From now on this game counts as played with help."
    )
    assert t.session.assisted  # Hint is help, and the first one says so
    assert not t.chrome.hud_rect.colliderect(t.chrome.finish_button.rect)
    ui.screenshot(f"{game_id}-hint-and-light.png")


def test_the_light_says_not_winnable_for_a_deal_proved_lost(ui):
    """Forty Thieves deal 10177 is proved lost as soon as the solver starts (the relaxed game in
    the stock's order): the light turns red at the solver's first slice (the frame after the
    deal), with no search, and no Finish is offered."""
    ui.app.settings.winnable_light = True
    t = ui.app.open_game("forty-thieves")
    t.start(10177)
    ui.frames(2)
    assert (
        t.session.help.verdict is not None
        and t.session.help.verdict.status == "lost"
        and t.session.help.verdict.nodes == 0
    )
    ui.frames(1)
    assert light(ui) == LIGHT_COLOURS["lost"] != GREY
    assert not t.session.assisted  # the light is no help (issue 26 item 3)
    assert not t.chrome.finish_button.visible
    ui.screenshot("forty-thieves-light-not-winnable.png")


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_shows_the_next_move_of_a_winning_line(ui, quick_deals, game_id):
    deal, _ = quick_deals[game_id]
    ui.app.settings.auto_move = False  # only the hinted moves are played
    t = ui.app.open_game(game_id)
    t.start(deal)
    ui.frames(1)
    ui.key(pygame.K_h)  # while the solver still thinks: its best guess, a legal move
    assert t.hint is not None and t.state.is_legal(t.hint[0])
    assert t.session.assisted
    wait_for_verdict(ui)
    assert (
        t.session.help.verdict.status == "won" and t.chrome.light_at is None
    )  # the light is off: nothing shown
    line = list(t.session.help.verdict.line)
    assert wins_in_the_core(t.state, line)
    for i in range(3):  # follow three hints
        ui.click(ui.button("Hint"))
        move = t.hint[0]
        assert move == line[i] and t.state.is_legal(move)
        assert t.message[0].startswith("Hint: ")
        ring = t.layout.top_rect(move.source, t.faces(move.source)).inflate(8, 8)
        assert tuple(ui.app.screen.get_at((ring.centerx, ring.top + 1)))[:3] == theme.HINT
        if i == 0:
            ui.screenshot(f"{game_id}-hint.png")
        play_through_ui(ui, move)
        assert t.state.peek() == move and t.hint is None
        # the player followed the line: the new solver knows the rest at once
        assert t.session.help.verdict is not None and t.session.help.verdict.line == line[i + 1 :]
    ui.click(ui.button("New deal"))  # leave the deal: it counts as a loss played with help
    ui.click(ui.modal_button("yes"))
    stats = ui.app.saves.stats(game_id)
    assert stats["played"] == 1 and stats["won"] == 0 and stats["assisted"] == 1


def test_finish_plays_the_found_line_to_a_win(ui, quick_deals):
    game_id = "forty-thieves"
    deal, _ = quick_deals[game_id]
    ui.app.settings.winnable_light = True
    ui.app.settings.animations = False
    t = ui.app.open_game(game_id)
    t.start(deal)
    wait_for_verdict(ui)
    ui.frames(1)
    line = list(t.session.help.verdict.line)
    assert t.chrome.finish_button.visible
    finish(ui, t, line)
    assert t.state.result().status == "won"
    played = [e.move for e in t.state.history][t.session.dealt :]  # after the deal's own
    assert played == line  # the found line, move for move
    assert t.modal is not None and t.modal.title == "You won!"
    assert t.chrome.light_at is None  # the game is over: the light has nothing more to say
    ui.screenshot("forty-thieves-finished.png")
    # moves are moves: every move Finish played counts (issue 26 item 3: it counted as one)
    assert t.session.move_count == len(line) > 1
    text = " ".join(t.modal.lines)
    assert f"won in {len(line)} moves" in text
    assert "Won with help (Hint or Finish): counted apart in Statistics" in text
    stats = ui.app.saves.stats(game_id)
    assert stats["won"] == 0 and stats["won_with_help"] == 1 and stats["assisted"] == 1
    assert stats["best_time"] is None and stats["fewest_moves"] is None  # no record with help


@pytest.mark.parametrize("game_id", GAMES)
def test_winnable_deals_only(ui, game_id):
    listed = set(winnable_deals(game_id))
    assert listed
    ui.key(pygame.K_s)
    assert isinstance(ui.app.scene, SettingsScene)
    ui.click(ui.button("winnable_only=True"))
    assert ui.app.settings.winnable_only is True
    t = ui.app.open_game(game_id)
    dealt = set()
    for _ in range(6):
        ui.key(pygame.K_n)  # new deal (nothing played: no question asked)
        assert t.modal is None
        dealt.add(t.state.seed)
    assert dealt <= listed
    assert len(dealt) > 1  # drawn from the list, not one fixed deal


def test_with_the_light_off_nothing_is_given_away(ui, quick_deals):
    game_id = "forty-thieves"
    deal, _ = quick_deals[game_id]
    ui.app.settings.auto_move = False
    t = ui.app.open_game(game_id)
    t.start(deal)
    wait_for_verdict(ui)
    ui.frames(1)
    assert t.session.help.verdict.status == "won"  # known, for Hint and Finish, but not shown
    assert t.chrome.light_at is None and not t.session.assisted
    assert t.state.stock.cards and not t.chrome.finish_button.visible
    ui.screenshot("forty-thieves-light-off.png")
    ui.click(ui.button("Hint"))
    assert t.hint is not None and t.session.assisted  # a hint is help


def test_a_long_deal_number_and_time_never_reach_the_buttons(ui):
    """The right of the toolbar (light, game, deal, moves, time) shrinks rather than run into
    the buttons, whatever the light says, with the widest deal number and a long game."""
    ui.app.settings.winnable_light = True
    t = ui.app.open_game("indian-patience")
    t.start(999_999_999)
    t.session.elapsed = 3 * 3600 + 59 * 60
    for verdict in (
        None,
        Verdict("won", line=[t.state.legal_moves()[0]]),
        Verdict("lost"),
        Verdict("unknown"),
    ):
        t.session.help.verdict = verdict
        ui.frames(1)
        assert t.chrome.finish_button.visible == (verdict is not None and verdict.status == "won")
        buttons = [b.rect for b in t.buttons if b.visible]
        assert t.chrome.hud_rect.collidelist(buttons) == -1
        assert t.chrome.light_at is not None and t.chrome.hud_rect.collidepoint(t.chrome.light_at)
        assert t.chrome.hud_rect.right <= ui.app.screen.get_width()
    ui.screenshot("indian-patience-long-hud.png")


def test_an_idle_table_lends_the_solver_most_of_the_frame_a_drag_only_a_slice(ui, monkeypatch):
    """The solver's wall clock to a verdict: an idle table gives it what is left of each 60 Hz
    frame, up to SOLVER_IDLE_MAX_MS (so the light speaks several times sooner); a frame with a
    drag gives it 3 ms. What is left is set here, as on a quick and a slow machine, and
    spare_ms's own arithmetic is checked against a stand-in clock."""
    from game.ui import app as app_module
    from game.ui.app import FRAME_MARGIN_MS, App
    from game.ui.table import scene as table_module

    t = ui.app.open_game("forty-thieves")
    t.start(5)
    ui.settle()
    budgets = []
    help = t.session.help
    real = help.think
    monkeypatch.setattr(help, "think", lambda ms: (budgets.append(ms), real(ms))[1])
    for spare, lent in (
        (8.0, 8.0),
        (30.0, table_module.SOLVER_IDLE_MAX_MS),
        (-4.0, table_module.SOLVER_SLICE_MS),
    ):
        monkeypatch.setattr(App, "spare_ms", lambda self, spare=spare: spare)
        budgets.clear()
        ui.frames(3)
        assert budgets == [lent] * 3
    monkeypatch.setattr(App, "spare_ms", lambda self: 8.0)
    budgets.clear()
    column = next(c for c in t.state.tableau if c.cards)
    ui.drag(ui.card_point(column.name), (640, 400), release=False)
    assert budgets and all(b == table_module.SOLVER_SLICE_MS for b in budgets[1:])
    ui.post(pygame.MOUSEBUTTONUP, pos=(640, 400), button=1)
    ui.frames(1)
    # what is left of a frame: 1000/60 ms less what it has done so far, a draw like the last
    # one, and the runtime's margin
    monkeypatch.undo()
    app = ui.app
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: 100.002)
    app.frame_start, app.draw_ms = 100.0, 1.5
    assert app.spare_ms() == pytest.approx(1000 / 60 - 2.0 - 1.5 - FRAME_MARGIN_MS)


def test_finish_plays_fast_and_a_click_plays_the_rest_at_once(ui, quick_deals):
    """Issue 18: Finish took 43-50 s from move 0 and could not be skipped."""
    ui.app.settings.winnable_light = True
    t = ui.app.open_game("indian-patience")
    t.start(quick_deals["indian-patience"][0])
    wait_for_verdict(ui)
    assert t.chrome.finish_button.visible
    ui.click(t.chrome.finish_button.rect.center)
    ui.frames(5)
    assert t.session.finishing and "click" in t.message_text()
    ui.click((640, 400))  # anywhere: the rest at once
    assert not t.session.finishing and t.state.result().status == "won"
    ui.settle()
    assert t.modal is not None and t.modal.title == "You won!"


def test_back_to_winnable_after_the_light_turns_not_winnable(ui):
    """Issue 26 item 1: when the light turns "not winnable", the table offers to take moves back
    to the last position the solver proved winnable. Seahaven deal 1: nine moves of a winning
    line, then t1-c3, which loses (found by search: proved lost in 20,000 positions)."""
    ui.app.settings.winnable_light = True
    ui.app.settings.auto_move = False
    ui.app.settings.animations = False
    t = ui.app.open_game("seahaven")
    t.start(1)
    line = ["t8-t6", "t8-f0", "c1-t0", "t4-t5", "t4-t3", "t1-t7", "t1-t4", "t9-c0", "t9-c1"]
    for text in line:
        wait_for_verdict(ui)
        assert t.session.help.verdict.status == "won"
        assert not t.chrome.back_button.visible
        assert t.attempt(Move.parse(text))
        ui.settle()
    wait_for_verdict(ui)
    at = len(t.state.history)
    assert t.session.winnable_at == at
    assert t.attempt(Move.parse("t1-c3"))
    ui.settle()
    wait_for_verdict(ui)
    ui.frames(1)
    assert t.session.help.verdict.status == "lost" and light(ui) == LIGHT_COLOURS["lost"]
    assert t.chrome.back_button.visible and not t.chrome.finish_button.visible
    ui.screenshot("seahaven-back-to-winnable.png")
    assert not t.session.assisted
    ui.click(t.chrome.back_button.rect.center)
    assert len(t.state.history) == at and str(t.state.peek()) == "t9-c1"
    assert "can still be won" in t.message_text() and t.session.assisted  # it is help
    wait_for_verdict(ui)
    assert t.session.help.verdict.status == "won" and not t.chrome.back_button.visible
    # a reload keeps where the last winnable position was
    assert Session.from_dict(t.session.to_dict()).winnable_at == at
