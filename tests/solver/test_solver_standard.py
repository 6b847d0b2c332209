"""Standard's solver model (game/ai/solver_standard.py) against the core: the same moves and
positions on random games, deals won with lines that win in the core, and verdicts that agree
with a brute-force search of the core on small endgames."""

from __future__ import annotations

import random

from game.core import Card, from_dict, new_game

from model_check import (assert_line_wins, check_position, random_positions, solve,
                         verdicts_against_brute_force)

SUITS = "SHDC"


def test_the_model_agrees_with_the_core_on_random_games():
    rng = random.Random(16)
    offered = 0
    for state in random_positions("standard-solitaire", {}, range(1, 7), 90, rng, every=2):
        offered += check_position(state)
    assert offered > 300


def test_a_deal_is_won_and_the_line_wins_in_the_core():
    state = new_game("standard-solitaire", 10001)
    assert_line_wins(state, solve(state, budget_s=20))


def endgame(rng, left: int, stock: int):
    """``left`` cards off the foundations (the top ranks of random suits and packs): ``stock``
    of them in the stock, the rest over the eight piles, all but the top of most piles face
    down."""
    heights = {(d, s): 13 for d in (0, 1) for s in range(4)}
    for _ in range(left):
        k = rng.choice([k for k, h in heights.items() if h > 1])
        heights[k] -= 1
    out = [Card(r, SUITS[s], d).code for (d, s), h in heights.items() for r in range(h + 1, 14)]
    rng.shuffle(out)
    piles = {f"foundation{d * 4 + s}": [Card(r, SUITS[s], d).code for r in range(1, h + 1)]
             for (d, s), h in heights.items()}
    piles["stock"] = [out.pop() for _ in range(stock)]
    cols = [[] for _ in range(8)]
    for i, code in enumerate(out):
        cols[i % 8].append(code)
    down = {"stock": stock}
    for i, col in enumerate(cols):
        piles[f"tableau{i}"] = col
        if len(col) > 1:
            down[f"tableau{i}"] = len(col) - 1 if rng.random() < 0.7 else rng.randrange(len(col))
    return from_dict({"format": 1, "game": "standard-solitaire", "seed": None, "options": {},
                      "start": {"piles": piles, "down": down, "vars": {}}, "moves": []})


def test_verdicts_agree_with_a_brute_force_search_of_the_core():
    def states():
        for trial in range(30):
            rng = random.Random(trial)
            yield endgame(rng, left=rng.choice((30, 36)), stock=rng.choice((0, 0, 8)))
    won, lost = verdicts_against_brute_force(states(), 1000, 100_000)
    assert won >= 5 and lost >= 1, (won, lost)  # such endgames are mostly won
