"""``python -m game.bench ai --game battle-solitaire``: the Battle solitaire computer player's
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
import statistics
import sys
import time

from .ai import _percentile, _summary, wilson

GAME = "battle-solitaire"
FULL_PAIRINGS = ("hard-greedy", "medium-greedy", "easy-greedy", "hard-medium", "medium-easy",
                 "oracle-hard", "greedy-random")
QUICK_PAIRINGS = ("hard-greedy", "medium-greedy", "easy-greedy", "hard-medium")
GOALS = {"hard_vs_greedy_min": 0.75, "level_gap_min": 0.10, "native_p95_ms_max": 30.0}


def play_game(a: str, b: str, seed: int, swap: bool, timer: dict | None = None) -> dict:
    """One game of level ``a`` against level ``b`` on deal ``seed``; with ``swap`` ``a`` takes
    the second seat. The result from ``a``'s side. ``timer``: level -> list of (turn, seconds)
    of every decision of that level."""
    from game.ai.battle import Bot
    from game.core import new_game

    state = new_game(GAME, seed=seed)
    seats = (b, a) if swap else (a, b)
    bots = [Bot(seats[0], seed=2 * seed), Bot(seats[1], seed=2 * seed + 1)]
    mine = 1 if swap else 0
    started = state.current_player == mine
    moves = 0
    clock = time.perf_counter
    while not state.is_over():
        bot = bots[state.current_player]
        t = clock()
        move = bot.choose(state)
        elapsed = clock() - t
        if timer is not None and bot.level in timer:
            timer[bot.level].append((state.turn, elapsed))
        state.push(move)  # (push refuses anything illegal)
        moves += 1
    result = state.result()
    if result.winner is None:
        outcome, points = "draw", 0
    else:
        outcome = "win" if result.winner == mine else "loss"
        points = result.points if outcome == "win" else -result.points
    return {"outcome": outcome, "points": points, "moves": moves, "turns": state.turn,
            "status": result.status, "started": started,
            "first_turn_win": started and outcome == "win" and state.turn == 0}


def _play_job(job):
    return play_game(*job)


def tournament(pairing: str, games: int, jobs: int, first_seed: int) -> dict:
    a, b = pairing.split("-")
    deals = max(1, games // 2)
    work = [(a, b, first_seed + d, swap) for d in range(deals) for swap in (False, True)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_play_job, work, chunksize=4)
    else:
        results = [_play_job(w) for w in work]
    n = len(results)
    wins = sum(r["outcome"] == "win" for r in results)
    losses = sum(r["outcome"] == "loss" for r in results)
    lo, hi = wilson(wins, n)
    started = [r for r in results if r["started"]]
    return {"games": n, "wins": wins, "losses": losses, "draws": n - wins - losses,
            "win_rate": round(wins / n, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "points_per_game": round(sum(r["points"] for r in results) / n, 2),
            "stalemates": sum(r["status"] == "stalemate" for r in results),
            "first_turn_wins": sum(r["first_turn_win"] for r in started),
            "started": len(started),
            "moves_per_game": round(sum(r["moves"] for r in results) / n, 1),
            "turns_per_game": round(sum(r["turns"] for r in results) / n, 2),
            "seconds": round(time.perf_counter() - start, 1)}


def decision_times(levels=("hard", "medium"), games: int = 6, first_seed: int = 9000,
                   slice_ms: float = 5.0) -> dict:
    """Time every decision of each level in whole games against Greedy (this process)."""
    out = {}
    for level in levels:
        timer = {level: []}
        for g in range(games):
            play_game(level, "greedy", first_seed + g // 2, bool(g % 2), timer=timer)
        ms = [t * 1000.0 for _, t in timer[level]]
        per_turn: dict = {}
        for turn, t in timer[level]:
            per_turn[turn] = per_turn.get(turn, 0.0) + t * 1000.0
        entry = _summary(ms)
        turns = list(per_turn.values())
        entry["turn_median"] = round(statistics.median(turns), 3) if turns else None
        entry["turn_p95"] = round(_percentile(turns, 0.95), 3)
        out[level] = entry
    out["slices"] = slice_check(first_seed, slice_ms)
    return out


def slice_check(seed: int, budget_ms: float, games: int = 2) -> dict:
    """Play Hard through the sliced API with ``think(budget_ms)``; the longest call."""
    from game.ai.battle import Bot
    from game.core import new_game

    calls: list[float] = []
    cpu: list[float] = []  # the same calls in this thread's CPU time (a busy machine's other
    for g in range(games):  # processes do not stretch it)
        state = new_game(GAME, seed=seed + g)
        bots = [Bot("hard", seed=1), Bot("greedy", seed=2)]
        while not state.is_over():
            job = bots[state.current_player].start(state)
            while True:
                t, c = time.perf_counter(), time.thread_time()
                move = job.think(budget_ms)
                calls.append((time.perf_counter() - t) * 1000.0)
                cpu.append((time.thread_time() - c) * 1000.0)
                if job.done:
                    break
            state.push(move)
    return {"budget_ms": budget_ms, "calls": len(calls),
            "p99_ms": round(_percentile(calls, 0.99), 3), "max_ms": round(max(calls), 3),
            "cpu_p99_ms": round(_percentile(cpu, 0.99), 3), "cpu_max_ms": round(max(cpu), 3)}


def load() -> str:
    """The machine's load while measuring (1-minute load average and the processors)."""
    try:
        one, five, _ = os.getloadavg()
        return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} processors"
    except OSError:
        return "load average unknown"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench ai --game battle-solitaire",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, fewer pairings")
    parser.add_argument("--games", type=int, help="games per pairing (default 200; quick 24)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the tournaments")
    parser.add_argument("--pairings", help="comma-separated, e.g. hard-greedy,medium-greedy")
    parser.add_argument("--timing-games", type=int, help="games per level timed (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="first deal of the tournaments")
    args = parser.parse_args(argv)

    from game.ai.battle import LEVELS

    started = time.perf_counter()
    games = args.games or (24 if args.quick else 200)
    pairings = args.pairings.split(",") if args.pairings else (
        QUICK_PAIRINGS if args.quick else FULL_PAIRINGS)
    timing_games = args.timing_games or (2 if args.quick else 6)
    for pairing in pairings:
        a, _, b = pairing.partition("-")
        if a not in LEVELS or b not in LEVELS:
            parser.error(f"unknown pairing {pairing!r} (levels: {', '.join(LEVELS)})")

    print(f"Battle solitaire computer player: {games} games per pairing (paired deals from "
          f"{args.seed}, seats swapped), {args.jobs} process(es); {load()}")
    results = {}
    for pairing in pairings:
        r = tournament(pairing, games, args.jobs, args.seed)
        results[pairing] = r
        print(f"  {pairing:15} win {r['win_rate']:.3f}  95% CI [{r['ci95'][0]:.3f}, "
              f"{r['ci95'][1]:.3f}]  {r['wins']}-{r['losses']}-{r['draws']} of {r['games']}"
              f"  points/game {r['points_per_game']:+.1f}  stalemates {r['stalemates']}"
              f"  first-turn wins {r['first_turn_wins']}/{r['started']}"
              f"  turns/game {r['turns_per_game']:.1f}  ({r['seconds']:.0f} s)", flush=True)

    print(f"Decision time, native (CPython {sys.version.split()[0]}), {timing_games} games "
          f"per level against Greedy; {load()}:")
    native = decision_times(games=timing_games)
    for level in ("hard", "medium"):
        e = native[level]
        print(f"  {level:7} per move: median {e['median']:.2f} ms, p95 {e['p95']:.2f} ms, "
              f"max {e['max']:.1f} ms ({e['decisions']} decisions); per turn: median "
              f"{e['turn_median']:.2f} ms, p95 {e['turn_p95']:.2f} ms")
    s = native["slices"]
    print(f"  think({s['budget_ms']:g}) calls: p99 {s['p99_ms']:.2f} ms, longest "
          f"{s['max_ms']:.2f} ms ({s['calls']} calls); in CPU time p99 {s['cpu_p99_ms']:.2f} "
          f"ms, longest {s['cpu_max_ms']:.2f} ms")

    goals = check_goals(results, native)
    for name, value in goals.items():
        print(f"  goal {name}: {value}")
    figures = {"benchmark": "ai", "game": GAME, "quick": args.quick, "games_per_pairing": games,
               "first_deal": args.seed, "pairings": results, "decision_ms": {"native": native},
               "goals": goals, "load": load(), "seconds": round(time.perf_counter() - started, 1)}
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
