"""The desktop's transport (game/net/desktop/, issue 36): rooms met on real Nostr relays on
127.0.0.1 (testbed/nostr_relay.py) by Python alone, each screen a RelayCarrier under the
browser's own TwoPaths. Two desktop screens meet and play; a relay stopped mid-game is
survived; 10,000 hostile relay events change nothing; a friend's message wakes the frame
loop; the relays a desktop meets on by default are the page's (Trystero's pick). The desktop
with a browser page at one table: tests/web/test_desktop_browser.py.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from game.ai.players import computer_player
from game.net import SharedTable, desktop, new_code
from game.net.desktop.carrier import RelayCarrier
from game.net.paths import TwoPaths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def relay():
    from testbed.nostr_relay import NostrRelay

    with NostrRelay() as r:
        yield r


def seen(table) -> list:
    """Every carrier event the table's transport took so far (recorded by ``recording``)."""
    return getattr(table.transport.carrier, "taken", [])


@pytest.fixture(autouse=True)
def recording(monkeypatch):
    """Each carrier keeps what its poll handed over (for the tests to look at)."""
    original = RelayCarrier.poll

    def poll(self):
        out = original(self)
        self.taken = getattr(self, "taken", []) + out
        return out

    monkeypatch.setattr(RelayCarrier, "poll", poll)


