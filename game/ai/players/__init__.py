"""Which computer players and which solver serve which game: the session asks here, so that
nothing above the AI names a game.

    from game.ai.players import levels, computer_player, solvable
    levels("russian-bank")                    # (Level.EASY, Level.MEDIUM, Level.HARD)
    bot = computer_player("russian-bank", "hard", seed=3)   # .start(state) -> Job, .calls_stop
    solvable("forty-thieves")                 # the solver (Hint, the light, Finish) knows it

Each game's computer players are one package here, named after the game's id with ``_`` for
``-`` (game/core/plugins.py's rule), naming a ``Players`` record ``PLAYERS``; nothing else lives
here (what players share: game/ai/race/, game/ai/jobs.py). ``levels`` are the ones offered to
players (a game may know more, e.g. "greedy" or "oracle" for measurement, which
``computer_player`` also accepts). A level is a ``Level``, whose text ("hard") is what seats and
saves carry; the functions here take that text too and read it once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.jobs import MEASURING, OFFERED, ComputerPlayer, Level, level_named
from game.core.plugins import part


@dataclass(frozen=True)
class Players:
    """A game's computer players: ``make(level, seed)`` builds one; ``levels`` are offered to
    players, ``hidden`` ones only to measurements."""

    make: Callable[[Level, int | None], ComputerPlayer]
    levels: tuple[Level, ...] = OFFERED
    hidden: tuple[Level, ...] = MEASURING


def _players(game_id: str) -> Players | None:
    module = part(__name__, game_id)
    if module is None:
        return None
    players: Players = module.PLAYERS
    return players


def levels(game_id: str) -> tuple[Level, ...]:
    """The levels a player may choose for a computer seat; () when the game has none."""
    entry = _players(game_id)
    return entry.levels if entry else ()


def computer_player(game_id: str, level: Level | str, seed: int | None = None) -> ComputerPlayer:
    """A computer player of ``game_id`` at ``level`` (a Level or its text); ValueError for a
    game without computer players or a level it does not know."""
    entry = _players(game_id)
    if entry is None:
        raise ValueError(f"there is no computer player for {game_id!r}")
    known = level_named(level, entry.levels + entry.hidden)
    if known is None:
        raise ValueError(
            f"unknown level {level!r} for {game_id}; levels: {', '.join(entry.levels)}"
        )
    return entry.make(known, seed)


def solvable(game_id: str) -> bool:
    """Whether the solver (Hint, the "still winnable?" light, Finish) plays this game."""
    from game.ai.solver.models import load_models

    return game_id in load_models()


__all__ = ["Level", "Players", "computer_player", "levels", "solvable"]
