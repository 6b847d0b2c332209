"""The driver's parts on their own (game/ai/solver/): the words a verdict carries, the memory a
table's help owns, the settings a Solver reads, and each search's ``step(deadline)``."""

import json
import time

import pytest

from game.ai.solver import Solver, SolverMemory, Status, Verdict
from game.ai.solver.best_first import BestFirstSearch
from game.ai.solver.contract import Shortening
from game.ai.solver.depth_first import ExactSearch
from game.ai.solver.driver import Phase
from game.ai.solver.memory import Proofs
from game.ai.solver.models import make_model
from game.ai.solver.search import SearchRoot, Step, Tally
from game.ai.solver.settings import Settings
from game.core import Move, new_game
from tests.support.solver_positions import position

#: a clock that stands still: a deadline of 1.0 is never reached
STILL = lambda: 0.0  # noqa: E731


def test_a_verdict_s_status_is_the_text_records_hold():
    """bench/solver.py's records (bench/data/verdicts.jsonl) hold the status as its text."""
    assert [s.value for s in Status] == ["won", "lost", "unknown"]
    assert json.dumps({"status": Status.LOST}) == '{"status": "lost"}'
    assert Verdict("won").status is Status.WON  # a text will do when making one
    assert not Verdict(Status.UNKNOWN).decided and Verdict(Status.LOST).decided


def test_the_contract_s_words():
    assert [s.value for s in Shortening] == ["none", "loops", "all"]
    assert {s.value for s in Phase} == {"first", "restarting", "exact", "done"}


def test_the_memory_remembers_lines_up_to_its_cap():
    memory = SolverMemory(lines_max=3)
    line = (Move("stock", "waste"), Move("waste", "foundation0"))
    keys = [("g", (), "a", None), ("g", (), "b", None)]
    memory.remember_line(keys, line)
    assert memory.line_from(keys[1]) == [line[1]]
    assert memory.line_from(keys[0]) == list(line)
    memory.remember_line([("g", (), "c", None), ("g", (), "d", None)], line)  # 4 > 3: emptied
    assert memory.line_from(keys[0]) is None
    assert memory.line_from(("g", (), "d", None)) == [line[1]]


def test_the_proofs_belong_to_one_game_and_option_set():
    memory = SolverMemory()
    table = memory.proofs(("forty-thieves", ()))
    table[b"x"] = None
    assert memory.proofs(("forty-thieves", ())) is table and b"x" in table
    assert not memory.proofs(("forty-thieves", (("supermove", True),)))
    assert not table  # the same table, emptied: the searches of the old owner see that too


def test_settings_are_the_model_s_unless_replaced():
    model = make_model(new_game("indian-patience", 1))
    plain = Settings.of(model)
    assert (plain.shares, plain.shuffle) == (model.shares, model.shuffle)
    assert plain.restart_nodes == 3000 and plain.eager
    other = Settings.of(model, {"shuffle": 0.9, "restart_nodes": 10})
    assert (other.shuffle, other.restart_nodes, other.shares) == (0.9, 10, model.shares)
    with pytest.raises(TypeError):
        Settings.of(model, {"no such setting": 1})


def _root(state):
    """The root every search of ``state`` starts from (its automatic moves played), as the
    Solver makes it, on a clock that stands still."""
    model = make_model(state)
    log: list = []
    model.autos(log)
    moves = tuple(m for m, _ in log)
    proofs = Proofs.of(SolverMemory(), state, model, model.history_tag())
    return SearchRoot(model, moves, model.snapshot(), Tally(), proofs, STILL)


def test_a_search_step_says_it_needs_more_time_at_its_deadline():
    root = _root(new_game("forty-thieves", 1))
    root.model.eager = True
    tally = root.tally
    search = BestFirstSearch(root, root.model.estimate(), 10**6)
    assert search.step(0.0) is Step.MORE and tally.nodes == 0  # the deadline has come
    tally.max_nodes = 500
    assert search.step(1.0) is Step.MORE and 500 <= tally.nodes < 600  # the cap on positions


def test_a_search_step_finds_a_win():
    state = position("forty-thieves", columns=[["JS1", "QS1"], ["KS1"]])
    root = _root(state)
    root.model.eager = True
    search = BestFirstSearch(root, root.model.estimate(), 10**6)
    assert search.step(1.0) is Step.WON and search.win


def test_the_exact_search_proves_a_loss_and_records_it():
    cols = [
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
    state = position("forty-thieves", columns=cols, stock=["KD0", "KD1"])
    root = _root(state)
    search = ExactSearch(root)
    assert search.step(1.0) is Step.LOST
    assert root.proofs.table  # the closed parts it searched, for the Solvers after it


def test_a_solver_s_phases_follow_one_another():
    """The first search, the restarting one, the exact one, each in its share of the budget
    (a counting clock: a tenth of a millisecond a reading)."""
    ticks = iter(range(1, 10**9))
    job = Solver(new_game("forty-thieves", 1), budget_s=4.0, clock=lambda: next(ticks) / 10_000)
    seen = [job.phase]
    while job.think(5) is None:
        if job.phase is not seen[-1]:
            seen.append(job.phase)
    assert seen == [Phase.FIRST, Phase.RESTARTING, Phase.EXACT]
    assert job.verdict is not None and job.verdict.status is Status.UNKNOWN


def test_the_clock_given_is_the_one_the_budget_is_counted_on():
    state = new_game("forty-thieves", 1)
    v = Solver(state, budget_s=0.2, clock=time.process_time).run()
    assert v.status is Status.UNKNOWN and v.seconds >= 0.2
