"""Random input on the real client, headless: clicks, drags, keys, the wheel, fingers and window
events on every table, screen and dialog of the ten games, with ``--shapes`` now and then the
page in another shape (the client made again on another canvas, as a phone turned reloads the
page: every layout is met; in the browser the reload starts a fresh heap, so the memory
figures that count are those of a run without it).

    python -m bench fuzz [--quick] [--frames N] [--warm-up N] [--seed S] [--shapes]

Prints the frames played, resident memory (RSS) after the warm-up and at the end, the growth in
between (goal: less than 10 MB: in the browser, memory once taken is never given back), what
the caches hold at the end, and every exception the client raised (goal: none; the client is
made again and play goes on). The last line is one JSON object.

The input is testbed/client_fuzzing.py's ``Fuzzer``, which tests/ui/test_ui_fuzz.py also plays
at a small size.
"""

from __future__ import annotations

import json
import os
import platform
import random
import time
import traceback

from testbed.client_fuzzing import Fuzzer
from testbed.headless import headless
from testbed.measuring import rss_mb

GOAL_MB = 10.0
WARM_UP = 5000  # frames before growth is measured from (every table, screen and cache met)
FRAMES = 30000  # frames measured after the warm-up (--quick: 5000)
SHAPE_EVERY = 2500  # frames between two pages of another shape (the client made again)
# the page shapes (CSS px) a player's browser may give: landscape, phones upright (the portrait
# canvas's height follows the page) and on their side (a rail right of the table)
PAGES = [(1280, 720), (390, 844), (360, 800), (412, 915), (768, 1024), (844, 390), (915, 412)]


def new_app(store, page=None):
    """A client on the canvas a page of this shape picks (None: the canvas in use), its window
    made again as a reloaded page's is; its friends-online rooms in memory (rooms that wait:
    random input never reaches a network)."""
    import pygame

    from game.net import MemoryRelay
    from game.storage import Saves
    from game.ui.app import App
    from game.ui.canvas import CANVAS, choose

    if page is not None:
        CANVAS.use(choose(*page))
        pygame.display.quit()
    app = App(Saves(store), open_room=MemoryRelay().open)
    pygame.event.clear()
    return app


def cache_sizes() -> dict:
    """What the client's caches of drawn things hold now (MB and entries)."""
    from game.ui import card_art as cards
    from game.ui import theme

    art = cards.cache_info()
    text = theme.cache_info()
    return {
        "card_art_entries": art["entries"],
        "card_art_mb": round(art["bytes"] / 2**20, 2),
        "text_entries": text["texts"],
        "text_mb": round(text["text_bytes"] / 2**20, 2),
        "felt_entries": text["felts"],
        "felt_mb": round(text["felt_bytes"] / 2**20, 2),
        "overlay_entries": text["overlays"],
        "overlay_mb": round(text["overlay_bytes"] / 2**20, 2),
    }


