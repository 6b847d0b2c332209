"""The browser transport of remote seats for real: two tabs of the shipped site (build/web/ as
built) in headless Chromium, meeting through a real Nostr relay on 127.0.0.1 and talking over
WebRTC, all inside a private network namespace the test makes (testbed/netns.py; root, as CI
runs). Each page is opened with ``?relay=ws://127.0.0.1:PORT&ice=none``; the test driver calls
``window.parlourNet`` through page.evaluate (its instrumentation, NETLOG_INIT in
bench/browser_net.py, never a second page of the game). Then the Python side,
game/net/browser.py, in the game's own interpreter (Pyodide) on two pages.

Every wait polls with a generous timeout; nothing assumes a machine's speed. The figures
(connect, round trip, reload, closed tab) are printed (``pytest -s``); ``./build.sh bench net``
measures them properly.
"""

from __future__ import annotations

import json
import statistics
import time

from .conftest import in_private_network

CODE = "TEST42"


def texts(events, peer=None):
    return [e[3] for e in events if e[1] == "text" and (peer is None or e[2] == peer)]


def test_two_pages_meet_talk_reload_and_part(site, private_network):
    from bench.browser_net import NetPage, first, has

    def body(url, relay, browser):
        figures: dict = {}
        host = NetPage(browser, url, relay.url).goto()
        guest = NetPage(browser, url, relay.url).goto()
        assert host.js("parlourNet.available()") is True
        host_id, guest_id = host.peer_id(), guest.peer_id()
        assert host_id and guest_id and host_id != guest_id

        # both join, each learns the other's role
        t0 = host.open(CODE, "host")
        guest.open(CODE, "guest")
        a = host.wait_events(has("join", data="guest"), what="the guest's join at the host")
        b = guest.wait_events(has("join", data="host"), what="the host's join at the guest")
        assert [e[1:] for e in a if e[1] == "join"] == [["join", guest_id, "guest"]]
        assert [e[1:] for e in b if e[1] == "join"] == [["join", host_id, "host"]]
        for events in (a, b):  # "open" (a relay reached) before anyone joins through it
            kinds = [e[1] for e in events]
            before = [e[3] for e in events[:kinds.index("join")] if e[1] == "status"]
            assert before and before[-1] == "open", events
        figures["connect_ms"] = max(first(a, "join")[0], first(b, "join")[0]) - t0

        # text both ways, in order, unicode and 60 KB intact
        words = ["hello", "♠♥♦♣ ünïcödé 🂡", "", '{"t": "move", "m": "r1-h3"}', "\u0000 nul",
                 "line\nbreak"]
        big = ("Russian Bank ♠ " * 5000)[:60_000]
        for w in words + [big]:
            host.send(guest_id, w)
        for i in range(30):
            guest.send(host_id, f"n{i}")
        got = guest.wait_events(lambda ev: big in texts(ev), what="the host's texts")
        assert texts(got) == words + [big] and {e[2] for e in got} == {host_id}
        back = host.wait_events(lambda ev: "n29" in texts(ev), what="the guest's texts")
        assert texts(back) == [f"n{i}" for i in range(30)]
        assert len(big.encode()) > 60_000

        # a round trip, answered at once (the other page polls in a loop)
        guest.js("() => { netlog.echo = true; netlog.spin(600000); }")
        times = host.js("([p, n]) => netlog.ping(p, n, 20000)", [guest_id, 30])
        guest.js("() => { netlog.halt(); netlog.echo = false; netlog.take(); }")
        figures["rtt_median_ms"] = statistics.median(times)
        figures["rtt_max_ms"] = max(times)

        # nothing is sent to a peer that isn't there, non-strings are ignored; nothing throws
        host.js("p => { parlourNet.send('nobody', 'x'); parlourNet.send(null, 'x'); "
                "parlourNet.send(p, 42); parlourNet.send(p, {t: 1}); }", guest_id)
        # a bad code or role is told as a failed status (and leaves the room open before)
        probe = NetPage(browser, url, relay.url).goto(wait_game=False)
        probe.js("parlourNet.open('bad code', 'host')")
        probe.js("parlourNet.open('ABCD', 'admin')")
        failed = probe.wait_events(lambda ev: len(ev) >= 2, what="two failed statuses")
        assert [e[1] for e in failed] == ["status", "status"]
        assert all(e[3].startswith("failed: ") for e in failed)
        probe.close()

        # the guest's page reloads: its old id leaves, its new one joins when it opens again
        reload_at = host.now()
        guest.page.reload()
        gone = host.wait_events(has("leave", guest_id), timeout_s=120,
                                what="the reloaded page's leave")
        figures["reload_leave_ms"] = first(gone, "leave", guest_id)[0] - reload_at
        guest.page.wait_for_function("!!window.parlourNet")
        again_at = guest.open(CODE, "guest")
        back = host.wait_events(has("join", data="guest"), timeout_s=120,
                                what="the reloaded page's join")
        new_id = first(back, "join")[2]
        assert new_id != guest_id and new_id == guest.peer_id()
        figures["rejoin_ms"] = first(back, "join")[0] - again_at
        guest.wait_events(has("join", host_id, "host"), what="the host, after the reload")
        guest.send(host_id, "back again")
        assert "back again" in texts(host.wait_events(
            lambda ev: "back again" in texts(ev), what="text after the reload"))
        host.send(new_id, "welcome back")
        assert "welcome back" in texts(guest.wait_events(
            lambda ev: "welcome back" in texts(ev), what="text to the new id"))
        host.send(guest_id, "to the old id")  # gone: ignored, no error

        # a closed tab (beforeunload runs, as when a person closes it) is seen as a leave
        closed_at = host.now()
        guest.page.close(run_before_unload=True)
        left = host.wait_events(has("leave", new_id), timeout_s=120,
                                what="the closed tab's leave")
        figures["closed_tab_ms"] = first(left, "leave", new_id)[0] - closed_at
        assert [e[1] for e in left].count("join") == 0

        # the host's game ran all along; no error reached the page
        host.wait_game()
        assert host.js("harness.error") is None
        assert not [line for line in host.log if line.startswith("pageerror")], host.log
        return figures

    figures = in_private_network(site, body)
    print("\nbrowser transport: " + ", ".join(f"{k} {v:.1f}" for k, v in figures.items()))


