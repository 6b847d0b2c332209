"""Spider's solver model (game/ai/solver/models/spider.py) against the core, for each ``suits``
setting: the same moves and positions on random games, lines that win in the core, and
verdicts that agree with a brute-force search of the core on small endgames."""

from __future__ import annotations

import random

import pytest

from game.core import from_dict, new_game
from tests.support.model_check import (
    assert_line_wins,
    check_position,
    random_positions,
    solve,
    verdicts_against_brute_force,
)

RANKS = "A23456789TJQK"


@pytest.mark.parametrize("suits", (1, 2, 4))
def test_the_model_agrees_with_the_core_on_random_games(suits):
    rng = random.Random(suits)
    offered = 0
    for state in random_positions("spider", {"suits": suits}, range(1, 5), 120, rng, every=3):
        offered += check_position(state)
    assert offered > 300


def test_one_suit_deals_are_won_and_the_lines_win_in_the_core():
    for deal in (10002,):
        state = new_game("spider", deal, suits=1)
        v = solve(state, budget_s=30)
        assert_line_wins(state, v)


def endgame(rng, runs_left: int, stock: bool):
    """One suit, ``runs_left`` runs still to gather (their spades are packs 8 - runs_left to
    7) over the ten columns, the lower cards of each column face down, and ten of them in the
    stock when ``stock``."""
    first = 8 - runs_left
    cards = [f"{RANKS[r - 1]}S{d}" for d in range(first, 8) for r in range(1, 14)]
    rng.shuffle(cards)
    piles = {
        f"foundation{k}": [f"{RANKS[r - 1]}S{k}" for r in range(1, 14)] if k < first else []
        for k in range(8)
    }
    piles["stock"] = [cards.pop() for _ in range(10)] if stock else []
    cols = [[] for _ in range(10)]
    for i, code in enumerate(cards):
        cols[i % 10 if i < 10 else rng.randrange(10)].append(code)
    down = {"stock": len(piles["stock"])}
    for i, col in enumerate(cols):
        piles[f"tableau{i}"] = col
        if len(col) > 1:
            down[f"tableau{i}"] = rng.randrange(len(col))
    return from_dict(
        {
            "format": 1,
            "game": "spider",
            "seed": None,
            "options": {"suits": 1},
            "start": {"piles": piles, "down": down, "vars": {}},
            "moves": [],
        }
    )


def test_verdicts_agree_with_a_brute_force_search_of_the_core():
    """Small endgames: one run to gather with no stock (won, mostly), or with ten of its
    cards in the stock (a row can't be dealt while a column is empty: lost). Every win's
    line wins in the core; every loss is confirmed by a brute-force search of the core, and
    every position that search decides within its bound gets the same verdict."""
    won, lost = verdicts_against_brute_force(
        (endgame(random.Random(trial), 1, stock=trial % 3 == 0) for trial in range(24)),
        500,
        100_000,
    )
    assert won >= 5 and lost >= 3, (won, lost)


@pytest.mark.parametrize("suits", (2, 4))
def test_the_eager_moves_are_some_of_every_move_and_the_exact_search_gets_them_all(suits):
    """With 2 or 4 suits the eager searches (which prove nothing) try only some moves, each
    one of the plain moves (so legal, see above); the exact search, whose running out of
    moves proves a loss, gets every move."""
    from game.ai.solver.models import make_model

    rng = random.Random(suits * 7)
    pruned = 0
    for state in random_positions("spider", {"suits": suits}, range(1, 4), 150, rng, every=5):
        model = make_model(state)
        model.eager = False
        every = model.moves()
        assert every == model._all_moves()
        model.eager = True
        some = model.moves()
        assert set(some) <= set(every), (set(some) - set(every), str(state))
        assert len(set(some)) == len(some)
        pruned += len(every) - len(some)
    assert pruned > 0


@pytest.mark.parametrize("suits,deal", ((2, 10002), (4, 10002)))
def test_two_and_four_suit_deals_are_won_and_the_lines_win_in_the_core(suits, deal):
    state = new_game("spider", deal, suits=suits)
    v = solve(state, budget_s=30)
    assert_line_wins(state, v)
    assert "by the beam search" in v.reason or "by the restarting" in v.reason, v.reason


def test_the_beam_search_wins_a_four_suit_deal_on_its_own():
    """The beam search alone (the model's own_search, driven to its end) returns a line that
    the model plays to a win."""
    from game.ai.solver.models import make_model

    state = new_game("spider", 10005, suits=4)
    model = make_model(state)
    model.eager = True
    root = model.snapshot()
    search = model.own_search(root)
    made = 0
    try:
        while True:
            made += next(search)
    except StopIteration as e:
        line = e.value
    assert line is not None and made > 0
    model.restore(root)
    for m in line:
        assert m in model.moves() or m == (10, 0, 1), m
        model.apply(m)
    assert model.won()


def test_one_suit_keeps_the_plain_search():
    from game.ai.solver.models import make_model

    model = make_model(new_game("spider", 10001, suits=1))
    assert model.own_search is None
    model.eager = True
    assert model.moves() == model._all_moves()


def test_a_short_last_row_in_a_hand_built_stock_is_dealt_as_the_core_deals_it():
    """A saved position may hold a stock that isn't whole rows (the core deals its last row
    onto the first columns): the model deals it the same way and gives it back on undo; the
    solver thinks about such a position like any other (it raised ValueError)."""
    data = new_game("spider", seed=5).to_dict()
    piles = data["start"]["piles"]
    piles["tableau0"] = piles["tableau0"] + piles["stock"][:3]
    piles["stock"] = piles["stock"][3:]
    data["start"]["down"]["stock"] = len(piles["stock"])
    state = from_dict(data)
    assert len(state.pile["stock"].cards) == 47
    for _ in range(5):  # down to the short row
        if not state.is_legal(state.turn_move("stock")):
            break
        check_position(state)
        state.push(state.turn_move("stock"))
    assert len(state.pile["stock"].cards) == 0  # the last, short row was dealt too
    v = solve(from_dict(data), budget_s=1)
    assert v.status in ("won", "lost", "unknown")
