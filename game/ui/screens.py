"""The screens around the tables: title, settings, statistics, rules."""

from __future__ import annotations

import pygame

from game.core import GAMES, info
from game.session import GENERAL, describe, seat_title

from . import theme
from .app import WEB
from .cards import get_art, warm_up
from .layout import card_sizes
from .widgets import Button, Scene, SeatPicker


class Background:
    _felt = None

    @classmethod
    def get(cls):
        if cls._felt is None:
            cls._felt = theme.felt()
        return cls._felt


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.art = get_art(96, 134, app.settings.four_colour, "down")
        self.warm = False
        from game.core.cards import Card
        self.fan = [Card(1, "S"), Card(13, "H"), Card(12, "D"), Card(11, "C")]
        self.saved = {}
        for g in GAMES:
            try:
                self.saved[g] = app.tables.get(g) is not None or bool(app.saves.load_game(g))
            except Exception:
                self.saved[g] = False
        app.collect_notices()
        x, w = 440, 400
        step = min(76, 228 // max(1, len(GAMES) - 1)) if len(GAMES) > 1 else 76
        y = 254
        self.buttons = []
        for g in GAMES:
            self.buttons.append(Button((x, y, w, step - 12), info(g).title,
                                       lambda g=g: self.choose(g), size=30, name=g))
            y += step
        last = app.settings.last_game
        can_continue = last in GAMES and self.saved.get(last)
        self.buttons.append(Button((x, y + 6, w, 54),
                                   f"Continue: {info(last).title}" if can_continue
                                   else "Continue",
                                   lambda: app.open_game(last), can_continue, size=26,
                                   style="primary", name="continue"))
        y += 74
        small = [("Statistics", lambda: app.show(StatsScene(app))),
                 ("Settings", lambda: app.show(SettingsScene(app))),
                 ("Rules", lambda: app.show(RulesScene(app)))]
        if not WEB:
            small.append(("Quit", app.quit))
        bw = (w + 3 * 10) // len(small) - 10 if len(small) == 4 else (w - 20) // 3
        for i, (label, action) in enumerate(small):
            self.buttons.append(Button((x + i * (bw + 10), y + 6, bw, 46), label, action,
                                       size=22, name=label))

    def choose(self, game_id: str) -> None:
        """Open a game: its game in play, else (a game of several seats) ask who plays."""
        if self.saved.get(game_id) or not info(game_id).multiplayer:
            self.app.open_game(game_id)
            return

        def play(seats):
            self.app.settings.set_seats(game_id, seats)
            self.app.save_settings()
            self.app.open_game(game_id, new=True)

        self.modal = SeatPicker(self, game_id, self.app.settings.seats(game_id), play)

    def update(self, dt):
        if not self.warm:  # make the card faces a little at a time, before a table needs them
            self.warm = warm_up(3, self.app.settings.four_colour, sorted(card_sizes()))

    def key(self, event):
        k = event.key
        if self.focus_key(event):
            return
        if pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(GAMES):
            self.choose(GAMES[k - pygame.K_1])
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_c) and self.focused < 0:
            b = self.button("continue")
            if b.enabled:
                b.action()
        elif k == pygame.K_s:
            self.app.show(SettingsScene(self.app))
        elif k == pygame.K_t:
            self.app.show(StatsScene(self.app))
        elif k == pygame.K_r:
            self.app.show(RulesScene(self.app))
        elif k in (pygame.K_q, pygame.K_ESCAPE) and not WEB:
            self.app.quit()

    def draw(self, screen):
        screen.blit(Background.get(), (0, 0))
        for i, c in enumerate(self.fan):
            img = pygame.transform.rotozoom(self.art.face(c), 18 - i * 12, 1)
            screen.blit(img, img.get_rect(center=(640 - 90 + i * 60, 112 + abs(i - 1.5) * 8)))
        theme.blit_text(screen, "Patience Parlour", (640, 188), 64, theme.GOLD, bold=True,
                        anchor="midtop")
        super().draw(screen)
        for g in GAMES:
            b = self.button(g)
            d = info(g)
            if self.saved.get(g):
                note = "saved game"
            elif d.multiplayer:
                note = describe(self.app.settings.seats(g))
            else:
                note = ""
            theme.blit_text(screen, d.blurb, (b.rect.right + 16, b.rect.centery - 10), 20,
                            theme.INK_DIM, anchor="midleft")
            if note:
                theme.blit_text(screen, note, (b.rect.right + 16, b.rect.centery + 12), 18,
                                theme.ACCENT, anchor="midleft")
        self.draw_focus(screen, self.app.keyboard_used)
        numbers = " ".join(str(i + 1) for i in range(len(GAMES)))
        theme.blit_text(screen, f"Keys: {numbers} choose a game · Enter continues · S settings · "
                        "T statistics · R rules · Tab and Enter for any button", (640, 700), 18,
                        theme.INK_FAINT, anchor="midbottom")
        notice = self.app.current_notice()
        if notice:
            for i, line in enumerate(reversed(theme.wrap(notice, 20, 1200)[:2])):
                theme.blit_text(screen, line, (640, 672 - 22 * i), 20, theme.ACCENT,
                                anchor="midbottom")


