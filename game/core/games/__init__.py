"""The games, one module (or package) each, named after the game's id with ``_`` for ``-``: its
rules' code and its description (``INFO``), its class named ``GAME`` (game/core/plugins.py: the
one rule that finds every game's part of a job). Nothing else lives here, and no game imports
another: what games share is in game/core/.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core.plugins import parts

if TYPE_CHECKING:
    from game.core.state import GameState


def classes() -> Mapping[str, type[GameState]]:
    """Every game's class by its id."""
    return {game_id: module.GAME for game_id, module in parts(__name__).items()}
