"""Little Harp's solver model (game/ai/solver/models/little_harp.py) against the core, with its
``draw`` and ``redeals`` options: the same moves and positions on random games, deals won with
lines that win in the core, and verdicts that agree with a brute-force search of the core on
small endgames."""

from __future__ import annotations

import random

import pytest

from game.core import from_dict, new_game
from tests.support.model_check import (
    assert_line_wins,
    check_position,
    off_the_foundations,
    random_positions,
    solve,
    verdicts_against_brute_force,
)
from tests.support.positions import option_sets

# every combination of Little Harp's options (from its description: a new option is covered)
OPTIONS = option_sets("little-harp")


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.usefixtures("single_moves")
def test_the_model_agrees_with_the_core_on_random_games(options):
    rng = random.Random(16)
    offered = 0
    for state in random_positions("little-harp", options, range(1, 41), 90, rng, every=2):
        if state.seed > 8 and offered > 300:
            break  # deals 1-8, and more where their games end soon (no redeal, turning three)
        offered += check_position(state)
    assert offered > 300


def test_deals_are_won_and_the_lines_win_in_the_core():
    for deal in (10004, 10006):
        state = new_game("little-harp", deal)
        assert_line_wins(state, solve(state, budget_s=20))


def endgame(rng, left: int, talon: int, options: dict):
    """``left`` cards off the foundations (the top ranks of random suits): ``talon`` of them in
    the stock and waste, the rest over the seven piles, all but the top of most piles face
    down."""
    piles, out = off_the_foundations(rng, left)
    w = rng.randrange(talon + 1)
    piles["waste"] = [out.pop() for _ in range(w)]
    piles["stock"] = [out.pop() for _ in range(talon - w)]
    cols = [[] for _ in range(7)]
    for i, code in enumerate(out):
        cols[i % 7].append(code)
    down = {"stock": len(piles["stock"])}
    for i, col in enumerate(cols):
        piles[f"tableau{i}"] = col
        if len(col) > 1:
            down[f"tableau{i}"] = len(col) - 1 if rng.random() < 0.7 else rng.randrange(len(col))
    return from_dict(
        {
            "format": 1,
            "game": "little-harp",
            "seed": None,
            "options": options,
            "start": {"piles": piles, "down": down, "vars": {}},
            "moves": [],
        }
    )


def test_verdicts_agree_with_a_brute_force_search_of_the_core():
    """Every win's line wins in the core, and the brute force agrees where it ends within its
    bound (the core's key counts the moves that did not help, so going round the stock makes
    new positions for it: such endgames are small, mostly without redeals)."""
    endings = [{"redeals": 0}, {"draw": 1, "redeals": 0}, {"redeals": 0}, {}]

    def states():
        for trial in range(30):
            rng = random.Random(trial)
            yield endgame(
                rng, left=rng.choice((9, 12)), talon=rng.choice((3, 6)), options=endings[trial % 4]
            )

    won, lost = verdicts_against_brute_force(states(), 1000, 5000, lost_proved=False)
    assert won >= 20 and lost >= 1, (won, lost)


def test_deals_the_core_calls_stuck_are_proved_lost():
    """Random games played until the core says no move can help any more (not the limit of
    quiet moves): the solver proves each such position lost."""
    rng = random.Random(3)
    stuck = 0
    for deal in range(1, 40):
        state = new_game("little-harp", deal, **({"redeals": 0} if deal % 2 else {}))
        while not state.is_over():
            legal = state.legal_moves()
            home = [m for m in legal if m.target.startswith("foundation")]
            state.push(home[0] if home else rng.choice(legal))
        result = state.result()
        if result.status != "stuck" or "moves" in result.reason:
            continue
        v = solve(state, budget_s=30)
        assert v.status == "lost", (deal, result.reason, v.reason)
        stuck += 1
    assert stuck >= 10
