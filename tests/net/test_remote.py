"""Remote seats through the contract: game.net.host / join over in-memory links.

Every multi-seat game of the registry, with each mix of seats (a person and a friend, a friend
and the host's computer, Chinese Patience with three or four screens and a computer seat),
plays whole games to the end by computer-chosen moves on each screen, and every screen ends
with the same game. Undo and Stop! across screens; the fair deal; a guest joining again.
"""

from __future__ import annotations

import json
import random

import pytest

from game import net
from game.ai.players import computer_player
from game.core import GAMES, IllegalMove, info
from game.net import RemoteTable as RemoteSession
from game.net.links import pair
from game.net.protocol import PROTOCOL, commitment, deal_seed

MULTI = [g for g in GAMES if max(info(g).players) > 1]


@pytest.fixture(autouse=True)
def seeded_values(monkeypatch, request):
    """Each screen's share of the deal from a generator seeded by the test's name, so that a
    failing test deals the same again (the protocol is the same; secrets only in play)."""
    rng = random.Random(request.node.name)
    monkeypatch.setattr("game.net.shared_table.new_value", lambda: f"{rng.getrandbits(128):032x}")


def table(game_id, seats, **options):
    """A host and its guests, one per remote seat, dealt."""
    links = [pair() for s in seats if s == "remote"]
    host = net.host(game_id, seats=seats, links=[a for a, _ in links], **options)
    guests = [net.join(b) for _, b in links]
    screens = [host] + guests
    for _ in range(20):
        for s in screens:
            s.advance(1)
        if all(s.ready for s in screens):
            break
    assert all(s.ready for s in screens)
    return host, guests


def settle(screens, rounds=5):
    for _ in range(rounds):
        for s in screens:
            if hasattr(s, "session"):  # a room: its session plays no computer move here
                s.advance(1)
            else:
                s.advance(1, max_moves=0)


def decide(bot, state):
    job = bot.start(state)
    for _ in range(10000):
        move = job.think(50)
        if move is not None:
            return move
    raise AssertionError("the computer player never decided")


def play_out(host, guests, level="easy", rounds=20000, slips=0.1, rooms=None):
    """Each screen's people play the computer's choice of move (and call Stop! when it would),
    now and then (``slips``) a move that breaks a priority instead; the host's computer seats
    play through advance. With ``rooms`` (each screen's SharedTable, game/session/rooms.py) the
    rooms are advanced, which advance their sessions. Returns the number of rounds."""
    screens = [host] + guests
    game_id = host.state.game_id
    bots = {}
    rng = random.Random(len(host.state.history) * 31 + len(screens))
    for r in range(rounds):
        for s, pump in zip(screens, rooms or screens):
            pump.advance(20)
            while s.follow_up():
                pass
            for seat in s.local_seats:
                bot = bots.setdefault((id(s), seat), computer_player(game_id, level, seed=seat))
                if s.can_call_stop() and s.last_mover() != seat and bot.calls_stop(s.state):
                    s.call_stop(seat)
            if s.accepting():
                bot = bots.setdefault(
                    (id(s), s.to_move), computer_player(game_id, level, seed=s.to_move)
                )
                breaches = s.state.breach_moves()
                if breaches and rng.random() < slips:
                    s.play(rng.choice(breaches))
                else:
                    s.play(decide(bot, s.state))
        if all(s.is_over() for s in screens):
            settle(rooms or screens)
            return r
    raise AssertionError(f"no end after {rounds} rounds")


def same(host, guests):
    d = host.state.to_dict()
    assert all(g.state.to_dict() == d for g in guests)


MIXES = []
for game_id in MULTI:
    MIXES.append((game_id, ("human", "remote"), {}))
    MIXES.append((game_id, ("remote", "computer:easy"), {}))
