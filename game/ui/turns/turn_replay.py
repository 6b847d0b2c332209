"""Replay turn: the last turn played again step by step over the table (view only), and cards
flown from where they were to where they are."""

from __future__ import annotations

import pygame

from game.core.language import _, ngettext, pgettext
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.sleep_at_rest import REST_MAX_MS
from game.ui.turns.panel_geometry import panel_rect, portrait_top
from game.ui.widgets import Button, ButtonStyle, Modal


class TurnReplay(Modal):
    """The computer's last turn shown again, view-only: the position before it, then its
    moves one by one (Next and Previous, the arrows, or Play at the reading pace). The game
    waits and does not change; Back or Esc returns to the table as it is."""

    def __init__(self, table, chrome, turn, seat, steps, positions):
        super().__init__(table)
        self.table, self.chrome = table, chrome
        self.turn, self.seat, self.steps = turn, seat, steps
        self.positions = positions
        self.at = 0  # 0: before the turn; k: after its k-th move
        self.playing = False
        self.next_at = 0.0
        self.rect = replay_rect(table)
        r = self.rect
        size = CANVAS.text(22) if not CANVAS.portrait else 36
        bh = 88 if CANVAS.portrait else 72 if CANVAS.rail else 44
        gap = 8
        bw = (r.w - 5 * gap) // 4
        y = r.bottom - bh - gap
        # Translators: the buttons of a turn replayed (Previous, Play or Pause, Next, Back):
        # a quarter of the side panel wide
        self.buttons = [
            Button(
                (r.x + gap, y, bw, bh),
                _("Previous"),
                self.previous,
                lambda: self.at > 0,
                size=size,
                name="Previous",
            ),
            Button(
                (r.x + 2 * gap + bw, y, bw, bh),
                play_word(False),
                self.toggle,
                size=size,
                name="Play",
            ),
            Button(
                (r.x + 3 * gap + 2 * bw, y, bw, bh),
                _("Next"),
                self.next,
                lambda: self.at < len(self.steps),
                size=size,
                style=ButtonStyle.PRIMARY,
                name="Next",
            ),
            Button(
                (r.x + 4 * gap + 3 * bw, y, bw, bh), _("Back"), self.close, size=size, name="Back"
            ),
        ]

    @property
    def position(self) -> dict:
        """The piles the table shows while the replay is open."""
        return self.positions[self.at]

    def show(self, at: int, fly: bool = True) -> None:
        at = max(0, min(len(self.steps), at))
        if at == self.at:
            return
        before = self.positions[self.at]
        self.at = at
        t = self.table
        t.anim.clear()
        if fly and t.app.settings.animations:
            fly_changes(t, before, self.positions[at])

    def ear_lines(self) -> list[str]:
        """For the ear: what the replay says, then the move shown in words."""
        lines = [text for text, _colour, _bold in self.words()[1:]]
        if self.at:
            step = self.steps[self.at - 1]
            lines.append(
                step.words if step.who in ("", self.chrome.title(self.seat)) else step.line
            )
        return lines

    def ear_title(self) -> str:
        return self.words()[0][0]

    def next(self) -> None:
        self.show(self.at + 1)
        if self.at >= len(self.steps):
            self.playing = False

    def previous(self) -> None:
        self.playing = False
        self.show(self.at - 1, fly=False)

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.at >= len(self.steps):
            self.show(0, fly=False)
        self.next_at = self.app.time_ms
        self.buttons[1].label = play_word(self.playing)

    def close(self) -> None:
        self.table.anim.clear()
        super().close()

    def rest_ms(self) -> float:
        """Playing, the next step comes at its time."""
        return max(0.0, self.next_at - self.app.time_ms) if self.playing else REST_MAX_MS

    def update(self, dt) -> None:
        self.buttons[1].label = play_word(self.playing)
        if self.playing and self.app.time_ms >= self.next_at:
            self.next()
            self.next_at = self.app.time_ms + max(1000, self.app.settings.pace_ms * 2)

    def key(self, event) -> None:
        k = event.key
        if k in (pygame.K_RIGHT, pygame.K_n, pygame.K_SPACE):
            self.playing = False
            self.next()
        elif k in (pygame.K_LEFT, pygame.K_p, pygame.K_BACKSPACE):
            self.previous()
        elif k == pygame.K_HOME:
            self.playing = False
            self.show(0, fly=False)
        elif k == pygame.K_END:
            self.playing = False
            self.show(len(self.steps), fly=False)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.toggle()
        elif k == pygame.K_ESCAPE:
            self.close()
        else:
            self.focus_key(event)

    def words(self) -> list[tuple[str, tuple, bool]]:
        title = self.chrome.title(self.seat)
        n = len(self.steps)
        # Translators: a turn replayed; {seat} is "Computer", "Player 2"
        head = (
            _("Replay of your last turn")
            if self.chrome.is_you(self.seat)
            else _("Replay of {seat}'s last turn").format(seat=title)
        )
        out = [
            (head, theme.GOLD, True),
            (_("View only: the game waits. Back or Esc returns to it."), theme.INK_DIM, False),
        ]
        if self.at == 0:
            out.append(
                (
                    ngettext(
                        "Before the turn ({n} move to come)",
                        "Before the turn ({n} moves to come)",
                        n,
                    ).format(n=n),
                    theme.INK,
                    True,
                )
            )
        else:
            # Translators: a turn replayed: which of its moves is shown
            out.append((_("Move {at} of {n}").format(at=self.at, n=n), theme.INK, True))
        return out

    def step_lines(self, size: int, width: int) -> tuple[list[tuple[str, tuple, bool]], int]:
        """The turn's moves, numbered and wrapped: (text, colour, bold) and the index of the
        first line of the move shown last (the ones played dim, the ones to come faint)."""
        title = self.chrome.title(self.seat)
        out: list[tuple[str, tuple, bool]] = []
        current = 0
        for k, st in enumerate(self.steps, 1):
            words = st.words if st.who in ("", title) else st.line
            if k == self.at:
                current, color = len(out), theme.GOLD
            else:
                color = theme.INK_DIM if k < self.at else theme.INK_FAINT
            for j, line in enumerate(theme.wrap(f"{k}. {words}", size, width, k == self.at)):
                out.append(((line if j == 0 else "    " + line), color, k == self.at))
        return out, current

    def draw(self, screen) -> None:
        r = self.rect
        pygame.draw.rect(screen, theme.PANEL, r, border_radius=14)
        pygame.draw.rect(screen, theme.GOLD, r, 2, border_radius=14)
        size = CANVAS.text(20) if not CANVAS.portrait else 36
        if CANVAS.rail:
            size = 28
        step = theme.font(size).get_height() + 2
        y = r.y + 12
        bottom = self.buttons[0].rect.top - 6
        for text, color, bold in self.words():
            for line in theme.wrap(text, size, r.w - 28, bold):
                if y + step > bottom:
                    break
                theme.blit_text(screen, line, (r.x + 14, y), size, color, bold=bold)
                y += step
            y += 4
        lines, current = self.step_lines(size, r.w - 28)
        room = max(0, (bottom - y) // step)
        first = max(0, min(current - room // 3, len(lines) - room))
        for text, color, bold in lines[first : first + room]:  # the current move in sight
            theme.blit_text(screen, text, (r.x + 14, y), size, color, bold=bold)
            y += step
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


def play_word(playing: bool) -> str:
    """The replay's Play button's word: Pause while it plays."""
    return (
        pgettext("a turn replayed: a button", "Pause")
        if playing
        else pgettext("a turn replayed: a button", "Play")
    )


def replay_rect(table) -> pygame.Rect:
    """Where the replay's controls stand: over the panel (and a sideways phone's rail), never
    over the cards."""
    if CANVAS.portrait:
        top = portrait_top(table) + 4
        return pygame.Rect(8, top, CANVAS.w - 16, CANVAS.h - top - 8)
    area = panel_rect(table)
    if CANVAS.rail and area.x:  # the rail too, whole height (its buttons are under it)
        area.width, area.height = CANVAS.w - area.x, CANVAS.h
    return area.inflate(-12, -12)


def fly_changes(table, before: dict, after: dict, face_up: bool = True, dur=None) -> None:
    """Cards that changed piles between ``before`` and ``after`` fly there (as the table
    shows ``after``)."""
    from game.ui.board.animation import FLIGHT_MS

    t = table
    where = {c.id: (name, i) for name, cards in before.items() for i, (c, _) in enumerate(cards)}
    flights = []
    for name, cards in after.items():
        for i, (card, up) in enumerate(cards):
            old = where.get(card.id)
            if (
                old is None
                or old[0] == name
                or name not in t.layout.piles
                or old[0] not in t.layout.piles
            ):
                continue
            start = t.layout.card_rects(old[0], [u for _, u in before[old[0]]])[old[1]].topleft
            end = t.layout.card_rects(name, [u for _, u in cards])[i].topleft
            flights.append(
                (card.id, t.art.image(card, up and face_up, t.back_deck(card)), start, end)
            )
    if flights:
        t.anim.fly(flights, t.app.time_ms, FLIGHT_MS if dur is None else dur)
