"""``python -m bench web [--quick] [--native-python PY]``: native vs WebAssembly.

The same function (``measure``) runs here in CPython and in headless Chromium in Pyodide
(CPython compiled to WebAssembly, as pygbag's runtime is), and the figures are printed side by
side: legal-move generation, random games from the deal to the end, and saving/loading a game
(JSON + the store: an atomic file on the desktop, the page's localStorage in the browser).
The random games are seeded: both sides must play exactly the same moves (``same_games``).
Pyodide is CPython 3.14; ``--native-python python3.13`` (say) runs the native side in another
interpreter, to compare like with like. Every figure is the best of several rounds.
The function is testbed/core_timings.py's. Needs chromium, playwright and Pyodide (see
testbed/browser.py). The last line printed is a JSON object with every figure.
"""

from __future__ import annotations

import json

from testbed.core_timings import GAMES, ROWS, measure


def _native(quick: bool, python: str | None) -> dict:
    """measure() here, or in another interpreter (``--native-python python3.13``: the core and
    storage need nothing outside the standard library)."""
    if not python:
        return measure(quick)
    import os
    import subprocess
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": root}
    code = (
        "import json; from testbed.core_timings import measure; "
        f"print(json.dumps(measure({quick})))"
    )
    done = subprocess.run([python, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    """python -m bench web [--quick] [--native-python PYTHON]"""
    quick = "--quick" in argv
    python = argv[argv.index("--native-python") + 1] if "--native-python" in argv else None
    from testbed.browser import PyodidePage
    from testbed.site import Missing

    native = _native(quick, python)
    try:
        with PyodidePage() as page:
            wasm = page.run(f"from testbed.core_timings import measure\nresult = measure({quick})")
            browser_version = page.page.context.browser.version
    except Missing as e:
        print(f"can't run the browser side: {e}")
        return 1
    print(
        f"native: CPython {native['python']} ({native['platform']});  "
        f"wasm: Pyodide CPython {wasm['python']} in Chromium {browser_version}"
    )
    print(f"{'':26}{'':18}{'native':>12}{'wasm':>12}{'wasm/native':>13}")
    for game_id in GAMES:
        for label, key, unit in ROWS:
            a, b = native[game_id][key], wasm[game_id][key]
            ratio = (b / a) if unit != "/s" else (a / b)
            print(f"{game_id:26}{label:18}{a:>10} {unit:2}{b:>10} {unit:2}{ratio:>11.2f}x")
    for label, key in (
        ("save_game after a move", "save_game_ms"),
        ("load_game (rules check)", "load_game_ms"),
    ):
        a, b = native["save"][key], wasm["save"][key]
        print(
            f"{'save (' + str(native['save']['moves_in_game']) + ' moves)':26}{label:18}"
            f"{a:>10} ms{b:>10} ms{b / a:>11.2f}x"
        )
    print(
        f"(native store: {native['save']['store']}, wasm store: {wasm['save']['store']}; "
        f"best of {native['rounds']} rounds each)"
    )
    same = all(
        native[g]["moves_played"] == wasm[g]["moves_played"]
        and native[g]["moves_found"] == wasm[g]["moves_found"]
        for g in GAMES
    )
    print("same games native and wasm:", same)
    print(
        json.dumps(
            {
                "quick": quick,
                "native": native,
                "wasm": wasm,
                "chromium": browser_version,
                "same_games": same,
            }
        )
    )
    return 0 if same else 1
