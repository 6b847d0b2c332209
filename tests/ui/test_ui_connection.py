"""How a screen reaches its friends, in plain words (issue 32), through the real client: two
Apps whose pages can't connect directly (testbed/carriers.py: relays only), driven by input.
Each state has its words on both screens, landscape, upright and sideways, every word readable
on a phone: reaching the relays, can't reach them (and what to try), a friend here and
connecting, connected through the relays; the relays gone mid-game and back, and the game goes
on. The screenshots: test-artifacts/connection-*.png."""

from __future__ import annotations

import pygame
import pytest

from game.ui.canvas import CANVAS, LANDSCAPE, choose
from game.ui.online import connection
from game.ui.online.connection import Connection
from testbed.carriers import CarrierNet
from tests.support.client import record_words
from tests.support.shared_screens import (
    PHONES,
    check_readable,
    host_by_input,
    join_by_typing,
    play_a_move,
)

SHAPES = {"landscape": None, **PHONES}


@pytest.fixture(params=list(SHAPES))
def shape(request):
    """The canvas (its name, CSS px per logical px on a phone, else None), chosen before the
    screens."""
    page = SHAPES[request.param]
    if page is not None:
        CANVAS.use(choose(*page))
    pygame.display.quit()
    pygame.display.set_mode(CANVAS.size)
    try:
        yield request.param, (min(page[0] / CANVAS.w, page[1] / CANVAS.h) if page else None)
    finally:
        CANVAS.use(LANDSCAPE)
        pygame.display.quit()


def readable(ui, css, monkeypatch):
    if css is None:
        return
    scene = ui.app.scene
    check_readable(
        lambda: scene.draw(ui.app.screen),
        pygame.Rect((0, 0), CANVAS.size),
        scene.buttons,
        record_words(monkeypatch),
        css,
    )


def until(screens, done, frames=400, what=""):
    for _ in range(frames):
        if done():
            return
        screens.run(1)
    raise AssertionError(f"waited for {what}")


def test_every_connection_state_in_plain_words(shape, screens, monkeypatch):
    name, css = shape
    net = CarrierNet(direct=False)
    net.relays_up = False  # (none answers yet)
    screens.relay = net
    host = screens.app()
    room = host_by_input(host, "russian-bank", {"seat1": "remote"})
    assert room.status() == connection.WORDS[Connection.REACHING]
    readable(host, css, monkeypatch)
    host.screenshot(f"connection-reaching-{name}.png")
    # still none after a while: what to try, and it keeps trying
    until(
        screens,
        lambda: room.status() == connection.WORDS[Connection.OFFLINE],
        what="can't reach the relays",
    )
    assert "online" in room.status() and room.failed == ""  # (not the end: no Back)
    readable(host, css, monkeypatch)
    host.screenshot(f"connection-offline-{name}.png")
    net.set_relays(True)
    screens.run(2)
    assert room.status() == "Waiting for your friend: send them the link or the code."

    guest = screens.app()
    join_by_typing(guest, room.shared.code)
    joining = guest.app.scene
    # the host is met through the relays: never "no table with this code"
    until(
        screens,
        lambda: joining.status() == connection.WORDS[Connection.CONNECTING],
        what="the friend found, connecting",
    )
    readable(guest, css, monkeypatch)
    guest.screenshot(f"connection-connecting-{name}.png")
    screens.agree()
    tables = [host.app.scene, guest.app.scene]
    # said once the table's own first words are gone
    until(
        screens,
        lambda: all(t.message_text() == connection.WORDS[Connection.RELAYS] for t in tables),
        what="connected through the relays",
    )
    host.screenshot(f"connection-relays-{name}.png")

    # every relay gone mid-game: both screens say so within seconds, and carry on after
    net.set_relays(False)
    screens.run(3)
    for t in tables:
        assert t.message_text().startswith("Can't reach the relays"), t.message_text()
    guest.screenshot(f"connection-offline-table-{name}.png")
    net.set_relays(True)
    mover = next(
        ui
        for ui in (host, guest)
        if ui.app.scene.session.to_move in ui.app.scene.session.local_seats
    )
    other = guest if mover is host else host
    before = len(other.app.scene.state.history)
    play_a_move(mover)
    until(
        screens,
        lambda: len(other.app.scene.state.history) > before,
        what="a move at the other screen, after the relays came back",
    )
    screens.agree()
