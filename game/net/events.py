"""What a room's transport says, in one shape: ``(kind, peer, data)``, three strings.

    (JOIN, peer, role)        a screen in the room told its role: HOST or GUEST
    (LEAVE, peer, "")         a screen that had joined is gone (closed tab, lost connection;
                              a killed tab falls silent first: the session's heartbeat)
    (TEXT, peer, text)        text from a screen that has joined
    (STATUS, "", what)        OPEN (a relay is reached), OFFLINE (none now: still trying)
                              or "failed: why" (``failed(why)``)

``event(x)`` is the one check of that shape (the room holds every transport to it; the
browser's transport reads the page's events with it): anything else is None, dropped. The
words are StrEnums, so each is the very text a transport (the page's JavaScript among them)
says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol, TypeAlias


class Role(StrEnum):
    """The role a screen says it has in the room (and in a save)."""

    HOST = "host"
    GUEST = "guest"


class EventKind(StrEnum):
    """What a room's transport tells (the first of an event's three strings)."""

    JOIN = "join"
    LEAVE = "leave"
    TEXT = "text"
    STATUS = "status"


class Status(StrEnum):
    """How the room's transport is doing: a STATUS event's word (FAILED: ``failed(why)``)
    and, with CONNECTING before any word came, the room's ``status``."""

    CONNECTING = "connecting"
    OPEN = "open"
    OFFLINE = "offline"
    FAILED = "failed"


HOST, GUEST = Role.HOST, Role.GUEST  # the two roles, as the package has always named them
ROLES = tuple(Role)
KINDS = tuple(EventKind)
CODE = re.compile(r"[A-Z0-9]{4,12}")  # a room code as the transports take it

#: an event as the room reads it, once ``event`` has checked it
Event: TypeAlias = tuple[EventKind, str, str]


class Transport(Protocol):
    """One screen's side of a room: what came since the last ``poll`` (events of the shape
    above, in order: the room checks each), ``send`` text to a screen, ``close`` (leave).
    (A transport may also say, per screen, ``path(peer)`` and ``ping_every(peer)``:
    paths.py's.)"""

    def poll(self) -> Sequence[object]: ...

    def send(self, peer: str, text: str) -> None: ...

    def close(self) -> None: ...


def failed(why: str) -> str:
    """The STATUS word of a room that couldn't be opened: "failed: why"."""
    return f"{Status.FAILED}: {why}"


def _utf8(text: str) -> bool:
    """False for text with a lone surrogate (JSON can carry one; UTF-8 can't)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def event(x: object) -> Event | None:
    """``x`` as an event, or None when it is none."""
    if not (
        isinstance(x, (tuple, list))
        and len(x) == 3
        and all(isinstance(v, str) and _utf8(v) for v in x)
        and x[0] in KINDS
    ):
        return None
    kind, peer, data = EventKind(x[0]), str(x[1]), str(x[2])
    if kind == EventKind.JOIN and (data not in ROLES or not peer):
        return None
    if kind in (EventKind.LEAVE, EventKind.TEXT) and not peer:
        return None
    return kind, peer, data


__all__ = [
    "CODE",
    "GUEST",
    "HOST",
    "KINDS",
    "ROLES",
    "Event",
    "EventKind",
    "Role",
    "Status",
    "Transport",
    "event",
    "failed",
]
