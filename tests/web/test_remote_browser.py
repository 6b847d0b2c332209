"""Friends online for real (issue 23, item 7): pages of the shipped site (build/web/ as built),
each in a browser context of its own (another person's browser), meeting through a real Nostr
relay on 127.0.0.1 and playing over WebRTC, all inside a private network namespace the test
makes (testbed/netns.py; root, as CI runs).

Everything the players do goes through the browser, by mouse: the title's game, Who plays?
with "A friend online", the link opened by the friend (``#join=CODE``), each move (a click on
the card, a click where it goes), Stop!, Undo, End the game, a reload (F5), a killed tab. The
moves are chosen by a computer player reading the position from the page
(testbed/remote_play.py; the instrumentation is the driver's probes, testbed/client.py).
Every wait polls with a generous timeout.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from testbed.private_network import in_private_network

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


#: what Trystero logs as an error when the other page closed its connection on purpose (a
#: reload): the game goes on and the friend comes back; anything else logged is a fault
EXPECTED = ("Close called",)


def no_errors(*screens, expected=()):
    for s in screens:
        errors = [
            e for e in s.c.page.log_errors() if not any(x in e for x in EXPECTED + tuple(expected))
        ]
        assert errors == [], (s.name, errors)


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "relay only"])
def test_russian_bank_played_to_the_end_by_two_friends(site, private_network, direct):
    """A whole game: the host picks A friend online (its page reloaded in the waiting room
    still waits in the same room), the friend opens the link; moves by
    clicks on both screens; one slips and the other calls Stop!; the friend takes back their
    own move; each page reloads mid-game and is back at the same position; the game ends the
    same on both screens; the host's Play again deals the next game on both. Through the
    relays alone the pages keep to public relays' pacing, as a player's page does (the one
    whole game that pays for it: the other tests use the test relay as a relay of one's own)."""
    from testbed.measuring import spread
    from testbed.remote_play import Screen, agree, host, whole_game

    def body(url, relay, browser):
        a = Screen(browser, url, relay.url, "host", paced=not direct).open()
        code = host(a, "russian-bank", {"seat1": "remote"})
        assert a.room()["scene"] == "RoomScene" and len(code) == 6
        # the host's page reloads before the friend comes: the same room, so the link works
        a.reload()
        a.c.wait(
            f"(probe['room']() or {{}}).get('code') == {code!r} and "
            "probe['scene']() == 'RoomScene'",
            what="the waiting room after a reload",
        )
        b = Screen(browser, url, relay.url, "friend", paced=not direct).open(f"#join={code}")
        b.wait_table()
        a.wait_table()
        assert a.room()["local"] == [0] and b.room()["local"] == [1]
        # the link was used: a reload must not join again through it
        assert "#join" not in b.c.page.page.url
        screens = [a, b]
        # a slip and Stop!, the friend's Undo, a reload of each page, to the end
        played = whole_game(a, b, reloads=((20, 1), (60, 0)))

        # Play again: the host's end panel deals the room's next game on both screens
        for screen in screens:
            screen.c.wait("probe['view']()['modal'] == 'EndPanel'", what="the end panel")
        assert not b.c.probe("buttons") or "Play again" not in [x[0] for x in b.c.probe("buttons")]
        a.c.click_button("Play again")
        fresh = (
            "probe['view']()['modal'] is None and probe['room']()['ready'] and "
            "len(probe['state']()['moves']) == 0"
        )
        for screen in screens:
            screen.c.wait(fresh, 60, what=f"the next game at {screen.name}")
        again = agree(screens, what="the next game")
        assert again["moves"] == [] and a.room()["local"] == [0] and b.room()["local"] == [1]
        no_errors(a, b)
        return spread(played["latencies"])

    figures = in_private_network(site.folder, body, direct=direct)
    print("a move to the other screen (ms):", figures)


def shot(screen, name: str) -> None:
    """The page as its player sees it: test-artifacts/<name>.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    screen.c.page.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "relay only"])
def test_a_killed_tab_is_shown_away_and_a_stranger_finds_the_table_full(
    site, private_network, direct
):
    """The friend's tab is killed (no goodbye): the host sees them away within 12 s, with Wait
    and End the game; a third person with the code is told the table is full; ending the
    game ends it for good on the host's screen."""
    from testbed.chromium_processes import OwnBrowser
    from testbed.remote_play import Screen, greedy, host, kill, play_game

    def body(url, relay, browser):
        a = Screen(browser, url, relay.url, "host").open()
        code = host(a, "russian-bank", {"seat1": "remote"})
        own = OwnBrowser(browser)  # the friend's own Chromium, to be killed
        try:
            return killed(a, code, own, url, relay.url, browser)
        finally:
            own.close()

    def killed(a, code, own, url, relay_url, browser):
        b = Screen(own, url, relay_url, "friend").open(f"#join={code}")
        b.wait_table()
        play_game([a, b], {0: 0, 1: 1}, greedy("russian-bank"), moves=4)
        shot(a, "remote-host" + ("" if direct else "-relayed"))
        shot(b, "remote-friend" + ("" if direct else "-relayed"))

        c = Screen(browser, url, relay_url, "stranger").open(f"#join={code}")
        c.c.wait(
            "(probe['room']() or {}).get('ended') is not None",
            60,
            what="the stranger told the table is full",
        )
        assert "full" in c.room()["ended"]
        assert a.at_table() and not a.room()["away"]

        t0 = kill(b, own)
        at = a.c.wait(
            "1 in probe['room']()['away'] and probe['room']()['modal'] == 'AwayDialog'",
            30,
            what="the friend away",
        )
        away_ms = a.epoch(at) - t0
        shot(a, "remote-friend-away")
        assert away_ms <= 15000, away_ms
        a.c.click_button("End the game")
        a.c.wait(
            "probe['room']() is None or probe['room']()['ended'] is not None", what="the game ended"
        )
        no_errors(a, c)
        return away_ms

    away_ms = in_private_network(site.folder, body, direct=direct)
    print(f"a killed tab shown away after {away_ms:.0f} ms")


@pytest.mark.parametrize(
    "direct", [True, False, "one relayed"], ids=["direct", "relay only", "one relayed"]
)
def test_chinese_patience_on_three_screens(site, private_network, direct):
    """Three people at three screens: the host chooses three players with two friends online,
    both open the link, and they play by clicks, every screen agreeing on every move. A run of
    cards from one column to another is moved whenever one can be (clicked on its first
    card: the test's clicks took the top card alone, and a CI run timed out on it). Where the
    pages connect directly, where none can, and where one friend's page takes no direct
    connection (``?ice=relay``, no TURN server: the relay carries that screen's moves alone)."""
    from testbed.remote_play import Screen, greedy, host, play_game

    plain = greedy("chinese-patience")

    def choose(state):
        runs = [m for m in state.legal_moves() if m.count > 1 and m.source != m.target]
        return runs[0] if runs else plain(state)

    def body(url, relay, browser):
        a = Screen(browser, url, relay.url, "host").open()
        code = host(a, "chinese-patience", {"seat1": "remote", "seat2": "remote"}, players=3)
        b = Screen(browser, url, relay.url, "friend 1").open(f"#join={code}")
        c = Screen(browser, url, relay.url, "friend 2")
        if direct == "one relayed":
            c.relay_only()
        c.open(f"#join={code}")
        for s in (a, b, c):
            s.wait_table()
        seats = {s.room()["local"][0]: i for i, s in enumerate((a, b, c))}
        assert sorted(seats) == [0, 1, 2]
        played = play_game([a, b, c], seats, choose, moves=40)
        assert played["moves"] == 40 or played["state"].is_over()
        paths = [sorted(s.room()["paths"]) for s in (a, b, c)]
        if direct == "one relayed":  # the host reaches friend 1 directly, friend 2 by relay
            assert paths[0] == ["direct", "relays"] and paths[2] == ["relays"], paths
        else:
            assert set(sum(paths, [])) == {"direct" if direct else "relays"}, paths
        runs = [text for text in played["state"].to_dict()["moves"] if "x" in text]
        print(f"{len(runs)} runs of cards moved by clicks: {runs}; paths {paths}")
        no_errors(a, b, c)

    in_private_network(site.folder, body, direct=bool(direct))


def hostile_events(rng, code: str, real: list[dict], keys: list[str], n: int) -> list:
    """``n`` relay events no honest page sends (testbed/nostr_client.py makes them): real
    events replayed and reordered, re-signed by a stranger (then they don't open), forged
    signatures and ids, oversized, wrong topic, kind or age, sealed frames from a stranger who
    knows the code (a move for a seat it doesn't have), and things that aren't events."""
    import json
    import time

    from game.net.paths import frame
    from testbed.nostr_client import KIND, Keys, event, sign, topic

    strangers = [Keys() for _ in range(5)]
    now = int(time.time())
    out = []
    for i in range(n):
        kind = i % 9
        ev = dict(rng.choice(real))
        if kind == 0:  # replayed as it was (a relay sending it again, later, out of order)
            pass
        elif kind == 1:  # the content re-signed by a stranger: it doesn't open for that key
            ev = sign(rng.choice(strangers), ev)
        elif kind == 2:  # a forged signature
            sig = bytearray.fromhex(ev["sig"])
            sig[rng.randrange(64)] ^= 1 << rng.randrange(8)
            ev["sig"] = sig.hex()
        elif kind == 3:  # the content changed under the signature
            c = ev["content"]
            k = rng.randrange(len(c))
            ev["content"] = c[:k] + ("A" if c[k] != "A" else "B") + c[k + 1 :]
        elif kind == 4:  # oversized
            ev = sign(rng.choice(strangers), {**ev, "content": "A" * (70_000 + i % 100)})
        elif kind == 5:  # a stranger who knows the code: a move, a bye, an answer
            text = rng.choice(
                [
                    frame(
                        rng.choice(keys),
                        "guest",
                        rng.randrange(1, 4),
                        ["=" + json.dumps({"i": 1, "t": "move", "n": 1, "m": "r1-h3", "h": 0})],
                        0,
                    ),
                    frame("*", "host", 1, [], 0, bye=True),
                    frame(rng.choice(keys), "host", 1, [], 5, hello=True),
                ]
            )
            ev = event(rng.choice(strangers), code, text)
        elif kind == 6:  # another room, another kind, too old
            bad = rng.randrange(3)
            ev = event(
                rng.choice(strangers),
                code,
                "{}",
                created_at=now - 3600 if bad == 2 else None,
                kind=KIND + 1 if bad == 1 else KIND,
                tags=[["x", topic("OTHER1")]] if bad == 0 else None,
            )
        elif kind == 7:  # not an event
            ev = rng.choice(
                [
                    None,
                    7,
                    "x",
                    [],
                    {"id": 1},
                    {**ev, "tags": "x"},
                    {**ev, "created_at": "now"},
                    {**ev, "kind": 21061.0},
                ]
            )
        else:  # real ones, a field swapped between two of them
            other = rng.choice(real)
            ev["content"] = other["content"]
        out.append(ev)
    return out


def test_ten_thousand_hostile_relay_events_change_nothing(site, private_network):
    """Two pages that can't connect directly play through a real relay and a hostile one that
    passes anything on (testbed/hostile_relay.py); the hostile relay sends both pages 10,000
    events no honest page sends. No page raises, both tables stay where they were, and the
    game goes on."""
    import random

    from testbed.hostile_relay import HostileRelay
    from testbed.remote_play import Screen, agree, greedy, host, play_game

    def body(url, relay, browser):
        with HostileRelay() as hostile:
            relays = [relay.url, hostile.url]
            a = Screen(browser, url, relays, "host").open()
            code = host(a, "russian-bank", {"seat1": "remote"})
            b = Screen(browser, url, relays, "friend").open(f"#join={code}")
            b.wait_table()
            a.wait_table()
            screens, idx, choose = [a, b], {0: 0, 1: 1}, greedy("russian-bank")
            play_game(screens, idx, choose, moves=6)
            position = agree(screens, what="before the hostile events")
            real = [ev for ev in hostile.published if isinstance(ev, dict)]
            keys = sorted({ev["pubkey"] for ev in real})
            assert len(keys) >= 2 and hostile.subscribers() >= 2
            events = hostile_events(random.Random(7), code, real, keys, 10_000)
            t0 = time.monotonic()
            for k in range(0, len(events), 500):
                hostile.inject(events[k : k + 500])
            # (both pages have checked them all once an honest event behind them came through)
            for s in screens:
                s.c.wait("probe['room']()['paths'] == ['relays']", 300, what=f"{s.name} alive")
            assert agree(screens, what="after the hostile events", timeout_s=300) == position
            seconds = time.monotonic() - t0
            for s in screens:
                assert s.room()["ended"] is None
            play_game(screens, idx, choose, moves=4)
            agree(screens, what="the game going on")
            no_errors(a, b)
            return seconds

    seconds = in_private_network(site.folder, body, direct=False)
    print(f"10,000 hostile relay events into two pages: taken in {seconds:.1f} s")
