"""A saved game holds its start position (``to_dict()["start"]``), so a page's storage may
bring any position the core accepts, not only ones a deal reaches. The solver (Hint, the
"still winnable?" light, Finish) must think about each such position without an error:
hypothesis moves cards between the piles of a deal, and whatever ``from_dict`` accepts is
solved for a moment and asked for a hint."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.solver.driver import Solver
from game.core import GAMES, from_dict, info, new_game

SOLITAIRES = [g for g in GAMES if info(g).players == (1,)]


def reshuffled(game_id: str, seed: int, steps: int):
    """A deal's start with ``steps`` runs of 1 to 4 cards moved from pile to pile at random
    (stocks face down, other piles' top cards face up); None when the core refuses it."""
    rng = random.Random(seed)
    data = new_game(game_id, seed=seed).to_dict()
    piles, down = data["start"]["piles"], data["start"]["down"]
    names = [name for name in piles if not name.startswith("foundation")]
    for _ in range(steps):
        a, b = rng.sample(names, 2)
        if not piles[a]:
            continue
        n = rng.randrange(1, min(4, len(piles[a])) + 1)
        piles[b] = piles[b] + piles[a][-n:]
        del piles[a][-n:]
        for name in (a, b):
            face_down = (
                len(piles[name])
                if name.startswith("stock")
                else min(down.get(name, 0), max(0, len(piles[name]) - 1))
            )
            down.pop(name, None)
            if face_down:
                down[name] = face_down
    try:
        return from_dict(data)
    except ValueError:
        return None


@pytest.mark.parametrize("game_id", SOLITAIRES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 12))
def test_the_solver_thinks_about_any_position_a_save_may_hold(game_id, seed, steps):
    state = reshuffled(game_id, seed, steps)
    if state is None:
        return
    job = Solver(state, budget_s=0.05)
    verdict = job.run()
    assert verdict.status in ("won", "lost", "unknown")
    move = job.hint()
    assert move is None or state.is_legal(move)
