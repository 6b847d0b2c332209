"""Two paths, one link (game/net/paths.py): screens that can't reach each other directly play
through the relays, which lose, repeat and reorder; a direct path that comes or goes takes or
hands over without a text lost or doubled; screens meet by a round trip, leave by a bye or a
long silence; and nothing a carrier hands over (forged, replayed, reordered, oversized,
undecryptable) changes a table or raises (issue 32)."""

from __future__ import annotations

import json
import random
import secrets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import SharedTable, paths
from game.net.paths import DIRECT, RELAYS, frame, pieces, read_frame
from testbed.carriers import CarrierNet
from tests.net.test_remote import play_out, same, seeded_values  # noqa: F401  (the fixture)


def spin(transports, polls=100):
    """Poll every transport ``polls`` times; what each was given, in order."""
    got = {id(t): [] for t in transports}
    for _ in range(polls):
        for t in transports:
            got[id(t)] += t.poll()
    return [got[id(t)] for t in transports]


def texts(events, peer=None):
    return [d for k, p, d in events if k == "text" and (peer is None or p == peer)]


def met(net, code="ROOM42"):
    a, b = net.open(code, "host"), net.open(code, "guest")
    ea, eb = spin([a, b], 10)
    assert ("join", b.me, "guest") in ea and ("join", a.me, "host") in eb
    return a, b


# ---------------------------------------------------------------------- meeting and paths
def test_screens_meet_by_a_round_trip_and_take_the_direct_path_at_once():
    net = CarrierNet(direct=True)
    a, b = met(net)
    assert a.path(b.me) == DIRECT and b.path(a.me) == DIRECT
    before = len(a.carrier.published)
    a.send(b.me, "hello there")
    [_, eb] = spin([a, b], 2)
    assert texts(eb) == ["hello there"]
    assert len(a.carrier.published) == before  # the relays carried nothing of it
    assert a.ping_every(b.me) == paths.PING_EVERY_S[DIRECT]


def test_without_a_direct_path_the_relays_carry_the_texts_after_the_wait():
    net = CarrierNet(direct=False)
    a, b = met(net)
    assert a.path(b.me) == "" and b.path(a.me) == ""  # waiting for the direct path
    a.send(b.me, "one")
    since = a.screens[b.me].met
    for _ in range(200):
        if texts(spin([a, b], 1)[1]):
            break
    assert paths.DIRECT_WAIT_S <= net.now - since <= paths.DIRECT_WAIT_S + 0.5
    assert a.path(b.me) == RELAYS
    assert a.ping_every(b.me) == paths.PING_EVERY_S[RELAYS] > paths.PING_EVERY_S[DIRECT]


def test_an_old_hello_replayed_starts_nothing():
    net = CarrierNet(direct=False)
    a = net.open("ROOM42", "host")
    ghost = secrets.token_hex(32)
    hello = frame(paths.EVERYONE, "guest", 1, [], 0, hello=True)
    net.inject(a, ("post", ghost, hello))
    [ea] = spin([a], 100)
    assert not [e for e in ea if e[0] == "join"]  # the ghost never answered


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    loss=st.floats(0, 0.5),
    repeat=st.floats(0, 0.5),
    reorder=st.floats(0, 0.5),
    sizes=st.lists(st.integers(0, 60_000), min_size=1, max_size=12),
)
def test_through_lossy_relays_every_text_comes_once_and_in_order(
    seed, loss, repeat, reorder, sizes
):
    net = CarrierNet(direct=False, loss=loss, repeat=repeat, reorder=reorder, seed=seed)
    a, b = net.open("ROOM42", "host"), net.open("ROOM42", "guest")
    got_a, got_b = [], []

    def step(polls=1):
        """Poll both; each says "ping" every 5 s of the clock once it has joined the other
        (as the session does): an idle pair falls silent and leaves (LEAVE_S)."""
        for _ in range(polls):
            if round(net.now / net.step) % int(5 / net.step) < 2:
                a.send(b.me, "ping")
                b.send(a.me, "ping")
            x, y = spin([a, b], 1)
            got_a.extend(t for t in texts(x) if t != "ping")
            got_b.extend(t for t in texts(y) if t != "ping")
            joins[0] = joins[0] or any(e[0] == "join" for e in x)
            joins[1] = joins[1] or any(e[0] == "join" for e in y)

    joins = [False, False]
    for _ in range(2000):  # lost hellos are said again
        if all(joins):
            break
        step()
    rng = random.Random(seed)
    sent_ab = [f"{i}:" + "x" * n for i, n in enumerate(sizes)]
    sent_ba = [f"{i}:" + "é" * rng.randrange(0, 3000) for i in range(len(sizes))]
    for i in range(len(sizes)):
        a.send(b.me, sent_ab[i])
        b.send(a.me, sent_ba[i])
        step(rng.randrange(0, 5))
    for _ in range(6000):
        if len(got_a) >= len(sent_ba) and len(got_b) >= len(sent_ab):
            break
        step()
    assert got_b == sent_ab and got_a == sent_ba


