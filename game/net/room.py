"""A room: the screens at one shared table, met through a transport that carries text.

    from game.net import HostRoom, GuestRoom, MemoryRelay, new_code
    relay = MemoryRelay()                       # in memory (tests); the browser's: browser.py
    code = new_code()                           # "K7PQ2M": what the host gives its friends
    host = HostRoom.open(relay.open(code, "host"), code, "russian-bank",
                         seats=("human", "remote"), mode="stop")
    guest = GuestRoom.open(relay.open(code, "guest"), code)
    host.advance(5); guest.advance(5)           # once a frame on each screen
    host.session, guest.session                 # the tables (host.py, guest.py), once seated
    host.ready and guest.ready                  # the deal is agreed: play on .session

A *transport* is one screen's side of a room (the browser's is WebRTC through Trystero, reached
by the page's string bridge; docs/remote.md, "The room"):

    transport.poll() -> list of (kind, peer, data) events since the last poll, in order
        (events.py: JOIN, LEAVE, TEXT, STATUS; the ``Transport`` protocol)
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
from collections.abc import Iterable
from typing import Any, TypeAlias

from game.core import Move
from game.net.events import CODE, GUEST, HOST, EventKind, Status, Transport, event
from game.net.guest import GuestTable
from game.net.host import HostTable
from game.net.paths import Path
from game.net.protocol import PING_EVERY, PROTOCOL
from game.net.shared_table import RemoteTable
from game.session import SeatKind, seat_kind

AGAIN = "again:"  # the host's word that the room plays its next game
#: room codes: no 0/O, 1/I/L (read aloud, typed from a phone)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_PEERS = 16  # screens a room keeps track of (a room is for two to four)
MAX_GAMES = 10**6  # games one room may play, one after another
SILENT_HOST_S = 10.0  # a guest's host silent this long, another host here: it is gone

#: the host's table asked for, started once the lobby is full: (game, seat kinds, options,
#: match target)
Asked: TypeAlias = tuple[str, tuple[SeatKind, ...], dict[str, Any], int | None]


def new_code() -> str:
    """A fresh room code (30 bits from ``secrets``)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def clean_code(text: object) -> str | None:
    """A room code as a person may type or paste it (any case, spaces or dashes, or a link
    ending in ``#join=CODE``), or None when it is no code."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    if "#join=" in text:
        text = text.rsplit("#join=", 1)[1]
    code = re.sub(r"[\s\-]", "", text).upper()
    return code if CODE.fullmatch(code) else None


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
        return int(head), text[len(head) + 1 :]
    return None


def again_text(game: int) -> str:
    """The host's word that the room plays its ``game``-th game now: sit down again."""
    return f"{AGAIN}{game}"


class PeerLink:
    """The session's link to one screen in the room: ``send`` goes through the transport,
    ``receive`` gives what the room has routed to it since the last call."""

    def __init__(self, transport: Transport | None, peer: str, game: int = 1):
        self.transport = transport
        self.peer = peer
        self.game = game  # the room's game this link is for (1, 2, ...: see "again")
        self.inbox: list[str] = []
        self.gone = False  # the screen left the room

    def send(self, text: str) -> None:
        if not self.gone and self.transport is not None:
            try:
                self.transport.send(self.peer, framed(self.game, text))
            except Exception:  # a broken transport: the screen is away, the game goes on
                pass

    def receive(self) -> list[str]:
        out, self.inbox = self.inbox, []
        return out

    def ping_every(self) -> float:
        """The transport's pace of heartbeats to this screen (slower through the relays)."""
        pace = getattr(self.transport, "ping_every", None)
        return float(pace(self.peer)) if callable(pace) else PING_EVERY

    @property
    def path(self) -> str:
        """How texts reach this screen: DIRECT, RELAYS, or WAITING ("": not yet); a transport
        with a single path (one without ``path``) says DIRECT."""
        path = getattr(self.transport, "path", None)
        return str(path(self.peer)) if callable(path) else Path.DIRECT

    def send_raw(self, text: str) -> None:
        """A word of the room's own (not the session's)."""
        if not self.gone and self.transport is not None:
            try:
                self.transport.send(self.peer, text)
            except Exception:
                pass


