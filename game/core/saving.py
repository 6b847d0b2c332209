"""A saved game read back: ``from_dict`` rebuilds a state from what ``GameState.to_dict`` wrote,
checking every part of it (the game, the deal, the options, the start, each move replayed)."""

from __future__ import annotations

from game.core.games import classes
from game.core.state import FORMAT, GameState, rebuild


def from_dict(data) -> GameState:
    """Rebuild a state saved with ``to_dict``. Malformed data raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(
            f"unknown save format {data.get('format')!r} (this version reads {FORMAT})"
        )
    cls = classes().get(data.get("game")) if isinstance(data.get("game"), str) else None
    if cls is None:
        raise ValueError(f"unknown game {data.get('game')!r}")
    return rebuild(cls, data)


__all__ = ["from_dict"]
