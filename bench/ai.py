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
timing runs in CPython compiled to WebAssembly (Pyodide under Node; ``npm install pyodide`` in
the project folder first); without node or pyodide that part is skipped and says why.

The last line printed is one JSON object with every figure.

The machinery every game's computer-player benchmark shares lives here too (the games'
benchmarks, bench/ai_<game>.py, import it from this module; their WebAssembly runs copy
this file): ``run_tournament`` (paired deals with the seats swapped, in processes, the win rate
with its Wilson interval), ``time_decisions`` (every decision of a level timed in whole games
against Greedy, and the sliced API's longest calls: ``time_slices``), the common command-line
options (``add_tournament_options``, ``tournament_plan``) and the printed lines.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------- games
def play_game(
    a: str, b: str, seed: int, swap: bool, options: dict | None = None, timer: dict | None = None
) -> dict:
    """One game of level ``a`` against level ``b`` on deal ``seed``; with ``swap`` ``a`` takes
    the second seat. Returns the result from ``a``'s side. ``timer``: level -> list, collects
    the time of every decision of that level in seconds."""
    from game.ai.players.russian_bank import opponent
    from game.core import new_game

    state = new_game("russian-bank", seed=seed, **(options or {}))
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
    return time_slices("russian-bank", seed, budget_ms, games)


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
        state = new_game("russian-bank", seed=seed)
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
            "p95": round(_percentile(values, 0.95) * scale, 2),
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


# ---------------------------------------------------------------------- the shared machinery
def timed_choice(bot, state, timer: dict | None):
    """``bot.choose(state)``, its time noted as (turn, seconds) in ``timer[bot.level]`` when
    the timer has that level."""
    t = time.perf_counter()
    move = bot.choose(state)
    elapsed = time.perf_counter() - t
    if timer is not None and bot.level in timer:
        timer[bot.level].append((state.turn, elapsed))
    return move


def seat_result(result, mine: int) -> tuple[str, int]:
    """A finished game seen from seat ``mine``: ("win", "loss" or "draw", points won minus
    lost)."""
    if result.winner is None:
        return "draw", 0
    if result.winner == mine:
        return "win", result.points
    return "loss", -result.points


def _play_job(play_game, job):
    return play_game(*job)


def run_tournament(
    play_game, pairing: str, games: int, jobs: int, first_seed: int, more=None
) -> dict:
    """Level A against level B (``pairing`` "A-B"): ``games // 2`` deals from ``first_seed``,
    each played twice with the seats swapped (paired seeds), in ``jobs`` processes.
    ``play_game(a, b, seed, swap)`` (a module-level function, for the processes) plays one
    game, ``a`` in the second seat with ``swap``, and returns the result from ``a``'s side:
    "outcome" ("win", "loss" or "draw"), "points" (won minus lost), "status". The figures: A's
    wins, losses and even stalemates (draws), its win rate with the 95% Wilson interval, its
    points per game, the stalemates, then ``more(results)``'s, and the seconds it took."""
    a, b = pairing.split("-")
    deals = max(1, games // 2)
    work = [(a, b, first_seed + d, swap) for d in range(deals) for swap in (False, True)]
    play = functools.partial(_play_job, play_game)
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play, work, chunksize=4)
    else:
        results = [play(w) for w in work]
    n = len(results)
    wins = sum(r["outcome"] == "win" for r in results)
    losses = sum(r["outcome"] == "loss" for r in results)
    lo, hi = wilson(wins, n)
    figures = {
        "games": n,
        "wins": wins,
        "losses": losses,
        "draws": n - wins - losses,
        "win_rate": round(wins / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "points_per_game": round(sum(r["points"] for r in results) / n, 2),
        "stalemates": sum(r["status"] == "stalemate" for r in results),
    }
    if more:
        figures.update(more(results))
    figures["seconds"] = round(time.perf_counter() - start, 1)
    return figures


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


# ---------------------------------------------------------------------- timing
def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(ms: list[float]) -> dict:
    return {
        "decisions": len(ms),
        "median": round(statistics.median(ms), 3) if ms else None,
        "p95": round(_percentile(ms, 0.95), 3),
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
        entry = _summary(ms)
        turns = list(per_turn.values())
        entry["turn_median"] = round(statistics.median(turns), 3) if turns else None
        entry["turn_p95"] = round(_percentile(turns, 0.95), 3)
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
        "p99_ms": round(_percentile(calls, 0.99), 3),
        "max_ms": round(max(calls), 3),
    }
    if cpu_time:
        out.update(
            {"cpu_p99_ms": round(_percentile(cpu, 0.99), 3), "cpu_max_ms": round(max(cpu), 3)}
        )
    return out


def add_tournament_options(parser, full_games: int) -> None:
    """The options every game's tournaments take."""
    parser.add_argument("--quick", action="store_true", help="fewer games and pairings")
    parser.add_argument(
        "--games", type=int, help=f"games per pairing (default {full_games}; quick 24)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes for the tournaments")
    parser.add_argument("--pairings", help="comma-separated, e.g. hard-greedy,medium-greedy")
    parser.add_argument(
        "--timing-games", type=int, help="games per level timed (default 6; quick 2)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal of the tournaments")


def tournament_plan(
    parser, args, levels, full_games: int, full_pairings, quick_pairings
) -> tuple[int, list, int]:
    """(games per pairing, the pairings, games per level timed) from the options; an unknown
    level in a pairing is an error."""
    games = args.games or (24 if args.quick else full_games)
    pairings = (
        args.pairings.split(",")
        if args.pairings
        else (quick_pairings if args.quick else full_pairings)
    )
    timing_games = args.timing_games or (2 if args.quick else 6)
    for pairing in pairings:
        a, _, b = pairing.partition("-")
        if a not in levels or b not in levels:
            parser.error(f"unknown pairing {pairing!r} (levels: {', '.join(levels)})")
    return games, pairings, timing_games


def pairing_line(pairing: str, r: dict, more: str = "") -> str:
    """A pairing's figures in one printed line (``more``: the game's own, before the time)."""
    return (
        f"  {pairing:15} win {r['win_rate']:.3f}  95% CI [{r['ci95'][0]:.3f}, "
        f"{r['ci95'][1]:.3f}]  {r['wins']}-{r['losses']}-{r['draws']} of {r['games']}"
        f"  points/game {r['points_per_game']:+.1f}{more}  ({r['seconds']:.0f} s)"
    )


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


# ---------------------------------------------------------------------- WebAssembly
_NODE_RUNNER = r"""
const fs = require("fs");
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = require(job.pyodide);
(async () => {
  const t0 = Date.now();
  const py = await loadPyodide();
  const loadMs = Date.now() - t0;
  for (const [name, text] of Object.entries(job.files)) {
    const dir = "/home/pyodide/pp/" + name.split("/").slice(0, -1).join("/");
    py.FS.mkdirTree(dir);
    py.FS.writeFile("/home/pyodide/pp/" + name, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/pp')");
  const out = py.runPython(job.code);
  console.log(JSON.stringify({ load_ms: loadMs, result: JSON.parse(out) }));
})().catch((e) => { console.error(String(e)); process.exit(1); });
"""


def find_pyodide() -> Path | None:
    candidates = [
        os.environ.get("PARLOUR_PYODIDE_DIR"),
        os.environ.get("PYODIDE_DIR"),
        ROOT / "web" / "pyodide" / "node_modules" / "pyodide",  # npm ci --prefix web/pyodide
        ROOT / "node_modules" / "pyodide",
        Path.cwd() / "node_modules" / "pyodide",
    ]
    for c in candidates:
        if c and (Path(c) / "pyodide.js").exists():
            return Path(c)
    return None


def wasm_times(games: int, first_seed: int, timeout: float = 900.0) -> dict:
    """The decision timing, run in Pyodide (CPython in WebAssembly) under Node."""
    node = shutil.which("node")
    pyodide = find_pyodide()
    if not node:
        return {"skipped": "node is not installed"}
    if not pyodide:
        return {
            "skipped": "pyodide is not installed: run `npm ci --prefix web/pyodide` in "
            f"{ROOT} (or set PARLOUR_PYODIDE_DIR)"
        }
    files = {}
    for sub in ("game/__init__.py", "game/core", "game/ai", "bench/__init__.py", "bench/ai.py"):
        for path in sorted([ROOT / sub] if sub.endswith(".py") else (ROOT / sub).glob("*.py")):
            files[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    code = (
        "import json, sys, platform\nfrom bench import ai\n"
        f"r = ai.decision_times(games={games}, first_seed={first_seed})\n"
        "r['python'] = sys.version.split()[0]; r['platform'] = sys.platform\n"
        "json.dumps(r)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.js"
        runner.write_text(_NODE_RUNNER)
        spec = Path(tmp) / "job.json"
        spec.write_text(json.dumps({"pyodide": str(pyodide), "files": files, "code": code}))
        try:
            proc = subprocess.run(
                [node, str(runner), str(spec)], capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return {"skipped": f"Pyodide run took longer than {timeout:.0f} s"}
    if proc.returncode != 0:
        return {"skipped": "the Pyodide run failed: " + proc.stderr.strip()[-400:]}
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    out = data["result"]
    out["pyodide_load_ms"] = data["load_ms"]
    return out


# ---------------------------------------------------------------------- main
def main(argv: list[str]) -> int:
    if "--game" in argv:  # another game's tournaments: bench/ai_<game>.py
        i = argv.index("--game")
        game = argv[i + 1] if i + 1 < len(argv) else ""
        rest = argv[:i] + argv[i + 2 :]
        if game != "russian-bank":
            import importlib

            try:
                module = importlib.import_module(f"bench.ai_{game.replace('-', '_')}")
            except ModuleNotFoundError:
                print(f"no computer-player benchmark for {game!r}")
                return 2
            return module.main(rest)
        argv = rest
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
        wasm_result = wasm_times(timing_games, 9000)
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
