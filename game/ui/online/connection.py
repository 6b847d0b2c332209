"""How this screen reaches its friends, in plain words, on the waiting room and the table
(issue 32): reaching the relays; can't reach them (and what to try); connected directly;
connected through the relays (moves a little slower). The room (game/net/room.py) tells the
facts: its ``status`` ("connecting", "open", "offline", "failed: why") and each friend's path
(``paths()``: "direct", "relays", or "" while the direct path is still being tried)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from game.core.language import N_
from game.net import Status
from game.net.paths import Path
from game.ui.table.messages import MessageKind


class Connection(StrEnum):
    """Where this screen stands with its friends, as the waiting room and the table say it."""

    NONE = ""  # no friend here yet
    REACHING = "reaching"  # reaching the relays
    OFFLINE = "offline"  # the relays can't be reached
    CONNECTING = "connecting"  # a friend is here, no path to them yet
    DIRECT = "direct"  # every friend reached directly
    RELAYS = "relays"  # some friend reached only through the relays


#: what the waiting room says of the connection (English, marked: translated where shown)
WORDS = {
    # Translators: the waiting room of a table with friends online: the relays are servers
    # that bring the players' screens together
    Connection.REACHING: N_("Reaching the relays that bring players together..."),
    Connection.OFFLINE: N_(
        "Can't reach the relays that bring players together: check that this device "
        "is online (Wi-Fi or mobile data). Still trying..."
    ),
    Connection.CONNECTING: N_("Your friend is here: connecting..."),
    Connection.DIRECT: N_("Connected to your friend."),
    Connection.RELAYS: N_("Connected through the relays: moves take a moment longer."),
}
#: what the table says when the connection changes to ... (None: nothing): its words (English,
#: marked: translated where shown), the message's kind and how long it shows
CHANGES: dict[Connection, tuple[str, MessageKind, int]] = {
    Connection.OFFLINE: (
        N_(
            "Can't reach the relays: check that this device is online. The game carries "
            "on when they answer again."
        ),
        MessageKind.WARN,
        10000,
    ),
    Connection.RELAYS: (
        N_("Connected through the relays: moves take a moment longer."),
        MessageKind.INFO,
        6000,
    ),
    Connection.DIRECT: (N_("Connected to your friend directly again."), MessageKind.GOOD, 4000),
}


def state(shared: Any) -> Connection:
    """Where this screen stands (the room's ``status`` and its friends' ``paths()``)."""
    status = shared.status
    if status == Status.OFFLINE:
        return Connection.OFFLINE
    if status == Status.CONNECTING:
        return Connection.REACHING
    paths = shared.paths()
    if Path.RELAYS in paths:
        return Connection.RELAYS
    if Path.WAITING in paths:
        return Connection.CONNECTING
    return Connection.DIRECT if paths else Connection.NONE


class ConnectionNews:
    """Says on the table when the connection changes: ``news(shared, showing)`` once a frame
    (``showing``: the table's message now) gives the words to say now, or None. A change
    waits until the table's own message is gone, but a warning is said at once and again
    while it lasts. The first state is said only when it isn't the usual one."""

    def __init__(self) -> None:
        self._last: Connection | None = None
        self._due: tuple[str, MessageKind, int] | None = None

    def news(self, shared: Any, showing: str = "") -> tuple[str, MessageKind, int] | None:
        now = state(shared)
        passing = (Connection.CONNECTING, Connection.REACHING, Connection.NONE)  # (the marks say)
        if now not in passing:
            last, self._last = self._last, now
            if now != last and not (last is None and now == Connection.DIRECT):
                self._due = CHANGES.get(now)
        if now == Connection.OFFLINE and not showing:
            self._due = CHANGES[Connection.OFFLINE]  # (said again while it lasts)
        due = self._due
        if due is None or (showing and due[1] != MessageKind.WARN):
            return None
        self._due = None
        return due
