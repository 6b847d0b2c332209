"""A game's decision timing run in CPython compiled to WebAssembly (Pyodide under Node, as the
browser runs the game): the game's pure packages (game/core, game/ai), this package and what it
imports of the testbed are copied into Pyodide's file system, and the game's benchmark module's
``decision_times`` runs there. Needs node and ``npm ci --prefix web/pyodide``; without them the
figures say why they are missing (``{"skipped": ...}``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# what runs in Pyodide: a file, or a folder's Python files however deep
SOURCES = (
    "game/__init__.py",
    "game/core",
    "game/ai",
    "bench/__init__.py",
    "bench/ai",
    "testbed/__init__.py",
    "testbed/measuring.py",
    "testbed/slips.py",
)
NODE_RUNNER = r"""
const fs = require("fs");
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = require(job.pyodide);
(async () => {
  const t0 = Date.now();
  const py = await loadPyodide();
  const loadMs = Date.now() - t0;
  for (const [name, text] of Object.entries(job.files)) {
    const dir = "/home/pyodide/pp/" + name.split("/").slice(0, -1).join("/");
    py.FS.mkdirTree(dir);
    py.FS.writeFile("/home/pyodide/pp/" + name, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/pp')");
  const out = py.runPython(job.code);
  console.log(JSON.stringify({ load_ms: loadMs, result: JSON.parse(out) }));
})().catch((e) => { console.error(String(e)); process.exit(1); });
"""


def find_pyodide() -> Path | None:
    candidates = [
        os.environ.get("PARLOUR_PYODIDE_DIR"),
        os.environ.get("PYODIDE_DIR"),
        ROOT / "web" / "pyodide" / "node_modules" / "pyodide",  # npm ci --prefix web/pyodide
        ROOT / "node_modules" / "pyodide",
        Path.cwd() / "node_modules" / "pyodide",
    ]
    for c in candidates:
        if c and (Path(c) / "pyodide.js").exists():
            return Path(c)
    return None


def sources() -> dict[str, str]:
    """SOURCES' files: path from the project's folder -> text."""
    files = {}
    for sub in SOURCES:
        path = ROOT / sub
        for each in [path] if sub.endswith(".py") else sorted(path.rglob("*.py")):
            files[each.relative_to(ROOT).as_posix()] = each.read_text(encoding="utf-8")
    return files


def wasm_times(module: str, games: int, first_seed: int, timeout: float = 900.0) -> dict:
    """``module``'s ``decision_times(games, first_seed)`` (``module``: a game's benchmark,
    "bench.ai.russian_bank"), run in Pyodide (CPython in WebAssembly) under Node."""
    node = shutil.which("node")
    pyodide = find_pyodide()
    if not node:
        return {"skipped": "node is not installed"}
    if not pyodide:
        return {
            "skipped": "pyodide is not installed: run `npm ci --prefix web/pyodide` in "
            f"{ROOT} (or set PARLOUR_PYODIDE_DIR)"
        }
    code = (
        f"import json, sys\nfrom {module} import decision_times\n"
        f"r = decision_times(games={games}, first_seed={first_seed})\n"
        "r['python'] = sys.version.split()[0]; r['platform'] = sys.platform\n"
        "json.dumps(r)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.js"
        runner.write_text(NODE_RUNNER)
        spec = Path(tmp) / "job.json"
        spec.write_text(json.dumps({"pyodide": str(pyodide), "files": sources(), "code": code}))
        try:
            proc = subprocess.run(
                [node, str(runner), str(spec)], capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return {"skipped": f"Pyodide run took longer than {timeout:.0f} s"}
    if proc.returncode != 0:
        return {"skipped": "the Pyodide run failed: " + proc.stderr.strip()[-400:]}
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    out = data["result"]
    out["pyodide_load_ms"] = data["load_ms"]
    return out
