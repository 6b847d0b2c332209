"""game/net/browser.py, the browser carrier's Python side, natively: a fake page window with a
fake ``window.parlourNet`` that behaves as web/net/bridge.js does (strings only), under
pygbag's ``platform.window`` and Pyodide's ``js``; what rooms get from it is two paths'
transport (game/net/paths.py). The real bridge in Chromium: tests/web/test_net_browser.py."""

import json
import platform
import sys
import types

import pytest

from game.net import browser as net
from game.net.paths import frame, pieces

ME = "a" * 64
HOST = "b" * 64


class FakeNet:
    """window.parlourNet as the page has it: events queued as JSON text, sends recorded."""

    def __init__(self):
        self.events = []
        self.sent = []
        self.published = []
        self.byes = []
        self.opened = []
        self.closed = 0
        self.raw = None  # poll() returns this text instead, once, when set
        self.fail = set()  # methods that throw (a JS error through the bridge)

    def _maybe_fail(self, name):
        if name in self.fail:
            raise Exception(f"JsException: Error: {name} failed")

    def available(self):
        self._maybe_fail("available")
        return True

    def open(self, code, role):
        self._maybe_fail("open")
        assert isinstance(code, str) and isinstance(role, str)
        self.opened.append((code, role))

    def id(self):
        return ME

    def poll(self):
        self._maybe_fail("poll")
        if self.raw is not None:
            raw, self.raw = self.raw, None
            return raw
        text, self.events = json.dumps(self.events), []
        return text

    def send(self, key, text):
        self._maybe_fail("send")
        assert isinstance(key, str) and isinstance(text, str)
        self.sent.append((key, text))

    def publish(self, text, to):
        self._maybe_fail("publish")
        assert isinstance(to, str)
        self.published.append((text, to))

    def setBye(self, text):
        self.byes.append(text)

    def close(self):
        self._maybe_fail("close")
        self.closed += 1


def host_up(page):
    """The host's screen connected directly, and what it said first (its hello)."""
    page.events += [["relays", "", "1/1"], ["up", HOST, "host"]]


def from_host(seq, *texts, ack=0):
    """A frame from the host with ``texts``, its items numbered from ``seq``."""
    return ["direct", HOST, frame(ME, "host", seq, [i for t in texts for i in pieces(t)], ack)]


def texts_sent(page):
    return [item[1:] for _, f in page.sent for item in json.loads(f)["m"]]


@pytest.fixture
def page(emscripten):
    """A pygbag-style page: platform.window with parlourNet."""
    bridge = FakeNet()
    emscripten.setattr(platform, "window", types.SimpleNamespace(parlourNet=bridge), raising=False)
    emscripten.setattr(net, "_current", None)
    return bridge


def test_on_the_desktop_there_is_no_transport(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(
        platform, "window", types.SimpleNamespace(parlourNet=FakeNet()), raising=False
    )
    assert net.available() is False
    assert net.open_room("TEST42", "host") is None


def test_a_page_without_the_bridge_has_none(emscripten):
    emscripten.setattr(platform, "window", types.SimpleNamespace(), raising=False)
    assert net.available() is False
    assert net.open_room("TEST42", "guest") is None
    bridge = FakeNet()
    bridge.fail.add("available")
    emscripten.setattr(platform, "window", types.SimpleNamespace(parlourNet=bridge), raising=False)
    assert net.available() is False


def test_pyodide_js_module_is_used_without_platform_window(emscripten):
    bridge = FakeNet()
    emscripten.delattr(platform, "window", raising=False)
    emscripten.setitem(sys.modules, "js", types.SimpleNamespace(parlourNet=bridge))
    emscripten.setattr(net, "_current", None)
    assert net.available()
    transport = net.open_room("ABCD", "guest")
    assert bridge.opened == [("ABCD", "guest")] and transport.me == ME
    bridge.events.append(["up", HOST, "host"])
    assert transport.poll() == [("join", HOST, "host"), ("status", "", "open")]


def test_events_send_and_close(page):
    transport = net.open_room("TEST42", "host")
    assert transport.carrier.is_open and transport.me == ME
    assert page.opened == [("TEST42", "host")]
    assert [json.loads(b).get("bye") for b in page.byes] == [1]  # ready for a closing tab
    host_up(page)
    page.events += [from_host(1, "héllo ♠ \U0001f0a1"), from_host(2, "x" * 60000)]  # (3 items)
    assert transport.poll() == [
        ("status", "", "open"),
        ("join", HOST, "host"),
        ("text", HOST, "héllo ♠ \U0001f0a1"),
        ("text", HOST, "x" * 60000),
    ]
    assert transport.poll() == []
    transport.send(HOST, "y" * 60000)
    assert "".join(texts_sent(page)) == "y" * 60000  # (in pieces)
    assert json.loads(page.sent[-1][1])["a"] == 4  # what came is acknowledged
    page.events += [["down", HOST, ""], ["relays", "", "0/1"]]
    assert transport.poll() == [("status", "", "offline")]
    transport.close()
    transport.close()
    assert page.closed == 1 and not transport.carrier.is_open
    page.events.append(from_host(5, "late"))
    assert transport.poll() == []
    transport.send(HOST, "after close")
    assert all("after close" not in t for t in texts_sent(page))


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "not json",
        "{}",
        "null",
        "42",
        '"text"',
        "[[",
        "[1, 2]",
        '[["text", "p"]]',
        '[["post", "p", 3]]',
        '[["post", null, "x"]]',
        '[["shout", "p", "x"]]',
        '[["up", "p", "admin"]]',
        '[["up", "", "host"]]',
        '[["direct", "p", "x"]]',
        '[["up", "' + "b" * 64 + '", "admin"]]',
        '[["post", "' + "b" * 64 + '", "{}"]]',
        '[["text", "p", "x", "extra"]]',
        '[{"kind": "text"}]',
        '[["post", "p", "\\ud800"]]',
        "[" * 100000 + "]" * 100000,
    ],
)
def test_malformed_events_are_dropped_never_raised(page, raw):
    transport = net.open_room("TEST42", "guest")
    page.raw = raw
    assert transport.poll() == []


