"""The game by ear, timed in Chromium (issue 46; ``./build.sh bench ear``: bench/ear.py).

A page of the site as built (testbed/client_page.py) with the Screen reader setting on and a
Forty Thieves deal saved (the title's Continue brings it back), played with the keys as a
player by ear plays: a column's digit (1..0), W the waste, Enter to pick up and put down, F to
a foundation, S to turn the stock. Which move is made is chosen from the game's legal moves
(read through ``harness.eval``: a benchmark may read the game), one that leads to a position
not seen yet: to a foundation first, then from the waste, then between columns, then the stock.

    t = EarTiming(browser, site).open()   # the table, by ear, Continue pressed
    t.throttle(4)                         # Chromium's CPU 4 times slower (CDP)
    moves = t.play(60)                    # one record per move (see ``Move``)
    t.view_cost(200)                      # table_view + json.dumps, in the page, per call
    t.at_rest(10)                         # the page's CPU and frames, nothing moving
    t.close()

What is timed, all in page milliseconds (``performance.now()``):

- a key: a capture ``keydown`` listener on the window, added here after the page opened;
- the move's frame: the game step (``App.step``, wrapped here in the page's Python) after
  which the table's history is one move longer: its start and its end (drawn and flipped; the
  game steps once per animation frame). The move is made, and its words said, inside that step;
- the words: the first line the page's ear said (``parlourEar.said[].at``) at or after the
  move's last key;
- the mirror: every call of ``parlourEar.show`` (wrapped here), its duration.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field

from testbed.chromium_processes import cpu_percent
from testbed.client import Client, client_settings, saved_game, stored
from testbed.client_page import ClientError, ClientPage

GAME = "forty-thieves"
SEED = 7

# Added to the page once it runs (page.evaluate, on the page itself): keydowns and the mirror's
# updates, stamped.
JS_SETUP = """() => {
    if (window.earTiming) return;
    const t = window.earTiming = {keys: [], shows: []};
    window.addEventListener("keydown", e => {
        t.keys.push([performance.now(), e.key]);
    }, true);
    const ear = window.parlourEar, show = ear.show;
    ear.show = function (json) {
        const start = performance.now();
        try {
            return show.apply(this, arguments);
        } finally {
            t.shows.push([start, performance.now() - start, json ? json.length : 0]);
        }
    };
}"""

# What the page's Python adds: the steps that changed the table's history, the move to make,
# the view's cost.
PY_SETUP = r"""
def _ear_timing_setup():
    import json as _json
    import time as _time

    import js
    from game.ui import app as ui_app
    from game.ui.ear.table_words import table_view

    def history(app):
        s = app.scene
        return len(s.state.history) if getattr(s, "session", None) is not None else None

    step = ui_app.App.step
    if getattr(step, "ear_marks", None) is None:
        marks, steps = [], [0]

        def timed(self, *args, _step=step, **kw):
            steps[0] += 1
            before, start = history(self), js.performance.now()
            try:
                return _step(self, *args, **kw)
            finally:
                after = history(self)
                if after != before:
                    marks.append([start, js.performance.now(), after])

        timed.ear_marks, timed.ear_steps = marks, steps
        ui_app.App.step = timed
    marks, steps = ui_app.App.step.ear_marks, ui_app.App.step.ear_steps
    seen = set()

    def pick():
        # a legal move to a position not seen yet, as [source, target, count], or None
        state = probe["app"]().scene.state
        seen.add(state.key())
        best = None
        for m in state.legal_moves():
            if m.source == m.target:
                continue
            after = state.copy(history=False)
            after.push(m)
            if after.key() in seen:
                continue
            rank = (0 if m.target.startswith("foundation") else 1 if m.source == "waste"
                    else 2 if m.source.startswith("tableau") else 3)
            if best is None or rank < best[0]:
                best = (rank, [m.source, m.target, m.count])
        return best[1] if best else None

    def view_cost(n):
        # ms per call of the table's view, and of its JSON as PageVoice makes it
        table = probe["app"]().scene
        views, dumps = [], []
        text = ""
        clock = _time.perf_counter
        start = clock()
        for _ in range(n):
            t0 = clock()
            view = table_view(table)
            t1 = clock()
            text = _json.dumps(view.to_json(), ensure_ascii=False)
            views.append((t1 - t0) * 1000)
            dumps.append((clock() - t1) * 1000)
        return {"view_ms": views, "json_ms": dumps, "total_ms": (clock() - start) * 1000,
                "chars": len(text), "nodes": len(view.nodes)}

    def moves():
        return history(probe["app"]())

    return {"marks": marks, "pick": pick, "view_cost": view_cost, "moves": moves,
            "steps": lambda: steps[0]}