MIXES += [
    ("chinese-patience", ("human", "remote", "remote", "computer:easy"), {"players": 4}),
    ("chinese-patience", ("remote", "remote", "remote", "human"), {"players": 4}),
    ("chinese-patience", ("computer:easy", "remote", "human"), {"players": 3}),
    (
        "chinese-patience",
        ("human", "remote", "remote", "computer:easy"),
        {"players": 4, "priorities": "knock"},
    ),
    (
        "chinese-patience",
        ("remote", "computer:easy", "remote"),
        {"players": 3, "priorities": "knock"},
    ),
    ("russian-bank", ("human", "remote"), {"mode": "strict"}),
]


@pytest.mark.parametrize(
    "game_id,seats,options", MIXES, ids=[f"{g}-{'+'.join(s)}-{o}" for g, s, o in MIXES]
)
def test_whole_games_through_the_contract(game_id, seats, options):
    whole_game(game_id, seats, options)


LATE = {
    "an action for another point of the game",
    "a Stop! call is being made",
    "a refusal of nothing waiting",
}  # an honest action that another came before


def whole_game(game_id, seats, options):
    host, guests = table(game_id, seats, **options)
    assert host.state.to_dict() == guests[0].state.to_dict()  # the same deal on every screen
    assert host.local_seats == [i for i, s in enumerate(seats) if s == "human"]
    remote = [i for i, s in enumerate(seats) if s == "remote"]
    assert [g.local_seats for g in guests] == [[i] for i in remote]
    for g in guests:  # a guest sees the host's computer as the computer, played elsewhere
        for i, s in enumerate(seats):
            if s.startswith("computer:"):
                assert g.seats[i].label == "Computer (Easy)" and g.seats[i].driven == "network"
    play_out(host, guests)
    same(host, guests)
    assert host.state.is_over() and all(g.state.is_over() for g in guests)
    for s in [host] + guests:
        assert set(s.reasons) <= LATE and s.faults == 0 and s.ended is None
        assert not [n for n in s.notices if "too late" not in n]
    return host, guests


def test_calls_are_made_across_screens_in_whole_games():
    # people slip now and then; the people at other screens and the host's computer call
    calls = set()
    for seats, options in (
        (("human", "remote"), {}),
        (("remote", "computer:easy"), {}),
        (("human", "remote", "remote", "computer:easy"), {"players": 4, "priorities": "knock"}),
    ):
        game_id = "russian-bank" if len(seats) == 2 else "chinese-patience"
        host, guests = whole_game(game_id, seats, options)
        calls |= {(e[1], seats[e[1]]) for e in host.events if e[0] == "call"}
    assert {kind for _, kind in calls} >= {"human", "remote", "computer:easy"}


@pytest.mark.parametrize(
    "game_id,seats,options",
    [
        (
            "chinese-patience",
            ("remote", "computer:easy", "computer:easy", "computer:easy"),
            {"players": 4},
        ),
        ("russian-bank", ("computer:easy", "remote"), {}),
        ("battle-solitaire", ("human", "remote"), {}),
    ],
)
def test_after_both_have_advanced_the_tables_are_equal(game_id, seats, options):
    # the contract's own words: a round is a person's move on one screen, then one advance
    # on each; the host's computers play at most 20 moves an advance (a guest reads at least
    # 64 messages an advance, whatever the machine's speed)
    host, (guest,) = table(game_id, seats, **options)
    bot = computer_player(game_id, "easy", seed=5)
    for _ in range(5000):
        for s in (host, guest):
            if s.accepting():
                s.play(decide(bot, s.state))
        host.advance(20, max_moves=20)
        guest.advance(20)
        assert host.state.to_dict() == guest.state.to_dict()
        if host.is_over():
            break
    assert host.is_over() and guest.is_over()


def test_nothing_is_played_before_the_deal_is_agreed():
    a, b = pair()
    host = net.host("russian-bank", seats=("human", "remote"), links=(a,))
    assert not host.ready and not host.accepting() and host.local_seats == [0]
    with pytest.raises(IllegalMove):
        host.play("h0-h1")
    host.advance(1)
    assert not host.ready  # nobody has joined yet
    guest = net.join(b)
    assert not guest.ready and guest.local_seats == [] and not guest.accepting()
    for _ in range(4):
        host.advance(1)
        guest.advance(1)
    assert host.ready and guest.ready and guest.local_seats == [1]


