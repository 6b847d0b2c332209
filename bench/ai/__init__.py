"""``python -m bench ai [--game ID] [--quick] ...``: a game's computer players, their strength
(tournaments between the levels) and how long they think, natively and in WebAssembly.

Each game with such a benchmark has a module here named after it (``--game`` its id, Russian
Bank by default): russian_bank.py, battle_solitaire.py, chinese_patience.py; each has its own
options (``--help``). What they share: tournament.py (paired deals, the win rate with its
Wilson interval, the common options), timing.py (every decision timed, the sliced API's
longest calls) and wasm.py (the timing run in Pyodide under Node)."""

from __future__ import annotations

import importlib

DEFAULT_GAME = "russian-bank"


def main(argv: list[str]) -> int:
    from game.core import GAMES

    game = DEFAULT_GAME
    if "--game" in argv:
        i = argv.index("--game")
        game = argv[i + 1] if i + 1 < len(argv) else ""
        argv = argv[:i] + argv[i + 2 :]
    name = f"bench.ai.{game.replace('-', '_')}"
    try:
        if game not in GAMES:
            raise ModuleNotFoundError(name=name)
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        print(f"no computer-player benchmark for {game!r}")
        return 2
    return module.main(argv)
