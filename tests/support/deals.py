"""Find deals by what a test needs of them, not by number.

A test states its requirement as a predicate on the fresh core state (``new_game``); the first
deal number that satisfies it is used. The predicate returns something falsy for "no", or what
it found (a pile name, a move, ``True``), which the test then uses instead of hard-coded names.
Deal numbers are fixed forever (the core's promise), so the search always gives the same answer;
results are cached for the whole test session.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from game.core import Move, new_game

Predicate = Callable[[Any], Any]


class SolverClock:
    """A clock for the solver that is a counter: each reading is ``TICK`` seconds after the
    last. The solver reads its clock once per position it expands, so a slice of ``ms``
    thinking expands about ``ms / TICK / 1000`` positions, whatever the machine: a fast one
    can't decide in the first frame what a slow one needs ten frames for."""

    TICK = 0.001  # one position a millisecond: slower than any machine, so thinking shows

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.TICK
        return self.now


def find(
    game_id: str, predicate: Predicate, options: dict | None = None, limit: int = 5000
) -> tuple[int, Any]:
    """(deal number, what the predicate returned) for the first deal from 1 that satisfies
    ``predicate``. Raises LookupError if none of the first ``limit`` deals does."""
    return _find(game_id, predicate, tuple(sorted((options or {}).items())), limit)


def find_deal(
    game_id: str, predicate: Predicate, options: dict | None = None, limit: int = 5000
) -> int:
    """The first deal number whose fresh state satisfies ``predicate``."""
    return find(game_id, predicate, options, limit)[0]


@cache
def _find(game_id, predicate, options, limit):
    for seed in range(1, limit + 1):
        found = predicate(new_game(game_id, seed, **dict(options)))
        if found:
            return seed, found
    raise LookupError(
        f"no {game_id} deal among the first {limit} satisfies "
        f"{getattr(predicate, '__name__', predicate)}"
    )


@cache
def solver_deal(game_id: str, min_nodes: int = 1000, max_nodes: int = 5000, tries: int = 20):
    """(deal number, verdict) of the first listed winnable deal (the quickest ones recorded when
    the list was built first) that the real solver wins after searching between ``min_nodes``
    and ``max_nodes`` positions: enough that it thinks over a few 3 ms frames, few enough that
    a test does not wait. Node counts, not seconds, decide, so the answer is the same on any
    machine. Only the first ``tries`` listed deals are tried (every game that has such a deal
    has one among its first 13; Spider's are all slower, and trying its 338 took 28 s)."""
    from game.ai.deals import fastest, winnable_deals
    from game.ai.solver.driver import solve

    listed = winnable_deals(game_id)
    for seed in list(dict.fromkeys([*fastest(game_id), *listed]))[:tries]:
        v = solve(new_game(game_id, seed), budget_s=600, max_nodes=max_nodes)
        if v.status == "won" and v.nodes >= min_nodes:
            return seed, v
    raise LookupError(
        f"no listed {game_id} deal is won by the solver in {min_nodes}..{max_nodes} positions"
    )


def table_deal(game_id: str, options: dict | None = None, min_nodes: int = 200) -> int:
    """The first deal the table's solver (its budget, on the steady clock the tests give it)
    wins after a search of ``min_nodes`` positions or more: the same deal on any machine.
    Every game the solver plays has one among its first 59 deals (test_ui_solver_games)."""
    from game.ai.solver.driver import solve
    from game.session.help import BUDGET_S

    for seed in range(1, 60):
        state = new_game(game_id, seed, **(options or {}))
        v = solve(state, budget_s=BUDGET_S, clock=SolverClock())
        if v.status == "won" and v.nodes >= min_nodes:
            return seed
    raise LookupError(f"no {game_id} deal won by the table's solver")


def slip_for_player_0(state):
    """Russian Bank (STOP! mode): player 0 starts and turning the hand card would break
    priority (b). Plays that slip."""
    turn = Move("hand0", "hand0")
    if state.current_player != 0 or turn not in state.breach_moves():
        return None
    state.push(turn, breach=True)
    return state.breach.rule == "b"
