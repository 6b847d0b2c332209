"""Random input to the real client, in this process: clicks, drags, keys, the wheel, fingers
and window events, aimed now and then at a button of the screen or its dialog or at a card or
pile of the table, and now and then another game or the title opened as their buttons would
(``Fuzzer``). ``python -m bench fuzz`` plays it for tens of thousands of frames and watches the
memory; tests/ui/test_ui_fuzz.py and test_ui_shared_fuzz.py play it at a small size."""

from __future__ import annotations

import random


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