class BackScene(Scene):
    """A screen with a title and a Back button (Esc)."""

    heading = ""

    def __init__(self, app):
        super().__init__(app)
        self.back = Button((24, 18, 120, 44), "Back", app.title, size=24, name="Back")
        self.buttons = [self.back]

    def key(self, event):
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.title()
        else:
            self.focus_key(event)

    def draw(self, screen):
        screen.blit(Background.get(), (0, 0))
        theme.blit_text(screen, self.heading, (640, 22), 46, theme.GOLD, bold=True,
                        anchor="midtop")
        super().draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


class SettingsScene(BackScene):
    """Settings in tabs: General, then one per game with rule options, a match or seats. Each
    row's choices come from the descriptions (game.session.GENERAL and the games' info)."""

    heading = "Settings"

    def __init__(self, app, tab: str = "General"):
        super().__init__(app)
        self.tabs = ["General"] + [g for g in GAMES if info(g).option_list or info(g).match
                                   or info(g).multiplayer]
        self.tab = tab if tab in self.tabs else "General"
        x = 200
        for name in self.tabs:
            label = name if name == "General" else info(name).title
            w = max(150, theme.font(22).size(label)[0] + 36)
            self.buttons.append(Button((x, 84, w, 42), label, lambda n=name: self.pick(n),
                                       size=22, name=f"tab-{name}"))
            x += w + 12
        self.tab_buttons = list(self.buttons)
        self.rows = []
        self.pick(self.tab)

    def pick(self, tab: str) -> None:
        """Show one tab's rows: (label, note, y, [(is_chosen, button)])."""
        self.tab = tab
        self.buttons = list(self.tab_buttons)
        self.rows = []
        y = 150
        for label, note, choices in self.row_specs(tab):
            x = 470
            row = []
            for name, text, chosen, action in choices:
                w = max(80, theme.font(22).size(text)[0] + 28)
                b = Button((x, y, w, 38), text, action, size=22, name=name)
                row.append((chosen, b))
                self.buttons.append(b)
                x += w + 8
            self.rows.append((label, note, y, row))
            y += 52

    def row_specs(self, tab: str):
        """(label, note, [(button name, text, is_chosen(), action)]) for each row."""
        s = self.app.settings
        if tab == "General":
            for o in GENERAL:
                yield o.label, o.note, [
                    (f"{o.name}={v}", text, lambda n=o.name, v=v: getattr(s, n) == v,
                     lambda n=o.name, v=v: self.change(lambda: s.set(n, v), n))
                    for v, text in o.labelled()]
            return
        d = info(tab)
        for o in d.option_list:
            yield o.label, o.note, [
                (f"{tab}/{o.name}={v}", text,
                 lambda n=o.name, v=v: s.options(tab)[n] == v,
                 lambda n=o.name, v=v: self.change(lambda: s.set_option(tab, n, v)))
                for v, text in o.labelled()]
        if d.match:
            o = d.match
            yield o.label, o.note, [
                (f"{tab}/{o.name}={v}", text, lambda v=v: s.match_target(tab) == v,
                 lambda v=v: self.change(lambda: s.set_match_target(tab, v)))
                for v, text in o.labelled()]
        if d.multiplayer:
            from game.ai.players import levels
            choices = [("human", "Person")] + [(f"computer:{lv}", lv.capitalize())
                                               for lv in levels(tab)]
            for seat in range(len(s.seats(tab))):
                yield f"Player {seat + 1}", "new games", [
                    (f"{tab}/seat{seat}={v}", text,
                     lambda i=seat, v=v: s.seats(tab)[i] == v,
                     lambda i=seat, v=v: self.change(lambda: self.set_seat(tab, i, v)))
                    for v, text in choices]

    def set_seat(self, game_id: str, seat: int, value: str) -> None:
        seats = list(self.app.settings.seats(game_id))
        seats[seat] = value
        self.app.settings.set_seats(game_id, seats)

    def change(self, apply, name: str = "") -> None:
        apply()
        self.app.save_settings()
        if name == "four_colour":
            for table in self.app.tables.values():
                table.art_key = None

    def key(self, event):
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focused < 0:
            i = self.tabs.index(self.tab) + (1 if event.key == pygame.K_RIGHT else -1)
            self.pick(self.tabs[i % len(self.tabs)])
        else:
            super().key(event)

    def draw(self, screen):
        super().draw(screen)
        tab = self.button(f"tab-{self.tab}").rect
        pygame.draw.rect(screen, theme.GOLD, tab.inflate(6, 6), 3, border_radius=10)
        for label, note, y, row in self.rows:
            theme.blit_text(screen, label, (440, y + 19), 24, theme.INK, anchor="midright")
            if note:
                last = row[-1][1].rect
                theme.blit_text(screen, f"({note})", (last.right + 12, y + 19), 18,
                                theme.INK_FAINT, anchor="midleft")
            for chosen, b in row:
                if chosen():
                    pygame.draw.rect(screen, theme.GOLD, b.rect.inflate(6, 6), 3,
                                     border_radius=10)


