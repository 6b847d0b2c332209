"""The memory of proofs (game/ai/solver/memory.py, a SolverMemory's ``lost``): what the exact
search proved lost about one position answers later Solvers given the same memory at once, and
it is never wrong.

The exact search records every closed part of what it searched (Tarjan's strongly connected
components whose every way out was searched without a win). The positions those proofs
cover must be lost: checked against a brute-force search of the core, on every position a
few moves from small endgames of each game, after exact searches stopped part way (where a
part not yet closed must not be recorded)."""

from __future__ import annotations

import random
from collections import deque

import pytest

from game.ai.solver import SolverMemory, driver
from game.ai.solver.contract import SolverModel
from game.ai.solver.driver import Solver
from game.ai.solver.models.forty_thieves import FortyThievesModel
from game.ai.solver.settings import Overrides
from game.core import new_game
from tests.ai.solver.test_solver import random_endgame
from tests.ai.solver.test_solver_canfield import endgame as canfield_endgame
from tests.ai.solver.test_solver_dead import tangled
from tests.ai.solver.test_solver_seahaven import endgame as seahaven_endgame
from tests.support.solver_positions import brute_force

BEFORE = "proved lost before"
#: the exact search from the first position (no eager search first)
EXACT_FIRST: Overrides = {"shares": (0.0, 0.0), "best_first_floor_s": 0.0}


@pytest.fixture
def exact_only(monkeypatch):
    """Forty Thieves without its quick proofs (dead ends, the relaxed game), so that its
    jammed positions are searched, cycles of moves between columns and all (the tests give
    their Solvers EXACT_FIRST, and each a memory of its own)."""
    monkeypatch.setattr(FortyThievesModel, "dead", SolverModel.dead)
    monkeypatch.setattr(FortyThievesModel, "relaxed_lost", SolverModel.relaxed_lost)


def _near(state, limit: int):
    """Positions reached from ``state`` by the core's legal moves (breadth first, each once),
    with the history the core keeps."""
    seen, out, todo = {state.key()}, [], deque([state])
    while todo and len(out) < limit:
        s = todo.popleft()
        out.append(s)
        for m in s.legal_moves():
            t = s.copy()
            t.push(m)
            if t.key() not in seen and t.result() is None:
                seen.add(t.key())
                todo.append(t)
    return out


def _states(game: str, trial: int):
    rng = random.Random(trial)
    if game == "seahaven":
        return seahaven_endgame(
            rng, left=42, cells=4, moves=rng.choice((0, 3, 8)), reversed_share=0.7
        )
    if game == "canfield":
        return canfield_endgame(
            rng,
            left=20,
            reserve=rng.choice((10, 12)),
            talon=rng.choice((3, 5)),
            moves=rng.choice((0, 2, 6)),
        )
    return tangled(trial, {"supermove": True} if trial % 3 == 2 else {})


@pytest.mark.slow  # more than 3 s of CPU natively
@pytest.mark.parametrize("game", ["forty-thieves", "seahaven", "canfield"])
def test_every_position_the_memory_calls_lost_is_lost(exact_only, game):
    hits = 0
    for trial in range(40):
        memory = SolverMemory()
        state = _states(game, trial)
        rng = random.Random(trial)
        # stopped part way (or run to the end): only closed parts may have been recorded
        nodes = rng.choice((20, 60, 200, 1000, None))
        Solver(state, 30, nodes, memory=memory, settings=EXACT_FIRST).run()
        for near in _near(state, 60):
            v = Solver(near, budget_s=0.0, memory=memory).verdict
            if v is not None and BEFORE in v.reason:
                hits += 1
                assert brute_force(near.copy(history=False), limit=20_000) is not True, (
                    game,
                    trial,
                    str(near),
                )
    assert hits >= 5, hits  # the memory answered for some positions near the endgames


class GraphModel(SolverModel):
    """A made-up game for the driver alone: positions are the numbers of a graph, a move goes
    along an edge (in the order listed), ``WIN`` is won. Its moves are model moves only (a
    win is never replayed through a core: the verdict is then "unknown")."""

    game_id = "graph (tests)"
    shares = (0.0, 0.0)
    best_first_floor_s = 0.0
    WIN = 99

    def __init__(self, edges):
        self.edges, self.at = edges, 0

    def won(self):
        return self.at == self.WIN

    def on_foundations(self):
        return 0

    def key(self):
        return bytes((self.at,))

    def snapshot(self):
        return self.key()

    def restore(self, snap):
        self.at = snap[0]

    def moves(self):
        return [(self.at, to, 0) for to in self.edges.get(self.at, ())]

    def apply(self, m):
        self.at = m[1]
        return m[0]

    def undo(self, m, rec):
        self.at = rec

    def estimate(self):
        return 0

    def to_core(self, replica, m):
        raise ValueError("a made-up game")