ear_timing = _ear_timing_setup()
"""


def pct(values, q: float):
    """The q-quantile (nearest rank) of ``values``; None if there are none."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return values[max(0, min(len(values) - 1, math.ceil(q * len(values)) - 1))]


def spread(values, digits: int = 2) -> dict:
    """{"n", "p50", "p95", "max"} of ``values`` (ms), rounded."""
    values = [v for v in values if v is not None]

    def r(x):
        return None if x is None else round(x, digits)

    return {
        "n": len(values),
        "p50": r(pct(values, 0.5)),
        "p95": r(pct(values, 0.95)),
        "max": r(max(values) if values else None),
    }


def move_keys(source: str, target: str, count: int = 1) -> list[str]:
    """The keys a player by ear presses to make a Forty Thieves move (docs/accessibility.md):
    S turns the stock; a column's digit (column 1 is "1", column 10 is "0") or W puts the focus
    on the source; F sends its top card to a foundation; else Enter picks it up ("+" a card
    more each), the target's digit, Enter puts it down."""

    def pile(name: str) -> str:
        if name == "waste":
            return "w"
        if name.startswith("tableau"):
            return str((int(name[len("tableau") :]) + 1) % 10)
        raise ValueError(f"no key focuses {name!r}")

    if source == "stock":
        return ["s"]
    if target.startswith("foundation") and count == 1:
        return [pile(source), "f"]
    return [pile(source), "Enter", *["+"] * (count - 1), pile(target), "Enter"]


@dataclass
class Move:
    """One move made by keys, its stamps in page ms (None: not seen)."""

    move: list  # [source, target, count]
    keys: list[str]
    first_key: float | None = None  # the keydown of the move's first key
    key: float | None = None  # the keydown of its last key (the one that made it)
    frame: float | None = None  # the start of the step after which the history grew
    frame_end: float | None = None  # that step's end (drawn, flipped)
    words: float | None = None  # the first line said at or after ``key``
    text: str = ""
    urgent: bool = False
    shows: list[float] = field(default_factory=list)  # ms of each parlourEar.show for it

    def figures(self) -> dict:
        def gap(a, b):
            return None if a is None or b is None else b - a

        return {
            "key_to_frame": gap(self.key, self.frame),
            "frame_to_words": gap(self.frame, self.words),
            "frame_end_to_words": gap(self.frame_end, self.words),
            "key_to_words": gap(self.key, self.words),
            "show_ms": sum(self.shows),
            "shows": len(self.shows),
        }


def match(moves: list[Move], keys: list, marks: list, said: list, shows: list) -> None:
    """Fill each move's stamps from the page's records: ``keys`` [[at, key]] (every keydown, in
    order, as many as the moves' keys and nothing else), ``marks`` [[start, end, history]]
    (the steps that changed the history), ``said`` [{text, urgent, at}], ``shows``
    [[start, ms, chars]]. A move's shows are those from its first key to the next move's."""
    wanted = sum(len(m.keys) for m in moves)
    if len(keys) != wanted:
        raise ValueError(f"{len(keys)} keydowns seen for {wanted} keys pressed")
    i = 0
    for m in moves:
        m.first_key = keys[i][0]
        m.key = keys[i + len(m.keys) - 1][0]
        i += len(m.keys)
    for n, m in enumerate(moves):
        upto = moves[n + 1].first_key if n + 1 < len(moves) else math.inf
        mark = next((k for k in marks if k[0] >= m.key), None)
        if mark is not None and mark[0] < upto:
            m.frame, m.frame_end = mark[0], mark[1]
        line = next((s for s in said if s["at"] >= m.key), None)
        if line is not None and line["at"] < upto:
            m.words, m.text, m.urgent = line["at"], line["text"], line["urgent"]
        m.shows = [ms for start, ms, _chars in shows if m.first_key <= start < upto]


