"""A Python client of the relay path (issue 32): the wire of docs/remote.md, "The relay path"
(the table under "The wire (relay events)"), which the browser speaks in web/net/relay.js.

A room's events are Nostr events (NIP-01) of the ephemeral kind 21061, tagged
``[["x", topic(code)]]``; their content is a text sealed with AES-GCM-256 under a key made from
the room code, with the sender's public key as additional data, and each is signed (BIP-340)
by a key made fresh for the page. This module makes and checks such events, and talks to one
relay over a WebSocket. The tests use it as an independent (or hostile) client beside browser
pages on a local relay (testbed/nostr_relay.py); the desktop app can use it as its carrier.

    from testbed.nostr_client import Keys, RelayClient, check, event

    keys = Keys()                                  # a fresh signing key; keys.pubkey: 64 hex
    with RelayClient(relay.url) as client:         # relay.url: ws://127.0.0.1:PORT
        client.subscribe("K7PQ2M", wait=30)        # REQ for the room; waits for its EOSE
        client.publish(event(keys, "K7PQ2M", '{"v": 1, "to": "*", "h": 1}'))
        for ev in client.events(timeout=10):       # what the relay passed on, as it came
            got = check(ev, "K7PQ2M", mine=keys.pubkey)
            if got is not None:
                sender, text = got                 # the sender's key and the text it sealed

``check`` is the browser's receiving side: it returns None (and never raises) for anything
that isn't a well-formed, correctly signed, recent event of the room from another key whose
content opens. ``seal``/``unseal``, ``sign`` and ``event_id`` are the pieces, for the hostile
tests that build events the browser must refuse; ``RelayClient.send_raw`` sends any text.

Libraries (pinned in pyproject's test extras): coincurve (libsecp256k1's BIP-340 Schnorr
signatures), cryptography (AES-GCM) and websockets (its synchronous client).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import queue
import re
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any, Self

import coincurve
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

KIND = 21061                                  # ephemeral: relays pass it on, never store it
TOPIC_PREFIX = "patience-parlour/relay/topic/"
KEY_PREFIX = "patience-parlour/relay/key/"
PAIR_PREFIX = "patience-parlour/relay/pair/"
MAX_CONTENT = 65536                           # characters of content, at most
MAX_AGE_S = 900                               # an event older or newer than this is dropped
IV_BYTES = 12
TAG_BYTES = 16

# the order of the secp256k1 group: a secret key is a number from 1 to N - 1
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX128 = re.compile(r"[0-9a-f]{128}")


# ------------------------------------------------------------------------------ the room
def topic(code: str) -> str:
    """The room's topic, its ``x`` tag: hex SHA-256 of TOPIC_PREFIX + code (UTF-8)."""
    return hashlib.sha256((TOPIC_PREFIX + code).encode("utf-8")).hexdigest()


def room_key(code: str) -> bytes:
    """The room's AES-256 key: SHA-256 of KEY_PREFIX + code (UTF-8), 32 bytes."""
    return hashlib.sha256((KEY_PREFIX + code).encode("utf-8")).digest()


def pair_key(keys: "Keys", other: str, code: str) -> bytes:
    """The AES-256 key ``keys`` shares with the screen whose key is ``other`` (64 hex), for
    frames meant for that screen alone: SHA-256 of PAIR_PREFIX + code + "|" + the hex x of
    the ECDH point (this secret times ``other`` lifted with even y: the same x either way)."""
    point = coincurve.PublicKey(b"\x02" + bytes.fromhex(other)).multiply(keys.secret)
    x = point.format(compressed=True)[1:].hex()
    return hashlib.sha256((PAIR_PREFIX + code + "|" + x).encode("utf-8")).digest()


# ------------------------------------------------------------------------------ the seal
def seal(text: str, key: bytes, pubkey_hex: str, iv: bytes | None = None) -> str:
    """``text`` sealed for the room ``key`` by ``pubkey_hex`` (the sender's key, 64 hex digits,
    the additional data): base64 (standard, padded) of the IV (12 random bytes unless given)
    then the AES-GCM ciphertext and its 16-byte tag. Raises UnicodeEncodeError for a text
    with lone surrogates (it has no UTF-8)."""
    iv = secrets.token_bytes(IV_BYTES) if iv is None else iv
    if len(iv) != IV_BYTES:
        raise ValueError(f"the IV is {IV_BYTES} bytes, not {len(iv)}")
    sealed = AESGCM(key).encrypt(iv, text.encode("utf-8"), pubkey_hex.encode("utf-8"))
    return base64.b64encode(iv + sealed).decode("ascii")


