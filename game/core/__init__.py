"""The rules core: pure Python, no pygame; shared by the client, the AI and the solver.

    from game.core import GAMES, info, new_game, from_dict, IllegalMove, Move, Card
    s = new_game("forty-thieves", seed=123)
    s.legal_moves(); s.push(move); s.pop(); s.is_over(); s.result(); s.piles()
    s.to_dict(); from_dict(d)
    info("forty-thieves").title       # a game's description (core/info.py)

A game is one module (or package) of game/core/games/: its rules (pile classes and a few named
functions) and its description (INFO), its class named GAME; game/core/plugins.py's rule finds
it, so a new game's file is all it takes. GAMES lists the games by title. What the games share,
by job: piles.py (what a pile is, the column shapes, the words that name a pile), state.py (the
engine: legal moves, push and pop), history.py (the undo operations), saving.py (a save written
and read back), calls.py (calls on broken priorities), result.py (how a game ended), kinds.py
(the kinds of pile), solitaire.py, alternating.py, new_positions.py and race.py (what families
of games share).
"""

from typing import Any

from game.core.calls import Breach, StopCall
from game.core.cards import Card
from game.core.games import classes
from game.core.info import GameInfo, Option
from game.core.match import Match
from game.core.moves import PASS, STOP, IllegalMove, Move
from game.core.result import Result
from game.core.saving import FORMAT, rebuild
from game.core.state import GameState

_CLASSES = classes()
GAMES = tuple(sorted(_CLASSES, key=lambda g: _CLASSES[g].INFO.title))


def new_game(game_id: str, seed: int = 0, **options: Any) -> GameState:
    """A fresh deal: the same (game_id, seed, options) gives the same deal everywhere, forever.
    An unknown game or option raises ValueError."""
    try:
        cls = _CLASSES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(GAMES)}") from None
    return cls.deal(seed, **options)


def from_dict(data: object) -> GameState:
    """Rebuild a state saved with ``GameState.to_dict`` (saving.py), checking every part of it
    (the game, the deal, the options, the start, each move replayed). Malformed data raises
    ValueError."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(
            f"unknown save format {data.get('format')!r} (this version reads {FORMAT})"
        )
    game = data.get("game")
    cls = _CLASSES.get(game) if isinstance(game, str) else None
    if cls is None:
        raise ValueError(f"unknown game {game!r}")
    return rebuild(cls, data)


def game_class(game_id: str) -> type[GameState]:
    return _CLASSES[game_id]


def info(game_id: str) -> GameInfo:
    """The description of a game: title, blurb, players, options, rules text, table kind.
    An unknown game raises ValueError."""
    cls = _CLASSES.get(game_id) if isinstance(game_id, str) else None
    if cls is None:
        raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(GAMES)}")
    return cls.INFO


__all__ = [
    "GAMES",
    "PASS",
    "STOP",
    "Breach",
    "Card",
    "GameInfo",
    "GameState",
    "IllegalMove",
    "Match",
    "Move",
    "Option",
    "Result",
    "StopCall",
    "from_dict",
    "game_class",
    "info",
    "new_game",
]
