"""``python -m game.bench core [--quick]``: how fast the rules core runs, per game.

Random playouts from fixed deals: each step asks ``legal_moves()`` (a fresh generation, since
the position just changed) and pushes one of them at random. Printed per game:
  generations_per_s  legal-move generations per second (time spent in legal_moves only)
  moves_per_s        random-playout moves per second (generation + choice + push)
Each workload runs several times and the best run counts (as timeit does): the figure is the
machine's speed, not its other load. Playouts stop after --max-moves moves (a random solitaire
player can shuffle cards back and forth forever). The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from game.core import GAMES, new_game


def playouts(game_id: str, deals: int, max_moves: int, seed: int = 0) -> tuple[int, float, float]:
    """Play random games; return (moves, seconds in legal_moves, seconds in total)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    moves = 0
    generating = total = 0.0
    for deal in range(deals):
        state = new_game(game_id, seed=deal)
        start = clock()
        for _ in range(max_moves):
            t0 = clock()
            legal = state.legal_moves()
            generating += clock() - t0
            if not legal:
                break
            state.push(rng.choice(legal))
            moves += 1
        total += clock() - start
    return moves, generating, total


def measure(game_id: str, deals: int, max_moves: int, repeats: int) -> dict:
    runs = [playouts(game_id, deals, max_moves) for _ in range(repeats)]
    moves = runs[0][0]
    best_total = min(r[2] for r in runs)
    best_generating = min(r[1] for r in runs)
    return {"moves": moves, "deals": deals,
            "moves_per_s": round(moves / best_total),
            "moves_per_s_median": round(moves / statistics.median(r[2] for r in runs)),
            "generations_per_s": round((moves + deals) / best_generating)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench core", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer deals (well under a minute)")
    parser.add_argument("--deals", type=int, help="deals per game")
    parser.add_argument("--max-moves", type=int, default=2500, help="moves per playout at most")
    parser.add_argument("--repeats", type=int, help="runs per game; the best counts")
    args = parser.parse_args(argv)
    deals = args.deals or (20 if args.quick else 100)
    repeats = args.repeats or (3 if args.quick else 5)
    figures: dict = {}
    print(f"Python {platform.python_version()} ({sys.implementation.name}) on "
          f"{platform.machine()}, {deals} deals x {repeats} runs per game")
    for game_id in GAMES:
        figures[game_id] = measure(game_id, deals, args.max_moves, repeats)
        f = figures[game_id]
        print(f"{game_id:16} {f['generations_per_s']:>9,} generations/s "
              f"{f['moves_per_s']:>9,} moves/s (median run {f['moves_per_s_median']:,}; "
              f"{f['moves']:,} moves)")
    figures["python"] = platform.python_version()
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
