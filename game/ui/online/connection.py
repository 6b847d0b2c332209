"""How this screen reaches its friends, in plain words, on the waiting room and the table
(issue 32): reaching the relays; can't reach them (and what to try); connected directly;
connected through the relays (moves a little slower). The room (game/net/room.py) tells the
facts: its ``status`` ("connecting", "open", "offline", "failed: why") and each friend's path
(``paths()``: "direct", "relays", or "" while the direct path is still being tried)."""

from __future__ import annotations

from game.core.language import N_

REACHING, OFFLINE, CONNECTING, DIRECT, RELAYS = (
    "reaching",
    "offline",
    "connecting",
    "direct",
    "relays",
)

#: what the waiting room says of the connection (English, marked: translated where shown)
WORDS = {
    # Translators: the waiting room of a table with friends online: the relays are servers
    # that bring the players' screens together
    REACHING: N_("Reaching the relays that bring players together..."),
    OFFLINE: N_(
        "Can't reach the relays that bring players together: check that this device "
        "is online (Wi-Fi or mobile data). Still trying..."
    ),
    CONNECTING: N_("Your friend is here: connecting..."),
    DIRECT: N_("Connected to your friend."),
    RELAYS: N_("Connected through the relays: moves take a moment longer."),
}
#: what the table says when the connection changes to ... (None: nothing): its words (English,
#: marked: translated where shown), the message's kind and how long it shows
CHANGES = {
    OFFLINE: (
        N_(
            "Can't reach the relays: check that this device is online. The game carries "
            "on when they answer again."
        ),
        "warn",
        10000,
    ),
    RELAYS: (N_("Connected through the relays: moves take a moment longer."), "info", 6000),
    DIRECT: (N_("Connected to your friend directly again."), "good", 4000),
}


def state(shared) -> str:
    """Where this screen stands: OFFLINE, REACHING, RELAYS (some friend is reached only
    through the relays), CONNECTING (a friend is here, no path yet), DIRECT, or "" (no friend
    here yet)."""
    status = getattr(shared, "status", "")
    if status == "offline":
        return OFFLINE
    if status == "connecting":
        return REACHING
    paths = shared.paths()
    if RELAYS in paths:
        return RELAYS
    if "" in paths:
        return CONNECTING
    return DIRECT if paths else ""


class ConnectionNews:
    """Says on the table when the connection changes: ``news(shared, showing)`` once a frame
    (``showing``: the table's message now) gives the words to say now, or None. A change
    waits until the table's own message is gone, but a warning is said at once and again
    while it lasts. The first state is said only when it isn't the usual one."""

    def __init__(self):
        self._last: str | None = None
        self._due = None

    def news(self, shared, showing: str = ""):
        now = state(shared)
        if now not in (CONNECTING, REACHING, ""):  # (passing states: the marks show them)
            last, self._last = self._last, now
            if now != last and not (last is None and now == DIRECT):
                self._due = CHANGES.get(now)
        if now == OFFLINE and not showing:
            self._due = CHANGES[OFFLINE]  # (said again while it lasts)
        due = self._due
        if due is None or (showing and due[1] != "warn"):
            return None
        self._due = None
        return due
