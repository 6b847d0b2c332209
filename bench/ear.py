"""``./build.sh bench ear [--quick] [--cpu-slowdown N] [--moves N]``: the game by ear in
Chromium (issue 46), on the site as built (./build.sh web, built first as the other browser
benchmarks do), with the Screen reader setting on and a saved Forty Thieves deal continued
(the driver: testbed/ear_timing.py). Once at Chromium's own speed and once with its CPU N
times slower (CDP ``Emulation.setCPUThrottlingRate``, from the table on; default 4: a
stand-in for a phone), each on a new page, the same deal and the same moves:

- ``key_to_words``, ``frame_to_words``: moves made by keys as a player by ear makes them (a
  column's digit, W, Enter, F, S; the move chosen from the game's legal moves). Key: the
  keydown of the key that made the move (a capture listener, performance.now()). Frame: the
  start of the game step after which the table's history was a move longer (that step makes
  the move, says it and draws it; ``frame_end_to_words`` is from its end, negative: the words
  land before the frame is flipped). Words: the first line put into a live region at or after
  the key (``parlourEar.said[].at``). p50/p95/max over the moves. Goal: p95 <= 100 ms.
- ``mirror_ms``: each ``parlourEar.show`` call's duration (the mirror updated in the DOM,
  wrapped with performance.now()), per call and per move (every call from the move's first
  key to the next move's: the focus moved, a card picked up, the move). Goal: <= 2 ms a move.
  ``view_ms``: the Python side, in the page: ``table_view(table)`` and ``json.dumps(view.
  to_json())`` on the table after the moves, 200 times, per call.
- ``rest``: the table at rest, nothing moving (the light off), switch on: every Chromium
  process's CPU over 10 s (one core = 100: bench/browser's idle figure), the game's steps and
  animation frames a second (~0: the page rests). Goal: <= 2 % of a core. The same after the
  switch is turned off, and Chromium with a page without the game at the same CPU speed, for
  comparison: Chromium's CPU throttling costs CPU of its own (70 to 86 % of a core at
  4x on this machine with no game at all), so the rest's CPU is judged at 1x only. And the
  table at rest before the deal's first move (its clock not running yet: no redraw a second).
- ``first_visit``: the site's bytes as served (gzip for text and wasm: bench/browser/site.py's
  host) and, without --quick, one cold first visit's bytes counted at that server (as
  ``bench browser --site``). Goal: < 8 MB.

``--quick``: 15 moves, 5 s at rest, 50 view calls, no first visit (the bytes as served only).
The last line printed is one JSON object with every figure. The machine's load moves the
times: quote them with the machine and its load average.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

from testbed.browser import Browser
from testbed.ear_timing import SEED, EarTiming, chromium_alone, spread, summary
from testbed.site import ClientSite, Missing, site_info

WORDS_GOAL_MS = 100
MIRROR_GOAL_MS = 2
REST_GOAL_PERCENT = 2
FIRST_VISIT_GOAL_BYTES = 8e6


def one_speed(browser, site, rate: float, moves: int, rest_s: float, view_calls: int) -> dict:
    t = EarTiming(browser, site, SEED)
    try:
        t.open()
        if rate != 1:
            t.throttle(rate)
        # the deal as continued, before its first move: the table's clock not running yet
        out = {"rest_before_moves": t.at_rest(rest_s)}
        started = time.perf_counter()
        t.play(moves)
        played_s = time.perf_counter() - started
        out.update(summary(t.moves))
        shows = [ms for m in t.moves for ms in m.shows]
        out["mirror_per_call"] = spread(shows, 3)
        out["mirror_json_chars"] = spread(t.show_chars, 0)
        out["deals"] = t.deals
        out["played_s"] = round(played_s, 1)
        out["view"] = t.view_cost(view_calls)
        out["rest"] = t.at_rest(rest_s)
        t.switch_off()
        out["rest_switch_off"] = t.at_rest(rest_s)
    finally:
        t.close()
    out["chromium_alone"] = chromium_alone(browser, site, rate, rest_s)
    return out


def first_visit(browser, quick: bool) -> dict:
    """The site's bytes as served (gzip) and its heaviest files; without ``quick``, one
    first visit on bench/browser/site.py's counting server (a cold load on its emulated
    link, until the service worker holds the site)."""
    from bench.browser.site import GzipHost, one_load
    from testbed.site import build_site

    folder = build_site()
    info = site_info(folder)
    host = GzipHost(folder)
    try:
        sizes = {
            path: len(gz if gz is not None else data)
            for path, (data, gz, _kind, _modified) in host.files.items()
        }
        out = {
            "build": info["build"],
            "files": len(sizes),
            "site_bytes_gzip": sum(sizes.values()),
            "heaviest": dict(sorted(sizes.items(), key=lambda kv: -kv[1])[:8]),
        }
        if not quick:
            r = one_load(browser.browser, host, len(info["files"]) + 1, info["build"])
            out.update(
                first_visit_bytes=r["first_visit_bytes"],
                first_visit_requests=r["first_visit_requests"],
                cold_ms=r["cold_ms"],
            )
        return out
    finally:
        host.close()


def _tree() -> dict:
    """The commit and the files changed in the working tree (what the site was built from)."""
    import subprocess

    def git(*args):
        return subprocess.run(["git", *args], capture_output=True, text=True).stdout.strip()

    return {"commit": git("rev-parse", "--short", "HEAD"), "changed": git("status", "--short")}


def _line(what: str, s: dict, unit: str = "ms") -> str:
    return f"{what}: p50 {s['p50']} {unit}, p95 {s['p95']} {unit}, max {s['max']} {unit} ({s['n']})"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ear")
    parser.add_argument("--quick", action="store_true", help="fewer moves and seconds")
    parser.add_argument(
        "--cpu-slowdown", type=float, default=4, help="the slower run's CPU factor (default 4)"
    )
    parser.add_argument("--moves", type=int, default=None, help="moves a run (default 60)")
    args = parser.parse_args(argv)
    quick = args.quick
    moves = args.moves or (15 if quick else 60)
    rest_s, view_calls = (5.0, 50) if quick else (10.0, 200)
    rates = [1.0] if args.cpu_slowdown == 1 else [1.0, args.cpu_slowdown]
    started = time.perf_counter()
    out: dict = {
        "bench": "ear",
        "quick": quick,
        "game": "forty-thieves",
        "deal": SEED,
        "moves": moves,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
        "runs": {},
        "tree": _tree(),
    }
    try:
        site = ClientSite().__enter__()
    except Missing as e:
        print(f"can't run the ear benchmark: {e}")
        return 1
    try:
        browser = Browser()
        try:
            out["chromium"] = browser.browser.version
            print(f"Chromium {out['chromium']}; {out['machine']}; {moves} moves a run", flush=True)
            for rate in rates:
                r = one_speed(browser, site, rate, moves, rest_s, view_calls)
                out["runs"][f"{rate:g}x"] = r
                v = r["view"]
                print(
                    f"CPU {rate:g}x ({r['moves']} moves: {r['kinds']}; deals {r['deals']}; "
                    f"{r['played_s']} s; {r['unsaid']} unsaid, {r['unseen_frames']} frames "
                    "unseen)\n"
                    f"  {_line('key -> words', r['key_to_words'])}\n"
                    f"  {_line('frame -> words', r['frame_to_words'])}\n"
                    f"  {_line('frame end -> words', r['frame_end_to_words'])}\n"
                    f"  {_line('key -> frame', r['key_to_frame'])}\n"
                    f"  {_line('mirror per move', r['show_ms'])}, "
                    f"{r['shows_per_move']['p50']} calls a move (max "
                    f"{r['shows_per_move']['max']})\n"
                    f"  {_line('mirror per call', r['mirror_per_call'])}, "
                    f"JSON {r['mirror_json_chars']['p50']} chars\n"
                    f"  view in Python ({v['nodes']} nodes, {v['json_chars']} chars): mean "
                    f"{v['mean_ms']} ms a call; "
                    f"{_line('table_view + json.dumps', v['per_call_ms'])}"
                    f"\n  at rest, switch on: Chromium CPU {r['rest']['cpu_percent']} % of a core, "
                    f"{r['rest']['frames_per_s']} page frames/s ({r['rest']['app_steps_per_s']}"
                    " App.step/s), "
                    f"{r['rest']['animation_frames_per_s']} animation frames/s, "
                    f"{r['rest']['mirror_updates']} mirror updates, {r['rest']['lines_said']} "
                    f"lines said ({r['rest']['seconds']} s)\n"
                    f"  at rest, switch off: Chromium CPU {r['rest_switch_off']['cpu_percent']} "
                    f"% of a core, {r['rest_switch_off']['frames_per_s']} page frames/s\n"
                    "  at rest before the first move (the clock not running), switch on: "
                    f"Chromium CPU {r['rest_before_moves']['cpu_percent']} % of a core, "
                    f"{r['rest_before_moves']['frames_per_s']} page frames/s\n  "
                    f"Chromium with a page without the game: {r['chromium_alone']['cpu_percent']}"
                    " %",
                    flush=True,
                )
            fv = first_visit(browser, quick)
            out["first_visit"] = fv
        finally:
            browser.close()
    finally:
        site.__exit__(None, None, None)
    size = fv.get("first_visit_bytes", fv["site_bytes_gzip"])
    print(
        f"site: {fv['files']} files, {fv['site_bytes_gzip'] / 1e6:.3f} MB as served (gzip)"
        + (
            f"; first visit {fv['first_visit_bytes']:,} bytes = "
            f"{fv['first_visit_bytes'] / 1e6:.3f} MB ({fv['first_visit_requests']} requests)"
            if "first_visit_bytes" in fv
            else ""
        )
        + "\n  heaviest (as served): "
        + ", ".join(f"{p} {n / 1e6:.3f} MB" for p, n in fv["heaviest"].items()),
        flush=True,
    )
    # the headline figures, as the issue names them
    runs = out["runs"]
    out["key_to_words_p95_ms"] = {k: r["key_to_words"]["p95"] for k, r in runs.items()}
    out["frame_to_words_p95_ms"] = {k: r["frame_to_words"]["p95"] for k, r in runs.items()}
    out["mirror_per_move_p95_ms"] = {k: r["show_ms"]["p95"] for k, r in runs.items()}
    out["mirror_per_call_p95_ms"] = {k: r["mirror_per_call"]["p95"] for k, r in runs.items()}
    out["view_mean_ms"] = {k: r["view"]["mean_ms"] for k, r in runs.items()}
    out["rest_cpu_percent"] = {k: r["rest"]["cpu_percent"] for k, r in runs.items()}
    out["rest_cpu_percent_before_moves"] = {
        k: r["rest_before_moves"]["cpu_percent"] for k, r in runs.items()
    }
    out["rest_cpu_percent_switch_off"] = {
        k: r["rest_switch_off"]["cpu_percent"] for k, r in runs.items()
    }
    out["chromium_alone_cpu_percent"] = {
        k: r["chromium_alone"]["cpu_percent"] for k, r in runs.items()
    }
    out["rest_frames_per_s"] = {k: r["rest"]["frames_per_s"] for k, r in runs.items()}
    out["first_visit_mb"] = round(size / 1e6, 3)

    def every(figures: dict, goal: float) -> bool:
        return all(x is not None and x <= goal for x in figures.values())

    out["goals"] = {
        f"frame_to_words_p95_ms<={WORDS_GOAL_MS}": every(
            out["frame_to_words_p95_ms"], WORDS_GOAL_MS
        ),
        f"key_to_words_p95_ms<={WORDS_GOAL_MS}": every(out["key_to_words_p95_ms"], WORDS_GOAL_MS),
        f"mirror_per_move_p95_ms<={MIRROR_GOAL_MS}": every(
            out["mirror_per_move_p95_ms"], MIRROR_GOAL_MS
        ),
        f"rest_cpu_percent_1x<={REST_GOAL_PERCENT}": every(
            {"1x": out["rest_cpu_percent"]["1x"]}, REST_GOAL_PERCENT
        ),
        "first_visit<8MB": size < FIRST_VISIT_GOAL_BYTES,
    }
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    out["seconds"] = round(time.perf_counter() - started, 1)
    print(f"goals: {out['goals']} ({out['seconds']} s in all)")
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
