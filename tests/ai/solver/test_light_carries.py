"""The "still winnable?" light keeps what it proved while the player plays (game/session/
help.py: the prover, the exact search beside the full Solver from the first slice; the
memory of proofs, game/ai/solver/memory.py, one per table's help)."""

from __future__ import annotations

import pytest

from game.ai.solver.driver import Phase
from game.session.help import SolverHelp
from tests.support.solver_positions import brute_force, position


def built_lost():
    """Indian Patience, lost (the brute force agrees) and proved so only by searching it:
    Kings over every column but two, the hearts Sixes protected while the stock (the hearts
    Fives) lasts, the hearts Fours under Kings."""
    cols = [
        ["QS0", "QH0", "JH0", "TH0", "9H0", "8H0", "7H0", "4H0", "KS0"],
        ["QS1", "QH1", "JH1", "TH1", "9H1", "8H1", "7H1", "4H1", "KS1"],
        ["KH0"],
        ["KH1"],
        ["QD0", "KD0"],
        ["QD1", "KD1"],
        ["QC0", "KC0"],
        ["QC1", "KC1"],
        ["6H0"],
        ["6H1"],
    ]
    return position(
        "indian-patience", columns=cols, stock=["5H0", "5H1"], protected=[False] * 8 + [True, True]
    )


def think_until_decided(help, limit=2000):
    for _ in range(limit):
        v = help.think(20)
        if v is not None:
            return v
    raise AssertionError("no verdict")


@pytest.mark.parametrize("carry", [True, False])
def test_after_a_move_the_light_answers_from_what_it_proved_before(carry):
    state = built_lost()
    assert brute_force(state.copy(history=False)) is False
    help = SolverHelp(keep_proofs=carry)
    help.restart(state)
    assert help.verdict is None  # not proved by a quick test: it has to be searched
    assert think_until_decided(help).status == "lost"
    answered = 0
    for move in state.legal_moves():
        after = state.copy()
        after.push(move)
        help.restart(after)
        v = help.think(0)
        answered += v is not None and v.status == "lost"
    moves = len(state.legal_moves())
    assert answered == (moves if carry else 0), (answered, moves)


def test_the_prover_searches_from_the_first_slice_and_a_win_stays_a_win():
    """The prover has a third of each slice from the start; a win either search finds is
    the light's verdict, and Hint follows its line."""
    state = position("forty-thieves", columns=[["JS1", "QS1"], ["KS1"]])
    help = SolverHelp()
    help.restart(state)
    assert help.prover is not None and help.prover.phase is Phase.FIRST
    v = think_until_decided(help)
    assert v.status == "won"
    assert help.hint(state) == v.line[0]
    assert help.winning_line() == list(v.line)


def test_the_verdict_is_unknown_only_once_both_searches_spent_their_budget():
    from game.core import new_game

    help = SolverHelp(budget_s=0.05)
    help.restart(new_game("forty-thieves", 10001))  # undecided in a twentieth of a second
    v = think_until_decided(help)
    assert v.status == "unknown"
    assert help.job.verdict is not None and help.prover.verdict is not None
