"""A tab of the shipped site driven through the browser's carrier of remote seats,
``window.parlourNet`` (web/net/bridge.js: Trystero over WebRTC, and relay.js: sealed, signed
Nostr events), from the test driver (page.evaluate): ``NetPage``, with NETLOG_INIT, the
driver's instrumentation of the page (never part of the page), and predicates on the events
it saw (``has``, ``first``). Used by tests/web/test_net_browser.py and ``python -m bench net``.
"""

from __future__ import annotations

import time

# The test driver's instrumentation of a page (playwright's add_init_script): window.netlog
# polls window.parlourNet and keeps every event with the time it was seen (ms since the epoch,
# comparable between the pages of one machine); echo answers "ping:N" texts with "pong:N".
NETLOG_INIT = """
(() => {
    const now = () => performance.timeOrigin + performance.now();
    const channel = new MessageChannel();
    const waiters = [];
    channel.port1.onmessage = () => { const w = waiters.shift(); if (w) w(); };
    const tick = () => new Promise(r => { waiters.push(r); channel.port2.postMessage(0); });
    const log = window.netlog = {
        events: [], echo: false,
        pump() {
            if (!window.parlourNet) return 0;
            const got = JSON.parse(parlourNet.poll());
            const t = now();
            for (const e of got) {
                log.events.push([t, e[0], e[1], e[2]]);
                if (log.echo && e[2].startsWith("ping:")) {
                    if (e[0] === "direct") parlourNet.send(e[1], "pong:" + e[2].slice(5));
                    if (e[0] === "post") parlourNet.publish("pong:" + e[2].slice(5));
                }
            }
            return got.length;
        },
        take() { const out = log.events; log.events = []; return out; },
        // poll without waiting for timers (MessageChannel turns) for `ms`, or until halt()
        gen: 0,
        async spin(ms) {
            const end = now() + ms, gen = log.gen;
            while (now() < end && gen === log.gen) { log.pump(); await tick(); }
        },
        halt() { log.gen++; },
        // n round trips to `peer`, one after another, directly or (relays) through the relays:
        // their times (ms)
        async ping(peer, n, timeoutMs, relays) {
            const times = [], kind = relays ? "post" : "direct";
            for (let i = 0; i < n; i++) {
                const t0 = now();
                if (relays) parlourNet.publish("ping:" + i);
                else parlourNet.send(peer, "ping:" + i);
                for (;;) {
                    log.pump();
                    const k = log.events.findIndex(e => e[1] === kind && e[3] === "pong:" + i);
                    if (k >= 0) { log.events.splice(k, 1); times.push(now() - t0); break; }
                    if (now() - t0 > timeoutMs) throw new Error("no pong:" + i);
                    await tick();
                }
            }
            return times;
        }
    };
})();
"""


class NetPage:
    """A tab of the shipped site opened with the test relay, driven through parlourNet."""

    def __init__(self, browser, url: str, relay_url: str, log: list | None = None):
        from testbed.client_page import HARNESS_INIT

        self.log = log if log is not None else []
        self.page = browser.new_page(log=self.log)
        self.page.add_init_script(HARNESS_INIT)
        self.page.add_init_script(NETLOG_INIT)
        self.address = f"{url}?relay={relay_url}&ice=none"

    def goto(self, wait_game: bool = True, timeout_s: float = 180):
        self.page.goto(self.address)
        self.page.wait_for_function("!!window.parlourNet", timeout=timeout_s * 1000)
        if wait_game:
            self.wait_game(timeout_s)
        return self

    def wait_game(self, timeout_s: float = 180):
        """Until the game has drawn frames (or stopped: then raise with its error)."""
        self.page.wait_for_function(
            "harness.frames > 1 || harness.error !== null", timeout=timeout_s * 1000, polling=100
        )
        error = self.page.evaluate("harness.error")
        if error is not None:
            raise RuntimeError(
                f"the game stopped in the page:\n{error}\n" + "\n".join(self.log[-20:])
            )

    def js(self, expression: str, arg=None):
        return self.page.evaluate(expression, arg)

    def peer_id(self) -> str:
        """This page's key in the room open now."""
        return self.js("parlourNet.id()")

    def open(self, code: str, role: str) -> float:
        """parlourNet.open; the time it was called (ms since the epoch)."""
        return self.js(
            "([c, r]) => { parlourNet.open(c, r); "
            "return performance.timeOrigin + performance.now(); }",
            [code, role],
        )

    def send(self, peer: str, text: str) -> float:
        """Over the direct path; the time it was sent."""
        return self.js(
            "([p, t]) => { parlourNet.send(p, t); "
            "return performance.timeOrigin + performance.now(); }",
            [peer, text],
        )

    def publish(self, text: str) -> float:
        """Through the relays; the time it was asked."""
        return self.js(
            "t => { parlourNet.publish(t); return performance.timeOrigin + performance.now(); }",
            text,
        )

    def events(self) -> list:
        """Events seen since the last call: [time, kind, peer, data] (polled now too)."""
        return self.js("() => { netlog.pump(); return netlog.take(); }")

    def wait_events(self, done, timeout_s: float = 120, what: str = "") -> list:
        """Poll (every 5 ms in the page) until done(all events seen by this call) is true;
        those events. Raises AssertionError with what was seen on timeout."""
        seen: list = []
        end = time.monotonic() + timeout_s
        while True:
            seen += self.js("async () => { await netlog.spin(5); return netlog.take(); }")
            if done(seen):
                return seen
            if time.monotonic() > end:
                raise AssertionError(
                    f"waited {timeout_s} s for {what or 'events'}; "
                    f"seen {[e[1:3] + [e[3][:40]] for e in seen]}; "
                    f"page log: {self.log[-10:]}"
                )

    def now(self) -> float:
        return self.js("performance.timeOrigin + performance.now()")

    def close(self) -> None:
        self.page.context.close()


def has(kind: str, peer: str | None = None, data: str | None = None):
    """A predicate on a list of events: one of this kind (and peer, and data) is there."""

    def check(events):
        return any(
            e[1] == kind and (peer is None or e[2] == peer) and (data is None or e[3] == data)
            for e in events
        )

    return check


def first(events, kind, peer=None, data=None):
    return next(
        e
        for e in events
        if e[1] == kind and (peer is None or e[2] == peer) and (data is None or e[3] == data)
    )
