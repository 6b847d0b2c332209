"""The client's memory over a long session: resident memory (RSS) over thousands of frames of
play on every table (moves by posted clicks, undo, redo, hints, new deals), headless.

    python -m bench memory [--quick] [--frames N]

In the browser, memory the program takes is WebAssembly memory that never comes back, so it
must stay flat. Prints RSS after a warm-up and at the end, and the growth in between; the last
line is one JSON object. The warm-up is one deal of every game (each table makes its card art
and layers once); then 20,000 frames more. Goal: less than 10 MB growth after the warm-up.
"""

from __future__ import annotations

import json
import platform
import random
import time

from testbed.headless import headless
from testbed.measuring import rss_mb

GOAL_MB = 10.0
GAME_FRAMES = 600  # frames per deal before the next game opens


def warm_up_frames() -> int:
    """Frames before the reading growth is measured from: one deal of every game, so every
    table's card art and layers have been made once (caches that fill, not memory that leaks)."""
    from game.core import GAMES

    return GAME_FRAMES * len(GAMES)


def play(app, frames: int, readings: list, every: int) -> dict:
    """Frames of varied play; a reading of RSS every ``every`` frames."""
    import pygame

    from game.core import GAMES

    rng = random.Random(7)
    counts = {"moves": 0, "undos": 0, "redos": 0, "hints": 0, "deals": 0}
    table = None
    for i in range(frames):
        if i % GAME_FRAMES == 0:  # another game, a new deal
            table = app.open_game(GAMES[(i // GAME_FRAMES) % len(GAMES)])
            table.start(rng.randrange(1, 10**6))
            counts["deals"] += 1
        s = table.session
        if i % 5 == 0 and table.modal is None:
            r = rng.random()
            if r < 0.1 and table.can_undo():
                table.undo()
                counts["undos"] += 1
            elif r < 0.15 and table.can_redo():
                table.redo()
                counts["redos"] += 1
            elif r < 0.2 and s.help is not None:
                table.chrome.show_hint()
                counts["hints"] += 1
            elif s.accepting():
                moves = s.candidate_moves()
                if moves:
                    move = rng.choice(moves)
                    if move.source in table.layout.piles and move.source != move.target:
                        start = table.layout.top_rect(move.source, table.faces(move.source))
                        end = table.layout.top_rect(move.target, table.faces(move.target))
                        for kind, pos in (
                            (pygame.MOUSEBUTTONDOWN, start.center),
                            (pygame.MOUSEMOTION, end.center),
                            (pygame.MOUSEBUTTONUP, end.center),
                        ):
                            extra = (
                                {"rel": (0, 0), "buttons": (1, 0, 0)}
                                if kind == pygame.MOUSEMOTION
                                else {"button": 1}
                            )
                            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
                    else:
                        table.attempt(move)
                    counts["moves"] += 1
        elif table.modal is not None and i % 30 == 0:
            table.modal = None
        app.step(1000 / 60)
        if (i + 1) % every == 0:
            readings.append((i + 1, round(rss_mb(), 2), table.session.state.game_id))
    return counts


def main(argv: list[str]) -> int:
    headless()

    from game.storage import MemoryStore, Saves
    from game.ui.app import App, settle_memory

    quick = "--quick" in argv
    warm_up = warm_up_frames()
    measured = 5000 if quick else 20000
    if "--frames" in argv:
        measured = int(argv[argv.index("--frames") + 1])
    frames = warm_up + measured
    app = App(Saves(MemoryStore()))
    app.settings.set("pace", "instant")
    app.settings.set("winnable_light", True)
    settle_memory()
    start = rss_mb()
    t0 = time.perf_counter()
    readings: list = []
    counts = play(app, frames, readings, every=500)
    seconds = time.perf_counter() - t0
    warm = next((mb for n, mb, _ in readings if n >= warm_up), readings[0][1])
    end = readings[-1][1]
    top = max(mb for n, mb, _ in readings if n >= warm_up)
    growth = round(end - warm, 2)
    print(
        f"frames {frames} ({warm_up} of warm-up: one deal of each of the "
        f"{warm_up // GAME_FRAMES} games, then {measured}) in {seconds:.0f} s: {counts}"
    )
    print(
        f"RSS at start {start:.1f} MB, after the warm-up {warm:.1f} MB, at the end "
        f"{end:.1f} MB (highest after warm-up {top:.1f} MB)"
    )
    steps = [
        (n, b - a, game)
        for (_, a, _), (n, b, game) in zip(readings, readings[1:])
        if n > warm_up and b - a >= 1.0
    ]
    if steps:
        print(
            "steps of 1 MB or more after warm-up (frame, MB, game): "
            + ", ".join(f"{n} {mb:+.1f} {game}" for n, mb, game in steps)
        )
    print(
        f"growth after warm-up {growth:+.2f} MB (goal < {GOAL_MB} MB): "
        f"{'met' if growth < GOAL_MB else 'NOT met'}"
    )
    print(
        json.dumps(
            {
                "benchmark": "memory",
                "frames": frames,
                "quick": quick,
                "python": platform.python_version(),
                "machine": platform.machine(),
                "warm_up_frames": warm_up,
                "counts": counts,
                "rss_start_mb": round(start, 2),
                "rss_warm_mb": warm,
                "rss_end_mb": end,
                "rss_max_after_warm_mb": top,
                "growth_after_warm_mb": growth,
                "goal_mb": GOAL_MB,
                "goal_met": growth < GOAL_MB,
                "readings": readings,
            }
        )
    )
    return 0