def test_a_table_needs_its_links_and_kinds():
    a, _ = pair()
    with pytest.raises(ValueError):
        net.host("russian-bank", seats=("human", "computer:easy"), links=(a,))
    with pytest.raises(ValueError):
        net.host("russian-bank", seats=("human", "remote"), links=())
    with pytest.raises(ValueError):
        net.host("forty-thieves", seats=("remote",), links=(a,))
    with pytest.raises(ValueError):
        net.host("russian-bank", seats=("human", "remote"), links=(a,), mode="poker")


# ---------------------------------------------------------------------- the fair deal
def cheating(link, kind, **fields):
    """``link`` as a screen that cheats sends through it: its ``kind`` messages with
    ``fields`` instead of what its table put in them (the rest as they were)."""
    send = link.send

    def send_changed(text):
        msg = json.loads(text)
        send(json.dumps({**msg, **fields}) if msg["t"] == kind else text)

    link.send = send_changed
    return link


def test_the_seed_comes_from_every_screen():
    host, (guest,) = table("russian-bank", ("human", "remote"))
    values = list(host.values)  # the host's, then the guest's, as revealed
    assert None not in values and guest.values == host.values
    assert host.state.seed == deal_seed("russian-bank", values) == guest.state.seed
    assert list(host.commitments) == [commitment(v) for v in values] == list(guest.commitments)
    assert deal_seed("russian-bank", [values[0], "0" * 32]) != host.state.seed


def test_a_guest_that_reveals_another_value_is_caught():
    a, b = pair()
    host = net.host("russian-bank", seats=("human", "remote"), links=(a,))
    # the guest commits to its value, then reveals another, to steer the deal
    guest = net.join(cheating(b, "secret", s="f" * 32))
    for _ in range(5):
        host.advance(1)
        guest.advance(1)
    assert not host.ready and host.ended and "doesn't match" in host.ended
    assert host.is_over() and not host.accepting()
    assert guest.ended and not guest.ready


def test_a_host_that_reveals_another_value_is_caught():
    a, b = pair()
    c = pair()
    # the host commits in its welcome, then reveals another value
    links = [cheating(link, "reveal", s="e" * 32) for link in (a, c[0])]
    host = net.host("chinese-patience", seats=("human", "remote", "remote"), links=links, players=3)
    guests = [net.join(b), net.join(c[1])]
    for _ in range(5):
        for s in [host] + guests:
            s.advance(1)
    for g in guests:
        assert not g.ready and g.ended and "host's screen revealed a value" in g.ended
    assert host.ended and not host.ready


def test_a_forged_list_of_values_in_the_deal_is_caught():
    a, b = pair()
    host = net.host("russian-bank", seats=("human", "remote"), links=(a,))
    guest = net.join(b)
    host.advance(1)
    guest.advance(1)
    host.advance(1)  # the host revealed its value
    guest.advance(1)  # the guest revealed its value
    peer = host.peers[0]
    peer.send({"t": "deal", "ss": [host.values[0], "a" * 32]})  # a deal not from those values
    guest.advance(1)
    assert guest.ended and not guest.ready


# ---------------------------------------------------------------------- across screens
def bank(mode="stop", seed=None):
    """A Russian Bank table, host (seat 0) and guest (seat 1); the guest moves first."""
    for _ in range(60):
        host, (guest,) = table("russian-bank", ("human", "remote"), mode=mode)
        if guest.accepting():
            return host, guest
    raise AssertionError("no deal where the guest starts")


def test_undo_of_your_own_move_works_across_screens():
    host, guest = bank(mode="strict")
    before = guest.state.to_dict()
    move = next(m for m in guest.state.legal_moves())
    guest.play(move)
    settle([host, guest])
    if guest.accepting():  # the turn goes on: the guest may take the move back
        assert guest.undo()
        settle([host, guest])
        assert host.state.to_dict() == before == guest.state.to_dict()
        assert guest.redo()
        settle([host, guest])
    same(host, [guest])
    assert host.refused == 0 and guest.refused == 0


