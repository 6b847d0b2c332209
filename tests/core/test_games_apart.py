"""Each game's rules are its own: no module of game/core/games/ imports another game's (what
games share lives beside the package, in game/core/), and none keeps a module-level cache a
test would have to wipe."""

import ast
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "game" / "core" / "games"


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_game_module_imports_another_games():
    checked = 0
    for path in GAMES_DIR.rglob("*.py"):
        parts = path.relative_to(GAMES_DIR).with_suffix("").parts
        if parts == ("__init__",):
            continue
        own = f"game.core.games.{parts[0]}"
        for name in imported(path):
            if name.startswith("game.core.games."):
                assert name == own or name.startswith(own + "."), f"{path.name} imports {name}"
        checked += 1
    assert checked >= 10


def test_no_game_module_keeps_a_mutable_cache_at_module_level():
    """A module-level dict or list assigned empty is state that fills up as games are played
    (what a test would have to wipe): a cache belongs to a pure function (functools) instead."""
    for path in GAMES_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            empty = isinstance(value, (ast.Dict, ast.List)) and not (
                value.keys if isinstance(value, ast.Dict) else value.elts
            )
            assert not empty, f"{path.name}:{node.lineno} keeps an empty dict or list"