def unseal(content: Any, key: bytes, pubkey_hex: Any) -> str | None:
    """The text ``content`` seals for ``key`` and ``pubkey_hex``; None if it doesn't open (not
    base64, too short, another key, another sender, altered) or isn't UTF-8. Never raises.
    (The browser decodes bad UTF-8 with U+FFFD instead; no honest sender makes it.)"""
    if not isinstance(content, str) or not isinstance(pubkey_hex, str) or not content.isascii():
        return None
    try:
        raw = base64.b64decode(content, validate=True)
        if len(raw) < IV_BYTES + TAG_BYTES:
            return None
        plain = AESGCM(key).decrypt(raw[:IV_BYTES], raw[IV_BYTES:], pubkey_hex.encode("utf-8"))
        return plain.decode("utf-8")
    except (binascii.Error, InvalidTag, ValueError, TypeError, UnicodeError):
        return None


# ------------------------------------------------------------------------------ keys, events
class Keys:
    """A BIP-340 signing key: made fresh (``secrets``) unless ``secret`` (32 bytes) is given.
    ``pubkey`` is its x-only public key as 64 lowercase hex digits (the peer's name)."""

    def __init__(self, secret: bytes | None = None):
        while secret is None:
            candidate = secrets.token_bytes(32)
            if 0 < int.from_bytes(candidate, "big") < N:
                secret = candidate
        self._private = coincurve.PrivateKey(secret)  # ValueError for 0 or N and above
        self.secret = secret
        self.pubkey = coincurve.PublicKeyXOnly.from_secret(secret).format().hex()

    def sign(self, digest: bytes, aux: bytes | None = None) -> bytes:
        """The 64-byte BIP-340 signature of a 32-byte ``digest``; ``aux``: 32 bytes of
        auxiliary randomness (fresh unless given: the known-answer tests give it)."""
        aux = secrets.token_bytes(32) if aux is None else aux
        return self._private.sign_schnorr(digest, aux)

    def __repr__(self):
        return f"Keys(pubkey={self.pubkey[:16]}...)"


def serialized(ev: dict) -> bytes:
    """What an event's id hashes (NIP-01): ``[0,pubkey,created_at,kind,tags,content]`` as
    compact JSON, non-ASCII as is, in UTF-8 (the same bytes as JSON.stringify's)."""
    fields = [0, ev["pubkey"], ev["created_at"], ev["kind"], ev["tags"], ev["content"]]
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def event_id(ev: dict) -> str:
    """The id an event's fields call for: hex SHA-256 of ``serialized(ev)``."""
    return hashlib.sha256(serialized(ev)).hexdigest()


def sign(keys: Keys, ev: dict) -> dict:
    """A copy of ``ev`` (created_at, kind, tags, content) as ``keys`` publishes it: its
    ``pubkey``, the ``id`` of its fields and the ``sig`` of that id. The content stays as it
    is (sealed for another sender, it won't open for this one)."""
    out = {"pubkey": keys.pubkey, "created_at": ev["created_at"], "kind": ev["kind"],
           "tags": ev["tags"], "content": ev["content"]}
    out["id"] = event_id(out)
    out["sig"] = keys.sign(bytes.fromhex(out["id"])).hex()
    return out


def event(keys: Keys, code: str, text: str, created_at: int | None = None, kind: int = KIND,
          tags: list | None = None, to: str | None = None) -> dict:
    """A signed event of room ``code`` carrying ``text`` (sealed by ``keys.pubkey`` for the
    room, or with ``to`` for that screen alone): made now unless ``created_at``; ``kind`` and
    ``tags`` (default ``[["x", topic(code)]]``) for the tests that make events the room must
    refuse."""
    key = room_key(code) if to is None else pair_key(keys, to, code)
    return sign(keys, {
        "created_at": int(time.time()) if created_at is None else created_at,
        "kind": kind,
        "tags": [["x", topic(code)]] if tags is None else tags,
        "content": seal(text, key, keys.pubkey),
    })


