"""The browser's transport for remote seats: one room, this screen's side (issues 23, 32).

    from game.net import browser
    if browser.available():                   # a browser page with window.parlourNet
        transport = browser.open_room("K7PQ2M", "host")  # or "guest"; None if unavailable
        transport.poll()   # once a frame: [("join", peer, role), ("text", peer, text), ...]
        transport.send(peer, text)
        transport.close()

game/net/room.py turns a transport into the session's links. The transport is
``TwoPaths`` (paths.py) over the page's carrier, ``window.parlourNet`` (web/net/bridge.js and
relay.js, shipped as net.js beside the page by ./build.sh web): JavaScript keeps the direct
connections (Trystero over WebRTC) and the relay path (sealed, signed Nostr events), and only
strings cross between it and Python, so this works under Pyodide (build/web/) and pygbag's
runtime alike.
The page is reached through ``platform.window`` (pygbag's, and what boot.py sets under
Pyodide), else Pyodide's ``js`` module, as game.storage does for localStorage.

The carrier's events, in order, as ``(kind, key, data)`` tuples of strings (paths.py says
which); anything else the page hands over (malformed JSON, non-strings) is dropped;
``poll``, ``send``, ``publish`` and ``close`` never raise. The page has one room at a time:
opening another closes the one before, whose transport then reads nothing and sends nothing.

On the desktop ``available()`` is False: the desktop app has its own transport
(game/net/desktop/, the relay path in Python). docs/remote.md, "The browser transport".
"""

from __future__ import annotations

import json
import sys
from typing import Any

from game.net.events import CODE, ROLES, failed
from game.net.paths import Carried, TwoPaths, relay_rate

_current: BrowserCarrier | None = None  # the carrier open now (the page has one room at a time)


def _bridge() -> Any:
    """The page's ``window.parlourNet`` (a JavaScript object: Any), or None (not in a
    browser, or the page has none)."""
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        window = getattr(platform, "window", None)
        if window is None:
            import js  # Pyodide without boot.py's platform.window

            window = js
        bridge = getattr(window, "parlourNet", None)
        if bridge is None or str(bridge) in ("undefined", "null", "None"):
            return None
        return bridge
    except Exception:  # noqa: BLE001 - no page, no bridge
        return None


def available() -> bool:
    """True only in a browser page that has ``window.parlourNet``."""
    bridge = _bridge()
    if bridge is None:
        return False
    try:
        answer = bridge.available()
    except Exception:  # noqa: BLE001
        return False
    return answer is True or str(answer).lower() == "true"


def open_room(code: str, role: str) -> TwoPaths | None:
    """Join the room of ``code`` as ``role`` ("host" or "guest"): the room's transport (two
    paths over the page's carrier), or None where there is no browser transport. A code that
    isn't 4 to 12 capitals or digits, or another role, is a ValueError."""
    global _current
    if not (isinstance(code, str) and CODE.fullmatch(code)):
        raise ValueError(f"a room code is 4 to 12 letters A-Z or digits, not {code!r}")
    if role not in ROLES:
        raise ValueError(f"role is 'host' or 'guest', not {role!r}")
    if not available():
        return None
    bridge = _bridge()
    if _current is not None:
        _current._open = False  # the page's room is replaced by this one
    carrier = _current = BrowserCarrier(bridge, code, role)
    try:
        bridge.open(code, role)
        carrier.me = str(bridge.id())
    except Exception as e:  # noqa: BLE001 - told through poll, as the page would
        carrier._pending.append((Carried.STATUS, "", failed(_describe(e))))
    return TwoPaths(carrier, role, relay_rate=_relay_rate(bridge))


def _relay_rate(bridge: Any) -> float:
    """The relays' rate the page asked for (``?relay_rate=`` beside ``?relay=``: the bridge
    says "" where there is none), else public relays'."""
    try:
        asked = bridge.relayRate()
    except Exception:  # noqa: BLE001 - an older bridge, or none: public relays' rate
        asked = ""
    return relay_rate(str(asked) if isinstance(asked, str) and asked else None, own_relays=True)


def parse_events(text: object) -> list[tuple[str, str, str]]:
    """The events in the JSON text ``poll()`` gave: three strings each, in order."""
    try:
        events = json.loads(str(text))
    except (ValueError, TypeError, RecursionError):
        return []
    if not isinstance(events, list):
        return []
    return [
        (e[0], e[1], e[2])
        for e in events
        if isinstance(e, list) and len(e) == 3 and all(isinstance(v, str) for v in e)
    ]


class BrowserCarrier:
    """One room's carrier through the page's ``window.parlourNet`` (the contract: paths.py)."""

    def __init__(self, bridge: Any, code: str, role: str):
        self._bridge = bridge
        self.code = code
        self.role = role
        self.me = ""
        self._open = True
        self._pending: list[tuple[str, str, str]] = []

    @property
    def is_open(self) -> bool:
        """False once closed, or once another room was opened in the page."""
        return self._open

    def poll(self) -> list[tuple[str, str, str]]:
        """The events since the last poll, in order; [] once closed. Never raises."""
        events, self._pending = self._pending, []
        if not self._open:
            return events
        try:
            text = self._bridge.poll()
        except Exception:  # noqa: BLE001
            return events
        return events + parse_events(text)

    def _call(self, name: str, *args: str) -> None:
        if not (self._open and all(isinstance(a, str) for a in args)):
            return
        try:
            getattr(self._bridge, name)(*args)
        except Exception:  # noqa: BLE001 - a screen gone meanwhile, a relay away
            pass

    def send(self, key: str, text: str) -> None:
        """A frame over the direct connection to that screen (nothing if there is none)."""
        self._call("send", key, text)

    def publish(self, text: str, to: str = "") -> None:
        """A frame to every relay, sealed for the screen with key ``to`` alone (or, "", for
        everyone in the room)."""
        self._call("publish", text, to)

    def set_bye(self, text: str) -> None:
        """What the page says on both paths when it closes."""
        self._call("setBye", text)

    def close(self) -> None:
        """Leave the room (the others see this screen leave). Never raises."""
        global _current
        if not self._open:
            return
        self._call("close")
        self._open = False
        if _current is self:
            _current = None

    def __repr__(self) -> str:
        return f"BrowserCarrier({self.code!r}, {self.role!r}, open={self._open})"


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:200]
