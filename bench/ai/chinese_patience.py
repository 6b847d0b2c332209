"""``./build.sh bench ai --game chinese-patience``: the Chinese Patience computer players'
strength and decision time.

    ... --game chinese-patience               full: 1,000 games per pairing, 2 and 3 players,
                                              native and WebAssembly timings
    ... --game chinese-patience --quick       a few minutes: 60 games per pairing, no WebAssembly
    options: --games N (per pairing and number of players)  --jobs N (processes, default 1)
             --players 2,3  --pairings a-b,c-d  --wasm / --no-wasm  --timing-games N  --seed S
             --priorities standard|free|knock

Strength: paired deals, every seat rotation: each deal is played once with level A in each
seat and level B in all the others (2 players: seats swapped; 3 players: A in seat 0, 1, 2).
For each pairing: A's wins with the 95% Wilson interval of the win rate, the fair share
(1 / players), and for more than two players the pairwise rate (the share of A's games against
each B in which A ended with fewer cards, a stalemate's even counts as half). Default rules
(standard priorities); with --priorities knock every other seat may knock on a slip.

Decision time: Hard (and Medium) play whole 2-player games against Greedy in this one process
and every decision (``choose``) is timed: median, 95th percentile, maximum, and per turn. The
sliced API is timed too (the longest ``think(5)`` call). With --wasm the same timing runs in
CPython compiled to WebAssembly (Pyodide under Node, as ``bench ai`` does: bench/ai/wasm.py).

The slips a person watching can knock on are testbed/slips.py's ``watch_slips`` (which
tests/ai/players/test_chinese.py checks on fewer games).

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bench.ai.timing import percentile, print_times, summary
from bench.ai.wasm import wasm_times
from testbed.measuring import wilson
from testbed.slips import watch_slips

GAME = "chinese-patience"
FULL_PAIRINGS = (
    "hard-greedy",
    "oracle-greedy",
    "medium-greedy",
    "easy-greedy",
    "greedy-random",
    "hard-medium",
    "medium-easy",
    "oracle-hard",
)
QUICK_PAIRINGS = ("hard-greedy", "oracle-greedy", "medium-greedy", "easy-greedy")
GOALS = {
    "hard_vs_greedy_min": 0.75,
    "oracle_gap_max": 0.05,
    "level_gap_min": 0.15,
    "native_p95_ms_max": 30.0,
    "wasm_p95_ms_max": 150.0,
}


# ---------------------------------------------------------------------- games
def play_game(levels, seed: int, options: dict | None = None, timer: dict | None = None) -> dict:
    """One game, seat i played by ``levels[i]``. Every move is checked; after a slip the other
    seats are asked, from the offender's left, whether they knock. ``timer``: level -> list of
    (turn, seconds) of each decision of that level."""
    from game.ai.players.chinese_patience import Bot
    from game.core import new_game

    state = new_game(GAME, seed=seed, players=len(levels), **(options or {}))
    bots = [Bot(level, seed=seed * 8 + i) for i, level in enumerate(levels)]
    n = len(levels)
    moves = breaches = knocks = 0
    clock = time.perf_counter
    while not state.is_over():
        p = state.current_player
        t = clock()
        move = bots[p].choose(state)
        elapsed = clock() - t
        if timer is not None and levels[p] in timer:
            timer[levels[p]].append((state.turn, elapsed))
        if move in state.legal_moves():
            state.push(move)
        else:
            state.push(move, breach=True)
            breaches += 1
            for step in range(1, n):
                q = (p + step) % n
                if state.breach is not None and bots[q].calls_stop(state):
                    state.call_stop()
                    knocks += 1
                    break
        moves += 1
    r = state.result()
    return {
        "winner": r.winner,
        "status": r.status,
        "cards": [state.own_cards(q) for q in range(n)],
        "places": list(r.places),
        "points": list(r.scores),
        "moves": moves,
        "turns": state.turn,
        "breaches": breaches,
        "knocks": knocks,
    }


def _play_job(job):
    a, b, players, seed, seat, options = job
    levels = [b] * players
    levels[seat] = a
    out = play_game(levels, seed, options)
    out["seat"] = seat
    return out


def tournament(
    pairing: str, players: int, games: int, jobs: int, first_seed: int, options: dict | None = None
) -> dict:
    a, b = pairing.split("-")
    deals = max(1, games // players)
    work = [
        (a, b, players, first_seed + d, seat, options or {})
        for d in range(deals)
        for seat in range(players)
    ]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_play_job, work, chunksize=4)
    else:
        results = [_play_job(w) for w in work]
    n = len(results)
    wins = sum(r["winner"] == r["seat"] for r in results)
    pair = 0.0
    for r in results:
        mine = r["cards"][r["seat"]]
        if r["winner"] == r["seat"]:
            pair += players - 1
            continue
        for q in range(players):
            if q != r["seat"]:
                other = r["cards"][q]
                if r["winner"] == q:
                    continue
                pair += 1.0 if mine < other else (0.5 if mine == other else 0.0)
    lo, hi = wilson(wins, n)
    return {
        "players": players,
        "games": n,
        "wins": wins,
        "win_rate": round(wins / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "fair_share": round(1 / players, 4),
        "pairwise": round(pair / (n * (players - 1)), 4),
        "points_per_game": round(sum(r["points"][r["seat"]] for r in results) / n, 2),
        "stalemates": sum(r["status"] == "stalemate" for r in results),
        "moves_per_game": round(sum(r["moves"] for r in results) / n, 1),
        "turns_per_game": round(sum(r["turns"] for r in results) / n, 1),
        "breaches": sum(r["breaches"] for r in results),
        "knocks": sum(r["knocks"] for r in results),
        "seconds": round(time.perf_counter() - start, 1),
    }


# ---------------------------------------------------------------------- timing
def decision_times(
    levels=("hard", "medium"), games: int = 6, first_seed: int = 9000, slice_ms: float = 5.0
) -> dict:
    """Time every decision of each level in whole 2-player games against Greedy."""
    out = {}
    for level in levels:
        timer = {level: []}
        for g in range(games):
            seats = [level, "greedy"] if g % 2 == 0 else ["greedy", level]
            play_game(seats, first_seed + g // 2, timer=timer)
        ms = [t * 1000.0 for _, t in timer[level]]
        per_turn: dict = {}
        for turn, t in timer[level]:
            per_turn[turn] = per_turn.get(turn, 0.0) + t * 1000.0
        entry = summary(ms)
        turns = list(per_turn.values())
        entry["turn_median"] = round(statistics.median(turns), 3) if turns else None
        entry["turn_p95"] = round(percentile(turns, 0.95), 3)
        out[level] = entry
    out["slices"] = slice_check(first_seed, slice_ms)
    return out


def slice_check(seed: int, budget_ms: float, games: int = 2) -> dict:
    """Hard through the sliced API with ``think(budget_ms)``: the longest call."""
    from game.ai.players.chinese_patience import Bot
    from game.core import new_game

    calls: list[float] = []
    for g in range(games):
        state = new_game(GAME, seed=seed + g)
        bots = [Bot("hard", seed=1), Bot("greedy", seed=2)]
        while not state.is_over():
            job = bots[state.current_player].start(state)
            while True:
                t = time.perf_counter()
                move = job.think(budget_ms)
                calls.append((time.perf_counter() - t) * 1000.0)
                if job.done:
                    break
            state.push(move)
    return {
        "budget_ms": budget_ms,
        "calls": len(calls),
        "p99_ms": round(percentile(calls, 0.99), 3),
        "max_ms": round(max(calls), 3),
    }


# ---------------------------------------------------------------------- main
def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="./build.sh bench ai --game chinese-patience", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="fewer games, no WebAssembly")
    parser.add_argument("--games", type=int, help="games per pairing (default 1000; quick 60)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the tournaments")
    parser.add_argument("--players", default="2,3", help="numbers of players, e.g. 2,3")
    parser.add_argument("--pairings", help="comma-separated, e.g. hard-greedy,medium-greedy")
    parser.add_argument("--priorities", default="standard", choices=("standard", "free", "knock"))
    parser.add_argument("--timing-games", type=int, help="games per level timed (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="first deal of the tournaments")
    parser.add_argument(
        "--watch-games",
        type=int,
        help="games per level for the slips a person can catch (default 20)",
    )
    wasm = parser.add_mutually_exclusive_group()
    wasm.add_argument("--wasm", dest="wasm", action="store_true", default=None)
    wasm.add_argument("--no-wasm", dest="wasm", action="store_false")
    args = parser.parse_args(argv)

    from game.ai.players.chinese_patience import LEVELS

    started = time.perf_counter()
    games = args.games or (60 if args.quick else 1000)
    pairings = (
        args.pairings.split(",")
        if args.pairings
        else (QUICK_PAIRINGS if args.quick else FULL_PAIRINGS)
    )
    for pairing in pairings:
        a, _, b = pairing.partition("-")
        if a not in LEVELS or b not in LEVELS:
            parser.error(f"unknown pairing {pairing!r} (levels: {', '.join(LEVELS)})")
    counts = [int(x) for x in args.players.split(",")]
    options = {"priorities": args.priorities}
    timing_games = args.timing_games or (2 if args.quick else 6)
    do_wasm = (not args.quick) if args.wasm is None else args.wasm

    print(
        f"Chinese Patience computer players: {games} games per pairing and number of players "
        f"(paired deals from {args.seed}, every seat rotation), {args.priorities} priorities, "
        f"{args.jobs} process(es)"
    )
    results: dict = {}
    for players in counts:
        for pairing in pairings:
            r = tournament(pairing, players, games, args.jobs, args.seed, options)
            results[f"{pairing}/{players}p"] = r
            extra = f"  pairwise {r['pairwise']:.3f}" if players > 2 else ""
            print(
                f"  {players}p {pairing:15} win {r['win_rate']:.3f}  95% CI "
                f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]  {r['wins']}/{r['games']} (fair "
                f"{r['fair_share']:.3f}){extra}  points/game {r['points_per_game']:.1f}  "
                f"turns {r['turns_per_game']:.0f}  ({r['seconds']:.0f} s)",
                flush=True,
            )

    print(
        f"Decision time, native (CPython {sys.version.split()[0]}), {timing_games} games per "
        "level against Greedy:"
    )
    native = decision_times(games=timing_games)
    print_times(native)
    wasm_result = None
    if do_wasm:
        print("Decision time, WebAssembly (Pyodide under Node):")
        wasm_result = wasm_times("bench.ai.chinese_patience", timing_games, 9000, timeout=1800.0)
        if "skipped" in wasm_result:
            print(f"  skipped: {wasm_result['skipped']}")
        else:
            print_times(wasm_result)
    else:
        print("Decision time, WebAssembly: not run (add --wasm)")

    watch_games = args.watch_games or (6 if args.quick else 20)
    print(
        f'Slips a person can knock on ("knock" priorities, {watch_games} games per level '
        "against Greedy that never knocks):"
    )
    watch = {}
    for level in ("easy", "medium", "hard"):
        watch[level] = w = watch_slips(level, watch_games)
        print(
            f"  {level:6} {w['turns_with_a_slip']:.1%} of {w['turns']} turns "
            f"({w['slips_that_ended_the_turn']} slips ended their turn)"
        )
    goals = check_goals(results, counts, native, wasm_result)
    for name, value in goals.items():
        print(f"  goal {name}: {value}")
    figures = {
        "benchmark": "ai",
        "game": GAME,
        "quick": args.quick,
        "games_per_pairing": games,
        "first_deal": args.seed,
        "options": options,
        "pairings": results,
        "decision_ms": {"native": native, "wasm": wasm_result},
        "goals": goals,
        "slips": watch,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(figures, sort_keys=True))
    return 0


def check_goals(results: dict, counts, native: dict, wasm: dict | None) -> dict:
    out = {}
    for players in counts:

        def rate(level, vs="greedy", players=players):
            r = results.get(f"{level}-{vs}/{players}p")
            return None if r is None else r["win_rate"]

        hard, oracle, medium, easy = (rate(x) for x in ("hard", "oracle", "medium", "easy"))
        tag = f"{players}p"
        if hard is not None:
            out[f"{tag}_hard_beats_greedy_75"] = hard >= GOALS["hard_vs_greedy_min"]
        if hard is not None and oracle is not None:
            out[f"{tag}_hard_within_5_of_oracle"] = oracle - hard <= GOALS["oracle_gap_max"]
        if hard is not None and medium is not None:
            out[f"{tag}_medium_15_below_hard"] = hard - medium >= GOALS["level_gap_min"]
        if medium is not None and easy is not None:
            out[f"{tag}_easy_15_below_medium"] = medium - easy >= GOALS["level_gap_min"]
    out["native_p95_le_30ms"] = native["hard"]["p95"] <= GOALS["native_p95_ms_max"]
    if wasm and "hard" in wasm:
        out["wasm_p95_le_150ms"] = wasm["hard"]["p95"] <= GOALS["wasm_p95_ms_max"]
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
