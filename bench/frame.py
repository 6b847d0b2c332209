"""``python -m bench frame [--quick] [--frames N] [--no-solver]``: how long the client
takes per frame, natively at 1280x720 with SDL's dummy video driver. The last line printed is
one JSON object with every figure.

1. Dragging (every table): per frame it posts a real MOUSEMOTION event, runs ``App.step``
   (input, update, draw, flip) and times the draw alone (``App.draw``, wall clock and this
   thread's CPU time) and the whole step. It also times a full re-render of the table layer
   (what happens once when a drag starts or a move lands). Goal: draw p95 <= 4 ms.
2. The solver thinking in the background (the solitaires, "still winnable?" light on): a deal
   the solver does not decide quickly (the first one missing from the winnable list), a few
   moves in; every ``SOLVER_EVERY`` frames a real click on Undo or Redo changes the position
   (so a new Solver starts, as after any move), and every frame runs ``App.step`` while the
   solver thinks its 3 ms slice. Times the whole step (wall clock and CPU time), separately for
   the frame right after a move, and every garbage collection during those frames (through
   ``gc.callbacks``). It runs once as the client does (``gc.freeze()`` after start-up) and once
   without the freeze, for comparison. Goal: a frame with solver work stays within a few ms
   (the solver's slice is 3 ms; step p95 <= 8 ms).
"""

from __future__ import annotations

import gc
import json
import math
import os
import platform
import statistics
import sys
import time

GAMES = ("forty-thieves", "indian-patience", "russian-bank")
SEEDS = {"forty-thieves": 91, "indian-patience": 6, "russian-bank": 5}


def _mid_game(table, moves: int) -> None:
    """Play some moves with a plain policy so the table is in a middle-game state (a computer
    seat plays Greedy)."""
    session = table.session
    state = table.state
    seen = {state.key()}
    for _ in range(moves):
        if state.is_over():
            break
        legal = state.legal_moves()
        if not session.is_local(state.current_player):
            session.advance(10_000, max_moves=1)
            seen.add(state.key())
            continue
        else:
            found = [m for m in legal if m.target.startswith("foundation")]
            if not found:
                for m in legal:
                    if m.source == m.target or m.source == "stock":
                        continue
                    state.push(m)
                    new = state.key() not in seen
                    state.pop()
                    if new and not m.target.startswith(("waste",)):
                        found = [m]
                        break
            move = (
                found[0]
                if found
                else next(
                    (
                        m
                        for m in legal
                        if m.source in ("stock",)
                        or m.source == m.target
                        or m.target.startswith("waste")
                    ),
                    legal[0],
                )
            )
        session.play(move)
        seen.add(state.key())
    while not session.is_local(state.current_player) and not state.is_over():
        session.advance(10_000, max_moves=1)  # hand the table to the player, who drags
    table.anim.clear()
    session.auto_pending = False


def _drag_source(table) -> str:
    """The pile whose top card is dragged: the tallest column or house (the most to draw)."""
    piles = table.piles()
    names = [
        n for n in piles if n.startswith(("tableau", "house")) and piles[n] and piles[n][-1][1]
    ]
    return max(names, key=lambda n: len(piles[n]))


def _pct(values, q):
    values = sorted(values)
    k = max(0, min(len(values) - 1, math.ceil(q * len(values)) - 1))
    return values[k]


