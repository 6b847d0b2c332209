"""Statistics: each game's record, and its match."""

from __future__ import annotations

import pygame

from game.core import GAMES, info
from game.session.help import HELP_NOTE
from game.session.match_play import scores_line

from .. import theme
from ..canvas import CANVAS
from .common import BackScene, fit_text


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
