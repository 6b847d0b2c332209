"""The REAL client in a browser tab: the site ``./build.sh web`` builds (our page, Pyodide 0.27.7,
pygbag's pygame-ce wheel, the packed game; web/client/, docs/web.md), served as built
(testbed/site.py: ClientSite) and opened in a Browser (testbed/browser.py):

    with ClientSite() as site:
        page = ClientPage(browser, site).open()       # the shipped page, main.py running
        page.eval("expression")               # Python, in the game's interpreter
        page.mouse_click(640, 300)            # real input at logical (1280x720) coordinates

ClientPage adds, from the outside, what the tests observe (HARNESS_INIT, a playwright init
script; the shipped page has nothing for tests). What the tests and the benchmarks know of the
client's insides is testbed/client.py's (``Client``, the probes). Used by tests/web and
``python -m bench browser``.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from testbed.browser import READ_LOCAL_STORAGE

if TYPE_CHECKING:
    from testbed.browser import Browser
    from testbed.site import ClientSite

W, H = 1280, 720  # the game's landscape canvas (a page taller than wide gets the portrait one)


# What the test driver adds to every page it opens (playwright's add_init_script; the shipped
# page has nothing for tests): ``window.harness``, a view of the page's own ``window.parlour``
# (frames, error, marks) plus Python evaluation and frame-time recording. Recording wraps the
# page's requestAnimationFrame: work = ms a callback that stepped the game took, intervals =
# ms between animation frames.
HARNESS_INIT = """
(() => {
    let recording = null, lastFrameTime = null, animationFrames = 0;
    // when the page's net.js handed the game something from another screen (page ms)
    const arrivals = [];
    window.addEventListener("parlournet", () => {
        if (arrivals.length < 100000) arrivals.push(performance.now());
    }, true);
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = function (callback) {
        return raf(function (t) {
            animationFrames++;
            if (t !== lastFrameTime) {
                if (recording && lastFrameTime !== null)
                    recording.intervals.push(t - lastFrameTime);
                lastFrameTime = t;
            }
            const p = window.parlour, before = p ? p.frames : 0, start = performance.now();
            try {
                return callback(t);
            } finally {
                if (recording && p && p.frames > before)
                    recording.work.push(performance.now() - start);
            }
        });
    };
    window.harness = {
        get frames() { return window.parlour ? window.parlour.frames : 0; },
        // animation frames the page asked for and got (none while the game rests)
        get animationFrames() { return animationFrames; },
        get resting() { return window.parlour ? window.parlour.resting : false; },
        // the first arrival from another screen at or after page time t (ms), or null
        arrivalAfter(t) { return arrivals.find(a => a >= t) ?? null; },
        // the test driver changed the game from outside (exec): a resting game looks
        wake() { if (window.parlour) window.parlour.wake(); },
        get error() { return window.parlour ? window.parlour.error : null; },
        get marks() { return window.parlour ? window.parlour.marks : {}; },
        eval(expr) {
            const py = window.parlour.py;
            return JSON.parse(py.runPython("__import__('json').dumps(" + expr + ")",
                                           {globals: py.globals}));
        },
        exec(code) {
            const py = window.parlour.py;
            try {
                py.runPython(code, {globals: py.globals});
            } finally {
                this.wake();
            }
        },
        record(on) {
            const r = recording;
            recording = on ? {work: [], intervals: []} : null;
            return r;
        }
    };
})();
"""


class ClientError(RuntimeError):
    """The game in the page stopped (a Python exception, a page error) or never started."""


class ClientPage:
    """One browser tab running the real client from a ClientSite.

    Input goes through the browser exactly as a player's would (playwright's mouse and
    keyboard; touch through Chromium's touch emulation, CDP ``Input.dispatchTouchEvent``), at
    logical coordinates (the canvas's own size: 1280x720, or the portrait canvas the game
    picked for a page taller than wide) mapped onto the canvas wherever CSS put it. ``eval``
    reads the game's Python between two frames (testbed/client.py keeps what the tests and
    the benchmarks know of the client's insides)."""

    def __init__(
        self,
        browser: Browser,
        site: ClientSite,
        viewport=(W, H),
        touch: bool = False,
        device_scale_factor: float = 1,
        mobile: bool = False,
    ):
        self.browser, self.site = browser, site
        self.viewport = {"width": viewport[0], "height": viewport[1]}
        self.touch = touch
        self.log: list[str] = []
        self.page = browser.new_page(
            viewport=self.viewport,
            log=self.log,
            has_touch=touch,
            is_mobile=mobile,
            device_scale_factor=device_scale_factor,
        )
        self.page.add_init_script(HARNESS_INIT)
        self._cdp = None
        self._box = None

    # ----------------------------------------------------------------- life
    def open(
        self,
        storage: dict | None = None,
        clear: bool = False,
        timeout_s: float = 120,
        address: str = "",
    ):
        """Load the page (with ``storage`` put into localStorage first; ``clear`` empties it)
        and wait for the first frame the game draws. ``address`` follows the site's address:
        a query string and a fragment (``?relay=...#join=CODE``)."""
        if storage is not None or clear:
            self.page.goto(self.site.url + "NOTICES.html")  # the site's origin, no game
            self.page.evaluate(
                """([items, clear]) => {
                if (clear) localStorage.clear();
                for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
            }""",
                [storage or {}, clear],
            )
        self.page.goto(self.site.url + address)
        self.wait_started(timeout_s)
        return self

    def reload(self, timeout_s: float = 120):
        """A player pressing F5: a new Python and a new game, the same localStorage."""
        self.page.reload()
        self.wait_started(timeout_s)
        return self

    def wait_started(self, timeout_s: float = 120) -> None:
        self._box = None
        self.page.wait_for_function(
            "harness.frames > 1 || harness.error !== null", timeout=timeout_s * 1000, polling=100
        )
        self.check()

    def check(self) -> None:
        """Raise ClientError if the game stopped (a Python exception, a page error)."""
        error = self.page.evaluate("harness.error")
        if error is not None:
            raise ClientError(
                f"the game stopped in the browser:\n{error}\n" + "\n".join(self.log[-20:])
            )

    def close(self) -> None:
        self.page.context.close()

    def log_errors(self) -> list[str]:
        """Errors the page logged (console errors, uncaught page errors)."""
        return [line for line in self.log if line.startswith(("error:", "pageerror:"))]

    def marks(self) -> dict:
        """performance.now() of the boot steps: pyodide, files, firstFrame, main (ms)."""
        return self.page.evaluate("harness.marks")

    # ----------------------------------------------------------------- the game's Python
    def eval(self, expr: str):
        """A Python expression's JSON-able value, evaluated in the page between two frames."""
        try:
            return self.page.evaluate("e => harness.eval(e)", expr)
        except Exception as e:
            self.check()
            raise ClientError(f"{expr!r} failed in the page: {e}") from None

    def exec(self, code: str) -> None:
        self.page.evaluate("c => harness.exec(c)", code)

    def wait(self, expr: str, timeout_s: float = 30, polling="raf", what: str = "") -> float:
        """Wait until the Python expression is true (checked between frames, every animation
        frame by default); returns performance.now() in the page when it was seen true."""
        return self.wait_stamp(expr, timeout_s, polling, what)[0]

    def wait_stamp(self, expr: str, timeout_s: float = 30, polling="raf", what: str = ""):
        """As ``wait``; returns (performance.now() in the page, frames run so far) when the
        expression was seen true."""
        try:
            handle = self.page.wait_for_function(
                "e => harness.error !== null ? 'error' : "
                "(harness.eval(e) ? [performance.now(), harness.frames] : 0)",
                arg=expr,
                timeout=timeout_s * 1000,
                polling=polling,
            )
        except Exception as e:
            self.check()
            raise ClientError(f"waited {timeout_s} s for {what or expr}: {e}") from None
        value = handle.json_value()
        if value == "error":
            self.check()
        return tuple(value)

    def frames(self) -> int:
        return self.page.evaluate("harness.frames")

    def wait_frames(self, n: int = 2) -> None:
        """Let ``n`` whole frames of the game run."""
        start = self.frames()
        # (a game at rest is woken: these frames are asked for, as input would)
        self.page.wait_for_function(
            f"harness.frames >= {start + n} || harness.error !== null || (harness.wake(), false)",
            polling="raf",
        )
        self.check()

    def record_frames(self, on: bool):
        """Start (True) or stop (False) recording frame times; stopping returns
        {"work": [ms from the animation frame to the loop's yield, per frame],
         "intervals": [ms between animation frames]}."""
        return self.page.evaluate("on => harness.record(on)", on)

    # ----------------------------------------------------------------- where things are
    def box(self) -> dict:
        """Where the canvas is on the page (CSS px) and its logical size ("w", "h")."""
        if self._box is None:
            box = self.page.locator("#canvas").bounding_box()
            box["w"], box["h"] = self.page.evaluate(
                "() => { const c = document.getElementById('canvas'); return [c.width, c.height]; }"
            )
            self._box = box
        return self._box

    def logical_size(self) -> tuple[int, int]:
        b = self.box()
        return (b["w"], b["h"])

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Logical coordinates to CSS pixels of the page."""
        b = self.box()
        return (b["x"] + (x + 0.5) * b["width"] / b["w"], b["y"] + (y + 0.5) * b["height"] / b["h"])

    # ----------------------------------------------------------------- input
    def mouse_move(self, x, y, steps: int = 1) -> None:
        self.page.mouse.move(*self.to_page(x, y), steps=steps)

    def mouse_click(self, x, y, frames: int = 2) -> None:
        self.mouse_move(x, y)
        self.page.mouse.down()
        self.page.mouse.up()
        if frames:
            self.wait_frames(frames)

    def mouse_double_click(self, x, y, frames: int = 2) -> None:
        self.page.mouse.dblclick(*self.to_page(x, y))
        if frames:
            self.wait_frames(frames)

    def mouse_drag(self, start, end, steps: int = 8, frames: int = 2) -> None:
        """Press at start, move to end in ``steps`` moves a frame apart, release."""
        self.mouse_move(*start)
        self.page.mouse.down()
        self.wait_frames(1)
        for i in range(1, steps + 1):
            self.mouse_move(
                start[0] + (end[0] - start[0]) * i / steps,
                start[1] + (end[1] - start[1]) * i / steps,
            )
            self.wait_frames(1)
        self.page.mouse.up()
        if frames:
            self.wait_frames(frames)

    def key(self, combo: str, frames: int = 2) -> None:
        """A key press as playwright names it: "s", "Control+z", "Enter", "Escape"."""
        self.page.keyboard.press(combo)
        if frames:
            self.wait_frames(frames)

    def type(self, text: str, frames: int = 2) -> None:
        for ch in text:
            self.page.keyboard.press(ch)
        if frames:
            self.wait_frames(frames)

    def _touch(self, kind: str, points) -> None:
        if not self.touch:
            raise RuntimeError("this page was opened without touch (ClientPage(touch=True))")
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        self._cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [
                    {"x": px, "y": py, "id": 0, "radiusX": 4, "radiusY": 4, "force": 1}
                    for px, py in points
                ],
            },
        )

    def touch_tap(self, x, y, frames: int = 2) -> None:
        p = self.to_page(x, y)
        self._touch("touchStart", [p])
        self.wait_frames(1)
        self._touch("touchEnd", [])
        if frames:
            self.wait_frames(frames)

    def touch_drag(self, start, end, steps: int = 8, frames: int = 2) -> None:
        self._touch("touchStart", [self.to_page(*start)])
        self.wait_frames(1)
        for i in range(1, steps + 1):
            self._touch(
                "touchMove",
                [
                    self.to_page(
                        start[0] + (end[0] - start[0]) * i / steps,
                        start[1] + (end[1] - start[1]) * i / steps,
                    )
                ],
            )
            self.wait_frames(1)
        self._touch("touchEnd", [])
        if frames:
            self.wait_frames(frames)

    # ----------------------------------------------------------------- what the player sees
    def screenshot(self, path) -> bytes:
        """The canvas as the page shows it (PNG); saved to ``path`` if given."""
        kwargs = {"path": str(path)} if path else {}
        if path:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return self.page.locator("#canvas").screenshot(**kwargs)

    def canvas_image(self):
        """The canvas as shown, scaled back to its logical size, as a pygame Surface."""
        import pygame

        image = pygame.image.load(io.BytesIO(self.screenshot(None)), "canvas.png")
        size = self.logical_size()
        if image.get_size() != size:
            image = pygame.transform.smoothscale(image, size)
        return image

    def local_storage(self) -> dict:
        return self.page.evaluate(READ_LOCAL_STORAGE)
