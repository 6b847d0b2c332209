"""Which computer players and which solver serve which game: the session asks here, so that
nothing above the AI names a game.

    from game.ai.players import levels, computer_player, solvable
    levels("russian-bank")                    # ("easy", "medium", "hard"): what a player picks
    bot = computer_player("russian-bank", "hard", seed=3)   # .start(state) -> Job, .calls_stop
    solvable("forty-thieves")                 # the solver (Hint, the light, Finish) knows it

Each game's computer players are one package here, named after the game's id with ``_`` for
``-`` (game/core/plugins.py's rule), naming a ``Players`` record ``PLAYERS``; nothing else lives
here (what players share: game/ai/race/, game/ai/jobs.py). ``levels`` are the ones offered to
players (a game may know more, e.g. "greedy" or "oracle" for measurement, which
``computer_player`` also accepts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.core.plugins import part


class Level(StrEnum):
    """How well a computer player plays. EASY, MEDIUM and HARD are offered to players; GREEDY,
    RANDOM and ORACLE (which sees every hidden card) only to measurements. The text is what
    seats ("computer:hard") and saves carry."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    GREEDY = "greedy"
    RANDOM = "random"
    ORACLE = "oracle"


@dataclass(frozen=True)
class Players:
    """A game's computer players: ``make(level, seed)`` builds one; ``levels`` are offered to
    players, ``hidden`` ones only to measurements."""

    make: Callable[[str, int | None], Any]
    levels: tuple[str, ...]
    hidden: tuple[str, ...] = ()


def _players(game_id: str) -> Players | None:
    module = part(__name__, game_id)
    return None if module is None else module.PLAYERS


def levels(game_id: str) -> tuple[str, ...]:
    """The levels a player may choose for a computer seat; () when the game has none."""
    entry = _players(game_id)
    return entry.levels if entry else ()


def computer_player(game_id: str, level: str, seed: int | None = None):
    entry = _players(game_id)
    if entry is None:
        raise ValueError(f"there is no computer player for {game_id!r}")
    if level not in entry.levels + entry.hidden:
        raise ValueError(
            f"unknown level {level!r} for {game_id}; levels: {', '.join(entry.levels)}"
        )
    return entry.make(level, seed)


def solvable(game_id: str) -> bool:
    """Whether the solver (Hint, the "still winnable?" light, Finish) plays this game."""
    from game.ai.solver.models import load_models

    return game_id in load_models()


__all__ = ["Level", "Players", "computer_player", "levels", "solvable"]
