"""The messages on the wire, byte for byte: one of every type of the protocol (docs/remote.md,
"The protocol"), the frames of the two paths and the room's own words, as the product makes
them, checked against literal texts written here. A screen of one release must understand a
screen of another: whatever the code's names become, not one byte of these may move."""

from __future__ import annotations

import json
import sys

import pytest

from game import net
from game.core import Move
from game.net import paths, room
from game.net.links import Peer, pair
from game.net.protocol import message_of
from game.session import Action


class Recording:
    """A link that notes every text sent through it, named by its direction."""

    def __init__(self, link, name: str, out: list[tuple[str, str]]):
        self.link, self.name, self.out = link, name, out

    def send(self, text: str) -> None:
        self.out.append((self.name, text))
        self.link.send(text)

    def receive(self) -> list[str]:
        return self.link.receive()


@pytest.fixture
def fixed(monkeypatch):
    """Every screen's share of the deal, every seat's token and the clock, fixed."""
    values = iter(f"{0x1111 * k:032x}" for k in range(1, 20))
    tokens = iter(f"tok{k:029d}" for k in range(20))
    now = [1000.0]
    monkeypatch.setattr("game.net.shared_table.new_value", lambda: next(values))
    monkeypatch.setattr(sys.modules["game.net.host"], "new_token", lambda: next(tokens))
    monkeypatch.setattr("game.net.links.clock", lambda: now[0])
    return now


def both(host, guest, rounds=3):
    for _ in range(rounds):
        host.advance(1, max_moves=0)
        guest.advance(1)


H = "3390538ecbbc097fa25ddaa2c125c5b87f598f0af015347a00f8e41b52f37f87"  # the host's commitment
G = "fbc4117dbb886f7999768422e8922fa22ee501dd92fe354d20af419140afd3d8"  # the guest's
G3 = "66dbe48d1b07fb4d9ae828ec2e9a6fb0d1ee0910d37dc7adf58f182fa7f4f9a0"  # a third screen's
V1, V2, V3 = (f"{0x1111 * k:032x}" for k in (1, 2, 3))
OPTIONS = '{"mode":"strict","own_waste_playable":false,"reserve_size":13,"wrong_call":"turn"}'
WELCOME = (
    '"t":"welcome","v":2,"game":"russian-bank","options":' + OPTIONS + ',"seats":["human",'
    '"remote"],"seat":1,"token":"tok00000000000000000000000000000","h":"' + H + '","match":300}'
)
TABLE = (
    '"t":"table","ss":["' + V1 + '","' + V2 + '"],"hs":["' + H + '","' + G + '"],'
    '"moves":["d0-d0","d0-w0","d1-d1"],"groups":[1,1,1],"turn":2}'
)
SESSION = [
    # sitting down, and the fair deal
    ("guest>host", '{"i":1,"t":"hello","v":2,"token":null}'),
    ("host>guest", '{"i":1,' + WELCOME),
    ("guest>host", '{"i":2,"t":"commit","h":"' + G + '"}'),
    ("host>guest", '{"i":2,"t":"reveal","s":"' + V1 + '","hs":["' + H + '","' + G + '"]}'),
    ("guest>host", '{"i":3,"t":"secret","s":"' + V2 + '"}'),
    ("host>guest", '{"i":3,"t":"deal","ss":["' + V1 + '","' + V2 + '"]}'),
    # playing: the host's moves; the guest's, relayed back with its seat
    ("host>guest", '{"i":4,"t":"move","n":0,"m":"d0-d0","by":0}'),
    ("host>guest", '{"i":5,"t":"move","n":1,"m":"d0-w0","by":0}'),
    ("guest>host", '{"i":4,"t":"move","n":2,"m":"d1-d1","h":5}'),
    ("host>guest", '{"i":6,"t":"move","n":2,"m":"d1-d1","by":1}'),
    ("guest>host", '{"i":5,"t":"undo","n":3,"k":1,"h":6}'),
    ("host>guest", '{"i":7,"t":"undo","n":3,"k":1,"by":1}'),
    ("guest>host", '{"i":6,"t":"redo","n":2,"m":["d1-d1"],"h":7}'),
    ("host>guest", '{"i":8,"t":"redo","n":2,"m":["d1-d1"],"by":1}'),
    # staying
    ("host>guest", '{"i":9,"t":"ping"}'),
    ("guest>host", '{"i":7,"t":"ping"}'),
    # the guest's page reloads: it sits down again by its token, and is sent the whole table
    ("again>host", '{"i":1,"t":"hello","v":2,"token":"tok00000000000000000000000000000"}'),
    ("host>again", '{"i":1,' + WELCOME),
    ("host>again", '{"i":2,' + TABLE),
    # a stranger with a token of no seat; a screen of another version
    ("stranger>host", '{"i":1,"t":"hello","v":2,"token":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'),
    ("host>stranger", '{"i":1,"t":"full"}'),
    ("host>other", '{"i":1,"t":"end","why":"version","seat":null}'),
    # an action made before the guest saw the table change: refused
    ("host>again", '{"i":3,"t":"refused","r":2}'),
    # the guest leaves; the host leaves
    ("again>host", '{"i":2,"t":"end","why":"left","seat":1}'),
    ("host>again", '{"i":4,"t":"end","why":"left","seat":null}'),
]


