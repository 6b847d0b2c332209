"""The desktop's carrier of a room (issue 36): the relay path of docs/remote.md, "The relay
path", spoken by Python to the same Nostr relays the browser pages meet on, with the same
events (wire.py). There is no direct path on the desktop (no WebRTC): the screens it meets
see it as a screen whose direct connection never comes up, and carry its texts on the relays,
as they do for two phones whose networks can't reach each other.

    carrier = RelayCarrier("K7PQ2M", ["wss://relay.example"], wake=callback)
    carrier.me                      this app's key in the room (64 hex digits, new each time)
    carrier.poll()                  [("post", key, frame), ("relays", "", "N/M"), ...]
    carrier.publish(frame, to="")   signed, sealed (for the screen with key ``to`` alone, or
                                    for everyone in the room), sent to every relay
    carrier.send(key, frame)        the direct path: there is none, nothing is sent
    carrier.set_bye(frame); carrier.close()

The carrier contract is game/net/paths.py's; everything above it (numbering, resending,
meeting, leaving) is TwoPaths', the browser's own code.

**Threads, so a frame never waits for the network.** Each relay has a thread that connects,
subscribes and reads (reconnecting after 1, 2, 4, 8, then every 15 s, as the page does) and a
thread that writes what ``publish`` made. ``poll`` only takes what the readers queued;
``publish`` signs and seals (a fraction of a millisecond) and hands the text to the writers.
``wake`` (optional) is called from a reader thread whenever something came: the client's frame
loop may be resting (game/ui/sleep_at_rest.py) and answers at once.

What comes from a relay is trusted no more than in the page: every event is checked by
``wire.check`` (kind, tag, id, signature, age, size, seal), each event id once, from another
key only; anything else is dropped. At most 8,192 events wait for a ``poll``.
"""

from __future__ import annotations

import json
import queue
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from websockets.sync.client import connect

from game.net.desktop import wire
from game.net.desktop.wire import Verb
from game.net.paths import Carried

RETRY_S = (1.0, 2.0, 4.0, 8.0, 15.0)  # a relay gone: tried again after these (then every 15 s)
OPEN_TIMEOUT_S = 10.0  # a relay's handshake
CLOSE_TIMEOUT_S = 1.0  # leaving: the relays' closing handshakes, all at once, this long
SINCE_S = 60  # the subscription asks for events made from this long ago (as relay.js)
QUEUED = 16  # events kept for a relay not reached yet
SEEN = 4096  # event ids remembered (each relay hands on the same event)
MAX_EVENTS = 8192  # events kept for a client that doesn't poll
MAX_MESSAGE = 1 << 20  # a relay's message longer than this closes its socket
HEX64 = re.compile(r"[0-9a-f]{64}")


class RelayCarrier:
    """One room's carrier through Nostr relays (the contract: game/net/paths.py)."""

    direct = False  # no direct path: TwoPaths sends on the relays at once

    def __init__(
        self,
        code: str,
        urls: Iterable[str],
        wake: Callable[[], object] | None = None,
        keys: wire.Keys | None = None,
    ):
        self.code = code
        self.urls = list(urls)
        self._keys = keys or wire.Keys()
        self.me = self._keys.pubkey
        self._wake = wake
        self._lock = threading.Lock()
        self._events: deque[tuple[str, str, str]] = deque()
        self._seen: set[str] = set()
        self._seen_order: deque[str] = deque()
        self._closed = threading.Event()
        self._bye = ""
        self._reached = -1
        self._relays = [_Relay(self, url, i) for i, url in enumerate(self.urls)]
        self._told()
        for relay in self._relays:
            relay.start()

    # ------------------------------------------------------------------ the contract
    @property
    def is_open(self) -> bool:
        return not self._closed.is_set()

    def poll(self) -> list[tuple[str, str, str]]:
        """What came since the last poll, in order. Never raises."""
        with self._lock:
            out = list(self._events)
            self._events.clear()
        return out

    def send(self, key: str, text: str) -> None:
        """The direct path: the desktop has none."""

    def publish(self, text: str, to: str = "") -> None:
        """``text`` signed and sealed (for the screen with key ``to`` alone, or for everyone
        in the room), to every relay; kept (16 at most) for one not reached yet. Never raises."""
        if self._closed.is_set() or not isinstance(text, str):
            return
        try:
            out = self._event(text, to if isinstance(to, str) and HEX64.fullmatch(to) else "")
        except Exception:  # noqa: BLE001 (a text with no UTF-8: nothing an honest table sends)
            return
        for relay in self._relays:
            relay.outbox.put(out)

    def set_bye(self, text: str) -> None:
        """What ``close`` says to the room on every relay."""
        if isinstance(text, str):
            self._bye = text

    def close(self) -> None:
        """Leave: the bye and the subscription's end to every relay reached, at once; the
        sockets' closing handshakes then go on in threads of their own (at most
        CLOSE_TIMEOUT_S; the program waits for them when it ends). Never raises."""
        if self._closed.is_set():
            return
        self._closed.set()
        bye = ""
        if self._bye:
            try:
                bye = self._event(self._bye, "")
            except Exception:  # noqa: BLE001
                bye = ""
        for relay in self._relays:
            relay.leave(bye)

    # ------------------------------------------------------------------ events
    def _event(self, text: str, to: str) -> str:
        """``["EVENT", ev]`` as sent: ``text`` sealed for ``to`` alone (or, "", everyone)."""
        ev = wire.event(self._keys, self.code, text, to=to or None)
        return json.dumps([Verb.EVENT, ev], separators=(",", ":"), ensure_ascii=False)

    def _received(self, relay: _Relay, data: str | bytes) -> None:
        """One message from a relay (its reader thread)."""
        try:
            msg = json.loads(data)
        except (ValueError, TypeError, RecursionError):
            return
        if not isinstance(msg, list) or not msg:
            return
        if msg[0] != Verb.EVENT or len(msg) != 3 or msg[1] != relay.sub:
            return
        ev = msg[2]
        ident = ev.get("id") if isinstance(ev, dict) else None
        if not isinstance(ident, str) or ident in self._seen:
            return
        got = wire.check(ev, self.code, mine=self._keys)
        if got is None or self._closed.is_set():
            return
        with self._lock:  # (remembered once it checked out: a forged copy can't hide the real)
            if ident in self._seen:
                return
            self._seen.add(ident)
            self._seen_order.append(ident)
            if len(self._seen_order) > SEEN:
                self._seen.discard(self._seen_order.popleft())
        self._push(Carried.POST, got[0], got[1])

    def _push(self, kind: str, key: str, data: str) -> None:
        with self._lock:
            if len(self._events) < MAX_EVENTS:
                self._events.append((kind, key, data))
        if self._wake is not None:
            try:
                self._wake()
            except Exception:  # noqa: BLE001 (the client's business)
                pass

    def _told(self) -> None:
        """("relays", "", "N/M") when the number of relays reached changed."""
        with self._lock:
            n = sum(1 for r in self._relays if r.subscribed)
            changed, self._reached = n != self._reached, n
        if changed and not self._closed.is_set():
            self._push(Carried.RELAYS, "", f"{n}/{len(self._relays)}")

    def __repr__(self) -> str:
        return f"RelayCarrier({self.code!r}, {len(self.urls)} relays, open={self.is_open})"


