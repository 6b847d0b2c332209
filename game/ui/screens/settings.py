"""Settings: General, then a tab for each game with rule options, a match or seats."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pygame

from game.core import GAMES, info, language
from game.core.language import N_, _, pgettext
from game.session import GENERAL
from game.session.seat_kinds import choices as seat_choices
from game.ui import language_choice, theme
from game.ui.canvas import CANVAS
from game.ui.ear import screens as ear
from game.ui.ear.view import View
from game.ui.screens.common import BackScene, fit_text, sidebar, tab_grid
from game.ui.widgets import Button

LABEL_RIGHT = 600  # Settings: where a row's label ends and its choices begin


#: a row of Settings: its label, its note, and its choices (button name, words, is it the
#: one chosen now, what choosing it does)
Row = tuple[str, str, list[tuple[str, str, Callable[[], bool], Callable[[], None]]]]


def choices(
    key: str,
    values: Iterable[tuple[Any, str]],
    now: Callable[[], Any],
    choose: Callable[[Any], None],
) -> list[tuple[str, str, Callable[[], bool], Callable[[], None]]]:
    """A row's choices: for each (value, words), its button's name ("key=value"), its words,
    whether it is the one chosen now (``now()``), and what choosing it does."""
    return [
        (f"{key}={v}", text, functools.partial(is_now, now, v), functools.partial(choose, v))
        for v, text in values
    ]


def is_now(now: Callable[[], Any], value: Any) -> bool:
    return bool(now() == value)


def option_value(settings: Any, game_id: str, name: str) -> Any:
    """A game's option as the settings hold it now."""
    return settings.options(game_id)[name]


def seat_value(settings: Any, game_id: str, seat: int) -> Any:
    """Who sits in a seat of a game's new deals, as the settings hold it now."""
    return settings.seats(game_id)[seat]


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
                    functools.partial(self.pick, name),
                    size=22 if not CANVAS.portrait else 36,
                    name=f"tab-{name}",
                )
            )
        self.tab_buttons = list(self.buttons)
        #: the rows shown: (label, note, y, [(is_chosen, button)])
        self.rows: list[tuple[str, str, int, list[tuple[Callable[[], bool], Button]]]] = []
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

    def ear_view(self) -> View:
        """For the ear: the tabs (the one shown pressed), then each choice named with its
        row ("Card animations: Off"), pressed where chosen."""
        rows = {id(b): (label, chosen) for label, _note, _y, row in self.rows for chosen, b in row}

        def choice(b: Button) -> tuple[str, bool] | None:
            if b in self.tab_buttons:
                return "", b.name == f"tab-{self.tab}"
            of = rows.get(id(b))
            return None if of is None else (of[0], of[1]())

        return ear.row_view(self, self.ear_title(), [], ear.choice_nodes(self, choice))

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

    def row_specs(self, tab: str) -> Iterator[Row]:
        """(label, note, [(button name, text, is_chosen(), action)]) for each row."""
        s = self.app.settings
        if tab == "General":
            # each language by its own name ("Deutsch"), and the browser's (system's) choice
            languages = [
                # Translators: Settings, the language: the browser's (the system's) own
                (code, language.own_name(code) if code else pgettext("the language", "Automatic"))
                for code in ("", *language.available())
            ]
            language_now = functools.partial(getattr, s, "language")
            set_language = functools.partial(self.set_general, "language")
            yield (_("Language"), "", choices("language", languages, language_now, set_language))
            for o in GENERAL:
                now = functools.partial(getattr, s, o.name)
                choose = functools.partial(self.set_general, o.name)
                yield (_(o.label), _(o.note), choices(o.name, labelled(o), now, choose))
            return
        yield from self.game_rows(tab)

    def game_rows(self, tab: str) -> Iterator[Row]:
        """A game's tab: its options, its match's target, who sits in each seat."""
        s = self.app.settings
        d = info(tab)
        for o in d.option_list:
            now = functools.partial(option_value, s, tab, o.name)
            choose = functools.partial(self.set_option, tab, o.name)
            yield (_(o.label), _(o.note), choices(f"{tab}/{o.name}", labelled(o), now, choose))
        if d.match:
            o = d.match
            now = functools.partial(s.match_target, tab)
            choose = functools.partial(self.set_match, tab)
            yield (_(o.label), _(o.note), choices(f"{tab}/{o.name}", labelled(o), now, choose))
        if d.multiplayer:
            kinds = [(v, v.choice) for v in seat_choices(tab)]  # a person, each computer level
            for seat in range(len(s.seats(tab))):
                now = functools.partial(seat_value, s, tab, seat)
                choose = functools.partial(self.set_seat_kind, tab, seat)
                # Translators: a row of Settings: who sits in this seat; {n} is its number.
                # The note beside it ("new games") says when a change takes effect
                label = _("Player {n}").format(n=seat + 1)
                yield (label, _("new games"), choices(f"{tab}/seat{seat}", kinds, now, choose))

    def set_general(self, name: str, value: Any) -> None:
        s = self.app.settings
        self.change(lambda: s.set(name, value), name)

    def set_option(self, tab: str, name: str, value: Any) -> None:
        s = self.app.settings
        self.change(lambda: s.set_option(tab, name, value))

    def set_match(self, tab: str, value: Any) -> None:
        s = self.app.settings
        self.change(lambda: s.set_match_target(tab, value))

    def set_seat_kind(self, tab: str, seat: int, value: Any) -> None:
        self.change(lambda: self.set_seat(tab, seat, value))

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