class SharedTable:
    """One screen's side of a shared table: the room and, once every seat is taken, the
    session played on it. ``SharedTable.host`` / ``join`` / ``resume`` make the side it is
    (HostRoom, GuestRoom)."""

    hosting = False  # this screen is the host
    ROLE = ""  # its word in the room and in a save: HOST or GUEST
    asked: Asked | None = None  # the host's table asked for (HostRoom)
    seats_wanted = 0  # the host's remote seats (HostRoom)

    @property
    def role(self) -> str:
        """The word this screen says it is in the room: HOST or GUEST."""
        return self.ROLE

    @staticmethod
    def role_of(saved: object) -> str:
        """The word a kept table's screen says again in its room (``resume`` checks the
        rest): GUEST for a guest's, else HOST."""
        session = saved.get("session") if isinstance(saved, dict) else None
        return GUEST if isinstance(session, dict) and session.get("role") == GUEST else HOST

    def __init__(self, transport: Transport | None, code: str):
        self.transport = transport  # None: a kept table only checked (``resume``)
        self.code = code
        self.session: RemoteTable | None = None
        #: CONNECTING; OPEN once the transport says so (a relay is reached, or a screen
        #: met); OFFLINE while no relay is reached (it keeps trying); "failed: why"
        self.status: str = Status.CONNECTING
        self._links: dict[str, PeerLink] = {}  # peer -> its link, for every screen here
        self._roles: dict[str, str] = {}
        self.game = 1  # the room's game: 2, 3, ... after "Play again" (``again``)
        self.dropped = 0  # texts of another of the room's games, dropped

    # ------------------------------------------------------------------ making one
    @classmethod
    def host(
        cls,
        transport: Transport,
        code: str,
        game_id: str,
        seats: Iterable[object],
        *,
        match_target: int | None = None,
        **options: Any,
    ) -> HostRoom:
        """The host's table: ``seats``, ``match_target`` and options as ``game.net.host``
        takes them (at least one "remote" seat); the session starts once a guest screen is
        here for each remote seat. ValueError for seats, a target or options the game refuses
        (checked now, not later)."""
        return HostRoom(transport, code, game_id, seats, match_target, options)

    @classmethod
    def join(cls, transport: Transport, code: str, token: str | None = None) -> GuestRoom:
        """A guest's side: it sits down as soon as a host screen is in the room (with
        ``token``: at the seat it had)."""
        return GuestRoom(transport, code, token)

    @classmethod
    def resume(cls, transport: Transport | None, saved: object) -> SharedTable:
        """A table kept with ``save()``, after a reload, in the same room (no transport: only
        checked, nothing is sent or read). ValueError when ``saved`` is wrong."""
        if not isinstance(saved, dict) or clean_code(saved.get("code")) != saved.get("code"):
            raise ValueError("not a shared table's save")
        session = saved.get("session")
        if not isinstance(session, dict) or session.get("remote") != PROTOCOL:
            raise ValueError("not a shared table's save")
        game = saved.get("game", 1)
        if type(game) is not int or not 1 <= game <= MAX_GAMES:
            raise ValueError("not a shared table's save")
        sides: dict[str, type[HostRoom] | type[GuestRoom]] = {
            HostRoom.ROLE: HostRoom,
            GuestRoom.ROLE: GuestRoom,
        }
        role = session.get("role")
        side = sides.get(role) if isinstance(role, str) else None
        if side is None:
            raise ValueError("a shared table's save is a host's or a guest's")
        table = side.resume_saved(transport, saved["code"], session)
        table.game = game
        return table

    def save(self) -> dict[str, Any] | None:
        """What a page keeps to be back in this room after a reload (JSON): at the table (the
        host's table; a guest's token), or still waiting (the host's waiting room, opened
        again with the same code; a guest not yet seated, joining again). None when there is
        nothing to come back to."""
        raise NotImplementedError

    def close(self) -> None:
        try:
            if self.transport is not None:
                self.transport.close()
        except Exception:
            pass

    # ------------------------------------------------------------------ every frame
    @property
    def ready(self) -> bool:
        return self.session is not None and self.session.ready

    def waiting(self) -> int:
        """The host: friends still to come before the deal (0 once the table has started)."""
        return 0

    def host_here(self) -> bool:
        """A guest: a host screen is in the room."""
        return False

    def paths(self) -> list[str]:
        """How each screen this one talks to is reached now: "direct", "relays", or "" (its
        direct path still being tried), one per screen here."""
        return [link.path for link in self._links.values() if not link.gone]

    def can_play_again(self) -> bool:
        return False

    def advance(self, budget_ms: float, max_moves: int | None = None) -> list[Move]:
        """Read the room, then let the session read and answer its links and, on the host,
        play its computer seats (at most ``max_moves`` of theirs); all in about budget_ms.
        The computer's moves made, as the session's advance gives them."""
        self.pump()
        if self.session is not None:
            return self.session.advance(budget_ms, max_moves)
        return []

    def pump(self) -> None:
        """Read the transport, route what came to the links, and start or rejoin the table as
        screens come and go (``session`` may be a new one after this)."""
        events: object
        try:
            events = self.transport.poll() if self.transport is not None else []
        except Exception:
            events = []
        for x in events if isinstance(events, list) else ():
            checked = event(x)
            if checked is not None:
                self._event(*checked)

    def _event(self, kind: EventKind, peer: str, data: str) -> None:
        if kind == EventKind.STATUS:
            self.status = data[:200]
        elif kind == EventKind.TEXT:
            link = self._links.get(peer)
            if link is None:
                return
            if data.startswith(AGAIN):
                self._again_from(peer, data[len(AGAIN) :])
                return
            game_text = unframed(data)
            if game_text is None or game_text[0] != self.game:
                self.dropped += 1  # another game's (one before this, in flight): not ours
                return
            if len(link.inbox) < 8192:
                link.inbox.append(game_text[1])
        elif kind == EventKind.JOIN:
            if peer not in self._roles and len(self._roles) < MAX_PEERS:
                self._roles[peer] = data
                self._joined(peer, data)
        elif kind == EventKind.LEAVE:
            self._roles.pop(peer, None)
            link = self._links.pop(peer, None)
            if link is not None:
                link.gone = True
            self._left(peer)

    def _joined(self, peer: str, role: str) -> None:
        raise NotImplementedError

    def _left(self, peer: str) -> None:
        raise NotImplementedError

    def _again_from(self, peer: str, number: str) -> None:
        """The host's word that the room plays its next game (only a guest listens)."""


