"""The browser's carrier of remote seats for real: two tabs of the shipped site (build/web/ as
built) in headless Chromium, meeting through a real Nostr relay on 127.0.0.1, talking over
WebRTC and through the relay, all inside a private network namespace the test makes
(testbed/netns.py; root, as CI runs); then again where the pages can't reach each other
directly (loopback only: the relay carries everything). Each page is opened with
``?relay=ws://127.0.0.1:PORT&ice=none``; the test driver calls ``window.parlourNet`` through
page.evaluate (its instrumentation, NETLOG_INIT in testbed/net_page.py, never a second page of
the game). Then the Python side, game/net/browser.py with game/net/paths.py, in the game's own
interpreter (Pyodide) on two pages.

Every wait polls with a generous timeout; nothing assumes a machine's speed. The figures
(connect, round trip, reload, closed tab) are printed (``pytest -s``); ``./build.sh bench net``
measures them properly.
"""

from __future__ import annotations

import json
import statistics
import time

import pytest

from testbed.private_network import in_private_network

CODE = "TEST42"


def carried(events, kind, key=None):
    return [e[3] for e in events if e[1] == kind and (key is None or e[2] == key)]


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "relay only"])
def test_two_pages_meet_talk_reload_and_part(site, private_network, direct):
    from testbed.net_page import NetPage, first, has

    def body(url, relay, browser):
        figures: dict = {}
        host = NetPage(browser, url, relay.url).goto()
        guest = NetPage(browser, url, relay.url).goto()
        assert host.js("parlourNet.available()") is True

        # both open the room: each has a key, says how many relays it reached, and (where
        # WebRTC works) sees the other's key come up on the direct path
        t0 = host.open(CODE, "host")
        guest.open(CODE, "guest")
        host_id, guest_id = host.peer_id(), guest.peer_id()
        assert len(host_id) == 64 and len(guest_id) == 64 and host_id != guest_id
        a = host.wait_events(has("relays", data="1/1"), what="the relay reached (host)")
        b = guest.wait_events(has("relays", data="1/1"), what="the relay reached (guest)")
        if direct:  # (what came already counts)
            a += host.wait_events(
                lambda ev: has("up", guest_id, "guest")(a + ev), what="the guest's key, direct"
            )
            b += guest.wait_events(
                lambda ev: has("up", host_id, "host")(b + ev), what="the host's key, direct"
            )
            figures["connect_ms"] = max(first(a, "up")[0], first(b, "up")[0]) - t0

            # text both ways over the direct path, in order, unicode and 60 KB intact
            words = ["hello", "♠♥♦♣ ünïcödé 🂡", "", '{"t": "move"}', "\u0000 nul", "a\nb"]
            big = ("Russian Bank ♠ " * 5000)[:60_000]
            for w in words + [big]:
                host.send(guest_id, w)
            got = guest.wait_events(
                lambda ev: big in carried(ev, "direct"), what="the host's texts"
            )
            assert carried(got, "direct") == words + [big]
            assert {e[2] for e in got if e[1] == "direct"} == {host_id}
            guest.js("() => { netlog.echo = true; netlog.spin(600000); }")
            times = host.js("([p, n]) => netlog.ping(p, n, 20000, false)", [guest_id, 30])
            guest.js("() => { netlog.halt(); netlog.echo = false; netlog.take(); }")
            figures["rtt_median_ms"] = statistics.median(times)

        # through the relay: sealed, signed, checked, each event once, from the sender's key
        words = [f"relay {i} ♠ é" for i in range(12)] + ["x" * 30_000]
        for w in words:
            guest.publish(w)
        got = host.wait_events(
            lambda ev: len(carried(ev, "post")) >= len(words), what="the guest's posts"
        )
        host.js("new Promise(r => setTimeout(r, 300))")
        got += host.events()
        assert sorted(carried(got, "post")) == sorted(words)  # once each
        assert {e[2] for e in got if e[1] == "post"} == {guest_id}
        assert not carried(guest.events(), "post")  # a page never hears its own
        guest.js("() => { netlog.echo = true; netlog.spin(600000); }")
        times = host.js("([p, n]) => netlog.ping(p, n, 20000, true)", [guest_id, 10])
        guest.js("() => { netlog.halt(); netlog.echo = false; netlog.take(); }")
        figures["relay_rtt_median_ms"] = statistics.median(times)

        # sealed for one screen: the host reads it, a third page in the room can't
        third = NetPage(browser, url, relay.url).goto(wait_game=False)
        third.open(CODE, "guest")
        third.wait_events(has("relays", data="1/1"), what="the third page's relay")
        guest.js("([t, k]) => parlourNet.publish(t, k)", ["for the host alone", host_id])
        guest.publish("for everyone")
        host.wait_events(
            lambda ev: {"for everyone", "for the host alone"} <= set(carried(ev, "post", guest_id)),
            what="both posts at the host",
        )
        seen = third.wait_events(
            lambda ev: "for everyone" in carried(ev, "post"),
            what="the post for everyone at the third page",
        )
        third.js("new Promise(r => setTimeout(r, 500))")
        assert "for the host alone" not in carried(seen + third.events(), "post")
        third.close()

        # the same bytes as the Python client's (testbed/nostr_client.py): each opens the
        # other's, for the room and for one screen alone
        from testbed.nostr_client import Keys, RelayClient, check, event

        keys = Keys()
        with RelayClient(relay.url) as client:
            client.subscribe(CODE, wait=60)
            client.publish(event(keys, CODE, "from python ♠", to=host_id), wait=60)
            client.publish(event(keys, CODE, "from python to all"), wait=60)
            host.wait_events(
                lambda ev: (
                    {"from python ♠", "from python to all"} <= set(carried(ev, "post", keys.pubkey))
                ),
                what="the Python client's events",
            )
            host.js("([t, k]) => parlourNet.publish(t, k)", ["to python é", keys.pubkey])
            opened = []
            end = time.monotonic() + 60
            while "to python é" not in opened and time.monotonic() < end:
                opened += [
                    got[1]
                    for got in (check(e, CODE, mine=keys) for e in client.events(timeout=1))
                    if got
                ]
            assert "to python é" in opened

        # nothing is sent to a key that isn't there, non-strings are ignored; nothing throws
        host.js(
            "p => { parlourNet.send('nobody', 'x'); parlourNet.send(null, 'x'); "
            "parlourNet.send(p, 42); parlourNet.publish({t: 1}); parlourNet.setBye(7); }",
            guest_id,
        )
        # a bad code or role is told as a failed status
        probe = NetPage(browser, url, relay.url).goto(wait_game=False)
        probe.js("parlourNet.open('bad code', 'host')")
        probe.js("parlourNet.open('ABCD', 'admin')")
        failed = probe.wait_events(lambda ev: len(ev) >= 2, what="two failed statuses")
        assert [e[1] for e in failed] == ["status", "status"]
        assert all(e[3].startswith("failed: ") for e in failed)
        probe.close()

        # the guest's page reloads: it says its bye on both paths as it goes
        guest.js("parlourNet.setBye('bye:1')")
        guest.js("new Promise(r => setTimeout(r, 500))")  # (made ready: sealed and signed)
        reload_at = host.now()
        guest.page.reload()
        gone = host.wait_events(
            lambda ev: (
                has("post", guest_id, "bye:1")(ev) and (not direct or has("down", guest_id)(ev))
            ),
            what="the reloaded page's bye",
        )
        figures["reload_bye_ms"] = first(gone, "post", guest_id, "bye:1")[0] - reload_at
        if direct:  # (said on the direct path too, before it went down)
            assert "bye:1" in carried(gone, "direct", guest_id)
        guest.page.wait_for_function("!!window.parlourNet")
        guest.open(CODE, "guest")
        new_id = guest.peer_id()
        assert new_id != guest_id
        guest.publish("back again")
        assert "back again" in carried(
            host.wait_events(
                lambda ev: "back again" in carried(ev, "post", new_id), what="after the reload"
            ),
            "post",
            new_id,
        )

        # a closed tab (beforeunload runs, as when a person closes it) says its bye too
        guest.js("parlourNet.setBye('bye:2')")
        guest.js("new Promise(r => setTimeout(r, 500))")
        closed_at = host.now()
        guest.page.close(run_before_unload=True)
        left = host.wait_events(
            has("post", new_id, "bye:2"), timeout_s=120, what="the closed tab's bye"
        )
        figures["closed_tab_ms"] = first(left, "post", new_id)[0] - closed_at

        # the host's game ran all along; no error reached the page
        host.wait_game()
        assert host.js("harness.error") is None
        assert not [line for line in host.log if line.startswith("pageerror")], host.log
        return figures

    figures = in_private_network(site.folder, body, direct=direct)
    print("\nbrowser carrier: " + ", ".join(f"{k} {v:.1f}" for k, v in figures.items()))


