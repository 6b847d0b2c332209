"""A table shared by several screens: remote seats over links that carry text.

    from game.session import Session
    from game.session.remote import pair
    a, b = pair()                     # two in-memory links joined to each other
    host = Session.host("russian-bank", seats=("human", "remote"), links=(a,), mode="stop")
    guest = Session.join(b)           # its table comes from the host
    host.advance(10); guest.advance(10)    # read and answer the links (and, on the host,
                                           # play the computer seats); never blocks
    host.ready and guest.ready        # once the deal is agreed
    host.local_seats, guest.local_seats    # [0], [1]: the seats of the people at each screen
    guest.play(move)                  # as at one screen; the other screens see it after advance

A link is anything with ``send(text)`` and ``receive() -> list[str]`` (the browser's bridge
passes only strings). The host holds one link per remote seat, in seat order, and every guest
talks to the host only; the host relays. Computer seats are played by the host.

Every screen holds the whole game and checks every move with the rules core. The host's word
decides the order: its own people and computers play at once, a guest's action counts once the
host has checked and sent it back; a guest plays at once too (no waiting on the network) and,
should the host have decided otherwise first (a Stop! call that came before the guest's next
move), takes back what the host didn't accept.

The deal: every screen commits to a random value (sha256 of it), then all reveal; the seed comes
from all of them, so no screen chooses the deal. A value that doesn't match its commitment ends
the game, with a clear message. Anything a peer sends that isn't a well-formed message, in
order, of a known type, at most 64 KB, legal for that seat at that point, is refused: nothing
changes, the game goes on, the player is told once (``notices``). The protocol, message by
message: docs/remote.md.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
import traceback
from collections import deque

from game.core import GAMES, PASS, IllegalMove, Move, from_dict, info, new_game

from .seat_kinds import as_seen_by_guest
from .seats import check_seats
from .session import _VERSIONS, Session

PROTOCOL = 1
MAX_BYTES = 64 * 1024  # a message's size, in UTF-8
PER_ADVANCE = 64  # messages of one link handled per advance(): the rest wait for the next
BACKLOG = 4096  # messages of one link waiting at most; more is a flood, dropped
MAX_MOVES = 20000  # moves in a table sent to a guest that rejoins

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX32 = re.compile(r"[0-9a-f]{32}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


# ---------------------------------------------------------------------- links
class Link:
    """One end of an in-memory link: what ``send`` gives arrives at the other end's
    ``receive``, in order. ``close()`` cuts it (nothing more goes either way)."""

    def __init__(self):
        self._inbox: list[str] = []
        self.peer: Link | None = None
        self.closed = False

    def send(self, text: str) -> None:
        if not self.closed and self.peer is not None and not self.peer.closed:
            self.peer._inbox.append(text)

    def receive(self) -> list[str]:
        out, self._inbox = self._inbox, []
        return out

    def close(self) -> None:
        self.closed = True


def pair() -> tuple[Link, Link]:
    """Two in-memory links joined to each other."""
    a, b = Link(), Link()
    a.peer, b.peer = b, a
    return a, b


# ---------------------------------------------------------------------- the deal
def new_value() -> str:
    """A screen's share of the deal: 128 random bits (secrets), as 32 hex digits."""
    return secrets.token_hex(16)


def commitment(value: str) -> str:
    return hashlib.sha256(f"parlour-commit:{value}".encode()).hexdigest()


