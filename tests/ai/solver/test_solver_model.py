"""The solver's compact copy of the rules agrees with the core, move for move."""

import random

import pytest

from game.ai.solver.columns import FOUND, STOCK, WASTE, ColumnGameModel
from game.ai.solver.models import load_models, make_model
from game.core import new_game
from tests.support.positions import cases, option_variants

# the games whose model is solver_columns' (its pile codes and card_at: Forty Thieves, Indian
# Patience), in each option's every choice; the other models: model_check in their own tests
COLUMN_GAMES = {g for g, m in load_models().items() if issubclass(m, ColumnGameModel)}
GAMES = [c for c in cases(option_variants) if c.values[0] in COLUMN_GAMES]


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
            core = {
                (_kind(m.source), _kind(m.target), m.count) for m in legal if not _pruned(state, m)
            }
            mine = _model_moves(model)
            assert mine <= {(_kind(m.source), _kind(m.target), m.count) for m in legal}, (
                seed,
                state,
            )
            assert core <= mine | {(s, t, n) for s, t, n in core if t == "foundation"}, (
                seed,
                state,
            )
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
                if (_core_name(s), _kind(_core_name(d)), n) == (
                    _kind(move.source),
                    _kind(move.target),
                    move.count,
                ) and (d < 10 and f"tableau{d}" == move.target or d >= 10):
                    mm = (s, d, n)
                    break
            state.push(move)
            if mm is not None:
                before = model.snapshot()
                rec = model.apply(mm)
                assert model.key() == make_model(state).key(), (seed, move)
                model.undo(mm, rec)
                assert model.snapshot() == before


# ---------------------------------------------------------------------- the contract (issue 24)
def test_every_model_keeps_the_contract():
    """Each registered model is a complete SolverModel for its own game id, in its own module
    game/ai/solver/models/<game>.py, with search settings the driver can use."""
    import inspect

    from game.ai.solver.contract import SolverModel
    from game.ai.solver.models import load_models
    from game.ai.solver.settings import Settings

    models = load_models()
    assert models
    for game_id, cls in models.items():
        assert issubclass(cls, SolverModel) and not inspect.isabstract(cls), game_id
        assert cls.game_id == game_id
        assert cls.__module__ == f"game.ai.solver.models.{game_id.replace('-', '_')}", (
            cls.__module__
        )
        model = cls(new_game(game_id, 1))
        settings = Settings.of(model)
        for name in ("shares", "best_first_floor_s", "luby_cap", "shuffle", "guided"):
            assert getattr(settings, name) == getattr(model, name) is not None, (game_id, name)
        assert settings.guided_after == model.guided_after is not None, game_id
        first, second = model.shares
        assert 0 <= first and 0 <= second and first + second <= 1, (game_id, model.shares)


def test_a_model_file_holds_one_game():
    """One file per game's model: no module registers two games."""
    from game.ai.solver.models import load_models

    modules = [cls.__module__ for cls in load_models().values()]
    assert len(modules) == len(set(modules)), modules


def test_the_solver_reads_its_settings_from_the_model():
    """The settings live on the model (defaults in the contract); a Solver's ``settings``
    only replace some, for tests and experiments."""
    from game.ai.solver.driver import Solver
    from game.ai.solver.models.indian_patience import IndianPatienceModel

    job = Solver(new_game("indian-patience", 10001), budget_s=10)
    settings = job.settings
    assert (settings.luby_cap, settings.shuffle, settings.guided, settings.guided_after) == (
        IndianPatienceModel.luby_cap,
        IndianPatienceModel.shuffle,
        IndianPatienceModel.guided,
        IndianPatienceModel.guided_after,
    )
    assert job.first_until_s == 10 * IndianPatienceModel.shares[0]

    other = Solver(new_game("indian-patience", 10001), budget_s=10, settings={"shuffle": 0.9})
    assert other.settings.shuffle == 0.9


def test_the_solver_reaches_no_private_name_of_the_core():
    """No solver module imports a name starting with "_" from game.core."""
    import ast
    from pathlib import Path

    import game.ai.solver

    paths = sorted(Path(game.ai.solver.__file__).parent.rglob("*.py"))
    assert len(paths) > 10
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.core"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, (path.name, node.module, private)


def test_a_model_imports_no_other_model():
    """A game's model imports the contract and the shared machinery (game/ai/solver/*.py),
    never another game's model."""
    import ast
    from pathlib import Path

    import game.ai.solver.models

    folder = Path(game.ai.solver.models.__file__).parent
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.startswith("game.ai.solver.models"), (path.name, module)
