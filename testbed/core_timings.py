"""The rules core and saving, timed the same way in any interpreter: ``measure`` runs here in
CPython and, in headless Chromium, in Pyodide (CPython compiled to WebAssembly, as pygbag's
runtime is: testbed/browser.py's PyodidePage ships this package beside the game's pure-Python
packages). Legal-move generation, random games from the deal to the end (seeded: both sides
must play exactly the same moves), saving and loading a game (JSON + the store: an atomic file
on the desktop, the page's localStorage in the browser); every figure the best of several
rounds. Standard library and the game's pure packages only. ``python -m bench web`` prints
the figures side by side; tests/web/test_browser.py checks both sides played the same games.
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

        def generate(positions=positions, found=found):
            total = 0
            for state in positions:
                state._legal = None  # a real generation, not the position's cached list
                total += len(state.legal_moves())
            found[0] = total

        legal_us = _per_call(generate, rounds) / len(positions) * 1e6
        played: list[int] = []

        def play(game_id=game_id, played=played):
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
