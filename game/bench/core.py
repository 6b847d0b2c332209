"""``python -m game.bench core [--quick]``: how fast the rules core runs, per game.

Random playouts from fixed deals: each step asks ``legal_moves()`` (a fresh generation, since
the position just changed) and pushes one of them at random. Printed per game:
  generations_per_s  legal-move generations per second (time spent in legal_moves only)
  moves_per_s        random-playout moves per second (generation + choice + push)
Each deal's playout runs several times (the same moves each time) and its best time counts, as
timeit does: the figure is the code's speed, not the machine's other load; the median is
printed beside it. Playouts stop after --max-moves moves (a random solitaire
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


def playout(game_id: str, deal: int, max_moves: int) -> tuple[int, float, float]:
    """One random game (the choices seeded by the deal number): (moves, seconds in
    legal_moves, seconds in total)."""
    rng = random.Random(deal)
    clock = time.perf_counter
    state = new_game(game_id, seed=deal)
    moves = 0
    generating = 0.0
    start = clock()
    for _ in range(max_moves):
        t0 = clock()
        legal = state.legal_moves()
        generating += clock() - t0
        if not legal:
            break
        state.push(rng.choice(legal))
        moves += 1
    return moves, generating, clock() - start


def measure(game_id: str, deals: int, max_moves: int, repeats: int) -> dict:
    """Each deal's playout runs ``repeats`` times (the same moves each time); its best time
    counts, as timeit does, so that other load on the machine shows as little as possible."""
    moves = generations = 0
    best_total = best_generating = median_total = 0.0
    for deal in range(deals):
        runs = [playout(game_id, deal, max_moves) for _ in range(repeats)]
        moves += runs[0][0]
        generations += runs[0][0] + 1
        best_total += min(r[2] for r in runs)
        best_generating += min(r[1] for r in runs)
        median_total += statistics.median(r[2] for r in runs)
    return {"moves": moves, "deals": deals,
            "moves_per_s": round(moves / best_total),
            "moves_per_s_median": round(moves / median_total),
            "generations_per_s": round(generations / best_generating)}


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
              f"{f['moves_per_s']:>9,} moves/s (median {f['moves_per_s_median']:,}; "
              f"{f['moves']:,} moves)")
    figures["python"] = platform.python_version()
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