class HostRoom(SharedTable):
    """The host's side: the lobby fills, the table starts; later comers go to the session."""

    hosting = True
    ROLE = HOST
    session: HostTable | None

    def __init__(
        self,
        transport: Transport | None,
        code: str,
        game_id: str,
        seats: Iterable[object],
        match_target: int | None,
        options: dict[str, Any],
    ):
        super().__init__(transport, code)
        kinds = [seat_kind(s) for s in seats]
        self.seats_wanted = sum(1 for k in kinds if k.remote)
        # checked at once, with stand-in links: a wrong table is refused before anyone joins
        HostTable.start(
            game_id,
            kinds,
            [PeerLink(None, "")] * self.seats_wanted,
            match_target=match_target,
            **options,
        )
        self.asked: Asked | None = (game_id, tuple(kinds), options, match_target)
        self._lobby: list[str] = []  # guest screens waiting, in the order they came

    @classmethod
    def resume_saved(
        cls, transport: Transport | None, code: str, session: dict[str, Any]
    ) -> HostRoom:
        """The host's side kept by ``save``: its waiting room opened again, or its table (the
        session's save) back at once."""
        if "lobby" in session:  # the waiting room: open again, the same code
            lobby = session["lobby"]
            if (
                not isinstance(lobby, dict)
                or not isinstance(lobby.get("game"), str)
                or not isinstance(lobby.get("seats"), list)
                or not isinstance(lobby.get("options"), dict)
            ):
                raise ValueError("not a shared table's save")
            try:
                return cls(
                    transport,
                    code,
                    lobby["game"],
                    lobby["seats"],
                    lobby.get("match_target"),
                    lobby["options"],
                )
            except (TypeError, ValueError) as e:
                raise ValueError(f"a waiting room that can't be opened again: {e}") from None
        table = cls.__new__(cls)
        SharedTable.__init__(table, transport, code)
        table.asked, table._lobby = None, []
        session_table = table.session = HostTable.resume(session)
        table.seats_wanted = sum(1 for k in session_table.seats if k.remote)
        return table

    def save(self) -> dict[str, Any] | None:
        if self.session is None or not self.session.ready:
            if self.asked is None:
                return None
            game_id, kinds, options, target = self.asked
            return {
                "code": self.code,
                "game": self.game,
                "session": {
                    "remote": PROTOCOL,
                    "role": self.ROLE,
                    "lobby": {
                        "game": game_id,
                        "seats": [str(k) for k in kinds],
                        "options": options,
                        "match_target": target,
                    },
                },
            }
        return {"code": self.code, "game": self.game, "session": self.session.save()}

    def waiting(self) -> int:
        if self.session is not None:
            return 0
        return self.seats_wanted - len(self._lobby)

    def pump(self) -> None:
        super().pump()
        if self.session is None and self.waiting() <= 0:
            self._begin()

    def _joined(self, peer: str, role: str) -> None:
        if role != GUEST:
            return  # another host with this code: not ours
        link = self._links[peer] = PeerLink(self.transport, peer, self.game)
        if self.game > 1:
            link.send_raw(again_text(self.game))  # which game it is to sit down at
        if self.session is None:
            self._lobby.append(peer)
        else:
            self.session.attach(link)  # back by its token, or told the table is full

    def _left(self, peer: str) -> None:
        if peer in self._lobby:
            self._lobby.remove(peer)

    def can_play_again(self) -> bool:
        """The game is over and every friend's screen is here (the next game is played by
        the same seats, in this room)."""
        s = self.session
        if s is None or not s.ready or not s.is_over() or s.away():
            return False
        links = s.seat_links()
        remote = [i for i, k in enumerate(s.seats) if k.remote]
        return sorted(links) == remote and all(
            isinstance(link, PeerLink) and not link.gone for link in links.values()
        )

    def play_again(self) -> None:
        """The room's next game, the same seats and options, a new deal agreed as the first
        was; each friend's screen is told to sit down again (``again``). ValueError when it
        can't be now (``can_play_again``)."""
        s = self.session
        if s is None or s.game_id is None or not self.can_play_again():
            raise ValueError("another game starts once this one is over, everyone here")
        peers = {
            seat: link.peer
            for seat, link in s.seat_links().items()
            if isinstance(link, PeerLink)  # (every one: can_play_again)
        }
        self.game += 1
        links: list[PeerLink] = []
        for seat in sorted(peers):
            link = self._links[peers[seat]] = PeerLink(self.transport, peers[seat], self.game)
            link.send_raw(again_text(self.game))
            links.append(link)
        game_id, options = s.game_id, dict(s.options)
        self.asked = (game_id, s.seats, options, s.match_target)
        self.session = HostTable.start(
            game_id, s.seats, links, match_target=s.match_target, **options
        )

    def _begin(self) -> None:
        if self.asked is None:  # (a table taken up again: begun long ago)
            return
        game_id, kinds, options, target = self.asked
        links = [self._links[p] for p in self._lobby[: self.seats_wanted]]
        self.session = HostTable.start(game_id, kinds, links, match_target=target, **options)
        self._lobby = []


