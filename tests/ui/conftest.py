"""The headless client's fixtures (the driver itself: tests/support/client.py)."""

from __future__ import annotations

import pygame
import pytest

from game.storage import MemoryStore, Saves
from game.ui.app import App
from tests.support.client import SPARE_MS, Driver


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


@pytest.fixture(autouse=True)
def green_after():
    """The felt is the theme's (one for the whole client): every test ends on the green."""
    yield
    from game.ui import theme

    theme.use_felt("green")


@pytest.fixture
def fresh_solver_memory(monkeypatch, steady_solver):
    """The solver remembers the winning lines it found (a Solver for a position on one answers
    at once): a test starts with that memory empty (after its module's deals were found, which
    filled it; ask for them first), and with the solver at the same speed on any machine."""
    from game.ai.solver import driver as solver_module

    monkeypatch.setattr(solver_module, "_KNOWN", {})


@pytest.fixture
def steady_solver(monkeypatch):
    """The solver at the same speed on every machine: its clock a SolverClock, and an idle
    frame always lending it SPARE_MS (the app's own measure of the frame is wall-clock)."""
    from tests.support.deals import steady_clock

    monkeypatch.setattr(App, "spare_ms", lambda self: SPARE_MS)
    with steady_clock() as clock:
        yield clock


def pytest_configure(config):
    # SDL's dummy driver has no accelerated renderer for pygame.SCALED; harmless here
    config.addinivalue_line("filterwarnings", "ignore:no fast renderer available")