class StatsScene(BackScene):
    heading = "Statistics"

    def __init__(self, app):
        super().__init__(app)
        self.stats = {}
        for g in GAMES:
            try:
                self.stats[g] = app.saves.stats(g)
            except Exception:
                self.stats[g] = {}
        self.matches = {}
        for g in GAMES:
            if info(g).match is not None:
                try:
                    self.matches[g] = app.saves.match(g)
                except Exception:
                    self.matches[g] = None
        app.collect_notices()

    def draw(self, screen):
        super().draw(screen)
        cols = [("Game", 60), ("Played", 330), ("Won", 440), ("Win rate", 540),
                ("Streak", 670), ("Best streak", 780), ("Best time", 930), ("Fewest moves", 1070)]
        y = 140
        for label, x in cols:
            theme.blit_text(screen, label, (x, y), 22, theme.INK_DIM, bold=True)
        pygame.draw.line(screen, theme.BAR_LINE, (50, y + 30), (1230, y + 30))
        y += 48
        for g in GAMES:
            s = self.stats.get(g) or {}
            played = s.get("played", 0) or 0
            records = not info(g).multiplayer  # a race's time and moves say nothing
            values = [info(g).title, str(played), str(s.get("won", 0)),
                      f"{round(100 * (s.get('win_rate') or 0))}%" if played else "-",
                      str(s.get("streak", 0)), str(s.get("best_streak", 0)),
                      theme.format_time(s.get("best_time")) if records else "-",
                      str(s.get("fewest_moves")) if records and s.get("fewest_moves") is not None
                      else "-"]
            for (label, x), v in zip(cols, values):
                theme.blit_text(screen, v, (x, y), 26, theme.INK, bold=label == "Game")
            if s.get("assisted"):
                theme.blit_text(screen, f"{s['assisted']} played with help (hints or the "
                                "winnable light)", (60, y + 30), 18, theme.INK_FAINT)
            y += 76
        for g, m in self.matches.items():
            title = info(g).title
            text = f"{title} match: no match played yet."
            if m:
                seats = tuple(m.get("seats") or self.app.settings.seats(g))
                scores = " · ".join(f"{seat_title(seats, i)} {n}"
                                    for i, n in enumerate(m["scores"]))
                text = (f"{title} match to {m['target']}: {scores} after {m['games']} "
                        f"game{'s' if m['games'] != 1 else ''}")
            theme.blit_text(screen, text, (640, y + 20), 26, theme.ACCENT, anchor="midtop")
            y += 36


