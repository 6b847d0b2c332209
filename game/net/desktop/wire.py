"""The relay path's wire (issue 32): docs/remote.md, "The relay path", the table under "The
wire (relay events)", which the browser speaks in web/net/relay.js. The desktop's carrier
(carrier.py) speaks it, and so do the tests' independent and hostile clients
(testbed/nostr_client.py): one dialect.

A room's events are Nostr events (NIP-01) of the ephemeral kind 21061, tagged
``[["x", topic(code)]]``; their content is a text sealed with AES-GCM-256 under a key made from
the room code (or, for one screen alone, from the code and the two screens' keys), with the
sender's public key as additional data, and each is signed (BIP-340) by a key made fresh for
the screen.

    keys = Keys()                                   # a fresh signing key; keys.pubkey: 64 hex
    ev = event(keys, "K7PQ2M", '{"v": 1, "to": "*", "h": 1}')   # signed and sealed, a dict
    got = check(ev, "K7PQ2M", mine=keys)            # (sender's key, text), or None

``check`` is the browser's receiving side: it returns None (and never raises) for anything
that isn't a well-formed, correctly signed, recent event of the room from another key whose
content opens. ``seal``/``unseal``, ``sign`` and ``event_id`` are the pieces.

Libraries (the desktop's dependencies, pinned in pyproject.toml; never in the web game: this
folder isn't packed, see DESKTOP-ONLY): coincurve (libsecp256k1's BIP-340 Schnorr signatures
and ECDH) and cryptography (AES-GCM).
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import re
import secrets
import time
from enum import StrEnum
from typing import Any, TypeAlias

import coincurve
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

KIND = 21061  # ephemeral: relays pass it on, never store it
TOPIC_TAG = "x"  # the name of the tag that carries the room's topic
TOPIC_PREFIX = "patience-parlour/relay/topic/"
KEY_PREFIX = "patience-parlour/relay/key/"
PAIR_PREFIX = "patience-parlour/relay/pair/"
MAX_CONTENT = 65536  # characters of content, at most
MAX_AGE_S = 900  # an event older or newer than this is dropped
IV_BYTES = 12
TAG_BYTES = 16

#: a Nostr event (NIP-01) as JSON holds it: its fields' values are whatever was sent
NostrEvent: TypeAlias = dict[str, Any]


class Verb(StrEnum):
    """The first word of a message between a client and a relay (NIP-01)."""

    EVENT = "EVENT"  # an event published, or one of a subscription's, from the relay
    REQ = "REQ"  # a subscription asked for
    CLOSE = "CLOSE"  # a subscription ended


# the order of the secp256k1 group: a secret key is a number from 1 to N - 1
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX128 = re.compile(r"[0-9a-f]{128}")


# ------------------------------------------------------------------------------ the room
@functools.lru_cache(maxsize=256)  # (every event made or checked asks)
def topic(code: str) -> str:
    """The room's topic, its ``x`` tag: hex SHA-256 of TOPIC_PREFIX + code (UTF-8)."""
    return hashlib.sha256((TOPIC_PREFIX + code).encode("utf-8")).hexdigest()


@functools.lru_cache(maxsize=256)  # (every event made or checked asks)
def room_key(code: str) -> bytes:
    """The room's AES-256 key: SHA-256 of KEY_PREFIX + code (UTF-8), 32 bytes."""
    return hashlib.sha256((KEY_PREFIX + code).encode("utf-8")).digest()


@functools.lru_cache(maxsize=256)  # (every event made or checked asks)
def pair_key(keys: Keys, other: str, code: str) -> bytes:
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

    def __repr__(self) -> str:
        return f"Keys(pubkey={self.pubkey[:16]}...)"


def serialized(ev: NostrEvent) -> bytes:
    """What an event's id hashes (NIP-01): ``[0,pubkey,created_at,kind,tags,content]`` as
    compact JSON, non-ASCII as is, in UTF-8 (the same bytes as JSON.stringify's)."""
    fields = [0, ev["pubkey"], ev["created_at"], ev["kind"], ev["tags"], ev["content"]]
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def event_id(ev: NostrEvent) -> str:
    """The id an event's fields call for: hex SHA-256 of ``serialized(ev)``."""
    return hashlib.sha256(serialized(ev)).hexdigest()


def sign(keys: Keys, ev: NostrEvent) -> NostrEvent:
    """A copy of ``ev`` (created_at, kind, tags, content) as ``keys`` publishes it: its
    ``pubkey``, the ``id`` of its fields and the ``sig`` of that id. The content stays as it
    is (sealed for another sender, it won't open for this one)."""
    out = {
        "pubkey": keys.pubkey,
        "created_at": ev["created_at"],
        "kind": ev["kind"],
        "tags": ev["tags"],
        "content": ev["content"],
    }
    out["id"] = event_id(out)
    out["sig"] = keys.sign(bytes.fromhex(out["id"])).hex()
    return out


def event(
    keys: Keys,
    code: str,
    text: str,
    created_at: int | None = None,
    kind: int = KIND,
    tags: list[list[str]] | None = None,
    to: str | None = None,
) -> NostrEvent:
    """A signed event of room ``code`` carrying ``text`` (sealed by ``keys.pubkey`` for the
    room, or with ``to`` for that screen alone): made now unless ``created_at``; ``kind`` and
    ``tags`` (default ``[["x", topic(code)]]``) for the tests that make events the room must
    refuse."""
    key = room_key(code) if to is None else pair_key(keys, to, code)
    return sign(
        keys,
        {
            "created_at": int(time.time()) if created_at is None else created_at,
            "kind": kind,
            "tags": [[TOPIC_TAG, topic(code)]] if tags is None else tags,
            "content": seal(text, key, keys.pubkey),
        },
    )


def check(
    ev: Any, code: str, mine: str | Keys | None = None, now: float | None = None
) -> tuple[str, str] | None:
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


def _check(ev: Any, code: str, mine: str | Keys | None, now: float) -> tuple[str, str] | None:
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
    if not (
        isinstance(tags, list)
        and len(tags) == 1
        and isinstance(tags[0], list)
        and len(tags[0]) == 2
        and tags[0][0] == TOPIC_TAG
        and tags[0][1] == topic(code)
    ):
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
