"""The REAL desktop app (``python -m game``) in a child process, driven as the browser tests
drive a page: real pygame input events in, the game's insides read through the same probes.

    page = DesktopPage(tmp_path)            # a ClientPage's methods (testbed/client_page.py)
    c = Client(page).open(stored({"settings": client_settings()}))  # testbed/client.py
    c.open_game("russian-bank"); page.restart(); page.kill(); page.start()
    screen = DesktopScreen("me", tmp_path, relays=[url]).open()  # testbed/remote_play.py's Screen

The child (``python -m testbed.desktop_child [-- GAME ARGS]``, testbed/desktop_child.py) runs
``game.__main__.run`` with the game args as given (``--portrait``, ``--relay URL``), SDL's
dummy drivers and ``$PARLOUR_DATA_DIR`` (a FileStore: the keys of a page's localStorage). The
driver wraps ``App.step`` (after each frame: the frame counted, as a page's ``parlour.frames``,
and the commands served, in the main thread), ``pygame.event.peek`` (only the resting loop
calls it, every 16 ms, game/ui/sleep_at_rest.py: the commands served between frames, so
reading never wakes the app; to wake it, as a page's ``harness.wake()``, the peek answers True
once) and
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
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from testbed.client import Client
from testbed.client_page import ClientError
from testbed.headless import HEADLESS
from testbed.remote_play import OWN_RELAY_RATE, Screen

ROOT = Path(__file__).resolve().parents[1]
ERROR_LINE = re.compile(r"^(Traceback |[\w.]*(Error|Exception)\b|Fatal |Segmentation fault)")


class DesktopPage:
    """The app in a child process with a ClientPage's methods (testbed/client_page.py), so that
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
            [sys.executable, "-m", "testbed.desktop_child", "--", *self.args],
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
    """What testbed/remote_play.py reaches for in a playwright page (``c.page.page``): the
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
    """One person's desktop app, as testbed/remote_play.py's Screen is a page (its methods,
    through the page's stand-in): ``relays`` become ``--relay URL`` game args; ``reload`` is
    the app restarted; ``open("#join=CODE")`` joins by the title's Join a friend, the code
    typed, Enter. Times are epoch ms (``origin`` 0)."""

    def __init__(self, name: str, data_dir, relays=(), args=(), paced: bool = False):
        relays = [relays] if isinstance(relays, str) else list(relays)
        self.name, self.origin, self.query, self.paced = name, 0.0, "", paced
        given = [a for url in relays for a in ("--relay", url)]
        if relays and not paced:  # the tests' own relay, used as fast as a page uses it
            given += ["--relay-rate", str(OWN_RELAY_RATE)]
        self.c = Client(DesktopPage(data_dir, [*args, *given]))

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
