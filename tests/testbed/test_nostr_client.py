"""testbed/nostr_client.py, the relay path's wire in Python (docs/remote.md, "The relay path"):
the seal, the events and their checks (known answers, every way an event can be wrong,
garbage of every JSON type), then two clients through a real relay on 127.0.0.1
(testbed/nostr_relay.py). No browser; every wait on the relay polls with a generous timeout.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time

import coincurve
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testbed.nostr_client import (
    KEY_PREFIX,
    KIND,
    MAX_AGE_S,
    MAX_CONTENT,
    TOPIC_PREFIX,
    Keys,
    RelayClient,
    check,
    event,
    event_id,
    room_key,
    seal,
    sign,
    topic,
    unseal,
)

CODE = "K7PQ2M"
NOW = 1_800_000_000
ALICE = Keys()
BOB = Keys()


def made(text="hello", keys=ALICE, code=CODE, created_at=NOW, **kw):
    return event(keys, code, text, created_at=created_at, **kw)


# ------------------------------------------------------------------------------ known answers
def test_bip340_vector_0_signs_and_verifies_as_the_standard_says():
    # BIP-340's test vector 0: secret key 3, message and auxiliary randomness all zeros
    keys = Keys((3).to_bytes(32, "big"))
    public = "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9"
    signature = bytes.fromhex(
        "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA8215"
        "25F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0"
    )
    assert keys.pubkey == public.lower()
    assert keys.sign(bytes(32), bytes(32)) == signature
    xonly = coincurve.PublicKeyXOnly(bytes.fromhex(public))
    assert xonly.verify(signature, bytes(32))
    assert not xonly.verify(signature, b"\x01" + bytes(31))


def test_the_room_is_named_and_keyed_by_its_code():
    assert topic(CODE) == hashlib.sha256((TOPIC_PREFIX + CODE).encode()).hexdigest()
    assert room_key(CODE) == hashlib.sha256((KEY_PREFIX + CODE).encode()).digest()
    assert len(room_key(CODE)) == 32 and topic(CODE) != topic("K7PQ2N")
    assert topic("é") == hashlib.sha256((TOPIC_PREFIX + "é").encode("utf-8")).hexdigest()


def test_a_fresh_key_is_64_lowercase_hex_digits_and_fresh():
    assert len(ALICE.pubkey) == 64 and ALICE.pubkey == ALICE.pubkey.lower()
    int(ALICE.pubkey, 16)
    assert ALICE.pubkey != BOB.pubkey
    with pytest.raises(ValueError):
        Keys(bytes(32))  # 0 is no secret key


# ------------------------------------------------------------------------------ the seal
def test_seal_and_unseal_round_trip():
    key = room_key(CODE)
    for text in ["", "hello", '{"v": 1, "m": ["é ✓ 🂡"]}', "x" * 100_000]:
        content = seal(text, key, ALICE.pubkey)
        assert unseal(content, key, ALICE.pubkey) == text
        raw = base64.b64decode(content, validate=True)  # standard, padded
        assert len(raw) == 12 + len(text.encode()) + 16
    assert seal("same", key, ALICE.pubkey) != seal("same", key, ALICE.pubkey)  # a fresh IV
    iv = bytes(range(12))
    assert base64.b64decode(seal("a", key, ALICE.pubkey, iv=iv))[:12] == iv


def test_unseal_refuses_what_does_not_open():
    key = room_key(CODE)
    content = seal("hello!", key, ALICE.pubkey)  # 34 bytes: 48 characters, "==" the last two
    assert content.endswith("==")
    assert unseal(content, room_key("OTHER1"), ALICE.pubkey) is None  # another room
    assert unseal(content, key, BOB.pubkey) is None  # another sender
    raw = base64.b64decode(content)
    for i in range(len(raw)):  # any byte flipped
        flipped = raw[:i] + bytes([raw[i] ^ 0x01]) + raw[i + 1 :]
        assert unseal(base64.b64encode(flipped).decode(), key, ALICE.pubkey) is None
    assert unseal(base64.b64encode(raw[:-1]).decode(), key, ALICE.pubkey) is None  # cut
    assert unseal(base64.b64encode(raw[:27]).decode(), key, ALICE.pubkey) is None  # too short
    for bad in [
        content[:-1],
        content + "!",
        "not base64 at all",
        "é" + content,
        content.rstrip("="),
        "",
        None,
        42,
        b"bytes",
        ["list"],
    ]:
        assert unseal(bad, key, ALICE.pubkey) is None
    assert unseal(content, key, None) is None
    assert unseal(content, b"short key", ALICE.pubkey) is None
    not_utf8 = base64.b64encode(bytes(12) + sealed_bytes(b"\xff\xfe", key, ALICE.pubkey))
    assert unseal(not_utf8.decode(), key, ALICE.pubkey) is None


def sealed_bytes(plain: bytes, key: bytes, pubkey: str) -> bytes:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    return AESGCM(key).encrypt(bytes(12), plain, pubkey.encode())


# ------------------------------------------------------------------------------ events
def test_an_event_is_nip01_signed_and_checks():
    ev = made('{"v": 1, "to": "*", "h": 1} é')
    assert set(ev) == {"id", "pubkey", "created_at", "kind", "tags", "content", "sig"}
    assert ev["kind"] == KIND == 21061 and ev["tags"] == [["x", topic(CODE)]]
    assert ev["pubkey"] == ALICE.pubkey and ev["created_at"] == NOW
    text = json.dumps(
        [0, ev["pubkey"], ev["created_at"], ev["kind"], ev["tags"], ev["content"]],
        separators=(",", ":"),
        ensure_ascii=False,
    )
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    assert ev["id"] == digest.hex() == event_id(ev)
    assert coincurve.PublicKeyXOnly(bytes.fromhex(ev["pubkey"])).verify(
        bytes.fromhex(ev["sig"]), digest
    )
    assert check(ev, CODE, now=NOW) == (ALICE.pubkey, '{"v": 1, "to": "*", "h": 1} é')
    assert check(ev, CODE, mine=BOB.pubkey, now=NOW) == check(ev, CODE, now=NOW)
    assert abs(event(ALICE, CODE, "now")["created_at"] - time.time()) < 60
    assert check(event(ALICE, CODE, "now"), CODE) == (ALICE.pubkey, "now")  # the clock's now
    assert check(json.loads(json.dumps(ev)), CODE, now=NOW)  # as it comes off the wire


def resigned(ev, **fields):
    """ev with fields changed, signed again by its own key (id and sig right)."""
    return sign(ALICE, {**ev, **fields})


def test_check_refuses_every_wrong_event():
    ev = made()
    assert check(ev, CODE, now=NOW)
    wrong = {
        "kind": made(kind=KIND + 1),
        "kind 1": made(kind=1),
        "another room's topic": made(tags=[["x", topic("OTHER1")]]),
        "no tag": made(tags=[]),
        "two tags": made(tags=[["x", topic(CODE)], ["x", topic(CODE)]]),
        "a tag of 3": made(tags=[["x", topic(CODE), ""]]),
        "another letter": made(tags=[["y", topic(CODE)]]),
        "another room's key, the right topic": resigned(
            made(code="OTHER1"), tags=[["x", topic(CODE)]]
        ),
        "content tampered": {**ev, "content": seal("evil", room_key(CODE), ALICE.pubkey)},
        "content tampered, signed again": resigned(
            ev, content=seal("x", room_key("O"), ALICE.pubkey)
        ),
        "created_at tampered": {**ev, "created_at": NOW + 1},
        "kind tampered": {**ev, "kind": KIND + 1},
        "tags tampered": {**ev, "tags": [["x", topic(CODE).upper()]]},
        "pubkey swapped": {**ev, "pubkey": BOB.pubkey},
        "id changed": {**ev, "id": "0" * 64},
        "id uppercase": {**ev, "id": ev["id"].upper()},
        "sig of another event": {**ev, "sig": made("other")["sig"]},
        "sig flipped": {**ev, "sig": ev["sig"][:-1] + ("0" if ev["sig"][-1] != "0" else "1")},
        # the same content re-signed by another key: id and signature right, but the seal's
        # additional data was Alice's key, so it doesn't open for Bob's
        "re-signed by another key": sign(BOB, ev),
        "kind as a float": resigned(ev, kind=float(KIND)),
        "created_at as a float": resigned(ev, created_at=float(NOW)),
        "created_at as a string": resigned(ev, created_at=str(NOW)),
        "kind as True": {**ev, "kind": True},
    }
    for why, bad in wrong.items():
        assert check(bad, CODE, now=NOW) is None, why
    re_signed = sign(BOB, ev)
    assert coincurve.PublicKeyXOnly(bytes.fromhex(BOB.pubkey)).verify(
        bytes.fromhex(re_signed["sig"]), bytes.fromhex(re_signed["id"])
    )  # only the seal fails
    for field in ev:
        assert check({k: v for k, v in ev.items() if k != field}, CODE, now=NOW) is None, field


def test_check_refuses_its_own_events():
    ev = made()
    assert check(ev, CODE, mine=ALICE.pubkey, now=NOW) is None
    assert check(ev, CODE, mine=BOB.pubkey, now=NOW) is not None


def test_check_refuses_what_is_too_old_or_too_new():
    for at, ok in [
        (NOW - MAX_AGE_S, True),
        (NOW - MAX_AGE_S - 1, False),
        (NOW + MAX_AGE_S, True),
        (NOW + MAX_AGE_S + 1, False),
        (0, False),
    ]:
        assert (check(made(created_at=at), CODE, now=NOW) is not None) is ok, at


def test_check_refuses_what_is_too_large():
    # base64 of 12 + n + 16 bytes: 4 * ceil((n + 28) / 3) characters
    largest = MAX_CONTENT // 4 * 3 - 28
    ev = made("x" * largest)
    assert len(ev["content"]) == MAX_CONTENT and check(ev, CODE, now=NOW) == (
        ALICE.pubkey,
        "x" * largest,
    )
    ev = made("x" * (largest + 1))
    assert len(ev["content"]) > MAX_CONTENT and check(ev, CODE, now=NOW) is None
    huge = {**made(), "content": "A" * 10_000_000}
    started = time.monotonic()
    assert check(huge, CODE, now=NOW) is None
    assert check({**made(), "id": "a" * 10_000_000, "tags": [["x"] * 100_000]}, CODE) is None
    assert time.monotonic() - started < 5


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text()
    | st.sampled_from([KIND, NOW, topic(CODE), "x", ALICE.pubkey, "0" * 64, "0" * 128]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_check_takes_any_json_value_and_returns_none(value):
    assert check(value, CODE) is None
    assert check(value, CODE, mine=ALICE.pubkey, now=NOW) is None


FIELDS = ["id", "pubkey", "created_at", "kind", "tags", "content", "sig"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=7), st.booleans())
def test_check_takes_an_event_with_any_fields_replaced(replaced, again):
    ev = made()
    bad = {**ev, **replaced}
    if again and all(f in bad for f in FIELDS):
        try:
            bad = resigned(bad)  # id and sig right for whatever the fields are
        except (TypeError, ValueError):
            pass  # fields that don't serialize (NaN is fine, a lone surrogate isn't)
    got = check(bad, CODE, now=NOW)
    if got is not None:  # only what the room's checks allow gets through
        assert bad["kind"] == KIND and bad["tags"] == [["x", topic(CODE)]]
        assert got[0] == bad["pubkey"] and got[1] == unseal(
            bad["content"], room_key(CODE), bad["pubkey"]
        )


# ------------------------------------------------------------------------------ a real relay
WAIT = 60  # seconds: generous, for a busy machine; every wait ends as soon as it can


def received(client, code, want, mine=None, timeout=WAIT):
    """Polls client.events() until a checked event of ``code`` carries ``want``; returns every
    event received meanwhile."""
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        seen += client.events(timeout=min(1.0, max(0.0, end - time.monotonic())))
        if any((check(e, code, mine=mine) or (None, None))[1] == want for e in seen):
            return seen
    raise AssertionError(f"{want!r} didn't come through the relay within {timeout} s: {seen}")


def test_two_clients_talk_through_a_real_relay():
    from testbed.nostr_relay import NostrRelay

    with (
        NostrRelay(timeout=WAIT) as relay,
        RelayClient(relay.url, timeout=WAIT) as alice,
        RelayClient(relay.url, timeout=WAIT) as bob,
    ):
        bob.subscribe(CODE, wait=WAIT)  # its EOSE: the subscription is in place
        other = event(ALICE, "OTHER1", "another room")
        assert alice.publish(other, wait=WAIT)[2] is True, alice.replies
        first = event(ALICE, CODE, '{"v": 1, "to": "*", "h": 1}')
        ok = alice.publish(first, wait=WAIT)
        assert ok[:3] == ["OK", first["id"], True], alice.replies
        seen = received(bob, CODE, '{"v": 1, "to": "*", "h": 1}', mine=BOB.pubkey)
        # one more round, so anything of the other room would have come before it
        alice.publish(event(ALICE, CODE, "second"), wait=WAIT)
        seen += received(bob, CODE, "second", mine=BOB.pubkey)
        assert [check(e, CODE) for e in seen] == [
            (ALICE.pubkey, '{"v": 1, "to": "*", "h": 1}'),
            (ALICE.pubkey, "second"),
        ]
        assert all(e["tags"] == [["x", topic(CODE)]] for e in seen)
        assert alice.events() == []  # not subscribed: nothing queued for it
        # a forgery, refused by the relay (which then slows that socket down, hence a client
        # of its own), and texts that aren't Nostr: nothing of it reaches Bob
        with RelayClient(relay.url, timeout=WAIT) as mallory:
            mallory.send_raw("not json at all")
            mallory.send_raw('["EVENT"]')
            forged = {**event(ALICE, CODE, "forged"), "content": "AAAA"}
            refused = mallory.publish(forged, wait=WAIT)
            assert refused is not None and refused[2] is False, mallory.replies
            mallory.send_raw(b"\xff binary")  # (nostr-relay hangs up on a binary message)
            alice.publish(event(ALICE, CODE, "still here"), wait=WAIT)
            got = received(bob, CODE, "still here")
            assert [check(e, CODE)[1] for e in got] == ["still here"]
            assert alice.open and bob.open
    assert not alice.open and not bob.open


def test_a_frame_for_one_screen_opens_for_it_alone():
    """Sealed with the key two screens share (ECDH of their keys), as the browser seals what
    it says to one screen: the other screen opens it, a third with the room's code doesn't."""
    from testbed.nostr_client import Keys, check, event, pair_key

    alice, bob, carol = Keys(), Keys(), Keys()
    assert pair_key(alice, bob.pubkey, CODE) == pair_key(bob, alice.pubkey, CODE)
    ev = event(alice, CODE, "your token", to=bob.pubkey)
    assert check(ev, CODE, mine=bob) == (alice.pubkey, "your token")
    assert check(ev, CODE, mine=carol) is None and check(ev, CODE) is None