def bench_game(app, game_id: str, frames: int) -> dict:
    import pygame

    table = app.open_game(game_id)
    table.app.settings.pace = "slow"
    seats = ("human", "computer:greedy") if table.info.multiplayer else None
    table.start(SEEDS[game_id], seats=seats)
    _mid_game(table, 120 if table.info.multiplayer else 60)
    table.modal = None
    table.next_action_at = float("inf") if table.info.multiplayer else 0  # the computer waits
    app.step()
    # a cold re-render of the table layer
    layer_times = []
    for _ in range(20):
        table.view.invalidate()
        t0 = time.perf_counter()
        table.view.layer()
        layer_times.append((time.perf_counter() - t0) * 1000)
    src = _drag_source(table)
    rect = table.layout.card_rects(src, table.faces(src))[-1]
    x0, y0 = rect.center
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1))
    app.step()
    draw_ms, step_ms, cpu_ms = [], [], []
    for i in range(frames):
        a = i / 40.0
        pos = (int(640 + 420 * math.sin(a)), int(380 + 220 * math.sin(a * 1.7)))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        t0 = time.perf_counter()
        app.step(1000 / 60)
        t1 = time.perf_counter()
        c1 = time.thread_time()
        app.draw()
        t2 = time.perf_counter()
        c2 = time.thread_time()
        step_ms.append((t1 - t0) * 1000)
        draw_ms.append((t2 - t1) * 1000)
        cpu_ms.append((c2 - c1) * 1000)
    dragging = table.input.drag is not None
    if not dragging:
        raise SystemExit(
            f"frame benchmark: no card could be picked up on {game_id} "
            f"(from {src}); the figures would not be of dragging"
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x0, y0), button=1))
    app.step()
    return {
        "dragged_from": src,
        "dragging": dragging,
        "frames": frames,
        "draw_median_ms": round(statistics.median(draw_ms), 3),
        "draw_p95_ms": round(_pct(draw_ms, 0.95), 3),
        "draw_max_ms": round(max(draw_ms), 3),
        "draw_cpu_median_ms": round(statistics.median(cpu_ms), 3),
        "draw_cpu_p95_ms": round(_pct(cpu_ms, 0.95), 3),
        "step_median_ms": round(statistics.median(step_ms), 3),
        "step_p95_ms": round(_pct(step_ms, 0.95), 3),
        "layer_render_median_ms": round(statistics.median(layer_times), 3),
    }


SOLVER_GAMES = ("forty-thieves", "indian-patience")
SOLVER_EVERY = 30  # frames between two moves (half a second at 60 frames a second)
SOLVER_GOAL_P95_MS = 16.7  # a 60 Hz frame: the solver takes what the frame has left


def _undecided_deal(game_id: str) -> int:
    """The first deal the winnable list leaves out: the solver did not win it when the list was
    built, so it thinks for long (the point here) instead of answering at once."""
    from game.ai.deals import winnable_deals

    listed = set(winnable_deals(game_id))
    return next(d for d in range(1, 10_000) if d not in listed)


class _GcWatch:
    """Times every garbage collection while on (wall clock and this thread's CPU time)."""

    def __init__(self):
        self.on = False
        self.pauses: list[tuple[int, float, float]] = []
        self._t = self._c = 0.0

    def __call__(self, phase, info):
        if not self.on:
            return
        if phase == "start":
            self._t, self._c = time.perf_counter(), time.thread_time()
        else:
            self.pauses.append(
                (
                    info["generation"],
                    (time.perf_counter() - self._t) * 1000,
                    (time.thread_time() - self._c) * 1000,
                )
            )

    def figures(self) -> dict:
        out = {}
        for g in (0, 1, 2):
            wall = [w for gen, w, _ in self.pauses if gen == g]
            cpu = [c for gen, _, c in self.pauses if gen == g]
            out[f"gen{g}"] = {
                "count": len(wall),
                "max_ms": round(max(wall), 3) if wall else 0.0,
                "max_cpu_ms": round(max(cpu), 3) if cpu else 0.0,
            }
        return out


def _summary(wall, cpu) -> dict:
    if not wall:
        return {"frames": 0}
    return {
        "frames": len(wall),
        "step_median_ms": round(statistics.median(wall), 3),
        "step_p95_ms": round(_pct(wall, 0.95), 3),
        "step_max_ms": round(max(wall), 3),
        "step_cpu_median_ms": round(statistics.median(cpu), 3),
        "step_cpu_p95_ms": round(_pct(cpu, 0.95), 3),
        "step_cpu_max_ms": round(max(cpu), 3),
    }


