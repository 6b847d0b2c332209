"""What every game the solver plays shares (issue 16): each registered model's thinking is
sliced (a slice returns on time, through every phase of the search, with the found line's
shortening and check), the session helps in each, and a verdict is reached on a deal."""

from __future__ import annotations

import gc
import time

import pytest

from game.ai.players import solvable
from game.ai.solver.driver import Solver
from game.ai.solver.models import load_models
from game.core import GAMES, info, new_game
from tests.support.positions import option_variants

# every game with a solver model, in each option's every choice (from the registries: a new
# game or option is covered without editing a list)
NEW = [(g, o) for g in GAMES if g in load_models() for o in option_variants(g)]


def test_every_solitaire_has_a_model():
    solitaires = {g for g in GAMES if info(g).table == "solitaire"}
    assert solitaires <= set(load_models())
    assert all(solvable(g) for g in solitaires)


@pytest.mark.parametrize("game,options", NEW)
def test_a_20_ms_slice_returns_within_20_ms_plus_a_small_margin(game, options):
    cpus = []
    for deal in range(2, 12):  # one deal may be decided early: more deals see more phases
        if deal > 3 and len(cpus) >= 4:
            break  # (a quick machine decides Seahaven's deals in a slice or two: more deals)
        job = Solver(new_game(game, deal, **options), budget_s=1.0)
        gc.collect()
        gc.freeze()
        try:
            while True:
                c = time.thread_time()
                v = job.think(20)
                cpus.append(time.thread_time() - c)
                if v is not None:
                    break
        finally:
            gc.unfreeze()
        assert v.status in ("won", "lost", "unknown")
        if v.status == "won":
            s = new_game(game, deal, **options)
            for move in v.line:
                s.push(move)
            assert s.result().status == "won"
    assert len(cpus) >= 4  # several slices, however quick the machine
    assert max(cpus) < 0.020 + 0.010, max(cpus)
