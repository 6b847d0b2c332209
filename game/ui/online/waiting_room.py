"""Waiting in a room until the deal is agreed: the host sees the room code (large), the link
to send with Copy link, the seats (who is here, who is still to come) and Cancel; a guest sees
"Joining room CODE..." and what the room says. Once the deal is agreed, the game's table
opens."""

from __future__ import annotations

import pygame

from game.core import info
from game.core.language import N_, _, ngettext
from game.net import Status
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.online import connection
from game.ui.online.page_link import copy_text, join_link
from game.ui.online.saved_room import keep
from game.ui.online.shared_table import LINK_SLICE_MS, SharedTableScene
from game.ui.sleep_at_rest import SHARED_REST_MS
from game.ui.widgets import SIDEWAYS_BUTTON, Button, ButtonStyle, Scene

LOOKING_MS = 12000  # a guest looks this long for the host before saying there is no table


def big_text(size: int) -> int:
    """A size written for the 1280x720 canvas: upright as ``CANVAS.text`` makes it, sideways
    at least CANVAS.label's 12.5 CSS px (``CANVAS.label`` is both)."""
    return CANVAS.label(size)


#: where the waiting room has no link to show (the desktop with no site set)
# Translators: "Join a friend" is the title screen's button
CODE_HINT = N_("Give your friend this code: they choose Join a friend on the title screen.")