class _Relay:
    """One relay: a reading thread (connect, subscribe, read, reconnect) and a writing one."""

    def __init__(self, carrier: RelayCarrier, url: str, index: int):
        self.carrier = carrier
        self.url = url
        self.sub = f"parlour-{index}-{carrier.me[:8]}"
        self.outbox: queue.Queue[str] = queue.Queue()
        self.waiting: deque[str] = deque(maxlen=QUEUED)
        self.socket: Any = None  # the websocket open now (websockets' sync client)
        self.subscribed = False
        self._lock = threading.Lock()

    def start(self) -> None:
        for target, what in ((self._read, "reads"), (self._write, "writes")):
            threading.Thread(target=target, name=f"relay {what} {self.url}", daemon=True).start()

    def _read(self) -> None:
        closed = self.carrier._closed
        failures = 0
        while not closed.is_set():
            try:
                with connect(
                    self.url,
                    open_timeout=OPEN_TIMEOUT_S,
                    close_timeout=CLOSE_TIMEOUT_S,
                    max_size=MAX_MESSAGE,
                    compression=None,
                ) as socket:
                    self._opened(socket)
                    failures = 0
                    for message in socket:
                        if closed.is_set():
                            break
                        self.carrier._received(self, message)
            except Exception:  # noqa: BLE001 (refused, dropped, a bad address, anything:
                pass  # tried again below; a relay's thread never dies)
            with self._lock:
                self.subscribed, self.socket = False, None
            self.carrier._told()
            wait = RETRY_S[min(failures, len(RETRY_S) - 1)] * (0.5 + secrets.randbelow(1000) / 1000)
            failures += 1
            closed.wait(wait)

    def _opened(self, socket: Any) -> None:
        """Subscribed to the room, then what waited goes out, in order."""
        since = int(time.time()) - SINCE_S
        socket.send(
            json.dumps(
                [
                    Verb.REQ,
                    self.sub,
                    {
                        "kinds": [wire.KIND],
                        f"#{wire.TOPIC_TAG}": [wire.topic(self.carrier.code)],
                        "since": since,
                    },
                ]
            )
        )
        with self._lock:
            waiting = list(self.waiting)
            self.waiting.clear()
            self.socket, self.subscribed = socket, True
        for text in waiting:
            socket.send(text)
        self.carrier._told()

    def _write(self) -> None:
        closed = self.carrier._closed
        while not closed.is_set():
            try:
                text = self.outbox.get(timeout=1.0)
            except queue.Empty:
                continue
            with self._lock:
                socket = self.socket if self.subscribed else None
                if socket is None:
                    self.waiting.append(text)
            if socket is not None:
                try:
                    socket.send(text)
                except Exception:  # noqa: BLE001 (gone meanwhile: the reader reconnects;
                    pass  # the paths above send it again unacknowledged)

    def leave(self, bye: str) -> None:
        """The bye and CLOSE now; the socket's closing handshake in a thread."""
        with self._lock:
            socket = self.socket if self.subscribed else None
        if socket is None:
            return
        try:
            if bye:
                socket.send(bye)
            socket.send(json.dumps([Verb.CLOSE, self.sub]))
        except Exception:  # noqa: BLE001 (gone already)
            return
        threading.Thread(
            target=_quietly_close, args=(socket,), name=f"relay leaves {self.url}", daemon=False
        ).start()


def _quietly_close(socket: Any) -> None:
    try:
        socket.close()
    except Exception:  # noqa: BLE001
        pass
