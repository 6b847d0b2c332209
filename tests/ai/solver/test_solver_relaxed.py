"""Forty Thieves' relaxed game in the stock's order (solver_model's relaxed_lost): a position
it calls lost must really be lost. The truth comes from the solver's exact search with the
relaxed test switched off (that search and the dead-end test are checked against a brute-force
search of the core in test_solver.py and test_solver_dead.py; the positions here are too big
for the brute force). The positions are real deals played at random until a given number of
stock cards is left: the relaxed test has the most to say while much of the stock is still to
come, where the dead-end test (which lets a stock card go anywhere) has little."""

import random
import time

import pytest

from game.ai.solver import solve
from game.ai.solver.driver import Solver
from game.ai.solver.models import make_model
from game.ai.solver.models.forty_thieves import FortyThievesModel
from game.core import new_game


def played_until(deal: int, seed: int, stock_left: int, **options):
    """Deal ``deal`` played at random (a stock turn one time in five when other moves exist)
    until ``stock_left`` stock cards remain."""
    rng = random.Random(seed)
    state = new_game("forty-thieves", deal, **options)
    while len(state.piles()["stock"]) > stock_left:
        moves = state.legal_moves()
        turns = [m for m in moves if m.source == "stock"]
        others = [m for m in moves if m.source != "stock"]
        state.push(rng.choice(others) if others and (not turns or rng.random() < 0.8) else turns[0])
    return state


def exact_verdict(state, monkeypatch, nodes=20_000):
    """The solver's verdict without the relaxed test: True won, False lost, None unknown."""
    with monkeypatch.context() as patch:
        patch.setattr(FortyThievesModel, "relaxed_lost", lambda self: False)
        v = Solver(state.copy(history=False), budget_s=1e9, max_nodes=nodes).run()
    return {"won": True, "lost": False}.get(v.status)


@pytest.mark.slow  # each more than 3 s of CPU natively
@pytest.mark.parametrize("stock_left, beyond_dead", [(20, 5), (8, 1)])
def test_positions_the_relaxed_game_calls_lost_are_really_lost(
    stock_left, beyond_dead, monkeypatch
):
    fired = only_relaxed = checked = 0
    for i in range(50):
        state = played_until(1 + i, i, stock_left)
        model = make_model(state)
        relaxed, dead = model.relaxed_lost(), model.dead()
        truth = exact_verdict(state, monkeypatch)
        if truth is None:
            continue
        checked += 1
        if relaxed:
            fired += 1
            only_relaxed += not dead
            assert truth is False, f"deal {1 + i}: the relaxed test called a won position lost"
    # enough decided positions, and the test finds losses the dead-end test misses
    assert checked >= 20 and fired >= 10 and only_relaxed >= beyond_dead, (
        checked,
        fired,
        only_relaxed,
    )


def test_no_position_along_a_winning_line_is_called_lost():
    """The won side: every position of the lines the solver found for three winnable deals,
    from the deal to the last card, stock order and all."""
    from game.ai.deals import winnable_deals

    positions = 0
    for deal in winnable_deals("forty-thieves")[:3]:
        state = new_game("forty-thieves", deal)
        v = solve(state, budget_s=30)
        assert v.status == "won", deal
        for move in v.line:
            assert not make_model(state).relaxed_lost(), (deal, positions)
            state.push(move)
            positions += 1
    assert positions >= 300


def test_a_card_whose_face_is_home_may_leave_in_the_relaxed_game():
    """The hole the face rule closes. The relaxed game sends the 5S on top of column 0 home
    first; the other 5S then fits no foundation (the second spade foundation is at 2 and its 3
    lies under that 5S) and no 6S ever leaves its pile (both lie under it too). The real game
    sends the 5S of column 1 home instead and wins, as the solver's line (replayed through the
    core) shows: so the relaxed game must let a card go when a copy of its face is home."""
    from tests.support.solver_positions import position

    columns = [
        ["KH0", "5S1"],
        ["QD0", "QD1", "QC0", "QC1", "QH0", "QH1", "6S0", "6S1", "3S1", "5S0"],
        ["KD0"],
        ["KD1"],
        ["KC0"],
        ["KC1"],
        ["KH1"],
        ["KS0"],
        ["QS0", "KS1"],
        ["QS1", "JS0"],
    ]
    stock = ["4S1", "7S0", "7S1", "8S0", "8S1", "9S0", "9S1", "TS0", "TS1", "JS1"][::-1]
    state = position("forty-thieves", columns=columns, stock=stock)
    assert make_model(state).fnd[:2] == [4, 2]
    assert not make_model(state).relaxed_lost()
    assert solve(state, budget_s=10).status == "won"


def test_a_deal_the_relaxed_game_cannot_win_is_proved_lost_at_once():
    """Deal 10177: in the stock's order, no column can ever empty and cards stay short of the
    foundations even when every card that leaves its pile stays available for ever."""
    state = new_game("forty-thieves", 10177)
    assert not make_model(state).dead()
    start = time.process_time()
    v = solve(state, budget_s=10)
    assert v.status == "lost" and v.nodes == 0 and "relaxed" in v.reason
    assert time.process_time() - start < 0.5


def test_a_winnable_deal_is_not_called_lost_by_the_relaxed_game():
    from game.ai.deals import winnable_deals

    for deal in winnable_deals("forty-thieves")[:40]:
        assert not make_model(new_game("forty-thieves", deal)).relaxed_lost(), deal


def test_takeback_turns_the_relaxed_test_off():
    for i in range(10):
        state = played_until(1 + i, i, 8, foundation_takeback=True)
        assert not make_model(state).relaxed_lost()