# ====================================================================== the waiting room
class RoomScene(Scene):
    """Waiting in a room until the deal is agreed (see the module docstring)."""

    def __init__(self, app, shared, again: bool = False):
        super().__init__(app)
        self.shared = shared
        # the host's: the game and seats it asked for (a guest learns them from the host)
        self.game_id: str | None = shared.asked[0] if shared.asked else None
        self.seats: tuple = shared.asked[1] if shared.asked else ()
        self.again = again  # a guest sitting down again with its kept token
        self.link = join_link(shared.code, app.settings.site) if shared.hosting else None
        self.copied = ""  # what Copy link said
        self.failed = ""  # why the table can't be joined (then Cancel reads Back)
        self.handed = False  # the table opened: the room is the table's now
        self.open_ms: float | None = None  # when a relay was first reached (a guest's wait)
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        w, h, size = (360, 96, 40) if big else SIDEWAYS_BUTTON if side else (220, 50, 24)
        self.buttons.append(
            Button(
                (CANVAS.w // 2 - w // 2, CANVAS.h - h - (60 if big else 24 if side else 40), w, h),
                _("Cancel"),
                self.cancel,
                size=size,
                name="cancel",
            )
        )
        if shared.hosting:  # (its y is drawn: under the link, or the code's hint)
            if big:
                rect = (CANVAS.w // 2 - 200, 640, 400, 96)
            elif side:
                rect = (CANVAS.w // 2 - w // 2, 300, w, h)
            else:
                rect = (CANVAS.w // 2 - 110, 352, 220, 46)
            # Translators: the waiting room's button that copies the link (or the room's code)
            # to send to a friend
            label = _("Copy link") if self.link else _("Copy code")
            self.buttons.append(
                Button(rect, label, self.copy, size=size, style=ButtonStyle.PRIMARY, name="copy")
            )
        keep(app, shared)  # a reload comes back to this room

    def copy(self) -> None:
        if self.link is None:  # (the desktop with no site set: the code alone)
            self.copied = (
                _("Code copied: give it to your friend.")
                if copy_text(self.shared.code)
                else _("Give your friend the code above.")
            )
            return
        self.copied = (
            _("Link copied: send it to your friend.")
            if copy_text(self.link)
            else _("Copy the link above by hand, or give your friend the code.")
        )

    def cancel(self) -> None:
        self.shared.close()
        self.handed = True
        self.app.saves.clear_shared()  # nothing to come back to
        self.app.collect_notices()
        self.app.title()

    def leave(self) -> None:
        if not self.handed:  # (the app closing)
            self.shared.close()

    def key(self, event) -> None:
        if self.focus_key(event):
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.cancel()
        elif event.key == pygame.K_c and self.shared.hosting:
            self.copy()

    def update(self, dt: float) -> None:
        if self.handed:
            return
        shared = self.shared
        shared.advance(LINK_SLICE_MS, max_moves=0)
        if self.open_ms is None and shared.status == Status.OPEN:
            self.open_ms = self.app.time_ms
        s = shared.session
        if s is not None and s.ready and s.ended is None:
            self.handed = True
            self.app.show(SharedTableScene(self.app, shared))
            return
        if s is not None and s.ended and not self.failed:
            self.failed = s.ended
            self.button("cancel").label = _("Back")
            self.app.saves.clear_shared()  # (a kept token refused: nothing to come back to)
            self.app.collect_notices()
        elif shared.status.startswith(Status.FAILED) and not self.failed:
            print(f"parlour: the room couldn't be opened: {shared.status}")  # (for bug reports)
            self.failed = _("This room couldn't be opened. Check the network and try again.")
            self.button("cancel").label = _("Back")

    def frame_key(self):
        """What the room shows that changes by itself: the status, who is here."""
        return (
            super().frame_key(),
            self.status(),
            tuple(self.seat_lines()),
            self.copied,
            self.button("cancel").label,
        )

    def rest_ms(self) -> float:
        """The room's own timers (acknowledgements, heartbeats, hellos) run in its frames."""
        return min(super().rest_ms(), SHARED_REST_MS)

    def status(self) -> str:
        shared, s = self.shared, self.shared.session
        if self.failed:
            return self.failed
        where = connection.state(shared)
        if where in (connection.Connection.REACHING, connection.Connection.OFFLINE):
            return _(connection.WORDS[where])
        if shared.hosting:
            missing = shared.waiting()
            if missing > 0:
                if self.link is not None:
                    # Translators: the host's waiting room; {n} friends are still to come
                    return ngettext(
                        "Waiting for your friend: send them the link or the code.",
                        "Waiting for {n} friends: send them the link or the code.",
                        missing,
                    ).format(n=missing)
                # Translators: the host's waiting room; {n} friends are still to come
                return ngettext(
                    "Waiting for your friend: send them the code.",
                    "Waiting for {n} friends: send them the code.",
                    missing,
                ).format(n=missing)
            return _("Everyone is here: agreeing on a fair deal...")
        if not shared.host_here():
            # (a host that is there answers within seconds: only then "no table")
            if self.open_ms is None or self.app.time_ms - self.open_ms < LOOKING_MS:
                return _("Looking for your friend's table...")
            return _("No table with this code yet: waiting for the host.")
        if where == connection.Connection.CONNECTING:
            return _(connection.WORDS[where])
        if s is not None and s.game_id is not None:
            # Translators: a guest's waiting room; {game} is the game's name
            return _("Sitting down at {game}: agreeing on a fair deal...").format(
                game=_(info(s.game_id).title)
            )
        return _("The host is here: sitting down...")

    def ear_title(self) -> str:
        return self.heading()

    def ear_lines(self) -> list[str]:
        """For the ear: the room's code (the host's, spelt out), the seats, what the room
        says (said again as it changes)."""
        shared = self.shared
        code = " ".join(shared.code or "") if shared.hosting else ""
        # Translators: for the ear: the room's code, its letters one by one
        lines = [_("Room code: {code}").format(code=code)] if code else []
        return [*lines, *(text for text, _colour in self.seat_lines()), self.status()]

    def seat_lines(self) -> list[tuple[str, tuple]]:
        """The host's seats: who is here and who is still to come."""
        if not self.seats:
            return []
        here = self.shared.seats_wanted - self.shared.waiting()
        lines, friend = [], 0
        for i, kind in enumerate(self.seats):
            n = i + 1
            if kind.local:
                # Translators: the host's waiting room: a seat, played at this screen
                lines.append((_("Player {n}: you, here").format(n=n), theme.INK))
            elif kind.remote:
                friend += 1
                came = friend <= here
                # Translators: the host's waiting room: a seat of a friend at another screen
                text = (
                    _("Player {n}: a friend online, here")
                    if came
                    # Translators: the host's waiting room: a seat of a friend at another
                    # screen
                    else _("Player {n}: a friend online, still to come")
                ).format(n=n)
                lines.append((text, theme.TARGET if came else theme.ACCENT))
            else:
                # Translators: the host's waiting room: a seat and who plays it ("Computer
                # (Hard)")
                lines.append((_("Player {n}: {kind}").format(n=n, kind=kind.label), theme.INK_DIM))
        return lines

    def draw(self, screen: pygame.Surface) -> None:
        """Down the page: the heading, the room's code (the host's: large, the link to send,
        Copy link and the seats), what the room says."""
        screen.blit(theme.felt(self.app.settings.felt), (0, 0))
        big = CANVAS.portrait
        y = self.draw_heading(screen, 120 if big else 40)
        if self.shared.hosting:
            y = self.draw_host(screen, y)
        else:
            y += 20
        y += 16
        colour = theme.RED_INK if self.failed else theme.INK
        for text in theme.wrap(self.status(), big_text(24), CANVAS.w - 80):
            theme.blit_text(screen, text, (CANVAS.w // 2, y), big_text(24), colour, anchor="midtop")
            y += self.steps()[0]
        super().draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)

    @staticmethod
    def steps() -> tuple[int, int, int, int]:
        """The steps down the page (a line, a line of the link, the code, the Copy link
        button): upright, sideways (every word at least 12.5 CSS px, the buttons 84 high), on
        the 1280x720 canvas."""
        if CANVAS.portrait:
            return 52, 44, 150, 130
        return (32, 30, 80, 100) if CANVAS.rail else (32, 26, 110, 62)

    def heading(self) -> str:
        if self.shared.hosting:
            # Translators: the host's waiting room's heading; {game} is the game's name
            return (
                _("{game} with friends online").format(game=_(info(self.game_id).title))
                if self.game_id
                else _("A table with friends online")
            )
        return (
            _("Sitting down again at your friend's table")
            if self.again
            else _("Joining a friend's table")
        )

    def draw_heading(self, screen: pygame.Surface, y: int) -> int:
        """The heading and the line over the code; where the page goes on."""
        cx, big, shared = CANVAS.w // 2, CANVAS.portrait, self.shared
        size = big_text(36)
        for text in theme.wrap(self.heading(), size, CANVAS.w - 40, True):
            theme.blit_text(screen, text, (cx, y), size, theme.GOLD, bold=True, anchor="midtop")
            y += 64 if big else 46
        y += 20
        # Translators: the waiting room: over the room's code (the host's), or a guest's line
        # with the code ({code})
        theme.blit_text(
            screen,
            _("Room code")
            if shared.hosting
            else _("Joining room {code}...").format(code=shared.code)
            if not self.failed
            else _("Room {code}").format(code=shared.code),
            (cx, y),
            big_text(24),
            theme.INK_DIM,
            anchor="midtop",
        )
        return y + (56 if big else 34)

    def draw_host(self, screen: pygame.Surface, y: int) -> int:
        """The host's: the code (large), the link to send with Copy link, the seats; where
        the page goes on."""
        cx, big, side, shared = CANVAS.w // 2, CANVAS.portrait, bool(CANVAS.rail), self.shared
        line, link_line, code_h, button_h = self.steps()
        code = " ".join(shared.code)
        theme.blit_text(
            screen, code, (cx, y), 110 if big else 84, theme.INK, bold=True, anchor="midtop"
        )
        y += code_h
        # the link to send (the desktop with no site set: how a friend uses the code)
        lines = (
            theme.wrap(self.link, big_text(20), CANVAS.w - 60)[:3]
            if self.link
            else theme.wrap(_(CODE_HINT), big_text(20), CANVAS.w - 60)
        )
        for text in lines:
            theme.blit_text(screen, text, (cx, y), big_text(20), theme.ACCENT, anchor="midtop")
            y += link_line
        self.button("copy").rect.y = y + (16 if big else 8)
        y += button_h
        if self.copied:
            theme.blit_text(
                screen, self.copied, (cx, y), big_text(20), theme.TARGET, anchor="midtop"
            )
        y += (40 if big else 34 if side else 30) + 10
        for text, color in self.seat_lines():
            theme.blit_text(screen, text, (cx, y), big_text(24), color, anchor="midtop")
            y += line
        return y
