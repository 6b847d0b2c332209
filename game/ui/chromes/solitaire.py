"""The chrome of a one-player table ("solitaire" in a game's description): a toolbar on top
(Menu, Undo, Redo, Hint, Restart, New deal, Deal #, Finish), the deal, moves, clock and the
"still winnable?" light on its right, and the end screens."""

from __future__ import annotations

import math
from collections.abc import Hashable
from enum import StrEnum

import pygame

from game.core.language import N_, NP_, _, ngettext, pgettext
from game.core.result import Status
from game.session.help import HELP_NOTE_WIN
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.dialogs import EndPanel, NumberEntry
from game.ui.layout_shapes import P_MESSAGE_BAND, portrait_message_top
from game.ui.sleep_at_rest import REST_MAX_MS
from game.ui.table.chrome import BaseChrome
from game.ui.table.scene import Table
from game.ui.widgets import Button, ButtonStyle

#: the clock's rest ends this long after its next second, never before it
CLOCK_LATE_MS = 20


class Light(StrEnum):
    """What the "still winnable?" light says: the solver's verdict's status ("won", "lost",
    "unknown" after its time), or that it is still thinking."""

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"
    THINKING = "thinking"


#: the light: winnable (green), not winnable (red), unknown after its time (amber), thinking
#: (grey, with a ring going round)
LIGHT_COLOURS = {
    Light.WON: (80, 220, 100),
    Light.LOST: (230, 70, 60),
    Light.UNKNOWN: (220, 170, 50),
    Light.THINKING: (150, 150, 150),
}
BAR_H = 52
P_BAR_H = 104  # the portrait canvas's bar on top (two lines)

#: the light's word
LIGHT_WORDS = {
    Light.WON: NP_("the still winnable? light", "winnable"),
    Light.LOST: NP_("the still winnable? light", "not winnable"),
    Light.THINKING: NP_("the still winnable? light", "thinking"),
    Light.UNKNOWN: NP_("the still winnable? light", "unknown"),
}

# Translators: how to play at a one-player table, shown under the rules (Markdown: "# " a
# heading)
CONTROLS = N_(
    "# Playing with mouse, finger or keys\n"
    "Drag a card to move it, or click (tap) it and then click where it should go. Places "
    "where it may go light up. Double-click (double-tap) a card to send it to a "
    "foundation. Click the stock to turn a card. A refused move goes back and the line at "
    "the bottom says why.\n"
    "Keys: arrows or Tab choose a pile, Enter or Space picks up its card and puts it down "
    "on the chosen pile, F sends it to a foundation, Esc cancels (or goes back to the "
    "menu). Ctrl+Z or U undo, Ctrl+Y redo. S turns the stock, 1-0 jump to a column, W to "
    "the waste, H asks for a hint, N new deal, R restart, D play a deal number, M sound "
    "on or off."
)


