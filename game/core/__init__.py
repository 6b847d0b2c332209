"""The rules core: pure Python, no pygame; shared by the client, the AI and the solver.

    from game.core import GAMES, info, new_game, from_dict, IllegalMove, Move, Card
    s = new_game("forty-thieves", seed=123)
    s.legal_moves(); s.push(move); s.pop(); s.is_over(); s.result(); s.piles()
    s.to_dict(); from_dict(d)
    info("forty-thieves").title       # a game's description (core/info.py)

A game is one module here: its rules (pile classes and a few named functions) and its
description (INFO), registering itself in REGISTRY. Every module of this package is imported
below, so a new game's file is all it takes; GAMES lists the games by title.
"""

import importlib
import pkgutil

from .cards import Card
from .info import GameInfo, Option
from .moves import PASS, STOP, IllegalMove, Move
from .state import REGISTRY, Breach, GameState, Result, StopCall, from_dict

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")  # the games register themselves

from .russian_bank import Match  # noqa: E402

GAMES = tuple(sorted(REGISTRY, key=lambda g: REGISTRY[g].INFO.title))
_CLASSES = REGISTRY


def new_game(game_id: str, seed: int = 0, **options) -> GameState:
    """A fresh deal: the same (game_id, seed, options) gives the same deal everywhere, forever.
    An unknown game or option raises ValueError."""
    try:
        cls = _CLASSES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(GAMES)}") from None
    return cls.deal(seed, **options)


def game_class(game_id: str) -> type[GameState]:
    return _CLASSES[game_id]


def info(game_id: str) -> GameInfo:
    """The description of a game: title, blurb, players, options, rules text, table kind.
    An unknown game raises ValueError."""
    cls = _CLASSES.get(game_id) if isinstance(game_id, str) else None
    if cls is None:
        raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(GAMES)}")
    return cls.INFO


__all__ = ["GAMES", "PASS", "STOP", "Breach", "Card", "GameInfo", "GameState", "IllegalMove",
           "Match", "Move", "Option", "Result", "StopCall", "from_dict", "game_class", "info",
           "new_game"]
