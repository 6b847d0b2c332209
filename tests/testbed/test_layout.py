"""Where the benchmarks and the testbed stand (docs/testing.md, "Where things live"): bench/
holds the benchmark commands only, each the module (or package) named after its command; what
the tests and the benchmarks share is in testbed/; and neither a test nor the testbed imports
bench/ (bench/ imports the testbed, never the other way). Read from the sources (the AST),
never by importing them; imports inside functions count, and so does a module named to
importlib."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(tree: ast.AST) -> set[str]:
    """Every module a source names to import: import statements anywhere in it (inside
    functions too) and the string given to importlib.import_module or __import__."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def reaching_into_bench(folder: Path) -> list[str]:
    """``path: module`` for every import of bench (or a module of it) in the Python files
    under ``folder``."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name in sorted(imported(tree)):
            if name == "bench" or name.startswith("bench."):
                out.append(f"{path.relative_to(folder.parent).as_posix()}: {name}")
    return out


def test_no_test_imports_the_benchmarks():
    assert reaching_into_bench(ROOT / "tests") == []


def test_the_testbed_never_imports_the_benchmarks():
    assert reaching_into_bench(ROOT / "testbed") == []


def test_an_import_of_the_benchmarks_is_caught_even_inside_a_function(tmp_path):
    """The check can fail: an import inside a function and a module named to importlib are
    seen; a module whose name only begins alike (benchmarks) is not bench."""
    folder = tmp_path / "testbed"
    folder.mkdir()
    (folder / "a.py").write_text("def f():\n    from bench.net import measure\n")
    (folder / "b.py").write_text("import importlib\nm = importlib.import_module('bench.web')\n")
    (folder / "c.py").write_text("import benchmarks\nfrom testbed.measuring import wilson\n")
    assert reaching_into_bench(folder) == ["testbed/a.py: bench.net", "testbed/b.py: bench.web"]


def commands() -> dict[str, str]:
    """bench/__main__.py's COMMANDS (command -> what it measures), read from its source."""
    tree = ast.parse((ROOT / "bench" / "__main__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        targets = getattr(node, "targets", [getattr(node, "target", None)])
        if any(getattr(t, "id", None) == "COMMANDS" for t in targets) and node.value:
            return ast.literal_eval(node.value)
    raise AssertionError("bench/__main__.py has no COMMANDS")


def has_main(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.FunctionDef) and n.name == "main" for n in tree.body)


def test_every_command_is_the_module_named_after_it_with_a_main():
    for command in commands():
        name = command.replace("-", "_")
        module, package = ROOT / "bench" / f"{name}.py", ROOT / "bench" / name / "__init__.py"
        assert module.exists() != package.exists(), command  # one or the other
        assert has_main(module if module.exists() else package), command


def test_bench_holds_the_commands_only():
    """Every module or package directly in bench/ is a command's (what they share with the
    tests or each other lives in testbed/); a command's package holds its parts."""
    names = {command.replace("-", "_") for command in commands()}
    found = {
        path.stem if path.is_file() else path.name
        for path in (ROOT / "bench").iterdir()
        if (path.suffix == ".py" and path.stem not in ("__init__", "__main__"))
        or (path.is_dir() and (path / "__init__.py").exists())
    }
    assert found == names