def until(check, timeout_s: float, what: str, tables=()):
    """Advance the tables (each frame: 5 ms) until ``check()``; AssertionError after the
    timeout, saying what was waited for."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        for t in tables:
            t.advance(5)
        if check():
            return
        time.sleep(0.01)
    raise AssertionError(f"waited {timeout_s} s for {what}")


def meet(urls, game="russian-bank", seats=("human", "remote"), wake=None):
    code = new_code()
    host = SharedTable.host(
        desktop.open_room(code, "host", urls=urls, wake=wake), code, game, seats=seats
    )
    guest = SharedTable.join(TwoPaths(RelayCarrier(code, urls), "guest"), code)
    until(lambda: host.ready and guest.ready, 60, "the deal agreed", [host, guest])
    return code, host, guest


def play(host, guest, moves: int) -> None:
    """``moves`` moves, each by the screen whose person is to move, chosen by the computer's
    easy player; after each, both screens agree."""
    tables = [host, guest]
    for _ in range(moves):
        state = host.session.state
        if state.is_over():
            return
        screen = next(t for t in tables if state.current_player in t.session.local_seats)
        bot = computer_player(state.game_id, "easy", seed=1)
        screen.session.play(bot.choose(screen.session.state))
        n = len(screen.session.state.history)
        until(
            lambda n=n: (
                all(len(t.session.state.history) >= n for t in tables)
                and host.session.state.to_dict() == guest.session.state.to_dict()
            ),
            60,
            f"move {n} on both screens",
            tables,
        )


def test_two_desktop_screens_meet_on_a_relay_and_play(relay):
    wakes = []
    code, host, guest = meet([relay.url], wake=lambda: wakes.append(time.monotonic()))
    assert host.session.local_seats == [0] and guest.session.local_seats == [1]
    assert host.paths() == ["relays"] and guest.paths() == ["relays"]
    play(host, guest, 12)
    assert wakes, "the network never woke the frame loop"
    assert host.transport.carrier.me != guest.transport.carrier.me
    guest.close()
    host.close()


def test_a_relay_stopped_mid_game_is_survived():
    from testbed.nostr_relay import NostrRelay

    with NostrRelay() as one, NostrRelay() as two:
        code, host, guest = meet([one.url, two.url])
        play(host, guest, 4)
        two.__exit__(None, None, None)  # a relay gone mid-game
        until(
            lambda: any(e == ("relays", "", "1/2") for e in seen(host)),
            30,
            "the host told one relay of two is reached",
            [host, guest],
        )
        play(host, guest, 6)
        assert host.status == "open" and guest.status == "open"
        host.close()
        guest.close()


@pytest.mark.slow  # (10,000 signatures checked: about 10 s of CPU)
def test_ten_thousand_hostile_relay_events_change_nothing(relay):
    """A relay that passes anything on sends both desktop screens 10,000 events no honest
    screen sends (tests/web/test_remote_browser.py's ``hostile_events``): nothing raises,
    both tables stay where they were, and the game goes on."""
    from testbed.hostile_relay import HostileRelay
    from tests.web.test_remote_browser import hostile_events

    with HostileRelay() as hostile:
        code, host, guest = meet([relay.url, hostile.url])
        play(host, guest, 4)
        position = host.session.state.to_dict()
        real = [ev for ev in hostile.published if isinstance(ev, dict)]
        keys = sorted({ev["pubkey"] for ev in real})
        assert len(keys) == 2
        events = hostile_events(random.Random(11), code, real, keys, 10_000)
        for k in range(0, len(events), 500):
            hostile.inject(events[k : k + 500])
            for t in (host, guest):
                t.advance(5)
        end = time.monotonic() + 10
        while time.monotonic() < end:  # (what the readers took is handed over and refused)
            for t in (host, guest):
                t.advance(5)
            time.sleep(0.01)
        assert host.session.state.to_dict() == position == guest.session.state.to_dict()
        assert host.session.ended is None and guest.session.ended is None
        play(host, guest, 4)
        host.close()
        guest.close()


def test_a_message_wakes_the_resting_frame_loop(relay):
    """The client's rest (game/ui/sleep_at_rest.py) ends when a friend's message comes: the carrier
    calls ``wake`` from its thread as it queues the message."""
    import os

    import pygame

    from game.ui import sleep_at_rest as resting

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    code = new_code()
    a = RelayCarrier(code, [relay.url], wake=resting.wake)
    b = RelayCarrier(code, [relay.url])
    try:
        for c in (a, b):
            end = time.monotonic() + 30
            while not any(e == ("relays", "", "1/1") for e in c.poll()):
                assert time.monotonic() < end, "no relay reached"
                time.sleep(0.02)
        from tests.support.client import run_coroutine

        def timed_rest(ms: float, publish: bool = False) -> float:
            t0 = time.perf_counter()
            if publish:
                b.publish('{"v": 1, "to": "*", "r": "guest", "s": 1, "m": [], "a": 0, "h": 1}')
            run_coroutine(resting.rest(ms), 1000, "the rest never ended")
            return time.perf_counter() - t0

        pygame.event.clear()
        timed_rest(100)  # (a wake from the relays' news before is used up)
        assert timed_rest(300) >= 0.25  # nothing came: the rest lasts
        took = timed_rest(1000, publish=True)
        assert took < 0.95, f"a rest of 1 s went on {took:.2f} s after a message came"
        assert [k for k, key, _ in a.poll() if key == b.me] == ["post"]
    finally:
        a.close()
        b.close()


def test_closing_says_goodbye_and_the_other_screen_sees_it_leave(relay):
    code, host, guest = meet([relay.url])
    t0 = time.monotonic()
    guest.close()  # the app closed: its goodbye on the relay
    until(lambda: host.paths() == [], 10, "the host told of the goodbye", [host])
    assert time.monotonic() - t0 < 10
    host.close()


def test_a_bad_code_or_role_is_refused():
    for code, role in (("k7pq2m", "host"), ("K7", "guest"), ("K7PQ2M", "judge"), (7, "host")):
        with pytest.raises(ValueError):
            desktop.open_room(code, role, urls=[])


def test_the_default_relays_are_the_ones_the_page_meets_on():
    """A desktop started without --relay and a page opened without ?relay= must meet:
    desktop.DEFAULT_RELAYS is Trystero's pick for the app id (web/net/bridge.js's getRelays),
    asked of the pinned Trystero itself."""
    node = shutil.which("node")
    modules = ROOT / "web" / "net" / "node_modules"
    if node is None or not modules.exists():
        pytest.fail("node and web/net's npm packages are needed: npm ci --prefix web/net")
    script = ROOT / "web" / "net" / "_default_relays.mjs"
    script.write_text(
        'import {getRelays} from "@trystero-p2p/core";\n'
        'import {defaultRelayUrls} from "trystero/nostr";\n'
        'console.log(JSON.stringify(getRelays({appId: "patience-parlour", relayConfig: null},'
        " defaultRelayUrls, 5, true)));\n"
    )
    try:
        out = subprocess.run(
            [node, str(script)], capture_output=True, text=True, timeout=60, cwd=script.parent
        )
    finally:
        script.unlink()
    assert out.returncode == 0, out.stderr
    assert tuple(json.loads(out.stdout)) == desktop.DEFAULT_RELAYS


def test_the_relays_given_replace_the_default(monkeypatch):
    monkeypatch.delenv(desktop.RELAYS_ENV, raising=False)
    assert desktop.relays() == list(desktop.DEFAULT_RELAYS)
    monkeypatch.setenv(
        desktop.RELAYS_ENV, "ws://127.0.0.1:7000 https://not.a.relay wss://r.example"
    )
    assert desktop.relays() == ["ws://127.0.0.1:7000", "wss://r.example"]


def test_the_desktop_keeps_to_the_rate_asked_for_relays_of_its_own(monkeypatch):
    """``python -m game --relay ADDRESS --relay-rate N``: the app publishes as fast as its own
    relays allow; --relay-rate without --relay, or not above 0, is refused; without relays of
    its own, public relays' rate whatever was asked."""
    from game.__main__ import run
    from game.net.paths import RELAY_RATE

    for args in (["--relay-rate", "5"], ["--relay", "ws://127.0.0.1:9", "--relay-rate", "0"]):
        with pytest.raises(SystemExit):
            run(args)
    monkeypatch.setenv(desktop.RELAYS_ENV, "ws://127.0.0.1:9")
    monkeypatch.setenv(desktop.RELAY_RATE_ENV, "7")
    transport = desktop.open_room(new_code(), "host")
    try:
        assert transport.relay_rate == 7.0
    finally:
        transport.close()
    monkeypatch.delenv(desktop.RELAYS_ENV)
    transport = desktop.open_room(new_code(), "host", urls=["ws://127.0.0.1:9"])
    try:
        assert transport.relay_rate == RELAY_RATE
    finally:
        transport.close()
