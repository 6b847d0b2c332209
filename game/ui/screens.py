"""The screens around the tables: title, settings, statistics, rules."""

from __future__ import annotations

import pygame

from game.core import GAMES, info
from game.session import GENERAL, describe
from game.session.seat_kinds import choices as seat_choices
from game.session.match_play import scores_line
from game.session.help import HELP_NOTE

from . import theme
from .canvas import CANVAS
from .page import WEB, page_window
from .cards import get_art, table_sizes, warm_up
from .widgets import Button, Scene, SeatPicker


TOP = 200  # where the title screen's games begin
P_TITLE_TOP = 262  # ... on the portrait canvas
SIDE_TOP = 158  # ... on a phone held sideways (the canvas with a rail)


class Background:
    @classmethod
    def get(cls):
        return theme.felt()  # made once per canvas size


NUMBER_WORDS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight")


def player_groups() -> list[tuple[str, list[str]]]:
    """The games grouped by who they are for (their descriptions' ``players``), fewest players
    first, each group's games in title order: [("One player", [...]), ("Two players", [...]),
    ("Two to four players", [...])]."""
    groups: dict[tuple, list[str]] = {}
    for g in GAMES:
        groups.setdefault(tuple(info(g).players), []).append(g)
    return [(players_words(p), games) for p, games in
            sorted(groups.items(), key=lambda kv: (min(kv[0]), max(kv[0])))]


def players_words(players) -> str:
    """(1,) "One player"; (2,) "Two players"; (2, 3, 4) "Two to four players"."""
    def word(n):
        return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
    lo, hi = min(players), max(players)
    text = f"{word(lo)} player" if hi == 1 else (
        f"{word(lo)} players" if lo == hi else f"{word(lo)} to {word(hi)} players")
    return text[0].upper() + text[1:]


def game_key(index: int) -> str:
    """The key of the title's index-th game (from 0): 1 to 9, then 0; "" beyond ten."""
    return str((index + 1) % 10) if index < 10 else ""


def touch_device() -> bool:
    """Played by touch: a phone's canvas (upright, or sideways with its rail), or a page whose
    main pointer is a finger (a tablet). Keyboard hints are not shown there."""
    if CANVAS.portrait or CANVAS.rail:
        return True
    window = page_window()
    if window is None:
        return False
    try:
        return bool(window.matchMedia("(pointer: coarse)").matches)
    except Exception:  # noqa: BLE001 (no such query in this page: a desktop browser)
        return False


_OVER: dict[str, tuple] = {}  # per game, the saved position last replayed: (key, over)


def saved_game_state(app, game_id: str) -> str:
    """What there is of a game to go back to: "none"; "finished" (over, or counted); "dealt"
    (a deal not started: no move beyond the deal's own); "in progress" (started, unfinished:
    the title's tag). The table in memory says; else the saved game, read without opening it
    (its moves and whether it was counted; a started one's position replayed once, to see
    whether it is over: a stuck deal left at its end screen)."""
    table = app.tables.get(game_id)
    if table is not None:
        s = table.session
        if s is None:
            return "none"
        if s.is_over() or s.recorded:
            return "finished"
        return "in progress" if s.unfinished else "dealt"

    def progress(data):
        state = data["state"]
        moves = state["moves"]
        if data.get("recorded"):
            return {"state": "finished"}
        if len(moves) <= int(data.get("dealt", 0) or 0):
            return {"state": "dealt"}
        key = (state.get("seed"), tuple(moves))
        known = _OVER.get(game_id)
        if known is None or known[0] != key:
            from game.core import from_dict
            known = _OVER[game_id] = (key, from_dict(state).is_over())
        return {"state": "finished" if known[1] else "in progress"}

    try:
        found = app.saves.load_game(game_id, check=progress)
    except Exception:  # noqa: BLE001 (the storage promises not to raise)
        return "none"
    return found["state"] if found else "none"


