"""The real client driven headless, for the tests: SDL's dummy video driver, real posted
pygame events, real frames (``Driver``); what a table said (``record_words``); an App on a
phone's canvas (``app_on_page``). Screenshots go to test-artifacts/ (gitignored)."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.storage import MemoryStore, Saves  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.canvas import CANVAS  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def run_coroutine(coro, limit: int, failure: str) -> None:
    """Drive a coroutine by hand (main()'s frame loop, a rest), one step per ``await`` that
    yields to its driver, until it ends: at most ``limit`` steps, else the test fails with
    ``failure``. (asyncio.run() refuses to start where another loop runs: in a test worker
    that has started the browser tests' playwright, one does.)"""
    for _ in range(limit):
        try:
            coro.send(None)
        except StopIteration:
            return
    coro.close()
    pytest.fail(failure)


class Driver:
    """Posts real events to SDL's queue and runs frames of the real App."""

    def __init__(self, app: App):
        self.app = app

    @property
    def table(self):
        return self.app.scene

    def frames(self, n: int = 1, dt: float = 1000 / 60) -> None:
        for _ in range(n):
            self.app.step(dt)

    def settle(self, dt: float = 50, limit: int = 200) -> None:
        """Run frames until no card is moving (animations, auto-moves)."""
        for _ in range(limit):
            self.app.step(dt)
            t = self.app.scene
            moving = getattr(t, "anim", None) is not None and t.anim.busy
            pending = getattr(t, "session", None) is not None and t.session.auto_pending
            if not moving and not pending:
                break
        self.app.step(dt)

    def run_until(self, condition, dt: float = 50, limit: int = 2000) -> bool:
        """Run frames of ``dt`` ms until ``condition()`` holds, ``limit`` frames at most:
        does it hold?"""
        for _ in range(limit):
            if condition():
                return True
            self.frames(1, dt)
        return condition()

    def play_to_the_end(self, t, player, limit: int = 20000) -> None:
        """``player`` (``choose(state)``) makes this screen's moves on table ``t``, each one
        the table accepts (none refused), frames of 100 ms between, until the game is over;
        then three frames more."""
        for _ in range(limit):
            if t.state.is_over():
                break
            if t.accepting_input() and not t.anim.busy:
                assert t.attempt(player.choose(t.state))
            self.frames(1, 100)
        self.frames(3, 100)

    def post(self, type_, **kw) -> None:
        pygame.event.post(pygame.event.Event(type_, **kw))

    def click(self, pos, frames: int = 1) -> None:
        pos = tuple(int(v) for v in pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(frames)

    def double_click(self, pos) -> None:
        pos = tuple(int(v) for v in pos)
        for _ in range(2):
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(1)

    def drag(self, start, end, steps: int = 6, release: bool = True) -> None:
        """Press at start, move in steps (a frame each), release at end."""
        x0, y0 = (int(v) for v in start)
        x1, y1 = (int(v) for v in end)
        self.post(pygame.MOUSEMOTION, pos=(x0, y0), rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1)
        self.frames(1)
        for i in range(1, steps + 1):
            p = (x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        if release:
            self.post(pygame.MOUSEBUTTONUP, pos=(x1, y1), button=1)
            self.frames(1)

    def finger_drag(self, start, end, steps: int = 5) -> None:
        w, h = CANVAS.size
        self.post(
            pygame.FINGERDOWN,
            x=start[0] / w,
            y=start[1] / h,
            dx=0.0,
            dy=0.0,
            finger_id=0,
            touch_id=1,
            pressure=1.0,
        )
        self.frames(1)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps
            y = start[1] + (end[1] - start[1]) * i / steps
            self.post(
                pygame.FINGERMOTION,
                x=x / w,
                y=y / h,
                dx=0.0,
                dy=0.0,
                finger_id=0,
                touch_id=1,
                pressure=1.0,
            )
            self.frames(1)
        self.post(
            pygame.FINGERUP,
            x=end[0] / w,
            y=end[1] / h,
            dx=0.0,
            dy=0.0,
            finger_id=0,
            touch_id=1,
            pressure=0.0,
        )
        self.frames(1)

    def finger_tap(self, pos) -> None:
        x, y = pos[0] / CANVAS.w, pos[1] / CANVAS.h
        self.post(
            pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1, pressure=1.0
        )
        self.post(pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1, pressure=0.0)
        self.frames(1)

    def key(self, key, mod: int = 0, frames: int = 1) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames(frames)

    # ----------------------------------------------------------------- where things are
    def card_rect(self, pile: str, index: int = -1) -> pygame.Rect:
        t = self.table
        rects = t.layout.card_rects(pile, t.faces(pile))
        return rects[index] if rects else t.layout.piles[pile].rect.copy()

    def card_point(self, pile: str, index: int = -1):
        """A point on the visible part of a card (its top strip for a covered card)."""
        r = self.card_rect(pile, index)
        n = len(self.table.piles()[pile])
        if index in (-1, n - 1) or n == 0:
            return r.center
        return (r.centerx, r.y + 6)

    def button(self, name: str):
        return self.app.scene.button(name).rect.center

    def modal_button(self, name: str):
        return self.app.scene.modal.button(name).rect.center

    def shows_card(self, rect: pygame.Rect, card) -> bool:
        """Is ``card``'s face drawn at ``rect`` on the screen (compared pixel for pixel)?"""
        art = self.table.art
        inner = pygame.Rect(8, 8, rect.w - 16, 30)
        screen_part = self.app.screen.subsurface(inner.move(rect.topleft)).copy()
        face_part = pygame.Surface(inner.size).convert()
        face_part.blit(art.face(card), (0, 0), inner)
        return pygame.image.tobytes(screen_part, "RGB") == pygame.image.tobytes(face_part, "RGB")

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / name
        self.app.screenshot(str(path))
        return path


def merge_artifact(name: str, entries: dict) -> Path:
    """Add ``entries`` to the JSON object in test-artifacts/``name``, which several tests (and
    the run's workers, at the same moment) fill: read, merged and replaced whole under a lock,
    so that no one reads it half-written or loses another's entries."""
    import fcntl
    import json

    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    with open(ARTIFACTS / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        known = json.loads(path.read_text()) if path.exists() else {}
        known.update(entries)
        part = path.with_name(f".{name}.{os.getpid()}")
        part.write_text(json.dumps(known, indent=1, sort_keys=True))
        os.replace(part, path)
    return path


class Placed(NamedTuple):
    """A text placed by theme.blit_text: what, where, at which size."""

    text: str
    rect: pygame.Rect
    size: int
    bold: bool


class Words:
    """What frames write while recording (see ``record_words``)."""

    def __init__(self):
        #: every text rendered that is not blank (theme.text, where all text is rendered):
        #: (text, size, bold, rendered inside the chrome's decorate/draw/draw_over)
        self.texts: list[tuple[str, int, bool, bool]] = []
        #: every text placed, blank ones too (theme.blit_text)
        self.written: list[Placed] = []
        self.in_chrome = False

    def clear(self) -> None:
        self.texts.clear()
        self.written.clear()


def record_words(monkeypatch, chrome=None) -> Words:
    """Record every text rendered (its size) and every text placed (where) from now on.
    With a table's ``chrome``, the texts its decorate, draw and draw_over render are marked
    (the fourth item of each of ``texts``)."""
    from game.ui import theme

    words = Words()
    real_text, real_blit = theme.text, theme.blit_text

    def text(s, size=24, color=theme.INK, bold=False):
        if s.strip():
            words.texts.append((s, size, bold, words.in_chrome))
        return real_text(s, size, color, bold)

    def blit_text(dest, s, pos, size=24, color=theme.INK, bold=False, anchor="topleft"):
        rect = real_blit(dest, s, pos, size, color, bold, anchor)
        words.written.append(Placed(s, rect, size, bold))
        return rect

    def chrome_part(real):
        def part(*a, **kw):
            words.in_chrome = True
            try:
                return real(*a, **kw)
            finally:
                words.in_chrome = False

        return part

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "blit_text", blit_text)
    if chrome is not None:
        for part in ("decorate", "draw", "draw_over"):
            monkeypatch.setattr(chrome, part, chrome_part(getattr(chrome, part)))
    return words


def assert_won(ui: Driver, t, game_id: str) -> None:
    """The deal on table ``t`` is won, every foundation full, the end screen says "You won!",
    and Statistics count one deal of ``game_id`` played and won."""
    assert t.state.result().status == "won"
    assert all(len(f.cards) == 13 for f in t.state.foundations)
    assert t.modal is not None and t.modal.title == "You won!"
    stats = ui.app.saves.stats(game_id)
    assert stats["played"] == 1 and stats["won"] == 1


SPARE_MS = 8.0  # what an idle 60 Hz frame leaves the solver (natively about 8 to 12 ms)


@contextmanager
def app_on_page(page: tuple[int, int]):
    """A Driver of an App on the canvas a page of this CSS size picks (a phone upright or
    sideways), in a window of that shape; then back to the landscape canvas."""
    from game.ui.canvas import LANDSCAPE, choose

    CANVAS.use(choose(*page))
    pygame.display.quit()  # a new window of the new shape (a client makes one, once)
    app = App(Saves(MemoryStore()))
    pygame.event.clear()
    app.settings.pace = "instant"
    try:
        yield Driver(app)
    finally:
        CANVAS.use(LANDSCAPE)
        pygame.display.quit()