def deal_seed(game_id: str, values: list[str]) -> int:
    """The deal's number from every screen's revealed value (in screen order: the host first,
    then the guests in seat order): a deal number like any other (1 to 999,999)."""
    digest = hashlib.sha256(f"parlour-deal:{game_id}:{':'.join(values)}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % 999_999


# ---------------------------------------------------------------------- messages
class Refused(Exception):
    """A message refused: nothing changed. ``reply``: the host answers a guest's action;
    ``late``: an honest action that another seat's came before (nobody is told)."""

    def __init__(self, why: str, reply: bool = False, late: bool = False):
        super().__init__(why)
        self.reply, self.late = reply, late


class Late(IllegalMove):
    """An action for a point of the game already past, or made while a call was being made."""


def _is_int(x, lo=0, hi=10**9) -> bool:
    return type(x) is int and lo <= x <= hi


def _is_hex(x, pattern) -> bool:
    return type(x) is str and pattern.fullmatch(x) is not None


def _is_move_text(x) -> bool:
    return type(x) is str and 0 < len(x) <= 24


def _is_options(x) -> bool:
    return (type(x) is dict and len(x) <= 32
            and all(type(k) is str and len(k) <= 64 and type(v) in (bool, int, str)
                    and (type(v) is not str or len(v) <= 64) for k, v in x.items()))


_FIELDS = {  # type -> {field: check}; every message also has "t" and "i"
    "hello": {"v": lambda x: _is_int(x, 0, 10**6),
              "token": lambda x: x is None or _is_hex(x, _TOKEN)},
    "welcome": {"v": lambda x: _is_int(x, 0, 10**6), "game": lambda x: x in GAMES,
                "options": _is_options,
                "seats": lambda x: type(x) is list and 1 <= len(x) <= 8
                and all(type(s) is str and len(s) <= 40 for s in x),
                "seat": lambda x: _is_int(x, 0, 7), "token": lambda x: _is_hex(x, _TOKEN),
                "h": lambda x: _is_hex(x, _HEX64)},
    "commit": {"h": lambda x: _is_hex(x, _HEX64)},
    "reveal": {"s": lambda x: _is_hex(x, _HEX32),
               "hs": lambda x: type(x) is list and 2 <= len(x) <= 8
               and all(_is_hex(h, _HEX64) for h in x)},
    "secret": {"s": lambda x: _is_hex(x, _HEX32)},
    "deal": {"ss": lambda x: type(x) is list and 2 <= len(x) <= 8
             and all(_is_hex(s, _HEX32) for s in x)},
    "table": {"ss": lambda x: type(x) is list and 2 <= len(x) <= 8
              and all(_is_hex(s, _HEX32) for s in x),
              "hs": lambda x: type(x) is list and 2 <= len(x) <= 8
              and all(_is_hex(h, _HEX64) for h in x),
              "moves": lambda x: type(x) is list and len(x) <= MAX_MOVES
              and all(type(m) is str and 0 < len(m) <= 25 for m in x),
              "groups": lambda x: type(x) is list and len(x) <= MAX_MOVES
              and all(_is_int(n, 1, MAX_MOVES) for n in x),
              "turn": lambda x: _is_int(x, 0, MAX_MOVES)},
    "move": {"n": _is_int, "m": _is_move_text},
    "undo": {"n": _is_int, "k": lambda x: _is_int(x, 1, 10**6)},
    "redo": {"n": _is_int, "m": lambda x: type(x) is list and 1 <= len(x) <= 64
             and all(_is_move_text(m) for m in x)},
    "call": {"n": _is_int, "s": lambda x: _is_int(x, 0, 7)},
    "refused": {"r": _is_int},
    "end": {"why": lambda x: x in _ENDINGS, "seat": lambda x: x is None or _is_int(x, 0, 7)},
    "full": {},
    "ping": {},
}
_ACTIONS = ("move", "undo", "redo", "call")
# type -> {field a message may leave out: check}: an action's seat as the host relays it; the
# host's match target (a host from before targets were shared sent none)
_OPTIONAL = {**{t: {"by": lambda x: _is_int(x, 0, 7)} for t in _ACTIONS},
             "welcome": {"match": lambda x: x is None or _is_int(x, 1, 10**6)}}
_ENDINGS = ("cheat", "left", "version")
# who may send what: the host's messages to a guest, a guest's to the host
_FROM_HOST = {"welcome", "reveal", "deal", "table", "refused", "end", "full", "ping", *_ACTIONS}
_FROM_GUEST = {"hello", "commit", "secret", "end", "ping", *_ACTIONS}
PING_EVERY = 2.0  # seconds without a message to a peer before a ping says this screen is here
AWAY_AFTER = 10.0  # seconds without a word from a screen before its seats count as away
_clock = time.monotonic  # (the tests' own clock replaces it)


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def parse(text) -> dict:
    """A message's envelope checked: text of at most 64 KB in UTF-8, a JSON object with a
    message number (``check`` then checks its type and fields). Refused otherwise."""
    if type(text) is not str:
        raise Refused("not text")
    if len(text) > MAX_BYTES:
        raise Refused("too big")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise Refused("not UTF-8 text") from None
    if size > MAX_BYTES:
        raise Refused("too big")
    try:
        msg = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise Refused("not JSON") from None
    if type(msg) is not dict or not _is_int(msg.get("i"), 1):
        raise Refused("not a message of this protocol")
    return msg


def check(msg: dict, allowed: set[str]) -> dict:
    """A numbered message checked for its type and fields (what ``parse`` leaves)."""
    if type(msg.get("t")) is not str or msg["t"] not in allowed:
        raise Refused("not a message of this protocol")
    fields, optional = _FIELDS[msg["t"]], _OPTIONAL.get(msg["t"], {})
    extra = set(msg) - set(fields) - set(optional) - {"t", "i"}
    if (extra or any(name not in msg or not check(msg[name]) for name, check in fields.items())
            or any(name in msg and not check(msg[name]) for name, check in optional.items())):
        raise Refused(f"a malformed {msg['t']} message")
    return msg


# ---------------------------------------------------------------------- one peer
class _Peer:
    """The other end of one link, as this screen knows it."""

    def __init__(self, link, seat: int | None = None, screen: int = 0):
        self.link = link
        self.seat = seat  # the host: the remote seat this link plays; a guest: None (the host)
        self.screen = screen  # the host: 1.. in seat order; a guest: 0 (the host)
        self.sent = 0  # messages sent (each carries its number, from 1)
        self.got = 0  # the number of the last message taken in order
        self.backlog: deque = deque()  # messages received, waiting to be read
        self.told = False  # the player was told this peer sent something refused
        self.greeted = False
        self.token: str | None = None
        self.commit: str | None = None
        self.secret: str | None = None
        self.active = True
        self.heard = self.said = _clock()  # when it last sent a message in order / we did

    def send(self, msg: dict) -> None:
        if not self.active:
            return
        self.sent += 1
        self.said = _clock()
        msg = {"i": self.sent, **msg}
        try:
            self.link.send(json.dumps(msg, separators=(",", ":")))
        except Exception:  # a link that broke: the peer is away, the game goes on
            pass


class _Table(Session):
    """A plain session that may hold remote seats (for snapshots and tables sent over)."""

    remote_seats = True


# ---------------------------------------------------------------------- the session
class RemoteSession(Session):
    """A Session whose remote seats are played over links (make one with Session.host or
    Session.join). Before ``ready`` there is no state yet: nothing may be played."""

    remote_seats = True

    def __init__(self, role: str):
        # Session.__init__ runs once the deal is agreed
        self.role = role
        self.ready = False
        self.ended: str | None = None  # why the game was ended (a cheat, a player left)
        self.notices: list[str] = []  # sentences for the player (the client drains them)
        self.refused = 0  # messages refused
        self.reasons: dict[str, int] = {}  # how many were refused for each reason
        self.faults = 0  # unexpected errors caught while reading a message (0 unless a bug)
        self.last_fault = ""  # the last one's traceback, for the tests
        self.state = None
        self.seats = ()
        self.events = []
        self.version = next(_VERSIONS)
        self.pending_call = None
        self.game_id: str | None = None
        self.options: dict = {}
        self.token: str | None = None  # a guest's: joins again to the same seat
        self.seat: int | None = None  # a guest's own seat
        self._peers: list[_Peer] = []
        self._value = new_value()  # this screen's share of the deal
        self._commits: list[str | None] = []  # per screen, the host first
        self._values: list[str | None] = []
        self._applying = False  # a guest applies what the host sent (not its own action)
        self._pending: list[tuple[int, dict]] = []  # a guest's actions the host hasn't confirmed
        self._snapshot = None  # the guest's table before its first unconfirmed action
        self._confirmed: list[dict] = []  # actions confirmed since the snapshot
        self._before = None  # the table before the action being made here

    # ------------------------------------------------------------------ making one
    @classmethod
    def start_host(cls, game_id: str, seats, links, *, match_target: int | None = None,
                   **options) -> "RemoteSession":
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}")
        target = _match_target(game_id, match_target)
        options = info(game_id).check_options(options)
        players = options.get("players")
        kinds = check_seats(game_id, seats, players, remote=True)
        remote = [i for i, k in enumerate(kinds) if k.driven == "network"]
        if not remote:
            raise ValueError("a hosted table needs a remote seat")
        if any(k.level is not None and k.remote for k in kinds):
            raise ValueError("the host plays its computer seats itself: 'computer:LEVEL'")
        links = tuple(links)
        if len(links) != len(remote):
            raise ValueError(f"one link per remote seat, in seat order: {len(remote)} seats, "
                             f"{len(links)} links")
        s = cls("host")
        s.game_id, s.options, s.seats = game_id, options, kinds
        s.match_target = target
        s._peers = [_Peer(link, seat, screen) for screen, (link, seat)
                    in enumerate(zip(links, remote), start=1)]
        s._commits = [commitment(s._value)] + [None] * len(remote)
        s._values = [s._value] + [None] * len(remote)
        return s

    @classmethod
    def start_guest(cls, link, token: str | None = None) -> "RemoteSession":
        s = cls("guest")
        s.token = token
        s._peers = [_Peer(link)]
        s._peers[0].send({"t": "hello", "v": PROTOCOL, "token": token})
        return s

    def save(self) -> dict:
        """What a page keeps (JSON) to sit at this table again after a reload (``resume``): a
        guest, its token (the table comes from the host); the host, the table as a save, the
        deal's values and commitments and each guest's token."""
        if self.role == "guest":
            if self.token is None:
                raise ValueError("not seated yet")
            return {"remote": PROTOCOL, "role": "guest", "token": self.token}
        if not self.ready:
            raise ValueError("the deal is not agreed yet")
        return {"remote": PROTOCOL, "role": "host", "values": list(self._values),
                "commits": list(self._commits),
                "tokens": [self._seat_peer(i).token for i, k in enumerate(self.seats)
                           if k.driven == "network"],
                "match": self.match_target, "table": Session.to_dict(self)}

    @classmethod
    def resume(cls, data, link=None) -> "RemoteSession":
        """A table saved with ``save``, after a reload: a guest joins again through ``link``;
        the host has its table back at once and takes each guest back as it comes, by its
        token (``attach`` its new link). ValueError when anything in ``data`` is wrong."""
        if not isinstance(data, dict) or data.get("remote") != PROTOCOL:
            raise ValueError("not a shared table's save")
        if data.get("role") == "guest":
            if not _is_hex(data.get("token"), _TOKEN) or link is None:
                raise ValueError("a guest joins again with its token, through a link")
            return cls.start_guest(link, data["token"])
        if data.get("role") != "host":
            raise ValueError("a shared table's save is a host's or a guest's")
        table = _Table.from_dict(data.get("table"))
        state, seats = table.state, table.seats
        remote = [i for i, k in enumerate(seats) if k.driven == "network"]
        values, commits, tokens = data.get("values"), data.get("commits"), data.get("tokens")
        if (not remote or any(k.level is not None and k.remote for k in seats)
                or not isinstance(values, list) or not isinstance(commits, list)
                or not isinstance(tokens, list) or len(tokens) != len(remote)
                or len(values) != len(commits) or len(values) != 1 + len(remote)
                or not all(_is_hex(v, _HEX32) for v in values)
                or not all(_is_hex(h, _HEX64) for h in commits)
                or any(commitment(v) != h for v, h in zip(values, commits))
                or not all(_is_hex(t, _TOKEN) for t in tokens)
                or deal_seed(state.game_id, values) != state.seed):
            raise ValueError("the shared table's deal or seats don't match its save")
        s = cls("host")
        s.game_id, s.options = state.game_id, dict(state.options)
        s.match_target = _match_target(state.game_id, data.get("match"))
        Session.__init__(s, state, seats)
        s._adopt(table)
        s._value, s._values, s._commits = values[0], list(values), list(commits)
        for screen, (seat, token) in enumerate(zip(remote, tokens), start=1):
            peer = _Peer(None, seat, screen)
            peer.token, peer.active = token, False  # until the guest comes back
            peer.commit, peer.secret = commits[screen], values[screen]
            s._peers.append(peer)
        s.ready = True
        return s

    @classmethod
    def from_dict(cls, data, seats=None):
        raise ValueError("a shared table is taken up again with resume(), not from_dict()")

    def leave(self) -> None:
        """The person here ends the game for every screen (it counts as unfinished)."""
        if self.role == "host":
            self._end("left", "You ended the game.")
        else:
            self._end("left", "You left the game.", self.seat)

    def attach(self, link) -> None:
        """The host: a new link (a guest that lost its link joins again with its token); its
        hello says which seat it is."""
        if self.role != "host":
            raise ValueError("only the host takes new links")
        self._peers.append(_Peer(link, None, 0))

    def seat_links(self) -> dict:
        """The host: each remote seat's link now (a seat whose screen is gone: missing)."""
        if self.role != "host":
            return {}
        return {p.seat: p.link for p in self._peers
                if p.seat is not None and p.active and p.link is not None
                and p is self._seat_peer(p.seat)}

    # ------------------------------------------------------------------ who plays
    @property
    def local_seats(self) -> list[int]:
        """The seats of the people at this screen (never a computer seat)."""
        return [i for i, k in enumerate(self.seats) if k.local]

    def accepting(self) -> bool:
        return self.ready and self.ended is None and super().accepting()

    def is_over(self) -> bool:
        return self.ended is not None or (self.ready and self.state.is_over())

    def can_undo(self) -> bool:
        return self.ready and self.ended is None and super().can_undo()

    def can_redo(self) -> bool:
        return self.ready and self.ended is None and super().can_redo()

    def can_call_stop(self) -> bool:
        return self.ready and self.ended is None and super().can_call_stop()

    def hint(self):
        return super().hint() if self.ready and self.ended is None else None

    def to_dict(self) -> dict:
        if not self.ready:
            raise ValueError("the deal is not agreed yet")
        return super().to_dict()

    # ------------------------------------------------------------------ this screen's actions
    def play(self, move: Move) -> None:
        if not self.ready or self.ended is not None:
            raise IllegalMove(self.ended or "Wait: the deal is being agreed.")
        seat, n = self.to_move, len(self.state.history)
        self._mark()
        super().play(move)
        self._emit({"t": "move", "n": n, "m": str(self.state.history[n].move)}, seat)

    def follow_up(self):
        if not self.ready or self.ended is not None:
            return None
        seat, n = self.to_move, len(self.state.history)
        if self.finishing or self.auto_pending or self.state.legal_moves() == [PASS]:
            self._mark()  # (something may be played)
        move = super().follow_up()
        for entry in self.state.history[n:]:  # (a forced pass, in games with turns)
            self._emit({"t": "move", "n": n, "m": str(entry.move)}, seat)
            n += 1
        return move

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        seat, n, k = self.to_move, len(self.state.history), self.undo_groups[-1]
        self._mark()
        done = super().undo()
        if done:
            self._emit({"t": "undo", "n": n, "k": k}, seat)
        return done

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        seat, n = self.to_move, len(self.state.history)
        self._mark()
        done = super().redo()
        if done:
            self._emit({"t": "redo", "n": n, "m": [str(m) for m in self.last_group]}, seat)
        return done

    def call_stop(self, caller: int | None = None):
        if not self.can_call_stop():
            raise IllegalMove("There is no move of the other player to call Stop! on.")
        self._mark()
        return super().call_stop(caller)

    def _call(self, caller: int):
        n = len(self.state.history)
        call = super()._call(caller)
        self._emit({"t": "call", "n": n, "s": caller}, caller)
        return call

    def _play_computer(self, move: Move) -> None:
        seat, n = self.state.current_player, len(self.state.history)
        super()._play_computer(move)
        self._emit({"t": "move", "n": n, "m": str(self.state.history[n].move)}, seat)

    def _mark(self) -> None:
        """A guest about to act: the table as the host has confirmed it, to go back to should
        the host decide otherwise (taken before the first unconfirmed action only)."""
        if self.role == "guest" and not self._pending and not self._applying:
            self._before = Session.to_dict(self)

    def _emit(self, action: dict, seat: int) -> None:
        """An action made here: the host sends it to every guest (each checks it; the guest
        whose it was takes it as confirmed); a guest sends it to the host and keeps it as
        pending until the host sends it back."""
        if self.role == "host":
            for peer in self._peers:
                if peer.greeted and peer.seat is not None:
                    peer.send({**action, "by": seat})
        elif not self._applying:
            if not self._pending:
                self._snapshot, self._confirmed = self._before, []
            host = self._peers[0]
            self._pending.append((host.sent + 1, {**action, "by": seat}))
            host.send(action)

    # ------------------------------------------------------------------ the links
    def advance(self, budget_ms: float, max_moves: int | None = None) -> list[Move]:
        """Read and answer the links, then, on the host, let the computer seats think and play;
        all in about ``budget_ms`` (each link: at least PER_ADVANCE messages, more while the
        budget lasts, so a screen given the same budget as another catches up with what the
        other played in it). Never blocks."""
        deadline = time.perf_counter() + max(0.0, budget_ms) / 1000.0
        now = _clock()
        for peer in list(self._peers):
            if peer.active:
                self._pump(peer, deadline)
                if (peer.greeted or self.role == "guest") and now - peer.said >= PING_EVERY:
                    peer.send({"t": "ping"})  # this screen is here (a heartbeat)
        if self.role == "host" and self.ready and self.ended is None:
            left = (deadline - time.perf_counter()) * 1000.0
            return super().advance(max(left, min(budget_ms, 1.0)), max_moves)
        return []

    def _pump(self, peer: _Peer, deadline: float) -> None:
        try:
            texts = peer.link.receive()
        except Exception:
            texts = []
        if not isinstance(texts, list):
            texts = []
        room = BACKLOG - len(peer.backlog)
        if len(texts) > room:  # a flood: what doesn't fit is dropped
            dropped = len(texts) - max(room, 0)
            self.refused += dropped
            self.reasons["a flood"] = self.reasons.get("a flood", 0) + dropped
            self._tell(peer, "sent too many messages at once; the rest were ignored")
            texts = texts[:max(room, 0)]
        peer.backlog.extend(texts)
        done = 0
        while peer.backlog and peer.active and (
                done < PER_ADVANCE or time.perf_counter() < deadline):
            self._receive(peer, peer.backlog.popleft())
            done += 1

    def _receive(self, peer: _Peer, text) -> None:
        msg = None
        try:
            msg = parse(text)
            if msg["i"] != peer.got + 1:
                msg = None
                raise Refused("a message out of order or sent again")
            peer.got += 1  # taken in order, whatever it turns out to be
            peer.heard = _clock()
            msg = check(msg, _FROM_GUEST if self.role == "host" else _FROM_HOST)
            handler = getattr(self, f"_{self.role}_{msg['t']}", None)
            if handler is None:
                handler = self._host_action if self.role == "host" else self._guest_action
            handler(peer, msg)
        except Refused as r:
            self._refuse(peer, str(r), msg if r.reply else None, r.late)
        except Exception as e:  # a bug of ours; the game must go on all the same
            self.faults += 1
            self.last_fault = traceback.format_exc()
            self._refuse(peer, f"an error reading it ({type(e).__name__})", None)

    def _refuse(self, peer: _Peer, why: str, msg: dict | None, late: bool = False) -> None:
        self.refused += 1
        if len(self.reasons) < 256 or why in self.reasons:
            self.reasons[why] = self.reasons.get(why, 0) + 1
        if not late:
            self._tell(peer, f"sent something that can't be played ({why}); it was ignored")
        if msg is not None and self.role == "host" and msg["t"] in _ACTIONS:
            peer.send({"t": "refused", "r": msg["i"]})

    def _tell(self, peer: _Peer, what: str) -> None:
        if not peer.told:
            peer.told = True
            self.notices.append(f"{self._who(peer)} {what}. The game goes on.")

    def _who(self, peer: _Peer) -> str:
        if self.role == "guest":
            return "The host's screen"
        return f"Player {peer.seat + 1}'s screen" if peer.seat is not None else "A screen"

    def _end(self, why: str, notice: str, seat: int | None = None) -> None:
        if self.ended is None:
            self.ended = notice
            self.notices.append(notice)
            for peer in self._peers:
                if peer.greeted or self.role == "guest":
                    peer.send({"t": "end", "why": why, "seat": seat})

    def away(self, seconds: float = AWAY_AFTER) -> list[int]:
        """The seats played at screens not heard from for ``seconds`` (a heartbeat goes every
        PING_EVERY seconds; a closed tab or a lost link falls silent). On a guest: the other
        seats, when the host's screen is silent (the host relays everything)."""
        now = _clock()
        if self.role == "guest":
            host = self._peers[0]
            silent = not host.active or now - host.heard >= seconds
            return [i for i in range(len(self.seats)) if i != self.seat] if silent else []
        away = set()
        for peer in self._peers:
            if peer.seat is not None and peer is self._seat_peer(peer.seat) and (
                    not peer.active or now - peer.heard >= seconds):
                away.add(peer.seat)
        return sorted(away)

    def _seat_peer(self, seat: int):
        return next((p for p in self._peers if p.seat == seat), None)

    def _host_ping(self, peer: _Peer, msg: dict) -> None:
        pass  # heard (the time is noted for every message taken in order)

    _guest_ping = _host_ping

    # ------------------------------------------------------------------ the host
    def _host_hello(self, peer: _Peer, msg: dict) -> None:
        if peer.greeted:
            raise Refused("a second hello")
        if msg["v"] != PROTOCOL:
            peer.send({"t": "end", "why": "version", "seat": None})
            peer.active = False
            self.notices.append("A screen running another version of the game could not join.")
            return
        if peer.seat is None:  # a link attached later: a guest joining again by its token
            owner = next((p for p in self._peers if p is not peer and p.token is not None
                          and p.seat is not None and p.token == msg["token"]), None)
            if owner is None or not self.ready:
                peer.send({"t": "full"})
                peer.active = False
                return
            owner.active = False
            for name in ("seat", "screen", "token", "commit", "secret"):
                setattr(peer, name, getattr(owner, name))
            self._peers.remove(peer)
            self._peers[self._peers.index(owner)] = peer
            peer.greeted = True
            peer.told = False
            self._welcome(peer)
            self._send_table(peer)
            self.notices.append(f"Player {peer.seat + 1} is back.")
            return
        peer.greeted = True
        peer.token = secrets.token_urlsafe(24)
        self._welcome(peer)
        if self.ready:
            self._send_table(peer)

    def _welcome(self, peer: _Peer) -> None:
        peer.send({"t": "welcome", "v": PROTOCOL, "game": self.game_id,
                   "options": self.options, "seats": [str(k) for k in self.seats],
                   "seat": peer.seat, "token": peer.token, "h": self._commits[0],
                   "match": self.match_target})

    def _send_table(self, peer: _Peer) -> None:
        s = self.state
        peer.send({"t": "table", "ss": self._values, "hs": self._commits,
                   "moves": s.to_dict()["moves"], "groups": list(self.undo_groups),
                   "turn": self.turn_start})

    def _host_commit(self, peer: _Peer, msg: dict) -> None:
        if not peer.greeted or peer.commit is not None or self.ready:
            raise Refused("a commitment out of turn")
        peer.commit = self._commits[peer.screen] = msg["h"]
        if all(p.commit is not None for p in self._guests()):
            for p in self._guests():
                p.send({"t": "reveal", "s": self._value, "hs": self._commits})

    def _guests(self) -> list[_Peer]:
        return [p for p in self._peers if p.seat is not None]

    def _host_secret(self, peer: _Peer, msg: dict) -> None:
        if (peer.commit is None or peer.secret is not None or self.ready
                or any(p.commit is None for p in self._guests())):
            raise Refused("a revealed value out of turn")
        if commitment(msg["s"]) != peer.commit:
            self._end("cheat", f"Player {peer.seat + 1}'s screen revealed a value that doesn't "
                      "match the one it committed to, so it could have chosen the deal: the "
                      "game is ended.", peer.seat)
            return
        peer.secret = self._values[peer.screen] = msg["s"]
        if all(p.secret is not None for p in self._guests()):
            self._dealt(deal_seed(self.game_id, self._values))
            for p in self._guests():
                p.send({"t": "deal", "ss": self._values})

    def _dealt(self, seed: int) -> None:
        seats = self.seats
        Session.__init__(self, new_game(self.game_id, seed, **self.options), seats)
        self.auto_pending = self._opening = True
        self.ready = True

    def _host_end(self, peer: _Peer, msg: dict) -> None:
        if not peer.greeted:
            raise Refused("an end from a screen that never sat down")
        peer.active = False
        if msg["why"] == "cheat":
            self._end("cheat", f"Player {peer.seat + 1}'s screen found that the deal was not "
                      "agreed fairly: the game is ended.", peer.seat)
        else:
            self._end("left", f"Player {peer.seat + 1} left the game.", peer.seat)

    def _host_action(self, peer: _Peer, msg: dict) -> None:
        if not self.ready or self.ended is not None or not peer.greeted:
            raise Refused("no game under way", reply=True)
        if "by" in msg and msg["by"] != peer.seat:
            raise Refused("a move for another seat", reply=True)
        try:
            self._apply(msg, peer.seat)
        except (IllegalMove, ValueError) as e:
            raise Refused(str(e), reply=True, late=isinstance(e, Late)) from None

    # ------------------------------------------------------------------ the guest
    def _guest_welcome(self, peer: _Peer, msg: dict) -> None:
        if self.game_id is not None or self.ready:
            raise Refused("a second welcome")
        if msg["v"] != PROTOCOL:
            self._end("version", "The host runs another version of the game: the table can't "
                      "be shared.")
            return
        try:
            options = info(msg["game"]).check_options(msg["options"])
            kinds = check_seats(msg["game"], msg["seats"], options.get("players"), remote=True)
            target = _match_target(msg["game"], msg.get("match"))
        except (ValueError, TypeError):
            raise Refused("a table this version can't set") from None
        if not msg["seat"] < len(kinds) or not (kinds[msg["seat"]].remote
                                                and kinds[msg["seat"]].person):
            raise Refused("a seat that isn't a remote seat")
        if self.token is not None and msg["token"] != self.token:
            raise Refused("another seat's token")
        remote = [i for i, k in enumerate(kinds) if k.driven == "network"]
        self.game_id, self.options, self.seat = msg["game"], options, msg["seat"]
        self.match_target = target
        self.seats = tuple(as_seen_by_guest(k, i == msg["seat"]) for i, k in enumerate(kinds))
        self._screen = 1 + remote.index(msg["seat"])
        self._commits = [None] * (1 + len(remote))
        self._commits[0] = msg["h"]
        peer.greeted = True
        if self.token is None:  # a new guest: commit to its share of the deal
            self.token = msg["token"]
            self._commits[self._screen] = commitment(self._value)
            peer.send({"t": "commit", "h": self._commits[self._screen]})

    def _guest_reveal(self, peer: _Peer, msg: dict) -> None:
        if self.game_id is None or self.ready or self._values or self.token is None:
            raise Refused("a reveal out of turn")
        hs = msg["hs"]
        if len(hs) != len(self._commits) or hs[self._screen] != self._commits[self._screen]:
            raise Refused("commitments that aren't the table's")
        if hs[0] != self._commits[0] or commitment(msg["s"]) != self._commits[0]:
            self._end("cheat", "The host's screen revealed a value that doesn't match the one it "
                      "committed to, so it could have chosen the deal: the game is ended.")
            return
        self._commits = list(hs)
        self._values = [msg["s"]] + [None] * (len(hs) - 1)
        self._values[self._screen] = self._value
        peer.send({"t": "secret", "s": self._value})

    def _check_values(self, ss: list[str], hs: list[str]) -> bool:
        return len(ss) == len(hs) and all(commitment(v) == h for v, h in zip(ss, hs))

    def _guest_deal(self, peer: _Peer, msg: dict) -> None:
        if not self._values or self.ready:
            raise Refused("a deal out of turn")
        ss = msg["ss"]
        if (not self._check_values(ss, self._commits) or ss[0] != self._values[0]
                or ss[self._screen] != self._value):
            self._end("cheat", "A revealed value doesn't match the one its screen committed to, "
                      "so the deal could have been chosen: the game is ended.")
            return
        self._values = list(ss)
        Session.__init__(self, new_game(self.game_id, deal_seed(self.game_id, ss),
                                        **self.options), self.seats)
        self.auto_pending = self._opening = True
        self.ready = True

    def _guest_table(self, peer: _Peer, msg: dict) -> None:
        """The whole table, for a guest that joins again: checked like a deal (every value
        against its commitment) and like a save (every move replayed by the rules core)."""
        if self.game_id is None or self.ready:
            raise Refused("a table out of turn")
        ss, hs = msg["ss"], msg["hs"]
        if len(hs) != len(self._commits) or hs[0] != self._commits[0] \
                or not self._check_values(ss, hs):
            self._end("cheat", "The host sent a table whose deal doesn't match what its screens "
                      "committed to: the game is ended.")
            return
        seed = deal_seed(self.game_id, ss)
        start = new_game(self.game_id, seed, **self.options).to_dict()
        try:
            state = from_dict({**start, "moves": msg["moves"]})
            table = _Table.from_dict({"format": 2, "state": state.to_dict(),
                                      "seats": [str(k) for k in self.seats],
                                      "undo_groups": msg["groups"] or None,
                                      "turn_start": msg["turn"]})
        except ValueError:
            raise Refused("a table the rules can't reach") from None
        self._commits, self._values = list(hs), list(ss)
        Session.__init__(self, table.state, self.seats)
        self._adopt(table)
        self.ready = True

    def _guest_refused(self, peer: _Peer, msg: dict) -> None:
        if not any(i == msg["r"] for i, _ in self._pending):  # (taken back already)
            raise Refused("a refusal of nothing waiting", late=True)
        self._roll_back()
        self.notices.append("Your last move came too late (another player's came first) "
                            "and was taken back.")

    def _guest_end(self, peer: _Peer, msg: dict) -> None:
        seat = msg["seat"]
        who = f"Player {seat + 1}" if seat is not None and seat < len(self.seats) else "A player"
        text = {"cheat": f"{who}'s share of the deal didn't match what it committed to: the game "
                         "is ended.",
                "left": f"{who} left the game." if seat is not None else "The host left the game.",
                "version": "The host runs another version of the game: the table can't be "
                           "shared."}[msg["why"]]
        self.ended = self.ended or text
        self.notices.append(text)
        peer.active = False

    def _guest_full(self, peer: _Peer, msg: dict) -> None:
        if self.game_id is not None:
            raise Refused("full, after a welcome")
        self.ended = "That table is full (or its game has not started): it can't be joined."
        self.notices.append(self.ended)
        peer.active = False

    def _guest_action(self, peer: _Peer, msg: dict) -> None:
        if not self.ready or self.ended is not None:
            raise Refused("no game under way")
        by = msg.get("by")
        if by is None:
            raise Refused("an action without its seat")
        if self._pending:
            head = self._pending[0][1]
            if msg == {**head, "i": msg["i"]}:  # the host took our action: it stands
                self._pending.pop(0)
                self._confirmed.append(head)
                if not self._pending:
                    self._snapshot, self._confirmed = None, []
                return
            self._roll_back()
        if by == self.seat or by >= len(self.seats) or self.seats[by].local:
            raise Refused("an action for this screen's own seat")
        self._applying = True
        try:
            self._apply(msg, by)
        except (IllegalMove, ValueError) as e:
            raise Refused(str(e)) from None
        finally:
            self._applying = False

    def _roll_back(self) -> None:
        """Take back this guest's actions the host didn't confirm: the table as it was before
        the first of them, with the confirmed ones played again."""
        snapshot, confirmed = self._snapshot, self._confirmed
        self._pending, self._snapshot, self._confirmed = [], None, []
        if snapshot is None:
            return
        self._adopt(_Table.from_dict(snapshot))
        self._applying = True
        try:
            for action in confirmed:
                self._apply(action, action["by"])
        finally:
            self._applying = False

    def _adopt(self, table: Session) -> None:
        """Take over a plain session's table (a snapshot, a table sent over), keeping what is
        this screen's own (its clock, events, help, settings)."""
        keep = {name: getattr(self, name) for name in
                ("events", "elapsed", "assisted", "recorded", "auto_move")}
        for name, value in table.__dict__.items():
            if name not in keep:
                setattr(self, name, value)
        self.seats = table.seats
        self.version = next(_VERSIONS)

    # ------------------------------------------------------------------ an action, checked
    def _apply(self, msg: dict, seat: int) -> None:
        """Play a peer's action for ``seat`` exactly as this screen would have played it, once
        the rules allow it there and then; IllegalMove (nothing changed) otherwise."""
        s = self.state
        if msg["n"] != len(s.history):
            raise Late("an action for another point of the game")
        if s.is_over():
            raise IllegalMove("the game is over")
        kind = msg["t"]
        if kind == "call":
            caller, mover = msg["s"], s.last_mover()
            if caller != seat or caller >= len(self.seats):
                raise IllegalMove("a call for another seat")
            if mover is None or not self.has_calls or caller == mover:
                raise IllegalMove("there is no other player's move to call on")
            self.pending_call = None
            self._call(caller)
            return
        if s.current_player != seat:
            raise IllegalMove("not that seat's turn")
        if self.pending_call is not None:
            raise Late("a Stop! call is being made")
        if kind == "move":
            move = Move.parse(msg["m"])
            if not s.is_legal(move) and not self._is_breach(move):
                raise IllegalMove(s.why_illegal(move) or "not a move of this position")
            self._forget_autos_from(len(s.history))  # (as play() does)
            self._push(move, self._is_breach(move))
            self.undo_groups.append(1)
            self.redo_groups.clear()
            self.finishing, self.auto_pending = [], False
            self._changed()
            self._ask_for_call()
        elif kind == "undo":
            k = msg["k"]
            if (not self.undo_groups or self.undo_groups[-1] != k
                    or len(s.history) - k < max(self.turn_start, self.dealt)):
                raise IllegalMove("an undo of moves that aren't that seat's in this turn")
            self.undo_groups.pop()
            self.last_group = [s.pop() for _ in range(k)][::-1]
            self.finishing, self.auto_pending = [], False
            self._changed()
        elif kind == "redo":
            moves = [Move.parse(m) for m in msg["m"]]
            done = 0
            try:
                for move in moves:
                    if s.current_player != seat:
                        raise IllegalMove("not that seat's turn")
                    self._push(move, self._is_breach(move))
                    done += 1
            except IllegalMove:
                for _ in range(done):
                    s.pop()
                raise
            self.undo_groups.append(len(moves))
            self.last_group = moves
            self._changed()
        self._emit({k: v for k, v in msg.items() if k not in ("i", "by")}, seat)


