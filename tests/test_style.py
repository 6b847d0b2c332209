"""Style and types, as CI sees them: ruff's lint and format check over every Python file of the
project, and mypy over game/ (pyproject.toml: [tool.ruff], [tool.mypy]; strict on the rules core,
the computer players and solver, and the network floor). Each check can fail: a test shows it
catching what it is there for."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PYTHON_TREES = ["game", "tests", "bench", "testbed", "tools", "web"]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    result = run(str(BIN / "ruff"), "check", *PYTHON_TREES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_file_is_formatted_as_ruff_formats_it():
    result = run(str(BIN / "ruff"), "format", "--check", *PYTHON_TREES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing_in_game():
    result = run(str(BIN / "mypy"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_checks_can_fail(tmp_path):
    """An unused import, a badly formatted line and a wrong type in a strict module are each
    caught, with the project's own settings."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    core = tmp_path / "game" / "core"
    core.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (core / "__init__.py").write_text("")
    (core / "bad.py").write_text("import os\n\n\ndef f(x):\n    return x+1\n")
    assert run(str(BIN / "ruff"), "check", "game", cwd=tmp_path).returncode != 0
    assert run(str(BIN / "ruff"), "format", "--check", "game", cwd=tmp_path).returncode != 0
    typed = run(str(BIN / "mypy"), cwd=tmp_path)
    assert typed.returncode != 0 and "Function is missing a type annotation" in typed.stdout