def test_the_direct_path_going_down_and_up_loses_and_doubles_nothing():
    net = CarrierNet(direct=True, seed=5)
    a, b = met(net)
    got = []
    for i in range(300):
        if i == 40:
            net.cut(a, b)  # what was in flight is sent again, through the relays
        if i == 200:
            net.join(a, b)
        a.send(b.me, f"m{i}")
        got += texts(spin([a, b], 1)[1])
        if i == 100:
            assert a.path(b.me) == RELAYS
    got += texts(spin([a, b], 200)[1])
    assert got == [f"m{i}" for i in range(300)]
    assert a.path(b.me) == DIRECT


def test_a_bye_leaves_at_once_and_silence_leaves_after_a_while():
    net = CarrierNet(direct=False)
    a, b = met(net)
    b.close()
    [ea] = spin([a], 2)
    assert ("leave", b.me, "") in ea
    c = net.open("ROOM42", "guest")
    ea, ec = spin([a, c], 10)
    assert ("join", c.me, "guest") in ea
    c.carrier.kill()  # a killed tab: no bye
    [ea] = spin([a], int(paths.LEAVE_S / net.step) - 20)
    assert ("leave", c.me, "") not in ea
    [ea] = spin([a], 40)
    assert ("leave", c.me, "") in ea
    # a key that left never comes back (a replay of its frames)
    net.inject(a, ("post", c.me, frame(a.me, "guest", 1, ["=hi"], 0)))
    assert spin([a], 3) == [[]]


def test_with_every_relay_down_no_one_leaves_and_the_room_says_so():
    net = CarrierNet(direct=False)
    a, b = met(net)
    spin([a, b], 80)
    net.set_relays(False)
    ea, eb = spin([a, b], int(2 * paths.LEAVE_S / net.step))
    assert ("status", "", "offline") in ea and ("status", "", "offline") in eb
    assert not [e for e in ea + eb if e[0] == "leave"]
    a.send(b.me, "still here")
    net.set_relays(True)
    ea, eb = spin([a, b], 400)  # (the resend waits grew meanwhile)
    assert ("status", "", "open") in ea and texts(eb) == ["still here"]


def test_relay_events_per_minute_of_a_quiet_table_stay_low():
    """Two screens at rest on the relays (the session pinging every 5 s each way): what each
    publishes in a minute of the net's clock."""
    net = CarrierNet(direct=False)
    a, b = met(net)
    spin([a, b], 100)
    start = len(a.carrier.published), len(b.carrier.published)
    for _ in range(int(60 / 5)):  # a ping each way every 5 s
        a.send(b.me, '{"t":"ping"}')
        b.send(a.me, '{"t":"ping"}')
        spin([a, b], int(5 / net.step / 2))
    per_minute = [len(a.carrier.published) - start[0], len(b.carrier.published) - start[1]]
    assert max(per_minute) <= 30, per_minute


def test_a_busy_table_on_the_relays_batches_within_sixty_events_a_minute():
    """Two screens sending 240 texts a minute each way (a computer's pace, not a person's):
    each page still publishes at most RELAY_RATE a second after its first burst, texts
    batched, every text delivered in order."""
    net = CarrierNet(direct=False)
    a, b = met(net)
    spin([a, b], 100)
    start = len(a.carrier.published), len(b.carrier.published)
    got_a, got_b = [], []
    for i in range(240):  # a minute: 0.25 s of the clock between sends
        a.send(b.me, f"a{i}")
        b.send(a.me, f"b{i}")
        x, y = spin([a, b], int(0.25 / net.step / 2))
        got_a += texts(x)
        got_b += texts(y)
    per_minute = [len(a.carrier.published) - start[0], len(b.carrier.published) - start[1]]
    assert max(per_minute) <= 60 * paths.RELAY_RATE + paths.RELAY_BURST, per_minute
    for _ in range(400):
        x, y = spin([a, b], 1)
        got_a += texts(x)
        got_b += texts(y)
    assert got_b == [f"a{i}" for i in range(240)] and got_a == [f"b{i}" for i in range(240)]


