"""The solver's model of each solitaire, one module per game, named after the game's id with
``_`` for ``-``, naming its class ``MODEL`` (the contract every model keeps:
game/ai/solver/contract.py; the rule that finds them: game/core/plugins.py). Nothing else lives
here: what models share is in game/ai/solver/ (columns.py, talon.py, ...).

    load_models()["forty-thieves"]     # the model class of a game
    make_model(state)                  # the model of a position (ValueError for a game with none)
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.solver.contract import SolverModel
from game.core import GameState
from game.core.plugins import parts


def load_models() -> Mapping[str, type[SolverModel]]:
    """Every solitaire's model class, by game id."""
    return {game_id: module.MODEL for game_id, module in parts(__name__).items()}


def make_model(state: GameState) -> SolverModel:
    """The model of ``state``'s game for this position (ValueError for a game with none)."""
    models = load_models()
    game_id = getattr(state, "game_id", None)
    model = models.get(game_id) if isinstance(game_id, str) else None
    if model is None:
        raise ValueError(f"the solver plays {', '.join(models)}, not {game_id!r}")
    return model(state)


__all__ = ["load_models", "make_model"]
