"""Indian Patience's model is written for speed (cached key parts, a face -> foundation slot
table, moves sorted as ints, its own eager autos and estimate): each agrees exactly with the
plain code it replaced, on random playouts that apply, undo and restore, in both modes, and
through the end of the stock (when every protection ends)."""

import random

import pytest

from game.ai.solver.columns import FOUND, STOCK, WASTE
from game.ai.solver.columns import ColumnGameModel as Model
from game.ai.solver.driver import Solver
from game.ai.solver.models import make_model
from game.core import new_game


def _reference_moves(model):
    """IndianPatienceModel.moves as it was before the speedup: (score, move) pairs sorted."""
    cols, fnd, prot, down = model.cols, model.fnd, model.prot, model.down
    by_rank = {}
    empty = -1
    for i in range(10):
        c = cols[i]
        if c:
            if not prot[i]:
                by_rank.setdefault(c[-1] & 15, []).append(i)
        elif empty < 0 and not model.sp:
            empty = i
    scored = []
    add = scored.append
    sp = model.sp
    if model.waste:
        f = model.waste[-1]
        r = (f & 15) - 1
        s = f >> 4
        s2 = s * 2
        if fnd[s2] == r:
            add((900, (WASTE, FOUND + s2, 1)))
        elif fnd[s2 + 1] == r:
            add((900, (WASTE, FOUND + s2 + 1, 1)))
        for j in by_rank.get(r + 2, ()):
            if cols[j][-1] >> 4 != s:
                add((600, (WASTE, j, 1)))
        if empty >= 0:
            add((150, (WASTE, empty, 1)))
    for i in range(10):
        c = cols[i]
        if not c:
            continue
        f = c[-1]
        n = len(c)
        r = (f & 15) - 1
        s = f >> 4
        s2 = s * 2
        if prot[i]:
            if fnd[s2] == r:
                add((850, (i, FOUND + s2, 1)))
            elif fnd[s2 + 1] == r:
                add((850, (i, FOUND + s2 + 1, 1)))
            continue
        if n == 1:
            leave = 300 if not sp else 0
        elif down[i] == n - 1:
            leave = 200
        else:
            below = c[-2]
            br = (below & 15) - 1
            bs2 = (below >> 4) * 2
            if fnd[bs2] == br or fnd[bs2 + 1] == br:
                leave = 250
            elif br == r + 1 and below >> 4 != s:
                leave = -400
            else:
                leave = 40 - 8 * n
        if fnd[s2] == r:
            add((800 + leave, (i, FOUND + s2, 1)))
        elif fnd[s2 + 1] == r:
            add((800 + leave, (i, FOUND + s2 + 1, 1)))
        for j in by_rank.get(r + 2, ()):
            if j != i and cols[j][-1] >> 4 != s:
                add((400 + leave, (i, j, 1)))
        if empty >= 0 and n > 1:
            add((100 + leave - 200, (i, empty, 1)))
    if sp:
        add((350 if sp > 20 else 200, (STOCK, WASTE, 1)))
    scored.sort(reverse=True)
    return [m for _, m in scored]


def _check(model):
    assert model.key() == model.key_uncached()
    assert model.moves() == _reference_moves(model)
    assert model.estimate() == Model.estimate(model)
    for f in range(64):  # the slot table agrees with foundation_slot
        if 1 <= (f & 15) <= 13 and f >> 4 < 4:
            assert model._to[f] == max(0, model.foundation_slot(f))


def _eager_reference(model, log):
    """The shared eager autos (Model._eager), which the game's own must equal."""
    Model._eager(model, log)


@pytest.mark.parametrize("seed", range(6))
def test_fast_model_agrees_with_the_plain_code(seed):
    rng = random.Random(seed)
    model = make_model(new_game("indian-patience", seed=100 + seed))
    assert model.game_id == "indian-patience"
    stock_ended = False
    snaps = []
    path = []
    for _ in range(2000):
        _check(model)
        if rng.random() < 0.3:  # eager autos: the same moves as the shared code
            before = model.snapshot()
            model.eager = True
            log = []
            model.autos(log)
            after = model.snapshot()
            for m, rec in reversed(log):
                model.undo(m, rec)
            assert model.snapshot() == before
            _check(model)
            ref = []
            _eager_reference(model, ref)
            assert [m for m, _ in ref] == [m for m, _ in log]
            assert model.snapshot() == after
            for m, rec in reversed(ref):
                model.undo(m, rec)
            model.eager = False
        _check(model)
        r = rng.random()
        if r < 0.05:
            snaps.append(model.snapshot())
        elif r < 0.06 and snaps:
            model.restore(rng.choice(snaps))
            path = []
            continue
        elif r < 0.16 and path:
            m, rec = path.pop()
            model.undo(m, rec)
            continue
        moves = model.moves()
        if not moves:
            break
        r = rng.random()
        if r < 0.3 and (STOCK, WASTE, 1) in moves:  # reach the end of the stock
            m = (STOCK, WASTE, 1)
        else:
            m = moves[0] if r < 0.5 else rng.choice(moves)
        path.append((m, model.apply(m)))
        if model.sp == 0:
            stock_ended = True
    assert stock_ended


def test_solver_nodes_are_unchanged_by_the_speedup():
    """Pinned before the speedup: the same deals reach the same verdicts with the same number
    of positions (the best-first search, then the restarting search, for max_nodes)."""
    for deal, nodes, status in ((10016, 1520, "won"), (10028, 669, "won")):
        v = Solver(new_game("indian-patience", deal), budget_s=1e9, max_nodes=200_000).run()
        assert (v.status, v.nodes) == (status, nodes)


def test_guided_restarts_start_below_the_root_and_prove_nothing(monkeypatch):
    """Indian Patience's restarting search may begin a run at a point of the most advanced
    line so far (the model's ``guided``): such runs happen, running out of moves below that
    point does not end the phase or prove a loss, and the verdict is never "lost"."""
    from game.ai.solver.restarting import RestartingSearch

    quick = {"best_first_states": 500, "guided_after": 0, "restart_nodes": 300}
    job = Solver(new_game("indian-patience", 10061), 1e9, 40_000, settings=quick)
    starts = []
    plain = RestartingSearch.start_run
    searches = []

    def start(search):
        plain(search)
        starts.append((search.run.partial, len(search.run.path)))
        searches.append(search)

    monkeypatch.setattr(RestartingSearch, "start_run", start)
    v = job.run()
    assert v.status in ("won", "unknown")
    assert any(partial and depth > 0 for partial, depth in starts)
    assert any(not partial for partial, _ in starts)
    progress = searches[-1].progress
    assert progress.home > 0 and progress.line
