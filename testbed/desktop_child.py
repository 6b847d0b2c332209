"""The child's side of the desktop app driven from a test (testbed/desktop_client.py has the
parent's side and says how it works): ``python -m testbed.desktop_child [-- GAME ARGS]`` runs
``game.__main__.run`` with the game args as given, SDL's dummy drivers, and serves the
parent's commands (a JSON line each on stdin, the replies on stdout) between the app's frames
and in its rests."""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
import traceback
from collections import deque

from testbed.headless import HEADLESS

# playwright's key names -> pygame's (pygame.key.key_code); the text a key types; its scancode
KEY_NAMES = {
    "Enter": "return",
    "Escape": "escape",
    "Backspace": "backspace",
    "Tab": "tab",
    "Delete": "delete",
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Home": "home",
    "End": "end",
    "PageUp": "page up",
    "PageDown": "page down",
    "Space": "space",
    " ": "space",
}
KEY_TEXT = {
    "return": "\r",
    "escape": "\x1b",
    "backspace": "\b",
    "tab": "\t",
    "space": " ",
    "delete": "\x7f",
}
SCANCODES = {
    **{chr(97 + i): 4 + i for i in range(26)},
    **{str(d): 30 + (d + 9) % 10 for d in range(10)},
    "return": 40,
    "escape": 41,
    "backspace": 42,
    "tab": 43,
    "space": 44,
    "-": 45,
    "=": 46,
    "home": 74,
    "page up": 75,
    "delete": 76,
    "end": 77,
    "page down": 78,
    "right": 79,
    "left": 80,
    "down": 81,
    "up": 82,
}  # (USB HID's)
MODS = {"Shift": "KMOD_LSHIFT", "Control": "KMOD_LCTRL", "Alt": "KMOD_LALT", "Meta": "KMOD_LMETA"}


