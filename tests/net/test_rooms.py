"""Rooms (game/net/room.py): screens meet in a room by its code, the host's table starts
once a friend is there for every remote seat, reloads sit down again, strangers find it full,
and nothing a transport gives can break a screen."""

from __future__ import annotations

import json
import random

import pytest

from game.net import CODE_LETTERS, MemoryRelay, SharedTable, clean_code, new_code
from game.net.protocol import PROTOCOL
from tests.net.test_remote import play_out, same, seeded_values  # noqa: F401  (the fixture)


def run(tables, rounds=30):
    for _ in range(rounds):
        for t in tables:
            t.advance(5)


def bank_room():
    relay = MemoryRelay()
    code = new_code()
    host = SharedTable.host(
        relay.open(code, "host"), code, "russian-bank", seats=("human", "remote"), mode="stop"
    )
    guest = SharedTable.join(relay.open(code, "guest"), code)
    run([host, guest])
    return relay, code, host, guest


def play_out_some(host, guest, moves=12):
    """Play until ``moves`` moves are on the table (the game not over)."""
    with pytest.raises(AssertionError, match="no end"):
        play_out(host.session, [guest.session], rooms=[host, guest], rounds=1 + moves // 2, slips=0)
    run([host, guest])
    assert len(host.session.state.history) >= 2


def test_codes_are_short_readable_and_typed_any_way():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(CODE_LETTERS) for c in codes)
    assert clean_code(" k7pq-2m ") == "K7PQ2M"
    assert clean_code("https://example.org/parlour/#join=K7PQ2M") == "K7PQ2M"
    for bad in ("", "ab", "K7PQ2M!", None, 42, "x" * 3000, "#join="):
        assert clean_code(bad) is None


def test_a_host_and_a_friend_meet_by_the_code_and_play_to_the_end():
    relay, code, host, guest = bank_room()
    assert host.ready and guest.ready
    assert host.session.local_seats == [0] and guest.session.local_seats == [1]
    assert host.session.state.to_dict() == guest.session.state.to_dict()
    play_out(host.session, [guest.session], rooms=[host, guest])
    same(host.session, [guest.session])


def test_the_host_waits_in_the_lobby_until_every_friend_is_there():
    relay, code = MemoryRelay(), "ROOM42"
    host = SharedTable.host(
        relay.open(code, "host"),
        code,
        "chinese-patience",
        seats=("human", "remote", "remote"),
        players=3,
    )
    run([host])
    assert host.waiting() == 2 and host.session is None
    first = SharedTable.join(relay.open(code, "guest"), code)
    run([host, first])
    assert host.waiting() == 1 and not first.ready
    # a friend who comes and goes before the deal just comes and goes (a reload)
    first.transport.close()
    run([host])
    assert host.waiting() == 2
    first = SharedTable.join(relay.open(code, "guest"), code)
    run([host, first])
    assert host.waiting() == 1
    second = SharedTable.join(relay.open(code, "guest"), code)
    run([host, first, second])
    assert host.ready and first.ready and second.ready
    assert sorted(first.session.local_seats + second.session.local_seats) == [1, 2]


def test_a_third_visitor_finds_the_table_full():
    relay, code, host, guest = bank_room()
    third = SharedTable.join(relay.open(code, "guest"), code)
    run([host, guest, third])
    assert not third.ready
    assert third.session.ended or any("full" in n for n in third.session.notices)
    assert host.ready and guest.ready


def reload(relay, code, table, others):
    """The page of ``table`` reloaded: its room left, the others go on, a new page takes up
    what it kept; the new table, once the others and it have advanced."""
    saved = table.save()
    table.transport.close()
    run(others)
    back = SharedTable.resume(relay.open(code, table.role), saved)
    run([back, *others])
    return back


def test_a_reloaded_guest_sits_again_at_the_same_position():
    relay, code, host, guest = bank_room()
    play_out_some(host, guest)
    back = reload(relay, code, guest, [host])
    assert back.ready and back.session.local_seats == [1]
    same(host.session, [back.session])
    play_out(host.session, [back.session], rooms=[host, back])


def test_a_reloaded_host_takes_its_friend_back():
    relay, code, host, guest = bank_room()
    play_out_some(host, guest)
    host2 = reload(relay, code, host, [guest])
    assert host2.ready and guest.ready
    assert guest.session.local_seats == [1]
    same(host2.session, [guest.session])
    play_out(host2.session, [guest.session], rooms=[host2, guest])


