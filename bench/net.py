"""``python -m bench net [--quick]``: the browser's carrier of remote seats, measured.

Two pages of the shipped site (build/web/, as ./build.sh web builds it) in headless Chromium,
inside a private network namespace made for the run (testbed/netns.py: needs root), with a
real Nostr relay on 127.0.0.1 (testbed/nostr_relay.py, the PyPI package nostr-relay; both
through testbed/private_network.py), each page opened with
``?relay=ws://127.0.0.1:PORT&ice=none``. The pages' games are started first (as a player's
would be), then ``window.parlourNet`` (web/net/bridge.js: Trystero over WebRTC, and relay.js:
sealed, signed Nostr events) is driven from the test driver (page.evaluate; NETLOG_INIT in
testbed/net_page.py is the driver's instrumentation, never part of the page). Figures (the last
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

The same helpers (testbed/net_page.py's NetPage) drive tests/web/test_net_browser.py.
``--quick``: fewer pings.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from testbed.measuring import percentile
from testbed.net_page import NetPage, first, has


def measure(url: str, relay, browser, pings: int = 100) -> dict:
    """The figures (see the module's docstring); run inside a private network namespace."""
    out: dict = {}
    host = NetPage(browser, url, relay.url).goto()
    guest = NetPage(browser, url, relay.url).goto()
    t0 = host.open("BENCH42", "host")
    guest.open("BENCH42", "guest")
    guest_id, host_id = guest.peer_id(), host.peer_id()
    a = host.wait_events(has("up", guest_id, "guest"), what="the guest's key")
    b = guest.wait_events(has("up", host_id, "host"), what="the host's key")
    out["connect_ms"] = round(max(first(a, "up")[0], first(b, "up")[0]) - t0, 1)
    # the guest answers at once: it polls in a loop (not awaited) until halted
    guest.js("() => { netlog.echo = true; netlog.spin(600000); }")
    for relays, name, n in ((False, "rtt_ms", pings), (True, "relay_rtt_ms", max(10, pings // 5))):
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
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench net")
    parser.add_argument("--quick", action="store_true", help="fewer round trips")
    args = parser.parse_args(argv)
    from testbed.private_network import in_private_network
    from testbed.site import build_site

    pings = 20 if args.quick else 200
    out = in_private_network(
        build_site(), lambda url, relay, browser: measure(url, relay, browser, pings), 900
    )
    print(
        f"connect {out['connect_ms']} ms; round trip median {out['rtt_ms']['median']} ms, "
        f"p95 {out['rtt_ms']['p95']} ms, max {out['rtt_ms']['max']} ms "
        f"({out['rtt_ms']['n']}); through the relay median {out['relay_rtt_ms']['median']} "
        f"ms, p95 {out['relay_rtt_ms']['p95']} ms; 60 KB in {out['big_ms']} ms; reload: "
        f"leave seen after {out['leave_seen_ms']} ms, rejoined {out['rejoin_ms']} ms after its "
        f"open; closed tab seen after {out['closed_tab_ms']} ms"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
