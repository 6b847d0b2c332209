"""Seahaven's solver model (game/ai/solver/models/seahaven.py) against the core: the same moves and
positions on random games, lines that win in the core, and verdicts that agree with a
brute-force search of the core on small endgames, with and without a history of refused
positions."""

from __future__ import annotations

import random

import pytest

from game.core import Card, from_dict, new_game
from tests.support.model_check import (
    assert_line_wins,
    check_random_games,
    off_the_foundations,
    solve,
    verdicts_against_brute_force,
)


def test_the_model_agrees_with_the_core_on_random_games():
    offered, exact = check_random_games("seahaven", range(1, 9), 60, random.Random(16))
    assert offered > 500  # the positions were not all dead ends
    assert exact > 20  # positions where the deal's history refuses moves were met


def test_deals_are_won_and_the_lines_win_in_the_core():
    for deal in (1, 2, 3):
        state = new_game("seahaven", deal)
        v = solve(state, budget_s=20)
        assert_line_wins(state, v)


def endgame(rng, left: int, cells: int, moves: int = 0, reversed_share: float = 0.5):
    """A position with ``left`` cards off the foundations (the top ranks of random suits),
    ``cells`` of them in cells and the rest dealt over the ten columns, a share of the columns
    sorted with the higher cards on top; then ``moves``
    random moves between columns and cells (a history: positions the core will refuse)."""
    piles, out = off_the_foundations(rng, left)
    for j in range(4):
        piles[f"cell{j}"] = [out.pop()] if j < cells else []
    cols = [[] for _ in range(10)]
    for i, code in enumerate(out):
        cols[i % 10].append(code)
    for col in cols:  # the higher cards on top of the lower ones, mostly: the harder way round
        if rng.random() < reversed_share:
            col.sort(key=lambda code: Card.parse(code).rank)
    for i in range(10):
        piles[f"tableau{i}"] = cols[i]
    state = from_dict(
        {
            "format": 1,
            "game": "seahaven",
            "seed": None,
            "options": {},
            "start": {"piles": piles, "down": {}, "vars": {}},
            "moves": [],
        }
    )
    for _ in range(moves):
        legal = [m for m in state.legal_moves() if not m.target.startswith("foundation")]
        if not legal:
            break
        state.push(rng.choice(legal))
    return state.copy(history=False)  # keeps the positions seen, as the client's copy does


@pytest.mark.slow  # more than 3 s of CPU natively
def test_verdicts_agree_with_a_brute_force_search_of_the_core():
    """42 cards off the foundations, the cells full, most columns the hard way round, some
    after a few moves (so the core refuses the positions they passed through): the positions
    a small brute-force search of the core decides, the solver decides the same way."""

    def states():
        for trial in range(30):
            rng = random.Random(trial)
            yield endgame(rng, left=42, cells=4, moves=rng.choice((0, 3, 8)), reversed_share=0.7)

    won, lost = verdicts_against_brute_force(states())
    assert won >= 5 and lost >= 5, (won, lost)