def bench_solver(app, game_id: str, frames: int, watch: _GcWatch) -> dict:
    """Frames while the solver thinks in the background, the light on, a move every
    SOLVER_EVERY frames (real clicks on Undo and Redo)."""
    import pygame

    app.settings.winnable_light = True
    app.settings.animations = True
    table = app.open_game(game_id)
    deal = _undecided_deal(game_id)
    table.start(deal)
    _mid_game(table, 12)
    table.modal = None
    app.step()
    undo, redo = table.button("Undo").rect.center, table.button("Redo").rect.center
    pygame.event.clear()
    thinking = {"wall": [], "cpu": []}
    first = {"wall": [], "cpu": []}
    idle = 0
    verdicts: dict[str, int] = {}
    watch.pauses.clear()
    for i in range(frames):
        moved = i % SOLVER_EVERY == 0
        if moved:  # a real click: the move happens inside the timed step, as in play
            pos = undo if (i // SOLVER_EVERY) % 2 == 0 else redo
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        help = table.session.help
        before = help.verdict
        watch.on = True
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1000 / 60)
        t1, c1 = time.perf_counter(), time.thread_time()
        watch.on = False
        if moved:
            first["wall"].append((t1 - t0) * 1000)
            first["cpu"].append((c1 - c0) * 1000)
        elif before is None and help.job is not None:
            thinking["wall"].append((t1 - t0) * 1000)
            thinking["cpu"].append((c1 - c0) * 1000)
        else:
            idle += 1
        help = table.session.help
        if before is None and help.verdict is not None:
            verdicts[help.verdict.status] = verdicts.get(help.verdict.status, 0) + 1
    app.settings.winnable_light = False
    both = {k: thinking[k] + first[k] for k in ("wall", "cpu")}
    return {
        "deal": deal,
        "moves_made": len(first["wall"]),
        "verdicts": verdicts,
        "frames_without_solver_work": idle,
        "solver_frames": _summary(both["wall"], both["cpu"]),
        "thinking_frames": _summary(thinking["wall"], thinking["cpu"]),
        "frames_right_after_a_move": _summary(first["wall"], first["cpu"]),
        "gc": watch.figures(),
    }


def _full_collection_ms() -> float:
    """How long a full collection (gc.collect()) takes in the heap as it is (median of 5)."""
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        gc.collect()
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 3)


def run_solver_benches(app, frames: int) -> dict:
    """Both solitaires as the client runs (start-up objects frozen by ``settle_memory``), then
    again with nothing frozen; and the time of one full collection each way."""
    watch = _GcWatch()
    gc.callbacks.append(watch)
    out = {}
    try:
        out["with_gc_freeze"] = {g: bench_solver(app, g, frames, watch) for g in SOLVER_GAMES}
        frozen = gc.get_freeze_count()
        full_frozen = _full_collection_ms()
        gc.unfreeze()
        out["without_gc_freeze"] = {g: bench_solver(app, g, frames, watch) for g in SOLVER_GAMES}
        full_plain = _full_collection_ms()
        out["full_collection"] = {
            "frozen_objects": frozen,
            "tracked_objects": len(gc.get_objects()),
            "with_gc_freeze_ms": full_frozen,
            "without_gc_freeze_ms": full_plain,
        }
    finally:
        gc.callbacks.remove(watch)
        gc.freeze()  # as the client runs, for the rest of the benchmark
    return out


def _print_solver(results: dict) -> None:
    for label in ("with_gc_freeze", "without_gc_freeze"):
        games = results[label]
        print(f"solver thinking, light on, {label.replace('_', ' ')}:")
        for game_id, r in games.items():
            a, f, g = r["solver_frames"], r["frames_right_after_a_move"], r["gc"]
            print(
                f"  {game_id:16} deal {r['deal']}: step median {a['step_median_ms']:.3f} ms "
                f"p95 {a['step_p95_ms']:.3f} ms max {a['step_max_ms']:.3f} ms (CPU time: "
                f"median {a['step_cpu_median_ms']:.3f}, p95 {a['step_cpu_p95_ms']:.3f}, max "
                f"{a['step_cpu_max_ms']:.3f} ms) over {a['frames']} frames; right after a "
                f"move p95 {f['step_p95_ms']:.3f} ms (CPU {f['step_cpu_p95_ms']:.3f} ms); "
                f"gc: {g['gen0']['count']}/{g['gen1']['count']}/{g['gen2']['count']} "
                f"collections of gen 0/1/2, longest {g['gen0']['max_ms']:.2f}/"
                f"{g['gen1']['max_ms']:.2f}/{g['gen2']['max_ms']:.2f} ms (CPU "
                f"{g['gen0']['max_cpu_ms']:.2f}/{g['gen1']['max_cpu_ms']:.2f}/"
                f"{g['gen2']['max_cpu_ms']:.2f}); verdicts "
                f"{r['verdicts'] or 'none'}"
            )
    full = results["full_collection"]
    print(
        f"one full garbage collection: {full['with_gc_freeze_ms']:.2f} ms with the start-up "
        f"objects frozen ({full['frozen_objects']} frozen), {full['without_gc_freeze_ms']:.2f} "
        f"ms with nothing frozen ({full['tracked_objects']} tracked objects)"
    )