class TitleScene(Scene):
    """The games grouped by who they are for (one player, two, two to four: from each game's
    ``players``), each with its key (1 to 9, then 0) where a keyboard is used; Continue,
    Statistics, Settings, Rules (and Quit on the desktop)."""

    def __init__(self, app):
        super().__init__(app)
        self.art = get_art(96, 134, app.settings.four_colour, "down")
        self.warm = False
        from game.core.cards import Card
        self.fan = [Card(1, "S"), Card(13, "H"), Card(12, "D"), Card(11, "C")]
        stored = app.saves.saved_games()
        self.saved = {g: app.tables.get(g) is not None or g in stored for g in GAMES}
        kept = {g: saved_game_state(app, g) if self.saved[g] else "none" for g in GAMES}
        self.in_progress = {g: kept[g] == "in progress" for g in GAMES}  # tagged
        self.resumable = {g: kept[g] in ("in progress", "dealt") for g in GAMES}
        app.collect_notices()
        self.touch = touch_device()
        self.groups = player_groups()
        self.order = [g for _, games in self.groups for g in games]  # as shown, as numbered
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.buttons = []
        if CANVAS.portrait:
            self.place_games(P_TITLE_TOP, CANVAS.w - 32, cols=2, gap=12, button_h=92,
                             heading=(36, 50), size=40)
            y = self.games_bottom + 118
            self.continue_and_small(16, CANVAS.w - 32, y, 96, 92, 43, 40, 104)
            return
        if CANVAS.rail:  # a phone on its side: four columns of buttons a thumb's size
            # (84 high: 45 CSS px on an 844x390 page), Continue and the rest below them
            # (its words 34: 13 CSS px)
            self.place_games(SIDE_TOP, 1360, cols=4, gap=10, button_h=84, heading=(34, 36),
                             size=34, block_gap=40, per_col=3)
            x, w = CANVAS.w // 2 - 330, 660
            self.continue_and_small(x, w, self.games_bottom + 30, 84, 84, 36, 34, 92)
            return
        self.place_games(TOP, 960, cols=3, gap=14, button_h=50, heading=(22, 30), size=24,
                         block_gap=48)
        x, w = CANVAS.w // 2 - 200, 400
        self.continue_and_small(x, w, self.games_bottom + 48, 52, 46, 26, 22, 64)

    def place_games(self, top: int, width: int, cols: int, gap: int, button_h: int,
                    heading: tuple[int, int], size: int, block_gap: int | None = None,
                    per_col: int = 4) -> None:
        """The groups in bands of ``cols`` columns, left to right: a group of more than four
        games takes several columns (read down), a small group stacks under the one before it
        in the same column while the band is tall enough, else takes the next column, else
        starts a band below (``per_col``: a column's most games). Each group's heading over
        its games."""
        block_gap = gap if block_gap is None else block_gap
        head_size, head_h = heading
        row = button_h + gap
        col_w = (width - (cols - 1) * block_gap) // cols
        x0 = CANVAS.w // 2 - width // 2
        bands: list[list[list]] = [[]]  # bands of columns of (group, games, span)

        def height(column) -> int:
            return sum(head_h + -(-len(games) // span) * row for _, games, span in column)

        for title, games in self.groups:
            span = min(cols, -(-len(games) // per_col))
            band = bands[-1]
            used = sum(c[0][2] for c in band)
            tallest = max((height(c) for c in band), default=0)
            last = band[-1] if band else None
            if (span == 1 and last is not None and last[-1][2] == 1
                    and height(last) + len(games) * row <= tallest):  # (+ a heading)
                last.append((title, games, 1))
            elif used + span <= cols:
                band.append([(title, games, span)])
            else:
                bands.append([[(title, games, span)]])
        y = top
        for band in bands:
            x = x0
            for column in band:
                cy = y
                for title, games, span in column:
                    w = span * col_w + (span - 1) * block_gap
                    self.headings.append((title, pygame.Rect(x, cy, w, head_h), head_size))
                    cy += head_h
                    rows = -(-len(games) // span)
                    bw = (w - (span - 1) * gap) // span
                    for i, g in enumerate(games):
                        c, r = divmod(i, rows)
                        self.buttons.append(Button((x + c * (bw + gap), cy + r * row, bw,
                                                    button_h), info(g).title,
                                                   lambda g=g: self.choose(g), size=size,
                                                   name=g))
                    cy += rows * row
                x += column[0][2] * (col_w + block_gap)
            y += max(height(c) for c in band) + (block_gap if CANVAS.portrait else 8)
        self.games_bottom = max(b.rect.bottom for b in self.buttons)

    def continue_and_small(self, x, w, y, big_h, small_h, big_size, small_size, step):
        app = self.app
        last = app.settings.last_game
        can_continue = last in GAMES and self.saved.get(last)
        self.buttons.append(Button((x, y, w, big_h),
                                   f"Continue: {info(last).title}" if can_continue
                                   else "Continue",
                                   lambda: app.open_game(last), can_continue, size=big_size,
                                   style="primary", name="continue"))
        y += step
        small = [("Statistics", lambda: app.show(StatsScene(app))),
                 ("Settings", lambda: app.show(SettingsScene(app))),
                 ("Rules", lambda: app.show(RulesScene(app)))]
        if not WEB:
            small.append(("Quit", app.quit))
        if app.open_room is not None:  # friends online: sit down at a friend's table
            if CANVAS.portrait:  # a row of its own, as wide as Continue
                self.buttons.append(Button((x, y + step, w, small_h), "Join a friend",
                                           self.join_friend, size=small_size, name="join"))
            elif CANVAS.rail:  # beside Continue (no row to spare below)
                button = self.button("continue")
                cont = button.rect
                cont.width -= 270
                if theme.measure(button.label, big_size, bold=True) > cont.w - 24:
                    button.label = "Continue"  # (the game's name no longer fits)
                self.buttons.append(Button((cont.right + 10, cont.y, 260, cont.h),
                                           "Join a friend", self.join_friend, size=small_size,
                                           name="join"))
            else:  # one more in the row, which grows wider
                small.append(("Join a friend", self.join_friend))
                wide = max(w, 150 * len(small))
                x, w = x + (w - wide) // 2, wide
        bw = (w + 10) // len(small) - 10
        for i, (label, action) in enumerate(small):
            self.buttons.append(Button((x + i * (bw + 10), y, bw, small_h), label, action,
                                       size=small_size,
                                       name="join" if action == self.join_friend else label))

    def join_friend(self) -> None:
        """Join a friend: type the room code (shared.JoinDialog)."""
        from .shared import JoinDialog
        self.modal = JoinDialog(self)

    def keys_shown(self) -> bool:
        """Keyboard hints: not on a touch device, unless a key was pressed there."""
        return not self.touch or self.app.keyboard_used

    def keys_line(self) -> str:
        n = min(10, len(self.order))
        numbers = f"1-{n}" if n <= 9 else "1-9 and 0"
        games = "a game" if len(self.order) <= 10 else "one of the first ten games"
        join = " · J join a friend" if self.app.open_room is not None else ""
        return (f"Keys: {numbers} choose {games} (the number on its button) · Enter continues · "
                f"S settings · T statistics · R rules{join} · Tab and Enter for any button")

    def pointed_game(self) -> str | None:
        """The game whose button is under the pointer or has the keyboard's focus."""
        for b in self.buttons:
            if b.name in GAMES and b.hover:
                return b.name
        if 0 <= self.focused < len(self.buttons) and self.buttons[self.focused].name in GAMES:
            return self.buttons[self.focused].name
        return None

    def choose(self, game_id: str) -> None:
        """Open a game: its deal in play (started or only dealt), else, for a game of several
        seats, ask who plays first (a finished game's table would deal a new one anyway)."""
        if self.resumable.get(game_id) or not info(game_id).multiplayer:
            self.app.open_game(game_id)
            return

        def play(seats):
            self.app.settings.set_seats(game_id, seats)
            self.app.save_settings()
            self.app.open_game(game_id, new=True)

        self.modal = SeatPicker(self, game_id, self.app.settings.seats(game_id), play)

    def update(self, dt):
        if not self.warm:  # make the card faces a little at a time, before a table needs them:
            # the last game's first, then the saved games' (warm_up makes only the first few)
            games = [self.app.settings.last_game, *(g for g in GAMES if self.saved.get(g))]
            self.warm = warm_up(3, self.app.settings.four_colour,
                                table_sizes([g for g in games if g in GAMES] + list(GAMES)))

    def key(self, event):
        k = event.key
        if self.focus_key(event):
            return
        digit = {**{getattr(pygame, f"K_{i}"): i for i in range(10)},
                 **{getattr(pygame, f"K_KP{i}"): i for i in range(10)}}.get(k)
        if digit is not None:
            index = (digit - 1) % 10  # 1 is the first game, 0 the tenth
            if index < len(self.order):
                self.choose(self.order[index])
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
        elif k == pygame.K_j and self.app.open_room is not None:
            self.join_friend()
        elif k in (pygame.K_q, pygame.K_ESCAPE) and not WEB:
            self.app.quit()

    def blurb(self, g: str) -> str:
        d = info(g)
        line = d.blurb
        if self.in_progress.get(g):
            line += " · a game in progress to resume"
        elif d.multiplayer:
            line += " · " + describe(self.app.settings.seats(g))
        return f"{d.title}: {line}"

    def draw_games(self, screen, tag_size: int, key_size: int) -> None:
        """The groups' headings, the game buttons, each one's key (where keys are shown) and
        the tag of a game in progress."""
        for title, r, size in self.headings:
            theme.blit_text(screen, title, (r.x + 4, r.bottom - 4), size, theme.GOLD, bold=True,
                            anchor="bottomleft")
        super().draw(screen)
        keys = self.keys_shown()
        for i, g in enumerate(self.order):
            r = self.button(g).rect
            if keys and game_key(i):
                theme.blit_text(screen, game_key(i), (r.x + 12, r.centery + 1), key_size,
                                theme.INK_FAINT, bold=True, anchor="midleft")
            if self.in_progress.get(g):  # under the label, on the right
                theme.blit_text(screen, "in progress", (r.right - 8, r.bottom - 2), tag_size,
                                theme.ACCENT, anchor="bottomright")

    def draw(self, screen):
        if CANVAS.portrait:
            self.draw_portrait(screen)
            return
        screen.blit(Background.get(), (0, 0))
        cx = CANVAS.w // 2
        side = bool(CANVAS.rail)  # a phone on its side: bigger words, no room at the bottom
        zoom, top = (0.56, 56) if side else (0.72, 70)
        for i, c in enumerate(self.fan):
            img = pygame.transform.rotozoom(self.art.face(c), 18 - i * 12, zoom)
            screen.blit(img, img.get_rect(center=(cx + (i - 1.5) * 88 * zoom,
                                                  top + abs(i - 1.5) * 6)))
        theme.blit_text(screen, "Patience Parlour", (cx, 104 if side else 134), 44 if side else 52,
                        theme.GOLD, bold=True, anchor="midtop")
        self.draw_games(screen, 32 if side else 16, 34 if side else 20)
        g = self.pointed_game()
        r = self.button("continue").rect
        notice = self.app.current_notice()
        size = 34 if side else 20
        width = r.w + 200 if side else CANVAS.w - 40  # (sideways: clear of the side columns)
        if g is not None and not (side and notice):
            theme.blit_text(screen, fit_text(self.blurb(g), size, width),
                            (cx, r.top - 4 if side else r.top - 10), size, theme.INK_DIM,
                            anchor="midbottom")
        self.draw_focus(screen, self.app.keyboard_used)
        if side:
            if notice:
                theme.blit_text(screen, fit_text(notice, size, width), (cx, r.top - 4), size,
                                theme.ACCENT, anchor="midbottom")
            return
        if self.keys_shown():
            theme.blit_text(screen, self.keys_line(), (cx, 708), 18, theme.INK_FAINT,
                            anchor="midbottom")
        if notice:
            for i, line in enumerate(reversed(theme.wrap(notice, 20, 1200)[:2])):
                theme.blit_text(screen, line, (cx, 684 - 22 * i), 20, theme.ACCENT,
                                anchor="midbottom")

    def draw_portrait(self, screen):
        screen.blit(Background.get(), (0, 0))
        cx = CANVAS.w // 2
        for i, c in enumerate(self.fan):
            img = pygame.transform.rotozoom(self.art.face(c), 18 - i * 12, 0.8)
            screen.blit(img, img.get_rect(center=(cx - 72 + i * 48, 92 + abs(i - 1.5) * 6)))
        theme.blit_text(screen, "Patience Parlour", (cx, 168), 72, theme.GOLD, bold=True,
                        anchor="midtop")
        self.draw_games(screen, 36, 36)
        g = self.pointed_game()
        r = self.button("continue").rect
        notice = self.app.current_notice()
        # between the games and Continue: a notice, else the game under the focus in words
        text = notice or (self.blurb(g) if g is not None else "")
        if text:
            lines = theme.wrap(text, 36, CANVAS.w - 40)[:3]
            for i, line in enumerate(reversed(lines)):
                theme.blit_text(screen, line, (cx, r.top - 8 - 32 * i), 36,
                                theme.ACCENT if notice else theme.INK_DIM, anchor="midbottom")
        self.draw_focus(screen, self.app.keyboard_used)


class BackScene(Scene):
    """A screen with a title and a Back button (Esc)."""

    heading = ""

    def __init__(self, app):
        super().__init__(app)
        if CANVAS.portrait:
            self.back = Button((16, 16, 190, 88), "Back", app.title, size=40, name="Back")
        else:
            self.back = Button((24, 18, 120, 44), "Back", app.title, size=24, name="Back")
        self.buttons = [self.back]

    def key(self, event):
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.title()
        else:
            self.focus_key(event)

    def draw(self, screen):
        screen.blit(Background.get(), (0, 0))
        if CANVAS.portrait:
            theme.blit_text(screen, self.heading, (CANVAS.w // 2 + 100, 30), 64, theme.GOLD,
                            bold=True, anchor="midtop")
        else:
            theme.blit_text(screen, self.heading, (CANVAS.w // 2, 22), 46, theme.GOLD, bold=True,
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
        rects = sidebar(len(self.tabs)) if not CANVAS.portrait else tab_grid(len(self.tabs))
        for name, rect in zip(self.tabs, rects):
            label = name if name == "General" else info(name).title
            self.buttons.append(Button(rect, label, lambda n=name: self.pick(n),
                                       size=22 if not CANVAS.portrait else 36,
                                       name=f"tab-{name}"))
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
        self.area = pygame.Rect(0, self.tab_buttons[-1].rect.bottom + 16, CANVAS.w,
                                CANVAS.h - self.tab_buttons[-1].rect.bottom - 16)
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
        for _, _, _, row in self.rows:
            for _, b in row:
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
            kinds = seat_choices(tab)  # a person, the computer at each level (seat_kinds)
            for seat in range(len(s.seats(tab))):
                yield f"Player {seat + 1}", "new games", [
                    (f"{tab}/seat{seat}={v}", v.choice,
                     lambda i=seat, v=v: s.seats(tab)[i] == v,
                     lambda i=seat, v=v: self.change(lambda: self.set_seat(tab, i, v)))
                    for v in kinds]

    def fit_rows(self) -> None:
        """A change may add or take away rows (Chinese Patience's players: one seat row each):
        then the tab is laid out again, the keyboard's focus and the scroll kept. (Rows left as
        they were looked up seats that were gone: IndexError in every frame.)"""
        wanted = [name for _, _, choices in self.row_specs(self.tab) for name, *_ in choices]
        if wanted == [b.name for _, _, _, row in self.rows for _, b in row]:
            return
        focused = self.buttons[self.focused].name if 0 <= self.focused < len(self.buttons) \
            else None
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
        if name == "left_handed":  # tables are laid out again when next opened (saved first)
            for table in self.app.tables.values():
                table.save()
            self.app.tables.clear()

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


    def draw_portrait_rows(self, screen) -> None:
        clip = screen.get_clip()
        screen.set_clip(self.area)
        for label, note, y, row in self.rows:
            y -= self.scroll
            text = f"{label} ({note})" if note else label
            theme.blit_text(screen, fit_text(text, 40, CANVAS.w - 32), (16, y), 40, theme.INK)
            for chosen, b in row:
                if chosen() and b.visible:
                    pygame.draw.rect(screen, theme.GOLD, b.rect.inflate(6, 6), 3,
                                     border_radius=10)
        screen.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(CANVAS.w - 8, self.area.y + frac * (self.area.h - 80), 6, 80)
            pygame.draw.rect(screen, theme.BUTTON_LINE, bar, border_radius=3)


def fit_text(text: str, size: int, width: int) -> str:
    """The text, cut with an ellipsis to fit the width."""
    if theme.measure(text, size) <= width:
        return text
    while text and theme.measure(text + "...", size) > width:
        text = text[:-1]
    return text + "..."




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
        if CANVAS.portrait:
            self.draw_portrait(screen)
            return
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
        theme.blit_text(screen, HELP_NOTE, (CANVAS.w // 2, y), 18, theme.INK_FAINT, anchor="midtop")
        y += 30
        for g, m in self.matches.items():
            text = self.match_text(g, m)
            theme.blit_text(screen, text, (CANVAS.w // 2, y), 24, theme.ACCENT, anchor="midtop")
            y += 34


    def match_text(self, g: str, m) -> str:
        """A game's match in one sentence (its seats named), or that none was played."""
        title = info(g).title
        if not m:
            return f"{title} match: no match played yet."
        scores = scores_line(m.get("seats") or self.app.settings.seats(g), m["scores"])
        return (f"{title} match to {m['target']}: {scores} after {m['games']} "
                f"game{'s' if m['games'] != 1 else ''}")

    def draw_portrait(self, screen) -> None:
        """Upright: each game's figures in two lines under its name."""
        y, x, w = 130, 16, CANVAS.w - 32
        for g in GAMES:
            s = self.stats.get(g) or {}
            played = s.get("played", 0) or 0
            records = not info(g).multiplayer
            rate = f" · {round(100 * (s.get('win_rate') or 0))}%" if played else ""
            first = (f"{info(g).title}: played {played} · won {s.get('won', 0)}{rate}")
            second = [f"streak {s.get('streak', 0)} (best {s.get('best_streak', 0)})"]
            if records:
                second.append(f"best {theme.format_time(s.get('best_time'))}")
                if s.get("fewest_moves") is not None:
                    second.append(f"{s.get('fewest_moves')} moves")
            second.append(f"with help {_with_help(s)}")
            theme.blit_text(screen, fit_text(first, 38, w), (x, y), 38, theme.INK)
            theme.blit_text(screen, fit_text(" · ".join(second), 36, w - 20), (x + 20, y + 34),
                            36, theme.INK_DIM)
            y += 80
        for line in theme.wrap(HELP_NOTE, 36, w):
            theme.blit_text(screen, line, (x, y), 36, theme.INK_FAINT)
            y += 30
        y += 12
        for g, m in self.matches.items():
            text = self.match_text(g, m)
            for line in theme.wrap(text, 36, w):
                theme.blit_text(screen, line, (x, y), 36, theme.ACCENT)
                y += 30
            y += 8


def _with_help(s: dict) -> str:
    n = s.get("assisted", 0) or 0
    return f"{n} ({s.get('won_with_help', 0)} won)" if n else "0"


class RulesScene(BackScene):
    """Every game's rules. Opened from a table (``back``: that table), Back and Esc return to
    it as it was; from the title, to the title."""

    heading = "Rules"

    def __init__(self, app, game_id: str | None = None, back=None):
        super().__init__(app)
        self.back_to = back
        if back is not None:
            self.back.action = self.go_back
        self.game = game_id or app.settings.last_game or GAMES[0]
        if self.game not in GAMES:
            self.game = GAMES[0]
        self.scroll = 0
        about = (CANVAS.w - 176, 16, 160, 88) if CANVAS.portrait else (CANVAS.w - 144, 18, 120, 44)
        self.buttons.append(Button(about, "About", self.about, size=40 if CANVAS.portrait else 24,
                                   name="About"))
        if CANVAS.portrait:  # one game at a time: the previous and next game beside its name
            self.buttons.append(Button((16, 120, 100, 88), "<", lambda: self.step_game(-1),
                                       size=56, name="previous"))
            self.buttons.append(Button((CANVAS.w - 116, 120, 100, 88), ">",
                                       lambda: self.step_game(1), size=56, name="next"))
            self.area = pygame.Rect(16, 224, CANVAS.w - 32, CANVAS.h - 240)
        else:
            for i, (x, y, w, h) in enumerate(sidebar(len(GAMES))):
                g = GAMES[i]
                self.buttons.append(Button((x, y, w, h), info(g).title,
                                           lambda g=g: self.pick(g), size=22, name=f"tab-{g}"))
            self.area = pygame.Rect(SIDEBAR_W + 40, 84, CANVAS.w - SIDEBAR_W - 64, 610)
        self._lines = {}
        self.drag_from = None

    def pick(self, g):
        self.game, self.scroll = g, 0

    def go_back(self) -> None:
        """Back where the rules were opened: the table (the same position), or the title."""
        if self.back_to is not None:
            self.app.show(self.back_to)
        else:
            self.app.title()

    def about(self) -> None:
        """The licences of what the game uses; in the browser, the site's NOTICES.html."""
        window = page_window()
        if window is None:
            self.app.notice("Patience Parlour is MIT-licensed. It uses pygame-ce (LGPL-2.1) "
                            "and SDL (zlib licence).")
            return
        try:
            if window.open("NOTICES.html", "_blank"):
                return
        except Exception:  # noqa: BLE001
            pass
        self.app.notice("The licences are in NOTICES.html, beside this page.")

    def step_game(self, step: int) -> None:
        self.pick(GAMES[(GAMES.index(self.game) + step) % len(GAMES)])

    def sizes(self) -> tuple[int, int, int, int]:
        """(heading size, heading step, text size, text step)."""
        return (28, 34, 24, 28) if not CANVAS.portrait else (44, 52, 36, 32)

    def lines(self):
        lines = self._lines.get(self.game)
        if lines is None:
            lines = []
            for para in rules_text(self.game).strip().split("\n"):
                if para.startswith("# "):
                    lines.append(("h", para[2:]))
                elif para.strip():
                    for part in theme.wrap(para.strip(), self.sizes()[2], self.area.w - 40):
                        lines.append(("p", part))
                    lines.append(("gap", ""))
                else:
                    lines.append(("gap", ""))
            self._lines[self.game] = lines
        return lines

    def max_scroll(self) -> int:
        _, hs, _, ps = self.sizes()
        height = sum(hs if k == "h" else 10 if k == "gap" else ps for k, _ in self.lines())
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
        elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.go_back()
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
        if CANVAS.portrait:
            theme.blit_text(screen, fit_text(info(self.game).title, 43, CANVAS.w - 260),
                            (CANVAS.w // 2, 164), 43, theme.GOLD, bold=True, anchor="center")
        else:
            tab = self.button(f"tab-{self.game}").rect
            pygame.draw.rect(screen, theme.GOLD, tab.inflate(6, 6), 3, border_radius=10)
        pygame.draw.rect(screen, theme.PANEL, self.area, border_radius=10)
        clip = screen.get_clip()
        screen.set_clip(self.area.inflate(-4, -4))
        y = self.area.y + 14 - self.scroll
        hsize, hstep, psize, pstep = self.sizes()
        for kind, text in self.lines():
            if kind == "h":
                theme.blit_text(screen, text, (self.area.x + 20, y), hsize, theme.GOLD,
                                bold=True)
                y += hstep
            elif kind == "gap":
                y += 10
            else:
                theme.blit_text(screen, text, (self.area.x + 20, y), psize, theme.INK)
                y += pstep
        screen.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(self.area.right - 10, self.area.y + 8 + frac * (self.area.h - 76),
                              6, 60)
            pygame.draw.rect(screen, theme.BUTTON_LINE, bar, border_radius=3)


SIDEBAR_W = 250  # the list of games (or tabs) on the left of Rules and Settings


def sidebar(n: int, top: int = 84) -> list[tuple[int, int, int, int]]:
    """Rectangles of n tabs in a column on the left, as tall as fits (at most 44 px)."""
    step = min(50, (CANVAS.h - top - 20) // max(1, n))
    return [(24, top + i * step, SIDEBAR_W - 10, step - 8) for i in range(n)]


def tab_grid(n: int, top: int = 120) -> list[tuple[int, int, int, int]]:
    """Portrait: n tabs in rows of three under the heading, 88 high."""
    w = (CANVAS.w - 32 - 2 * 8) // 3
    return [(16 + (i % 3) * (w + 8), top + (i // 3) * 96, w, 88) for i in range(n)]


def rules_text(game_id: str) -> str:
    """The game's rules (from its description) and how to play them at its kind of table."""
    from .chromes import chrome_class
    return info(game_id).rules.strip() + "\n\n" + chrome_class(info(game_id).table).controls


def show_rules(table) -> None:
    """A table's Rules button: that game's rules, Back returning to the table as it was."""
    table.app.show(RulesScene(table.app, table.game_id, back=table))
