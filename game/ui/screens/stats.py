"""Statistics: each game's record, and its match."""

from __future__ import annotations

import pygame

from game.core import GAMES, info
from game.core.language import N_, _, ngettext
from game.session.help import HELP_NOTE
from game.session.match_play import scores_line
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.screens.common import BackScene, fit_text


class StatsScene(BackScene):
    heading = N_("Statistics")

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
        cols = self.columns()
        y = 90
        for label, x in cols:
            theme.blit_text(screen, label, (x, y), 20, theme.INK_DIM, bold=True)
        pygame.draw.line(screen, theme.BAR_LINE, (40, y + 28), (1240, y + 28))
        y += 40
        step = min(48, (560 - 36 * len(self.matches)) // max(1, len(GAMES)))
        for g in GAMES:
            values = self.values(g)
            for i, ((_label, x), v) in enumerate(zip(cols, values)):
                theme.blit_text(screen, v, (x, y), 24, theme.INK, bold=i == 0)  # (the game)
            y += step
        theme.blit_text(
            screen, _(HELP_NOTE), (CANVAS.w // 2, y), 18, theme.INK_FAINT, anchor="midtop"
        )
        y += 30
        for g, m in self.matches.items():
            text = self.match_text(g, m)
            theme.blit_text(screen, text, (CANVAS.w // 2, y), 24, theme.ACCENT, anchor="midtop")
            y += 34

    def columns(self) -> list[tuple[str, int]]:
        """The table's column headings and where each starts."""
        # Translators: the Statistics table's column headings (narrow columns: keep them short)
        return [
            (_("Game"), 50),
            (_("Played"), 330),
            (_("Won"), 430),
            (_("Win rate"), 510),
            (_("Streak"), 630),
            (_("Best streak"), 730),
            (_("Best time"), 870),
            (_("Fewest moves"), 990),
            (_("With help"), 1140),
        ]

    def values(self, g: str) -> list[str]:
        """A game's row: its name, then a value under each heading."""
        s = self.stats.get(g) or {}
        played = s.get("played", 0) or 0
        records = not info(g).multiplayer  # a race's time and moves say nothing
        return [
            _(info(g).title),
            str(played),
            str(s.get("won", 0)),
            _percent(s) if played else "-",
            str(s.get("streak", 0)),
            str(s.get("best_streak", 0)),
            theme.format_time(s.get("best_time")) if records else "-",
            str(s.get("fewest_moves")) if records and s.get("fewest_moves") is not None else "-",
            _with_help(s),
        ]

    def ear_lines(self) -> list[str]:
        """For the ear: a game a sentence ("Forty Thieves: Played 3, Won 1, ..."), then the
        matches."""
        heads = [label for label, _x in self.columns()[1:]]
        rows = []
        for g in GAMES:
            name, *values = self.values(g)
            pairs = ", ".join(f"{h} {v}" for h, v in zip(heads, values, strict=True))
            rows.append(f"{name}: {pairs}")
        return [*rows, _(HELP_NOTE), *(self.match_text(g, m) for g, m in self.matches.items())]

    def match_text(self, g: str, m) -> str:
        """A game's match in one sentence (its seats named), or that none was played."""
        title = _(info(g).title)
        if not m:
            # Translators: Statistics: a game's match; {game} is the game's name
            return _("{game} match: no match played yet.").format(game=title)
        scores = scores_line(m.get("seats") or self.app.settings.seats(g), m["scores"])
        # Translators: Statistics: a game's match; {game} is the game's name, {target} the score
        # it is played to, {scores} each player's score ("You 42 · Computer 30")
        return ngettext(
            "{game} match to {target}: {scores} after {n} game",
            "{game} match to {target}: {scores} after {n} games",
            m["games"],
        ).format(game=title, target=m["target"], scores=scores, n=m["games"])

    def draw_portrait(self, screen) -> None:
        """Upright: each game's figures in two lines under its name."""
        y, x, w = 130, 16, CANVAS.w - 32
        for g in GAMES:
            s = self.stats.get(g) or {}
            played = s.get("played", 0) or 0
            records = not info(g).multiplayer
            # Translators: Statistics on a phone: a game's name, how many games were played and
            # won (then " · " and the win rate)
            first = _("{game}: played {played} · won {won}").format(
                game=_(info(g).title), played=played, won=s.get("won", 0)
            )
            if played:
                first += " · " + _percent(s)
            # Translators: Statistics on a phone: the winning streak now and the best one
            second = [
                _("streak {n} (best {best})").format(
                    n=s.get("streak", 0), best=s.get("best_streak", 0)
                )
            ]
            if records:
                best = theme.format_time(s.get("best_time"))
                # Translators: Statistics on a phone: the best time ("best 3:25")
                second.append(_("best {time}").format(time=best))
                moves = s.get("fewest_moves")
                if moves is not None:
                    # Translators: Statistics on a phone: the fewest moves a game was won in
                    second.append(ngettext("{n} move", "{n} moves", moves).format(n=moves))
            # Translators: Statistics on a phone: games played with help ("3 (1 won)")
            second.append(_("with help {count}").format(count=_with_help(s)))
            theme.blit_text(screen, fit_text(first, 38, w), (x, y), 38, theme.INK)
            theme.blit_text(
                screen,
                fit_text(" · ".join(second), 36, w - 20),
                (x + 20, y + 34),
                36,
                theme.INK_DIM,
            )
            y += 80
        for line in theme.wrap(_(HELP_NOTE), 36, w):
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
    """The games played with help, and how many of them were won: "3 (1 won)"."""
    n = s.get("assisted", 0) or 0
    # Translators: Statistics: {n} games played with help, {won} of them won ("3 (1 won)")
    return _("{n} ({won} won)").format(n=n, won=s.get("won_with_help", 0)) if n else "0"


def _percent(s: dict) -> str:
    """The win rate: "67%"."""
    # Translators: Statistics: the win rate, {n} a whole number of percent ("67%")
    return _("{n}%").format(n=round(100 * (s.get("win_rate") or 0)))
