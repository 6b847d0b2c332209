"""The title screen: the games grouped by who they are for, Continue, Join a friend, Settings,
Statistics, Rules; "Who plays?" for a game of several."""

from __future__ import annotations

import functools
from enum import StrEnum

import pygame

from game.core import GAMES, info
from game.core.language import NP_, _, capital, ngettext, pgettext
from game.session import describe
from game.ui import theme
from game.ui.board.places import Fan
from game.ui.canvas import CANVAS
from game.ui.card_art import get_art, table_sizes, warm_up
from game.ui.page_turn import WEB, page_window
from game.ui.screens.common import fit_text
from game.ui.screens.rules import RulesScene
from game.ui.screens.settings import SettingsScene
from game.ui.screens.stats import StatsScene
from game.ui.who_plays import SeatPicker
from game.ui.widgets import Button, ButtonStyle, Scene

TOP = 200  # where the title screen's games begin
P_TITLE_TOP = 262  # ... on the portrait canvas
SIDE_TOP = 158  # ... on a phone held sideways (the canvas with a rail)


#: a number of players in words, in the title's headings ("Two to four players")
NUMBER_WORDS = (
    NP_("a number of players, in words", "none"),
    NP_("a number of players, in words", "one"),
    NP_("a number of players, in words", "two"),
    NP_("a number of players, in words", "three"),
    NP_("a number of players, in words", "four"),
    NP_("a number of players, in words", "five"),
    NP_("a number of players, in words", "six"),
    NP_("a number of players, in words", "seven"),
    NP_("a number of players, in words", "eight"),
)


def player_groups() -> list[tuple[str, list[str]]]:
    """The games grouped by who they are for (their descriptions' ``players``), fewest players
    first, each group's games in title order: [("One player", [...]), ("Two players", [...]),
    ("Two to four players", [...])]."""
    groups: dict[tuple, list[str]] = {}
    for g in GAMES:
        groups.setdefault(tuple(info(g).players), []).append(g)
    return [
        (players_words(p), games)
        for p, games in sorted(groups.items(), key=lambda kv: (min(kv[0]), max(kv[0])))
    ]


def players_words(players) -> str:
    """(1,) "One player"; (2,) "Two players"; (2, 3, 4) "Two to four players"."""

    def word(n):
        return pgettext(*NUMBER_WORDS[n]) if n < len(NUMBER_WORDS) else str(n)

    lo, hi = min(players), max(players)
    if lo == hi:
        # Translators: a heading over the games for so many players ("One player", "Two
        # players"); {number} is the number in words (a form may leave it out: "Ein Spieler")
        text = ngettext("{number} player", "{number} players", lo).format(number=word(lo))
    else:
        # Translators: a heading over the games for so many players ("Two to four players");
        # {low} and {high} are numbers in words
        text = _("{low} to {high} players").format(low=word(lo), high=word(hi))
    return capital(text)


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


class Progress(StrEnum):
    """What there is of a game to go back to (``saved_game_state``)."""

    NONE = "none"  # nothing saved
    FINISHED = "finished"  # over, or counted
    DEALT = "dealt"  # a deal not started: no move beyond the deal's own
    IN_PROGRESS = "in progress"  # started, unfinished: the title's tag


def saved_game_state(app, game_id: str) -> Progress:
    """What there is of a game to go back to: "none"; "finished" (over, or counted); "dealt"
    (a deal not started: no move beyond the deal's own); "in progress" (started, unfinished:
    the title's tag). The table in memory says; else the saved game, read without opening it
    (its moves and whether it was counted; a started one's position replayed once, to see
    whether it is over: a stuck deal left at its end screen)."""
    table = app.tables.get(game_id)
    if table is not None:
        s = table.session
        if s.is_over() or s.recorded:
            return Progress.FINISHED
        return Progress.IN_PROGRESS if s.unfinished else Progress.DEALT

    def progress(data):
        state = data["state"]
        moves = state["moves"]
        if data.get("recorded"):
            return {"state": Progress.FINISHED}
        if len(moves) <= int(data.get("dealt", 0) or 0):
            return {"state": Progress.DEALT}
        key = (state.get("seed"), tuple(moves))
        known = _OVER.get(game_id)
        if known is None or known[0] != key:
            from game.core import from_dict

            known = _OVER[game_id] = (key, from_dict(state).is_over())
        return {"state": Progress.FINISHED if known[1] else Progress.IN_PROGRESS}

    try:
        found = app.saves.load_game(game_id, check=progress)
    except Exception:  # noqa: BLE001 (the storage promises not to raise)
        return Progress.NONE
    return found["state"] if found else Progress.NONE


