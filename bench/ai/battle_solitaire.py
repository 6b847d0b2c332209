"""``python -m bench ai --game battle-solitaire``: the Battle solitaire computer player's
strength and decision time.

    ./build.sh bench ai --game battle-solitaire --jobs 1      full: 200 games per pairing
    ./build.sh bench ai --game battle-solitaire --quick       a few minutes: fewer games
    options: --games N (per pairing)  --jobs N (processes, default 2)  --pairings a-b,c-d
             --timing-games N  --seed S (first deal)

Strength: every deal is played twice with the seats swapped (paired seeds). For each pairing
A-B: A's wins, losses, even stalemates, win rate with its 95% Wilson interval, A's average
points per game (points won minus points lost), how often the game ended in a stalemate, and
how often A, when it started, won in its very first turn (a turn lasts as long as the player
likes, so a strong first player often clears everything at once).

Decision time: Hard and Medium play whole games against Greedy in this one process and every
move decision (``choose``; a plan is made at the first move of a stretch of known play and
followed after that) is timed natively: median, 95th percentile, maximum, and the thinking per
turn; the sliced API is checked too (the longest ``think(5)`` call).

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from bench.ai.timing import print_times, time_decisions, time_slices
from bench.ai.tournament import (
    add_tournament_options,
    pairing_line,
    run_tournament,
    seat_result,
    timed_choice,
    tournament_plan,
)

GAME = "battle-solitaire"
FULL_PAIRINGS = (
    "hard-greedy",
    "medium-greedy",
    "easy-greedy",
    "hard-medium",
    "medium-easy",
    "oracle-hard",
    "greedy-random",
)
QUICK_PAIRINGS = ("hard-greedy", "medium-greedy", "easy-greedy", "hard-medium")
GOALS = {"hard_vs_greedy_min": 0.75, "level_gap_min": 0.10, "native_p95_ms_max": 30.0}


def play_game(a: str, b: str, seed: int, swap: bool, timer: dict | None = None) -> dict:
    """One game of level ``a`` against level ``b`` on deal ``seed``; with ``swap`` ``a`` takes
    the second seat. The result from ``a``'s side. ``timer``: level -> list of (turn, seconds)
    of every decision of that level."""
    from game.ai.players.battle_solitaire import Bot
    from game.core import new_game

    state = new_game(GAME, seed=seed)
    seats = (b, a) if swap else (a, b)
    bots = [Bot(seats[0], seed=2 * seed), Bot(seats[1], seed=2 * seed + 1)]
    mine = 1 if swap else 0
    started = state.current_player == mine
    moves = 0
    while not state.is_over():
        move = timed_choice(bots[state.current_player], state, timer)
        state.push(move)  # (push refuses anything illegal)
        moves += 1
    result = state.result()
    outcome, points = seat_result(result, mine)
    return {
        "outcome": outcome,
        "points": points,
        "moves": moves,
        "turns": state.turn,
        "status": result.status,
        "started": started,
        "first_turn_win": started and outcome == "win" and state.turn == 0,
    }


def tournament(pairing: str, games: int, jobs: int, first_seed: int) -> dict:
    """Battle solitaire's figures for one pairing: ``run_tournament``'s, and how often A won
    in its very first turn when it started, the moves and turns per game."""

    def more(results):
        n = len(results)
        started = [r for r in results if r["started"]]
        return {
            "first_turn_wins": sum(r["first_turn_win"] for r in started),
            "started": len(started),
            "moves_per_game": round(sum(r["moves"] for r in results) / n, 1),
            "turns_per_game": round(sum(r["turns"] for r in results) / n, 2),
        }

    return run_tournament(play_game, pairing, games, jobs, first_seed, more)


def decision_times(
    levels=("hard", "medium"), games: int = 6, first_seed: int = 9000, slice_ms: float = 5.0
) -> dict:
    """Time every decision of each level in whole games against Greedy (this process)."""
    return time_decisions(play_game, slice_check, levels, games, first_seed, slice_ms)


def slice_check(seed: int, budget_ms: float, games: int = 2) -> dict:
    """Play Hard through the sliced API with ``think(budget_ms)``; the longest call, in wall
    and CPU time."""
    return time_slices(GAME, seed, budget_ms, games, cpu_time=True)


def load() -> str:
    """The machine's load while measuring (1-minute load average and the processors)."""
    try:
        one, five, _ = os.getloadavg()
        return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} processors"
    except OSError:
        return "load average unknown"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench ai --game battle-solitaire", description=__doc__.split("\n")[0]
    )
    add_tournament_options(parser, 200)
    args = parser.parse_args(argv)

    from game.ai.players.battle_solitaire import LEVELS

    started = time.perf_counter()
    games, pairings, timing_games = tournament_plan(
        parser, args, LEVELS, 200, FULL_PAIRINGS, QUICK_PAIRINGS
    )

    print(
        f"Battle solitaire computer player: {games} games per pairing (paired deals from "
        f"{args.seed}, seats swapped), {args.jobs} process(es); {load()}"
    )
    results = {}
    for pairing in pairings:
        r = tournament(pairing, games, args.jobs, args.seed)
        results[pairing] = r
        print(
            pairing_line(
                pairing,
                r,
                f"  stalemates {r['stalemates']}  first-turn wins "
                f"{r['first_turn_wins']}/{r['started']}  turns/game "
                f"{r['turns_per_game']:.1f}",
            ),
            flush=True,
        )

    print(
        f"Decision time, native (CPython {sys.version.split()[0]}), {timing_games} games "
        f"per level against Greedy; {load()}:"
    )
    native = decision_times(games=timing_games)
    print_times(native)

    goals = check_goals(results, native)
    for name, value in goals.items():
        print(f"  goal {name}: {value}")
    figures = {
        "benchmark": "ai",
        "game": GAME,
        "quick": args.quick,
        "games_per_pairing": games,
        "first_deal": args.seed,
        "pairings": results,
        "decision_ms": {"native": native},
        "goals": goals,
        "load": load(),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(figures, sort_keys=True))
    return 0


def check_goals(results: dict, native: dict) -> dict:
    def rate(p):
        return results[p]["win_rate"] if p in results else None

    out = {}
    hard, medium, easy = (rate(f"{x}-greedy") for x in ("hard", "medium", "easy"))
    if hard is not None:
        out["hard_beats_greedy_75"] = hard >= GOALS["hard_vs_greedy_min"]
    if hard is not None and medium is not None:
        out["medium_10_below_hard"] = hard - medium >= GOALS["level_gap_min"]
    if medium is not None and easy is not None:
        out["easy_10_below_medium"] = medium - easy >= GOALS["level_gap_min"]
    if "hard-medium" in results:
        out["hard_beats_medium"] = results["hard-medium"]["ci95"][0] > 0.5
    if "medium-easy" in results:
        out["medium_beats_easy"] = results["medium-easy"]["ci95"][0] > 0.5
    out["native_p95_le_30ms"] = native["hard"]["p95"] <= GOALS["native_p95_ms_max"]
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
