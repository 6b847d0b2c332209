"""The host's side of a shared table: it holds one link per remote seat, seats each guest,
leads the fair deal, checks and relays every action (its word decides the order), and plays
the computer seats.

    table = host("russian-bank", seats=("human", "remote"), links=(a,), mode="stop")
    table.advance(5)            # once a frame: read, answer, play the computer seats
    table.attach(link)          # a guest back after a reload (its hello's token says where)
    table.save(); resume(saved) # a reloaded host page: its table back at once
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

from game.core import GAMES, IllegalMove, Move, info, new_game
from game.core.language import _
from game.net import protocol
from game.net.events import HOST
from game.net.links import Peer, TextLink
from game.net.protocol import (
    ACTIONS,
    AWAY_AFTER,
    FROM_GUEST,
    PROTOCOL,
    Ending,
    Late,
    Message,
    MessageType,
    Refused,
    commitment,
    is_commitment,
    is_token,
    is_value,
    new_token,
    values_match,
)
from game.net.protocol import match_target as checked_target
from game.net.shared_table import Handler, Happened, RemoteTable
from game.session import Action, SeatKind, Session, check_seats
from game.session import saved as saves


class HostTable(RemoteTable):
    accepts = FROM_GUEST
    ROLE = HOST

    def __init__(self) -> None:
        super().__init__()
        self._relaying: Message = {}  # the guest's action being played here, as relayed on

    def _handling(self) -> dict[MessageType, Handler]:
        return {
            MessageType.HELLO: self._on_hello,
            MessageType.COMMIT: self._on_commit,
            MessageType.SECRET: self._on_secret,
            MessageType.END: self._on_end,
            MessageType.PING: self._on_ping,
            **dict.fromkeys(ACTIONS, self._on_action),
        }

    @classmethod
    def start(
        cls,
        game_id: str,
        seats: Iterable[object],
        links: Iterable[TextLink | None],
        *,
        match_target: int | None = None,
        **options: Any,
    ) -> HostTable:
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}")
        target = checked_target(game_id, match_target)
        options = info(game_id).check_options(options)
        kinds = check_seats(game_id, seats, options.get("players"), remote=True)
        remote = _remote(kinds)
        links = tuple(links)
        if len(links) != len(remote):
            raise ValueError(
                f"one link per remote seat, in seat order: {len(remote)} seats, {len(links)} links"
            )
        s = cls()
        s.game_id, s.options, s.seats = game_id, options, kinds
        s.match_target = target
        s._peers = [
            Peer(link, seat, screen)
            for screen, (link, seat) in enumerate(zip(links, remote), start=1)
        ]
        s._commits = [commitment(s._value)] + [None] * len(remote)
        s._values = [s._value] + [None] * len(remote)
        return s

    def save(self) -> dict[str, Any]:
        """What the page keeps (JSON) to be back at this table after a reload: the table as a
        save, the deal's values and commitments and each guest's token."""
        if not self.ready:
            raise ValueError("the deal is not agreed yet")
        return {
            "remote": PROTOCOL,
            "role": self.ROLE,
            "values": list(self._values),
            "commits": list(self._commits),
            "tokens": [self._seated(i).token for i in _remote(self.seats)],
            "match": self.match_target,
            "table": Session.to_dict(self),
        }

    @classmethod
    def resume(cls, data: dict[str, Any], link: TextLink | None = None) -> HostTable:
        """A table saved with ``save``: back at once; each guest is taken back as it comes,
        by its token (``attach`` its new link). ValueError when anything is wrong."""
        s = cls()

        def seated(state: Any, seats: Any) -> HostTable:
            s._seat(state, seats)
            return s

        # checked as any save is (the session's saves have no annotations yet)
        saves.from_dict(seated, data.get("table"))  # type: ignore[no-untyped-call]
        state, remote = s.state, _remote(s.seats)
        values, commits, tokens = data.get("values"), data.get("commits"), data.get("tokens")
        if (
            not isinstance(values, list)
            or not isinstance(commits, list)
            or not isinstance(tokens, list)
            or len(tokens) != len(remote)
            or len(values) != len(commits)
            or len(values) != 1 + len(remote)
            or not all(is_value(v) for v in values)
            or not all(is_commitment(h) for h in commits)
            or not values_match(values, commits)
            or not all(is_token(t) for t in tokens)
            or protocol.deal_seed(state.game_id, values) != state.seed
        ):
            raise ValueError("the shared table's deal or seats don't match its save")
        s.game_id, s.options = state.game_id, dict(state.options)
        s.match_target = checked_target(state.game_id, data.get("match"))
        s._value, s._values, s._commits = values[0], list(values), list(commits)
        for screen, (seat, token) in enumerate(zip(remote, tokens), start=1):
            peer = Peer(None, seat, screen)
            peer.token, peer.active = token, False  # until the guest comes back
            peer.commit, peer.secret = commits[screen], values[screen]
            s._peers.append(peer)
        return s

    def leave(self) -> None:
        """The person here ends the game for every screen (it counts as unfinished)."""
        self._end(Ending.LEFT, _("You ended the game."))

    def attach(self, link: TextLink) -> None:
        """A new link (a guest that lost its link joins again with its token); its hello
        says which seat it is."""
        self._peers.append(Peer(link, None, 0))

    def seat_links(self) -> dict[int, TextLink]:
        """Each remote seat's link now (a seat whose screen is gone: missing)."""
        return {
            p.seat: p.link
            for p in self._peers
            if p.seat is not None
            and p.active
            and p.link is not None
            and p is self._seat_peer(p.seat)
        }

    def away(self, seconds: float = AWAY_AFTER) -> list[int]:
        return sorted(
            {
                p.seat
                for p in self._peers
                if p.seat is not None and p is self._seat_peer(p.seat) and p.silent(seconds)
            }
        )

    def _seat_peer(self, seat: int) -> Peer | None:
        """The screen at ``seat`` (the first of its links: the one it sits at now)."""
        return next((p for p in self._peers if p.seat == seat), None)

    def _seated(self, seat: int) -> Peer:
        """The screen at a remote seat (every remote seat has one from the start)."""
        peer = self._seat_peer(seat)
        if peer is None:
            raise ValueError(f"no screen at seat {seat}")
        return peer

    def _guests(self) -> list[Peer]:
        return [p for p in self._peers if p.seat is not None]

    def _talks_to(self, peer: Peer) -> bool:
        return peer.greeted

    def _who(self, peer: Peer) -> str:
        if peer.seat is None:
            # Translators: another screen at the table, as the subject of a sentence
            return _("A screen")
        # Translators: the screen of a seat at the table, as the subject of a sentence
        return _("Player {n}'s screen").format(n=peer.seat + 1)

    def _after_links(self, deadline: float, budget_ms: float, max_moves: int | None) -> list[Move]:
        """The computer seats think and play in what is left of the budget."""
        if not self.playing:
            return []
        left = (deadline - time.perf_counter()) * 1000.0
        return Session.advance(self, max(left, min(budget_ms, 1.0)), max_moves)

    # ------------------------------------------------------------------ actions
    def _send_action(self, msg: Message, action: Action) -> None:
        """An action made here goes to every guest (each checks it; the guest whose it was
        takes it as confirmed)."""
        for peer in self._peers:
            if peer.greeted and peer.seat is not None:
                peer.send({**msg, "by": action.seat})
                if not (self._applying and action.seat == peer.seat):  # (not its own, back)
                    peer.conflict = peer.sent

    def acted(self, action: Action) -> None:
        super().acted(action)
        if self._applying:  # a guest's action, checked here: relayed to every screen
            self._send_action(self._relaying, action)

    def _on_action(self, peer: Peer, msg: Message) -> None:
        if not self.playing or not peer.greeted or peer.seat is None:
            raise Refused("no game under way", reply=True)
        if "by" in msg and msg["by"] != peer.seat:
            raise Refused("a move for another seat", reply=True)
        if "h" not in msg:
            raise Refused("an action that doesn't say when it was made", reply=True)
        if msg["h"] < peer.conflict:  # made before it saw the table change
            raise Refused("an action for another point of the game", reply=True, late=True)
        self._relaying = {k: v for k, v in msg.items() if k not in ("i", "by", "h")}
        try:
            self._apply(msg, peer.seat)
        except (IllegalMove, ValueError) as e:
            raise Refused(str(e), reply=True, late=isinstance(e, Late)) from None

    # ------------------------------------------------------------------ sitting down
    def _on_hello(self, peer: Peer, msg: Message) -> None:
        if peer.greeted:
            raise Refused("a second hello")
        if msg["v"] != PROTOCOL:
            peer.send({"t": MessageType.END, "why": Ending.VERSION, "seat": None})
            peer.active = False
            self.notices.append(_("A screen running another version of the game could not join."))
            return
        if peer.seat is None:  # a link attached later: a guest joining again by its token
            self._sit_again(peer, msg["token"])
            return
        peer.greeted = True
        peer.token = new_token()
        self.happened.append((Happened.JOINED, peer.seat))
        self._welcome(peer)
        if self.ready:
            self._send_table(peer)

    def _sit_again(self, peer: Peer, token: str | None) -> None:
        """A link attached later says hello with ``token``: the guest of that seat is back
        (its screen's old link is done with), or, for any other token, the table is full."""
        owner = next(
            (
                p
                for p in self._peers
                if p is not peer and p.token is not None and p.seat is not None and p.token == token
            ),
            None,
        )
        if owner is None or owner.seat is None or not self.ready:
            peer.send({"t": MessageType.FULL})
            peer.active = False
            return
        owner.active = False
        peer.take_seat_of(owner)
        self._peers.remove(peer)
        self._peers[self._peers.index(owner)] = peer
        peer.greeted = True
        peer.told = False
        self._welcome(peer)
        self._send_table(peer)
        self.notices.append(_("Player {n} is back.").format(n=owner.seat + 1))
        self.happened.append((Happened.JOINED, owner.seat))

    def _welcome(self, peer: Peer) -> None:
        peer.send(
            {
                "t": MessageType.WELCOME,
                "v": PROTOCOL,
                "game": self.game_id,
                "options": self.options,
                "seats": [str(k) for k in self.seats],
                "seat": peer.seat,
                "token": peer.token,
                "h": self._commits[0],
                "match": self.match_target,
            }
        )

    def _send_table(self, peer: Peer) -> None:
        peer.send(
            {
                "t": MessageType.TABLE,
                "ss": self._values,
                "hs": self._commits,
                "moves": self.state.to_dict()["moves"],
                "groups": list(self.undo_groups),
                "turn": self.turn_start,
            }
        )
        peer.conflict = peer.sent

    def _on_end(self, peer: Peer, msg: Message) -> None:
        seat = peer.seat
        if not peer.greeted or seat is None:
            raise Refused("an end from a screen that never sat down")
        peer.active = False
        if msg["why"] == Ending.CHEAT:
            self._end(
                Ending.CHEAT,
                _(
                    "Player {n}'s screen found that the deal was not agreed "
                    "fairly: the game is ended."
                ).format(n=seat + 1),
                seat,
            )
        else:
            self._end(Ending.LEFT, _("Player {n} left the game.").format(n=seat + 1), seat)
            self.happened.append((Happened.LEFT, seat))

    # ------------------------------------------------------------------ the fair deal
    def _on_commit(self, peer: Peer, msg: Message) -> None:
        if not peer.greeted or peer.commit is not None or self.ready:
            raise Refused("a commitment out of turn")
        peer.commit = self._commits[peer.screen] = msg["h"]
        if all(p.commit is not None for p in self._guests()):
            for p in self._guests():
                p.send({"t": MessageType.REVEAL, "s": self._value, "hs": self._commits})

    def _on_secret(self, peer: Peer, msg: Message) -> None:
        seat, game_id = peer.seat, self.game_id
        if (
            peer.commit is None
            or peer.secret is not None
            or self.ready
            or any(p.commit is None for p in self._guests())
            or seat is None
            or game_id is None
        ):
            raise Refused("a revealed value out of turn")
        if commitment(msg["s"]) != peer.commit:
            self._end(
                Ending.CHEAT,
                _(
                    "Player {n}'s screen revealed a value that doesn't match the "
                    "one it committed to, so it could have chosen the deal: the "
                    "game is ended."
                ).format(n=seat + 1),
                seat,
            )
            return
        peer.secret = self._values[peer.screen] = msg["s"]
        values = [v for v in self._values if v is not None]
        if len(values) == len(self._values):  # every screen's is known: the deal
            self._seat(
                new_game(game_id, protocol.deal_seed(game_id, values), **self.options), self.seats
            )
            self.auto_pending = self._opening = True
            for p in self._guests():
                p.send({"t": MessageType.DEAL, "ss": self._values})


def _remote(kinds: Sequence[SeatKind]) -> list[int]:
    """The seats played at other screens; ValueError when there is none, or a seat a host
    can't have (the computer at another screen: the host plays its computer seats)."""
    if any(not k.host_may_seat for k in kinds):
        raise ValueError("the host plays its computer seats itself: 'computer:LEVEL'")
    remote = [i for i, k in enumerate(kinds) if k.remote]
    if not remote:
        raise ValueError("a hosted table needs a remote seat")
    return remote


__all__ = ["HostTable"]
