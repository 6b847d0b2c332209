"""The solver tests' fixtures."""

import pytest


@pytest.fixture
def single_moves(monkeypatch):
    """Canfield's and Little Harp's solver model with single moves only (bare turns, the
    waste's top), as the eager searches play them; its talon macro moves are checked in
    tests/ai/solver/test_solver_canfield_talon.py."""
    from game.ai.solver.talon import Macros, TalonMoves

    monkeypatch.setattr(TalonMoves, "macro_searches", Macros.NONE)