def test_a_whole_shared_table_says_exactly_these_bytes(fixed):
    out: list[tuple[str, str]] = []
    a, b = pair()
    host = net.host(
        "russian-bank",
        seats=("human", "remote"),
        links=(Recording(a, "host>guest", out),),
        mode="strict",
    )
    guest = net.join(Recording(b, "guest>host", out))
    both(host, guest, 4)
    while not any(who == "guest>host" and '"move"' in text for who, text in out):
        screen = host if host.accepting() else guest
        screen.play(sorted(screen.state.legal_moves(), key=str)[0])
        both(host, guest)
    assert guest.undo()
    both(host, guest)
    assert guest.redo()
    both(host, guest)
    fixed[0] += 60  # a minute of silence: each screen says it is here
    both(host, guest, 1)

    a2, b2 = pair()  # the guest's page reloads
    host.attach(Recording(a2, "host>again", out))
    again = net.join(Recording(b2, "again>host", out), token=guest.token)
    both(host, again)
    a3, b3 = pair()
    host.attach(Recording(a3, "host>stranger", out))
    stranger = net.join(Recording(b3, "stranger>host", out), token="x" * 32)
    both(host, stranger)
    a4, b4 = pair()
    host.attach(Recording(a4, "host>other", out))
    b4.send('{"i":1,"t":"hello","v":99,"token":null}')
    host.advance(1, max_moves=0)
    b2.send('{"i":2,"t":"move","n":3,"m":"d1-d1","h":0}')  # made before its table changed: refused
    host.advance(1, max_moves=0)
    again.leave()
    host.leave()
    assert out == SESSION


def test_each_action_is_built_as_its_message():
    out: list[tuple[str, str]] = []
    peer = Peer(Recording(pair()[0], "to", out))
    for action in (
        Action("move", 1, 7, (Move.parse("h0-h1"),)),
        Action("undo", 0, 8, size=2),
        Action("redo", 1, 6, (Move.parse("s-w"), Move.parse("w-f0"))),
        Action("call", 0, 6),
    ):
        peer.send(message_of(action))
    assert [text for _, text in out] == [
        '{"i":1,"t":"move","n":7,"m":"h0-h1"}',
        '{"i":2,"t":"undo","n":8,"k":2}',
        '{"i":3,"t":"redo","n":6,"m":["s-w","w-f0"]}',
        '{"i":4,"t":"call","n":6,"s":0}',
    ]


def test_the_frames_of_the_two_paths_and_the_rooms_words():
    key = "ab" * 32
    assert paths.frame(paths.EVERYONE, "host", 1, [], 0, hello=True) == (
        '{"v":1,"to":"*","r":"host","s":1,"m":[],"a":0,"h":1}'
    )
    assert paths.frame(paths.EVERYONE, "guest", 1, [], 0, bye=True) == (
        '{"v":1,"to":"*","r":"guest","s":1,"m":[],"a":0,"bye":1}'
    )
    ping = '{\\"i\\":1,\\"t\\":\\"ping\\"}'  # the text, as an item of a frame's JSON
    assert paths.frame(key, "guest", 3, paths.pieces('{"i":1,"t":"ping"}'), 2) == (
        '{"v":1,"to":"' + key + '","r":"guest","s":3,"m":["=' + ping + '"],"a":2}'
    )
    assert paths.pieces("x" * (paths.PIECE + 1)) == ["+" + "x" * paths.PIECE, "=x"]
    assert room.framed(1, "{}") == "{}" and room.framed(2, "{}") == "2|{}"
    assert room.again_text(3) == "again:3"


def test_the_saves_of_a_shared_table_keep_their_words(fixed):
    relay = net.MemoryRelay()
    host = net.SharedTable.host(
        relay.open("K7PQ2M", "host"), "K7PQ2M", "russian-bank", seats=("human", "remote")
    )
    assert json.dumps(host.save(), separators=(",", ":")) == (
        '{"code":"K7PQ2M","game":1,"session":{"remote":2,"role":"host","lobby":{"game":'
        '"russian-bank","seats":["human","remote"],"options":{},"match_target":null}}}'
    )
    guest = net.SharedTable.join(relay.open("K7PQ2M", "guest"), "K7PQ2M")
    for _ in range(6):
        host.advance(1)
        guest.advance(1)
    assert guest.ready
    assert json.dumps(guest.save(), separators=(",", ":")) == (
        '{"code":"K7PQ2M","game":1,"session":{"remote":2,"role":"guest",'
        '"token":"tok00000000000000000000000000000"}}'
    )
    saved = host.save()["session"]  # (the lobby checked its table with a share of its own)
    del saved["table"]
    assert json.dumps(saved, separators=(",", ":")) == (
        '{"remote":2,"role":"host","values":["' + V2 + '","' + V3 + '"],"commits":["' + G + '",'
        '"' + G3 + '"],"tokens":["tok00000000000000000000000000000"],"match":300}'
    )