def test_the_python_transport_in_the_shipped_page(site, private_network):
    """game/net/browser.py in the game's Pyodide: available, open_room, poll, send, close, only
    strings across the bridge; a room for the session's rooms (SharedTable) as a guest."""
    from bench.browser_net import NetPage

    def py(page, expression):
        return page.js("e => harness.eval(e)", expression)

    def py_exec(page, code):
        page.js("c => harness.exec(c)", code)

    def wait_py(page, code, until, timeout_s=120, what=""):
        """Run `code` (which appends to EVENTS) each time until `until` is true."""
        end = time.monotonic() + timeout_s
        while True:
            py_exec(page, code)
            if py(page, until):
                return py(page, "EVENTS")
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what}: {py(page, 'EVENTS')}")
            time.sleep(0.02)

    def body(url, relay, browser):
        a = NetPage(browser, url, relay.url).goto()
        b = NetPage(browser, url, relay.url).goto()
        for page, role in ((a, "host"), (b, "guest")):
            py_exec(page, f"from game.net import browser as net\nassert net.available()\n"
                          f"T = net.open_room('PYROOM7', '{role}')\nEVENTS = []")
            assert py(page, "type(T).__name__") == "BrowserTransport"
        poll = "EVENTS.extend(list(e) for e in T.poll())"
        got_a = wait_py(a, poll, "any(e[0] == 'join' for e in EVENTS)", what="a join at the host")
        got_b = wait_py(b, poll, "any(e[0] == 'join' for e in EVENTS)", what="a join at the guest")
        b_id, a_id = b.peer_id(), a.peer_id()
        assert ["join", b_id, "guest"] in got_a and ["join", a_id, "host"] in got_b
        assert ["status", "", "open"] in got_a
        message = json.dumps({"t": "note", "v": 1, "note": "♠ é 🂡" * 1000})
        py_exec(b, f"T.send({a_id!r}, {message!r}); T.send({a_id!r}, None)")
        got = wait_py(a, poll, f"['text', {b_id!r}, {message!r}] in EVENTS", what="the text")
        assert all(isinstance(x, str) for e in got for x in e)
        py_exec(b, "T.close(); T.close()")
        wait_py(a, poll, f"['leave', {b_id!r}, ''] in EVENTS", what="the guest's leave")
        # a session's room over it: the guest says hello to the first host it sees
        py_exec(b, "from game.net import SharedTable\n"
                   "ROOM = SharedTable.join(net.open_room('PYROOM7', 'guest'), 'PYROOM7')")
        hello = "any(e[0] == 'text' and json.loads(e[2]).get('t') == 'hello' for e in EVENTS)"
        py_exec(a, "import json\nEVENTS = []")
        end = time.monotonic() + 120
        while True:
            py_exec(b, "ROOM.advance(5)")  # as the game does once a frame
            py_exec(a, poll)
            if py(a, hello):
                break
            assert time.monotonic() < end, ("no hello from the room", py(a, "EVENTS"),
                                            py(b, "ROOM.status"))
            time.sleep(0.02)
        assert py(b, "ROOM.status") == "open", py(a, "EVENTS")
        for page in (a, b):
            assert page.js("harness.error") is None

    in_private_network(site, body)