def _proved(monkeypatch, edges, max_nodes=None) -> set:
    """The positions of the graph the memory holds as lost after an exact search from 0."""
    monkeypatch.setattr(driver, "make_model", lambda state: GraphModel(edges))
    memory = SolverMemory()
    Solver(new_game("forty-thieves", 1), budget_s=30, max_nodes=max_nodes, memory=memory).run()
    return {k[0] for k in memory.lost}


def test_a_position_that_leads_back_to_an_open_one_is_not_proved(monkeypatch):
    """1 leads only back to 0, which wins by 2 (searched after 1): 1 is not lost, and
    nothing is recorded."""
    assert _proved(monkeypatch, {0: [1, 2], 1: [0], 2: [GraphModel.WIN]}) == set()


def test_a_closed_cycle_searched_to_the_end_is_proved_lost(monkeypatch):
    """1 and 2 lead to each other and to the dead end 3 only: all three are lost, though 2
    reached 1 while 1 was still open; 0 wins by 4."""
    edges = {0: [1, 4], 1: [2], 2: [1, 3], 3: [], 4: [GraphModel.WIN]}
    assert _proved(monkeypatch, edges) == {1, 2, 3}


def test_a_cycle_through_the_root_is_proved_with_it(monkeypatch):
    """Everything leads back to 0 or ends: the whole graph is lost, the root's part last."""
    edges = {0: [1, 2], 1: [0, 3], 2: [1], 3: []}
    assert _proved(monkeypatch, edges) == {0, 1, 2, 3}


def test_a_search_stopped_part_way_records_only_closed_parts(monkeypatch):
    """Stopped after 4 moves (to 1, 2, 3, and from 2 back to 1: 2 waits for 1 to close):
    only 3, a dead end, is proved."""
    edges = {0: [1, 5], 1: [2, 4], 2: [3, 1], 3: [], 4: [1], 5: [GraphModel.WIN]}
    assert _proved(monkeypatch, edges, max_nodes=4) == {3}
    assert _proved(monkeypatch, edges) == {1, 2, 3, 4}


@pytest.mark.slow  # more than 3 s of CPU natively
def test_a_position_proved_lost_is_answered_at_once_and_so_are_the_positions_after_it():
    """Forty Thieves deal 10137: the exact search proves it lost; then a Solver for it, and
    for the position after any move, answers from the memory without searching."""
    memory = SolverMemory()
    state = new_game("forty-thieves", 10137)
    first = Solver(state, budget_s=60, memory=memory).run()
    assert first.status == "lost", first.reason
    again = Solver(state, budget_s=10, memory=memory)
    assert again.verdict is not None and again.verdict.status == "lost"
    assert BEFORE in again.verdict.reason and again.nodes == 0
    answered = 0
    for move in state.legal_moves():
        after = state.copy()
        after.push(move)
        v = Solver(after, budget_s=0.0, memory=memory).verdict
        answered += v is not None and v.status == "lost"
    assert answered == len(state.legal_moves())


@pytest.mark.slow  # more than 3 s of CPU natively
def test_without_the_memory_nothing_is_carried():
    memory = SolverMemory(keep_proofs=False)
    state = new_game("forty-thieves", 10137)
    assert Solver(state, budget_s=60, memory=memory).run().status == "lost"
    assert Solver(state, budget_s=0.0, memory=memory).verdict is None
    assert not memory.lost


@pytest.mark.slow  # more than 3 s of CPU natively
def test_a_solver_given_no_memory_shares_nothing():
    state = new_game("forty-thieves", 10137)
    assert Solver(state, budget_s=60).run().status == "lost"
    assert Solver(state, budget_s=0.0).verdict is None


def test_another_game_empties_the_memory(exact_only):
    memory = SolverMemory()
    state = random_endgame("forty-thieves", 3)
    Solver(state, budget_s=30, memory=memory, settings=EXACT_FIRST).run()
    Solver(new_game("indian-patience", 1), budget_s=0.0, memory=memory)
    assert not memory.lost
