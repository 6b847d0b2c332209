"""A guest's side of a shared table: it talks to the host only, takes its seat (or, with its
token, takes it again after a reload), commits to its share of the deal, and plays at once.

    table = join(link)          # or join(link, token): back at the seat it had
    table.advance(5)            # once a frame
    table.play(move)            # played here at once, sent to the host

The host's word decides the order. A guest's own action is played here at once and stays
*pending* until the host sends it back; should the host have taken another seat's action first
(a Stop! call before the guest's next move), the guest's pending actions are taken back
exactly, with the rules core's ``pop()`` (and ``push()`` for a group it had undone), and what
the host sent is played instead.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.core import IllegalMove, Move, StopCall, from_dict, info, new_game
from game.core.language import _
from game.net import protocol
from game.net.events import GUEST
from game.net.links import Peer, TextLink
from game.net.protocol import (
    ACTIONS,
    AWAY_AFTER,
    FROM_HOST,
    PROTOCOL,
    Ending,
    Message,
    MessageType,
    Refused,
    commitment,
    is_token,
    values_match,
)
from game.net.protocol import match_target as checked_target
from game.net.shared_table import Handler, Happened, RemoteTable
from game.session import Action, check_seats
from game.session import saved as saves
from game.session.session import new_version

# what a session keeps beside its state that an action changes (taken back with it)
_BOOK = (
    "undo_groups",
    "redo_groups",
    "turn_start",
    "last_group",
    "dealt",
    "_opening",
    "auto_pending",
    "finishing",
    "_finish_group",
    "pending_call",
    "auto_at",
    "winnable_at",
    "_player",
)


class _Pending(NamedTuple):
    """One of this guest's actions the host hasn't sent back yet: the message as the host
    will send it back, what it did to the state (to undo it exactly) and the table's book
    before it."""

    msg: Message
    ops: list[Move | None]  # None: a move pushed (popped to undo); a Move: one popped
    book: dict[str, Any]


class GuestTable(RemoteTable):
    accepts = FROM_HOST
    ROLE = GUEST

    def __init__(self) -> None:
        super().__init__()
        self._pending: list[_Pending] = []
        #: what this screen's action being made does to the state
        self._ops: list[Move | None] = []
        self._book_now: dict[str, Any] = {}  # the book after the last action (before the next)
        self._undoing = False
        self._screen = 0  # its place among the screens (the host's is 0), once welcomed

    def _handling(self) -> dict[MessageType, Handler]:
        return {
            MessageType.WELCOME: self._on_welcome,
            MessageType.REVEAL: self._on_reveal,
            MessageType.DEAL: self._on_deal,
            MessageType.TABLE: self._on_table,
            MessageType.REFUSED: self._on_refused,
            MessageType.END: self._on_end,
            MessageType.FULL: self._on_full,
            MessageType.PING: self._on_ping,
            **dict.fromkeys(ACTIONS, self._on_action),
        }

    @classmethod
    def start(cls, link: TextLink | None, token: str | None = None) -> GuestTable:
        s = cls()
        s.token = token
        s._peers = [Peer(link)]
        s._peers[0].send({"t": MessageType.HELLO, "v": PROTOCOL, "token": token})
        return s

    @property
    def pending(self) -> int:
        """This screen's actions the host hasn't sent back yet (played here, not yet taken
        by the host: should another seat's come first, they are taken back)."""
        return len(self._pending)

    def save(self) -> dict[str, Any]:
        """What the page keeps (JSON) to sit at this table again after a reload: its token
        (the table comes from the host)."""
        if self.token is None:
            raise ValueError("not seated yet")
        return {"remote": PROTOCOL, "role": self.ROLE, "token": self.token}

    @classmethod
    def resume(cls, data: dict[str, Any], link: TextLink | None = None) -> GuestTable:
        if not is_token(data.get("token")) or link is None:
            raise ValueError("a guest joins again with its token, through a link")
        return cls.start(link, data["token"])

    def leave(self) -> None:
        """The person here leaves: the game ends for every screen (unfinished)."""
        self._end(Ending.LEFT, _("You left the game."), self.seat)

    def away(self, seconds: float = AWAY_AFTER) -> list[int]:
        """Every other seat, when the host's screen is silent (the host relays everything)."""
        if self._peers[0].silent(seconds):
            return [i for i in range(len(self.seats)) if i != self.seat]
        return []

    def _talks_to(self, peer: Peer) -> bool:
        return True

    def _who(self, peer: Peer) -> str:
        # Translators: the screen of the table's host, as the subject of a sentence
        return _("The host's screen")

    # ------------------------------------------------------------------ its own actions
    def _send_action(self, msg: Message, action: Action) -> None:
        """An action made here goes to the host and stays pending until it comes back."""
        host = self._peers[0]
        self._pending.append(
            _Pending({**msg, "i": host.sent + 1, "by": action.seat}, self._ops, self._book_now)
        )
        self._ops = []
        self._book_now = self._book()
        host.send({**msg, "h": host.got})  # (made after the host's messages up to this one)

    def acted(self, action: Action) -> None:
        super().acted(action)
        if self._applying:
            self._ops = []
            self._book_now = self._book()

    def _push(self, move: Move, breach: bool) -> None:
        super()._push(move, breach)
        if not self._undoing:
            self._ops.append(None)  # a move pushed: taken back with pop()

    def _pop(self) -> Move:
        move = super()._pop()
        if not self._undoing:
            self._ops.append(move)  # a move taken back: played again with push()
        return move

    def _call_in_core(self) -> StopCall:
        h = self.state.history
        before = (len(h), h[-1] if h else None)
        call = super()._call_in_core()
        if not self._undoing and (len(h), h[-1] if h else None) != before:
            self._ops.append(None)  # a call that changed the history: pop() takes it back
        return call

    def _book(self) -> dict[str, Any]:
        book = {name: getattr(self, name) for name in _BOOK}
        for name in ("undo_groups", "finishing", "last_group"):
            book[name] = list(book[name])
        book["redo_groups"] = [list(g) for g in book["redo_groups"]]
        book["auto_at"] = set(book["auto_at"])
        return book

    def _take_back(self) -> None:
        """This screen's actions the host didn't take, taken back exactly (newest first)."""
        pending, self._pending = self._pending, []
        if not pending:
            return
        self._undoing, self._ops = True, []
        try:
            for action in reversed(pending):
                for op in reversed(action.ops):
                    if op is None:
                        self.state.pop()
                    else:
                        self.state.push(op, breach=self._is_breach(op))
        finally:
            self._undoing = False
        for name, value in pending[0].book.items():
            setattr(self, name, value)
        self._book_now = self._book()
        self._job = self._decided = None
        self.version = new_version()
        if self.help is not None:
            self.help.restart(self.state)
        self.happened.append((Happened.TAKEN_BACK, len(pending)))

    # ------------------------------------------------------------------ the host's actions
    def _on_action(self, peer: Peer, msg: Message) -> None:
        if not self.playing:
            raise Refused("no game under way")
        by = msg.get("by")
        if by is None:
            raise Refused("an action without its seat")
        if self._pending:
            if msg == {**self._pending[0].msg, "i": msg["i"]}:  # the host took ours
                self._pending.pop(0)
                return
            self._take_back()
        if by == self.seat or by >= len(self.seats) or self.seats[by].local:
            raise Refused("an action for this screen's own seat")
        try:
            self._apply(msg, by)
        except (IllegalMove, ValueError) as e:
            raise Refused(str(e)) from None

    def _on_refused(self, peer: Peer, msg: Message) -> None:
        if not any(p.msg["i"] == msg["r"] for p in self._pending):  # (taken back already)
            raise Refused("a refusal of nothing waiting", late=True)
        self._take_back()
        self.notices.append(
            _("Your last move came too late (another player's came first) and was taken back.")
        )

    def _on_end(self, peer: Peer, msg: Message) -> None:
        seat, why = msg["seat"], Ending(msg["why"])
        text = _ended_text(why, seat if seat is None or seat < len(self.seats) else -1)
        self.ended = self.ended or text
        self.notices.append(text)
        if why == Ending.LEFT:
            self.happened.append((Happened.LEFT, seat))
        peer.active = False

    def _on_full(self, peer: Peer, msg: Message) -> None:
        if self.game_id is not None:
            raise Refused("full, after a welcome")
        self.ended = _("That table is full (or its game has not started): it can't be joined.")
        self.notices.append(self.ended)
        peer.active = False

    # ------------------------------------------------------------------ sitting down
    def _on_welcome(self, peer: Peer, msg: Message) -> None:
        if self.game_id is not None or self.ready:
            raise Refused("a second welcome")
        if msg["v"] != PROTOCOL:
            self._end(
                Ending.VERSION,
                _("The host runs another version of the game: the table can't be shared."),
            )
            return
        try:
            options = info(msg["game"]).check_options(msg["options"])
            kinds = check_seats(msg["game"], msg["seats"], options.get("players"), remote=True)
            target = checked_target(msg["game"], msg.get("match"))
        except (ValueError, TypeError):
            raise Refused("a table this version can't set") from None
        if not msg["seat"] < len(kinds) or not (
            kinds[msg["seat"]].remote and kinds[msg["seat"]].person
        ):
            raise Refused("a seat that isn't a remote seat")
        if self.token is not None and msg["token"] != self.token:
            raise Refused("another seat's token")
        remote = [i for i, k in enumerate(kinds) if k.remote]
        self.game_id, self.options, self.seat = msg["game"], options, msg["seat"]
        self.match_target = target
        self.seats = tuple(k.seen_by_guest(i == msg["seat"]) for i, k in enumerate(kinds))
        self._screen = 1 + remote.index(msg["seat"])
        self._commits = [None] * (1 + len(remote))
        self._commits[0] = msg["h"]
        peer.greeted = True
        if self.token is None:  # a new guest: commit to its share of the deal
            self.token = msg["token"]
            self._commits[self._screen] = commitment(self._value)
            peer.send({"t": MessageType.COMMIT, "h": self._commits[self._screen]})

    def _on_reveal(self, peer: Peer, msg: Message) -> None:
        if self.game_id is None or self.ready or self._values or self.token is None:
            raise Refused("a reveal out of turn")
        hs = msg["hs"]
        if len(hs) != len(self._commits) or hs[self._screen] != self._commits[self._screen]:
            raise Refused("commitments that aren't the table's")
        if hs[0] != self._commits[0] or commitment(msg["s"]) != self._commits[0]:
            self._end(
                Ending.CHEAT,
                _(
                    "The host's screen revealed a value that doesn't match the one "
                    "it committed to, so it could have chosen the deal: the game is "
                    "ended."
                ),
            )
            return
        self._commits = list(hs)
        self._values = [msg["s"]] + [None] * (len(hs) - 1)
        self._values[self._screen] = self._value
        peer.send({"t": MessageType.SECRET, "s": self._value})

    def _on_deal(self, peer: Peer, msg: Message) -> None:
        game_id = self.game_id
        if not self._values or self.ready or game_id is None:
            raise Refused("a deal out of turn")
        ss = msg["ss"]
        if (
            not values_match(ss, self._commits)
            or ss[0] != self._values[0]
            or ss[self._screen] != self._value
        ):
            self._end(
                Ending.CHEAT,
                _(
                    "A revealed value doesn't match the one its screen committed "
                    "to, so the deal could have been chosen: the game is ended."
                ),
            )
            return
        self._values = list(ss)
        self._seat(new_game(game_id, protocol.deal_seed(game_id, ss), **self.options), self.seats)
        self.auto_pending = self._opening = True
        self._book_now = self._book()

    def _on_table(self, peer: Peer, msg: Message) -> None:
        """The whole table, for a guest that joins again: checked like a deal (every value
        against its commitment) and like a save (every move replayed by the rules core)."""
        game_id = self.game_id
        if game_id is None or self.ready:
            raise Refused("a table out of turn")
        ss, hs = msg["ss"], msg["hs"]
        if len(hs) != len(self._commits) or hs[0] != self._commits[0] or not values_match(ss, hs):
            self._end(
                Ending.CHEAT,
                _(
                    "The host sent a table whose deal doesn't match what its "
                    "screens committed to: the game is ended."
                ),
            )
            return
        start = new_game(game_id, protocol.deal_seed(game_id, ss), **self.options).to_dict()
        try:
            state = from_dict({**start, "moves": msg["moves"]})
            groups = saves.groups(msg["groups"] or None, len(state.history), "undo")
            if msg["turn"] > len(state.history):
                raise ValueError("a turn that starts after the last move")
        except ValueError:
            raise Refused("a table the rules can't reach") from None
        self._commits, self._values = list(hs), list(ss)
        self._seat(state, self.seats)
        self.undo_groups, self.turn_start = groups, msg["turn"]
        self._book_now = self._book()


def _ended_text(why: Ending, seat: int | None) -> str:
    """What the host's end says to a guest: ``why`` and the seat it names (None: the host's
    own; -1: a seat this table doesn't have)."""
    if why == Ending.VERSION:
        return _("The host runs another version of the game: the table can't be shared.")
    if why == Ending.CHEAT:
        if seat is None or seat < 0:
            return _(
                "A player's share of the deal didn't match what it committed to: the game is ended."
            )
        return _(
            "Player {n}'s share of the deal didn't match what it committed to: the game is ended."
        ).format(n=seat + 1)
    if seat is None:
        return _("The host left the game.")
    if seat < 0:
        return _("A player left the game.")
    return _("Player {n} left the game.").format(n=seat + 1)


__all__ = ["GuestTable"]
