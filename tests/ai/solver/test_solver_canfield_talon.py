"""Talon macro moves (game/ai/solver/talon.py) in Canfield's and Little Harp's
models: every move the model offers, spelled out as its turns and its play from the waste, is
legal in the core move by move and reaches the same position there; every legal core move
reaches a position the model reaches (up to its key), or one the model's key calls the same,
or is a bare turn (the macro moves make every turn part of a play); undo restores; lines found
with macro moves replay through the core."""

from __future__ import annotations

import random

import pytest

from game.ai.solver.models import make_model
from game.ai.solver.talon import TALON
from game.core import new_game
from tests.support.model_check import (
    assert_core_moves_covered,
    assert_line_wins,
    random_positions,
    solve,
)


def check_macros(state) -> int:
    model = make_model(state)
    before = model.snapshot()
    here = model.key()
    reached = set()
    offered = model.moves()
    for m in offered:
        parts = model.expand(m, model.waste_pile) if m[0] == TALON else [m]
        after = state.copy(history=False)
        shadow = make_model(after)
        assert model.to_core(state, m) == shadow.to_core(after, parts[0])
        for x in parts:
            mv = shadow.to_core(after, x)
            assert after.is_legal(mv), (m, x, mv, after.why_illegal(mv))
            after.push(mv)
            shadow.apply(x)
        rec = model.apply(m)
        reached.add(model.key())
        assert make_model(after).snapshot() == model.snapshot(), m
        assert shadow.snapshot() == model.snapshot(), m
        model.undo(m, rec)
        assert model.snapshot() == before, m
    assert_core_moves_covered(model, state, reached | {here}, bare_turn)
    return len(offered)


def bare_turn(state, mv) -> bool:
    """A turn of the stock or the waste: each is part of some macro move's play."""
    return mv.source in ("stock", "waste") and mv.target in ("stock", "waste")


@pytest.mark.parametrize(
    "game,options",
    [
        ("canfield", {}),
        ("little-harp", {}),
        ("little-harp", {"draw": 1}),
        ("little-harp", {"redeals": 2}),
        ("little-harp", {"draw": 1, "redeals": 0}),
    ],
)
def test_macro_moves_agree_with_the_core_on_random_games(game, options):
    rng = random.Random(7)
    offered = macros = 0
    for state in random_positions(game, options, range(1, 7), 80, rng, every=2):
        offered += check_macros(state)
        macros += sum(1 for m in make_model(state).moves() if m[0] == TALON)
    assert offered > 200 and macros > 50


@pytest.mark.parametrize(
    "game,deal",
    [
        ("canfield", 10003),
        pytest.param("canfield", 10008, marks=pytest.mark.slow),  # over 3 s of CPU
        ("little-harp", 10012),
        ("little-harp", 10013),
    ],
)
def test_lines_with_macro_moves_win_in_the_core(game, deal):
    state = new_game(game, deal)
    assert_line_wins(state, solve(state, budget_s=20))


@pytest.mark.parametrize("game,deal", [("canfield", 10009), ("little-harp", 10019)])
def test_a_line_of_the_exact_search_is_spelled_out_and_wins_in_the_core(game, deal):
    """The exact search alone (the one with macro moves): its line is expanded into single
    moves (expand_line) before the core replays it."""
    from game.ai.solver.driver import Solver

    state = new_game(game, deal)
    job = Solver(state, budget_s=30, settings={"shares": (0.0, 0.0)})
    v = job.run()
    assert "exact" in v.reason
    assert_line_wins(state, v)
