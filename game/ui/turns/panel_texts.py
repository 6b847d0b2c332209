"""The side panel's texts, top to bottom: the game, deal and seats; whose turn (a coloured box);
each seat's counts and the match; the move log; the tip; the computer's pace.

On the 1280x720 table (``draw_landscape_texts``) each has its place in the column right (or
left) of the table, where a chrome's ``PanelTexts`` puts them. On a phone's canvas
(``draw_column_texts``) they run down a column: upright the panel lies below the cards, each
line fitted to the width; sideways it is a column 340 wide beside the table, its buttons in the
rail, the long lines in two rather than cut (13.6 CSS px on an 844x390 page)."""

from __future__ import annotations

from typing import NamedTuple, Protocol

import pygame

from game.core.language import _
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.table.scene import Table
from game.ui.turns.move_log import LogPanel, LogView, log_area
from game.ui.turns.panel import fit, pace_centre
from game.ui.turns.panel_geometry import P_TEXT, PANEL_X, panel_rect, panel_x, portrait_rows
from game.ui.turns.panel_geometry import portrait_top as panel_top

Colour = tuple[int, int, int]


class PanelTexts(NamedTuple):
    """Where a chrome's landscape panel writes: the counts' first line and step, the counts'
    and the match's size, the room after the match, the pace's two lines and size, the tip;
    whether long lines are cut to the panel's width."""

    counts: int
    step: int
    match: int
    after: int
    pace: tuple[int, int, int]
    tip: int
    fitted: bool


class TextsChrome(LogPanel, Protocol):
    """What the panel's texts read of the chrome (turns_chrome.py's TurnsChrome)."""

    log_view: LogView
    TEXTS: PanelTexts

    def portrait_headline(self) -> str: ...

    def deal_line(self) -> str: ...

    def count_lines(self) -> list[tuple[str, Colour]]: ...

    def match_progress(self) -> str: ...

    def turn_label(self) -> tuple[str, Colour]: ...

    def tip(self) -> str: ...

    def pace_word(self) -> str: ...

    def computer_here(self) -> bool: ...


class ColumnTexts:
    """The texts of one drawing of the panel, written down the column from ``top``."""

    def __init__(self, screen: pygame.Surface, table: Table, chrome: TextsChrome) -> None:
        self.screen, self.chrome = screen, chrome
        self.step = theme.font(P_TEXT).get_height() + 4
        self.column = not CANVAS.portrait  # a phone held sideways (its buttons in the rail)
        if self.column:
            self.x, self.width, self.y = panel_x(table) + 12, CANVAS.table_w - PANEL_X - 24, 10
            # the computer's pace in the last line, clear of a two-line message's band below
            # the panel (view.py draw_message: 26 px up from the line at 686); no computer
            # here, no pace: the lines above have its room
            pace = self.step if chrome.computer_here() else 2
            self.bottom = panel_rect(table).bottom - 32 - pace
        else:
            self.y = panel_top(table) + 10
            self.x, self.width = 16, CANVAS.w - 32
            self.bottom = portrait_rows()[0] - 6

    def wrapped(self, text: str, size: int = P_TEXT, bold: bool = False) -> list[str]:
        """A text's lines: upright one, cut to the width; sideways two at most."""
        if not self.column:
            return [fit(text, size, self.width, bold)]
        out = theme.wrap(text, size, self.width, bold)
        if len(out) > 1:
            return [out[0], fit(" ".join(out[1:]), size, self.width, bold)]
        return list(out)

    def write(self, line: str, colour: Colour, bold: bool = False) -> None:
        theme.blit_text(self.screen, line, (self.x, self.y), P_TEXT, colour, bold=bold)
        self.y += self.step

    def headline(self) -> None:
        for line in self.wrapped(self.chrome.portrait_headline(), bold=True):
            self.write(line, theme.GOLD, bold=True)

    def turn_box(self) -> None:
        """Whose turn: its words in a box of its colour."""
        label, colour = self.chrome.turn_label()
        size = 43 if not self.column else P_TEXT
        if self.column:
            lines = list(theme.wrap(label, size, self.width - 20, True)[:2])
        else:
            lines = [fit(label, size, self.width - 20, True)]
        step = theme.font(size, True).get_height()
        box = pygame.Rect(self.x, self.y + 4, self.width, max(64, 16 + step * len(lines)))
        pygame.draw.rect(self.screen, colour, box, border_radius=10)
        y = box.centery - step * len(lines) // 2
        for line in lines:
            theme.blit_text(
                self.screen, line, (box.centerx, y), size, theme.INK, bold=True, anchor="midtop"
            )
            y += step
        self.y = box.bottom + 8

    def lines(self, lines: list[tuple[str, Colour]]) -> None:
        """The chrome's lines (counts, the match), as long as there is room."""
        for text, colour in lines:
            for line in self.wrapped(text):
                if self.y + self.step > self.bottom:
                    break
                self.write(line, colour)

    def log_and_tip(self) -> None:
        """The move log in the room between the lines above and the tip, then the tip."""
        tip = self.chrome.tip()
        tip_lines = theme.wrap(tip, P_TEXT, self.width) if tip else ()
        room = self.bottom - len(tip_lines) * self.step - 4 - self.y
        self.chrome.log_view.draw(
            self.screen, pygame.Rect(self.x, self.y, self.width, room), P_TEXT
        )
        self.y += max(0, room) + 4
        for line in tip_lines:
            if self.y + self.step > self.bottom:
                break
            self.write(line, theme.INK_DIM)

    def pace(self) -> None:
        """The computer's pace: sideways a line at the bottom (- and + are in the rail; none
        where no computer plays at this screen), upright its word between - and +."""
        pace, here = self.chrome.pace_word(), self.chrome.computer_here()
        if self.column:
            if not here:
                return
            # Translators: the side panel; {pace} is "Slow", "Normal", "Fast" or "Instant"
            words = _("Computer's pace: {pace}").format(pace=pace)
            size = theme.fit_size(words, P_TEXT, self.width)
            theme.blit_text(self.screen, words, (self.x, self.bottom + 2), size, theme.INK_DIM)
            return
        cx, cy = pace_centre()  # (between - and +: a language's longer word drawn smaller)
        # (no computer: no - and +, the words have their room)
        size = theme.fit_size(pace, P_TEXT, 2 * 65 - 12, True) if here else P_TEXT
        theme.blit_text(self.screen, pace, (cx, cy), size, theme.INK, bold=True, anchor="center")


