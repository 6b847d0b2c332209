"""The move log drawn in the side panel (``LogView``): the moves of the current turn and the
turns before it (move_book.py's ``MoveBook``, in log_words.py's words), each turn headed by who
played it, scrolled by the wheel, a drag or keys; and "Last moves" with Replay turn above it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

import pygame

from game.core.language import _, pgettext
from game.core.language import current as spoken
from game.session import Session
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.table.chrome import Point
from game.ui.turns.log_words import LogChrome
from game.ui.turns.move_book import MoveBook
from game.ui.turns.panel_geometry import P_TEXT, panel_x
from game.ui.widgets import Button


class LogPanel(LogChrome, Protocol):
    """What the log's view needs of its chrome besides the words: its table, session and
    buttons, and Replay turn."""

    table: Any
    buttons: list[Button]

    @property
    def session(self) -> Session: ...

    def replay(self) -> None: ...


def log_size() -> int:
    """The log's text size: 18 on the desktop's table, larger on a phone's canvas."""
    return P_TEXT if CANVAS.portrait else 30 if CANVAS.rail else 18


class LogView:
    """The move log drawn in the panel: every line wrapped (never cut), oldest first and the
    newest at the bottom, each turn headed by who played it, the moves numbered. It scrolls by
    the wheel, a drag (finger or mouse), PageUp/PageDown/Home/End, and Up/Down once the log is
    focused (clicked or tapped; a click elsewhere or Esc lets go). It follows the newest move
    unless the player scrolled back. Above it: "Last moves" and the Replay turn button."""

    WHEEL_LINES = 3

    def __init__(self, chrome: LogPanel) -> None:
        self.chrome = chrome
        self._book: MoveBook | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)  # the lines' place, where they were last drawn
        self.scroll = 0  # pixels from the first line's top to the view's top
        self.follow = True
        self.focused = False
        self.grab: tuple[int, int, bool] | None = None  # a drag: (y, scroll then, moved)
        self.placed = False  # its button among the panel's (upright, sideways), else in
        # the log's header
        self.step = 20
        self.max_scroll = 0
        self._content: tuple[Hashable, list[tuple[str, tuple, bool, int]]] = (None, [])
        # Translators: a button over the move log: the computer's last turn played again
        self.button = Button(
            (-500, -500, 10, 10),
            _("Replay turn"),
            self.chrome.replay,
            self.can_replay,
            size=16,
            name="Replay turn",
        )

    @property
    def book(self) -> MoveBook:
        s = self.chrome.session
        if (
            self._book is None or self._book.session is not s or self._book.language != spoken()
        ):  # (another language: said again)
            self._book = MoveBook(self.chrome, s)
            self.scroll, self.follow = 0, True
        self._book.update()
        return self._book

    def can_replay(self) -> bool:
        t = self.chrome.table
        return t.modal is None and self.book.replay_turn() is not None

    def key_parts(self) -> Hashable:
        """What the log shows, for the chrome's frame_key."""
        return (
            self.book.changes,
            self.book.session.state.current_player,
            self.scroll,
            self.focused,
        )

    # ------------------------------------------------------------------ the words
    def content(self, size: int, width: int) -> list[tuple[str, tuple, bool, int]]:
        """The lines drawn: (text, colour, bold, indent), oldest first."""
        book = self.book
        key = (id(book), book.changes, book.session.state.current_player, size, width)
        if self._content[0] == key:
            return self._content[1]
        out: list[tuple[str, tuple, bool, int]] = []
        turns = book.turns()
        indent = theme.measure("00. ", size)
        for i, (_number, seat, steps) in enumerate(turns):
            current = i == len(turns) - 1
            title = self.chrome.title(seat)
            now = current and not book.session.is_over()
            if self.chrome.is_you(seat):
                head = (
                    pgettext("the move log's heading of a turn", "Your turn (now)")
                    if now
                    else pgettext("the move log's heading of a turn", "Your turn")
                )
            else:
                # Translators: the move log's heading of a turn; {seat} is "Computer", "Player 2"
                head = (
                    pgettext("the move log's heading of a turn", "{seat}'s turn (now)")
                    if now
                    else pgettext("the move log's heading of a turn", "{seat}'s turn")
                ).format(seat=title)
            for line in theme.wrap(head, size, width, bold=True):  # (a long name: two lines)
                out.append((line, theme.GOLD if current else theme.ACCENT, True, 0))
            color = theme.INK if current else theme.INK_DIM
            if not steps:
                out.append((_("no move yet"), theme.INK_FAINT, False, indent))
            for n, st in enumerate(steps, 1):
                words = st.words if st.who in ("", title) else st.line
                for j, line in enumerate(theme.wrap(words, size, width - indent)):
                    out.append(
                        ((f"{n}. " if j == 0 else "") + line, color, False, 0 if j == 0 else indent)
                    )
        self._content = (key, out)
        return out

    # ------------------------------------------------------------------ drawing
    def header_height(self, size: int) -> int:
        return theme.font(size).get_height() + 6 if self.placed else 26

    def draw(self, screen, area: pygame.Rect, size: int | None = None) -> None:
        """The header ("Last moves" and Replay turn), then the lines in the rest of ``area``."""
        size = size or log_size()
        hh = self.header_height(size)
        # Translators: the move log's heading, short
        label = _("Last moves")
        theme.blit_text(
            screen, label, (area.x, area.y + hh // 2), size, theme.INK_FAINT, anchor="midleft"
        )
        b = self.button
        if not self.placed:
            bw = max(theme.measure(b.label, size) + 28, 120)
            b.rect = pygame.Rect(area.right - bw, area.y, bw, hh - 4)
            b.size = size if not CANVAS.portrait else max(size, 32)
            b.visible = True
        self.step = step = theme.font(size).get_height() + 1
        rect = pygame.Rect(area.x, area.y + hh + 2, area.w, (area.h - hh - 2) // step * step)
        self.rect = rect  # whole lines: none cut in half at the edges
        if rect.h <= 0:
            return
        lines = self.content(size, rect.w - 12)
        total = len(lines) * step
        self.max_scroll = max(0, total - rect.h)
        if self.follow:
            self.scroll = self.max_scroll
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        clip = screen.get_clip()
        screen.set_clip(rect)
        first = self.scroll // step
        y = rect.y - self.scroll + first * step
        for text, color, bold, indent in lines[first:]:
            if y >= rect.bottom:
                break
            theme.blit_text(screen, text, (rect.x + indent, y), size, color, bold=bold)
            y += step
        screen.set_clip(clip)
        if total > rect.h:  # a scroll bar: where the view is in the whole log
            bar = pygame.Rect(rect.right - 6, rect.y, 6, rect.h)
            pygame.draw.rect(screen, theme.BAR_LINE, bar, border_radius=3)
            h = max(24, rect.h * rect.h // total)
            top = rect.y + (rect.h - h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(screen, theme.INK_DIM, (bar.x, top, 6, h), border_radius=3)
        if self.focused:
            pygame.draw.rect(screen, theme.FOCUS, rect.inflate(6, 6), 2, border_radius=6)

    # ------------------------------------------------------------------ scrolling
    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        self.follow = self.scroll >= self.max_scroll

    def wheel(self, dy: int) -> bool:
        self.scroll_by(-dy * self.WHEEL_LINES * self.step)
        return True

    def pointer_down(self, pos: Point) -> bool:
        if self.rect.collidepoint(pos):
            self.grab = (pos[1], self.scroll, False)
            return True
        self.focused = False
        return False

    def pointer_move(self, pos: Point) -> bool:
        if self.grab is None:
            return False
        y0, scroll0, moved = self.grab
        if abs(pos[1] - y0) > 6 or moved:
            self.grab = (y0, scroll0, True)
            self.scroll = scroll0
            self.scroll_by(y0 - pos[1])
        return True

    def pointer_up(self, pos: Point) -> bool:
        if self.grab is None:
            return False
        if not self.grab[2]:  # a tap: the keys scroll it now
            self.focused = True
        self.grab = None
        return True

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        page = max(self.step, self.rect.h - self.step)
        if k == pygame.K_PAGEUP:
            self.scroll_by(-page)
        elif k == pygame.K_PAGEDOWN:
            self.scroll_by(page)
        elif k == pygame.K_HOME and self.focused:
            self.scroll_by(-self.max_scroll)
        elif k == pygame.K_END and self.focused:
            self.scroll_by(self.max_scroll)
        elif k == pygame.K_UP and self.focused:
            self.scroll_by(-self.step)
        elif k == pygame.K_DOWN and self.focused:
            self.scroll_by(self.step)
        elif k == pygame.K_ESCAPE and self.focused:
            self.focused = False
        else:
            return False
        return True


def log_area(chrome: LogPanel, x: int, y: int, w: int, pace: bool = True) -> pygame.Rect:
    """The landscape panel's room for the log: from ``y`` down to the first thing below it in
    the panel (a button there, else the computer's pace, where it is drawn: ``pace``)."""
    px = panel_x(chrome.table)
    tops = [
        b.rect.top
        for b in chrome.buttons
        if b.visible and b.name != "Replay turn" and px <= b.rect.x < px + 364 and b.rect.top > y
    ]
    return pygame.Rect(x, y, w, min(tops + [476 if pace else 680]) - 8 - y)


__all__ = ["LogPanel", "LogView", "log_area", "log_size"]