class GuestRoom(SharedTable):
    """A guest's side: it sits down with the first screen that says it is the host, and
    again (by its token) when that screen comes back after a reload."""

    ROLE = GUEST
    session: GuestTable | None

    def __init__(self, transport: Transport | None, code: str, token: str | None = None):
        super().__init__(transport, code)
        self._host_peer: str | None = None  # the screen it talks to
        self._token = token  # its seat's token, once given

    @classmethod
    def resume_saved(
        cls, transport: Transport | None, code: str, session: dict[str, Any]
    ) -> GuestRoom:
        """A guest's side kept by ``save``: it sits down again with its token (None: it was
        still joining) as soon as its host is here."""
        token = session.get("token")
        if token is not None:  # (None: it was still joining)
            GuestTable.resume(session, link=PeerLink(None, ""))  # checks the token
        return cls(transport, code, token)

    def save(self) -> dict[str, Any] | None:
        s = self.session
        token = (s.token if s is not None and s.ready else None) or self._token
        return {
            "code": self.code,
            "game": self.game,
            "session": {"remote": PROTOCOL, "role": self.ROLE, "token": token},
        }

    def host_here(self) -> bool:
        return self._host_peer is not None

    def pump(self) -> None:
        super().pump()
        # another host came while this one fell silent (its page reloaded, and its goodbye
        # was lost on the way): this one is gone
        s, peer = self.session, self._host_peer
        if (
            peer is not None
            and s is not None
            and s.peers
            and s.peers[0].silent(SILENT_HOST_S)
            and any(r == HOST and p != peer for p, r in self._roles.items())
        ):
            self._event(EventKind.LEAVE, peer, "")  # (as the transport would say it)

    def _joined(self, peer: str, role: str) -> None:
        if role != HOST or self._host_peer is not None:
            return
        self._host_peer = peer
        link = self._links[peer] = PeerLink(self.transport, peer, self.game)
        self._keep_token()
        self.session = GuestTable.start(link, self._token)

    def _left(self, peer: str) -> None:
        if peer != self._host_peer:
            return
        self._host_peer = None
        self._keep_token()
        # the next host to come in (the host's page reloaded) gets a new session
        others = [p for p, r in self._roles.items() if r == HOST]
        if others:
            self._joined(others[0], self._roles[others[0]])

    def _keep_token(self) -> None:
        """The seat's token of the game it sits at, to sit down again with (a token given
        before the deal was agreed is no seat: the host's next page deals anew)."""
        if self.session is not None and self.session.token and self.session.ready:
            self._token = self.session.token

    def _again_from(self, peer: str, number: str) -> None:
        """The host's room plays its next game: sit down at it (a new session)."""
        if peer != self._host_peer:
            return
        if not number.isdigit() or not self.game < int(number) <= MAX_GAMES:
            return
        self.game = int(number)
        link = self._links[peer] = PeerLink(self.transport, peer, self.game)
        self._token = None  # the last game's seat is no seat at this one
        self.session = GuestTable.start(link)


__all__ = [
    "CODE_LETTERS",
    "GUEST",
    "GuestRoom",
    "HOST",
    "HostRoom",
    "PeerLink",
    "SharedTable",
    "clean_code",
    "new_code",
]
