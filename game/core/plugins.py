"""The one rule that finds every game's part of a job.

A job that each game does in its own way has a package of plug-ins, and that package holds one
module (or package) per game and nothing else, named after the game's id with ``_`` for ``-``:

    game/core/games/forty_thieves.py          the rules           GAME   (the class)
    game/ai/solver/models/forty_thieves.py    the solver's model  MODEL  (the class)
    game/ai/players/russian_bank/             computer players    PLAYERS (levels and maker)
    game/ui/layouts/forty_thieves.py          the table's layout  LAYOUT, PORTRAIT

``parts(package)`` imports every one of them once and gives them by game id; ``part(package,
game_id)`` is one game's, or None where the game has none. What a job's modules must hold is
written in the job package's docstring. What the games share lives beside the package, never in
it (game/core/solitaire.py, game/ai/solver/columns.py, game/ai/race/, game/ui/layout_shapes.py).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Mapping
from types import MappingProxyType, ModuleType


def module_name(game_id: str) -> str:
    """The name of a game's module in a plug-in package: "forty-thieves" -> "forty_thieves"."""
    return game_id.replace("-", "_")


@functools.cache
def parts(package: str) -> Mapping[str, ModuleType]:
    """Every game's module in the plug-in package ``package`` (a dotted name), by game id,
    imported once."""
    root = importlib.import_module(package)
    found = {}
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        found[info.name.replace("_", "-")] = importlib.import_module(f"{package}.{info.name}")
    return MappingProxyType(found)


def part(package: str, game_id: str) -> ModuleType | None:
    """One game's module in the plug-in package ``package``, or None where it has none."""
    return parts(package).get(game_id) if isinstance(game_id, str) else None


__all__ = ["module_name", "part", "parts"]