def test_a_killed_tab_falls_silent_and_is_shown_away(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("game.net.links.clock", lambda: now[0])
    relay, code, host, guest = bank_room()
    guest.transport.kill()
    for _ in range(3):
        now[0] += 5
        run([host], rounds=2)
    assert host.session.away() == [1]


def test_saves_before_the_deal_and_bad_saves():
    relay, code = MemoryRelay(), "ROOM42"
    host = SharedTable.host(
        relay.open(code, "host"),
        code,
        "russian-bank",
        seats=("human", "remote"),
        match_target=500,
        mode="strict",
    )
    kept = json.loads(json.dumps(host.save()))  # the waiting room, to open again
    assert kept["session"]["lobby"] == {
        "game": "russian-bank",
        "seats": ["human", "remote"],
        "options": {"mode": "strict"},
        "match_target": 500,
    }
    lobby = {"remote": PROTOCOL, "role": "host", "lobby": kept["session"]["lobby"]}
    for bad in (
        None,
        {},
        {"code": "x"},
        {"code": "ROOM42", "session": {}},
        {"code": "ROOM42", "session": {"remote": PROTOCOL, "role": "guest", "token": "?"}},
        {"code": "ROOM42", "session": {**lobby, "lobby": None}},
        {"code": "ROOM42", "session": {**lobby, "lobby": {**lobby["lobby"], "game": "spider"}}},
        {"code": "ROOM42", "session": {**lobby, "lobby": {**lobby["lobby"], "seats": ["human"]}}},
        {"code": "ROOM42", "session": {**lobby, "lobby": {**lobby["lobby"], "match_target": 7}}},
        {
            "code": "ROOM42",
            "session": {**lobby, "lobby": {**lobby["lobby"], "options": {"mode": 3}}},
        },
    ):
        with pytest.raises(ValueError):
            SharedTable.resume(relay.open(code, "guest"), bad)


def test_a_host_reloaded_in_the_waiting_room_waits_in_the_same_room():
    """The host sent the link and its page reloaded (a phone turned, a tab brought back)
    before the friend came: the same room opens again, so the link still works, with the
    same game, seats, options and match."""
    relay, code = MemoryRelay(), "ROOM42"
    host = SharedTable.host(
        relay.open(code, "host"),
        code,
        "russian-bank",
        seats=("human", "remote"),
        match_target=500,
        mode="strict",
    )
    run([host])
    host = reload(relay, code, host, [])
    assert host.role == "host" and host.waiting() == 1 and host.session is None
    guest = SharedTable.join(relay.open(code, "guest"), code)
    run([host, guest])
    assert host.ready and guest.ready
    assert guest.session.match_target == 500 and guest.session.options["mode"] == "strict"
    assert host.session.state.to_dict() == guest.session.state.to_dict()


def test_a_friend_reloaded_while_waiting_for_the_host_joins_when_the_host_comes():
    """The friend opened the link before the host's page was there, and reloaded (the page
    took the code from the link, then cleared it): it is still joining that room."""
    relay, code = MemoryRelay(), "ROOM42"
    guest = SharedTable.join(relay.open(code, "guest"), code)
    run([guest])
    kept = guest.save()
    assert kept["session"] == {"remote": PROTOCOL, "role": "guest", "token": None}
    guest = reload(relay, code, guest, [])
    host = SharedTable.host(
        relay.open(code, "host"), code, "russian-bank", seats=("human", "remote")
    )
    run([host, guest])
    assert host.ready and guest.ready
    assert guest.save()["session"]["token"] == guest.session.token is not None


def test_the_three_screens_waiting_room_survives_the_hosts_reload():
    """Chinese Patience for three: one friend is in the room, the other still to come, and the
    host's page reloads. The friend there follows the new page into the waiting room (it had
    no seat yet), the second friend comes, and the deal is agreed by all three."""
    relay, code = MemoryRelay(), "ROOM42"
    host = SharedTable.host(
        relay.open(code, "host"),
        code,
        "chinese-patience",
        seats=("human", "remote", "remote"),
        players=3,
    )
    first = SharedTable.join(relay.open(code, "guest"), code)
    run([host, first])
    assert host.waiting() == 1 and not first.ready
    host = reload(relay, code, host, [first])
    second = SharedTable.join(relay.open(code, "guest"), code)
    run([host, first, second])
    assert host.ready and first.ready and second.ready
    assert sorted([first.session.seat, second.session.seat]) == [1, 2]


def test_a_wrong_table_is_refused_before_anyone_joins():
    relay = MemoryRelay()
    with pytest.raises(ValueError):
        SharedTable.host(
            relay.open("ROOM42", "host"), "ROOM42", "russian-bank", seats=("human", "human")
        )
    with pytest.raises(ValueError):
        SharedTable.host(
            relay.open("ROOM42", "host"), "ROOM42", "spider", seats=("human", "remote")
        )


class Garbage:
    """A transport that gives anything at all."""

    def __init__(self, rng):
        self.rng = rng

    def poll(self):
        r = self.rng
        pick = r.choice(
            [
                lambda: None,
                lambda: 42,
                lambda: [None],
                lambda: [("join",)],
                lambda: [("join", "p", "host")],
                lambda: [("join", "p", "guest")],
                lambda: [("join", "p", "admin")],
                lambda: [("leave", "p", "")],
                lambda: [("text", "p", "{}")],
                lambda: [("text", "q", "x" * 70000)],
                lambda: [("text", "p", f'{{"i":1,"t":"hello","v":{PROTOCOL},"token":null}}')],
                lambda: [("join", str(r.random()), "guest")],
                lambda: [(1, 2, 3)],
                lambda: [("status", "", "failed: nope")],
                lambda: [["join", "p", "host"]],
            ]
        )
        return pick()

    def send(self, peer, text):
        if self.rng.random() < 0.1:
            raise OSError("broken")

    def close(self):
        raise OSError("broken")


@pytest.mark.parametrize("role", ["host", "guest"])
def test_nothing_a_transport_gives_breaks_a_screen(role):
    rng = random.Random(role)
    if role == "host":
        table = SharedTable.host(Garbage(rng), "ROOM42", "russian-bank", seats=("human", "remote"))
    else:
        table = SharedTable.join(Garbage(rng), "ROOM42")
    for _ in range(3000):
        table.advance(1)
    table.close()
    assert table.session is None or table.session.faults == 0


# ---------------------------------------------------------------------- playing again
def test_play_again_in_the_same_room_with_a_new_fair_deal():
    relay, code, host, guest = bank_room()
    assert not host.can_play_again()  # not before the game is over
    with pytest.raises(ValueError):
        host.play_again()
    play_out(host.session, [guest.session], rooms=[host, guest])
    first_host, first_guest = host.session, guest.session
    assert host.can_play_again() and not guest.can_play_again()  # the host's to offer
    host.play_again()
    run([host, guest])
    assert host.ready and guest.ready and host.game == guest.game == 2
    assert host.session is not first_host and guest.session is not first_guest
    assert host.session.local_seats == [0] and guest.session.local_seats == [1]
    assert len(host.session.state.history) == 0  # a new game, its deal agreed again
    same(host.session, [guest.session])
    play_out(host.session, [guest.session], rooms=[host, guest])
    same(host.session, [guest.session])


def test_the_last_games_texts_in_flight_reach_no_one_in_the_next():
    relay, code, host, guest = bank_room()
    play_out(host.session, [guest.session], rooms=[host, guest])
    late = guest.session  # the guest's screen still talks of the last game
    host.play_again()
    late.peers[0].send({"t": "ping"})
    run([host, guest])
    assert host.ready and host.dropped >= 1
    assert host.session.refused == 0 and not host.session.notices


def test_in_the_second_game_reloads_sit_down_again_and_strangers_find_it_full():
    relay, code, host, guest = bank_room()
    play_out(host.session, [guest.session], rooms=[host, guest])
    host.play_again()
    run([host, guest])
    play_out_some(host, guest)
    assert guest.save()["game"] == 2 and host.save()["game"] == 2
    guest = reload(relay, code, guest, [host])
    assert guest.ready and guest.game == 2
    same(host.session, [guest.session])
    host = reload(relay, code, host, [guest])
    assert host.ready and guest.ready and host.game == 2
    same(host.session, [guest.session])
    stranger = SharedTable.join(relay.open(code, "guest"), code)
    run([host, guest, stranger])
    assert stranger.game == 2 and not stranger.ready and stranger.session.ended
    play_out(host.session, [guest.session], rooms=[host, guest])


def test_the_host_plays_again_only_with_everyone_here(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("game.net.links.clock", lambda: now[0])
    relay, code, host, guest = bank_room()
    play_out(host.session, [guest.session], rooms=[host, guest])
    guest.transport.close()
    run([host])
    assert not host.can_play_again()