def test_relays_of_ones_own_are_used_as_fast_as_asked():
    """A player who names relays of their own (?relay= with ?relay_rate=, or --relay with
    --relay-rate) may ask for more than public relays allow: the same busy minute publishes
    more events, at most the rate asked, every text delivered in order. Without relays of
    one's own, or with a rate that is no number above 0, a page keeps to public relays'."""
    assert paths.relay_rate("5", own_relays=True) == 5.0
    assert paths.relay_rate(12.5, own_relays=True) == 12.5
    assert paths.relay_rate("5", own_relays=False) == paths.RELAY_RATE
    for asked in (None, "", "fast", "0", "-3", "inf", "nan"):
        assert paths.relay_rate(asked, own_relays=True) == paths.RELAY_RATE, asked
    net = CarrierNet(direct=False, relay_rate=10.0)
    a, b = met(net)
    spin([a, b], 100)
    start = len(a.carrier.published)
    got = []
    for i in range(240):  # a minute: 0.25 s of the clock between sends
        a.send(b.me, f"a{i}")
        got += texts(spin([a, b], int(0.25 / net.step / 2))[1])
    published = len(a.carrier.published) - start
    assert 60 * paths.RELAY_RATE + paths.RELAY_BURST < published <= 60 * 10 + paths.RELAY_BURST
    for _ in range(100):
        got += texts(spin([a, b], 1)[1])
    assert got == [f"a{i}" for i in range(240)]


def test_frames_are_checked_and_texts_cut_into_pieces():
    assert pieces("") == ["="] and pieces("ab") == ["=ab"]
    long = "x" * (paths.PIECE * 2 + 5)
    assert "".join(p[1:] for p in pieces(long)) == long
    assert [p[0] for p in pieces(long)] == ["+", "+", "="]
    good = frame("*", "host", 1, ["=a"], 0, hello=True)
    assert read_frame(good)["hello"] is True
    for bad in (
        None,
        3,
        "",
        "[]",
        "{}",
        "x" * (paths.MAX_FRAME + 1),
        good.replace('"v":1', '"v":2'),
        good.replace('"host"', '"admin"'),
        good.replace('"s":1', '"s":0'),
        good.replace('"a":0', '"a":-1'),
        good.replace('"a":0', '"a":1.5'),
        good.replace('"=a"', '"a"'),
        good.replace('"=a"', '""'),
        good.replace('"to":"*"', '"to":"me"'),
        good.replace('"m":["=a"]', '"m":"=a"'),
        good.replace('"s":1', '"s":true'),
    ):
        assert read_frame(bad) is None, bad


# ---------------------------------------------------------------------- whole games
def bank_room(net, code="ROOM42"):
    host = SharedTable.host(
        net.open(code, "host"), code, "russian-bank", seats=("human", "remote"), mode="stop"
    )
    guest = SharedTable.join(net.open(code, "guest"), code)
    for _ in range(400):
        host.advance(5)
        guest.advance(5)
        if host.ready and guest.ready:
            break
    assert host.ready and guest.ready
    return host, guest


def reload(net, code, table, others):
    """The page of ``table`` reloaded (a new key), back at its table: the new table, once
    every screen is seated at the same position again."""
    saved = table.save()
    table.transport.close()
    back = SharedTable.resume(net.open(code, table.role), saved)
    tables = [back, *others]
    for r in range(2000):
        for t in tables:
            t.advance(5)
        if (
            r > 100
            and all(t.ready for t in tables)
            and len({str(t.session.state.to_dict()) for t in tables}) == 1
        ):
            break
    guest = back if back.role == "guest" else others[0]
    assert guest.host_here() and guest.ready
    return back


