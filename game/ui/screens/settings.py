"""Settings: General, then a tab for each game with rule options, a match or seats."""

from __future__ import annotations

import pygame

from game.core import GAMES, info, language
from game.core.language import N_, _, pgettext
from game.session import GENERAL
from game.session.seat_kinds import choices as seat_choices
from game.ui import language_choice, theme
from game.ui.canvas import CANVAS
from game.ui.screens.common import Background, BackScene, fit_text, sidebar, tab_grid
from game.ui.widgets import Button

LABEL_RIGHT = 600  # Settings: where a row's label ends and its choices begin


class SettingsScene(BackScene):
    """Settings in tabs: General, then one per game with rule options, a match or seats. Each
    row's choices come from the descriptions (game.session.GENERAL and the games' info)."""

    heading = N_("Settings")

    def __init__(self, app, tab: str = "General"):
        super().__init__(app)
        self.tabs = ["General"] + [
            g for g in GAMES if info(g).option_list or info(g).match or info(g).multiplayer
        ]
        self.tab = tab if tab in self.tabs else "General"
        rects = sidebar(len(self.tabs)) if not CANVAS.portrait else tab_grid(len(self.tabs))
        for name, rect in zip(self.tabs, rects):
            # Translators: Settings' first tab (the settings of every game); keep it short
            label = _("General") if name == "General" else _(info(name).title)
            self.buttons.append(
                Button(
                    rect,
                    label,
                    lambda n=name: self.pick(n),
                    size=22 if not CANVAS.portrait else 36,
                    name=f"tab-{name}",
                )
            )
        self.tab_buttons = list(self.buttons)
        self.rows = []
        self.scroll, self.drag_from = 0, None
        self.pick(self.tab)

    def pick(self, tab: str) -> None:
        """Show one tab's rows: (label, note, y, [(is_chosen, button)])."""
        self.tab = tab
        self.buttons = list(self.tab_buttons)
        self.rows = []
        if CANVAS.portrait:
            self.pick_portrait()
            return
        y = 96
        for label, note, choices in self.row_specs(tab):
            x = LABEL_RIGHT + 20
            row = []
            for name, text, chosen, action in choices:
                w = max(80, theme.font(22).size(text)[0] + 28)
                b = Button((x, y, w, 38), text, action, size=22, name=name)
                row.append((chosen, b))
                self.buttons.append(b)
                x += w + 8
            self.rows.append((label, note, y, row))
            y += 52

    def pick_portrait(self) -> None:
        """Upright: each row's label on its own line, its choices below it (88 high, as many
        to a line as fit), the rows scrolling under the tabs (a finger drag or the wheel)."""
        self.area = pygame.Rect(
            0,
            self.tab_buttons[-1].rect.bottom + 16,
            CANVAS.w,
            CANVAS.h - self.tab_buttons[-1].rect.bottom - 16,
        )
        self.scroll = 0
        y = self.area.y + 10
        self.base = {}
        for label, note, choices in self.row_specs(self.tab):
            row = []
            top = y
            y += 52
            x = 16
            for name, text, chosen, action in choices:
                w = max(140, theme.measure(text, 36) + 40)
                if x + w > CANVAS.w - 16 and x > 16:
                    x, y = 16, y + 96
                b = Button((x, y, w, 88), text, action, size=36, name=name)
                row.append((chosen, b))
                self.buttons.append(b)
                self.base[name] = b.rect.y
                x += w + 10
            self.rows.append((label, note, top, row))
            y += 88 + 28
        self.content_h = y - self.area.y
        self.place_rows()

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.area.h) if CANVAS.portrait else 0

    def place_rows(self) -> None:
        """Rows scrolled: buttons move with them; a button out of sight can't be pressed."""
        for *_row, row in self.rows:
            for _chosen, b in row:
                b.rect.y = self.base[b.name] - self.scroll
                b.visible = b.rect.top >= self.area.top and b.rect.bottom <= self.area.bottom

    def wheel(self, dy):
        if CANVAS.portrait:
            self.scroll = min(self.max_scroll(), max(0, self.scroll - dy * 80))
            self.place_rows()

    def pointer_down(self, pos):
        super().pointer_down(pos)
        if CANVAS.portrait and self.area.collidepoint(pos):
            self.drag_from = (pos[1], self.scroll, False)

    def pointer_move(self, pos):
        super().pointer_move(pos)
        if self.drag_from:
            y0, s0, moved = self.drag_from
            if moved or abs(pos[1] - y0) > 24:  # a drag, not a tap: it scrolls
                self.drag_from = (y0, s0, True)
                for b in self.buttons:
                    b.pressed = False
                self.scroll = min(self.max_scroll(), max(0, s0 - (pos[1] - y0)))
                self.place_rows()

    def pointer_up(self, pos):
        super().pointer_up(pos)
        self.drag_from = None

    def row_specs(self, tab: str):
        """(label, note, [(button name, text, is_chosen(), action)]) for each row."""
        s = self.app.settings
        if tab == "General":
            # each language by its own name ("Deutsch"), and the browser's (system's) choice
            yield (
                _("Language"),
                "",
                [
                    (
                        f"language={code}",
                        language.own_name(code)
                        if code
                        # Translators: Settings, the language: the browser's (the system's) own
                        else pgettext("the language", "Automatic"),
                        lambda code=code: s.language == code,
                        lambda code=code: self.change(lambda: s.set("language", code), "language"),
                    )
                    for code in ("", *language.available())
                ],
            )
            for o in GENERAL:
                yield (
                    _(o.label),
                    _(o.note),
                    [
                        (
                            f"{o.name}={v}",
                            text,
                            lambda n=o.name, v=v: getattr(s, n) == v,
                            lambda n=o.name, v=v: self.change(lambda: s.set(n, v), n),
                        )
                        for v, text in labelled(o)
                    ],
                )
            return
        d = info(tab)
        for o in d.option_list:
            yield (
                _(o.label),
                _(o.note),
                [
                    (
                        f"{tab}/{o.name}={v}",
                        text,
                        lambda n=o.name, v=v: s.options(tab)[n] == v,
                        lambda n=o.name, v=v: self.change(lambda: s.set_option(tab, n, v)),
                    )
                    for v, text in labelled(o)
                ],
            )
        if d.match:
            o = d.match
            yield (
                _(o.label),
                _(o.note),
                [
                    (
                        f"{tab}/{o.name}={v}",
                        text,
                        lambda v=v: s.match_target(tab) == v,
                        lambda v=v: self.change(lambda: s.set_match_target(tab, v)),
                    )
                    for v, text in labelled(o)
                ],
            )
        if d.multiplayer:
            kinds = seat_choices(tab)  # a person, the computer at each level (seat_kinds)
            for seat in range(len(s.seats(tab))):
                # Translators: a row of Settings: who sits in this seat; {n} is its number.
                # The note beside it ("new games") says when a change takes effect
                yield (
                    _("Player {n}").format(n=seat + 1),
                    _("new games"),
                    [
                        (
                            f"{tab}/seat{seat}={v}",
                            v.choice,
                            lambda i=seat, v=v: s.seats(tab)[i] == v,
                            lambda i=seat, v=v: self.change(lambda: self.set_seat(tab, i, v)),
                        )
                        for v in kinds
                    ],
                )

    def fit_rows(self) -> None:
        """A change may add or take away rows (Chinese Patience's players: one seat row each):
        then the tab is laid out again, the keyboard's focus and the scroll kept. (Rows left as
        they were looked up seats that were gone: IndexError in every frame.)"""
        wanted = [name for _, _, choices in self.row_specs(self.tab) for name, *_ in choices]
        if wanted == [b.name for _, _, _, row in self.rows for _, b in row]:
            return
        focused = self.buttons[self.focused].name if 0 <= self.focused < len(self.buttons) else None
        scroll = self.scroll
        self.pick(self.tab)
        if CANVAS.portrait:
            self.scroll = min(self.max_scroll(), scroll)
            self.place_rows()
        names = [b.name for b in self.buttons]
        self.focused = names.index(focused) if focused in names else -1

    def set_seat(self, game_id: str, seat: int, value: str) -> None:
        seats = list(self.app.settings.seats(game_id))
        seats[seat] = value
        self.app.settings.set_seats(game_id, seats)

    def change(self, apply, name: str = "") -> None:
        apply()
        self.app.save_settings()
        self.fit_rows()
        if name == "felt":
            theme.use_felt(self.app.settings.felt)  # this screen's felt too, at once
            Background._felt = None
        if name in ("four_colour", "card_back", "felt"):
            for table in self.app.tables.values():
                table.art_key = None
        if name in ("left_handed", "language"):  # tables are made again when next opened
            for table in self.app.tables.values():  # (saved first): laid out, or in words
                table.save()
            self.app.tables.clear()
        if name == "language":  # every word on this screen at once
            language_choice.settle(self.app.settings)
            self.app.said_language()
            self.app.show(SettingsScene(self.app, self.tab))

    def focus_key(self, event) -> bool:
        """Upright, the rows out of sight count too: the focus moves to them and they scroll
        into sight."""
        if not CANVAS.portrait:
            return super().focus_key(event)
        hidden = [b for b in self.buttons if not b.visible]
        for b in hidden:
            b.visible = True
        try:
            used = super().focus_key(event)
        finally:
            for b in hidden:
                b.visible = False
        if used and 0 <= self.focused < len(self.buttons):
            b = self.buttons[self.focused]
            if b.name in self.base:  # a row's button: scroll it into sight
                y = self.base[b.name]
                if y - self.scroll < self.area.top + 8:
                    self.scroll = max(0, y - self.area.top - 60)
                elif y + b.rect.h - self.scroll > self.area.bottom - 8:
                    self.scroll = min(self.max_scroll(), y + b.rect.h - self.area.bottom + 60)
                self.place_rows()
        return used

    def key(self, event):
        forward = (pygame.K_PAGEDOWN, pygame.K_RIGHT)
        if event.key in (*forward, pygame.K_PAGEUP, pygame.K_LEFT) and self.focused < 0:
            i = self.tabs.index(self.tab) + (1 if event.key in forward else -1)
            self.pick(self.tabs[i % len(self.tabs)])
        else:
            super().key(event)

    def draw(self, screen):
        super().draw(screen)
        tab = self.button(f"tab-{self.tab}").rect
        pygame.draw.rect(screen, theme.GOLD, tab.inflate(6, 6), 3, border_radius=10)
        if CANVAS.portrait:
            self.draw_portrait_rows(screen)
            return
        for label, note, y, row in self.rows:
            theme.blit_text(screen, label, (LABEL_RIGHT, y + 19), 24, theme.INK, anchor="midright")
            if note:
                last = row[-1][1].rect
                theme.blit_text(
                    screen,
                    f"({note})",
                    (last.right + 12, y + 19),
                    18,
                    theme.INK_FAINT,
                    anchor="midleft",
                )
            for chosen, b in row:
                if chosen():
                    pygame.draw.rect(screen, theme.GOLD, b.rect.inflate(6, 6), 3, border_radius=10)

    def draw_portrait_rows(self, screen) -> None:
        clip = screen.get_clip()
        screen.set_clip(self.area)
        for label, note, y, row in self.rows:
            y -= self.scroll
            text = f"{label} ({note})" if note else label
            theme.blit_text(screen, fit_text(text, 40, CANVAS.w - 32), (16, y), 40, theme.INK)
            for chosen, b in row:
                if chosen() and b.visible:
                    pygame.draw.rect(screen, theme.GOLD, b.rect.inflate(6, 6), 3, border_radius=10)
        screen.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(CANVAS.w - 8, self.area.y + frac * (self.area.h - 80), 6, 80)
            pygame.draw.rect(screen, theme.BUTTON_LINE, bar, border_radius=3)


def labelled(option) -> list[tuple]:
    """An option's (value, the words on its button): its labels in the language spoken, or the
    values themselves (numbers: the same in every language)."""
    return [(v, _(text) if option.choice_labels else text) for v, text in option.labelled()]