def test_the_hosts_undo_and_redo_reach_the_guest():
    for _ in range(60):
        host, (guest,) = table("russian-bank", ("human", "remote"), mode="strict")
        if host.accepting():
            break
    before = host.state.to_dict()
    host.play(next(iter(host.state.legal_moves())))
    settle([host, guest])
    if not host.can_undo():
        pytest.skip("the move ended the turn")
    assert host.undo()
    settle([host, guest])
    assert guest.state.to_dict() == before
    assert host.redo()
    settle([host, guest])
    same(host, [guest])
    assert not guest.can_undo()  # not the guest's turn, nor its move
    assert host.refused == guest.refused == 0


def test_an_undo_of_someone_elses_move_is_refused():
    host, guest = bank(mode="strict")
    bot = computer_player("russian-bank", "easy", seed=1)
    for _ in range(2000):  # play until the host has moved and the turn is the host's
        for s in (host, guest):
            s.advance(1)
            if s.accepting():
                s.play(decide(bot, s.state))
        settle([host, guest], 1)
        if host.accepting() and host.state.last_mover() == 0 and host.can_undo():
            break
    assert host.can_undo()
    before = host.state.to_dict()
    peer = guest.peers[0]
    peer.send(
        {"t": "undo", "n": len(guest.state.history), "k": host.undo_groups[-1], "h": peer.got}
    )
    host.advance(1)
    assert host.state.to_dict() == before and host.refused == 1 and len(host.notices) == 1


def test_a_stop_call_works_across_screens():
    for _ in range(200):
        host, guest = bank()
        breaches = guest.state.breach_moves()
        if breaches:
            break
    else:
        pytest.skip("no deal with a breach at the start")
    guest.play(breaches[0])
    settle([host, guest])
    assert host.can_call_stop()
    call = host.call_stop(0)
    assert call.right
    settle([host, guest])
    same(host, [guest])
    assert any(e[0] == "call" and e[1] == 0 for e in guest.events)


def a_guest_who_may_breach_at_once():
    """(host, guest) at a Russian Bank table against the host's Hard computer, dealt so that
    the guest is to move and may break a priority at once (skips when no deal is found)."""
    for _ in range(300):
        a, b = pair()
        host = net.host("russian-bank", seats=("remote", "computer:hard"), links=(a,))
        guest = net.join(b)
        for _ in range(6):
            host.advance(1, max_moves=0)
            guest.advance(1)
        if guest.accepting() and guest.state.breach_moves():
            return host, guest
    pytest.skip("no deal with a breach at the start")


def test_the_hosts_computer_calls_first_and_the_guest_takes_its_move_back():
    # the guest breaches a priority and plays on at once; the host's computer calls Stop! on
    # the breach before the guest's next move reaches it: the host's order stands
    host, guest = a_guest_who_may_breach_at_once()
    guest.play(guest.state.breach_moves()[0])
    second = guest.accepting()
    if second:
        guest.play(next(iter(guest.candidate_moves())))
    for _ in range(10):
        host.advance(1, max_moves=0)  # the host reads both moves, its computer decides
    host.advance(1000, max_moves=1)  # ... and calls
    for _ in range(5):
        guest.advance(1)
        host.advance(1, max_moves=0)
    same(host, [guest])
    assert guest.faults == 0 and host.faults == 0
    called = any(e[0] == "call" and e[1] == 1 for e in host.events)
    assert called
    if second:  # the guest's move after the breach came too late, and was taken back
        assert any("too late" in n for n in guest.notices) and host.refused == 1


