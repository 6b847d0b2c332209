"""A room: the screens at one shared table, met through a transport that carries text.

    from game.session.rooms import MemoryRelay, SharedTable, new_code
    relay = MemoryRelay()                       # in memory (tests); the browser's is game/ui/net.py
    code = new_code()                           # "K7PQ2M": what the host gives its friends
    host = SharedTable.host(relay.open(code, "host"), code, "russian-bank",
                            seats=("human", "remote"), mode="stop")
    guest = SharedTable.join(relay.open(code, "guest"), code)
    host.advance(5); guest.advance(5)           # once a frame on each screen
    host.session, guest.session                 # RemoteSessions, once every seat is taken
    host.ready and guest.ready                  # the deal is agreed: play on .session

A *transport* is one screen's side of a room (the browser's is WebRTC through Trystero, reached
by the page's string bridge; docs/remote.md, "The room"):

    transport.poll() -> list of (kind, peer, data) events since the last poll, in order:
        ("join", peer, role)     a screen in the room told its role: "host" or "guest"
        ("leave", peer, "")      it left (a closed tab; a killed one just falls silent)
        ("text", peer, text)     it sent text to this screen
        ("status", "", what)     "open", or "failed: why"
    transport.send(peer, text); transport.close()

The room turns peers into the session's links (``send``/``receive``). The host waits until a
guest screen is in the room for every remote seat (the lobby: a screen that comes and goes
before that just comes and goes), then starts the table with one link per guest, in the order
they came; the deal is agreed at once (remote.py). Later comers are handed to the session
(``attach``): a screen that was at the table sits again by its token, anyone else is told the
table is full. A guest talks to the first screen that says it is the host; when that screen
goes and a host comes again (the host's page reloaded), the guest sits down again with its
token through a new link, on a new session (``session`` changes: a client follows it).

Nothing here trusts the transport either: events that aren't 3-tuples of strings, roles other
than "host"/"guest", texts for unknown peers are dropped; what a peer says is the session's to
check.
"""

from __future__ import annotations

import re
import secrets

from .remote import PROTOCOL, RemoteSession
from .seat_kinds import seat_kind

#: room codes: no 0/O, 1/I/L (read aloud, typed from a phone)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
_CODE = re.compile(r"[A-Z0-9]{4,12}")
MAX_PEERS = 16  # screens a room keeps track of (a room is for two to four)
MAX_GAMES = 10**6  # games one room may play, one after another