def test_the_python_transport_in_the_shipped_page(site, private_network):
    """game/net/browser.py in the game's Pyodide: available, open_room, poll, send, close, only
    strings across the bridge; a room for the session's rooms (SharedTable) as a guest."""
    from testbed.net_page import NetPage

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
            py_exec(
                page,
                f"from game.net import browser as net\nassert net.available()\n"
                f"T = net.open_room('PYROOM7', '{role}')\nEVENTS = []",
            )
            assert py(page, "type(T).__name__") == "TwoPaths"
        poll = "EVENTS.extend(list(e) for e in T.poll())"
        got_a = wait_py(a, poll, "any(e[0] == 'join' for e in EVENTS)", what="a join at the host")
        got_b = wait_py(b, poll, "any(e[0] == 'join' for e in EVENTS)", what="a join at the guest")
        b_id, a_id = py(b, "T.me"), py(a, "T.me")
        assert ["join", b_id, "guest"] in got_a and ["join", a_id, "host"] in got_b
        assert ["status", "", "open"] in got_a
        message = json.dumps({"t": "note", "v": 1, "note": "♠ é 🂡" * 1000})
        py_exec(b, f"T.send({a_id!r}, {message!r}); T.send({a_id!r}, None)")
        got = wait_py(a, poll, f"['text', {b_id!r}, {message!r}] in EVENTS", what="the text")
        assert all(isinstance(x, str) for e in got for x in e)
        py_exec(b, "T.close(); T.close()")
        wait_py(a, poll, f"['leave', {b_id!r}, ''] in EVENTS", what="the guest's leave")
        # a session's room over it: the guest says hello to the first host it sees
        py_exec(
            b,
            "from game.net import SharedTable\n"
            "ROOM = SharedTable.join(net.open_room('PYROOM7', 'guest'), 'PYROOM7')",
        )
        hello = "any(e[0] == 'text' and json.loads(e[2]).get('t') == 'hello' for e in EVENTS)"
        py_exec(a, "import json\nEVENTS = []")
        end = time.monotonic() + 120
        while True:
            py_exec(b, "ROOM.advance(5)")  # as the game does once a frame
            py_exec(a, poll)
            if py(a, hello):
                break
            assert time.monotonic() < end, (
                "no hello from the room",
                py(a, "EVENTS"),
                py(b, "ROOM.status"),
            )
            time.sleep(0.02)
        assert py(b, "ROOM.status") == "open", py(a, "EVENTS")
        for page in (a, b):
            assert page.js("harness.error") is None

    in_private_network(site.folder, body)
