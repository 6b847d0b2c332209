"""What a room's transport says, in one shape: ``(kind, peer, data)``, three strings.

    ("join", peer, role)      a screen in the room told its role: HOST or GUEST
    ("leave", peer, "")       a screen that had joined is gone (closed tab, lost connection;
                              a killed tab falls silent first: the session's heartbeat)
    ("text", peer, text)      text from a screen that has joined
    ("status", "", what)      "open" (a relay is reached), "offline" (none now: still trying)
                              or "failed: why"

``event(x)`` is the one check of that shape (the room holds every transport to it; the
browser's transport reads the page's events with it): anything else is None, dropped.
"""

from __future__ import annotations

import re

HOST, GUEST = "host", "guest"  # the roles a screen says it has in the room (and in a save)
ROLES = (HOST, GUEST)
KINDS = ("join", "leave", "text", "status")
CODE = re.compile(r"[A-Z0-9]{4,12}")  # a room code as the transports take it


def _utf8(text: str) -> bool:
    """False for text with a lone surrogate (JSON can carry one; UTF-8 can't)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def event(x) -> tuple[str, str, str] | None:
    """``x`` as an event, or None when it is none."""
    if not (
        isinstance(x, (tuple, list))
        and len(x) == 3
        and all(isinstance(v, str) and _utf8(v) for v in x)
        and x[0] in KINDS
    ):
        return None
    kind, peer, data = x
    if kind == "join" and (data not in ROLES or not peer):
        return None
    if kind in ("leave", "text") and not peer:
        return None
    return kind, peer, data


__all__ = ["CODE", "GUEST", "HOST", "KINDS", "ROLES", "event"]
