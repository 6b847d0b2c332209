"""Playing friends at other screens: the player's side of a shared table (issue 23, item 5).

    app.open_room                 # the page's room opener (game/net/browser.py's open_room in a
                                  # browser that can connect; None on the desktop; tests: a
                                  # MemoryRelay's open)
    host_table(app, game, seats)  # "Who plays?" with a friend seat: a room, its waiting room
    join_table(app, code)         # the title's "Join a friend", or a page opened at #join=CODE
    at_start(app)                 # start-up: a kept shared table sits down again, else #join=

The screens:

- ``RoomScene``: waiting in the room. The host sees the room code (large), the link to send
  (``page address#join=CODE``) with Copy link, the seats (who is here, who is still to come)
  and Cancel; a guest sees "Joining room CODE..." and what the room says (no table with this
  code yet, the table is full, the connection failed). Once the deal is agreed, the game's
  table opens.
- ``SharedTableScene``: a Table whose session is shared (rooms.SharedTable). Each frame it
  reads the room and the links, follows a new session (a guest, after the host's page
  reloaded), shows what arrived from other screens as moves (animated, the log naming the
  mover), the session's notices as the table's messages, who is here or away, and, when a
  friend has been silent for 10 s, asks whether to wait or end the game. Input, undo and
  Stop!/Knock! are the session's (only this screen's own seats take input); the host's
  computer seats keep their pace exactly as at a table of one screen (Table.run_computers);
  nothing waits on the pace to show a person's move from another screen. The table is kept
  in the storage's shared slot (Saves.save_shared: never the game's own save) after every
  change, so a reload sits down again; leaving it, or the game's end, clears the slot. The
  waiting room is kept there too (``keep``): a reload comes back to the same room.
- ``JoinDialog``: type the code (keys, a pasted link, or the on-screen letters for touch).

The page's address (the link, the ``#join=`` at start-up) and the clipboard are read through
``page_window()`` (the browser's ``window``; None on the desktop), which tests replace.
"""

from __future__ import annotations

import pygame

from game.core import info
from game.net import CODE_LENGTH, CODE_LETTERS, SharedTable, clean_code, new_code

from . import theme
from .page import WEB, page_window
from .canvas import CANVAS
from .table import Table
from .widgets import (SIDEWAYS_BUTTON, SIDEWAYS_DIALOG_W, Button, Confirm, EndPanel, Modal,
                      Scene)

OFFLINE_NOTE = "Playing a friend online: in the web version."
UNFINISHED = "It counts as unfinished: neither a win nor a loss."
LINK_SLICE_MS = 3  # a frame's share for reading and answering the links
AWAY_S = 10.0  # a friend silent this long is away (RemoteSession.away)


# ====================================================================== the page
def room_opener():
    """The page's room opener: game/net/browser.py's ``open_room`` in a browser that can connect,
    else None (the desktop: no friend online is offered)."""
    if not WEB:
        return None
    try:
        from game.net import browser as net
    except ImportError:
        return None
    try:
        return net.open_room if net.available() else None
    except Exception:  # noqa: BLE001 (a bridge that can't say: not offered)
        return None


def page_href() -> str | None:
    """The page's address, or None (the desktop)."""
    window = page_window()
    if window is None:
        return None
    try:
        href = str(window.location.href)
    except Exception:  # noqa: BLE001
        return None
    return href if href.startswith(("http:", "https:", "file:")) else None


def join_link(code: str) -> str | None:
    """The link a friend opens to sit down: the page's address without its hash, and
    ``#join=CODE``; None where the page has no address (the desktop)."""
    href = page_href()
    return None if href is None else href.split("#", 1)[0] + "#join=" + code


def clear_hash() -> None:
    """Take ``#join=...`` off the address, so a reload doesn't join again (the reload sits
    down again from the kept table instead)."""
    window = page_window()
    href = page_href()
    if window is None or href is None:
        return
    try:
        window.history.replaceState(None, "", href.split("#", 1)[0])
    except Exception:  # noqa: BLE001
        try:
            window.location.hash = ""
        except Exception:  # noqa: BLE001
            pass


def copy_text(text: str) -> bool:
    """Put text on the clipboard (the browser's navigator.clipboard); False when it can't."""
    window = page_window()
    if window is None:
        return False
    try:
        window.navigator.clipboard.writeText(text)
        return True
    except Exception:  # noqa: BLE001
        return False


def join_code_at_start() -> str | None:
    """The room code of a page opened with ``#join=CODE`` (the hash is then cleared)."""
    href = page_href()
    if href is None or "#join=" not in href:
        return None
    clear_hash()
    return clean_code(href)


# ====================================================================== opening a room
def _open(app, code: str, role: str):
    """A transport into the room, or None (then the player is told)."""
    opener = app.open_room
    transport = None
    if opener is not None:
        try:
            transport = opener(code, role)
        except Exception as e:  # noqa: BLE001
            app.notice(f"The room could not be opened ({e}).")
            return None
    if transport is None:
        app.notice("The room could not be opened: playing a friend online needs the web "
                   "version, connected." if opener is None else
                   "The room could not be opened. Try again in a moment.")
    return transport


