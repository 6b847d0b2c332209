"""The solver's compact copy of the rules agrees with the core, move for move."""

import random

import pytest

from game.core import new_game
from game.ai.solver_model import FOUND, STOCK, WASTE, make_model

GAMES = [("forty-thieves", {}), ("forty-thieves", {"supermove": True}),
         ("forty-thieves", {"foundation_takeback": True}), ("indian-patience", {})]


def _core_name(code):
    if code == WASTE:
        return "waste"
    if code == STOCK:
        return "stock"
    if code >= FOUND:
        return "foundation"
    return f"tableau{code}"


def _kind(name):
    return "foundation" if name.startswith("foundation") else name


def _model_moves(model):
    """Model moves as (source, target kind, count); autos are legal moves too."""
    out = {(_core_name(s), _core_name(d), n) for s, d, n in model.moves()}
    log = []
    model.autos(log)
    for (s, d, n), rec in reversed(log):
        model.undo((s, d, n), rec)
    out |= {(_core_name(s), _core_name(d), n) for (s, d, n), _ in log[:1]}
    return out


def _pruned(state, move):
    """Core moves the model leaves out on purpose: a column's only card to an empty column,
    and all empty columns but the first as targets."""
    piles = state.piles()
    if move.target.startswith("tableau") and not piles[move.target]:
        empties = [n for n in (f"tableau{i}" for i in range(10)) if not piles[n]]
        if move.target != empties[0]:
            return True
        if move.source.startswith("tableau") and len(piles[move.source]) == move.count:
            return True
    return False


def _canon(model):
    return model.key()


@pytest.mark.parametrize("game,options", GAMES)
def test_moves_and_effects_match_the_core(game, options):
    rng = random.Random(7)
    for seed in range(12):
        state = new_game(game, seed=seed, **options)
        for _step in range(400):
            model = make_model(state)
            legal = state.legal_moves()
            if not legal:
                break
            core = {(_kind(m.source), _kind(m.target), m.count) for m in legal if not _pruned(state, m)}
            mine = _model_moves(model)
            assert mine <= {(_kind(m.source), _kind(m.target), m.count) for m in legal}, (seed, state)
            assert core <= mine | {(s, t, n) for s, t, n in core if t == "foundation"}, (seed, state)
            # foundation moves: the model offers every one the core has (as a move or an auto)
            found_core = {(s, n) for s, t, n in core if t == "foundation"}
            found_mine = {(s, n) for s, t, n in mine if t == "foundation"}
            assert found_core == found_mine, (seed, state)
            # play a random core move on both and compare the positions
            move = rng.choice(legal)
            mm = None
            piles = state.piles()
            moved = piles[move.source][-move.count][0].key if move.source != "stock" else None
            for s, d, n in model.moves():
                if moved is not None and model.card_at(s) != moved and n == 1:
                    continue
                if (_core_name(s), _kind(_core_name(d)), n) == (_kind(move.source), _kind(move.target), move.count) \
                        and (d < 10 and f"tableau{d}" == move.target or d >= 10):
                    mm = (s, d, n)
                    break
            state.push(move)
            if mm is not None:
                before = model.snapshot()
                rec = model.apply(mm)
                assert model.key() == make_model(state).key(), (seed, move)
                model.undo(mm, rec)
                assert model.snapshot() == before
