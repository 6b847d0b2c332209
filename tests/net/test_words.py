"""The network's words are StrEnums whose values are the very texts on the wire, in the
transports' events and in what a table says happened; each side of a table handles every
message type the other may send, and only those."""

from __future__ import annotations

import pytest

from game import net
from game.net import events, paths, protocol, shared_table
from game.net.desktop import wire
from game.net.links import pair
from game.net.protocol import FROM_GUEST, FROM_HOST, MessageType
from tests.net.test_remote import seeded_values, table  # noqa: F401  (the fixture)


def test_each_vocabulary_is_the_texts_it_always_was():
    assert [str(t) for t in MessageType] == [
        "hello",
        "welcome",
        "full",
        "commit",
        "reveal",
        "secret",
        "deal",
        "table",
        "move",
        "undo",
        "redo",
        "call",
        "refused",
        "ping",
        "end",
    ]
    assert set(protocol.ACTIONS) == {"move", "undo", "redo", "call"}
    assert list(protocol.Ending) == ["cheat", "left", "version"]
    assert list(events.Role) == ["host", "guest"] and (net.HOST, net.GUEST) == ("host", "guest")
    assert list(events.EventKind) == ["join", "leave", "text", "status"]
    assert list(events.Status) == ["connecting", "open", "offline", "failed"]
    assert events.failed("no relay") == "failed: no relay"
    assert list(shared_table.Happened) == ["played", "taken back", "joined", "left"]
    assert list(paths.Path) == ["direct", "relays", ""]
    assert list(paths.Carried) == ["up", "down", "direct", "post", "relays", "status"]
    assert list(paths.Piece) == ["+", "="]
    assert list(wire.Verb) == ["EVENT", "REQ", "CLOSE"]


def test_who_may_send_what():
    assert FROM_HOST == {
        "welcome",
        "reveal",
        "deal",
        "table",
        "refused",
        "end",
        "full",
        "ping",
        "move",
        "undo",
        "redo",
        "call",
    }
    assert FROM_GUEST == {
        "hello",
        "commit",
        "secret",
        "end",
        "ping",
        "move",
        "undo",
        "redo",
        "call",
    }


V, H = "1" * 32, "0" * 64
#: one well-formed message of each type (its fields pass ``check``; what it asks may be refused)
ONE_OF_EACH = {
    "hello": {"v": protocol.PROTOCOL, "token": None},
    "welcome": {
        "v": protocol.PROTOCOL,
        "game": "russian-bank",
        "options": {},
        "seats": ["human", "remote"],
        "seat": 1,
        "token": "t" * 20,
        "h": H,
    },
    "full": {},
    "commit": {"h": H},
    "reveal": {"s": V, "hs": [H, H]},
    "secret": {"s": V},
    "deal": {"ss": [V, V]},
    "table": {"ss": [V, V], "hs": [H, H], "moves": [], "groups": [], "turn": 0},
    "move": {"n": 0, "m": "h0-h1", "h": 0},
    "undo": {"n": 0, "k": 1, "h": 0},
    "redo": {"n": 0, "m": ["h0-h1"], "h": 0},
    "call": {"n": 0, "s": 0, "h": 0},
    "refused": {"r": 1},
    "ping": {},
    "end": {"why": "left", "seat": None},
}


@pytest.mark.parametrize("into", ["host", "guest"])
@pytest.mark.parametrize("kind", list(ONE_OF_EACH))
def test_each_side_handles_every_type_it_accepts_and_refuses_the_rest(kind, into):
    """A message of a type the receiving side accepts goes to its handler (taken or refused
    there, never an error of ours: a type without a handler would be one); any other type is
    refused by ``check`` before any handler."""
    assert set(ONE_OF_EACH) == set(MessageType)
    host, (guest,) = table("russian-bank", ("human", "remote"))
    receiver, sender = (host, guest) if into == "host" else (guest, host)
    msg = {"t": kind, **ONE_OF_EACH[kind]}
    if into == "guest" and kind in protocol.ACTIONS:  # as the host relays an action
        del msg["h"]
        msg["by"] = 0
    sender.peers[0].send(msg)
    receiver.advance(1, max_moves=0)
    assert receiver.faults == 0, receiver.last_fault
    accepted = FROM_GUEST if into == "host" else FROM_HOST
    if kind not in accepted:
        assert receiver.reasons == {"not a message of this protocol": 1}
    else:
        assert "not a message of this protocol" not in receiver.reasons


def test_a_table_tells_its_share_of_the_deal_as_it_is_revealed():
    a, b = pair()
    host = net.host("russian-bank", seats=("human", "remote"), links=(a,))
    assert host.values[1:] == (None,) and host.commitments[1:] == (None,)
    assert protocol.commitment(host.values[0]) == host.commitments[0]
    guest = net.join(b)
    assert guest.values == () and guest.commitments == () and len(guest.peers) == 1
    for _ in range(4):
        host.advance(1)
        guest.advance(1)
    assert host.ready and None not in host.values and guest.values == host.values
    assert guest.commitments == host.commitments == tuple(map(protocol.commitment, host.values))
    assert guest.pending == 0
