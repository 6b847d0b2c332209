"""At rest the page sleeps: when nothing moves, nobody thinks and no input came, the frame
loop waits for the next thing that can change the picture instead of running 60 frames a
second (a phone's battery; a patience game is left open for hours between moves).

What can change the picture: input; a timer the game set (each scene says how long it can wait:
``Scene.rest_ms``, 0 while something moves or thinks); a message from a friend; the page shown
again. The loop asks ``App.rest_ms()`` after each frame and, from ``REST_MIN_MS`` on, rests:

- in our page (web/client/boot.py gives ``platform.rest_until_input``): no animation frame is
  asked for until input, a friend's message (net.js), the page shown or hidden, or the time
  is up; the next frame then comes in the next animation frame;
- on the desktop: sleeps of a frame's length (16 ms), each followed by a look at SDL's event
  queue (``pygame.event.peek``, which leaves the event there for the next frame). Not
  ``pygame.event.wait(timeout)``: pygame-ce waits by polling every millisecond (2% of a core
  here); the slices cost about a third of that and answer input within a frame. A friend's
  message ends the rest at once: the desktop's network threads call ``wake()``;
- under pygbag's own runtime there is no way to be woken by input, so the game never rests
  there (one frame per animation frame, as before).

A hidden page (or a minimised window) does only what must go on: friends at a shared table
still hear this screen, once a second; nothing else: nothing is drawn, nobody thinks, the clock
stops.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pygame

from game.ui.page_turn import WEB

REST_MIN_MS = 50.0  # a shorter wait isn't a rest: the next frames come as usual
REST_MAX_MS = 1000.0  # at rest the loop still looks once a second (the clock's seconds)
HIDDEN_REST_MS = 60000.0  # a hidden page: nothing goes on (shown again, it is woken at once)
HIDDEN_SHARED_REST_MS = 1000.0  # ... but a shared table's room (hidden pages' timers: 1 a second)
SHARED_REST_MS = 500.0  # a shared table's room: its acknowledgements, heartbeats and resends
SLICE_S = 1 / 60  # the desktop's rest looks for input this often


def _page_rest():
    """Our page's rest (web/client/boot.py), or None (pygbag's runtime, the desktop)."""
    if not WEB:
        return None
    try:
        import platform

        return getattr(platform, "rest_until_input", None)
    except Exception:  # noqa: BLE001
        return None


PAGE_REST = _page_rest()
CAN_REST = PAGE_REST is not None or not WEB
_woken = threading.Event()  # set by wake() (any thread), cleared by the rest it ended


def wake() -> None:
    """End the desktop's rest now (safe from any thread: the network's, on a friend's
    message). In a page, net.js wakes the page itself."""
    _woken.set()


def page_hidden(window) -> bool:
    """Whether the browser page is hidden (another tab, the phone's screen off)."""
    if window is None:
        return False
    try:
        return bool(window.document.hidden)
    except Exception:  # noqa: BLE001
        return False


async def rest(ms: float) -> None:
    """Wait up to ``ms`` for input (see the module docstring)."""
    if PAGE_REST is not None:
        await PAGE_REST(ms)
        return
    if not WEB:
        end = time.perf_counter() + ms / 1000
        while not pygame.event.peek():
            left = end - time.perf_counter()
            if left <= 0 or _woken.wait(min(SLICE_S, left)):
                break
        _woken.clear()
    await asyncio.sleep(0)


__all__ = [
    "CAN_REST",
    "HIDDEN_REST_MS",
    "HIDDEN_SHARED_REST_MS",
    "REST_MAX_MS",
    "REST_MIN_MS",
    "SHARED_REST_MS",
    "page_hidden",
    "rest",
    "wake",
]