@pytest.mark.parametrize("loss", [0.0, 0.25])
def test_russian_bank_to_the_end_through_the_relays_with_reloads(loss):
    net = CarrierNet(direct=False, loss=loss, repeat=0.1, reorder=0.1, seed=11)
    host, guest = bank_room(net)
    with pytest.raises(AssertionError, match="no end"):
        play_out(host.session, [guest.session], rooms=[host, guest], rounds=8, slips=0.2)
    guest = reload(net, "ROOM42", guest, [host])
    assert guest.ready and guest.session.local_seats == [1]
    same(host.session, [guest.session])
    with pytest.raises(AssertionError, match="no end"):
        play_out(host.session, [guest.session], rooms=[host, guest], rounds=8, slips=0.2)
    host = reload(net, "ROOM42", host, [guest])
    assert host.ready and guest.ready
    play_out(host.session, [guest.session], rooms=[host, guest], slips=0.2)
    same(host.session, [guest.session])
    assert host.session.faults == 0 and guest.session.faults == 0


# ---------------------------------------------------------------------- hostile carriers
def hostile(rng, victim, seated, old_frames):
    """One carrier event no honest page would hand over."""
    me = victim.me
    stranger = secrets.token_hex(32)
    pick = rng.randrange(9)
    if pick == 0:  # a replay of a real frame, from the screen that sent it
        return ("post", seated, rng.choice(old_frames))
    if pick == 1:  # the same frame, reordered into the future or the past, new items
        f = json.loads(rng.choice(old_frames))
        f["s"] = rng.choice([1, max(1, f["s"] - 3), f["s"] + rng.randrange(1, 600)])
        f["m"] = ["=" + json.dumps({"i": rng.randrange(1, 50), "t": "move"})]
        return ("post", stranger, json.dumps(f))
    if pick == 2:  # oversized
        return ("post", seated, "x" * (paths.MAX_FRAME + rng.randrange(1, 5000)))
    if pick == 3:  # what didn't open (the page drops it; here as garbage through)
        return ("post", stranger, secrets.token_urlsafe(rng.randrange(1, 200)))
    if pick == 4:  # a forged key, a frame to the victim with a move in it
        return ("post", stranger, frame(me, "guest", 1, ['={"i":1,"t":"hello"}'], 0))
    if pick == 5:  # a stranger claims the direct path
        return (
            rng.choice(["up", "down", "direct"]),
            stranger,
            rng.choice(["host", "guest", frame(me, "host", 1, ["=x"], 0)]),
        )
    if pick == 6:  # the wrong shapes
        return rng.choice(
            [
                None,
                42,
                ("post",),
                ("post", 1, 2),
                ["post", "x" * 64, "{}"],
                ("relays", "", "nine"),
                ("post", "", "{}"),
                ("up", me, "host"),
            ]
        )
    if pick == 7:  # a bye forged by someone else (not from the seated key)
        return ("post", stranger, frame("*", "guest", 1, [], 0, bye=True))
    # from the seated screen itself (a changed page): acknowledgements beyond what was sent,
    # numbers far ahead, pieces that never end
    return (
        "post",
        seated,
        frame(me, rng.choice(["host", "guest"]), 10**6, ["+" + "y" * paths.PIECE] * 3, 10**9),
    )


def test_ten_thousand_hostile_carrier_events_change_nothing():
    net = CarrierNet(direct=False, seed=2)
    host, guest = bank_room(net)
    with pytest.raises(AssertionError, match="no end"):
        play_out(host.session, [guest.session], rooms=[host, guest], rounds=4, slips=0)
    for _ in range(100):
        host.advance(5)
        guest.advance(5)
    frames = {t: list(t.transport.carrier.published) for t in (host, guest)}
    before = (host.session.to_dict(), guest.session.to_dict())
    rng = random.Random(32)
    for i in range(10_000):
        victim, other = (host, guest) if i % 2 else (guest, host)
        seated = other.transport.me
        net.inject(victim.transport, hostile(rng, victim.transport, seated, frames[other]))
        if i % 25 == 0:
            victim.pump()  # read the room only: no one plays meanwhile
    host.pump()
    guest.pump()
    assert (host.session.to_dict(), guest.session.to_dict()) == before
    assert host.session.faults == 0 and guest.session.faults == 0
    assert host.ready and guest.ready
    # and the game goes on between the two seated screens
    play_out(host.session, [guest.session], rooms=[host, guest], slips=0)
    same(host.session, [guest.session])
