"""A friend silent for 10 s: wait for them, or end the game (unfinished)."""

from __future__ import annotations

import pygame

from .. import theme
from ..canvas import CANVAS
from ..widgets import SIDEWAYS_BUTTON, SIDEWAYS_DIALOG_W, Button, Modal


class AwayDialog(Modal):
    """A friend silent for 10 s: wait for them, or end the game (unfinished)."""

    height = 290
    portrait_height = 700

    BODY = ("No word from their screen for 10 seconds (a page or the app closed, a device "
            "asleep, or the connection lost). Wait for them to come back, or end the game: it "
            "counts as unfinished, neither a win nor a loss.")

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
