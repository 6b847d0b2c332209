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

``Fuzzer`` is also what tests/ui/test_ui_fuzz.py plays at a small size.
"""

from __future__ import annotations

import json
import os
import platform
import random
import time
import traceback

GOAL_MB = 10.0
WARM_UP = 5000  # frames before growth is measured from (every table, screen and cache met)
FRAMES = 30000  # frames measured after the warm-up (--quick: 5000)
SHAPE_EVERY = 2500  # frames between two pages of another shape (the client made again)
# the page shapes (CSS px) a player's browser may give: landscape, phones upright (the portrait
# canvas's height follows the page) and on their side (a rail right of the table)
PAGES = [(1280, 720), (390, 844), (360, 800), (412, 915), (768, 1024), (844, 390), (915, 412)]


class Fuzzer:
    """Posts random input to an App and runs its frames (``frame``). Drags and finger strokes
    run over several frames. ``rng`` makes a run repeatable. ``jumps``: now and then another
    game or the title is opened as their buttons would (False: only the input leaves)."""

    def __init__(self, app, rng: random.Random, games=None, jumps: bool = True):
        import pygame

        from game.core import GAMES

        self.pg = pygame
        self.app = app
        self.rng = rng
        self.games = list(games or GAMES)
        self.jumps = jumps
        self.later: list[list] = []  # events for the coming frames, one list per frame
        self.opened: set[str] = set()
        self.scenes: set[str] = set()
        self.modals: set[str] = set()
        self.keys = [
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_TAB,
            pygame.K_SPACE,
            pygame.K_BACKSPACE,
            pygame.K_DELETE,
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_PAGEUP,
            pygame.K_PAGEDOWN,
            pygame.K_HOME,
            pygame.K_END,
            pygame.K_F1,
            pygame.K_F11,
            pygame.K_KP_PLUS,
            pygame.K_MINUS,
        ]
        self.keys += [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
        self.window_events = [
            pygame.WINDOWRESIZED,
            pygame.WINDOWSIZECHANGED,
            pygame.WINDOWFOCUSLOST,
            pygame.WINDOWFOCUSGAINED,
            pygame.WINDOWMINIMIZED,
            pygame.WINDOWRESTORED,
            pygame.WINDOWMAXIMIZED,
            pygame.WINDOWENTER,
            pygame.WINDOWLEAVE,
            pygame.WINDOWEXPOSED,
            pygame.WINDOWSHOWN,
            pygame.WINDOWHIDDEN,
            pygame.VIDEORESIZE,
            pygame.VIDEOEXPOSE,
            pygame.ACTIVEEVENT,
        ]

    # ----------------------------------------------------------------- where to point
    def point(self) -> tuple[int, int]:
        """Somewhere worth pointing at: a button of the dialog or screen, a card or pile of the
        table, or anywhere on the canvas (now and then just off it)."""
        from game.ui.canvas import CANVAS

        rng, scene = self.rng, self.app.scene
        r = rng.random()
        holder = scene.modal or scene
        buttons = [b for b in getattr(holder, "buttons", []) if b.visible]
        if r < 0.4 and buttons:
            rect = rng.choice(buttons).rect
            return (
                rng.randint(rect.left, max(rect.left, rect.right - 1)),
                rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        layout = getattr(scene, "layout", None)
        if r < 0.8 and layout is not None and scene.modal is None:
            name = rng.choice(list(layout.piles))
            try:
                rects = layout.card_rects(name, scene.faces(name))
            except Exception:  # noqa: BLE001 (a pile the deal does not show: its place)
                rects = []
            rect = rng.choice(rects) if rects else layout.piles[name].rect
            return (
                rng.randint(rect.left, max(rect.left, rect.right - 1)),
                rng.randint(rect.top, max(rect.top, min(rect.bottom, rect.top + 40) - 1)),
            )
        w, h = CANVAS.size
        return (rng.randint(-20, w + 20), rng.randint(-20, h + 20))

    # ----------------------------------------------------------------- input
    def post(self, kind, **kw) -> None:
        self.pg.event.post(self.pg.event.Event(kind, **kw))

    def schedule(self, frame: int, kind, **kw) -> None:
        """An event posted ``frame`` frames from now (0: before the next frame)."""
        while len(self.later) <= frame:
            self.later.append([])
        self.later[frame].append((kind, kw))

    def finger(self, pos, finger_id: int = 0) -> dict:
        """A finger event's fields (SDL's: the window's share, 0 to 1) at a canvas point."""
        from game.ui.canvas import CANVAS

        return dict(
            x=pos[0] / CANVAS.w,
            y=pos[1] / CANVAS.h,
            dx=0.0,
            dy=0.0,
            finger_id=finger_id,
            touch_id=1,
            pressure=1.0,
        )

    def act(self) -> None:
        """Choose this frame's input."""
        pg, rng = self.pg, self.rng
        r = rng.random()
        if r < 0.30:
            return  # no input: animations, the computer's turns, the solver run on
        if r < 0.55:  # a click (a double click now and then)
            pos = self.point()
            self.post(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            for _ in range(2 if rng.random() < 0.1 else 1):
                self.post(pg.MOUSEBUTTONDOWN, pos=pos, button=1)
                self.post(pg.MOUSEBUTTONUP, pos=pos, button=1)
        elif r < 0.68:  # a drag over a few frames, sometimes never let go
            a, b = self.point(), self.point()
            steps = rng.randint(1, 8)
            self.post(pg.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pg.MOUSEBUTTONDOWN, pos=a, button=1)
            for i in range(1, steps + 1):
                p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
                self.schedule(i - 1, pg.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            if rng.random() < 0.95:
                self.schedule(steps, pg.MOUSEBUTTONUP, pos=b, button=1)
        elif r < 0.80:  # a key, with a modifier now and then
            mod = rng.choice([0] * 6 + [pg.KMOD_SHIFT, pg.KMOD_CTRL, pg.KMOD_ALT])
            key = rng.choice(self.keys)
            self.post(pg.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            self.post(pg.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        elif r < 0.85:  # the wheel, or the right and middle buttons
            pos = self.point()
            choice = rng.random()
            if choice < 0.5:
                self.post(
                    pg.MOUSEWHEEL,
                    x=0,
                    y=rng.choice([-3, -1, 1, 3]),
                    flipped=False,
                    precise_x=0.0,
                    precise_y=1.0,
                )
            else:
                button = rng.choice([2, 3, 4, 5])
                self.post(pg.MOUSEBUTTONDOWN, pos=pos, button=button)
                self.post(pg.MOUSEBUTTONUP, pos=pos, button=button)
        elif r < 0.94:  # a finger: a tap or a stroke; a second finger now and then
            a, b = self.point(), self.point()
            self.post(pg.FINGERDOWN, **self.finger(a))
            steps = rng.randint(0, 6)
            for i in range(1, steps + 1):
                p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
                self.schedule(i - 1, pg.FINGERMOTION, **self.finger(p))
            if rng.random() < 0.1:
                self.schedule(0, pg.FINGERDOWN, **self.finger(self.point(), 1))
                self.schedule(1, pg.FINGERUP, **self.finger(self.point(), 1))
            self.schedule(steps, pg.FINGERUP, **self.finger(b))
        elif r < 0.97:  # the window
            kind = rng.choice(self.window_events)
            w, h = rng.randint(200, 2000), rng.randint(200, 2000)
            self.post(kind, x=w, y=h, w=w, h=h, size=(w, h), gain=rng.randint(0, 1), state=1)
        elif not self.jumps:
            return
        elif r < 0.99:  # another game (as the title's buttons would), so all ten are met
            game = rng.choice(self.games)
            self.app.open_game(game, new=rng.random() < 0.3)
        else:  # back to the title
            self.app.title()

    def frame(self, dt: float | None = None) -> None:
        """One frame: this frame's input, then the app's frame."""
        app = self.app
        if self.later:
            for kind, kw in self.later.pop(0):
                self.post(kind, **kw)
        self.act()
        if dt is None:
            dt = self.rng.choice([1000 / 60] * 8 + [5.0, 33.0, 100.0])
        app.step(dt)
        if not app.running:  # Q or Escape on the title quits the desktop client: start again
            app.running = True
        scene = app.scene
        self.scenes.add(type(scene).__name__)
        game = getattr(scene, "game_id", None)
        if game:
            self.opened.add(game)
        if scene.modal is not None:
            self.modals.add(type(scene.modal).__name__)


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

    from bench.memory import rss_mb
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
    from bench import headless

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