class RulesScene(BackScene):
    heading = "Rules"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.game = game_id or app.settings.last_game or GAMES[0]
        if self.game not in GAMES:
            self.game = GAMES[0]
        self.scroll = 0
        x = 300
        for g in GAMES:
            self.buttons.append(Button((x, 84, 220, 42), info(g).title,
                                       lambda g=g: self.pick(g), size=22, name=f"tab-{g}"))
            x += 236
        self.area = pygame.Rect(80, 146, 1120, 540)
        self._lines = {}
        self.drag_from = None

    def pick(self, g):
        self.game, self.scroll = g, 0

    def lines(self):
        lines = self._lines.get(self.game)
        if lines is None:
            lines = []
            for para in rules_text(self.game).strip().split("\n"):
                if para.startswith("# "):
                    lines.append(("h", para[2:]))
                elif para.strip():
                    for part in theme.wrap(para.strip(), 24, self.area.w - 40):
                        lines.append(("p", part))
                    lines.append(("gap", ""))
                else:
                    lines.append(("gap", ""))
            self._lines[self.game] = lines
        return lines

    def max_scroll(self) -> int:
        height = sum(34 if k == "h" else 10 if k == "gap" else 28 for k, _ in self.lines())
        return max(0, height - self.area.h + 20)

    def wheel(self, dy):
        self.scroll = min(self.max_scroll(), max(0, self.scroll - dy * 60))

    def key(self, event):
        k = event.key
        step = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: 400,
                pygame.K_PAGEUP: -400, pygame.K_SPACE: 400}.get(k)
        if step:
            self.scroll = min(self.max_scroll(), max(0, self.scroll + step))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            i = GAMES.index(self.game) + (1 if k == pygame.K_RIGHT else -1)
            self.pick(GAMES[i % len(GAMES)])
        else:
            super().key(event)

    def pointer_down(self, pos):
        super().pointer_down(pos)
        if self.area.collidepoint(pos):
            self.drag_from = (pos[1], self.scroll)

    def pointer_move(self, pos):
        super().pointer_move(pos)
        if self.drag_from:
            y0, s0 = self.drag_from
            self.scroll = min(self.max_scroll(), max(0, s0 - (pos[1] - y0)))

    def pointer_up(self, pos):
        super().pointer_up(pos)
        self.drag_from = None

    def draw(self, screen):
        super().draw(screen)
        tab = self.button(f"tab-{self.game}").rect
        pygame.draw.rect(screen, theme.GOLD, tab.inflate(6, 6), 3, border_radius=10)
        pygame.draw.rect(screen, theme.PANEL, self.area, border_radius=10)
        clip = screen.get_clip()
        screen.set_clip(self.area.inflate(-4, -4))
        y = self.area.y + 14 - self.scroll
        for kind, text in self.lines():
            if kind == "h":
                theme.blit_text(screen, text, (self.area.x + 20, y), 28, theme.GOLD, bold=True)
                y += 34
            elif kind == "gap":
                y += 10
            else:
                theme.blit_text(screen, text, (self.area.x + 20, y), 24, theme.INK)
                y += 28
        screen.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(self.area.right - 10, self.area.y + 8 + frac * (self.area.h - 76),
                              6, 60)
            pygame.draw.rect(screen, theme.BUTTON_LINE, bar, border_radius=3)


def rules_text(game_id: str) -> str:
    """The game's rules (from its description) and how to play them at its kind of table."""
    from .chromes import chrome_class
    return info(game_id).rules.strip() + "\n\n" + chrome_class(info(game_id).table).controls
