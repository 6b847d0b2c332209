"""The layers of game/ (pyproject.toml, [tool.importlinter]): the rules core imports nothing
above it, the computer players only the core, the session only those, the network floor only
those, storage only the core, and nothing but the client imports pygame; no two modules of a
package import each other (no cycles). Imports inside functions count."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(cwd=ROOT, config=ROOT / "pyproject.toml"):
    return subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), str(config)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(cwd)},
    )


def lint_with(tmp_path, module: str, line: str):
    """lint-imports on a copy of game/ whose ``module`` (a path under game/) ends with a
    function holding ``line`` (an import made inside a function)."""
    import shutil

    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    with open(tmp_path / "game" / module, "a", encoding="utf-8") as f:
        f.write(f"\n\ndef _reaching():\n    {line}  # noqa: F401\n")
    return lint_imports(tmp_path)


def test_every_floor_imports_only_the_floors_below_it():
    result = lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_import_upward_inside_a_function_breaks_the_contract(tmp_path):
    """The contracts can fail: the rules core reaching up to the client, even from inside a
    function, is caught."""
    result = lint_with(tmp_path, "core/__init__.py", "from game.ui import app")
    assert result.returncode != 0
    assert "game.core -> game.ui.app" in result.stdout, result.stdout


def test_a_cycle_inside_a_floor_breaks_the_contract(tmp_path):
    """No two modules of a package import each other, even from inside a function: the
    protocol reaching for the room (which stands on it) is caught."""
    result = lint_with(tmp_path, "net/protocol.py", "from game.net import room")
    assert result.returncode != 0
    assert "No cycles are allowed in game.net" in result.stdout, result.stdout


def test_the_product_reaching_into_the_benchmarks_breaks_the_contract(tmp_path):
    """game/ never imports bench/, testbed/ or tests/ (nothing of theirs ships)."""
    result = lint_with(tmp_path, "net/memory.py", "from testbed.nostr_relay import NostrRelay")
    assert result.returncode != 0
    assert "game.net.memory -> testbed" in result.stdout, result.stdout
