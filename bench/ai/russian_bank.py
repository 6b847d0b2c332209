"""``python -m bench ai``: the Russian Bank opponent's strength and decision time.

    python -m bench ai                 full: 1,000 games per pairing (500 deals, seats
                                            swapped), native timings, WebAssembly timings
    python -m bench ai --quick         under a minute: fewer games, no WebAssembly
    options: --games N (per pairing)  --jobs N (processes, default 2)  --pairings a-b,c-d
             --wasm / --no-wasm  --timing-games N  --seed S (first deal)

Strength: every deal is played twice with the seats swapped (paired seeds), in the default
rules (STOP! mode: Easy and Medium slip now and then and the other side may call Stop!). For
each pairing A-B: A's wins, losses, even stalemates, win rate with its 95% Wilson interval,
and A's average points per game (points won minus points lost).

Decision time: Hard (and Medium) play whole games against Greedy in this one process and
every move decision is timed (``choose``: the plan is made at the first move of a stretch of
play and followed after that), with its median, 95th percentile and maximum, and the thinking
per turn; the sliced API is checked too (the longest ``think(5)`` call). With --wasm the same
timing runs in CPython compiled to WebAssembly (Pyodide under Node: bench/ai/wasm.py;
``npm ci --prefix web/pyodide`` first); without node or pyodide that part is skipped and says
why.

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bench.ai.timing import percentile, print_times, time_decisions, time_slices
from bench.ai.tournament import (
    add_tournament_options,
    pairing_line,
    run_tournament,
    seat_result,
    timed_choice,
    tournament_plan,
)
from bench.ai.wasm import wasm_times

GAME = "russian-bank"
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
def play_game(
    a: str, b: str, seed: int, swap: bool, options: dict | None = None, timer: dict | None = None
) -> dict:
    """One game of level ``a`` against level ``b`` on deal ``seed``; with ``swap`` ``a`` takes
    the second seat. Returns the result from ``a``'s side. ``timer``: level -> list, collects
    the time of every decision of that level in seconds."""
    from game.ai.players.russian_bank import opponent
    from game.core import new_game

    state = new_game(GAME, seed=seed, **(options or {}))
    seats = (b, a) if swap else (a, b)
    bots = [opponent(seats[0], seed=2 * seed), opponent(seats[1], seed=2 * seed + 1)]
    moves = breaches = stops = 0
    while not state.is_over():
        p = state.current_player
        move = timed_choice(bots[p], state, timer)
        if move in state.legal_moves():
            state.push(move)
        else:  # a deliberate priority breach (STOP! mode)
            state.push(move, breach=True)
            breaches += 1
            if bots[1 - p].calls_stop(state):
                state.call_stop()
                stops += 1
        moves += 1
    result = state.result()
    outcome, points = seat_result(result, 1 if swap else 0)
    return {
        "outcome": outcome,
        "points": points,
        "moves": moves,
        "turns": state.turn,
        "status": result.status,
        "breaches": breaches,
        "stops": stops,
    }


def tournament(pairing: str, games: int, jobs: int, first_seed: int) -> dict:
    """Russian Bank's figures for one pairing: ``run_tournament``'s, and the moves per game,
    the priority breaches played and the Stop! calls made."""
    return run_tournament(
        play_game,
        pairing,
        games,
        jobs,
        first_seed,
        lambda results: {
            "moves_per_game": round(sum(r["moves"] for r in results) / len(results), 1),
            "breaches": sum(r["breaches"] for r in results),
            "stops_called": sum(r["stops"] for r in results),
        },
    )


def decision_times(
    levels=("hard", "medium"), games: int = 6, first_seed: int = 9000, slice_ms: float = 5.0
) -> dict:
    """Time every decision of each level in whole games against Greedy (this process)."""
    return time_decisions(play_game, slice_check, levels, games, first_seed, slice_ms)


def slice_check(seed: int, budget_ms: float, games: int = 2) -> dict:
    """Play Hard through the sliced API with ``think(budget_ms)`` and report the longest call."""
    return time_slices(GAME, seed, budget_ms, games)


# ---------------------------------------------------------------------- turns as a person sees them
def watch_turns(level: str, games: int = 6, first_seed: int = 9000) -> dict:
    """What a person watching ``level`` sees (issue 26 items 2 and 7): ``games`` whole games
    against Greedy that never calls Stop! (a person who only watches), the seats alternating.
    Per turn of ``level``: its moves, its house-to-house moves, how long the turn takes at the
    Normal pace (the table waits ``computer_pause_ms`` after each computer move, as
    game/ui/table/scene.py ``run_computers`` does: 800 ms, half after turning up a hand card, 2.2 s
    after a slip a person could catch and after some plain moves of a level that slips; a
    turn's thinking is spread over those waits), its
    priority breaches and those a watchful person can catch (``evident``: the turn goes on and
    the broken priority shows on the table)."""
    from game.ai.players.russian_bank import evident, opponent
    from game.core import PASS, new_game
    from game.session.pace import computer_pause_ms
    from game.session.settings import PACES

    pace = PACES["normal"]
    turns: dict = {}  # (game, turn) -> [moves, house moves, breaches, catchable, seconds]
    for g in range(games):
        seed, mine = first_seed + g // 2, g % 2
        state = new_game(GAME, seed=seed)
        bots = [None, None]
        bots[mine], bots[1 - mine] = opponent(level, seed=2 * seed), opponent("greedy", seed=1)
        while not state.is_over():
            p = state.current_player
            move = bots[p].choose(state)
            row = turns.setdefault((g, state.turn), [0, 0, 0, 0, 0.0]) if p == mine else None
            if move in state.legal_moves():
                state.push(move)
            else:
                state.push(move, breach=True)
                if row:
                    row[2] += 1
                    row[3] += evident(state)
            if row:
                row[0] += 1
                row[1] += (
                    move != PASS
                    and move.source.startswith("house")
                    and move.target.startswith("house")
                )
                row[4] += (
                    computer_pause_ms(
                        state, move, pace, person_may_call=True, may_slip=bool(bots[p].breach_rate)
                    )
                    / 1000.0
                )
    rows = list(turns.values())
    n = max(1, len(rows))

    def spread(values, scale=1.0):
        return {
            "mean": round(statistics.mean(values) * scale, 2) if values else None,
            "p95": round(percentile(values, 0.95) * scale, 2),
            "max": round(max(values) * scale, 2) if values else None,
        }

    moves = [r[0] for r in rows]
    return {
        "games": games,
        "turns": len(rows),
        "moves": spread(moves),
        "house_moves": spread([r[1] for r in rows]),
        "normal_pace_s": spread([r[4] for r in rows]),
        "turns_within_10s": round(sum(r[4] <= 10.0 for r in rows) / n, 3),
        "breaches_per_turn": round(sum(r[2] for r in rows) / n, 3),
        "catchable_per_turn": round(sum(r[3] for r in rows) / n, 3),
        "turns_with_a_catchable_breach": round(sum(r[3] > 0 for r in rows) / n, 3),
    }


def print_watch(level: str, w: dict) -> None:
    m, h, s = w["moves"], w["house_moves"], w["normal_pace_s"]
    print(
        f"  {level:7} {w['turns']} turns: moves/turn mean {m['mean']:.1f} p95 {m['p95']:.0f} "
        f"max {m['max']:.0f}; house-to-house mean {h['mean']:.1f} p95 {h['p95']:.0f} max "
        f"{h['max']:.0f}; at Normal pace mean {s['mean']:.1f} s p95 {s['p95']:.1f} s max "
        f"{s['max']:.0f} s ({w['turns_within_10s']:.0%} within 10 s); breaches/turn "
        f"{w['breaches_per_turn']:.2f}, turns with a catchable one "
        f"{w['turns_with_a_catchable_breach']:.2f}"
    )


# ---------------------------------------------------------------------- main
def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ai", description=__doc__.split("\n")[0])
    add_tournament_options(parser, 1000)
    wasm = parser.add_mutually_exclusive_group()
    wasm.add_argument(
        "--wasm",
        dest="wasm",
        action="store_true",
        default=None,
        help="also time decisions in WebAssembly (default when not --quick)",
    )
    wasm.add_argument("--no-wasm", dest="wasm", action="store_false")
    parser.add_argument(
        "--watch-games",
        type=int,
        help="games per level for the turns as a person sees them (default 20; quick 6)",
    )
    args = parser.parse_args(argv)

    started = time.perf_counter()
    from game.ai.players.russian_bank import LEVELS

    games, pairings, timing_games = tournament_plan(
        parser, args, LEVELS, 1000, FULL_PAIRINGS, QUICK_PAIRINGS
    )
    do_wasm = (not args.quick) if args.wasm is None else args.wasm

    print(
        f"Russian Bank opponent: {games} games per pairing (paired deals from {args.seed}, "
        f"seats swapped), {args.jobs} process(es)"
    )
    results = {}
    for pairing in pairings:
        r = tournament(pairing, games, args.jobs, args.seed)
        results[pairing] = r
        print(pairing_line(pairing, r), flush=True)

    watch_games = args.watch_games or (6 if args.quick else 20)
    print(
        f"Turns as a person watches them ({watch_games} games per level against Greedy "
        "that never calls Stop!):"
    )
    watch = {}
    for level in ("hard", "medium", "easy"):
        watch[level] = watch_turns(level, watch_games)
        print_watch(level, watch[level])

    print(
        f"Decision time, native (CPython {sys.version.split()[0]}), "
        f"{timing_games} games per level against Greedy:"
    )
    native = decision_times(games=timing_games)
    print_times(native)
    wasm_result = None
    if do_wasm:
        print("Decision time, WebAssembly (Pyodide under Node):")
        wasm_result = wasm_times("bench.ai.russian_bank", timing_games, 9000)
        if "skipped" in wasm_result:
            print(f"  skipped: {wasm_result['skipped']}")
        else:
            print_times(wasm_result)
    else:
        print("Decision time, WebAssembly: not run (add --wasm)")

    goals = check_goals(results, native, wasm_result)
    for name, value in goals.items():
        print(f"  goal {name}: {value}")
    figures = {
        "benchmark": "ai",
        "quick": args.quick,
        "games_per_pairing": games,
        "first_deal": args.seed,
        "pairings": results,
        "decision_ms": {"native": native, "wasm": wasm_result},
        "goals": goals,
        "turns": watch,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(figures, sort_keys=True))
    return 0


def check_goals(results: dict, native: dict, wasm: dict | None) -> dict:
    def rate(p):
        return results[p]["win_rate"] if p in results else None

    out = {}
    hard, oracle, medium, easy = (rate(f"{x}-greedy") for x in ("hard", "oracle", "medium", "easy"))
    if hard is not None:
        out["hard_beats_greedy_75"] = hard >= GOALS["hard_vs_greedy_min"]
    if hard is not None and oracle is not None:
        out["hard_within_5_of_oracle"] = oracle - hard <= GOALS["oracle_gap_max"]
    if hard is not None and medium is not None:
        out["medium_15_below_hard"] = hard - medium >= GOALS["level_gap_min"]
    if medium is not None and easy is not None:
        out["easy_15_below_medium"] = medium - easy >= GOALS["level_gap_min"]
    out["native_p95_le_30ms"] = native["hard"]["p95"] <= GOALS["native_p95_ms_max"]
    if wasm and "hard" in wasm:
        out["wasm_p95_le_150ms"] = wasm["hard"]["p95"] <= GOALS["wasm_p95_ms_max"]
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