def new_code() -> str:
    """A fresh room code (30 bits from ``secrets``)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def clean_code(text) -> str | None:
    """A room code as a person may type or paste it (any case, spaces or dashes, or a link
    ending in ``#join=CODE``), or None when it is no code."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    if "#join=" in text:
        text = text.rsplit("#join=", 1)[1]
    code = re.sub(r"[\s\-]", "", text).upper()
    return code if _CODE.fullmatch(code) else None


def framed(game: int, text: str) -> str:
    """A session's text on the wire for the room's ``game``: the first game's as it is, a
    later one's behind its number ("2|{...}"), so that nothing of one game reaches another."""
    return text if game == 1 else f"{game}|{text}"


def unframed(text: str) -> tuple[int, str] | None:
    """(game, the session's text) of a text on the wire, or None when it is no such text."""
    if text.startswith("{"):
        return 1, text
    head, bar, rest = text[:8].partition("|")
    if bar and head.isdigit() and 2 <= int(head) <= MAX_GAMES:
        return int(head), text[len(head) + 1:]
    return None


def again_text(game: int) -> str:
    """The host's word that the room plays its ``game``-th game now: sit down again."""
    return f"again:{game}"


class PeerLink:
    """The session's link to one screen in the room: ``send`` goes through the transport,
    ``receive`` gives what the room has routed to it since the last call."""

    def __init__(self, transport, peer: str, game: int = 1):
        self.transport = transport
        self.peer = peer
        self.game = game  # the room's game this link is for (1, 2, ...: see "again")
        self.inbox: list[str] = []
        self.gone = False  # the screen left the room

    def send(self, text: str) -> None:
        if not self.gone:
            try:
                self.transport.send(self.peer, framed(self.game, text))
            except Exception:  # a broken transport: the screen is away, the game goes on
                pass

    def receive(self) -> list[str]:
        out, self.inbox = self.inbox, []
        return out

    def send_raw(self, text: str) -> None:
        """A word of the room's own (not the session's)."""
        if not self.gone:
            try:
                self.transport.send(self.peer, text)
            except Exception:
                pass


class SharedTable:
    """One screen's side of a shared table: the room and, once every seat is taken, the
    session played on it."""

    def __init__(self, transport, code: str, role: str):
        self.transport = transport
        self.code = code
        self.role = role
        self.session: RemoteSession | None = None
        self.status = "connecting"  # "open" once the transport says so; "failed: ..."
        self._links: dict[str, PeerLink] = {}  # peer -> its link, for every screen here
        self._roles: dict[str, str] = {}
        self._lobby: list[str] = []  # the host: guest screens waiting, in the order they came
        self._host_peer: str | None = None  # a guest: the screen it talks to
        self._token: str | None = None  # a guest: its seat's token, once given
        #: the host: the table asked for, started once the lobby is full: (game, seat kinds,
        #: options, match target)
        self.asked: tuple | None = None
        self.seats_wanted = 0
        self.game = 1  # the room's game: 2, 3, ... after "Play again" (``again``)
        self.dropped = 0  # texts of another of the room's games, dropped

    # ------------------------------------------------------------------ making one
    @classmethod
    def host(cls, transport, code: str, game_id: str, seats, *,
             match_target: int | None = None, **options) -> "SharedTable":
        """The host's table: ``seats``, ``match_target`` and options as ``Session.host``
        takes them (at least one "remote" seat); the session starts once a guest screen is
        here for each remote seat. ValueError for seats, a target or options the game refuses
        (checked now, not later)."""
        table = cls(transport, code, "host")
        kinds = [seat_kind(s) for s in seats]
        table.seats_wanted = sum(1 for k in kinds if k.driven == "network")
        # checked at once, with stand-in links: a wrong table is refused before anyone joins
        RemoteSession.start_host(game_id, kinds, [PeerLink(None, "")] * table.seats_wanted,
                                 match_target=match_target, **options)
        table.asked = (game_id, tuple(kinds), options, match_target)
        return table

    @classmethod
    def join(cls, transport, code: str, token: str | None = None) -> "SharedTable":
        """A guest's side: it sits down as soon as a host screen is in the room (with
        ``token``: at the seat it had)."""
        table = cls(transport, code, "guest")
        table._token = token
        return table

    @classmethod
    def resume(cls, transport, saved) -> "SharedTable":
        """A table kept with ``save()``, after a reload, in the same room. ValueError when
        ``saved`` is wrong."""
        if not isinstance(saved, dict) or clean_code(saved.get("code")) != saved.get("code"):
            raise ValueError("not a shared table's save")
        session = saved.get("session")
        if not isinstance(session, dict) or session.get("remote") != PROTOCOL:
            raise ValueError("not a shared table's save")
        game = saved.get("game", 1)
        if type(game) is not int or not 1 <= game <= MAX_GAMES:
            raise ValueError("not a shared table's save")
        if session.get("role") == "guest":
            if session.get("token") is not None:  # (None: it was still joining)
                RemoteSession.resume(session, link=PeerLink(None, ""))  # checks the token
            table = cls.join(transport, saved["code"], session.get("token"))
            table.game = game
            return table
        if "lobby" in session:  # the host's waiting room: open again, the same code
            lobby = session["lobby"]
            if (not isinstance(lobby, dict) or not isinstance(lobby.get("seats"), list)
                    or not isinstance(lobby.get("options"), dict)):
                raise ValueError("not a shared table's save")
            try:
                table = cls.host(transport, saved["code"], lobby.get("game"), lobby["seats"],
                                 match_target=lobby.get("match_target"), **lobby["options"])
            except (TypeError, ValueError) as e:
                raise ValueError(f"a waiting room that can't be opened again: {e}") from None
            table.game = game
            return table
        table = cls(transport, saved["code"], "host")
        table.game = game
        table.session = RemoteSession.resume(session)
        table.seats_wanted = sum(1 for k in table.session.seats if k.driven == "network")
        return table

    def save(self) -> dict | None:
        """What a page keeps to be back in this room after a reload (JSON): at the table (the
        host's table; a guest's token), or still waiting (the host's waiting room, opened
        again with the same code; a guest not yet seated, joining again). None when there is
        nothing to come back to."""
        if self.role == "guest":
            s = self.session
            token = (s.token if s is not None and s.ready else None) or self._token
            return {"code": self.code, "game": self.game,
                    "session": {"remote": PROTOCOL, "role": "guest", "token": token}}
        if self.session is None or not self.session.ready:
            if self.asked is None:
                return None
            game_id, kinds, options, target = self.asked
            return {"code": self.code, "game": self.game,
                    "session": {"remote": PROTOCOL, "role": "host",
                                "lobby": {"game": game_id, "seats": [str(k) for k in kinds],
                                          "options": options, "match_target": target}}}
        return {"code": self.code, "game": self.game, "session": self.session.save()}

    def close(self) -> None:
        try:
            self.transport.close()
        except Exception:
            pass

    # ------------------------------------------------------------------ every frame
    @property
    def ready(self) -> bool:
        return self.session is not None and self.session.ready

    def waiting(self) -> int:
        """The host: friends still to come before the deal (0 once the table has started)."""
        if self.role != "host" or self.session is not None:
            return 0
        return self.seats_wanted - len(self._lobby)

    def host_here(self) -> bool:
        """A guest: a host screen is in the room."""
        return self._host_peer is not None

    def advance(self, budget_ms: float, max_moves: int | None = None) -> list:
        """``pump()``, then let the session read and answer its links and, on the host, play
        its computer seats (``RemoteSession.advance``: at most ``max_moves`` of theirs); all
        in about budget_ms. The computer's moves made, as advance gives them."""
        self.pump()
        if self.session is not None:
            return self.session.advance(budget_ms, max_moves)
        return []

    def pump(self) -> None:
        """Read the transport, route what came to the links, and start or rejoin the table as
        screens come and go (``session`` may be a new one after this)."""
        try:
            events = self.transport.poll()
        except Exception:
            events = []
        for event in events if isinstance(events, list) else ():
            self._event(event)
        if self.role == "host" and self.session is None and self.waiting() <= 0:
            self._begin()

    def _event(self, event) -> None:
        if not (isinstance(event, (tuple, list)) and len(event) == 3
                and all(isinstance(x, str) for x in event)):
            return
        kind, peer, data = event
        if kind == "status":
            self.status = data[:200]
        elif kind == "text":
            link = self._links.get(peer)
            if link is None:
                return
            if data.startswith("again:"):
                if self.role == "guest" and peer == self._host_peer:
                    self._again(data[len("again:"):])
                return
            game_text = unframed(data)
            if game_text is None or game_text[0] != self.game:
                self.dropped += 1  # another game's (one before this, in flight): not ours
                return
            if len(link.inbox) < 8192:
                link.inbox.append(game_text[1])
        elif kind == "join" and data in ("host", "guest") and peer:
            self._joined(peer, data)
        elif kind == "leave":
            self._left(peer)

    def _joined(self, peer: str, role: str) -> None:
        if peer in self._roles or len(self._roles) >= MAX_PEERS:
            return
        self._roles[peer] = role
        if self.role == "host":
            if role != "guest":
                return  # another host with this code: not ours
            link = self._links[peer] = PeerLink(self.transport, peer, self.game)
            if self.game > 1:
                link.send_raw(again_text(self.game))  # which game it is to sit down at
            if self.session is None:
                self._lobby.append(peer)
            else:
                self.session.attach(link)  # back by its token, or told the table is full
        elif role == "host" and self._host_peer is None:
            self._host_peer = peer
            link = self._links[peer] = PeerLink(self.transport, peer, self.game)
            self._keep_token()
            if self._token is not None:
                self.session = RemoteSession.resume(
                    {"remote": PROTOCOL, "role": "guest", "token": self._token}, link)
            else:
                self.session = RemoteSession.start_guest(link)

    def _left(self, peer: str) -> None:
        self._roles.pop(peer, None)
        link = self._links.pop(peer, None)
        if link is not None:
            link.gone = True
        if peer in self._lobby:
            self._lobby.remove(peer)
        if peer == self._host_peer:
            self._host_peer = None
            self._keep_token()
            # the next host to come in (the host's page reloaded) gets a new session
            others = [p for p, r in self._roles.items() if r == "host"]
            if others:
                self._joined_again(others[0])

    def _keep_token(self) -> None:
        """A guest: the seat's token of the game it sits at, to sit down again with (a token
        given before the deal was agreed is no seat: the host's next page deals anew)."""
        if self.session is not None and self.session.token and self.session.ready:
            self._token = self.session.token

    def _joined_again(self, peer: str) -> None:
        role = self._roles.pop(peer)
        self._joined(peer, role)

    def can_play_again(self) -> bool:
        """The host: the game is over and every friend's screen is here (the next game is
        played by the same seats, in this room)."""
        s = self.session
        if self.role != "host" or s is None or not s.ready or not s.is_over() or s.away():
            return False
        links = s.seat_links()
        remote = [i for i, k in enumerate(s.seats) if k.driven == "network"]
        return sorted(links) == remote and all(
            isinstance(link, PeerLink) and not link.gone for link in links.values())

    def play_again(self) -> None:
        """The host: the room's next game, the same seats and options, a new deal agreed as
        the first was; each friend's screen is told to sit down again (``again``).
        ValueError when it can't be now (``can_play_again``)."""
        if not self.can_play_again():
            raise ValueError("another game starts once this one is over, everyone here")
        s = self.session
        peers = {seat: link.peer for seat, link in s.seat_links().items()}
        self.game += 1
        links = []
        for seat in sorted(peers):
            link = self._links[peers[seat]] = PeerLink(self.transport, peers[seat], self.game)
            link.send_raw(again_text(self.game))
            links.append(link)
        game_id, options = s.game_id, dict(s.options)
        self.asked = (game_id, s.seats, options, s.match_target)
        self.session = RemoteSession.start_host(game_id, s.seats, links,
                                                match_target=s.match_target, **options)

    def _again(self, number: str) -> None:
        """A guest: the host's room plays its next game; sit down at it (a new session)."""
        if not number.isdigit() or not self.game < int(number) <= MAX_GAMES:
            return
        self.game = int(number)
        link = self._links[self._host_peer] = PeerLink(self.transport, self._host_peer,
                                                      self.game)
        self._token = None  # the last game's seat is no seat at this one
        self.session = RemoteSession.start_guest(link)

    def _begin(self) -> None:
        game_id, kinds, options, target = self.asked
        links = [self._links[p] for p in self._lobby[:self.seats_wanted]]
        self.session = RemoteSession.start_host(game_id, kinds, links, match_target=target,
                                                **options)
        self._lobby = []


class MemoryRelay:
    """Rooms in memory: each ``open(code, role)`` is one screen's transport in the room with
    that code (tests and demos; the browser's transport is game/ui/net.py)."""

    def __init__(self):
        self.rooms: dict[str, list["MemoryTransport"]] = {}
        self._ids = 0

    def open(self, code: str, role: str) -> "MemoryTransport":
        self._ids += 1
        me = MemoryTransport(self, code, f"peer{self._ids}", role)
        room = self.rooms.setdefault(code, [])
        me.events.append(("status", "", "open"))
        for other in room:
            other.events.append(("join", me.peer, role))
            me.events.append(("join", other.peer, other.role))
        room.append(me)
        return me


class MemoryTransport:
    """One screen's side of a MemoryRelay room. ``close()`` leaves (the others see "leave");
    ``kill()`` falls silent without a word (a killed tab)."""

    def __init__(self, relay: MemoryRelay, code: str, peer: str, role: str):
        self.relay, self.code, self.peer, self.role = relay, code, peer, role
        self.events: list[tuple[str, str, str]] = []
        self.alive = True

    def poll(self) -> list[tuple[str, str, str]]:
        out, self.events = self.events, []
        return out if self.alive else []

    def send(self, peer: str, text: str) -> None:
        if not self.alive:
            return
        for other in self.relay.rooms.get(self.code, ()):
            if other.peer == peer and other.alive:
                other.events.append(("text", self.peer, text))

    def _others(self):
        return [t for t in self.relay.rooms.get(self.code, ()) if t is not self]

    def close(self) -> None:
        if self in self.relay.rooms.get(self.code, ()):
            self.relay.rooms[self.code].remove(self)
            for other in self.relay.rooms[self.code]:
                other.events.append(("leave", self.peer, ""))
        self.alive = False

    def kill(self) -> None:
        if self in self.relay.rooms.get(self.code, ()):
            self.relay.rooms[self.code].remove(self)
        self.alive = False


__all__ = ["CODE_LETTERS", "MemoryRelay", "MemoryTransport", "PeerLink", "SharedTable",
           "clean_code", "new_code"]