class _Driver:
    """The child's side: commands in from a reader thread, served in the main thread."""

    def __init__(self, out):
        import pygame

        self.pg, self.out, self.inbox = pygame, out, queue.Queue()
        self.ns: dict = {"driver": self}
        self.frames = self.flips = self.last_flip_frame = 0
        self.waits: list = []  # [id, code, deadline (epoch ms), expression, timeout_s]
        self.frame_waits: list = []  # [id, the frame count that answers it]
        self.wake = self.resting = self.quitting = False
        self.mouse, self.pressed, self.quit_id = (0, 0), False, None
        self.step_ms: deque = deque(maxlen=100_000)  # each App.step's time, ms (newest last)

    def install(self) -> None:
        from game.ui import app as ui_app

        pg, step, peek = self.pg, ui_app.App.step, self.pg.event.peek

        def stepped(app, *args, **kw):
            self.resting = False
            t0 = time.perf_counter()
            step(app, *args, **kw)
            self.step_ms.append((time.perf_counter() - t0) * 1000)  # (the benchmark's)
            self.frames += 1
            self.serve()

        def peeked(*args, **kw):
            self.resting = True
            self.serve()
            if self.wake or self.quitting:  # (a wake asked for; QUIT posted: no rest before it)
                self.wake = False
                return True
            return peek(*args, **kw)

        def counting(original):
            def counted(*args, **kw):
                self.flips += 1
                self.last_flip_frame = self.frames + 1  # (counted once the step returns)
                return original(*args, **kw)

            return counted

        for name in ("flip", "update"):
            setattr(pg.display, name, counting(getattr(pg.display, name)))
        ui_app.App.step, pg.event.peek = stepped, peeked

    def read(self, stream) -> None:
        """The reader thread: a command a line; the end of stdin (the parent gone): quit."""
        for line in stream:
            try:
                self.inbox.put(json.loads(line))
            except ValueError as e:
                self.inbox.put({"id": None, "cmd": "bad line", "error": repr(e)})
        self.inbox.put({"id": None, "cmd": "quit"})

    def reply(self, cid, value=None, error: str | None = None, tb: str = "") -> None:
        try:
            text = json.dumps(
                {"id": cid, "error": error, "traceback": tb}
                if error is not None
                else {"id": cid, "value": value}
            )
        except (TypeError, ValueError) as e:
            text = json.dumps({"id": cid, "error": f"the value is not JSON: {e}"})
        try:
            self.out.write(text + "\n")
            self.out.flush()
        except (OSError, ValueError):
            pass  # (the parent is gone)

    def fail(self, cid, e: Exception) -> None:
        self.reply(cid, error=f"{type(e).__name__}: {e}", tb=traceback.format_exc())

    def serve(self) -> None:
        now = time.time() * 1000
        for w in list(self.waits):
            if not self.check(w, now) and now > w[2]:
                self.waits.remove(w)
                self.reply(w[0], error=f"not true in {w[4]} s (frame {self.frames}): {w[3]}")
        for fw in [fw for fw in self.frame_waits if self.frames >= fw[1]]:
            self.frame_waits.remove(fw)
            self.reply(fw[0], self.frames)
        self.wake = self.wake or bool(self.frame_waits)
        while not self.inbox.empty():
            msg = self.inbox.get()
            try:
                self.handle(msg.get("id"), msg.get("cmd"), msg)
            except Exception as e:  # the command's fault: its reply, never the app's end
                self.fail(msg.get("id"), e)

    def check(self, w, now: float) -> bool:
        """A wait's expression: true, the time replied; raising, the error; either ends it."""
        try:
            done = bool(eval(w[1], self.ns))
        except Exception as e:
            self.waits.remove(w)
            self.fail(w[0], e)
            return True
        if done:
            self.waits.remove(w)
            self.reply(w[0], [now, self.frames])
        return done

    def handle(self, cid, cmd: str, msg: dict) -> None:
        if cmd == "exec":
            exec(compile(msg["code"], "<exec>", "exec"), self.ns)
            self.native_probes()
            self.wake = True  # (a page's harness.exec wakes a resting game too)
            self.reply(cid)
        elif cmd == "eval":
            self.reply(cid, eval(compile(msg["expr"], "<eval>", "eval"), self.ns))
        elif cmd == "wait":
            now, timeout_s = time.time() * 1000, msg["timeout_s"]
            self.waits.append(
                [
                    cid,
                    compile(msg["expr"], "<wait>", "eval"),
                    now + 1000 * timeout_s,
                    msg["expr"],
                    timeout_s,
                ]
            )
            self.check(self.waits[-1], now)
        elif cmd == "quit":
            self.quit_id, self.quitting = cid, True
            self.pg.event.post(self.pg.event.Event(self.pg.QUIT))
        elif cmd == "frames" or cmd in (
            "mouse_click",
            "mouse_move",
            "mouse_down",
            "mouse_up",
            "key",
            "type",
        ):
            for event in self.events(cmd, msg):
                self.pg.event.post(event)
            if msg.get("frames", 0) <= 0:
                self.reply(cid, self.frames)
            else:
                self.frame_waits.append([cid, self.frames + msg["frames"]])
                self.wake = True
        else:
            raise ValueError(msg.get("error") or f"no such command: {cmd!r}")

    def native_probes(self) -> None:
        """PROBES' ``flips``, ``last_flip_frame`` natively: from the first call of ``flips``
        on, as the page's."""
        probe, since = self.ns.get("probe"), []
        if not isinstance(probe, dict) or getattr(probe.get("flips"), "native", False):
            return

        def flips():
            since[:] = since or [self.flips]
            return self.flips - since[0]

        flips.native = True
        probe["flips"] = flips
        probe["last_flip_frame"] = lambda: (
            self.last_flip_frame if since and self.flips > since[0] else 0
        )

    def events(self, cmd: str, msg: dict) -> list:
        """The pygame events a person's input makes, as SDL delivers them."""
        pg, Event, out = self.pg, self.pg.event.Event, []
        if cmd in ("mouse_move", "mouse_click"):
            (x0, y0), (x, y), steps = self.mouse, (msg["x"], msg["y"]), msg.get("steps", 1)
            for i in range(1, steps + 1):
                pos = (int(x0 + (x - x0) * i / steps), int(y0 + (y - y0) * i / steps))
                out.append(
                    Event(
                        pg.MOUSEMOTION,
                        pos=pos,
                        touch=False,
                        rel=(pos[0] - self.mouse[0], pos[1] - self.mouse[1]),
                        buttons=(int(self.pressed), 0, 0),
                    )
                )
                self.mouse = pos
        for kind, name in ((pg.MOUSEBUTTONDOWN, "mouse_down"), (pg.MOUSEBUTTONUP, "mouse_up")):
            if cmd in (name, "mouse_click"):
                out.append(Event(kind, pos=self.mouse, button=1, touch=False))
                self.pressed = kind == pg.MOUSEBUTTONDOWN
        for combo in [msg["combo"]] if cmd == "key" else msg.get("text", "") * (cmd == "type"):
            *mods, name = combo.split("+") if len(combo) > 1 else [combo]
            mod = sum(getattr(pg, MODS[m]) for m in mods) | (
                pg.KMOD_LSHIFT if len(name) == 1 and name.isupper() else 0
            )
            key = KEY_NAMES.get(name, name.lower())
            text = (
                ""
                if mod & (pg.KMOD_CTRL | pg.KMOD_ALT | pg.KMOD_META)
                else KEY_TEXT.get(key, name if len(name) == 1 else "")
            )
            kw = dict(
                key=pg.key.key_code(key), mod=mod, scancode=SCANCODES.get(key, 0), unicode=text
            )
            out += (
                [Event(pg.KEYDOWN, **kw)]
                + [Event(pg.TEXTINPUT, text=text)] * (text.isprintable() and text != "")
                + [Event(pg.KEYUP, **kw)]
            )
        return out

    def finish(self) -> None:
        """main() ended: the quit answered, what still waits told."""
        for cid in [w[0] for w in self.waits] + [fw[0] for fw in self.frame_waits]:
            self.reply(cid, error="the app ended")
        if self.quit_id is not None:
            self.reply(self.quit_id, self.frames)


def child(argv: list[str]) -> int:
    """``python -m testbed.desktop_child [-- GAME ARGS]``: the app, driven (see
    testbed/desktop_client.py)."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the game's prints and SDL's own go to stderr; stdout is the replies'
    sys.stdout = sys.stderr
    for name, value in HEADLESS.items():
        os.environ.setdefault(name, value)
    driver = _Driver(out)
    driver.install()
    threading.Thread(target=driver.read, args=(sys.stdin,), daemon=True).start()
    from game.__main__ import run

    run(argv[1:] if argv[:1] == ["--"] else argv)
    driver.finish()
    return 0


if __name__ == "__main__":
    sys.exit(child(sys.argv[1:]))
