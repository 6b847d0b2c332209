"""The headless client's fixtures (the driver itself: tests/support/client.py)."""

from __future__ import annotations

import pygame
import pytest

from game.net import links as links_module
from game.storage import MemoryStore, Saves
from game.ui.app import App
from game.ui.canvas import CANVAS
from tests.support.client import SPARE_MS, Driver
from tests.support.shared_screens import Screens


@pytest.fixture
def store():
    return MemoryStore()


@pytest.fixture
def app(store, monkeypatch):
    monkeypatch.setattr(
        "game.ui.board.dealing.DEAL_MS", 0
    )  # no dealing animation (test_ui_deal.py's)
    a = App(Saves(store))
    a.settings.pace = "fast"
    yield a


@pytest.fixture
def ui(app):
    pygame.event.clear()
    return Driver(app)


@pytest.fixture
def screens(monkeypatch):
    """Apps at one shared table, each on its own screen (tests/support/shared_screens.py),
    no deal shown being dealt, the links' clock still (``screens.now[0]``) unless a test
    moves it."""
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(CANVAS.size)
    monkeypatch.setattr("game.ui.board.dealing.DEAL_MS", 0)
    now = [1000.0]
    monkeypatch.setattr(links_module, "clock", lambda: now[0])
    s = Screens(monkeypatch)
    s.now = now
    pygame.event.clear()
    return s


@pytest.fixture
def steady_solver(monkeypatch):
    """The solver at the same speed on every machine: the tables' solver help on a SolverClock
    (its clock), and an idle frame always lending it SPARE_MS (the app's own measure of the
    frame is wall-clock). Each table's help has a memory of its own, so no winning line found
    before the test (its module's deals) answers for it."""
    from game.session.help import SolverHelp
    from tests.support.deals import SolverClock

    clock = SolverClock()
    monkeypatch.setattr(App, "spare_ms", lambda self: SPARE_MS)
    monkeypatch.setattr(SolverHelp, "clock", staticmethod(clock))
    return clock


def pytest_configure(config):
    # SDL's dummy driver has no accelerated renderer for pygame.SCALED; harmless here
    config.addinivalue_line("filterwarnings", "ignore:no fast renderer available")