def draw_landscape_texts(screen: pygame.Surface, table: Table, chrome: TextsChrome) -> None:
    """The landscape panel's texts: the game and deal, whose turn (a coloured box), the
    counts and the match, the move log, the computer's pace, the tip."""
    px = panel_x(table)
    x = px + 12
    style = chrome.TEXTS

    def fitted(text: str, size: int) -> str:
        return fit(text, size, 340) if style.fitted else text

    theme.blit_text(screen, table.title_text, (x, 12), 34, theme.GOLD, bold=True)
    line = chrome.deal_line()  # (smaller where a language's words are longer)
    size = theme.fit_size(line, 18, 340) if not style.fitted else 18
    theme.blit_text(screen, fitted(line, size), (x, 50), size, theme.INK_DIM)
    box = pygame.Rect(x, 74, 340, 52)
    label, color = chrome.turn_label()
    pygame.draw.rect(screen, color, box, border_radius=10)
    theme.blit_text(screen, label, box.center, 28, theme.INK, bold=True, anchor="center")
    y = style.counts
    for text, color in chrome.count_lines():
        theme.blit_text(screen, fitted(text, 20), (x, y), 20, color)
        y += style.step
    size = style.match
    theme.blit_text(screen, fitted(chrome.match_progress(), size), (x, y + 4), size, theme.ACCENT)
    y += style.after
    here = chrome.computer_here()  # (no computer here: no pace, the log has its room)
    chrome.log_view.draw(screen, log_area(chrome, x, y, 340, pace=here))
    if here:
        top, value, size = style.pace
        theme.blit_text(
            screen, _("Computer's pace"), (px + 182, top), 18, theme.INK_DIM, anchor="midtop"
        )
        at = (px + 182, value)
        theme.blit_text(screen, chrome.pace_word(), at, size, theme.INK, bold=True, anchor="midtop")
    tip = chrome.tip()
    for i, line in enumerate(theme.wrap(tip, 18, 330) if tip else ()):
        theme.blit_text(screen, line, (x, style.tip + i * 20), 18, theme.INK_DIM)


def draw_column_texts(
    screen: pygame.Surface, table: Table, chrome: TextsChrome, lines: list[tuple[str, Colour]]
) -> None:
    """The panel's texts on a phone's canvas, top to bottom (``lines``: the chrome's counts
    and match, with their colours)."""
    texts = ColumnTexts(screen, table, chrome)
    texts.headline()
    texts.turn_box()
    texts.lines(lines)
    texts.log_and_tip()
    texts.pace()


__all__ = ["ColumnTexts", "PanelTexts", "TextsChrome", "draw_column_texts", "draw_landscape_texts"]
