"""``./build.sh bench rest [--quick]``: the desktop app at rest costs (almost) nothing.

The real app (``python -m game``'s frame loop, ``game.ui.app.main``; SDL's dummy video and
audio drivers) runs in a child process with a data folder of its own. A thread of that process
measures its CPU time (``time.process_time``: every thread of the process, SDL's included)
while the app rests: at the title, then at a table (Tab and Enter open the first game, as the
keyboard would; measured once its light has decided), then with the window minimised. Input
comes as real SDL events, posted.

SDL's dummy video driver has no blocking wait: ``pygame.event.wait`` polls there every
millisecond (about 1.8% of a core on the project's machine, measured with nothing else
running), where a desktop's own driver (X11, Wayland, Windows, macOS) sleeps until an event:
the figures here are an upper bound.

Goal (issue 33): every screen at rest <= 2% of a core, minimised <= 1%. The last line printed
is one JSON object with every figure.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time

GOAL_PERCENT, HIDDEN_GOAL_PERCENT = 2.0, 1.0

CHILD = r"""
import asyncio, json, os, sys, threading, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from game.ui import app as app_module

SECONDS, SETTLE = float(sys.argv[1]), float(sys.argv[2])
out = {}

def measure(name):
    time.sleep(SETTLE)
    a = running[0]
    end = time.monotonic() + 120  # (a table's light: decided within its 10 s of thinking)
    while getattr(a, "rest_ms", lambda: 1)() == 0 and time.monotonic() < end:
        time.sleep(0.5)
    cpu0, wall0, frames0 = time.process_time(), time.perf_counter(), a.frames
    time.sleep(SECONDS)
    wall = time.perf_counter() - wall0
    out[name] = {"cpu_percent": round(100 * (time.process_time() - cpu0) / wall, 2),
                 "frames_per_s": round((a.frames - frames0) / wall, 2),
                 "scene": type(a.scene).__name__}

def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))

def script():
    while not running:
        time.sleep(0.1)
    measure("title")
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    measure("table")
    post(pygame.WINDOWMINIMIZED)
    measure("minimised")
    post(pygame.QUIT)

real_step = app_module.App.step
running = []  # the App the frame loop runs (noted at its frames: the game keeps no handle)
def counted(self, dt=1000 / 60):
    running[:] = [self]
    self.frames = getattr(self, "frames", 0) + 1
    return real_step(self, dt)
app_module.App.step = counted
threading.Thread(target=script, daemon=True).start()
asyncio.run(app_module.main())
print(json.dumps(out))
"""


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    seconds, settle = (5.0, 4.0) if quick else (20.0, 5.0)
    out = {
        "bench": "rest",
        "quick": quick,
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
    }
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, PARLOUR_DATA_DIR=data, PYGAME_HIDE_SUPPORT_PROMPT="1")
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(seconds), str(settle)],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
    if done.returncode != 0:
        print(done.stderr[-3000:])
        return 1
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    out["at_rest"] = figures
    for name, f in figures.items():
        print(
            f"{name:10} ({f['scene']}): {f['cpu_percent']} % of a core, "
            f"{f['frames_per_s']} frames/s"
        )
    out["goals"] = {
        f"at_rest_percent<={GOAL_PERCENT:g}": all(
            f["cpu_percent"] <= GOAL_PERCENT for n, f in figures.items() if n != "minimised"
        ),
        f"minimised_percent<={HIDDEN_GOAL_PERCENT:g}": figures["minimised"]["cpu_percent"]
        <= HIDDEN_GOAL_PERCENT,
    }
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    out["seconds"] = round(time.perf_counter() - started, 1)
    print(f"goals: {out['goals']}")
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
