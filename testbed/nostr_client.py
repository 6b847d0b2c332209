"""A Python client of the relay path (issue 32) for the tests: one WebSocket to a relay
(``RelayClient``), with the wire itself (making and checking events) from the product's own
desktop carrier, game/net/desktop/wire.py, re-exported here: the tests use it as an
independent (or hostile) client beside browser pages and desktop apps on a local relay
(testbed/nostr_relay.py).

    from testbed.nostr_client import Keys, RelayClient, check, event

    keys = Keys()                                  # a fresh signing key; keys.pubkey: 64 hex
    with RelayClient(relay.url) as client:         # relay.url: ws://127.0.0.1:PORT
        client.subscribe("K7PQ2M", wait=30)        # REQ for the room; waits for its EOSE
        client.publish(event(keys, "K7PQ2M", '{"v": 1, "to": "*", "h": 1}'))
        for ev in client.events(timeout=10):       # what the relay passed on, as it came
            got = check(ev, "K7PQ2M", mine=keys.pubkey)
            if got is not None:
                sender, text = got                 # the sender's key and the text it sealed

``RelayClient.send_raw`` sends any text (the hostile tests). Its library: websockets (its
synchronous client), a dependency of the desktop app as well.
"""

from __future__ import annotations

import json
import queue
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Self

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.desktop.wire import (  # the wire, re-exported for the tests
    IV_BYTES,
    KEY_PREFIX,
    KIND,
    MAX_AGE_S,
    MAX_CONTENT,
    PAIR_PREFIX,
    TAG_BYTES,
    TOPIC_PREFIX,
    Keys,
    N,
    check,
    event,
    event_id,
    pair_key,
    room_key,
    seal,
    serialized,
    sign,
    topic,
    unseal,
)


# ------------------------------------------------------------------------------ a relay
class RelayClient:
    """One WebSocket to one Nostr relay (``url``), open from construction (``timeout``: for the
    handshake) to ``close()``; a context manager. A background thread reads the socket:
    the events of this client's subscriptions queue up for ``events()``, everything else the
    relay says (OK, EOSE, NOTICE, CLOSED...) for ``reply()``/``replies``."""

    def __init__(self, url: str, timeout: float = 30):
        self.url = url
        self.subscriptions: dict[str, str] = {}  # subscription id -> room code
        self._events: queue.Queue = queue.Queue()
        self._replies: list = []
        self._said = threading.Condition()
        self._stack = ExitStack()  # connect() as a context manager, as websockets asks
        self.socket = self._stack.enter_context(
            connect(url, open_timeout=timeout, close_timeout=5, max_size=2**22)
        )
        self._reader = threading.Thread(target=self._read, name=f"nostr-client {url}", daemon=True)
        self._reader.start()

    # -- what the relay says
    def _read(self) -> None:
        try:
            for message in self.socket:
                self._take(message)
        except ConnectionClosed:
            pass
        finally:
            with self._said:
                self._said.notify_all()

    def _take(self, message: str | bytes) -> None:
        try:
            msg = json.loads(message)
        except ValueError:  # (UnicodeDecodeError included) not JSON: nothing a relay says
            return
        if not isinstance(msg, list) or not msg:
            return
        if (
            len(msg) == 3
            and msg[0] == "EVENT"
            and isinstance(msg[1], str)
            and msg[1] in self.subscriptions
        ):
            self._events.put(msg[2])
            return
        with self._said:
            self._replies.append(msg)
            self._said.notify_all()

    @property
    def open(self) -> bool:
        """The socket is still being read (neither side has closed it)."""
        return self._reader.is_alive()

    def events(self, timeout: float = 0.0) -> list:
        """The events received for this client's subscriptions since the last call, as the
        relay sent them (anything at all: ``check`` each); waits up to ``timeout`` seconds
        for the first when none is waiting, returns [] if none came."""
        out = []
        try:
            out.append(
                self._events.get(timeout=timeout) if timeout > 0 else self._events.get_nowait()
            )
            while True:
                out.append(self._events.get_nowait())
        except queue.Empty:
            return out

    @property
    def replies(self) -> list:
        """Everything else the relay said so far (its messages as JSON lists), oldest first."""
        with self._said:
            return list(self._replies)

    def reply(self, match: Callable[[list], bool], timeout: float, start: int = 0) -> list | None:
        """The first message of ``replies[start:]`` that ``match`` accepts, waiting up to
        ``timeout`` seconds for it; None if none came (or the socket closed)."""
        end = time.monotonic() + timeout
        seen = start
        with self._said:
            while True:
                for msg in self._replies[seen:]:
                    if match(msg):
                        return msg
                seen = len(self._replies)
                left = end - time.monotonic()
                if left <= 0 or not self._reader.is_alive():
                    return None
                self._said.wait(min(left, 0.5))

    # -- what this client says
    def send_raw(self, text: str | bytes) -> None:
        """Sends any text (or bytes, as a binary message) as it is: the hostile tests."""
        self.socket.send(text)

    def publish(self, ev: dict, wait: float | None = None) -> list | None:
        """Sends ``["EVENT", ev]``. With ``wait``: the relay's ``["OK", id, accepted,
        message]`` for it, waiting up to that many seconds (None if it didn't answer). An OK
        with an empty id counts too (nostr-relay answers so an event whose signature is
        bad): wait for each answer before publishing the next event."""
        ident = ev.get("id") if isinstance(ev, dict) else None
        start = len(self.replies)
        self.send_raw(json.dumps(["EVENT", ev], separators=(",", ":"), ensure_ascii=False))
        if wait is None:
            return None
        return self.reply(
            lambda m: len(m) >= 3 and m[0] == "OK" and m[1] in (ident, ""), wait, start
        )

    def subscribe(self, code: str, since: int | None = None, wait: float | None = None) -> str:
        """Subscribes to room ``code``'s events made from ``since`` (now unless given):
        ``["REQ", sub, {"kinds": [KIND], "#x": [topic(code)], "since": since}]``; returns
        the subscription id. With ``wait``: waits up to that many seconds for the relay's
        EOSE (the subscription is in place), TimeoutError if it doesn't come."""
        sub = "parlour-py-" + secrets.token_hex(6)
        self.subscriptions[sub] = code
        since = int(time.time()) if since is None else since
        start = len(self.replies)
        self.send_raw(
            json.dumps(["REQ", sub, {"kinds": [KIND], "#x": [topic(code)], "since": since}])
        )
        if wait is not None and self.reply(lambda m: m[:2] == ["EOSE", sub], wait, start) is None:
            raise TimeoutError(f"{self.url} did not end the stored events of {sub} within {wait} s")
        return sub

    def unsubscribe(self, sub: str) -> None:
        """Ends a subscription: ``["CLOSE", sub]``; its events are no longer queued."""
        self.subscriptions.pop(sub, None)
        self.send_raw(json.dumps(["CLOSE", sub]))

    def close(self) -> None:
        """Closes the socket and waits for the reading thread to end."""
        self._stack.close()
        self._reader.join(timeout=10)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False


__all__ = [
    "IV_BYTES",
    "KEY_PREFIX",
    "KIND",
    "MAX_AGE_S",
    "MAX_CONTENT",
    "N",
    "PAIR_PREFIX",
    "TAG_BYTES",
    "TOPIC_PREFIX",
    "Keys",
    "RelayClient",
    "check",
    "event",
    "event_id",
    "pair_key",
    "room_key",
    "seal",
    "serialized",
    "sign",
    "topic",
    "unseal",
]