def check(ev: Any, code: str, mine: "str | Keys | None" = None,
          now: float | None = None) -> tuple[str, str] | None:
    """``(pubkey, text)`` of an event of room ``code`` that checks out as the browser checks
    it: kind KIND, tags exactly ``[["x", topic(code)]]``, its id recomputed, its signature
    verified, not from ``mine`` (this client's pubkey), made within MAX_AGE_S of ``now`` (the
    clock's time unless given), content of at most MAX_CONTENT characters that opens for
    its pubkey (the room's key, or, when ``mine`` is this client's Keys, the key it shares
    with the sender). None for anything else, whatever its types or sizes; never raises."""
    try:
        return _check(ev, code, mine, time.time() if now is None else now)
    except Exception:  # noqa: BLE001 (a last guard: every case is checked before, one by one)
        return None


def _check(ev: Any, code: str, mine, now: float) -> tuple[str, str] | None:
    keys = mine if isinstance(mine, Keys) else None
    mine = keys.pubkey if keys is not None else mine
    if not isinstance(ev, dict):
        return None
    ident, key, sig = ev.get("id"), ev.get("pubkey"), ev.get("sig")
    kind, at = ev.get("kind"), ev.get("created_at")
    tags, content = ev.get("tags"), ev.get("content")
    if not (isinstance(ident, str) and _HEX64.fullmatch(ident)):
        return None
    if not (isinstance(key, str) and _HEX64.fullmatch(key)) or key == mine:
        return None
    if not (isinstance(sig, str) and _HEX128.fullmatch(sig)):
        return None
    if type(kind) is not int or kind != KIND:  # (not a bool, not 21061.0: the id hashes text)
        return None
    if type(at) is not int or abs(now - at) > MAX_AGE_S:
        return None
    if not isinstance(content, str) or len(content) > MAX_CONTENT or not content.isascii():
        return None
    if not (isinstance(tags, list) and len(tags) == 1 and isinstance(tags[0], list)
            and len(tags[0]) == 2 and tags[0][0] == "x" and tags[0][1] == topic(code)):
        return None
    digest = hashlib.sha256(serialized(ev)).digest()
    if digest.hex() != ident:
        return None
    try:
        if not coincurve.PublicKeyXOnly(bytes.fromhex(key)).verify(bytes.fromhex(sig), digest):
            return None
    except ValueError:  # not the x coordinate of a point of the curve
        return None
    text = unseal(content, room_key(code), key)
    if text is None and keys is not None:
        text = unseal(content, pair_key(keys, key, code), key)
    return None if text is None else (key, text)


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
            connect(url, open_timeout=timeout, close_timeout=5, max_size=2 ** 22))
        self._reader = threading.Thread(target=self._read, name=f"nostr-client {url}",
                                        daemon=True)
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
        if (len(msg) == 3 and msg[0] == "EVENT" and isinstance(msg[1], str)
                and msg[1] in self.subscriptions):
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
            out.append(self._events.get(timeout=timeout) if timeout > 0
                       else self._events.get_nowait())
            while True:
                out.append(self._events.get_nowait())
        except queue.Empty:
            return out

    @property
    def replies(self) -> list:
        """Everything else the relay said so far (its messages as JSON lists), oldest first."""
        with self._said:
            return list(self._replies)

    def reply(self, match: Callable[[list], bool], timeout: float,
              start: int = 0) -> list | None:
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
        return self.reply(lambda m: len(m) >= 3 and m[0] == "OK" and m[1] in (ident, ""),
                          wait, start)

    def subscribe(self, code: str, since: int | None = None, wait: float | None = None) -> str:
        """Subscribes to room ``code``'s events made from ``since`` (now unless given):
        ``["REQ", sub, {"kinds": [KIND], "#x": [topic(code)], "since": since}]``; returns
        the subscription id. With ``wait``: waits up to that many seconds for the relay's
        EOSE (the subscription is in place), TimeoutError if it doesn't come."""
        sub = "parlour-py-" + secrets.token_hex(6)
        self.subscriptions[sub] = code
        since = int(time.time()) if since is None else since
        start = len(self.replies)
        self.send_raw(json.dumps(["REQ", sub, {"kinds": [KIND], "#x": [topic(code)],
                                               "since": since}]))
        if wait is not None and self.reply(lambda m: m[:2] == ["EOSE", sub], wait,
                                           start) is None:
            raise TimeoutError(f"{self.url} did not end the stored events of {sub} "
                               f"within {wait} s")
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
