"""Canfield's solver model (game/ai/solver/models/canfield.py) against the core: the same moves and
positions on random games, deals won with lines that win in the core, and verdicts that agree
with a brute-force search of the core on small endgames, some with a history of positions the
core refuses."""

from __future__ import annotations

import random

import pytest

from game.core import from_dict, new_game
from tests.support.model_check import (
    assert_line_wins,
    check_random_games,
    off_the_foundations,
    solve,
    verdicts_against_brute_force,
)


@pytest.mark.usefixtures("single_moves")
def test_the_model_agrees_with_the_core_on_random_games():
    offered, exact = check_random_games("canfield", range(1, 9), 80, random.Random(16))
    assert offered > 500
    assert exact > 20  # positions where the deal's history refuses moves were met


def test_deals_are_won_and_the_lines_win_in_the_core():
    for deal in (10002, 10005):
        state = new_game("canfield", deal)
        assert_line_wins(state, solve(state, budget_s=20))


def endgame(rng, left: int, reserve: int, talon: int, moves: int = 0):
    """Base rank Ace; ``left`` cards off the foundations (the top ranks of random suits):
    ``talon`` in the stock and waste, one on each column and the rest (about ``reserve``) in
    the reserve; then ``moves`` random moves between the columns (a history: positions the
    core will refuse)."""
    piles, out = off_the_foundations(rng, left)
    cols = min(4, left - reserve - talon)
    for i in range(4):
        piles[f"tableau{i}"] = [out.pop()] if i < cols else []
    w = rng.randrange(talon + 1)
    piles["waste"] = [out.pop() for _ in range(w)]
    piles["stock"] = [out.pop() for _ in range(talon - w)]
    piles["reserve"] = out
    state = from_dict(
        {
            "format": 1,
            "game": "canfield",
            "seed": None,
            "options": {},
            "start": {
                "piles": piles,
                "vars": {"base": 1},
                "down": {"stock": len(piles["stock"]), "reserve": max(len(out) - 1, 0)},
            },
            "moves": [],
        }
    )
    for _ in range(moves):
        legal = [
            m
            for m in state.legal_moves()
            if m.source.startswith("tableau") and m.target.startswith("tableau")
        ]
        if not legal:
            break
        state.push(rng.choice(legal))
    return state.copy(history=False)


def test_verdicts_agree_with_a_brute_force_search_of_the_core():
    def states():
        for trial in range(40):
            rng = random.Random(trial)
            yield endgame(
                rng,
                left=20,
                reserve=rng.choice((10, 12)),
                talon=rng.choice((3, 5)),
                moves=rng.choice((0, 2, 6)),
            )

    won, lost = verdicts_against_brute_force(states())
    assert won >= 5 and lost >= 5, (won, lost)
