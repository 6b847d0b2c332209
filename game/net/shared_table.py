"""A table shared by several screens: what the host's and a guest's sides have in common.

A ``RemoteTable`` is a Session whose remote seats are played over links (host.py, guest.py).
It reads its links in ``advance`` (never blocking: a slice of each frame), checks every message
once (protocol.py), plays another screen's action through the session's own methods (``play``,
``undo``, ``redo``, ``call_stop`` with ``by``: the rules core checks it in ``push``), and sends
each action made here on (``acted``). Before ``ready`` there is no state: nothing may be
played.

What the screen shows comes from the table's words: ``happened`` ((PLAYED, Action): another
screen's action (a move, an undo, a redo, a call), now played here; (TAKEN_BACK, n): n of
this screen's actions the host didn't take, taken back; (JOINED, seat): a guest sat down,
or again; (LEFT, seat): a player left, None for the host: the words are ``Happened``'s),
``notices`` (sentences for the player) and ``ended``.

Each side says what it does with each message the other may send in one table built once
(``_handling``: the message's type -> the method); ``check`` has refused any other type.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, NoReturn, TypeAlias

from game.core import GameState, IllegalMove, Move
from game.core.language import _
from game.net import links
from game.net.links import Peer
from game.net.protocol import (
    AWAY_AFTER,
    Ending,
    Message,
    MessageType,
    Refused,
    apply,
    check,
    message_of,
    new_value,
    parse,
)
from game.session import Action, Session
from game.session.session import new_version

PER_ADVANCE = 64  # messages of one link handled per advance(): the rest wait for the next
BACKLOG = 4096  # messages of one link waiting at most; more is a flood, dropped


class Happened(StrEnum):
    """What another screen did here, as ``happened`` says it (the first of each pair)."""

    PLAYED = "played"  # another screen's action, now played here: (PLAYED, Action)
    TAKEN_BACK = "taken back"  # n of this screen's actions the host didn't take: (.., n)
    JOINED = "joined"  # a guest sat down, or again: (JOINED, seat)
    LEFT = "left"  # a player left: (LEFT, seat), None for the host


#: one thing another screen did here: (PLAYED, Action), (TAKEN_BACK, n), (JOINED, seat),
#: (LEFT, seat or None)
Happening: TypeAlias = tuple[Happened, Action | int | None]
#: what a side does with one message (the peer it came from, the message, checked)
Handler: TypeAlias = Callable[[Peer, Message], None]


class RemoteTable(Session):
    """One screen's side of a shared table (make one with game.net.host / join / resume)."""

    remote_seats = True
    accepts: frozenset[MessageType] = frozenset()  # the message types the other side may send
    ROLE = ""  # the side's word in a save

    def __init__(self) -> None:
        # Session.__init__ runs once the deal is agreed (``_seat``)
        self.ready = False
        self.ended: str | None = None  # why the game was ended (a cheat, a player left)
        self.notices: list[str] = []  # sentences for the player (the client drains them)
        self.happened: list[Happening] = []  # what another screen did here (the client drains)
        self.refused = 0  # messages refused
        self.reasons: dict[str, int] = {}  # how many were refused for each reason
        self.faults = 0  # unexpected errors caught while reading a message (0 unless a bug)
        self.last_fault = ""  # the last one's traceback, for the tests
        # no state before the deal is agreed (``ready``), where a Session always has one
        self.state = None  # type: ignore[assignment]
        self.seats = ()
        self.events = []
        self.version = new_version()
        self.pending_call = None
        self.game_id: str | None = None
        self.options: dict[str, Any] = {}  # the game's rule options (bool, int or str each)
        self.token: str | None = None  # a guest's: joins again to the same seat
        self.seat: int | None = None  # a guest's own seat
        self._peers: list[Peer] = []
        self._value = new_value()  # this screen's share of the deal
        self._commits: list[str | None] = []  # per screen, the host first
        self._values: list[str | None] = []
        self._applying = False  # another screen's action is being played here
        self._handlers = self._handling()  # the message's type -> what this side does

    def _handling(self) -> dict[MessageType, Handler]:
        """What this side does with each message type the other side may send (``accepts``,
        every one of them): the table ``_receive`` dispatches by."""
        raise NotImplementedError

    def _seat(self, state: GameState, seats: Sequence[str]) -> None:
        """The deal agreed (or the table taken up again): the session starts."""
        Session.__init__(self, state, seats)
        self.ready = True

    @classmethod
    def from_dict(cls, data: Any, seats: Any = None) -> NoReturn:
        raise ValueError("a shared table is taken up again with resume(), not from_dict()")

    # ------------------------------------------------------------------ the fair deal, as known
    @property
    def peers(self) -> tuple[Peer, ...]:
        """The other screens as this one knows them, each by its link (a guest's: the host
        alone; the host's: one per remote seat, in seat order, then links attached since and
        not yet seated): the messages numbered each way, when each was last heard."""
        return tuple(self._peers)

    @property
    def commitments(self) -> tuple[str | None, ...]:
        """Every screen's commitment to its share of the deal, the host's first (None: not
        known here yet); the same on every screen once the deal is agreed."""
        return tuple(self._commits)

    @property
    def values(self) -> tuple[str | None, ...]:
        """Every screen's share of the deal, the host's first, as revealed (None: not
        revealed here yet); the deal is ``deal_seed`` of them all."""
        return tuple(self._values)

    # ------------------------------------------------------------------ who plays
    @property
    def playing(self) -> bool:
        """The deal is agreed and the game not ended."""
        return self.ready and self.ended is None

    def accepting(self) -> bool:
        return self.playing and super().accepting()

    def is_over(self) -> bool:
        return self.ended is not None or (self.ready and self.state.is_over())

    def can_undo(self) -> bool:
        return self.playing and super().can_undo()

    def can_redo(self) -> bool:
        return self.playing and super().can_redo()

    def can_call_stop(self) -> bool:
        return self.playing and super().can_call_stop()

    def hint(self) -> Move | None:
        return super().hint() if self.playing else None

    def to_dict(self) -> dict[str, Any]:
        if not self.ready:
            raise ValueError("the deal is not agreed yet")
        return super().to_dict()

    def play(self, move: Move, by: int | None = None) -> None:
        if not self.playing:
            raise IllegalMove(self.ended or _("Wait: the deal is being agreed."))
        super().play(move, by)

    def follow_up(self) -> Move | None:
        """The session's next automatic step (a safe move, a line played out), once playing."""
        return super().follow_up() if self.playing else None

    # ------------------------------------------------------------------ actions
    def acted(self, action: Action) -> None:
        """An action made at this table: sent on, unless it came from another screen (then
        the screen is told it happened)."""
        if self._applying:
            self.happened.append((Happened.PLAYED, action))
        else:
            self._send_action(message_of(action), action)

    def _send_action(self, msg: Message, action: Action) -> None:
        raise NotImplementedError

    def _apply(self, msg: Message, seat: int) -> None:
        """Another screen's action for ``seat``, played here as this screen plays its own."""
        self._applying = True
        try:
            apply(self, msg, seat)
        finally:
            self._applying = False

    # ------------------------------------------------------------------ the links
    def advance(self, budget_ms: float, max_moves: int | None = None) -> list[Move]:
        """Read and answer the links, then (the host) let the computer seats think and play;
        all in about ``budget_ms`` (each link: at least PER_ADVANCE messages, more while the
        budget lasts, so a screen given the same budget as another catches up with what the
        other played in it). Never blocks."""
        deadline = time.perf_counter() + max(0.0, budget_ms) / 1000.0
        now = links.clock()
        for peer in list(self._peers):
            if peer.active:
                self._pump(peer, deadline)
                if self._talks_to(peer) and now - peer.said >= peer.ping_every():
                    peer.send({"t": MessageType.PING})  # this screen is here (a heartbeat)
        return self._after_links(deadline, budget_ms, max_moves)

    def _after_links(self, deadline: float, budget_ms: float, max_moves: int | None) -> list[Move]:
        return []

    def _talks_to(self, peer: Peer) -> bool:
        """This screen says things to that peer now (a heartbeat, an end)."""
        raise NotImplementedError

    def _pump(self, peer: Peer, deadline: float) -> None:
        texts: object
        try:
            texts = peer.link.receive() if peer.link is not None else []
        except Exception:
            texts = []
        if not isinstance(texts, list):
            texts = []
        room = BACKLOG - len(peer.backlog)
        if len(texts) > room:  # a flood: what doesn't fit is dropped
            dropped = len(texts) - max(room, 0)
            self.refused += dropped
            self.reasons["a flood"] = self.reasons.get("a flood", 0) + dropped
            # Translators: {who} is a screen ("Player 2's screen", "The host's screen")
            self._tell(
                peer,
                _("{who} sent too many messages at once; the rest were ignored. The game goes on."),
            )
            texts = texts[: max(room, 0)]
        peer.backlog.extend(texts)
        done = 0
        while (
            peer.backlog and peer.active and (done < PER_ADVANCE or time.perf_counter() < deadline)
        ):
            self._receive(peer, peer.backlog.popleft())
            done += 1

    def _receive(self, peer: Peer, text: object) -> None:
        msg = None
        try:
            msg = parse(text)
            if msg["i"] != peer.got + 1:
                msg = None
                raise Refused("a message out of order or sent again")
            peer.got += 1  # taken in order, whatever it turns out to be
            peer.heard = links.clock()
            self._handlers[check(msg, self.accepts)](peer, msg)
        except Refused as r:
            self._refuse(peer, str(r), msg if r.reply else None, r.late)
        except Exception as e:  # a bug of ours; the game must go on all the same
            self.faults += 1
            self.last_fault = traceback.format_exc()
            self._refuse(peer, f"an error reading it ({type(e).__name__})", None)

    def _on_ping(self, peer: Peer, msg: Message) -> None:
        pass  # heard (the time is noted for every message taken in order)

    def _refuse(self, peer: Peer, why: str, msg: Message | None, late: bool = False) -> None:
        self.refused += 1
        if len(self.reasons) < 256 or why in self.reasons:
            self.reasons[why] = self.reasons.get(why, 0) + 1
        if not late:
            # Translators: {who} is a screen ("Player 2's screen", "The host's screen"); {why}
            # what was wrong with what it sent (in English)
            self._tell(
                peer,
                _(
                    "{who} sent something that can't be played ({why}); it was "
                    "ignored. The game goes on."
                ),
                why=why,
            )
        if msg is not None:  # the host answers a guest's refused action
            peer.send({"t": MessageType.REFUSED, "r": msg["i"]})
            peer.conflict = peer.sent  # (its actions made before it took this back: refused)

    def _tell(self, peer: Peer, sentence: str, **fields: object) -> None:
        """Tell the player once what ``peer`` did: ``sentence`` (translated) names it as
        {who}."""
        if not peer.told:
            peer.told = True
            self.notices.append(sentence.format(who=self._who(peer), **fields))

    def _who(self, peer: Peer) -> str:
        """The screen at the other end, as the subject of a sentence ("The host's screen")."""
        raise NotImplementedError

    def _end(self, why: Ending, notice: str, seat: int | None = None) -> None:
        if self.ended is None:
            self.ended = notice
            self.notices.append(notice)
            for peer in self._peers:
                if self._talks_to(peer):
                    peer.send({"t": MessageType.END, "why": why, "seat": seat})

    def away(self, seconds: float = AWAY_AFTER) -> list[int]:
        """The seats played at screens not heard from for ``seconds`` (a heartbeat goes every
        PING_EVERY seconds; a closed tab or a lost link falls silent)."""
        raise NotImplementedError


__all__ = ["BACKLOG", "Handler", "Happened", "Happening", "PER_ADVANCE", "RemoteTable"]
