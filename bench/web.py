"""``python -m bench web [--quick] [--native-python PY]``: native vs WebAssembly.

The same function (``measure``) runs here in CPython and in headless Chromium in Pyodide
(CPython compiled to WebAssembly, as pygbag's runtime is), and the figures are printed side by
side: legal-move generation, random games from the deal to the end, and saving/loading a game
(JSON + the store: an atomic file on the desktop, the page's localStorage in the browser).
The random games are seeded: both sides must play exactly the same moves (``same_games``).
Pyodide is CPython 3.14; ``--native-python python3.13`` (say) runs the native side in another
interpreter, to compare like with like. Every figure is the best of several rounds.
Needs chromium, playwright and Pyodide (see bench/browser.py). The last line printed is a
JSON object with every figure.
"""

from __future__ import annotations

import json
import platform
import random
import sys
import tempfile
import timeit

GAMES = ("forty-thieves", "indian-patience", "russian-bank")


def _positions(game_id: str, count: int) -> list:
    from game.core import new_game

    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = new_game(game_id, seed=seed)
        for _ in range(rng.randrange(0, 80)):
            legal = state.legal_moves()
            if not legal or state.is_over():
                break
            state.push(rng.choice(legal))
        out.append(state.copy(history=False))
    return out


def _random_game(game_id: str, seed: int, cap: int):
    from game.core import new_game

    rng = random.Random(seed)
    state = new_game(game_id, seed=seed)
    while len(state.history) < cap and not state.is_over():
        legal = state.legal_moves()
        if not legal:
            break
        state.push(rng.choice(legal))
    return state


def _store():
    from game.storage import FileStore, default_store

    if sys.platform == "emscripten":
        return default_store()  # the page's localStorage
    return FileStore(tempfile.mkdtemp(prefix="parlour-bench-"))


def _per_call(fn, rounds: int, at_least: float = 0.02) -> float:
    """Seconds per fn() call, as timeit measures it: calls are repeated until a run lasts
    ``at_least`` seconds (a browser's timer counts in steps of 0.1 ms, too coarse for one short
    call), and the best of ``rounds`` such runs counts (the one least disturbed by whatever
    else the machine is doing)."""
    timer = timeit.Timer(fn)
    number = 1
    while timer.timeit(number) < at_least:
        number *= 2
    return min(timer.repeat(rounds, number)) / number


def measure(quick: bool = False) -> dict:
    """Every figure for this interpreter (best of several rounds): per game, microseconds per
    legal_moves() call, milliseconds per random game and moves per second; save/load times."""
    from game.storage import Saves

    # blocks of at least a few milliseconds: browsers give timers a 0.1 ms resolution
    n_positions, n_games, cap, rounds = (20, 3, 400, 3) if quick else (60, 10, 1000, 5)
    out: dict = {"python": platform.python_version(), "platform": sys.platform, "rounds": rounds}
    for game_id in GAMES:
        positions = _positions(game_id, n_positions)
        found = [0]

        def generate():
            total = 0
            for state in positions:
                state._legal = None  # a real generation, not the position's cached list
                total += len(state.legal_moves())
            found[0] = total

        legal_us = _per_call(generate, rounds) / len(positions) * 1e6
        played = []

        def play():
            played[:] = [len(_random_game(game_id, seed, cap).history) for seed in range(n_games)]

        elapsed = _per_call(play, rounds)
        out[game_id] = {
            "legal_moves_us": round(legal_us, 2),
            "random_game_ms": round(elapsed / n_games * 1e3, 2),
            "random_moves_per_s": round(sum(played) / elapsed),
            "moves_played": played,
            "moves_found": found[0],
        }

    # saving after a move and loading (with the rules check) a game of about 150 moves
    state = _random_game("forty-thieves", 4, 150)
    data = {"state": state.to_dict(), "redo": [], "elapsed": 1.0}
    saves = Saves(_store())
    n = 20 if quick else 50
    counter = iter(range(10**9))

    def save():
        for _ in range(n):
            data["elapsed"] = float(next(counter))  # a new save each time (same ones are skipped)
            saves.save_game("forty-thieves", data)

    loaded = []

    def load():
        for _ in range(n):
            loaded[:] = [Saves(saves.store).load_game("forty-thieves")]

    save_ms = _per_call(save, rounds) / n * 1e3
    load_ms = _per_call(load, rounds) / n * 1e3
    assert loaded[0] is not None and loaded[0]["state"]["moves"] == data["state"]["moves"]
    saves.clear_game("forty-thieves")
    out["save"] = {
        "moves_in_game": len(state.history),
        "save_game_ms": round(save_ms, 3),
        "load_game_ms": round(load_ms, 2),
        "store": type(saves.store).__name__,
        "bytes": len(json.dumps(data)),
    }
    return out


ROWS = [
    ("legal_moves() per call", "legal_moves_us", "us"),
    ("one random game", "random_game_ms", "ms"),
    ("random-game moves", "random_moves_per_s", "/s"),
]


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
    code = f"import json; from bench.web import measure; print(json.dumps(measure({quick})))"
    done = subprocess.run([python, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    """python -m bench web [--quick] [--native-python PYTHON]"""
    quick = "--quick" in argv
    python = argv[argv.index("--native-python") + 1] if "--native-python" in argv else None
    from bench.browser import PyodidePage
    from testbed.site import Missing

    native = _native(quick, python)
    try:
        with PyodidePage() as page:
            wasm = page.run(f"from bench.web import measure\nresult = measure({quick})")
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
