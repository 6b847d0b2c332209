"""Rooms in memory, for the tests and demos: each ``MemoryRelay.open(code, role)`` is one
screen's transport in the room with that code, speaking as the browser's transport does
(browser.py; the events: room.py).
"""

from __future__ import annotations

from game.net.events import EventKind, Status


class MemoryRelay:
    """Rooms in memory: each ``open(code, role)`` is one screen's transport in the room with
    that code (tests and demos; the browser's transport is game/net/browser.py)."""

    def __init__(self) -> None:
        self.rooms: dict[str, list[MemoryTransport]] = {}
        self._ids = 0

    def open(self, code: str, role: str) -> MemoryTransport:
        self._ids += 1
        me = MemoryTransport(self, code, f"peer{self._ids}", role)
        room = self.rooms.setdefault(code, [])
        me.events.append((EventKind.STATUS, "", Status.OPEN))
        for other in room:
            other.events.append((EventKind.JOIN, me.peer, role))
            me.events.append((EventKind.JOIN, other.peer, other.role))
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
                other.events.append((EventKind.TEXT, self.peer, text))

    def close(self) -> None:
        if self in self.relay.rooms.get(self.code, ()):
            self.relay.rooms[self.code].remove(self)
            for other in self.relay.rooms[self.code]:
                other.events.append((EventKind.LEAVE, self.peer, ""))
        self.alive = False

    def kill(self) -> None:
        if self in self.relay.rooms.get(self.code, ()):
            self.relay.rooms[self.code].remove(self)
        self.alive = False


__all__ = ["MemoryRelay", "MemoryTransport"]
