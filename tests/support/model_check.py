"""Checking a game's solver model (game/ai/solver_<game>.py) against the rules core, for the
games that joined the solver with issue 16: at a position, every move the model offers is
legal in the core and reaches the same position there; every legal core move reaches a
position the model reaches too (up to the transpositions its key merges), or changes nothing
the key sees, or goes to a foundation (the model's safe automatic moves play those); undo
gives the position back."""

from __future__ import annotations

from game.ai.solver.driver import Solver
from game.ai.solver.models import make_model
from game.core import Card


def _key_of(model, state) -> bytes:
    """The key ``model`` gives the position of core ``state`` (through its snapshot, so the
    model's own view of the history stays the one it was built with)."""
    here = model.snapshot()
    model.restore(make_model(state).snapshot())
    k = model.key()
    model.restore(here)
    return k


def check_position(state, allow_missing=None) -> int:
    """Assert the model agrees with the core at ``state``; return how many moves it offers.
    ``allow_missing(state, move)``: core moves the model may leave out for a reason of its
    own (beyond foundation moves and moves that change nothing)."""
    model = make_model(state)
    before = model.snapshot()
    here = model.key()
    reached = set()
    offered = model.moves()
    for m in offered:
        mv = model.to_core(state, m)
        assert state.is_legal(mv), (m, mv, state.why_illegal(mv))
        rec = model.apply(m)
        reached.add(model.key())
        after = state.copy(history=False)
        after.push(mv)
        assert make_model(after).snapshot() == model.snapshot(), (m, mv)
        model.undo(m, rec)
        assert model.snapshot() == before, m
    log: list = []
    model.autos(log)  # the automatic moves are legal in the core, one after the other
    replica = state.copy(history=False)
    shadow = make_model(replica)
    for m, _ in log:
        mv = shadow.to_core(replica, m)
        assert replica.is_legal(mv), (m, mv)
        replica.push(mv)
        shadow.apply(m)
    for m, rec in reversed(log):
        model.undo(m, rec)
    assert model.snapshot() == before
    assert_core_moves_covered(model, state, reached | {here}, allow_missing)
    return len(offered)


def assert_core_moves_covered(model, state, keys, allow_missing=None) -> None:
    """Every legal core move at ``state`` but a foundation move reaches a position whose
    key (``model``'s) is in ``keys``, or is one ``allow_missing(state, move)`` lets off."""
    for mv in state.legal_moves():
        if mv.target.startswith("foundation"):
            continue
        after = state.copy(history=False)
        after.push(mv)
        if _key_of(model, after) in keys:
            continue
        assert allow_missing is not None and allow_missing(state, mv), (
            f"the model misses {mv} at\n{state}"
        )


def random_positions(game_id, options, seeds, steps, rng, every=1):
    """Core positions met along random games (random legal moves), every ``every`` moves."""
    from game.core import new_game

    for seed in seeds:
        state = new_game(game_id, seed, **options)
        for step in range(steps):
            if state.is_over():
                break
            if step % every == 0:
                yield state
            state.push(rng.choice(state.legal_moves()))


def check_random_games(game_id, seeds, steps, rng) -> tuple[int, int]:
    """``check_position`` at every position of random games (``random_positions``, default
    options): (how many moves the model offered, at how many positions its root was exact:
    the deal's history refused moves there)."""
    offered = exact = 0
    for state in random_positions(game_id, {}, seeds, steps, rng):
        offered += check_position(state)
        exact += make_model(state).exact_root
    return offered, exact


def off_the_foundations(rng, left: int) -> tuple[dict, list]:
    """An endgame's start: ``left`` cards off the foundations (the top ranks of random suits,
    an Ace left on each): the foundation piles (base rank Ace), and the cards off them,
    shuffled, for the caller to deal."""
    heights = [13] * 4
    for _ in range(left):
        s = rng.choice([i for i in range(4) if heights[i] > 1])
        heights[s] -= 1
    out = [Card(r, "SHDC"[s], 0).code for s in range(4) for r in range(heights[s] + 1, 14)]
    rng.shuffle(out)
    piles = {
        f"foundation{s}": [Card(r, "SHDC"[s], 0).code for r in range(1, heights[s] + 1)]
        for s in range(4)
    }
    return piles, out


def assert_line_wins(state, verdict) -> None:
    """A "won" verdict's line replays through the core's push to a win."""
    assert verdict.status == "won" and verdict.line
    s = state.copy(history=False)
    for mv in verdict.line:
        s.push(mv)
    assert s.result() is not None and s.result().status == "won"


def solve(state, budget_s=10.0, max_nodes=None):
    return Solver(state, budget_s=budget_s, max_nodes=max_nodes).run()


def verdicts_against_brute_force(
    states, limit: int = 1500, lost_limit: int | None = None, lost_proved: bool = True
) -> tuple[int, int]:
    """(won, lost): each of ``states`` solved (30 s) and searched by brute force through the
    core (tests/support/solver_positions.py). A win's line wins in the core.

    Without ``lost_limit`` the brute force runs first (``limit`` positions); a position it
    can't decide is left out, and the solver's verdict must be the brute force's. With it,
    the solver runs first and the brute force is given ``limit`` positions after a win,
    ``lost_limit`` after a loss: a win must not be refuted and every verdict must be won or
    lost, a loss confirmed (``lost_proved``; else not refuted)."""
    from tests.support.solver_positions import brute_force

    won = lost = 0
    for trial, state in enumerate(states):
        if lost_limit is None:
            truth = brute_force(state.copy(history=False), limit=limit)
            if truth is None:
                continue
            v = solve(state, budget_s=30)
            assert v.status == ("won" if truth else "lost"), (trial, v.reason, str(state))
        else:
            v = solve(state, budget_s=30)
            truth = brute_force(
                state.copy(history=False), limit=limit if v.status == "won" else lost_limit
            )
            if v.status == "won":
                assert truth in (True, None), (trial, str(state))
            else:
                assert v.status == "lost", (trial, v.reason, str(state))
                assert truth is False or (truth is None and not lost_proved), (
                    trial,
                    v.reason,
                    str(state),
                )
        if v.status == "won":
            assert_line_wins(state, v)
            won += 1
        else:
            lost += 1
    return won, lost


__all__ = [
    "assert_core_moves_covered",
    "assert_line_wins",
    "check_position",
    "check_random_games",
    "off_the_foundations",
    "random_positions",
    "solve",
    "verdicts_against_brute_force",
]
