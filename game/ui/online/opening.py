"""A room's life from this page: opened for a new table (the host's) or by a code (a guest's),
or again at start-up from what was kept before a reload, or from a page opened at
``#join=CODE``."""

from __future__ import annotations

import functools

from game.core.language import _
from game.net import GUEST, HOST, SharedTable, new_code
from game.ui import sleep_at_rest as resting
from game.ui.online.page_link import join_code_at_start
from game.ui.online.saved_room import kept_table
from game.ui.online.shared_table import SharedTableScene
from game.ui.online.waiting_room import RoomScene
from game.ui.page_turn import WEB


def room_opener():
    """This screen's room opener: in a browser that can connect, the page's
    (game/net/browser.py); on the desktop, the relay path spoken by Python
    (game/net/desktop/, its network threads waking the frame loop's rest); None where neither
    is there (a page without net.js, a desktop without the network libraries)."""
    if WEB:
        try:
            from game.net import browser as net
        except ImportError:
            return None
        try:
            return net.open_room if net.available() else None
        except Exception:  # noqa: BLE001 (a bridge that can't say: not offered)
            return None
    from game.net import desktop

    if not desktop.available():
        return None
    return functools.partial(desktop.open_room, wake=resting.wake)


def _open(app, code: str, role: str):
    """A transport into the room, or None (then the player is told)."""
    opener = app.open_room
    transport = None
    if opener is not None:
        try:
            transport = opener(code, role)
        except Exception as e:  # noqa: BLE001
            # Translators: a notice; {error} is what went wrong, as the network said it
            app.notice(_("The room could not be opened ({error}).").format(error=e))
            return None
    if transport is None:
        app.notice(
            _("The room could not be opened: playing a friend online isn't possible here.")
            if opener is None
            else _("The room could not be opened. Try again in a moment.")
        )
    return transport


def host_table(app, game_id: str, seats) -> None:
    """Start a table with a friend seat: a new room, then its waiting room."""
    if app.shared is not None:
        app.shared.close_room()
    code = new_code()
    transport = _open(app, code, HOST)
    if transport is None:
        return
    try:
        shared = SharedTable.host(
            transport,
            code,
            game_id,
            tuple(seats),
            match_target=app.settings.match_target(game_id),
            **app.settings.options(game_id),
        )
    except ValueError as e:
        transport.close()
        # Translators: a notice; {reason} is why, as the shared table said it
        app.notice(_("That table can't be shared: {reason}").format(reason=e))
        return
    app.show(RoomScene(app, shared))


def join_table(app, code: str, token: str | None = None) -> None:
    """Sit down at a friend's table by its room code: the waiting screen until the table
    comes."""
    if app.shared is not None:
        app.shared.close_room()
    transport = _open(app, code, GUEST)
    if transport is None:
        return
    app.show(RoomScene(app, SharedTable.join(transport, code, token)))


def at_start(app) -> bool:
    """Start-up: a shared table kept from before a reload sits down again (the host's table
    at once, in the same room; a guest rejoins with its token), else a page opened with
    ``#join=CODE`` joins that room. True when a shared table opened."""
    if app.open_room is None:
        return False
    code = join_code_at_start()
    kept = kept_table(app)
    if kept is not None and code not in (None, kept["code"]):
        kept = None  # a link to another room: that one is joined; this one is given up
        app.saves.clear_shared()
    if kept is not None:
        return reopen(app, kept)
    if code is not None:
        join_table(app, code)
        return True
    return False


def reopen(app, kept: dict) -> bool:
    """Back in the room kept before a reload: the host at its table, or in its waiting room
    (the same code: the link sent still works); a guest sitting down again with its token, or
    still joining."""
    session = kept["session"]
    transport = _open(app, kept["code"], SharedTable.role_of(kept))
    if transport is None:
        return False
    try:
        shared = SharedTable.resume(transport, kept)
    except ValueError:
        transport.close()
        app.saves.clear_shared()
        app.notice(_("The shared table you were at couldn't be taken up again."))
        return False
    if not shared.hosting:
        app.show(RoomScene(app, shared, again=session.get("token") is not None))
    elif shared.session is None:  # still waiting for friends
        app.show(RoomScene(app, shared))
    else:
        app.show(SharedTableScene(app, shared))
    return True
