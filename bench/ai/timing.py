"""How long a game's computer players think, shared by every game's benchmark here: every
decision of a level timed in whole games against Greedy (``time_decisions``), the sliced API's
longest ``think`` calls (``time_slices``), and the printed lines (``print_times``). Standard
library and the game's pure packages only: bench/ai/wasm.py runs it in WebAssembly too."""

from __future__ import annotations

import statistics
import time


def percentile(values: list[float], q: float) -> float:
    """The value at share ``q`` of the sorted values (rank ``int(q * n)``); NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(ms: list[float]) -> dict:
    """A level's decision times (ms): how many, median, 95th percentile, longest."""
    return {
        "decisions": len(ms),
        "median": round(statistics.median(ms), 3) if ms else None,
        "p95": round(percentile(ms, 0.95), 3),
        "max": round(max(ms), 3) if ms else None,
    }


def time_decisions(
    play_game,
    slice_check,
    levels=("hard", "medium"),
    games: int = 6,
    first_seed: int = 9000,
    slice_ms: float = 5.0,
) -> dict:
    """Time every decision of each level in whole games against Greedy (this process), the
    seats alternating, with ``play_game(level, "greedy", seed, swap, timer=...)``: per move
    the median, 95th percentile and maximum, per turn the median and 95th percentile; and
    ``slice_check(first_seed, slice_ms)`` as "slices"."""
    out = {}
    for level in levels:
        timer = {level: []}
        for g in range(games):
            play_game(level, "greedy", first_seed + g // 2, bool(g % 2), timer=timer)
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


def time_slices(
    game: str, seed: int, budget_ms: float, games: int = 2, cpu_time: bool = False
) -> dict:
    """Hard against Greedy through the sliced API, every ``think(budget_ms)`` call timed: the
    calls, their 99th percentile and the longest; with ``cpu_time`` the same in this thread's
    CPU time too (a busy machine's other processes do not stretch it; not in WebAssembly)."""
    from game.ai.players import computer_player
    from game.core import new_game

    calls: list[float] = []
    cpu: list[float] = []
    for g in range(games):
        state = new_game(game, seed=seed + g)
        bots = [computer_player(game, "hard", seed=1), computer_player(game, "greedy", seed=2)]
        while not state.is_over():
            job = bots[state.current_player].start(state)
            while True:
                t = time.perf_counter()
                c = time.thread_time() if cpu_time else 0.0
                move = job.think(budget_ms)
                calls.append((time.perf_counter() - t) * 1000.0)
                if cpu_time:
                    cpu.append((time.thread_time() - c) * 1000.0)
                if job.done:
                    break
            state.push(move)
    out = {
        "budget_ms": budget_ms,
        "calls": len(calls),
        "p99_ms": round(percentile(calls, 0.99), 3),
        "max_ms": round(max(calls), 3),
    }
    if cpu_time:
        out.update(
            {"cpu_p99_ms": round(percentile(cpu, 0.99), 3), "cpu_max_ms": round(max(cpu), 3)}
        )
    return out


def print_times(t: dict) -> None:
    """``time_decisions``' figures, a line per level and one for the sliced API."""
    for level in ("hard", "medium"):
        if level in t:
            e = t[level]
            print(
                f"  {level:7} per move: median {e['median']:.2f} ms, p95 {e['p95']:.2f} ms, "
                f"max {e['max']:.1f} ms ({e['decisions']} decisions); per turn: median "
                f"{e['turn_median']:.2f} ms, p95 {e['turn_p95']:.2f} ms"
            )
    s = t.get("slices")
    if s:
        cpu = (
            f"; in CPU time p99 {s['cpu_p99_ms']:.2f} ms, longest {s['cpu_max_ms']:.2f} ms"
            if "cpu_p99_ms" in s
            else ""
        )
        print(
            f"  think({s['budget_ms']:g}) calls: p99 {s['p99_ms']:.2f} ms, longest "
            f"{s['max_ms']:.2f} ms ({s['calls']} calls){cpu}"
        )