def run(
    frames: int, warm_up: int, seed: int = 1, shapes: bool = False, every: int = 500, out=print
) -> dict:
    """Play ``warm_up + frames`` frames of random input; RSS every ``every`` frames."""
    import gc

    from game.storage import MemoryStore
    from game.ui.app import settle_memory
    from game.ui.canvas import CANVAS, LANDSCAPE

    rng = random.Random(seed)
    store = MemoryStore()
    app = new_app(store)
    settle_memory()
    fuzz = Fuzzer(app, rng)
    errors: dict[str, dict] = {}
    readings: list = []
    start = rss_mb()
    t0 = time.perf_counter()
    total = warm_up + frames
    pages = 0
    for i in range(total):
        if shapes and i and i % SHAPE_EVERY == 0:  # the page turned: reloaded in its shape
            gc.unfreeze()  # (the first client's start-up, frozen by settle_memory, may go)
            fuzz.app = app = new_app(store, rng.choice(PAGES))
            fuzz.later.clear()
            pages += 1
        try:
            fuzz.frame()
        except Exception as e:  # noqa: BLE001 (recorded, then play goes on in a new client)
            tb = traceback.extract_tb(e.__traceback__)
            where = next(
                (
                    f"{os.path.relpath(f.filename)}:{f.lineno}"
                    for f in reversed(tb)
                    if "game" + os.sep in f.filename
                ),
                "?",
            )
            key = f"{type(e).__name__} at {where}"
            seen = errors.setdefault(
                key,
                {
                    "count": 0,
                    "first_frame": i,
                    "message": str(e)[:200],
                    "scene": type(app.scene).__name__,
                    "game": getattr(app.scene, "game_id", None),
                    "traceback": traceback.format_exc(),
                },
            )
            seen["count"] += 1
            fuzz.app = app = new_app(store)
            fuzz.later.clear()
        if (i + 1) % every == 0:
            gc.collect()
            readings.append((i + 1, round(rss_mb(), 2)))
    seconds = time.perf_counter() - t0
    CANVAS.use(LANDSCAPE)
    warm = next((mb for n, mb in readings if n >= warm_up), readings[0][1])
    end = readings[-1][1]
    top = max(mb for n, mb in readings if n >= warm_up)
    growth = round(end - warm, 2)
    caches = cache_sizes()
    result = {
        "benchmark": "fuzz",
        "frames": total,
        "warm_up_frames": warm_up,
        "seed": seed,
        "seconds": round(seconds, 1),
        "pages_turned": pages,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rss_start_mb": round(start, 2),
        "rss_warm_mb": warm,
        "rss_end_mb": end,
        "rss_max_after_warm_mb": top,
        "growth_after_warm_mb": growth,
        "goal_mb": GOAL_MB,
        "goal_met": growth < GOAL_MB,
        "caches_at_end": caches,
        "games_opened": sorted(fuzz.opened),
        "scenes": sorted(fuzz.scenes),
        "dialogs": sorted(fuzz.modals),
        "exceptions": sum(e["count"] for e in errors.values()),
        "exception_kinds": {
            k: {x: v for x, v in e.items() if x != "traceback"} for k, e in errors.items()
        },
        "readings": readings,
    }
    out(
        f"frames {total} ({warm_up} of warm-up, then {frames}) in {seconds:.0f} s, "
        f"{pages} pages of another shape; games met {len(fuzz.opened)}, screens "
        f"{', '.join(sorted(fuzz.scenes))}; dialogs {', '.join(sorted(fuzz.modals)) or '-'}"
    )
    out(
        f"RSS at start {start:.1f} MB, after the warm-up {warm:.1f} MB, at the end {end:.1f} MB "
        f"(highest after warm-up {top:.1f} MB)"
    )
    out(
        f"growth after warm-up {growth:+.2f} MB (goal < {GOAL_MB} MB): "
        f"{'met' if growth < GOAL_MB else 'NOT met'}"
    )
    out("caches at the end: " + ", ".join(f"{k} {v}" for k, v in caches.items()))
    out(f"exceptions: {result['exceptions']}")
    for key, e in errors.items():
        out(
            f"  {e['count']} x {key} (first at frame {e['first_frame']}, {e['scene']} "
            f"{e['game'] or ''}): {e['message']}"
        )
        out("    " + e["traceback"].strip().replace("\n", "\n    "))
    return result


def main(argv: list[str]) -> int:
    headless()

    def arg(name, default):
        return int(argv[argv.index(name) + 1]) if name in argv else default

    quick = "--quick" in argv
    frames = arg("--frames", 5000 if quick else FRAMES)
    warm_up = arg("--warm-up", 2000 if quick else WARM_UP)
    result = run(frames, warm_up, seed=arg("--seed", 1), shapes="--shapes" in argv)
    result["quick"] = quick
    print(json.dumps(result))
    return 1 if result["exceptions"] else 0
