"""The rules core: pure Python, no pygame; shared by the client, the AI and the solver.

    from game.core import GAMES, new_game, from_dict, IllegalMove, Move, Card
    s = new_game("forty-thieves", seed=123)
    s.legal_moves(); s.push(move); s.pop(); s.is_over(); s.result(); s.piles()
    s.to_dict(); from_dict(d)
"""

from .cards import Card
from .moves import PASS, STOP, IllegalMove, Move
from .state import GameState, Result, from_dict
from .forty_thieves import FortyThieves
from .indian_patience import IndianPatience
from .russian_bank import Breach, Match, RussianBank, StopCall

GAMES = ("forty-thieves", "indian-patience", "russian-bank")
_CLASSES = {cls.game_id: cls for cls in (FortyThieves, IndianPatience, RussianBank)}


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


__all__ = ["GAMES", "PASS", "STOP", "Breach", "Card", "GameState", "IllegalMove", "Match", "Move",
           "Result", "StopCall", "from_dict", "game_class", "new_game"]
