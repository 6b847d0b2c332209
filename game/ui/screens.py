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


TOP = 200  # where the title screen's games begin


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
        stored = app.saves.saved_games()
        self.saved = {g: app.tables.get(g) is not None or g in stored for g in GAMES}
        app.collect_notices()
        self.buttons = []
        # the games in a grid: one column for a few, two for more; each button says its
        # game's title, and the blurb of the game under the pointer or focus shows below
        cols = 1 if len(GAMES) <= 4 else 2
        rows = -(-len(GAMES) // cols)
        w, gap = (400, 0) if cols == 1 else (330, 20)
        step = min(64, 300 // rows)
        x0 = 640 - (cols * w + (cols - 1) * gap) // 2
        for i, g in enumerate(GAMES):
            col, row = divmod(i, rows)
            self.buttons.append(Button((x0 + col * (w + gap), TOP + row * step, w, step - 10),
                                       info(g).title, lambda g=g: self.choose(g),
                                       size=28 if step >= 56 else 24, name=g))
        x, w = 440, 400
        y = TOP + rows * step + 34
        last = app.settings.last_game
        can_continue = last in GAMES and self.saved.get(last)
        self.buttons.append(Button((x, y, w, 52),
                                   f"Continue: {info(last).title}" if can_continue
                                   else "Continue",
                                   lambda: app.open_game(last), can_continue, size=26,
                                   style="primary", name="continue"))
        y += 64
        small = [("Statistics", lambda: app.show(StatsScene(app))),
                 ("Settings", lambda: app.show(SettingsScene(app))),
                 ("Rules", lambda: app.show(RulesScene(app)))]
        if not WEB:
            small.append(("Quit", app.quit))
        bw = (w + 10) // len(small) - 10
        for i, (label, action) in enumerate(small):
            self.buttons.append(Button((x + i * (bw + 10), y, bw, 46), label, action,
                                       size=22, name=label))

    def pointed_game(self) -> str | None:
        """The game whose button is under the pointer or has the keyboard's focus."""
        for b in self.buttons:
            if b.name in GAMES and b.hover:
                return b.name
        if 0 <= self.focused < len(self.buttons) and self.buttons[self.focused].name in GAMES:
            return self.buttons[self.focused].name
        return None

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
            img = pygame.transform.rotozoom(self.art.face(c), 18 - i * 12, 0.8)
            screen.blit(img, img.get_rect(center=(640 - 72 + i * 48, 78 + abs(i - 1.5) * 6)))
        theme.blit_text(screen, "Patience Parlour", (640, 146), 56, theme.GOLD, bold=True,
                        anchor="midtop")
        super().draw(screen)
        for g in GAMES:
            if self.saved.get(g):
                r = self.button(g).rect
                theme.blit_text(screen, "saved", (r.right - 10, r.bottom - 6), 16, theme.ACCENT,
                                anchor="bottomright")
        g = self.pointed_game()
        if g is not None:
            d = info(g)
            line = d.blurb
            if self.saved.get(g):
                line += " · a saved game to resume"
            elif d.multiplayer:
                line += " · " + describe(self.app.settings.seats(g))
            r = self.button("continue").rect
            theme.blit_text(screen, f"{d.title}: {line}", (640, r.top - 8), 20, theme.INK_DIM,
                            anchor="midbottom")
        self.draw_focus(screen, self.app.keyboard_used)
        numbers = f"1-{min(9, len(GAMES))}"
        theme.blit_text(screen, f"Keys: {numbers} choose a game · Enter continues · S settings · "
                        "T statistics · R rules · Tab and Enter for any button", (640, 708), 18,
                        theme.INK_FAINT, anchor="midbottom")
        notice = self.app.current_notice()
        if notice:
            for i, line in enumerate(reversed(theme.wrap(notice, 20, 1200)[:2])):
                theme.blit_text(screen, line, (640, 684 - 22 * i), 20, theme.ACCENT,
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


LABEL_RIGHT = 600  # Settings: where a row's label ends and its choices begin


class SettingsScene(BackScene):
    """Settings in tabs: General, then one per game with rule options, a match or seats. Each
    row's choices come from the descriptions (game.session.GENERAL and the games' info)."""

    heading = "Settings"

    def __init__(self, app, tab: str = "General"):
        super().__init__(app)
        self.tabs = ["General"] + [g for g in GAMES if info(g).option_list or info(g).match
                                   or info(g).multiplayer]
        self.tab = tab if tab in self.tabs else "General"
        for name, rect in zip(self.tabs, sidebar(len(self.tabs))):
            label = name if name == "General" else info(name).title
            self.buttons.append(Button(rect, label, lambda n=name: self.pick(n), size=22,
                                       name=f"tab-{name}"))
        self.tab_buttons = list(self.buttons)
        self.rows = []
        self.pick(self.tab)

    def pick(self, tab: str) -> None:
        """Show one tab's rows: (label, note, y, [(is_chosen, button)])."""
        self.tab = tab
        self.buttons = list(self.tab_buttons)
        self.rows = []
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
        if name == "felt":
            theme.use_felt(self.app.settings.felt)  # this screen's felt too, at once
            Background._felt = None
        if name in ("four_colour", "card_back", "felt"):
            for table in self.app.tables.values():
                table.art_key = None

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
        for label, note, y, row in self.rows:
            theme.blit_text(screen, label, (LABEL_RIGHT, y + 19), 24, theme.INK,
                            anchor="midright")
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
        cols = [("Game", 50), ("Played", 330), ("Won", 430), ("Win rate", 510), ("Streak", 630),
                ("Best streak", 730), ("Best time", 870), ("Fewest moves", 990),
                ("With help", 1140)]
        y = 90
        for label, x in cols:
            theme.blit_text(screen, label, (x, y), 20, theme.INK_DIM, bold=True)
        pygame.draw.line(screen, theme.BAR_LINE, (40, y + 28), (1240, y + 28))
        y += 40
        step = min(48, (560 - 36 * len(self.matches)) // max(1, len(GAMES)))
        for g in GAMES:
            s = self.stats.get(g) or {}
            played = s.get("played", 0) or 0
            records = not info(g).multiplayer  # a race's time and moves say nothing
            values = [info(g).title, str(played), str(s.get("won", 0)),
                      f"{round(100 * (s.get('win_rate') or 0))}%" if played else "-",
                      str(s.get("streak", 0)), str(s.get("best_streak", 0)),
                      theme.format_time(s.get("best_time")) if records else "-",
                      str(s.get("fewest_moves")) if records and s.get("fewest_moves") is not None
                      else "-", _with_help(s)]
            for (label, x), v in zip(cols, values):
                theme.blit_text(screen, v, (x, y), 24, theme.INK, bold=label == "Game")
            y += step
        theme.blit_text(screen, "Won, win rate, streaks, best time and fewest moves count the "
                        "games played without help; games with hints, the winnable light or "
                        "Finish are counted apart.", (640, y), 18, theme.INK_FAINT,
                        anchor="midtop")
        y += 30
        for g, m in self.matches.items():
            title = info(g).title
            text = f"{title} match: no match played yet."
            if m:
                seats = tuple(m.get("seats") or self.app.settings.seats(g))
                scores = " · ".join(f"{seat_title(seats, i)} {n}"
                                    for i, n in enumerate(m["scores"]))
                text = (f"{title} match to {m['target']}: {scores} after {m['games']} "
                        f"game{'s' if m['games'] != 1 else ''}")
            theme.blit_text(screen, text, (640, y), 24, theme.ACCENT, anchor="midtop")
            y += 34


def _with_help(s: dict) -> str:
    n = s.get("assisted", 0) or 0
    return f"{n} ({s.get('won_with_help', 0)} won)" if n else "0"


class RulesScene(BackScene):
    heading = "Rules"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.game = game_id or app.settings.last_game or GAMES[0]
        if self.game not in GAMES:
            self.game = GAMES[0]
        self.scroll = 0
        for i, (x, y, w, h) in enumerate(sidebar(len(GAMES))):
            g = GAMES[i]
            self.buttons.append(Button((x, y, w, h), info(g).title, lambda g=g: self.pick(g),
                                       size=22, name=f"tab-{g}"))
        self.area = pygame.Rect(SIDEBAR_W + 40, 84, theme.W - SIDEBAR_W - 64, 610)
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


SIDEBAR_W = 250  # the list of games (or tabs) on the left of Rules and Settings


def sidebar(n: int, top: int = 84) -> list[tuple[int, int, int, int]]:
    """Rectangles of n tabs in a column on the left, as tall as fits (at most 44 px)."""
    step = min(50, (theme.H - top - 20) // max(1, n))
    return [(24, top + i * step, SIDEBAR_W - 10, step - 8) for i in range(n)]


def rules_text(game_id: str) -> str:
    """The game's rules (from its description) and how to play them at its kind of table."""
    from .chromes import chrome_class
    return info(game_id).rules.strip() + "\n\n" + chrome_class(info(game_id).table).controls