def test_good_events_among_bad_ones_are_kept_in_order(page):
    transport = net.open_room("TEST42", "guest")
    page.raw = json.dumps(
        [
            ["up", HOST, 1],
            "junk",
            ["up", HOST, "host"],
            from_host(1, "a"),
            ["direct", HOST, "{"],
            from_host(2, "b"),
        ]
    )
    assert transport.poll() == [
        ("join", HOST, "host"),
        ("status", "", "open"),
        ("text", HOST, "a"),
        ("text", HOST, "b"),
    ]


def test_a_poll_that_is_no_string_is_read_as_its_text(page):
    """pygbag's bridge may hand back a proxy: it is read as its text."""

    class Proxy:
        def __str__(self):
            return '[["relays", "", "2/5"]]'

    transport = net.open_room("TEST42", "guest")
    page.raw = Proxy()
    assert transport.poll() == [("status", "", "open")] and transport.reached == 2


def test_errors_of_the_page_never_reach_the_caller(page):
    transport = net.open_room("TEST42", "host")
    host_up(page)
    transport.poll()
    page.fail |= {"poll", "send", "publish", "close"}
    assert transport.poll() == []
    transport.send(HOST, "x")
    transport.send(HOST, None)  # not a string: ignored
    transport.send(7, "x")
    transport.close()
    assert not transport.carrier.is_open


def test_an_open_that_throws_is_told_as_a_failed_status(page):
    page.fail.add("open")
    transport = net.open_room("TEST42", "host")
    events = transport.poll()
    assert len(events) == 1 and events[0][0] == "status"
    assert events[0][2].startswith("failed: ") and "open failed" in events[0][2]


def test_bad_codes_and_roles_are_refused(page):
    for code in ("abc", "AB", "TOOLONGCODE123", "K7-PQ", "", None, 123456):
        with pytest.raises(ValueError):
            net.open_room(code, "host")
    with pytest.raises(ValueError):
        net.open_room("TEST42", "spectator")
    assert page.opened == []


def test_opening_another_room_retires_the_first_transport(page):
    first = net.open_room("AAAA", "host")
    second = net.open_room("BBBB", "guest")
    assert page.opened == [("AAAA", "host"), ("BBBB", "guest")]
    page.events.append(["up", HOST, "host"])
    assert first.poll() == [] and not first.carrier.is_open
    first.send(HOST, "stale")
    first.close()  # closes nothing of the room open now
    assert page.sent == [] and page.closed == 0
    assert second.poll() == [("join", HOST, "host"), ("status", "", "open")]


def test_the_transport_fits_the_rooms_of_the_session(page):
    """game.net's rooms take the browser's transport as they take the in-memory one."""
    from game.net import SharedTable

    table = SharedTable.join(net.open_room("TEST42", "guest"), "TEST42")
    host_up(page)
    table.advance(5)
    assert table.status == "open"
    assert page.sent and all(key == HOST for key, _ in page.sent)
    assert json.loads(texts_sent(page)[0])["t"] == "hello"


def test_frames_for_one_screen_are_sealed_for_it_alone(page):
    """A hello to everyone goes out sealed for the room; what is said to one screen (an
    answer, a text, its seat's token) is sealed for that screen alone."""
    transport = net.open_room("TEST42", "guest")
    page.events.append(["relays", "", "1/1"])
    transport.poll()
    assert page.published and {to for _, to in page.published} == {""}
    page.events.append(["post", HOST, frame("*", "host", 1, [], 0, hello=True)])
    transport.poll()
    text, to = page.published[-1]
    assert to == HOST and json.loads(text)["to"] == HOST