# ---------------------------------------------------------------------- joining again
def bank_played_a_while(rounds, seed):
    """A Russian Bank table of a person and a friend, (host, guest): for ``rounds`` rounds each
    screen plays the computer's choice of move when it is its turn, then advances once."""
    host, (guest,) = table("russian-bank", ("human", "remote"))
    bot = computer_player("russian-bank", "easy", seed=seed)
    for _ in range(rounds):
        for s in (host, guest):
            if s.accepting():
                s.play(decide(bot, s.state))
            s.advance(1)
    return host, guest


def test_a_guest_joins_again_by_its_token_at_the_same_position():
    host, guest = bank_played_a_while(40, seed=1)
    token = guest.token
    assert token and len(guest.state.history) > 5
    guest.peers[0].link.close()  # the old page is gone
    a2, b2 = pair()
    host.attach(a2)
    again = net.join(b2, token=token)
    for _ in range(4):
        host.advance(1)
        again.advance(1)
    assert again.ready and again.local_seats == [1]
    same(host, [again])
    assert again.undo_groups == host.undo_groups and again.turn_start == host.turn_start
    play_out(host, [again])
    same(host, [again])


def test_a_stranger_with_no_token_finds_the_table_full():
    host, (guest,) = table("russian-bank", ("human", "remote"))
    a2, b2 = pair()
    host.attach(a2)
    stranger = net.join(b2, token="x" * 32)
    for _ in range(3):
        host.advance(1)
        stranger.advance(1)
    assert not stranger.ready and "full" in stranger.ended
    assert host.ready and host.ended is None


def test_links_pass_only_text_in_small_typed_messages():
    a, b = pair()
    host = net.host("russian-bank", seats=("human", "remote"), links=(a,))
    guest = net.join(b)
    sent = []
    for link in (a, b):
        original = link.send
        link.send = lambda text, original=original: (sent.append(text), original(text))
    for _ in range(5):
        host.advance(1)
        guest.advance(1)
    kinds = [json.loads(t)["t"] for t in sent]
    assert kinds[:4] == ["welcome", "commit", "reveal", "secret"] and "deal" in kinds
    assert all(isinstance(t, str) and len(t.encode()) < 2000 for t in sent)
    assert isinstance(host, RemoteSession)


def test_the_host_reloads_and_its_guest_comes_back():
    host, guest = bank_played_a_while(30, seed=3)
    settle([host, guest])
    saved = json.loads(json.dumps(host.save()))  # what the host's page kept
    guest_saved = json.loads(json.dumps(guest.save()))
    assert guest_saved == {"remote": PROTOCOL, "role": "guest", "token": guest.token}
    host2 = net.resume(saved)  # the reloaded host page: its table at once
    assert host2.ready and host2.state.to_dict() == host.state.to_dict()
    assert host2.local_seats == [0] and host2.away(0) == [1]  # its guest not back yet
    a2, b2 = pair()
    host2.attach(a2)
    guest2 = net.resume(guest_saved, b2)
    for _ in range(4):
        host2.advance(1)
        guest2.advance(1)
    assert guest2.ready and host2.away() == []
    same(host2, [guest2])
    play_out(host2, [guest2])
    same(host2, [guest2])


@pytest.mark.parametrize("damage", ["values", "commits", "tokens", "table", "role"])
def test_a_damaged_save_of_a_shared_table_is_refused(damage):
    host, _ = table("russian-bank", ("human", "remote"))
    data = json.loads(json.dumps(host.save()))
    if damage == "values":
        data["values"][1] = "0" * 32  # another deal than the one agreed
    elif damage == "commits":
        data["commits"][0] = "0" * 64
    elif damage == "tokens":
        data["tokens"] = []
    elif damage == "table":
        data["table"]["state"]["seed"] += 1
    else:
        data["role"] = "king"
    with pytest.raises(ValueError):
        net.resume(data)


