"""The real desktop app (``python -m game``) in a child process, driven by
testbed/desktop_client.py: real pygame input events, the browser tests' probes, the app's own
file store, a graceful restart and a SIGKILL. Each test starts its own app (SDL's dummy
drivers) with a data folder of its own."""

from __future__ import annotations

import time

import pytest

from game.core import PASS
from testbed.client import Client, client_settings, saved_game, stored
from testbed.client_page import ClientError
from testbed.desktop_client import DesktopPage, DesktopScreen
from testbed.remote_play import click_move


@pytest.fixture
def page(tmp_path):
    p = DesktopPage(tmp_path / "data")
    yield p
    p.kill()  # (the tests close it themselves, where its exit code counts)


def test_the_app_starts_at_the_title_and_rests(page):
    c = Client(page).open(stored({"settings": client_settings()}))
    assert c.view() == {"scene": "TitleScene", "modal": None, "notices": []}
    assert page.frames() >= 2 and page.page.url == ""
    # reading the app doesn't wake it: at the title it rests (a frame a second, at most)
    c.wait("driver.resting", 10, what="the title at rest")
    t0, before = time.monotonic(), page.frames()
    for _ in range(20):
        assert c.scene() == "TitleScene"
    assert page.frames() - before <= 2 + (time.monotonic() - t0), "reading woke the app"
    page.wait_frames(3)  # ... and asked for, frames come at once
    assert page.frames() >= before + 3
    assert page.log_errors() == []
    assert page.close() == 0


def my_move(screen: DesktopScreen):
    """Wait for my turn (seat 0) with nothing moving; a legal move that carries a card to a
    house or a foundation (my turn goes on) if there is one, else any other but a pass."""
    screen.c.wait(
        "probe['settled']() and probe['view']()['player'] == 0",
        60,
        what="my turn at the Russian Bank table",
    )
    state = screen.state()
    moves = [m for m in state.legal_moves() if m != PASS]
    assert moves, f"no move for me in {state.to_dict()}"
    mine = [m for m in moves if m.target.startswith(("house", "foundation"))]
    return state, (mine or moves)[0]


def continued(screen: DesktopScreen) -> dict:
    """From the title, Continue: the Russian Bank table as it was saved; its position."""
    c = screen.c
    assert c.scene() == "TitleScene"
    c.click_button("continue")
    c.wait(
        "probe['view']().get('game') == 'russian-bank' and probe['settled']()",
        what="the Russian Bank table, continued",
    )
    return c.probe("state")


def test_a_move_by_clicks_and_the_same_position_after_a_restart_and_a_kill(tmp_path):
    screen = DesktopScreen("me", tmp_path / "data")
    c = screen.c
    # a deal where I move first (deal 1), saved as the game saves it: no waiting for the
    # computer's opening
    c.open(
        stored(
            {
                "settings": client_settings(level="easy", last_game="russian-bank"),
                "game/russian-bank": saved_game("russian-bank", 1, "easy"),
            }
        )
    )
    try:
        now = screen.now()
        assert screen.epoch(now) == now and screen.room() is None
        c.open_game("russian-bank")  # the game's button on the title
        state, move = my_move(screen)
        n = len(state.history)
        t0 = click_move(screen, move)  # a click on the card, a click where it goes
        at = c.wait(f"probe['moves']() > {n}", 30, what=f"my move {move} played")
        assert t0 <= at and c.probe("state")["moves"][n] == str(move)
        state, move = my_move(screen)  # (still my turn)
        # the window closed (the table saved as it is left) and the app started again
        screen.reload()
        assert continued(screen) == state.to_dict()
        # a move, then the app killed: no goodbye; the move was saved when it was played
        n = len(state.history)
        click_move(screen, move)
        c.wait(f"probe['moves']() > {n} and probe['settled']()", 30, what=f"{move} played")
        assert c.view()["player"] == 0  # (so the computer isn't moving as it is killed)
        kept = c.probe("state")
        c.page.kill()
        c.page.start()
        c.setup()  # (the probes, into the new app)
        assert continued(screen) == kept
        assert c.page.log_errors() == []
    finally:
        c.page.kill()


def test_keys_type_into_the_deal_dialog(page):
    c = Client(page).open(stored({"settings": client_settings()}))
    c.open_game("forty-thieves")
    c.play_deal(7)  # D, the digits typed, Enter
    assert c.state().to_dict()["seed"] == 7
    c.to_title()  # Escape
    assert page.close() == 0


def test_a_command_error_is_its_reply_and_the_app_goes_on(page):
    c = Client(page).open(stored({"settings": client_settings()}))
    with pytest.raises(ClientError, match="ZeroDivisionError"):
        page.eval("1 / 0")
    with pytest.raises(ClientError, match="ValueError: no"):
        page.exec("raise ValueError('no')")
    with pytest.raises(ClientError, match="KeyError"):
        c.wait("probe['no such probe']()", 5)
    with pytest.raises(ClientError, match="the impossible"):
        c.wait("False", 0.3, what="the impossible")
    with pytest.raises(ClientError, match="not JSON"):
        page.eval("object()")
    assert c.scene() == "TitleScene" and page.log_errors() == []
    assert page.close() == 0


def test_an_exception_in_the_game_is_reported(page):
    c = Client(page).open(stored({"settings": client_settings()}))
    page.exec(
        "def broken(dt):\n    raise RuntimeError('the game broke')\n"
        "probe['app']().scene.update = broken"
    )
    with pytest.raises(ClientError, match="the game broke"):
        c.wait("False", 10, what="anything")
    assert page.proc.wait(10) != 0
    assert any("RuntimeError: the game broke" in line for line in page.log_errors())
    with pytest.raises(ClientError, match="exit code"):
        page.close()
