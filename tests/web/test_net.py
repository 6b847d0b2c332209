"""game/net/browser.py, the browser transport's Python side, natively: a fake page window with a
fake ``window.parlourNet`` that behaves as web/net/bridge.js does (strings only), under
pygbag's ``platform.window`` and Pyodide's ``js``. The real bridge in Chromium:
tests/web/test_net_browser.py."""

import json
import platform
import sys
import types

import pytest

from game.net import browser as net


class FakeNet:
    """window.parlourNet as the page has it: events queued as JSON text, sends recorded."""

    def __init__(self):
        self.events = []
        self.sent = []
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

    def poll(self):
        self._maybe_fail("poll")
        if self.raw is not None:
            raw, self.raw = self.raw, None
            return raw
        text, self.events = json.dumps(self.events), []
        return text

    def send(self, peer, text):
        self._maybe_fail("send")
        assert isinstance(peer, str) and isinstance(text, str)
        self.sent.append((peer, text))

    def close(self):
        self._maybe_fail("close")
        self.closed += 1


@pytest.fixture
def page(emscripten):
    """A pygbag-style page: platform.window with parlourNet."""
    bridge = FakeNet()
    emscripten.setattr(platform, "window", types.SimpleNamespace(parlourNet=bridge),
                       raising=False)
    emscripten.setattr(net, "_current", None)
    return bridge


def test_on_the_desktop_there_is_no_transport(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(platform, "window", types.SimpleNamespace(parlourNet=FakeNet()),
                        raising=False)
    assert net.available() is False
    assert net.open_room("TEST42", "host") is None


def test_a_page_without_the_bridge_has_none(emscripten):
    emscripten.setattr(platform, "window", types.SimpleNamespace(), raising=False)
    assert net.available() is False
    assert net.open_room("TEST42", "guest") is None
    bridge = FakeNet()
    bridge.fail.add("available")
    emscripten.setattr(platform, "window", types.SimpleNamespace(parlourNet=bridge),
                       raising=False)
    assert net.available() is False


def test_pyodide_js_module_is_used_without_platform_window(emscripten):
    bridge = FakeNet()
    emscripten.delattr(platform, "window", raising=False)
    emscripten.setitem(sys.modules, "js", types.SimpleNamespace(parlourNet=bridge))
    emscripten.setattr(net, "_current", None)
    assert net.available()
    transport = net.open_room("ABCD", "guest")
    assert bridge.opened == [("ABCD", "guest")]
    bridge.events.append(["join", "p1", "host"])
    assert transport.poll() == [("join", "p1", "host")]


def test_events_send_and_close(page):
    transport = net.open_room("TEST42", "host")
    assert isinstance(transport, net.BrowserTransport) and transport.is_open
    assert page.opened == [("TEST42", "host")]
    page.events += [["status", "", "open"], ["join", "p1", "guest"],
                    ["text", "p1", "héllo ♠ \U0001F0A1"], ["leave", "p1", ""],
                    ["status", "", "failed: no relay could be reached"]]
    assert transport.poll() == [("status", "", "open"), ("join", "p1", "guest"),
                                ("text", "p1", "héllo ♠ \U0001F0A1"), ("leave", "p1", ""),
                                ("status", "", "failed: no relay could be reached")]
    assert transport.poll() == []
    transport.send("p1", "x" * 60000)
    assert page.sent == [("p1", "x" * 60000)]
    transport.close()
    transport.close()
    assert page.closed == 1 and not transport.is_open
    page.events.append(["text", "p1", "late"])
    assert transport.poll() == []
    transport.send("p1", "after close")
    assert len(page.sent) == 1


@pytest.mark.parametrize("raw", [
    "", "not json", "{}", "null", "42", '"text"', "[[", "[1, 2]", '[["text", "p"]]',
    '[["text", "p", 3]]', '[["text", null, "x"]]', '[["shout", "p", "x"]]',
    '[["join", "p", "admin"]]', '[["join", "", "host"]]', '[["text", "", "x"]]',
    '[["text", "p", "x", "extra"]]', '[{"kind": "text"}]', '[["text", "p", "\\ud800"]]',
    "[" * 100000 + "]" * 100000,
])
def test_malformed_events_are_dropped_never_raised(page, raw):
    transport = net.open_room("TEST42", "guest")
    page.raw = raw
    assert transport.poll() == []


def test_good_events_among_bad_ones_are_kept_in_order(page):
    transport = net.open_room("TEST42", "guest")
    page.raw = json.dumps([["text", "p", "a"], ["text", "p", 1], "junk", ["join", "q", "host"],
                           ["text", "p", "b"]])
    assert transport.poll() == [("text", "p", "a"), ("join", "q", "host"), ("text", "p", "b")]


def test_a_poll_that_is_no_string_is_read_as_its_text(page):
    """pygbag's bridge may hand back a proxy: it is read as its text."""
    class Proxy:
        def __str__(self):
            return '[["status", "", "open"]]'

    transport = net.open_room("TEST42", "guest")
    page.raw = Proxy()
    assert transport.poll() == [("status", "", "open")]


def test_errors_of_the_page_never_reach_the_caller(page):
    transport = net.open_room("TEST42", "host")
    page.fail |= {"poll", "send", "close"}
    assert transport.poll() == []
    transport.send("p1", "x")
    transport.send("p1", None)  # not a string: ignored
    transport.send(7, "x")
    transport.close()
    assert not transport.is_open


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
    page.events.append(["join", "p", "host"])
    assert first.poll() == [] and not first.is_open
    first.send("p", "stale")
    first.close()  # closes nothing of the room open now
    assert page.sent == [] and page.closed == 0
    assert second.poll() == [("join", "p", "host")]


def test_the_transport_fits_the_rooms_of_the_session(page):
    """game.net's rooms take a BrowserTransport as it takes its in-memory one."""
    from game.net import SharedTable

    table = SharedTable.join(net.open_room("TEST42", "guest"), "TEST42")
    page.events += [["status", "", "open"], ["join", "hostpeer", "host"]]
    table.advance(5)
    assert table.status == "open"
    assert page.sent and all(peer == "hostpeer" for peer, _ in page.sent)
    assert json.loads(page.sent[0][1])["t"] == "hello"