class EarTiming:
    """One page, at a Forty Thieves table by ear (see the module's doc)."""

    def __init__(self, browser, site, seed: int = SEED, light: bool = False):
        self.browser, self.site, self.seed, self.light = browser, site, seed, light
        self.client: Client | None = None
        self.moves: list[Move] = []
        self.deals = [seed]

    @property
    def c(self) -> Client:
        assert self.client is not None, "open() first"
        return self.client

    # ------------------------------------------------------------------ life
    def open(self) -> EarTiming:
        storage = stored(
            {
                "settings": client_settings(
                    last_game=GAME, screen_reader=True, winnable_light=self.light
                ),
                f"game/{GAME}": saved_game(GAME, self.seed),
            }
        )
        self.client = Client(ClientPage(self.browser, self.site))
        self.c.open(storage)
        self.c.page.exec(PY_SETUP)
        self.c.page.page.evaluate(JS_SETUP)
        self.c.click_button("continue")  # (the mouse: the keys' figures start at the table)
        self.c.wait(f"probe['view']().get('game') == {GAME!r}", what="the table")
        self.c.settled()
        if not self.c.page.page.evaluate("parlourEar.on"):
            raise ClientError("the Screen reader switch is off at the table")
        return self

    def throttle(self, rate: float) -> None:
        """Chromium's CPU ``rate`` times slower for this page (1: as it is)."""
        page = self.c.page.page
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def close(self) -> None:
        if self.client is not None:
            self.client.page.close()

    # ------------------------------------------------------------------ moves by keys
    def _press(self, key: str) -> None:
        self.c.page.page.keyboard.press(key)

    def _new_deal(self) -> None:
        """No move to a new position: the next deal by number (Deal #, not timed)."""
        seed = self.deals[-1] + 1
        self.deals.append(seed)
        before = self._keydowns()
        self.c.play_deal(seed)
        # the dialog's keys are no move's: forget them
        self.c.page.page.evaluate(f"earTiming.keys.splice({before})")

    def _keydowns(self) -> int:
        return self.c.page.page.evaluate("earTiming.keys.length")

    def play(self, n: int, timeout_s: float = 60) -> list[Move]:
        """``n`` moves by keys; waits after each until it is said and the cards are still."""
        page = self.c.page
        while len(self.moves) < n:
            move = page.eval("ear_timing['pick']()")
            if move is None:
                self._new_deal()
                continue
            m = Move(move, move_keys(*move))
            before = page.eval("ear_timing['moves']()")
            for key in m.keys[:-1]:  # the focus, a card picked up: each seen by the game
                frames = page.frames()
                self._press(key)
                page.page.wait_for_function(
                    f"harness.frames >= {frames + 2} || harness.error !== null", polling="raf"
                )
            said = page.page.evaluate("parlourEar.said.length ? parlourEar.said.at(-1).at : -1")
            self._press(m.keys[-1])
            try:
                self.c.wait(
                    f"ear_timing['moves']() != {before}",
                    timeout_s=timeout_s,
                    what=f"the move {move} by {m.keys}",
                )
                page.page.wait_for_function(
                    "t => parlourEar.said.length && parlourEar.said.at(-1).at > t",
                    arg=said,
                    timeout=timeout_s * 1000,
                    polling="raf",
                )
            except Exception as e:
                page.check()
                raise ClientError(f"move {len(self.moves) + 1} {move}: {e}") from None
            self.c.settled(timeout_s)
            self.moves.append(m)
        self.collect()
        return self.moves

    def collect(self) -> None:
        """The page's records into the moves' stamps."""
        page = self.c.page
        rec = page.page.evaluate(
            "({keys: earTiming.keys, shows: earTiming.shows, said: parlourEar.said})"
        )
        marks = page.eval("ear_timing['marks']")
        match(self.moves, rec["keys"], marks, rec["said"], rec["shows"])
        self.all_shows = [ms for _start, ms, _chars in rec["shows"]]
        self.show_chars = [chars for _start, _ms, chars in rec["shows"]]

    # ------------------------------------------------------------------ the view's cost
    def view_cost(self, n: int) -> dict:
        """table_view(table) and json.dumps(view.to_json()), ``n`` times in the page on the
        table as it is: ms per call (the page's clock: Chromium rounds it to 0.1 ms, so the
        mean comes from the total too)."""
        r = self.c.page.eval(f"ear_timing['view_cost']({n})")
        both = [a + b for a, b in zip(r["view_ms"], r["json_ms"])]
        return {
            "calls": n,
            "nodes": r["nodes"],
            "json_chars": r["chars"],
            "mean_ms": round(r["total_ms"] / n, 3),
            "per_call_ms": spread(both, 3),
            "view_ms": spread(r["view_ms"], 3),
            "json_ms": spread(r["json_ms"], 3),
        }

    # ------------------------------------------------------------------ at rest
    def at_rest(self, seconds: float, settle_s: float = 4.0) -> dict:
        """Nothing moving, no input: every Chromium process's CPU over ``seconds`` (one core =
        100; bench/browser's idle figure: this browser holds no other page), from ``settle_s``
        after the last change on (the page suspends its sound after 3 s at rest); the game's
        steps a second (the page's frames, ``harness.frames``: the ticks in which the game's loop
        ran; and ``App.step`` calls, the game's own frames), the animation frames a second, the
        mirror's updates and lines said meanwhile."""
        page = self.c.page.page
        self.c.settled()
        time.sleep(settle_s)
        count = (
            "[harness.frames, harness.animationFrames, earTiming.shows.length, "
            "parlourEar.said.length ? parlourEar.said.at(-1).at : -1]"
        )
        f0, a0, s0, said0 = page.evaluate(count)
        steps0 = self.c.page.eval("ear_timing['steps']()")
        cpu, wall = cpu_percent(seconds)
        f1, a1, s1, _said1 = page.evaluate(count)
        steps1 = self.c.page.eval("ear_timing['steps']()")
        said = page.evaluate(f"parlourEar.said.filter(s => s.at > {said0}).length")
        self.c.page.check()
        return {
            "seconds": round(wall, 2),
            "cpu_percent": round(cpu, 1),
            "frames_per_s": round((f1 - f0) / wall, 2),
            "app_steps_per_s": round((steps1 - steps0) / wall, 2),
            "animation_frames_per_s": round((a1 - a0) / wall, 2),
            "mirror_updates": s1 - s0,
            "lines_said": said,
            "switch_on": page.evaluate("parlourEar.on"),
        }

    def switch_off(self) -> None:
        """The page's Screen reader switch pressed (a click on it, as a screen reader's
        activation sends), and its frames run."""
        self.c.page.page.evaluate("document.getElementById('ear-switch').click()")
        self.c.wait("not probe['app']().ear.on", what="the switch off")
        self.c.settled()


