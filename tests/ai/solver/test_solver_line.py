"""Winning lines are shortened before they are reported: no pointless detours for a player
who presses Finish or follows the hints."""

import pytest

from game.ai.solver import SolverMemory, solve
from game.ai.solver.columns import FOUND
from game.ai.solver.line import Meter, cut_loops, drop_moves, shortcuts
from game.ai.solver.models import make_model
from game.core import new_game
from tests.support.positions import run_to_the_end
from tests.support.solver_positions import position


def core_replay(state, model_line):
    """Play model moves through the core (as the solver does); the final core state."""
    core = state.copy(history=False)
    shadow = make_model(core)
    for m in model_line:
        core.push(shadow.to_core(core, m))
        shadow.apply(m)
    return core


def three_spades():
    # KS0, KS1 and QS0 are out; the Queen can go up at once.
    return position("forty-thieves", columns=[["KS0"], ["KS1"], ["QS0"]])


def found(model, col):
    return (col, model.foundation_slot(model.cols[col][-1]), 1)


def test_a_loop_is_cut():
    state = three_spades()
    model = make_model(state)
    root = model.snapshot()
    # the Queen wanders: onto one King, onto the other, back to an empty column; then the win
    line = [(2, 0, 1), (0, 1, 1), (1, 2, 1)]
    for m in line:
        model.apply(m)
    for col in (2, 0, 1):
        m = found(model, col)
        line.append(m)
        model.apply(m)
    assert model.won()
    short = run_to_the_end(cut_loops(model, root, line))
    assert len(short) == 3 and all(d >= FOUND for _, d, _ in short)
    assert core_replay(state, short).result().status == "won"


@pytest.mark.parametrize("passes", ["shortcuts", "drop"])
def test_a_move_the_rest_does_not_need_is_dropped(passes):
    state = three_spades()
    model = make_model(state)
    root = model.snapshot()
    line = [(2, 0, 1)]  # the Queen onto a King first: needless
    model.apply(line[0])
    for col in (0, 0, 1):
        m = found(model, col)
        line.append(m)
        model.apply(m)
    assert model.won() and len(line) == 4
    if passes == "shortcuts":
        short = run_to_the_end(shortcuts(model, root, line))
    else:
        short = run_to_the_end(drop_moves(model, root, line, Meter(1.0)))
    assert len(short) == 3
    assert core_replay(state, short).result().status == "won"


@pytest.mark.parametrize("game,deal", [("indian-patience", 10002), ("forty-thieves", 2)])
def test_reported_lines_are_shorter_than_found_and_never_repeat_a_position(game, deal):
    from game.ai.solver.driver import Solver

    state = new_game(game, deal)  # solved afresh: the Solver has a memory of its own
    job = Solver(state, budget_s=20)
    v = job.run()
    assert v.status == "won"
    assert len(v.line) < job.found_length
    s = state.copy(history=False)
    keys = {s.key()}
    for move in v.line:
        s.push(move)
        assert s.key() not in keys  # no position comes back
        keys.add(s.key())
    assert s.result().status == "won"


def test_shorten_keeps_every_line_a_win_on_mid_game_positions():
    memory = SolverMemory()  # the positions along a line found are answered from it
    state = new_game("indian-patience", 4)
    v = solve(state, budget_s=20, memory=memory)
    assert v.status == "won"
    for cut in (len(v.line) // 3, 2 * len(v.line) // 3):
        mid = state.copy(history=False)
        for move in v.line[:cut]:
            mid.push(move)
        v2 = solve(mid, budget_s=20, memory=memory)
        assert v2.status == "won" and len(v2.line) <= len(v.line) - cut
        for move in v2.line:
            mid.push(move)
        assert mid.result().status == "won"