def test_a_heartbeat_tells_a_silent_screen(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("game.net.links.clock", lambda: now[0])
    host, (guest,) = table("russian-bank", ("human", "remote"))
    for _ in range(8):  # both screens run, nothing is played: pings keep them present
        now[0] += 1.5
        host.advance(1, max_moves=0)
        guest.advance(1)
    assert host.away() == [] and guest.away() == []
    assert guest.peers[0].got > 3 and host.peers[0].got > 3  # pings went both ways
    for _ in range(8):  # the guest's tab is killed: it says nothing more
        now[0] += 1.5
        host.advance(1, max_moves=0)
    assert host.away() == [1] and host.away(60) == []
    guest.advance(1)  # it comes back (a slow tab)
    host.advance(1, max_moves=0)
    assert host.away() == []
    for _ in range(8):  # the host falls silent: the guest sees every other seat away
        now[0] += 1.5
        guest.advance(1)
    assert guest.away() == [0]
    assert host.refused == 0 and guest.refused == 0


def test_a_guest_leaving_ends_the_game_for_every_screen():
    c, d = pair(), pair()
    host = net.host(
        "chinese-patience", seats=("human", "remote", "remote"), links=(c[0], d[0]), players=3
    )
    guests = [net.join(c[1]), net.join(d[1])]
    for _ in range(6):
        for s in [host] + guests:
            s.advance(1)
    assert all(s.ready for s in [host] + guests)
    guests[0].leave()
    for _ in range(3):
        for s in [host] + guests:
            s.advance(1)
    assert host.ended == "Player 2 left the game." and guests[1].ended == "Player 2 left the game."
    assert all(s.is_over() and not s.accepting() for s in [host] + guests)
    assert host.you is None  # people played people: no win or loss in anyone's statistics
    with pytest.raises(ValueError):
        RemoteSession.from_dict(host.to_dict())


# ---------------------------------------------------------------------- the match
@pytest.mark.parametrize("game_id", [g for g in MULTI if info(g).match is not None])
def test_every_screen_plays_the_hosts_match(game_id):
    """Match scores are kept on each screen: all of them count to the host's target, whatever
    each screen's own setting, so one screen can't call the match won while another plays on."""
    target = info(game_id).match.choices[-1]
    links = [pair()]
    host = net.host(game_id, seats=("human", "remote"), links=[links[0][0]], match_target=target)
    guest = net.join(links[0][1])
    settle([host, guest], rounds=6)
    assert host.ready and guest.ready
    assert host.match_target == guest.match_target == target != info(game_id).match.default
    # and after the host's page reloads, it still plays that match
    assert net.resume(json.loads(json.dumps(host.save()))).match_target == target


def test_the_match_target_is_the_games_default_unless_the_host_says():
    host, (guest,) = table("russian-bank", ("human", "remote"))
    assert host.match_target == guest.match_target == 300
    saved = host.save()
    del saved["match"]  # a save from before targets were shared
    assert net.resume(saved).match_target == 300


@pytest.mark.parametrize("target", [7, "500", 300.0, True, [300]])
def test_a_match_target_outside_the_games_choices_is_refused(target):
    a, b = pair()
    with pytest.raises(ValueError):
        net.host("russian-bank", seats=("human", "remote"), links=(a,), match_target=target)
    host, _ = table("russian-bank", ("human", "remote"))
    saved = json.loads(json.dumps(host.save()))
    saved["match"] = target
    with pytest.raises(ValueError):
        net.resume(saved)


@pytest.mark.parametrize("target", [7, "500", 300.5, -1, {"x": 1}])
def test_a_welcome_with_a_strange_match_target_sits_nobody_down(target):
    """A host's welcome naming a target the game doesn't offer is refused: the guest stays
    unseated, its state unset, and is told once."""
    a, b = pair()
    guest = net.join(b)
    a.send(
        json.dumps(
            {
                "i": 1,
                "t": "welcome",
                "v": PROTOCOL,
                "game": "russian-bank",
                "options": {},
                "seats": ["human", "remote"],
                "seat": 1,
                "token": "t" * 32,
                "h": "0" * 64,
                "match": target,
            }
        )
    )
    guest.advance(1)
    assert guest.refused == 1 and guest.game_id is None and guest.match_target is None
    assert guest.state is None and guest.faults == 0
