"""The places where the solver plugs in (Hint, the "still winnable?" light, auto-finish,
winnable deals only), exercised with a stand-in solver of the agreed shape, since the real one
lives in game.ai.solver (another engineer's package)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytest

from game.core import Move
from game.ui import services

from deals import find_deal
from ui_strategy import choose, position, strategy_wins


@dataclass
class Verdict:
    status: str
    line: list = field(default_factory=list)


class StandInSolver:
    """Finds a line with the tests' simple strategy; answers after a few slices."""

    made = 0

    def __init__(self, state, budget_s=10):
        StandInSolver.made += 1
        self.state = state.copy(history=False)
        self.slices = 0

    def _line(self):
        s, line, seen = self.state.copy(), [], {position(self.state)}
        while not s.is_over():
            m = choose(s, seen)
            if m is None:
                break
            s.push(m)
            seen.add(position(s))
            line.append(m)
        return line if s.result() and s.result().status == "won" else None

    def think(self, budget_ms):
        self.slices += 1
        if self.slices < 3:
            return None  # not finished yet: the light shows "thinking"
        line = self._line()
        return Verdict("won", line) if line else Verdict("unknown")

    def hint(self):
        line = self._line()
        return line[0] if line else None


@pytest.fixture
def with_solver(monkeypatch):
    monkeypatch.setattr(services, "Solver", StandInSolver)
    monkeypatch.setattr(services, "HAVE_SOLVER", True)
    monkeypatch.setattr(services, "HAVE_DEALS", True)
    monkeypatch.setattr(services, "winnable_deals", lambda game_id, **options: [won_deal()])


def won_deal():
    return find_deal("forty-thieves", strategy_wins)


def test_light_hint_and_auto_finish(ui, with_solver):
    ui.app.settings["auto_move"] = False
    ui.app.settings["winnable_light"] = True
    t = ui.app.open_game("forty-thieves")
    t.start(won_deal())
    ui.frames(1)
    assert t.verdict is None  # thinking, sliced over frames
    ui.frames(3)
    assert t.verdict.status == "won"
    assert t.assisted  # the light told the player something
    ui.click(ui.button("Hint"))
    move = t.hint[0]
    assert isinstance(move, Move) and t.assisted
    ui.screenshot("forty-thieves-hint.png")
    ui.frames(3)
    assert t.finish_button.visible
    ui.click(t.finish_button.rect.center)
    for _ in range(3000):
        if t.state.is_over():
            break
        ui.frames(1, 50)
    ui.settle()
    assert t.state.result().status == "won"
    stats = ui.app.saves.stats("forty-thieves")
    assert stats["won"] == 1 and stats["assisted"] == 1


def test_winnable_deals_only(ui, with_solver):
    ui.app.settings["winnable_only"] = True
    t = ui.app.open_game("forty-thieves")
    ui.click(ui.button("New deal"))
    assert t.state.seed == won_deal()


def test_without_a_solver_there_is_no_hint_button(ui):
    if services.HAVE_SOLVER:
        pytest.skip("the real solver is installed")
    t = ui.app.open_game("indian-patience")
    with pytest.raises(KeyError):
        t.button("Hint")
    ui.key(pygame.K_h)  # the key does nothing harmful
    assert t.hint is None


def test_with_the_light_off_nothing_is_given_away(ui, with_solver):
    ui.app.settings["auto_move"] = False
    t = ui.app.open_game("forty-thieves")
    t.start(won_deal())
    ui.frames(5)
    assert t.verdict.status == "won"  # known, for Hint and Finish, but not shown
    assert not t.assisted
    assert not t.finish_button.visible  # the stock still has cards
    ui.click(ui.button("Hint"))
    assert t.hint is not None and t.assisted  # a hint is help