def chromium_alone(browser, site, rate: float, seconds: float) -> dict:
    """For comparison: Chromium's CPU with a page without the game (the site's NOTICES.html),
    its CPU ``rate`` times slower as the game's page was (Chromium's throttling has a cost of
    its own)."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(site.url + "NOTICES.html")
        if rate != 1:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        time.sleep(1.0)
        cpu, wall = cpu_percent(seconds)
        return {"seconds": round(wall, 2), "cpu_percent": round(cpu, 1)}
    finally:
        page.context.close()


def summary(moves: list[Move]) -> dict:
    """Each figure's p50/p95/max over the moves (ms), and what the moves were."""
    figs = [m.figures() for m in moves]
    kinds: dict[str, int] = {}
    for m in moves:
        src, dst, _n = m.move
        kind = (
            "stock"
            if src == "stock"
            else f"{'waste' if src == 'waste' else 'column'} to "
            f"{'foundation' if dst.startswith('foundation') else 'column'}"
        )
        kinds[kind] = kinds.get(kind, 0) + 1
    out = {k: spread([f[k] for f in figs]) for k in figs[0] if k != "shows"} if figs else {}
    out["shows_per_move"] = spread([f["shows"] for f in figs], 1) if figs else {}
    out["moves"] = len(moves)
    out["kinds"] = kinds
    out["unsaid"] = sum(1 for m in moves if m.words is None)
    out["unseen_frames"] = sum(1 for m in moves if m.frame is None)
    out["urgent"] = sum(1 for m in moves if m.urgent)
    out["examples"] = [m.text for m in moves[:3]]
    return out


__all__ = ["EarTiming", "Move", "chromium_alone", "match", "move_keys", "spread", "summary"]


if __name__ == "__main__":  # a quick look: python -m testbed.ear_timing
    from testbed.browser import Browser
    from testbed.site import ClientSite

    with ClientSite() as site:
        browser = Browser()
        try:
            t = EarTiming(browser, site).open()
            t.play(5)
            print(json.dumps(summary(t.moves), indent=1))
            print(t.view_cost(20))
            t.close()
        finally:
            browser.close()
