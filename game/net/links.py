"""Links: what carries a table's messages between two screens, and the other end as this
screen knows it.

A link is anything with ``send(text)`` and ``receive() -> list[str]`` (the browser's bridge
passes only strings): ``pair()`` makes two joined in memory (tests, demos); a room makes one
per screen over its transport (room.py).
"""

from __future__ import annotations

import time
from collections import deque
from typing import Protocol

from game.net.protocol import PING_EVERY, Message, dumps

clock = time.monotonic  # when a peer was last heard (the tests' own clock replaces it)


class TextLink(Protocol):
    """What carries a table's messages to one other screen: text each way, in order. (A link
    may also say how often to send a heartbeat: ``ping_every() -> float``.)"""

    def send(self, text: str) -> None: ...

    def receive(self) -> list[str]: ...


class Link:
    """One end of an in-memory link: what ``send`` gives arrives at the other end's
    ``receive``, in order. ``close()`` cuts it (nothing more goes either way)."""

    def __init__(self) -> None:
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


class Peer:
    """The other end of one link, as this screen knows it: the messages numbered each way,
    those waiting to be read, when it was last heard, and (the host's) which seat it plays."""

    def __init__(self, link: TextLink | None, seat: int | None = None, screen: int = 0):
        self.link = link
        self.seat = seat  # the host: the remote seat this link plays; a guest: None (the host)
        self.screen = screen  # the host: 1.. in seat order; a guest: 0 (the host)
        self.sent = 0  # messages sent (each carries its number, from 1)
        self.got = 0  # the number of the last message taken in order
        self.backlog: deque[object] = deque()  # what came, waiting to be read (any text)
        self.told = False  # the player was told this peer sent something refused
        self.greeted = False
        self.token: str | None = None
        self.commit: str | None = None
        self.secret: str | None = None
        self.active = True
        self.heard = self.said = clock()  # when it last sent a message in order / we did
        #: (the host's) the number of the last message to this peer that changed the table
        #: without being its own action (another seat's, a refusal, the whole table): its
        #: actions made before it had that message are refused
        self.conflict = 0

    def send(self, msg: Message) -> None:
        if not self.active:
            return
        self.sent += 1
        self.said = clock()
        try:
            if self.link is not None:
                self.link.send(dumps({"i": self.sent, **msg}))
        except Exception:  # a link that broke: the peer is away, the game goes on
            pass

    def ping_every(self) -> float:
        """Seconds of silence before this screen says it is here: the link's own pace where it
        has one (slower through the relays: game/net/paths.py), else PING_EVERY."""
        pace = getattr(self.link, "ping_every", None)
        return float(pace()) if callable(pace) else PING_EVERY

    def silent(self, seconds: float) -> bool:
        """Gone, or not heard from for ``seconds``."""
        return not self.active or clock() - self.heard >= seconds

    def take_seat_of(self, owner: Peer) -> None:
        """This new link is the screen ``owner`` was (a guest back after a reload, its token
        checked): its seat, its place among the screens, its token and its part of the deal."""
        self.seat, self.screen, self.token = owner.seat, owner.screen, owner.token
        self.commit, self.secret = owner.commit, owner.secret


__all__ = ["Link", "Peer", "TextLink", "clock", "pair"]