class Toolbar(BaseChrome):
    controls = CONTROLS
    table: Table

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.light_at: tuple[int, int] | None = None  # where the light was drawn (None: off)
        self.hud_rect: pygame.Rect | None = None
        y, h = 7, 38
        # Translators: the toolbar's buttons (Menu, Undo, Redo, Hint, Restart, New deal, Deal #
        # (play a deal by its number), Rules, Finish): short, 60 to 100 pixels wide
        specs = [
            (N_("Menu"), 76, self.app.title, True),
            (N_("Undo"), 76, table.undo, table.can_undo),
            (N_("Redo"), 76, table.redo, table.can_redo),
            (N_("Hint"), 68, self.show_hint, self.help_ready),
            (N_("Restart"), 92, table.restart, table.no_dialog),
            (N_("New deal"), 104, table.new_deal, table.no_dialog),
            (N_("Deal #"), 84, self.ask_number, table.no_dialog),
            (N_("Rules"), 76, self.show_rules, table.no_dialog),
        ]
        x = 14
        if CANVAS.portrait or CANVAS.rail:  # in reach of a thumb: two rows, or the rail
            # (the rail: a sideways phone's column of eight, Undo and Redo sharing a row,
            # canvas.py)
            places = self.portrait_places() if CANVAS.portrait else self.rail_places()
            size = CANVAS.text(22) if CANVAS.portrait else 32  # sideways: 12.5 CSS px
            for (label, _w, action, enabled), rect in zip(specs, places):
                self.buttons.append(Button(rect, _(label), action, enabled, size=size, name=label))
            x, y, w, h = places[len(specs)]
        else:
            for label, w, action, enabled in specs:
                self.buttons.append(
                    Button((x, y, w, h), _(label), action, enabled, size=22, name=label)
                )
                x += w + 8
            w = 100
        self.finish_button = self.primary_button(
            (x, y, w, h), N_("Finish"), self.finish, self.finish_ready
        )
        # where Finish stands (never both: one needs a proved win, the other a proved loss)
        wide = w if CANVAS.portrait or CANVAS.rail else 170
        # Translators: a button in the toolbar: take moves back to the last position the
        # solver proved winnable; 170 pixels wide
        self.back_button = self.primary_button(
            (x, y, wide, h), N_("Back to winnable"), self.back_to_winnable, self.back_ready
        )

    def primary_button(self, rect, name: str, action, enabled) -> Button:
        """A button of the solver's help (Finish, Back to winnable), hidden until it may be
        pressed, added to the toolbar's."""
        button = Button(
            rect,
            _(name),
            action,
            enabled,
            size=CANVAS.text(22) if not CANVAS.rail else 32,
            style=ButtonStyle.PRIMARY,
            name=name,
        )
        button.visible = False
        self.buttons.append(button)
        return button

    @staticmethod
    def portrait_places() -> list[tuple[int, int, int, int]]:
        """The portrait toolbar's places: two rows of five, 88 high and 144 wide (44 x 73 CSS
        px on a 390x844 page), at the bottom of the canvas (eight buttons and Finish)."""
        gap, h = 8, 88
        w = (CANVAS.w - 6 * gap) // 5
        top = CANVAS.h - 2 * (h + gap)
        return [(gap + (i % 5) * (w + gap), top + (i // 5) * (h + gap), w, h) for i in range(10)]

    @staticmethod
    def rail_places() -> list[tuple[int, int, int, int]]:
        """A sideways phone's rail: eight rows (83 high or more), Undo and Redo side by side
        in the second; nine places (the last, Finish's)."""
        rows = CANVAS.rail_rows(8)
        x, y, w, h = rows[1]
        half = (w - 6) // 2
        return [rows[0], (x, y, half, h), (x + half + 6, y, half, h), *rows[2:]]

    def message_rect(self) -> pygame.Rect | None:
        """Where the message goes: in portrait a band of its own above the buttons, four
        lines high (the cards stop above it), else the table's line."""
        if not CANVAS.portrait:
            return None
        top = portrait_message_top(CANVAS.h)
        return pygame.Rect(0, top, CANVAS.w, P_MESSAGE_BAND - 4)

    # ------------------------------------------------------------------ the solver's help
    def help_ready(self) -> bool:
        return (
            self.session.help is not None and self.table.modal is None and self.session.accepting()
        )

    def show_hint(self) -> None:
        if self.help_ready():
            self.table.show_hint()

    def light_shown(self) -> bool:
        return self.app.settings.winnable_light

    def finish_ready(self) -> bool:
        """A certain win is known: offered when the light is on, or once the stock is empty
        (so the button does not give the verdict away to a player who turned the light off)."""
        s = self.session
        stock = s.state.pile.get("stock")
        shown = self.light_shown() or not (stock and stock.cards)
        return shown and s.can_finish() and self.table.modal is None

    def back_ready(self) -> bool:
        """The light says "not winnable" and the solver proved an earlier position winnable."""
        return (
            self.light_shown() and self.session.can_back_to_winnable() and self.table.modal is None
        )

    def back_to_winnable(self) -> None:
        if not self.back_ready():
            return
        helped = self.session.assisted
        n = self.table.take_back(self.session.back_to_winnable)
        self.table.say_helped(
            ngettext(
                "Took back {n} move: this position can still be won.",
                "Took back {n} moves: this position can still be won.",
                n,
            ).format(n=n),
            helped,
            3000,
        )

    def finish(self) -> None:
        if self.finish_ready():
            helped = self.session.assisted
            self.session.finish()
            self.table.say_helped(
                _("Finishing: a click or any key plays the rest at once."), helped, 3000
            )

    def ask_number(self) -> None:
        self.table.modal = NumberEntry(self.table, self.table.play_number)

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        self.finish_button.visible = self.finish_ready()
        self.back_button.visible = self.back_ready()

    def key(self, event) -> bool:
        k, t = event.key, self.table
        if pygame.K_0 <= k <= pygame.K_9:
            column = f"tableau{(k - pygame.K_0 - 1) % 10}"
            if column in t.layout.piles:  # a table may have fewer than ten columns
                t.input.focus = column
        elif k == pygame.K_s:
            t.turn("stock")
        elif k == pygame.K_d:
            self.ask_number()
        elif k == pygame.K_r:
            t.restart()
        elif k == pygame.K_h:
            self.show_hint()
        elif k == pygame.K_w:
            if "waste" in t.layout.piles:  # a table may have no waste
                t.input.focus = "waste"
        else:
            return False
        return True

    def game_over(self) -> None:
        """The end screen: the win (counted, with the statistics and the bouncing cards), or
        the deal stuck (counted as lost once moves were made)."""
        if self.table.result().status == Status.WON:
            self.won()
        else:
            self.stuck()

    def won(self) -> None:
        t, s = self.table, self.session
        moves, time = s.move_count, theme.format_time(s.elapsed)
        counted_before = s.recorded
        t.record()
        t.save()
        stats = self.app.saves.stats(t.game_id)
        # Translators: the win screen; {time} is "4:05"
        lines = [
            ngettext(
                "Deal {deal} won in {n} moves and {time}.",
                "Deal {deal} won in {n} moves and {time}.",
                moves,
            ).format(deal=s.state.seed, n=moves, time=time),
            # Translators: the win screen: this game's statistics; {time} is "4:05"
            _("Won {won} of {played} · streak {streak} · best time {time}").format(
                won=stats.get("won", 0),
                played=stats.get("played", 0),
                streak=stats.get("streak", 0),
                time=theme.format_time(stats.get("best_time")),
            ),
        ]
        if counted_before:
            lines.insert(
                1, _("It counted as lost when it got stuck: taking moves back doesn't change that.")
            )
        elif s.assisted:
            # Translators: the win screen; {note} is "counted apart in Statistics, ..."
            lines.insert(
                1, _("Won with help (Hint or Finish): {note}").format(note=_(HELP_NOTE_WIN))
            )
        t.celebrate()
        # Translators: the end screens' buttons
        t.modal = EndPanel(
            t,
            _("You won!"),
            lines,
            [
                (_("New deal"), lambda: t.new_deal(False), ButtonStyle.PRIMARY, "New deal"),
                (_("Play again"), lambda: t.restart(False), ButtonStyle.NORMAL, "Play again"),
                (_("Menu"), self.app.title, ButtonStyle.NORMAL, "Menu"),
            ],
            dim=False,
            good=True,
        )

    def stuck(self) -> None:
        t, s = self.table, self.session
        moves, time = s.move_count, theme.format_time(s.elapsed)
        if s.unfinished:  # a deal stuck after moves is played and lost, at once
            t.record()
            t.save()
            # Translators: the end screen; {time} is "4:05"
            lines = [
                ngettext(
                    "No more moves: deal {deal} is stuck after {n} moves ({time}).",
                    "No more moves: deal {deal} is stuck after {n} moves ({time}).",
                    moves,
                ).format(deal=s.state.seed, n=moves, time=time),
                _(
                    "It counts as played and lost. Take moves back, restart the deal or "
                    "try a new one."
                ),
            ]
        else:  # stuck as dealt: nobody's game, not counted
            lines = [
                _("No more moves: deal {deal} is stuck as it was dealt.").format(deal=s.state.seed),
                _("It isn't counted: try a new deal."),
            ]
        reason = t.result().reason
        # (the core's sentence when nothing else is said: "No more moves.")
        if reason and reason != _("No more moves."):
            lines.insert(1, reason)  # what the game says is left, in its words
        # Translators: the end screens' buttons
        buttons = [
            (_("Undo"), self.undo_from_end, ButtonStyle.NORMAL, "Undo"),
            (_("Restart"), lambda: t.restart(False), ButtonStyle.NORMAL, "Restart"),
            (_("New deal"), lambda: t.new_deal(False), ButtonStyle.PRIMARY, "New deal"),
            (_("Menu"), self.app.title, ButtonStyle.NORMAL, "Menu"),
        ]
        if self.light_shown() and s.can_back_to_winnable():
            lines.append(_("The solver proved an earlier position winnable: Back to it?"))
            # Translators: an end screen's button: back to the position the solver proved
            # winnable
            buttons[0] = (_("Back"), self.back_from_end, ButtonStyle.NORMAL, "Back")
        # Translators: the end screen's title when a deal is stuck
        t.modal = EndPanel(t, _("No more moves"), lines, buttons)

    def back_from_end(self) -> None:
        self.table.modal = None
        self.back_to_winnable()

    def undo_from_end(self) -> None:
        self.table.modal = None
        self.table.undo()

    # ------------------------------------------------------------------ drawing
    def rest_ms(self) -> float:
        """The clock shows seconds: while it runs, just after the next second (a wake a
        moment before it found the second not yet turned, and ran frames until it did: a
        step or two more each second at rest, measured in the page)."""
        t, s = self.table, self.session
        if t.modal is None and s.state.history and not s.is_over():
            return 1000.0 * (1.0 - s.elapsed % 1.0) + CLOCK_LATE_MS
        return REST_MAX_MS

    def frame_key(self) -> Hashable:
        """The live parts: the clock's seconds, the light, Finish."""
        s = self.session
        verdict = s.help.verdict if s.help is not None else None
        thinking = self.light_shown() and verdict is None and not s.is_over()
        return (
            int(s.elapsed),
            self.light_shown(),
            verdict is None,
            verdict.status if verdict is not None else None,
            self.finish_button.visible,
            self.back_button.visible,
            thinking and int(self.app.time_ms / 125),
        )

    def decorate(self, surf) -> None:
        if CANVAS.portrait:
            pygame.draw.rect(surf, theme.BAR, (0, 0, CANVAS.w, P_BAR_H))
            pygame.draw.line(surf, theme.BAR_LINE, (0, P_BAR_H), (CANVAS.w, P_BAR_H))
            top = CANVAS.h - 2 * (88 + 8) - 8
            pygame.draw.rect(surf, theme.BAR, (0, top, CANVAS.w, CANVAS.h - top))
            pygame.draw.line(surf, theme.BAR_LINE, (0, top), (CANVAS.w, top))
            return
        pygame.draw.rect(surf, theme.BAR, (0, 0, CANVAS.w, BAR_H))
        pygame.draw.line(surf, theme.BAR_LINE, (0, BAR_H), (CANVAS.table_w, BAR_H))
        if CANVAS.rail:
            pygame.draw.rect(surf, theme.BAR, (CANVAS.table_w, 0, CANVAS.rail, CANVAS.h))
            pygame.draw.line(
                surf, theme.BAR_LINE, (CANVAS.table_w, BAR_H), (CANVAS.table_w, CANVAS.h)
            )

    def info_text(self) -> str:
        return f"{self.table.title_text} · {self.deal_text()}"

    def deal_text(self) -> str:
        """The toolbar's deal, moves and time: "deal 123 · moves 45 · 4:05"."""
        s = self.session
        # Translators: the toolbar: the deal's number, the moves made, the time ("4:05")
        return _("deal {deal} · moves {n} · {time}").format(
            deal=s.state.seed, n=s.move_count, time=theme.format_time(s.elapsed)
        )

    def light_word(self) -> str | None:
        light = self.light()
        return pgettext(*LIGHT_WORDS[light]) if light is not None else None

    def ear_status(self) -> list[str]:
        return [self.table.title_text, self.deal_text()]

    def light(self) -> Light | None:
        """What the light says now; None where it is not shown (off, no solver for this
        game, the game over)."""
        s = self.session
        if not self.light_shown() or s.help is None or s.is_over():
            return None
        verdict = s.help.verdict
        if verdict is None:
            return Light.THINKING
        status = str(verdict.status)  # (the solver's words: won, lost, unknown)
        return Light(status) if status in (Light.WON, Light.LOST) else Light.UNKNOWN

    def draw_light(
        self, screen: pygame.Surface, light: Light, radius: int, ring: int, width: int
    ) -> None:
        """The light at ``light_at``; thinking, a quarter ring going round it (``ring``
        across, ``width`` thick)."""
        assert self.light_at is not None
        pygame.draw.circle(screen, LIGHT_COLOURS[light], self.light_at, radius)
        if light == Light.THINKING:  # it is working
            turn = int(self.app.time_ms / 125) % 8 * math.pi / 4
            box = pygame.Rect(0, 0, ring, ring)
            box.center = self.light_at
            pygame.draw.arc(screen, theme.INK, box, turn, turn + math.pi / 2, width)

    def draw(self, screen: pygame.Surface) -> None:
        """On the right the game, deal, moves and time, and the light left of them; smaller,
        then without the light's word, when a long deal number or time would reach the
        buttons."""
        right = CANVAS.table_w - 16
        left = (
            14
            if CANVAS.rail
            else max((b.rect.right for b in self.buttons if b.visible), default=0) + 14
        )
        info = self.info_text()
        self.light_at = None
        light = self.light()
        label = pgettext(*LIGHT_WORDS[light]) if light is not None else None
        if CANVAS.portrait:
            self.draw_portrait(screen, light, label)
            return
        # a phone held sideways: the bar has the table's width (the buttons are in the
        # rail) and its words 12 CSS px or more (size 32: 12.5 CSS px on an 844x390 page)
        sizes = (
            ((22, True), (18, True), (18, False)) if not CANVAS.rail else ((32, True), (32, False))
        )
        for size, worded in sizes:
            small = min(size, 18) if not CANVAS.rail else size  # the light's word
            width = theme.measure(info, size)
            if label is not None:
                width += 16 + (theme.measure(label, small) + 20 if worded else 14)
            if right - width >= left:
                break
        r = theme.blit_text(screen, info, (right, 26), size, theme.INK, anchor="midright")
        self.hud_rect = r
        if light is not None and label is not None:
            x = r.left - 16
            if worded:
                lr = theme.blit_text(
                    screen, label, (x, 26), small, theme.INK_DIM, anchor="midright"
                )
                x = lr.left - 5
            self.light_at = (x - 7, 26)
            self.draw_light(screen, light, 7, 20, 2)
            self.hud_rect = r.union(pygame.Rect(x - 14, 16, 20, 20))

    def draw_portrait(self, screen: pygame.Surface, light: Light | None, label: str | None) -> None:
        """The portrait bar on top: the game's name and the light on the first line, the
        deal, moves and time on the second."""
        r = theme.blit_text(screen, self.table.title_text, (16, 8), 43, theme.GOLD, bold=True)
        r2 = theme.blit_text(screen, self.deal_text(), (16, 60), 36, theme.INK)
        self.hud_rect = r.union(r2)
        if light is not None and label is not None:
            y = r.centery
            lr = theme.blit_text(
                screen, label, (CANVAS.w - 16, y), 36, theme.INK_DIM, anchor="midright"
            )
            self.light_at = (lr.left - 20, y)
            self.draw_light(screen, light, 12, 32, 3)
            self.hud_rect = self.hud_rect.union(lr).union(pygame.Rect(lr.left - 36, y - 16, 32, 32))


__all__ = ["CONTROLS", "LIGHT_COLOURS", "Light", "Toolbar"]
