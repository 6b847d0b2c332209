"""Forty Thieves dead ends: a position the solver's quick test calls lost (some card can never
leave its pile) must really be lost, by a brute-force search of the core. The positions are
built so that the test has something to say: every column holds cards, high cards of a suit
lie on its low ones, and a few random changes make some of them winnable."""

import random

import pytest

from game.ai.solver import solve
from game.ai.solver.models import make_model
from tests.support.solver_positions import brute_force, position

RANKS = "A23456789TJQK"


# Spades stacked Ace-up under their own higher cards, Kings on Queens: no column can empty.
JAMMED = [
    [f"{r}S0" for r in "A23456"],
    [f"{r}S1" for r in "A23456"],
    ["QH0", "KH0"],
    ["QH1", "KH1"],
    ["JD0", "QD0"],
    ["JD1", "QD1"],
    ["QC0", "KC0"],
    ["QC1", "KC1"],
    [f"{r}S0" for r in "789TJQK"],
    [f"{r}S1" for r in "789TJQK"],
]
JAMMED_STOCK = ["KD0", "KD1"]


def tangled(seed, options=None):
    """The jammed position above with a few cards swapped or moved at random (some of these
    are lost, some are won)."""
    rng = random.Random(seed)
    columns = [list(c) for c in JAMMED]
    stock = list(JAMMED_STOCK)
    waste = []
    for _ in range(rng.randrange(0, 3)):
        kind = rng.random()
        a, b = rng.randrange(10), rng.randrange(10)
        if kind < 0.5:  # swap two cards anywhere in the columns
            i, j = rng.randrange(len(columns[a])), rng.randrange(len(columns[b]))
            columns[a][i], columns[b][j] = columns[b][j], columns[a][i]
        elif kind < 0.8 and len(columns[a]) > 1:  # a top card onto another column
            columns[b].append(columns[a].pop())
        elif len(columns[a]) > 1:  # a top card to the waste or the stock
            (waste if rng.random() < 0.6 else stock).append(columns[a].pop())
    return position(
        "forty-thieves", columns=columns, waste=waste, stock=stock, options=options or {}
    )


@pytest.mark.slow  # 8 and 35 s natively
@pytest.mark.parametrize("options", [{}, {"supermove": True}])
def test_dead_ends_are_really_lost(options):
    fired = checked = 0
    for seed in range(60):
        state = tangled(seed, options)
        truth = brute_force(state.copy(history=False), limit=5_000)
        if truth is None:
            continue
        checked += 1
        if make_model(state).dead():
            fired += 1
            assert truth is False, seed
        v = solve(state, budget_s=10)
        assert v.status == ("won" if truth else "lost"), seed
    assert checked >= 30 and fired >= 20, (checked, fired)


def test_takeback_turns_the_dead_end_test_off():
    for seed in range(50):
        assert not make_model(tangled(seed, {"foundation_takeback": True})).dead()


def test_the_quick_exits_give_the_same_answer_as_the_full_test(monkeypatch):
    """dead() first looks for a column that can plainly empty (an empty column, or one card
    that can go home, onto another column's top card, or onto a copy still in the stock) and
    only then shrinks F and G (stuck()). On every position real searches meet, the two agree."""
    from game.ai.solver.models.forty_thieves import FortyThievesModel
    from game.core import new_game

    full, quick = FortyThievesModel.stuck, FortyThievesModel.dead
    seen = {True: 0, False: 0, "shrunk": 0}

    def checked(model):
        if model.eager:  # the searches that look for wins do not ask (see the next test)
            assert quick(model) is False
            return False
        answer = quick(model)  # calls stuck() (counted below) unless a quick exit answers
        assert answer == full(model), str(model)
        seen[answer] += 1
        return answer

    def counted(model):
        seen["shrunk"] += 1
        return full(model)

    monkeypatch.setattr(FortyThievesModel, "dead", checked)
    monkeypatch.setattr(FortyThievesModel, "stuck", counted)
    # only the exact search asks dead() (with eager set it answers at once): search with it
    exact_first = {"shares": (0.0, 0.0), "best_first_floor_s": 0.0}
    for deal in (10001, 10002, 10003, 10006, 10060, 10137):
        solve(new_game("forty-thieves", deal), budget_s=60, max_nodes=15_000, settings=exact_first)
    quick_exits = seen[True] + seen[False] - seen["shrunk"]
    assert seen[True] >= 100 and seen[False] >= 100, seen
    assert quick_exits >= 100 and seen["shrunk"] >= 100, seen


def test_only_the_exact_search_asks_the_dead_end_test():
    """dead() answers False at once with ``eager`` set (the best-first and restarting searches,
    whose running out of moves proves nothing): there the test cost more time than the dead
    subtrees it cut. With ``eager`` unset (the exact search, the root) it is the full test."""
    lost = 0
    for seed in range(30):
        model = make_model(tangled(seed))
        full = model.stuck()
        assert model.dead() is full
        lost += full
        model.eager = True
        assert model.dead() is False
    assert lost >= 10


def test_a_dead_root_is_still_proved_lost_at_once():
    """The root is asked with ``eager`` unset, so a jammed position is lost with no search."""
    state = position("forty-thieves", columns=JAMMED, stock=JAMMED_STOCK)
    v = solve(state, budget_s=5)
    assert v.status == "lost" and v.nodes == 0 and "never leave" in v.reason