def _match_target(game_id: str, target) -> int | None:
    """A shared table's match target: one of the game's choices, the game's default for None
    (and from a host or a save from before targets were shared); None for a game without a
    match. ValueError for anything else."""
    match = info(game_id).match
    if match is None:
        return None
    if target is None:
        return match.default
    if type(target) is not int or target not in match.choices:
        raise ValueError(f"a match to {target!r}: the choices are "
                         f"{', '.join(map(str, match.choices))}")
    return target


def host(game_id: str, seats, links, *, match_target: int | None = None,
         **options) -> RemoteSession:
    """Session.host: a table for ``seats`` (at least one "remote", each played over the link
    given for it, in seat order); the deal is agreed once every guest has joined. Every
    screen plays its match to ``match_target`` (the game's default when None)."""
    return RemoteSession.start_host(game_id, seats, links, match_target=match_target,
                                    **options)


def resume(data, link=None) -> RemoteSession:
    """A shared table saved with ``save()``, after a reload (RemoteSession.resume)."""
    return RemoteSession.resume(data, link)


def join(link, token: str | None = None) -> RemoteSession:
    """Session.join: sit down at the host's table at the other end of ``link`` (with the
    ``token`` a guest was given: back at its seat, at the position the game has reached)."""
    return RemoteSession.start_guest(link, token)


__all__ = ["BACKLOG", "Link", "MAX_BYTES", "PER_ADVANCE", "PROTOCOL", "RemoteSession",
           "Refused", "check", "commitment", "deal_seed", "host", "join", "pair", "parse",
           "resume"]
