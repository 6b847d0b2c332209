"""A friend silent for 10 s: wait for them, or end the game (unfinished)."""

from __future__ import annotations

import pygame

from game.core.language import N_, _
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.widgets import SIDEWAYS_BUTTON, SIDEWAYS_DIALOG_W, ButtonStyle, Modal


class AwayDialog(Modal):
    """A friend silent for 10 s: wait for them, or end the game (unfinished)."""

    height = 290
    portrait_height = 700

    # Translators: the body of the dialog shown when a friend at another screen went quiet
    BODY = N_(
        "No word from their screen for 10 seconds (a page or the app closed, a device "
        "asleep, or the connection lost). Wait for them to come back, or end the game: "
        "it counts as unfinished, neither a win nor a loss."
    )

    def __init__(self, table, seats: list[int]):
        title = away_title([table.seat_heading(s) for s in seats])
        if CANVAS.rail:  # a phone on its side: words of 12.5 CSS px, buttons of 45
            self.width = SIDEWAYS_DIALOG_W
            self.height = (
                self.body_top(title) + 30 * len(self.body_lines()) + 20 + SIDEWAYS_BUTTON[1] + 22
            )
        super().__init__(table)
        self.seats = list(seats)
        self.title = title
        self.body = _(self.BODY)
        # Translators: the buttons of the dialog shown when a friend went quiet
        wait, end = (
            (_("Wait"), self.wait, "Wait"),
            (_("End the game"), table.end_game, "End the game"),
        )
        self.buttons = self.answer_buttons(wait, end, 210, other_style=ButtonStyle.DANGER)

    def body_lines(self) -> tuple[str, ...]:
        return theme.wrap(_(self.BODY), CANVAS.label(22), self.width - 60)

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
            theme.blit_text(screen, line, (self.rect.centerx, y), size, theme.INK, anchor="midtop")
            y += 48 if CANVAS.portrait else 30 if CANVAS.rail else 28
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


def away_title(names: list[str]) -> str:
    """The dialog's title: "Your friend is away", "Player 2 and Player 3 are away" (``names``:
    the seats as a sentence begins)."""
    if len(names) == 1:
        # Translators: the title of the dialog shown when a friend went quiet; {name} is the
        # seat as a sentence begins ("Your friend", "Player 2")
        return _("{name} is away").format(name=names[0])
    who = names[0]
    for name in names[1:]:
        # Translators: two or more seats in a sentence ("Player 2 and Player 3")
        who = _("{names} and {name}").format(names=who, name=name)
    # Translators: the title of the dialog shown when friends went quiet; {names} are the seats
    # ("Player 2 and Player 3")
    return _("{names} are away").format(names=who)