def host_table(app, game_id: str, seats) -> None:
    """Start a table with a friend seat: a new room, then its waiting room."""
    if app.shared is not None:
        app.shared.close_room()
    code = new_code()
    transport = _open(app, code, "host")
    if transport is None:
        return
    try:
        shared = SharedTable.host(transport, code, game_id, tuple(seats),
                                  match_target=app.settings.match_target(game_id),
                                  **app.settings.options(game_id))
    except ValueError as e:
        transport.close()
        app.notice(f"That table can't be shared: {e}")
        return
    app.show(RoomScene(app, shared))


def join_table(app, code: str, token: str | None = None) -> None:
    """Sit down at a friend's table by its room code: the waiting screen until the table
    comes."""
    if app.shared is not None:
        app.shared.close_room()
    transport = _open(app, code, "guest")
    if transport is None:
        return
    app.show(RoomScene(app, SharedTable.join(transport, code, token)))


def keep(app, shared) -> None:
    """The room this page is in, into the storage's shared slot (never the game's own save):
    a reload comes back to it (SharedTable.save)."""
    try:
        data = shared.save()
    except Exception:  # noqa: BLE001 (nothing to keep yet)
        data = None
    if data is not None:
        app.saves.save_shared(data)
    app.collect_notices()


def _check_kept(data) -> dict:
    """A kept shared table as the rooms would take it up again (ValueError otherwise)."""
    SharedTable.resume(None, data)
    return data


def kept_table(app) -> dict | None:
    """The shared table kept in the storage, checked (a bad one is set aside, with a notice)."""
    try:
        kept = app.saves.load_shared(check=_check_kept)
    except Exception:  # noqa: BLE001 (the storage promises not to raise)
        kept = None
    app.collect_notices()
    return kept


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
    role = "guest" if session.get("role") == "guest" else "host"
    transport = _open(app, kept["code"], role)
    if transport is None:
        return False
    try:
        shared = SharedTable.resume(transport, kept)
    except ValueError:
        transport.close()
        app.saves.clear_shared()
        app.notice("The shared table you were at couldn't be taken up again.")
        return False
    if shared.role == "guest":
        app.show(RoomScene(app, shared, again=session.get("token") is not None))
    elif shared.session is None:  # still waiting for friends
        app.show(RoomScene(app, shared))
    else:
        app.show(SharedTableScene(app, shared))
    return True




def big_text(size: int) -> int:
    """A size written for the 1280x720 canvas: upright as ``CANVAS.text`` makes it, sideways
    at least CANVAS.label's 12.5 CSS px (``CANVAS.label`` is both)."""
    return CANVAS.label(size)


