"""``python -m bench net [--quick]``: the browser's carrier of remote seats, measured.

Two pages of the shipped site (build/web/, as ./build.sh web builds it) in headless Chromium,
inside a private network namespace made for the run (testbed/netns.py: needs root), with a
real Nostr relay on 127.0.0.1 (testbed/nostr_relay.py, the PyPI package nostr-relay), each page
opened with ``?relay=ws://127.0.0.1:PORT&ice=none``. The pages' games are started first (as a
player's would be), then ``window.parlourNet`` (web/net/bridge.js: Trystero over WebRTC, and
relay.js: sealed, signed Nostr events) is driven from the test driver (page.evaluate;
NETLOG_INIT below is the driver's instrumentation, never part of the page). Figures (the last
line printed is one JSON object with all of them):

- ``connect_ms``: from the two ``open(code, role)`` calls to both pages having seen the other's
  ``up`` (relay round trips, WebRTC offer/answer, the data channel, the keys proved).
- ``rtt_ms`` (median, p95, max): a text from one page to the other and back over the direct
  path (the other page answers as soon as it sees it), polled without waiting for a frame (a
  MessageChannel loop): the carrier's own round trip. A game polls once a frame, which adds up
  to a frame each way. ``relay_rtt_ms``: the same through the relay (sealed, signed, checked).
- ``big_ms``: a 60 KB message from one page to the other (Trystero chunks it).
- ``rejoin_ms``: a page reloaded (beforeunload: its room left), its game started again, the
  room opened again: from that ``open`` to the other page's ``up`` of its new key;
  ``leave_seen_ms``: from the reload to the other page's ``down`` of the old key.
- ``closed_tab_ms``: a tab closed as a person closes it (beforeunload runs) to the other page's
  seeing its bye (through the relay; the frame set with ``setBye``).

The same helpers (NetPage) drive tests/web/test_net_browser.py. ``--quick``: fewer pings.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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
                if (relays) parlourNet.publish("ping:" + i); else parlourNet.send(peer, "ping:" + i);
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
        from bench.browser import HARNESS_INIT

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


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def measure(folder: Path, pings: int = 100) -> dict:
    """The figures (see the module's docstring); run inside a private network namespace."""
    from bench.browser import Browser
    from testbed.nostr_relay import NostrRelay
    from testbed.site import StaticServer

    out: dict = {}
    with NostrRelay() as relay:
        server = StaticServer(folder)
        browser = Browser()
        try:
            host = NetPage(browser, server.url, relay.url).goto()
            guest = NetPage(browser, server.url, relay.url).goto()
            t0 = host.open("BENCH42", "host")
            guest.open("BENCH42", "guest")
            guest_id, host_id = guest.peer_id(), host.peer_id()
            a = host.wait_events(has("up", guest_id, "guest"), what="the guest's key")
            b = guest.wait_events(has("up", host_id, "host"), what="the host's key")
            out["connect_ms"] = round(max(first(a, "up")[0], first(b, "up")[0]) - t0, 1)
            # the guest answers at once: it polls in a loop (not awaited) until halted
            guest.js("() => { netlog.echo = true; netlog.spin(600000); }")
            for relays, name, n in (
                (False, "rtt_ms", pings),
                (True, "relay_rtt_ms", max(10, pings // 5)),
            ):
                host.js("([p, n, r]) => netlog.ping(p, n, 10000, r)", [guest_id, 3, relays])
                times = host.js("([p, n, r]) => netlog.ping(p, n, 10000, r)", [guest_id, n, relays])
                out[name] = {
                    "median": round(statistics.median(times), 2),
                    "p95": round(percentile(times, 0.95), 2),
                    "max": round(max(times), 2),
                    "n": len(times),
                }
            guest.js("() => { netlog.halt(); netlog.echo = false; netlog.take(); }")
            big = "♠♥♦♣ parlour " * 2857  # 59,997 bytes of UTF-8
            sent = host.send(guest_id, big)
            got = guest.wait_events(has("direct", data=big), what="the 60 KB message")
            out["big_ms"] = round(first(got, "direct", data=big)[0] - sent, 1)
            out["big_bytes"] = len(big.encode())
            # a reload: the old key goes down, the new one comes up once its page opens the room
            reload_at = host.now()
            guest.page.reload()
            gone = host.wait_events(has("down", guest_id), what="the reloaded page's leave")
            out["leave_seen_ms"] = round(first(gone, "down", guest_id)[0] - reload_at, 1)
            guest.page.wait_for_function("!!window.parlourNet")
            guest.wait_game()
            again = guest.open("BENCH42", "guest")
            new_id = guest.peer_id()
            back = host.wait_events(has("up", new_id), what="the rejoin")
            out["rejoin_ms"] = round(first(back, "up", new_id)[0] - again, 1)
            guest.js("parlourNet.setBye('bye:bench')")
            guest.js("new Promise(r => setTimeout(r, 500))")  # (the bye is sealed and signed)
            closed_at = host.now()
            guest.page.close(run_before_unload=True)
            left = host.wait_events(has("post", new_id, "bye:bench"), what="the closed tab's bye")
            out["closed_tab_ms"] = round(first(left, "post", new_id)[0] - closed_at, 1)
        finally:
            browser.close()
            server.close()
    return out


def in_private_network(measure, timeout: float, **kwargs) -> dict:
    """``measure(folder, **kwargs)`` on the site ./build.sh web builds, in a private network
    namespace made for it (testbed/netns.py: root); its figures."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from testbed.netns import run_in_private_network
    from testbed.site import build_site

    return run_in_private_network(measure, build_site(), timeout=timeout, **kwargs)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench net")
    parser.add_argument("--quick", action="store_true", help="fewer round trips")
    args = parser.parse_args(argv)
    out = in_private_network(measure, 900, pings=20 if args.quick else 200)
    print(
        f"connect {out['connect_ms']} ms; round trip median {out['rtt_ms']['median']} ms, "
        f"p95 {out['rtt_ms']['p95']} ms, max {out['rtt_ms']['max']} ms "
        f"({out['rtt_ms']['n']}); through the relay median {out['relay_rtt_ms']['median']} "
        f"ms, p95 {out['relay_rtt_ms']['p95']} ms; 60 KB in {out['big_ms']} ms; reload: leave seen after "
        f"{out['leave_seen_ms']} ms, rejoined {out['rejoin_ms']} ms after its open; "
        f"closed tab seen after {out['closed_tab_ms']} ms"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
