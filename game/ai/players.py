"""Which computer players and which solver serve which game: the session asks here, so that
nothing above the AI names a game.

    from game.ai.players import levels, computer_player, solvable
    levels("russian-bank")                    # ("easy", "medium", "hard"): what a player picks
    bot = computer_player("russian-bank", "hard", seed=3)   # .start(state) -> Job, .calls_stop
    solvable("forty-thieves")                 # the solver (Hint, the light, Finish) knows it

A computer player module registers itself with ``register`` when it is imported (every module
of game.ai is imported on the first question, so a new player's file is all it takes);
``levels`` are the ones offered to players (a module may know more, e.g. "greedy" or "oracle"
for measurement, which ``computer_player`` also accepts).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Callable

_PLAYERS: dict[str, tuple[Callable, tuple[str, ...], tuple[str, ...]]] = {}


def register(game_id: str, make: Callable, levels: tuple[str, ...],
             hidden: tuple[str, ...] = ()) -> None:
    """``make(level, seed)`` builds a computer player for ``game_id``."""
    _PLAYERS[game_id] = (make, tuple(levels), tuple(hidden))


_loaded = False


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        package = __name__.rsplit(".", 1)[0]
        for module in pkgutil.iter_modules(importlib.import_module(package).__path__):
            importlib.import_module(f"{package}.{module.name}")


def levels(game_id: str) -> tuple[str, ...]:
    """The levels a player may choose for a computer seat; () when the game has none."""
    _load()
    entry = _PLAYERS.get(game_id)
    return entry[1] if entry else ()


def computer_player(game_id: str, level: str, seed: int | None = None):
    _load()
    entry = _PLAYERS.get(game_id)
    if entry is None:
        raise ValueError(f"there is no computer player for {game_id!r}")
    make, offered, hidden = entry
    if level not in offered + hidden:
        raise ValueError(f"unknown level {level!r} for {game_id}; levels: {', '.join(offered)}")
    return make(level, seed)


def solvable(game_id: str) -> bool:
    """Whether the solver (Hint, the "still winnable?" light, Finish) plays this game."""
    from .solver_model import load_models
    return game_id in load_models()


__all__ = ["computer_player", "levels", "register", "solvable"]
