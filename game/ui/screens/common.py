"""What the screens behind the title share: the felt behind them, a screen with a title and
a Back button, the tabs down the side (or in rows, upright), a text cut to fit."""

from __future__ import annotations

import pygame

from game.core.language import _
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.widgets import Button, Scene


class BackScene(Scene):
    """A screen with a title and a Back button (Esc)."""

    heading = ""  # marked N_ where written: translated where drawn

    def __init__(self, app):
        super().__init__(app)
        # Translators: a button back to the title screen (or the table); keep it short
        back = _("Back")
        if CANVAS.portrait:
            self.back = Button((16, 16, 190, 88), back, app.title, size=40, name="Back")
        else:
            self.back = Button((24, 18, 120, 44), back, app.title, size=24, name="Back")
        self.buttons = [self.back]

    def key(self, event):
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.title()
        else:
            self.focus_key(event)

    def ear_title(self) -> str:
        return _(self.heading)

    def draw(self, screen):
        screen.blit(theme.felt(self.app.settings.felt), (0, 0))
        heading = _(self.heading)
        if CANVAS.portrait:
            theme.blit_text(
                screen,
                heading,
                (CANVAS.w // 2 + 100, 30),
                64,
                theme.GOLD,
                bold=True,
                anchor="midtop",
            )
        else:
            theme.blit_text(
                screen, heading, (CANVAS.w // 2, 22), 46, theme.GOLD, bold=True, anchor="midtop"
            )
        super().draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


SIDEBAR_W = 250  # the list of games (or tabs) on the left of Rules and Settings


def sidebar(n: int, top: int = 84) -> list[tuple[int, int, int, int]]:
    """Rectangles of n tabs in a column on the left, as tall as fits (at most 44 px)."""
    step = min(50, (CANVAS.h - top - 20) // max(1, n))
    return [(24, top + i * step, SIDEBAR_W - 10, step - 8) for i in range(n)]


def tab_grid(n: int, top: int = 120) -> list[tuple[int, int, int, int]]:
    """Portrait: n tabs in rows of three under the heading, 88 high."""
    w = (CANVAS.w - 32 - 2 * 8) // 3
    return [(16 + (i % 3) * (w + 8), top + (i // 3) * 96, w, 88) for i in range(n)]


def fit_text(text: str, size: int, width: int) -> str:
    """The text, cut with an ellipsis to fit the width."""
    if theme.measure(text, size) <= width:
        return text
    while text and theme.measure(text + "...", size) > width:
        text = text[:-1]
    return text + "..."
