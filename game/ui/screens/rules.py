"""Every game's rules: from the title, or from a table (Back returns to it as it was)."""

from __future__ import annotations

import functools
import math
from enum import StrEnum

import pygame

from game.ai.deals import measured
from game.core import GAMES, info
from game.core.language import N_, _, ngettext
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.chromes import chrome_class
from game.ui.page_turn import page_window
from game.ui.screens.common import SIDEBAR_W, BackScene, fit_text, sidebar
from game.ui.widgets import Button


class LineKind(StrEnum):
    """What a line of the rules is."""

    HEADING = "h"
    TEXT = "p"
    GAP = "gap"


class RulesScene(BackScene):
    """Every game's rules. Opened from a table (``back``: that table), Back and Esc return to
    it as it was; from the title, to the title."""

    heading = N_("Rules")

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
        # Translators: the Rules screen's button for the game's licences; keep it short
        self.buttons.append(
            Button(about, _("About"), self.about, size=40 if CANVAS.portrait else 24, name="About")
        )
        if CANVAS.portrait:  # one game at a time: the previous and next game beside its name
            self.buttons.append(
                Button(
                    (16, 120, 100, 88), "<", lambda: self.step_game(-1), size=56, name="previous"
                )
            )
            self.buttons.append(
                Button(
                    (CANVAS.w - 116, 120, 100, 88),
                    ">",
                    lambda: self.step_game(1),
                    size=56,
                    name="next",
                )
            )
            self.area = pygame.Rect(16, 224, CANVAS.w - 32, CANVAS.h - 240)
        else:
            for i, (x, y, w, h) in enumerate(sidebar(len(GAMES))):
                g = GAMES[i]
                self.buttons.append(
                    Button(
                        (x, y, w, h),
                        _(info(g).title),
                        functools.partial(self.pick, g),
                        size=22,
                        name=f"tab-{g}",
                    )
                )
            self.area = pygame.Rect(SIDEBAR_W + 40, 84, CANVAS.w - SIDEBAR_W - 64, 610)
        self._lines: dict[str, list[tuple[LineKind, str]]] = {}  # by game, once laid out
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
            self.app.notice(
                _(
                    "Patience Parlour is MIT-licensed. It uses pygame-ce (LGPL-2.1) "
                    "and SDL (zlib licence)."
                )
            )
            return
        try:
            if window.open("NOTICES.html", "_blank"):
                return
        except Exception:  # noqa: BLE001
            pass
        self.app.notice(_("The licences are in NOTICES.html, beside this page."))

    def step_game(self, step: int) -> None:
        self.pick(GAMES[(GAMES.index(self.game) + step) % len(GAMES)])

    def sizes(self) -> tuple[int, int, int, int]:
        """(heading size, heading step, text size, text step)."""
        return (28, 34, 24, 28) if not CANVAS.portrait else (44, 52, 36, 32)

    def lines(self) -> list[tuple[LineKind, str]]:
        """The game's rules as lines: headings, the paragraphs' lines, gaps between them."""
        lines = self._lines.get(self.game)
        if lines is None:
            lines = []
            for para in rules_text(self.game).strip().split("\n"):
                if para.startswith("# "):
                    lines.append((LineKind.HEADING, para[2:]))
                elif para.strip():
                    for part in theme.wrap(para.strip(), self.sizes()[2], self.area.w - 40):
                        lines.append((LineKind.TEXT, part))
                    lines.append((LineKind.GAP, ""))
                else:
                    lines.append((LineKind.GAP, ""))
            self._lines[self.game] = lines
        return lines

    def ear_lines(self) -> list[str]:
        """For the ear: the game's rules, a paragraph a line (headings as lines too)."""
        return [
            p[2:] if p.startswith("# ") else p.strip()
            for p in rules_text(self.game).strip().split("\n")
            if p.strip()
        ]

    def ear_title(self) -> str:
        # Translators: for the ear: the Rules screen's title; {game} is the game's name
        return _("Rules: {game}").format(game=_(info(self.game).title))

    def max_scroll(self) -> int:
        _hsize, hs, _psize, ps = self.sizes()
        height = sum(
            hs if k == LineKind.HEADING else 10 if k == LineKind.GAP else ps
            for k, _ in self.lines()
        )
        return max(0, height - self.area.h + 20)

    def wheel(self, dy):
        self.scroll = min(self.max_scroll(), max(0, self.scroll - dy * 60))

    def key(self, event):
        k = event.key
        step = {
            pygame.K_DOWN: 40,
            pygame.K_UP: -40,
            pygame.K_PAGEDOWN: 400,
            pygame.K_PAGEUP: -400,
            pygame.K_SPACE: 400,
        }.get(k)
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
            theme.blit_text(
                screen,
                fit_text(_(info(self.game).title), 43, CANVAS.w - 260),
                (CANVAS.w // 2, 164),
                43,
                theme.GOLD,
                bold=True,
                anchor="center",
            )
        else:
            tab = self.button(f"tab-{self.game}").rect
            pygame.draw.rect(screen, theme.GOLD, tab.inflate(6, 6), 3, border_radius=10)
        pygame.draw.rect(screen, theme.PANEL, self.area, border_radius=10)
        clip = screen.get_clip()
        screen.set_clip(self.area.inflate(-4, -4))
        y = self.area.y + 14 - self.scroll
        hsize, hstep, psize, pstep = self.sizes()
        for kind, text in self.lines():
            if kind == LineKind.HEADING:
                theme.blit_text(screen, text, (self.area.x + 20, y), hsize, theme.GOLD, bold=True)
                y += hstep
            elif kind == LineKind.GAP:
                y += 10
            else:
                theme.blit_text(screen, text, (self.area.x + 20, y), psize, theme.INK)
                y += pstep
        screen.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(
                self.area.right - 10, self.area.y + 8 + frac * (self.area.h - 76), 6, 60
            )
            pygame.draw.rect(screen, theme.BUTTON_LINE, bar, border_radius=3)


def rules_text(game_id: str) -> str:
    """The game's rules (from its description, in the language spoken), how to play them at
    its kind of table (the chrome's ``controls``: English marked where written) and, for a
    solitaire, how many of its deals can be won."""
    return (
        info(game_id).rules.strip()
        + "\n\n"
        + _(chrome_class(info(game_id).table).controls)
        + "\n\n"
        + _(EAR_KEYS)
        + winnability_text(game_id)
    )


#: the ear's keys (game/ui/ear/reading.py), under every game's controls
EAR_KEYS = N_(
    "With the screen reader on (Settings): I reads the pile in focus in full, O the "
    "foundations, P the stock, waste, reserve and hand, A the moves possible now, L the "
    '"still winnable?" light, G the game (deal, moves, time, whose turn, the match); with '
    "cards picked up, + and - take one card more or fewer of the run."
)


def winnability_text(game_id: str) -> str:
    """How many deals can be won, from the solver's verdicts (bench/winnability.py wrote the
    figures): per option set measured, the 95% interval and what it rests on. "" for a game
    never measured."""
    rows = measured(game_id)
    if not rows:
        return ""
    described = info(game_id)
    # the settings some row sets: named in every row, the defaults' too ("4 suits")
    named = sorted({k for options, _f in rows for k in options})
    out = ["", "", "# " + _("How many deals can be won")]
    for options, f in rows:
        options = {k: options.get(k, described.options[k]) for k in named}
        # whole percents, rounded outwards: the interval never claims more than was measured
        low = _("{n}%").format(n=math.floor(100 * f["low"]))
        high = _("{n}%").format(n=math.ceil(100 * f["high"]))
        setting = ", ".join(
            f"{_(described.option(k).label)}: {_(dict(described.option(k).labelled())[v])}"
            for k, v in sorted(options.items())
        )
        if setting:
            # Translators: Rules, how many deals can be won with a setting ("Spider suits:
            # 1 suit: spades"); {low} and {high} are percents ("97%")
            text = _("{setting}: between {low} and {high} of the deals can be won.").format(
                setting=setting, low=low, high=high
            )
        else:
            # Translators: Rules, how many deals can be won; {low} and {high} are percents
            text = _("Between {low} and {high} of the deals can be won.").format(low=low, high=high)
        if f["unknown"]:
            # Translators: Rules, after "Between 97% and 99% of the deals can be won."
            text += " " + ngettext(
                "The solver played {deals} deal: it won {won}, proved {lost} lost and could "
                "not decide {unknown} in the time it had.",
                "The solver played {deals} deals: it won {won}, proved {lost} lost and could "
                "not decide {unknown} in the time it had.",
                int(f["deals"]),
            ).format(**f)
        else:
            # Translators: Rules, after "Between 97% and 99% of the deals can be won."
            text += " " + ngettext(
                "The solver played {deals} deal: it won {won} and proved {lost} lost.",
                "The solver played {deals} deals: it won {won} and proved {lost} lost.",
                int(f["deals"]),
            ).format(**f)
        out += [text, ""]
    out.append(
        _(
            "(Intervals at 95 percent confidence. Can be won means: a player who knew "
            "where every card lies could win the deal.)"
        )
    )
    return "\n".join(out)