class TitleScene(Scene):
    """The games grouped by who they are for (one player, two, two to four: from each game's
    ``players``), each with its key (1 to 9, then 0) where a keyboard is used; Continue,
    Statistics, Settings, Rules (and Quit on the desktop)."""

    def ear_title(self) -> str:
        return _("Patience Parlour")

    def __init__(self, app):
        super().__init__(app)
        self.art = get_art(96, 134, app.settings.four_colour, Fan.DOWN)
        self.warm = False
        from game.core.cards import Card

        self.fan = [Card(1, "S"), Card(13, "H"), Card(12, "D"), Card(11, "C")]
        stored = app.saves.saved_games()
        self.saved = {g: app.tables.get(g) is not None or g in stored for g in GAMES}
        kept = {g: saved_game_state(app, g) if self.saved[g] else Progress.NONE for g in GAMES}
        self.in_progress = {g: kept[g] == Progress.IN_PROGRESS for g in GAMES}  # tagged
        self.resumable = {g: kept[g] in (Progress.IN_PROGRESS, Progress.DEALT) for g in GAMES}
        app.collect_notices()
        self.touch = touch_device()
        self.groups = player_groups()
        self.order = [g for _, games in self.groups for g in games]  # as shown, as numbered
        self.headings: list[tuple[str, pygame.Rect, int]] = []  # (words, where, size)
        self.buttons = []
        if CANVAS.portrait:
            self.place_games(
                P_TITLE_TOP, CANVAS.w - 32, cols=2, gap=12, button_h=92, heading=(36, 50), size=40
            )
            y = self.games_bottom + 118
            self.continue_and_small(16, CANVAS.w - 32, y, 96, 92, 43, 40, 104)
            return
        if CANVAS.rail:  # a phone on its side: four columns of buttons a thumb's size
            # (84 high: 45 CSS px on an 844x390 page), Continue and the rest below them
            # (its words 34: 13 CSS px)
            self.place_games(
                SIDE_TOP,
                1360,
                cols=4,
                gap=10,
                button_h=84,
                heading=(34, 36),
                size=34,
                block_gap=40,
                per_col=3,
            )
            x, w = CANVAS.w // 2 - 330, 660
            self.continue_and_small(x, w, self.games_bottom + 30, 84, 84, 36, 34, 92)
            return
        self.place_games(
            TOP, 960, cols=3, gap=14, button_h=50, heading=(22, 30), size=24, block_gap=48
        )
        x, w = CANVAS.w // 2 - 200, 400
        self.continue_and_small(x, w, self.games_bottom + 48, 52, 46, 26, 22, 64)

    def place_games(
        self,
        top: int,
        width: int,
        cols: int,
        gap: int,
        button_h: int,
        heading: tuple[int, int],
        size: int,
        block_gap: int | None = None,
        per_col: int = 4,
    ) -> None:
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
            if (
                span == 1
                and last is not None
                and last[-1][2] == 1
                and height(last) + len(games) * row <= tallest
            ):  # (+ a heading)
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
                        self.buttons.append(
                            Button(
                                (x + c * (bw + gap), cy + r * row, bw, button_h),
                                _(info(g).title),
                                functools.partial(self.choose, g),
                                size=size,
                                name=g,
                            )
                        )
                    cy += rows * row
                x += column[0][2] * (col_w + block_gap)
            y += max(height(c) for c in band) + (block_gap if CANVAS.portrait else 8)
        self.games_bottom = max(b.rect.bottom for b in self.buttons)

    def continue_and_small(self, x, w, y, big_h, small_h, big_size, small_size, step):
        app = self.app
        last = app.settings.last_game
        can_continue = last in GAMES and self.saved.get(last)
        # Translators: the title's big button that goes back to the last game played
        cont_label = _("Continue")
        self.buttons.append(
            Button(
                (x, y, w, big_h),
                # Translators: the title's big button: {game} is the name
                # of the last game played, to go back to
                _("Continue: {game}").format(game=_(info(last).title))
                if can_continue
                else cont_label,
                lambda: app.open_game(last),
                can_continue,
                size=big_size,
                style=ButtonStyle.PRIMARY,
                name="continue",
            )
        )
        y += step
        # (label, action, the button's name: an id, English)
        small = [
            (_("Statistics"), lambda: app.show(StatsScene(app)), "Statistics"),
            (_("Settings"), lambda: app.show(SettingsScene(app)), "Settings"),
            (_("Rules"), lambda: app.show(RulesScene(app)), "Rules"),
        ]
        if not WEB:
            # Translators: the title's button that closes the game (the desktop's)
            small.append((_("Quit"), app.quit, "Quit"))
        if app.open_room is not None:  # friends online: sit down at a friend's table
            # Translators: the title's button to sit down at a friend's table online
            join = _("Join a friend")
            if CANVAS.portrait:  # a row of its own, as wide as Continue
                self.buttons.append(
                    Button(
                        (x, y + step, w, small_h),
                        join,
                        self.join_friend,
                        size=small_size,
                        name="join",
                    )
                )
            elif CANVAS.rail:  # beside Continue (no row to spare below)
                button = self.button("continue")
                cont = button.rect
                cont.width -= 270
                if theme.measure(button.label, big_size, bold=True) > cont.w - 24:
                    button.label = cont_label  # (the game's name no longer fits)
                self.buttons.append(
                    Button(
                        (cont.right + 10, cont.y, 260, cont.h),
                        join,
                        self.join_friend,
                        size=small_size,
                        name="join",
                    )
                )
            else:  # one more in the row, which grows wider
                small.append((join, self.join_friend, "join"))
                wide = max(w, 150 * len(small))
                x, w = x + (w - wide) // 2, wide
        bw = (w + 10) // len(small) - 10
        for i, (label, action, name) in enumerate(small):
            self.buttons.append(
                Button(
                    (x + i * (bw + 10), y, bw, small_h), label, action, size=small_size, name=name
                )
            )

    def join_friend(self) -> None:
        """Join a friend: type the room code (the App's join dialog)."""
        self.modal = self.app.join_dialog(self)

    def keys_shown(self) -> bool:
        """Keyboard hints: not on a touch device, unless a key was pressed there."""
        return not self.touch or self.app.keyboard_used

    def keys_line(self) -> str:
        """The title's keys in one line: its parts (each a message) between " · "."""
        n = min(10, len(self.order))
        if n <= 9:
            # Translators: the first part of the title's line of keys (keys stay as they are)
            first = _("Keys: 1-{n} choose a game (the number on its button)").format(n=n)
        elif len(self.order) <= 10:
            # Translators: the first part of the title's line of keys (keys stay as they are)
            first = _("Keys: 1-9 and 0 choose a game (the number on its button)")
        else:
            # Translators: the first part of the title's line of keys (keys stay as they are)
            first = _(
                "Keys: 1-9 and 0 choose one of the first ten games (the number on its button)"
            )
        # (the keys' names and letters stay as they are in every language)
        parts = [
            first,
            # Translators: a part of the title's line of keys; Enter is the key
            _("Enter continues"),
            # Translators: a part of the title's line of keys; S is the key
            _("S settings"),
            # Translators: a part of the title's line of keys; T is the key
            _("T statistics"),
            # Translators: a part of the title's line of keys; R is the key
            _("R rules"),
        ]
        if self.app.open_room is not None:
            # Translators: a part of the title's line of keys; J is the key
            parts.append(_("J join a friend"))
        # Translators: a part of the title's line of keys; Tab and Enter are the keys
        parts.append(_("Tab and Enter for any button"))
        return " · ".join(parts)

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

    def rest_ms(self) -> float:
        """While card faces are still being made (a little each frame): every frame."""
        return super().rest_ms() if self.warm else 0.0

    def update(self, dt):
        if not self.warm:  # make the card faces a little at a time, before a table needs them:
            # the last game's first, then the saved games' (warm_up makes only the first few)
            games = [self.app.settings.last_game, *(g for g in GAMES if self.saved.get(g))]
            self.warm = warm_up(
                3,
                self.app.settings.four_colour,
                table_sizes([g for g in games if g in GAMES] + list(GAMES)),
            )

    def key(self, event):
        k = event.key
        if self.focus_key(event):
            return
        digit = {
            **{getattr(pygame, f"K_{i}"): i for i in range(10)},
            **{getattr(pygame, f"K_KP{i}"): i for i in range(10)},
        }.get(k)
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
        line = _(d.blurb)
        if self.in_progress.get(g):
            # Translators: after a game's line on the title screen, " · " before it
            line += " · " + _("a game in progress to resume")
        elif d.multiplayer:
            line += " · " + describe(self.app.settings.seats(g))
        # Translators: the title's line about the game under the pointer: its name, its
        # description (and who plays it)
        return _("{game}: {about}").format(game=_(d.title), about=line)

    def draw_games(self, screen, tag_size: int, key_size: int) -> None:
        """The groups' headings, the game buttons, each one's key (where keys are shown) and
        the tag of a game in progress."""
        for title, r, size in self.headings:
            theme.blit_text(
                screen,
                title,
                (r.x + 4, r.bottom - 4),
                size,
                theme.GOLD,
                bold=True,
                anchor="bottomleft",
            )
        super().draw(screen)
        keys = self.keys_shown()
        for i, g in enumerate(self.order):
            r = self.button(g).rect
            if keys and game_key(i):
                theme.blit_text(
                    screen,
                    game_key(i),
                    (r.x + 12, r.centery + 1),
                    key_size,
                    theme.INK_FAINT,
                    bold=True,
                    anchor="midleft",
                )
            if self.in_progress.get(g):  # under the label, on the right
                # Translators: a small tag on a game's button on the title screen: a game
                # of it is started and not finished; keep it short
                theme.blit_text(
                    screen,
                    _("in progress"),
                    (r.right - 8, r.bottom - 2),
                    tag_size,
                    theme.ACCENT,
                    anchor="bottomright",
                )

    def draw(self, screen):
        if CANVAS.portrait:
            self.draw_portrait(screen)
            return
        screen.blit(theme.felt(self.app.settings.felt), (0, 0))
        cx = CANVAS.w // 2
        side = bool(CANVAS.rail)  # a phone on its side: bigger words, no room at the bottom
        zoom, top = (0.56, 56) if side else (0.72, 70)
        for i, c in enumerate(self.fan):
            img = pygame.transform.rotozoom(self.art.face(c), 18 - i * 12, zoom)
            screen.blit(
                img, img.get_rect(center=(cx + (i - 1.5) * 88 * zoom, top + abs(i - 1.5) * 6))
            )
        # Translators: the game's name, the title screen's heading
        theme.blit_text(
            screen,
            _("Patience Parlour"),
            (cx, 104 if side else 134),
            44 if side else 52,
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        self.draw_games(screen, 32 if side else 16, 34 if side else 20)
        g = self.pointed_game()
        r = self.button("continue").rect
        notice = self.app.current_notice()
        size = 34 if side else 20
        width = r.w + 200 if side else CANVAS.w - 40  # (sideways: clear of the side columns)
        if g is not None and not (side and notice):
            theme.blit_text(
                screen,
                fit_text(self.blurb(g), size, width),
                (cx, r.top - 4 if side else r.top - 10),
                size,
                theme.INK_DIM,
                anchor="midbottom",
            )
        self.draw_focus(screen, self.app.keyboard_used)
        if side:
            if notice:
                theme.blit_text(
                    screen,
                    fit_text(notice, size, width),
                    (cx, r.top - 4),
                    size,
                    theme.ACCENT,
                    anchor="midbottom",
                )
            return
        if self.keys_shown():
            theme.blit_text(
                screen, self.keys_line(), (cx, 708), 18, theme.INK_FAINT, anchor="midbottom"
            )
        if notice:
            for i, line in enumerate(reversed(theme.wrap(notice, 20, 1200)[:2])):
                theme.blit_text(
                    screen, line, (cx, 684 - 22 * i), 20, theme.ACCENT, anchor="midbottom"
                )

    def draw_portrait(self, screen):
        screen.blit(theme.felt(self.app.settings.felt), (0, 0))
        cx = CANVAS.w // 2
        for i, c in enumerate(self.fan):
            img = pygame.transform.rotozoom(self.art.face(c), 18 - i * 12, 0.8)
            screen.blit(img, img.get_rect(center=(cx - 72 + i * 48, 92 + abs(i - 1.5) * 6)))
        # Translators: the game's name, the title screen's heading
        theme.blit_text(
            screen, _("Patience Parlour"), (cx, 168), 72, theme.GOLD, bold=True, anchor="midtop"
        )
        self.draw_games(screen, 36, 36)
        g = self.pointed_game()
        r = self.button("continue").rect
        notice = self.app.current_notice()
        # between the games and Continue: a notice, else the game under the focus in words
        text = notice or (self.blurb(g) if g is not None else "")
        if text:
            lines = theme.wrap(text, 36, CANVAS.w - 40)[:3]
            for i, line in enumerate(reversed(lines)):
                theme.blit_text(
                    screen,
                    line,
                    (cx, r.top - 8 - 32 * i),
                    36,
                    theme.ACCENT if notice else theme.INK_DIM,
                    anchor="midbottom",
                )
        self.draw_focus(screen, self.app.keyboard_used)