# ====================================================================== the waiting room
class RoomScene(Scene):
    """Waiting in a room until the deal is agreed (see the module docstring)."""

    def __init__(self, app, shared, again: bool = False):
        super().__init__(app)
        self.shared = shared
        # the host's: the game and seats it asked for (a guest learns them from the host)
        self.game_id, self.seats = shared.asked[:2] if shared.asked else (None, ())
        self.again = again  # a guest sitting down again with its kept token
        self.link = join_link(shared.code) if shared.role == "host" else None
        self.copied = ""  # what Copy link said
        self.failed = ""  # why the table can't be joined (then Cancel reads Back)
        self.handed = False  # the table opened: the room is the table's now
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        w, h, size = (360, 96, 40) if big else SIDEWAYS_BUTTON if side else (220, 50, 24)
        self.buttons.append(Button((CANVAS.w // 2 - w // 2,
                                    CANVAS.h - h - (60 if big else 24 if side else 40),
                                    w, h), "Cancel", self.cancel, size=size, name="cancel"))
        if self.link is not None:  # (its y is drawn: under the link)
            if big:
                rect = (CANVAS.w // 2 - 200, 640, 400, 96)
            elif side:
                rect = (CANVAS.w // 2 - w // 2, 300, w, h)
            else:
                rect = (CANVAS.w // 2 - 110, 352, 220, 46)
            self.buttons.append(Button(rect, "Copy link", self.copy, size=size,
                                       style="primary", name="copy"))
        keep(app, shared)  # a reload comes back to this room

    def copy(self) -> None:
        self.copied = ("Link copied: send it to your friend." if copy_text(self.link) else
                       "Copy the link above by hand, or give your friend the code.")

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
        elif event.key == pygame.K_c and self.link is not None:
            self.copy()

    def update(self, dt: float) -> None:
        if self.handed:
            return
        shared = self.shared
        shared.advance(LINK_SLICE_MS, max_moves=0)
        s = shared.session
        if s is not None and s.ready and s.ended is None:
            self.handed = True
            self.app.show(SharedTableScene(self.app, shared))
            return
        if s is not None and s.ended and not self.failed:
            self.failed = s.ended
            self.button("cancel").label = "Back"
            self.app.saves.clear_shared()  # (a kept token refused: nothing to come back to)
            self.app.collect_notices()
        elif shared.status.startswith("failed") and not self.failed:
            self.failed = ("The connection failed"
                           + (f" ({shared.status[7:].strip()})" if shared.status[7:].strip()
                              else "") + ". Check the network and try again.")
            self.button("cancel").label = "Back"

    def frame_key(self):
        return None  # the room changes by itself (who is here, the status)

    def status(self) -> str:
        shared, s = self.shared, self.shared.session
        if self.failed:
            return self.failed
        if shared.role == "host":
            missing = shared.waiting()
            if missing > 0:
                return ("Waiting for your friend: send them the link or the code." if missing == 1
                        else f"Waiting for {missing} friends: send them the link or the code.")
            return "Everyone is here: agreeing on a fair deal..."
        if shared.status == "connecting":
            return "Looking for the room..."
        if not shared.host_here():
            return "No table with this code yet: waiting for the host."
        if s is not None and s.game_id is not None:
            return f"Sitting down at {info(s.game_id).title}: agreeing on a fair deal..."
        return "The host is here: sitting down..."

    def seat_lines(self) -> list[tuple[str, tuple]]:
        """The host's seats: who is here and who is still to come."""
        if not self.seats:
            return []
        here = self.shared.seats_wanted - self.shared.waiting()
        lines, friend = [], 0
        for i, kind in enumerate(self.seats):
            name = f"Player {i + 1}"
            if kind.local:
                lines.append((f"{name}: you, here", theme.INK))
            elif kind.remote:
                friend += 1
                came = friend <= here
                lines.append((f"{name}: a friend online, {'here' if came else 'still to come'}",
                              theme.TARGET if came else theme.ACCENT))
            else:
                lines.append((f"{name}: {kind.label}", theme.INK_DIM))
        return lines

    def draw(self, screen) -> None:
        screen.blit(theme.felt(), (0, 0))
        cx, big, side = CANVAS.w // 2, CANVAS.portrait, bool(CANVAS.rail)
        # the steps down the page: upright, sideways (every word at least 12.5 CSS px, the
        # buttons 84 high), on the 1280x720 canvas
        line, link_line, code_h, button_h = ((52, 44, 150, 130) if big else
                                             (32, 30, 80, 100) if side else (32, 26, 110, 62))
        shared = self.shared
        y = 120 if big else 40
        if shared.role == "host":
            heading = f"{info(self.game_id).title} with friends online" if self.game_id \
                else "A table with friends online"
        else:
            heading = ("Sitting down again at your friend's table" if self.again
                       else "Joining a friend's table")
        for text in theme.wrap(heading, big_text(36), CANVAS.w - 40, True):
            theme.blit_text(screen, text, (cx, y), big_text(36), theme.GOLD, bold=True,
                            anchor="midtop")
            y += 64 if big else 46
        y += 20
        theme.blit_text(screen, "Room code" if shared.role == "host" else
                        f"Joining room {shared.code}..." if not self.failed else
                        f"Room {shared.code}", (cx, y), big_text(24), theme.INK_DIM,
                        anchor="midtop")
        y += 56 if big else 34
        if shared.role == "host":
            theme.blit_text(screen, " ".join(shared.code), (cx, y), 110 if big else 84,
                            theme.INK, bold=True, anchor="midtop")
            y += code_h
            if self.link is not None:
                lines = theme.wrap(self.link, big_text(20), CANVAS.w - 60)[:3]
                for text in lines:
                    theme.blit_text(screen, text, (cx, y), big_text(20), theme.ACCENT,
                                    anchor="midtop")
                    y += link_line
                self.button("copy").rect.y = y + (16 if big else 8)
                y += button_h
                if self.copied:
                    theme.blit_text(screen, self.copied, (cx, y), big_text(20), theme.TARGET,
                                    anchor="midtop")
                y += 40 if big else 34 if side else 30
            else:
                theme.blit_text(screen, "Give your friend this code: they choose Join a friend "
                                "on the title screen.", (cx, y), big_text(20), theme.ACCENT,
                                anchor="midtop")
                y += 40
            y += 10
            for text, color in self.seat_lines():
                theme.blit_text(screen, text, (cx, y), big_text(24), color, anchor="midtop")
                y += line
        else:
            y += 20
        y += 16
        for text in theme.wrap(self.status(), big_text(24), CANVAS.w - 80):
            theme.blit_text(screen, text, (cx, y), big_text(24),
                            theme.RED_INK if self.failed else theme.INK, anchor="midtop")
            y += line
        super().draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


# ====================================================================== typing a code
DEL, CLEAR = "del", "clear"  # the dialog's keys that are no letter


class JoinDialog(Modal):
    """Join a friend: type the room code (letters and digits, or paste the link), or press
    the letters on screen (touch)."""

    width, height = 720, 500
    portrait_height = 1120
    title = "Join a friend"
    COLUMNS = 9
    BODY = "Type the room code your friend gave you (or open the link they sent)."
    #: sideways (a phone on its side): the keys in three rows of eleven, each a thumb's size
    #: (84: 45 CSS px on an 844x390 page), their letters 13.5 CSS px, the words 12.5
    SIDEWAYS_COLUMNS, SIDEWAYS_KEY = 11, 84

    def __init__(self, scene):
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        if side:  # as wide as eleven keys, as high as what it holds
            self.width = self.SIDEWAYS_COLUMNS * (self.SIDEWAYS_KEY + 8) - 8 + 76
            self.height = self.code_box().bottom + 34 + 3 * (self.SIDEWAYS_KEY + 8) - 8 \
                + 20 + SIDEWAYS_BUTTON[1] + 22
        super().__init__(scene)
        self.value = ""
        self.error = ""
        keys = list(CODE_LETTERS) + [DEL, CLEAR]
        cols = 7 if big else self.SIDEWAYS_COLUMNS if side else self.COLUMNS
        if big:  # (upright: keys a thumb's size, 44 CSS px)
            kw, kh, gap = (self.rect.w - 40 - (cols - 1) * 8) // cols, 88, 8
            x0, y0, size = self.rect.x + 20, self.rect.y + 420, 40
        else:
            kw, kh, gap = (self.SIDEWAYS_KEY, self.SIDEWAYS_KEY, 8) if side else (64, 44, 8)
            x0 = self.rect.centerx - (cols * kw + (cols - 1) * gap) // 2
            y0, size = ((self.code_box(self.rect.topleft).bottom + 34, 36) if side
                        else (self.rect.y + 196, 24))
        for i, k in enumerate(keys):
            r = pygame.Rect(x0 + (i % cols) * (kw + gap), y0 + (i // cols) * (kh + gap), kw, kh)
            label = {DEL: "Del", CLEAR: "Clear"}.get(k, k)
            self.buttons.append(Button(r, label, lambda k=k: self.press(k), name=f"key{k}",
                                       size=size if len(label) == 1 else size - 4))
        bw, bh, size = (320, 96, 40) if big else SIDEWAYS_BUTTON if side else (180, 48, 24)
        y = self.rect.bottom - bh - 22
        self.buttons.append(Button((self.rect.centerx - bw - 10, y, bw, bh), "Join", self.ok,
                                   enabled=lambda: len(self.value) == CODE_LENGTH,
                                   style="primary", name="join", size=size))
        self.buttons.append(Button((self.rect.centerx + 10, y, bw, bh), "Cancel", self.close,
                                   name="cancel", size=size))

    def body_lines(self) -> tuple[str, ...]:
        return theme.wrap(self.BODY, CANVAS.label(20), self.width - 60)

    def code_box(self, origin=(0, 0)) -> pygame.Rect:
        """Where the code typed so far is shown: under the body's lines (the dialog's top
        left at ``origin``)."""
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        y = (120 if big else 66 if side else 74) \
            + len(self.body_lines()) * (44 if big else 30 if side else 26)
        box = pygame.Rect(0, 0, 520 if big else 420 if side else 360,
                          110 if big else 64 if side else 60)
        box.midtop = (origin[0] + self.width // 2, origin[1] + y + 10)
        return box

    def press(self, k: str) -> None:
        self.error = ""
        if k == DEL:
            self.value = self.value[:-1]
        elif k == CLEAR:
            self.value = ""
        elif k in CODE_LETTERS and len(self.value) < CODE_LENGTH:
            self.value += k

    def paste(self, text) -> None:
        """A pasted code or link (``...#join=CODE``)."""
        code = clean_code(text) if isinstance(text, str) else None
        if code is None or len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
            self.error = "That is no room code."
            return
        self.value, self.error = code, ""

    def ok(self) -> None:
        if len(self.value) != CODE_LENGTH:
            self.error = f"A room code has {CODE_LENGTH} letters and digits."
            return
        self.close()
        join_table(self.app, self.value)

    def key(self, event) -> None:
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and k == pygame.K_v:
            self.paste(clipboard_text())
            return
        if k == pygame.K_BACKSPACE:
            self.press(DEL)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if 0 <= self.focused < len(self.buttons) and self.buttons[self.focused].enabled:
                self.buttons[self.focused].action()
            else:
                self.ok()
        elif k == pygame.K_ESCAPE:
            self.close()
        elif k in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.focus_key(event)
        else:
            char = (getattr(event, "unicode", "") or pygame.key.name(k) or "").upper()
            if len(char) == 1:
                if char in CODE_LETTERS:
                    self.press(char)
                elif char.isalnum():
                    self.error = f"Room codes have no {char}: they use no 0, O, 1, I or L."

    def draw(self, screen) -> None:
        self.draw_frame(screen)
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        size = CANVAS.label(20)
        y = self.rect.y + (120 if big else 66 if side else 74)
        for line in self.body_lines():
            theme.blit_text(screen, line, (self.rect.centerx, y), size, theme.INK_DIM,
                            anchor="midtop")
            y += 44 if big else 30 if side else 26
        box = self.code_box(self.rect.topleft)
        pygame.draw.rect(screen, (250, 248, 236), box, border_radius=8)
        shown = " ".join(self.value.ljust(CODE_LENGTH, "_"))
        theme.blit_text(screen, shown, box.center, 64 if big else 48 if side else 40,
                        (30, 30, 30) if self.value else (170, 170, 170), bold=True,
                        anchor="center")
        if self.error:
            theme.blit_text(screen, self.error, (self.rect.centerx, box.bottom + 4),
                            CANVAS.label(18), theme.RED_INK, anchor="midtop")
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


def clipboard_text() -> str | None:
    """What the clipboard holds, where pygame can read it (the desktop); else None."""
    try:
        text = pygame.scrap.get_text()
    except Exception:  # noqa: BLE001 (no clipboard here: the browser's needs a permission)
        return None
    return text if isinstance(text, str) else None


# ====================================================================== the table
def pile_reach(g) -> pygame.Rect:
    """Where a pile's cards may lie: its place, and its fan out to its limit (a fan with no
    limit: to the canvas's edge)."""
    r = g.rect.copy()
    if g.stacked:
        return r
    if g.fan[1] > 0:
        r.height = max(r.height, (g.limit or CANVAS.h) - r.top)
    elif g.fan[1] < 0:
        r.height, r.top = r.bottom, 0
    if g.fan[0] > 0:
        reach = g.limit or (r.right + g.fan[0] * max(0, g.fan_last - 1) if g.fan_last
                            else CANVAS.table_w)
        r.width = max(r.width, reach - r.left)
    elif g.fan[0] < 0:
        left = g.limit or 0
        r.width, r.left = r.right - left, left
    return r


class AwayDialog(Modal):
    """A friend silent for 10 s: wait for them, or end the game (unfinished)."""

    height = 290
    portrait_height = 700

    BODY = ("No word from their screen for 10 seconds (a page closed or asleep, or the "
            "connection lost). Wait for them to come back, or end the game: it counts as "
            "unfinished, neither a win nor a loss.")

    def __init__(self, table, seats: list[int]):
        names = [table.seat_heading(s) for s in seats]
        who = " and ".join(names)
        title = f"{who} {'is' if len(names) == 1 else 'are'} away"
        if CANVAS.rail:  # a phone on its side: words of 12.5 CSS px, buttons of 45
            self.width = SIDEWAYS_DIALOG_W
            self.height = self.body_top(title) + 30 * len(self.body_lines()) + 20 \
                + SIDEWAYS_BUTTON[1] + 22
        super().__init__(table)
        self.seats = list(seats)
        self.title = title
        self.body = self.BODY
        bw, bh, size = (320, 96, 40) if CANVAS.portrait else SIDEWAYS_BUTTON if CANVAS.rail \
            else (210, 48, 24)
        y = self.rect.bottom - bh - 22
        self.buttons = [
            Button((self.rect.centerx - bw - 10, y, bw, bh), "Wait", self.wait,
                   style="primary", name="Wait", size=size),
            Button((self.rect.centerx + 10, y, bw, bh), "End the game", table.end_game,
                   style="danger", name="End the game", size=size)]

    def body_lines(self) -> tuple[str, ...]:
        return theme.wrap(self.BODY, CANVAS.label(22), self.width - 60)

    def body_top(self, title: str) -> int:
        """How far down the dialog its body starts (sideways: under a title of two lines)."""
        if CANVAS.portrait:
            return 150
        if CANVAS.rail:
            return 80 + 44 * (len(theme.wrap(title, 40, self.width - 30, True)[:2]) - 1)
        return 80

    def wait(self) -> None:
        self.scene.waited.update(self.seats)
        self.close()

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.wait()
        else:
            super().key(event)

    def draw(self, screen) -> None:
        self.draw_frame(screen)
        size = CANVAS.label(22)
        y = self.rect.y + self.body_top(self.title)
        for line in self.body_lines():
            theme.blit_text(screen, line, (self.rect.centerx, y), size, theme.INK,
                            anchor="midtop")
            y += 48 if CANVAS.portrait else 30 if CANVAS.rail else 28
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


class SharedTableScene(Table):
    """The table of a game shared with other screens (see the module docstring)."""

    def __init__(self, app, shared):
        self.shared = shared
        self.closed = False  # the room is closed: the game ended or was left
        self.waited: set[int] = set()  # away seats the player chose to wait for
        self._base = None  # (version, piles, seat to move, moves) as this table last showed
        self._match_data = None  # this table's match: kept while it is open, never saved
        self._opened_ms = app.time_ms
        self._game = shared.game  # the room's game this table shows (2, 3, ...: Play again)
        self._marks = None  # (what they depend on, the friends' marks placed for it)
        super().__init__(app, shared.session.game_id)
        app.shared = self
        mine = self.session.local_seats
        if mine and mine[0]:  # this screen's own seat where the first seat's is (the chrome
            # says how its table turns; the round table's stays as it is)
            self.layout = self.chrome.seen_from(self.layout, mine[0])
        for b in self.buttons:
            if b.name == "Menu":
                b.action = self.to_menu

    # ------------------------------------------------------------------ the session
    def load_or_deal(self) -> None:
        s = self.session = self.shared.session
        fresh = len(s.state.history) <= s.dealt
        self.say(f"{self.title_text}: the deal is agreed (deal {s.state.seed}).", "info", 3000)
        self.changed()
        if fresh:
            self.chrome.started()
            self.deal_pending = self.app.settings.animations

    def adopt(self, session) -> None:
        """A new session for this table: the room's next game (Play again), dealt; or, on a
        guest, the host's page reloaded and sent the table again: shown from where this one
        stood."""
        if self.shared.game != self._game:
            self.next_game(session)
            return
        before = self.piles()
        self.session = session
        self.input.reset()
        self.anim.clear()
        self.view.invalidate()
        self._fly(before)
        self.changed()
        self.say("The host's screen is back: the game goes on.", "good", 4000)

    def next_game(self, session) -> None:
        """The room's next game, its deal agreed: dealt as a new deal is (the match goes on)."""
        self._game = self.shared.game
        self.view.invalidate()
        self.begin(session, f"{self.title_text}: the next game, deal {session.state.seed} "
                            "(agreed by every screen).")

    def play_again(self) -> None:
        """The host: the room's next game with the same friends (a new deal agreed)."""
        if not self.shared.can_play_again():
            self.say("Another game needs every friend here: wait for them, or leave.", "warn")
            return
        self.shared.play_again()
        self.modal = None
        self.say("The next game: agreeing the deal with every screen...", "info", 6000)

    def saved_match(self):
        return self._match_data

    def keep_match(self, data) -> None:
        self._match_data = data  # a shared table's match never replaces this screen's own

    def save(self) -> None:
        """The shared table into its own slot of the storage (never the game's own save)."""
        self._unsaved_ms = 0.0
        if self.closed or self.session.is_over():  # (a game over: the slot is cleared)
            return
        keep(self.app, self.shared)

    def game_over(self) -> None:
        """The game is over: played to its end (the chrome's end screen, as at any table; a
        finished game leaves nothing to sit down at again), or ended (``end``)."""
        if self.session.ended:
            self.end(self.session.ended)
            return
        self.app.saves.clear_shared()
        self.app.collect_notices()
        super().game_over()
        panel = self.modal
        if isinstance(panel, EndPanel):  # the ways on: another game in this room, or leave
            lay = self.layout
            if self.shared.role == "host":
                buttons = [("Play again", self.play_again, "primary"),
                           ("Leave", self.leave_room, "normal")]
                lines = panel.lines
            else:
                buttons = [("Leave", self.leave_room, "normal")]
                lines = panel.lines[:4] + ["The host may deal another game: wait here."]
            self.modal = EndPanel(self, panel.title, lines, buttons, dim=panel.dim,
                                  good=panel.good,
                                  centerx=(lay.table_left + lay.table_right) // 2)

    def leave_room(self) -> None:
        """Out of the room, to the title (the friends' screens see this one leave)."""
        self.close_room()
        self.app.title()

    def changed(self, save: bool = True) -> None:
        super().changed(save)
        s = self.session
        if s is not None and s.state is not None:
            self._base = (s.version, self.piles(), s.to_move, len(s.state.history))

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        if not self.closed:
            self.read_links()
        super().update(dt)
        if not self.closed:
            self.arrived()  # (the computer seats' advance reads the links too)
            self.watch()

    def read_links(self) -> None:
        """The room and the links: what other screens did, a new session to follow."""
        shared = self.shared
        shared.pump()
        live = shared.session
        if live is None:
            return
        live.advance(LINK_SLICE_MS, max_moves=0)  # read and answer; the pace is not involved
        if live is not self.session:
            if live.ready:
                self.adopt(live)
            elif live.ended:
                self.end(live.ended)
                return
        if self.session.ended:
            self.end(self.session.ended)
            return
        self.arrived()

    def background(self) -> None:
        """While another screen of this page is shown (Rules): the room keeps being read and
        answered, so friends don't see this screen go away."""
        if not self.closed:
            self.shared.pump()
            live = self.shared.session
            if live is not None:
                live.advance(1, max_moves=0)

    def arrived(self) -> None:
        """What changed the position without this table playing it (another screen's move,
        undo, call; a guest's move the host didn't take): shown as moves."""
        s, base = self.session, self._base
        if base is None or s.version == base[0]:
            return
        version, before, mover, n = base
        history = s.state.history
        if self.input.busy or self.input.selected:
            self.input.reset()
        if len(history) == n + 1:  # one move, by the seat that was to move
            self.moved(history[-1].move, before, mover)
        else:
            self._fly(before)
            self.changed()
            self.app.sound.play("place")

    def _fly(self, before: dict) -> None:
        from .chromes.panel import fly_changes
        if self.art is not None:
            fly_changes(self, before, self.piles(),
                        dur=None if self.app.settings.animations else 0)

    def watch(self) -> None:
        """The session's notices, its end, and friends gone quiet."""
        s = self.session
        notices, s.notices = list(s.notices), []
        for i, text in enumerate(notices):
            if i == 0:
                self.say(text, "warn", 6000)
            else:
                self.app.notice(text)
        if s.ended:
            self.end(s.ended)
            return
        if s.state.is_over():
            return
        away = self.away_people()
        dialog = self.modal if isinstance(self.modal, AwayDialog) else None
        if dialog is not None and not set(dialog.seats) & set(away):
            dialog.close()
            self.say(f"{self.seat_heading(dialog.seats[0])} is back.", "good", 4000)
        self.waited &= set(away)  # one who came back and goes again is asked about again
        fresh = [seat for seat in away if seat not in self.waited]
        grace = self.app.time_ms - self._opened_ms >= AWAY_S * 1000  # (after a reload)
        if fresh and grace and self.modal is None:
            self.modal = AwayDialog(self, away)

    def away_people(self) -> list[int]:
        s = self.session
        return [seat for seat in s.away(AWAY_S) if s.seats[seat].person]

    def seat_heading(self, seat: int) -> str:
        """A person's seat as a sentence begins: "Your friend", "Player 2"."""
        return self.seat_name(seat).capitalize()

    # ------------------------------------------------------------------ leaving, ending
    def end_game(self) -> None:
        """End the game for every screen (unfinished: neither a win nor a loss)."""
        s = self.session
        if s.ended is None and not s.state.is_over():
            s.leave()
        self.end(s.ended or "The game is ended.")

    def end(self, text: str) -> None:
        """The game was ended (here, by a friend, a cheat, a full table): its sentence, and
        the usual ways on (New game: a game at this screen)."""
        if self.closed:
            return
        self.close_room()
        self.end_shown = True
        self.input.reset()
        self.say(text, "warn", 8000)
        lay = self.layout
        self.modal = EndPanel(self, "Game ended", [text, UNFINISHED],
                              [("New game", self.play_here, "primary"),
                               ("Menu", self.app.title, "normal")],
                              centerx=(lay.table_left + lay.table_right) // 2)

    def close_room(self) -> None:
        """Leave the room: the peers are told when the game was still on; the kept table is
        cleared (a reload opens the title)."""
        if self.closed:
            return
        s = self.session
        if s.ended is None and not s.is_over():
            s.leave()
        self.closed = True
        self.shared.close()
        self.app.saves.clear_shared()
        self.app.collect_notices()
        if self.app.shared is self:
            self.app.shared = None

    def in_play(self) -> bool:
        return not self.closed and not self.session.is_over()

    def ask_to_leave(self, what: str, then) -> None:
        """Leaving a game in play ends it for every screen: asked first."""
        if not self.in_play():
            self.close_room()
            then()
            return

        def go():
            self.close_room()
            then()
        self.modal = Confirm(self, what, "Leaving ends the game at every screen. " + UNFINISHED,
                             what, go)

    def to_menu(self) -> None:
        self.ask_to_leave("Leave the game", self.app.title)

    def play_here(self) -> None:
        """A game at this screen instead: the game's own table, or "Who plays?" for a new one."""
        from .screens import TitleScene
        self.close_room()
        title = TitleScene(self.app)
        self.app.show(title)
        title.choose(self.game_id)

    def key(self, event) -> None:
        if (event.key == pygame.K_ESCAPE and not self.input.selected and self.modal is None
                and not self.session.finishing):
            self.to_menu()
            return
        super().key(event)

    # a shared table deals no game of its own: a new one is a game at this screen
    def new_deal(self, confirm: bool = True) -> None:
        self.ask_to_leave("New game", self.play_here)

    def restart(self, confirm: bool = True) -> None:
        self.new_deal()

    def play_number(self, seed: int) -> None:
        self.new_deal()

    def abandon_then(self, what: str, action) -> None:
        self.ask_to_leave(what, action)

    def start(self, seed: int, options: dict | None = None, seats=None) -> None:
        """(New game with the seats chosen at this table: that deal at this screen's own
        table, unless a game of its own is in progress there.)"""
        self.close_room()
        table = self.app.open_game(self.game_id)
        if table.session.unfinished and not table.session.is_over():
            table.say("Your own game of this table is kept: New game deals another.", "info")
        else:
            table.start(seed, options, seats)

    # ------------------------------------------------------------------ drawing
    def draw(self, screen) -> None:
        super().draw(screen)
        self.draw_presence(screen)

    def presence(self) -> list[tuple[int, bool]]:
        """Each friend's seat and whether their screen is here."""
        s = self.session
        if self.closed:
            return []
        away = set(s.away(AWAY_S))
        return [(seat, seat not in away) for seat, kind in enumerate(s.seats)
                if kind.remote and kind.person]

    def draw_presence(self, screen) -> None:
        """Beside each friend's name on the table: a dot and "here" (green) or "away" (red)."""
        for seat, here, word, size, dot, where in self.presence_marks():
            colour = (90, 200, 110) if here else (235, 95, 75)
            pygame.draw.circle(screen, colour, dot.center, dot.w // 2)
            theme.blit_text(screen, word, where.midleft, size, colour, bold=True,
                            anchor="midleft")

    def presence_marks(self) -> list[tuple[int, bool, str, int, pygame.Rect, pygame.Rect]]:
        """Each friend's mark (``place_marks``), placed once for a layout, the names and who is
        here (on a phone the placing looks at every pile: not work for every frame)."""
        key = (id(self.layout), CANVAS.size, tuple(self.presence()),
               tuple(self.chrome.title(seat) for seat in range(len(self.session.seats))))
        if self._marks is None or self._marks[0] != key:
            self._marks = (key, self.place_marks())
        return self._marks[1]

    def place_marks(self) -> list[tuple[int, bool, str, int, pygame.Rect, pygame.Rect]]:
        """Each friend's mark: (seat, here, "here" or "away", its size, the dot's box, the
        word's box). On the 1280x720 canvas the dot left of the name and the word right of it
        (left of the dot where the table ends there). On a phone the word is at least 12 CSS
        px (``CANVAS.label``: sideways 32, upright 36) and dot and word lie where they are
        clear of everything else on the table (``presence_obstacles``): as on the 1280x720
        canvas, or both right of the name, under it, over it, or left of it."""
        names = self.layout.seat_names
        phone = CANVAS.portrait or bool(CANVAS.rail)
        size = CANVAS.label(16)
        r = 9 if phone else 6
        area = pygame.Rect(self.layout.table_left + 2, 2,
                           self.layout.table_right - 6 - self.layout.table_left, CANVAS.h - 4)
        taken = self.presence_obstacles() if phone else []
        out = []
        for seat, here in self.presence():
            if seat >= len(names):
                continue
            word = "here" if here else "away"
            w, h = theme.font(size, True).size(word)
            lines = self.name_rects(seat)
            name = lines[0].unionall(lines[1:])
            mid = lines[0].centery
            old = self._mark(name.left - 10 - r, mid, r, name.right + 8, w, h)
            if not phone:  # (as the 1280x720 table always had it)
                if old[1].right > self.layout.table_right - 4:
                    old = self._mark(name.left - 10 - r, mid, r, name.left - 20 - w, w, h)
                out.append((seat, here, word, size) + old)
                continue
            below, above = name.bottom + 4 + h // 2, name.top - 4 - (h + 1) // 2
            tries = [old,
                     self._mark(name.right + 8, mid, r, name.right + 14 + 2 * r, w, h),
                     self._mark(name.left, below, r, name.left + 6 + 2 * r, w, h),
                     self._mark(name.left, above, r, name.left + 6 + 2 * r, w, h),
                     self._mark(name.left - 10 - r, mid, r, name.left - 16 - 2 * r - w, w, h)]
            for dot, where in tries:
                box = dot.union(where)
                if area.contains(box) and box.inflate(6, 6).collidelist(taken) < 0:
                    break
            else:  # (nowhere clear: where it stands on the 1280x720 canvas)
                dot, where = old
            taken += [dot, where]
            out.append((seat, here, word, size, dot, where))
        return out

    @staticmethod
    def _mark(dot_left: int, mid: int, r: int, word_left: int, w: int,
              h: int) -> tuple[pygame.Rect, pygame.Rect]:
        """A dot of radius ``r`` from ``dot_left`` and a word ``w`` x ``h`` from
        ``word_left``, both centred on ``mid``."""
        where = pygame.Rect(word_left, 0, w, h)
        where.midleft = (word_left, mid)
        return pygame.Rect(dot_left, mid - r, 2 * r, 2 * r), where

    def name_rects(self, seat: int) -> list[pygame.Rect]:
        """Where the chrome writes a seat's name (a line each)."""
        return [rect for _, rect in self.chrome.name_lines(seat)]

    def presence_obstacles(self) -> list[pygame.Rect]:
        """What a friend's mark must not cover: every pile's cards (a fan out to its limit)
        and its words (count, caption, the word on it empty), the table's buttons (the turn
        button with its arrows), every seat's name, the round table's ring round a seat's
        piles and its "to play" tag."""
        lay, out = self.layout, []
        for name, g in lay.piles.items():
            out.append(pile_reach(g))
            for words in (self.view.words(name, 0, False), self.view.words(name, 104, True)):
                out += [box or rect for _, _, _, _, rect, box in words]
        out += [b.rect for b in self.buttons if b.visible]
        if lay.turn_button is not None:
            out.append(lay.turn_button.inflate(2 * 28, 0))
        for seat in range(min(len(lay.seat_names), len(self.session.seats))):
            out += self.name_rects(seat)
            out += self.chrome.seat_marks(seat)  # (the round table's ring and its tag)
        return out

    def frame_key(self):
        return (super().frame_key(), tuple(self.presence()), self.closed)


__all__ = ["AwayDialog", "JoinDialog", "OFFLINE_NOTE", "RoomScene", "SharedTableScene",
           "at_start", "host_table", "join_link", "join_table", "room_opener"]