def main(argv: list[str]) -> int:
    from testbed.headless import headless

    headless()
    import pygame

    from game.storage import MemoryStore, Saves
    from game.ui.app import App, settle_memory

    quick = "--quick" in argv
    frames = 300 if quick else 2000
    if "--frames" in argv:
        frames = int(argv[argv.index("--frames") + 1])
    app = App(Saves(MemoryStore()))
    settle_memory()  # as the client's main() does after start-up
    solver = None
    if "--no-solver" not in argv:
        solver = run_solver_benches(app, frames)
        _print_solver(solver)
    results = {}
    for game_id in GAMES:
        r = bench_game(app, game_id, frames)
        results[game_id] = r
        print(
            f"{game_id:16} draw median {r['draw_median_ms']:.3f} ms  p95 "
            f"{r['draw_p95_ms']:.3f} ms  (CPU time: median {r['draw_cpu_median_ms']:.3f}, "
            f"p95 {r['draw_cpu_p95_ms']:.3f} ms; whole step median {r['step_median_ms']:.3f} ms, "
            f"p95 {r['step_p95_ms']:.3f} ms; layer re-render "
            f"{r['layer_render_median_ms']:.3f} ms) dragging {r['dragged_from']}"
        )
    worst = max(r["draw_p95_ms"] for r in results.values())
    worst_cpu = max(r["draw_cpu_p95_ms"] for r in results.values())
    print(
        f"worst draw p95 {worst:.3f} ms wall clock, {worst_cpu:.3f} ms CPU time (goal <= 4 ms):"
        f" {'met' if worst <= 4 else 'NOT met on the wall clock'}"
    )
    print(
        "(a wall-clock p95 far above the CPU-time p95 means other processes took the core: "
        "measure on a quiet machine)"
    )
    out = {
        "benchmark": "frame",
        "quick": quick,
        "frames_per_game": frames,
        "canvas": [1280, 720],
        "video_driver": os.environ.get("SDL_VIDEODRIVER"),
        "python": platform.python_version(),
        "pygame": pygame.version.ver,
        "goal_draw_p95_ms": 4,
        "worst_draw_p95_ms": worst,
        "worst_draw_cpu_p95_ms": worst_cpu,
        "goal_met": worst <= 4,
        "games": results,
    }
    if solver is not None:
        worst_solver = max(
            r["solver_frames"]["step_p95_ms"] for r in solver["with_gc_freeze"].values()
        )
        worst_solver_cpu = max(
            r["solver_frames"]["step_cpu_p95_ms"] for r in solver["with_gc_freeze"].values()
        )
        if worst_solver <= SOLVER_GOAL_P95_MS:
            verdict = "met"
        elif worst_solver_cpu <= SOLVER_GOAL_P95_MS:
            verdict = "NOT met on the wall clock, met in CPU time"
        else:
            verdict = "NOT met"
        print(
            f"worst step p95 with the solver thinking (gc frozen, as the client runs): "
            f"{worst_solver:.3f} ms wall clock, {worst_solver_cpu:.3f} ms CPU time (goal <= "
            f"{SOLVER_GOAL_P95_MS} ms): {verdict}"
        )
        out.update(
            {
                "solver_slice_ms": "3 busy, rest of the frame idle (max 12)",
                "solver_frame_every": SOLVER_EVERY,
                "goal_solver_step_p95_ms": SOLVER_GOAL_P95_MS,
                "worst_solver_step_p95_ms": worst_solver,
                "worst_solver_step_cpu_p95_ms": worst_solver_cpu,
                "solver_goal_met": worst_solver <= SOLVER_GOAL_P95_MS,
                "solver_goal_met_cpu": worst_solver_cpu <= SOLVER_GOAL_P95_MS,
                "solver": solver,
            }
        )
    pygame.quit()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
