"""The REAL desktop app (``python -m game``) in a child process, driven as the browser tests
drive a page: real pygame input events in, the game's insides read through the same probes.

    page = DesktopPage(tmp_path)                  # a ClientPage's methods (bench/browser.py)
    c = Client(page).open(stored({"settings": client_settings()}))  # bench/browser_client.py
    c.open_game("russian-bank"); page.restart(); page.kill(); page.start()
    screen = DesktopScreen("me", tmp_path, relays=[url]).open()   # bench.browser_remote's Screen

The child (``python -m bench.desktop_client child [-- GAME ARGS]``) runs ``game.__main__.run``
with the game args as given (``--portrait``, ``--relay URL``), SDL's dummy drivers and
``$PARLOUR_DATA_DIR`` (a FileStore: the keys of a page's localStorage). The driver wraps
``App.step`` (after each frame: the frame counted, as a page's ``parlour.frames``, and the
commands served, in the main thread), ``pygame.event.peek`` (only the resting loop calls it,
every 16 ms, game/ui/sleep_at_rest.py: the commands served between frames, so reading never wakes the
app; to wake it, as a page's ``harness.wake()``, the peek answers True once) and
``pygame.display.flip``/``update`` (counted: PROBES' ``flips`` and ``last_flip_frame`` read the
page's ``js``, replaced here after each exec). Nothing is posted from the reader thread
(pygame-ce allows it, and rest.wake() is thread-safe): an event makes ``App.step`` draw and
not rest, a wake runs an empty frame before the input's, so polling would change what is
measured. The price: a command waits up to 16 ms for a resting app.

Commands, a JSON line each on stdin, replies on stdout (``{"id", "value"}`` or ``{"id",
"error", "traceback"}``; the game's prints go to stderr): ``exec``/``eval`` (a namespace kept
for the app's life, holding ``driver``; the Client execs PROBES there), ``wait`` (checked after
each frame and 16 ms of rest, as a page's requestAnimationFrame polling: [epoch ms, frames]
when true; an expression that raises ends it), ``frames`` (n more), input
(``mouse_click``, ``mouse_move``, ``mouse_down``, ``mouse_up``, ``key``, ``type``: real events
at a frame boundary, in canvas coordinates, the dummy driver's window being the canvas's size;
replied ``frames`` frames later) and ``quit`` (pygame.QUIT: the window closed, the scene left
and saved, exit 0). A command's error is its reply; the game's own exception ends the child
(traceback on stderr, non-zero exit), which the parent reports. Times are epoch ms
(``time.time() * 1000``: one machine, one clock); a Screen's ``origin`` is 0.
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from pathlib import Path
from types import SimpleNamespace

from .browser import ClientError
from .browser_client import Client
from .browser_remote import Screen

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
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
ERROR_LINE = re.compile(r"^(Traceback |[\w.]*(Error|Exception)\b|Fatal |Segmentation fault)")


# ------------------------------------------------------------------------------ the child
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

        for name in ("flip", "update"):

            def counted(*args, _original=getattr(pg.display, name), **kw):
                self.flips += 1
                self.last_flip_frame = self.frames + 1  # (counted once the step returns)
                return _original(*args, **kw)

            setattr(pg.display, name, counted)
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
    """``python -m bench.desktop_client child [-- GAME ARGS]``: the app, driven (see above)."""
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


# ------------------------------------------------------------------------------ the parent
class DesktopPage:
    """The app in a child process with a ClientPage's methods (bench/browser.py), so that
    ``Client(DesktopPage(...))`` works as ``Client(ClientPage(...))``. ``data_dir``: its saves;
    ``args``: the game's command line; ``env``: more environment for the child."""

    def __init__(self, data_dir, args=(), env: dict | None = None):
        self.data_dir, self.args, self.env = Path(data_dir), list(args), dict(env or {})
        self.proc: subprocess.Popen | None = None
        self.log: list[str] = []  # the app's stderr, a line each
        self.killed = False
        self.page = _PageShim(self)

    # ----------------------------------------------------------------- life
    def start(self, timeout_s: float = 60) -> DesktopPage:
        """Start the app (its data folder as it is) and wait for its first two frames."""
        path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        env = {
            **os.environ,
            **HEADLESS,
            "PARLOUR_DATA_DIR": str(self.data_dir),
            "PYTHONPATH": path,
            "PYTHONUNBUFFERED": "1",
            **self.env,
        }
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log, self.killed, self._replies, self._ids, self._eof = [], False, {}, 0, False
        self._cv = threading.Condition()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bench.desktop_client", "child", "--", *self.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=ROOT,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self._threads = [
            threading.Thread(target=f, args=(self.proc,), daemon=True)
            for f in (self._read_replies, self._read_log)
        ]
        for t in self._threads:
            t.start()
        self._ask({"cmd": "frames", "frames": 2}, timeout_s, "the app's first frames")
        return self

    def open(
        self,
        storage: dict | None = None,
        clear: bool = True,
        timeout_s: float = 60,
        address: str = "",
    ) -> DesktopPage:
        """Start the app (again) with ``storage`` (key -> string, as ``stored()`` makes a
        page's localStorage) written by the desktop's FileStore into its data folder; ``clear``
        removes the store's files first. ``address``: the desktop has none (ignored)."""
        from game.storage import FileStore

        self.close()
        if clear and self.data_dir.exists():
            for path in self.data_dir.iterdir():  # (the store's files only: FileStore's names)
                if path.is_file() and (path.suffix == ".save" or path.name.startswith(".tmp-")):
                    path.unlink()
        store = FileStore(self.data_dir)
        for key, value in (storage or {}).items():
            store.set(key, value)
        return self.start(timeout_s)

    def reload(self, timeout_s: float = 60) -> DesktopPage:
        """The app closed (the window's close button) and started again: the same data."""
        self.close()
        return self.start(timeout_s)

    restart = reload

    def close(self, timeout_s: float = 15) -> int | None:
        """Quit as the player does (the window closed), killed if not ended in ``timeout_s``;
        the exit code. ClientError if the app failed (not after ``kill``)."""
        proc = self.proc
        if proc is None:
            return None
        if proc.poll() is None:
            try:
                self._ask({"cmd": "quit"}, timeout_s, "the app to quit")
                proc.wait(timeout_s)
            except (ClientError, subprocess.TimeoutExpired):
                if proc.poll() is None:
                    proc.kill()
                    self.log.append(f"(killed: it didn't quit in {timeout_s} s)")
                proc.wait()
        self._end()
        if proc.returncode != 0 and not self.killed:
            raise ClientError(f"the app ended with exit code {proc.returncode}" + self.tail())
        return proc.returncode

    def kill(self) -> None:
        """SIGKILL: the app ends at once, no goodbye, nothing saved that wasn't (its exit code
        is then no failure)."""
        if self.proc is not None:
            self.killed = True
            self.proc.kill()  # (nothing if it has ended)
            self.proc.wait()
            self._end()

    def _end(self) -> None:
        for t in self._threads:
            t.join(5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        self.proc = None

    def tail(self, n: int = 25) -> str:
        return "\n--- the app's stderr, last lines:\n" + "\n".join(self.log[-n:])

    def log_errors(self) -> list[str]:
        """Lines of the app's stderr that tell an error (a traceback, an exception)."""
        return [line for line in self.log if ERROR_LINE.match(line)]

    def marks(self) -> dict:
        return {}

    # ----------------------------------------------------------------- the pipe
    def _read_replies(self, proc) -> None:
        for line in proc.stdout:
            try:
                reply = json.loads(line)
            except ValueError:
                self.log.append(f"(not a reply, on stdout: {line.rstrip()})")
                continue
            with self._cv:
                self._replies[reply.get("id")] = reply
                self._cv.notify_all()
        with self._cv:
            self._eof = True
            self._cv.notify_all()

    def _read_log(self, proc) -> None:
        for line in proc.stderr:
            self.log.append(line.rstrip("\n"))

    def _ask(self, msg: dict, timeout_s: float, what: str):
        if self.proc is None:
            raise ClientError(f"{what}: the app is not running")
        with self._cv:
            self._ids += 1
            cid = msg["id"] = self._ids
        try:
            self.proc.stdin.write(json.dumps(msg) + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            pass  # (it ended: told below)
        with self._cv:
            self._cv.wait_for(lambda: cid in self._replies or self._eof, timeout_s)
            reply = self._replies.pop(cid, None)
        if reply is None:
            if self._eof:  # (its last words on stderr read before they are told)
                self._threads[1].join(5)
                try:
                    self.proc.wait(5)
                except subprocess.TimeoutExpired:
                    pass
            raise ClientError(
                f"{what}: "
                + (
                    f"the app ended (exit code {self.proc.poll()})"
                    if self._eof
                    else f"no answer in {timeout_s} s"
                )
                + self.tail()
            )
        if reply.get("error") is not None:
            raise ClientError(
                f"{what}: {reply['error']}\n{reply.get('traceback', '')}" + self.tail(8)
            )
        return reply.get("value")

    # ----------------------------------------------------------------- the game's Python
    def exec(self, code: str) -> None:
        self._ask({"cmd": "exec", "code": code}, 60, "exec")

    def eval(self, expr: str):
        return self._ask({"cmd": "eval", "expr": expr}, 60, f"{expr!r} failed in the app")

    def wait(self, expr: str, timeout_s: float = 30, polling="raf", what: str = "") -> float:
        """Until the expression is true (``polling`` as the app's frames and rests go); the
        epoch ms then."""
        return self.wait_stamp(expr, timeout_s, polling, what)[0]

    def wait_stamp(self, expr: str, timeout_s: float = 30, polling="raf", what: str = ""):
        """As ``wait``; returns (epoch ms when it was seen true, frames so far)."""
        return tuple(
            self._ask(
                {"cmd": "wait", "expr": expr, "timeout_s": timeout_s},
                timeout_s + 30,
                f"waited {timeout_s} s for {what or expr}",
            )
        )

    def frames(self) -> int:
        return self.eval("driver.frames")

    def wait_frames(self, n: int = 2) -> None:
        """Let ``n`` whole frames run (a resting app is woken for them)."""
        self._ask({"cmd": "frames", "frames": n}, 60, f"{n} frames")

    def resting(self) -> bool:
        return self.eval("driver.resting")

    def now(self) -> float:
        return time.time() * 1000

    # ----------------------------------------------------------------- input
    def _input(self, cmd: str, frames: int, what: str, **kw) -> None:
        self._ask({"cmd": cmd, "frames": frames, **kw}, 60, what)

    def mouse_move(self, x, y, steps: int = 1, frames: int = 0) -> None:
        self._input("mouse_move", frames, f"the mouse to {x}, {y}", x=x, y=y, steps=steps)

    def mouse_down(self, frames: int = 0) -> None:
        self._input("mouse_down", frames, "the mouse button pressed")

    def mouse_up(self, frames: int = 0) -> None:
        self._input("mouse_up", frames, "the mouse button released")

    def mouse_click(self, x, y, frames: int = 2) -> None:
        self._input("mouse_click", frames, f"a click at {x}, {y}", x=x, y=y)

    def mouse_drag(self, start, end, steps: int = 8, frames: int = 2) -> None:
        """Press at start, move to end in ``steps`` moves a frame apart, release."""
        self.mouse_move(*start)
        self.mouse_down(frames=1)
        for i in range(1, steps + 1):
            self.mouse_move(
                start[0] + (end[0] - start[0]) * i / steps,
                start[1] + (end[1] - start[1]) * i / steps,
                frames=1,
            )
        self.mouse_up(frames)

    def key(self, combo: str, frames: int = 2) -> None:
        """A key as playwright names it: "s", "S", "Control+z", "Enter", "Escape"."""
        self._input("key", frames, f"the key {combo}", combo=combo)

    def type(self, text: str, frames: int = 2) -> None:
        self._input("type", frames, f"typing {text!r}", text=text)


class _PageShim:
    """What bench/browser_remote.py reaches for in a playwright page (``c.page.page``): the
    mouse's press and release, the address, and the few expressions it evaluates."""

    def __init__(self, page: DesktopPage):
        self.mouse = SimpleNamespace(move=page.mouse_move, down=page.mouse_down, up=page.mouse_up)
        self.answers = {
            "performance.timeOrigin": lambda: 0.0,
            "performance.timeOrigin + performance.now()": page.now,
            "harness.resting": page.resting,
            "harness.frames": page.frames,
            "harness.marks": page.marks,
            "harness.error": lambda: None,
            "t => harness.arrivalAfter(t)": lambda: None,
        }  # (no net.js here)

    url = ""  # (the desktop has no address: a link is used once, typed in Join a friend)

    def evaluate(self, js: str, arg=None):
        if js not in self.answers:
            raise NotImplementedError(f"the desktop app can't evaluate {js!r}")
        return self.answers[js]()


class DesktopScreen(Screen):
    """One person's desktop app, as bench.browser_remote's Screen is a page (its methods,
    through the page's stand-in): ``relays`` become ``--relay URL`` game args; ``reload`` is
    the app restarted; ``open("#join=CODE")`` joins by the title's Join a friend, the code
    typed, Enter. Times are epoch ms (``origin`` 0)."""

    def __init__(self, name: str, data_dir, relays=(), args=()):
        relays = [relays] if isinstance(relays, str) else list(relays)
        self.name, self.origin, self.query = name, 0.0, ""
        self.c = Client(
            DesktopPage(data_dir, [*args, *(a for url in relays for a in ("--relay", url))])
        )

    def open(self, fragment: str = "", **settings) -> DesktopScreen:
        super().open(fragment, **settings)
        if fragment.startswith("#join="):
            self.c.click_button("join")
            self.c.wait("probe['view']()['modal'] is not None", what="the Join a friend dialog")
            self.c.page.type(fragment[len("#join=") :], frames=1)
            self.c.page.key("Enter")
        return self

    def relay_only(self) -> DesktopScreen:
        raise NotImplementedError("the desktop's only path is the relays'")

    def close(self) -> None:
        """The app closed (ClientError if it failed)."""
        self.c.page.close()


if __name__ == "__main__":
    if sys.argv[1:2] != ["child"]:
        sys.exit("usage: python -m bench.desktop_client child [-- GAME ARGS]")
    sys.exit(child(sys.argv[2:]))
