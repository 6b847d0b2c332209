"""Who is here: beside each friend's name on a shared table, a dot and "here" or "away",
placed clear of everything else on the table (a phone's table is crowded).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.core.language import pgettext
from game.net import RemoteTable
from game.ui import theme
from game.ui.board.places import Layout, PileGeom
from game.ui.canvas import CANVAS
from game.ui.table.chrome import Chrome
from game.ui.table.view import TableView
from game.ui.widgets import Button

AWAY_S = 10.0  # a friend silent this long is away (the table's ``away``)


#: a friend's mark: (seat, here, "here" or "away", its size, the dot's box, the word's box)
Mark = tuple[int, bool, str, int, pygame.Rect, pygame.Rect]


def pile_reach(g: PileGeom) -> pygame.Rect:
    """Where a pile's cards may lie: its place, and its fan out to its limit (a fan with no
    limit: to the canvas's edge)."""
    r = g.rect.copy()
    if g.stacked:
        return r
    if g.fan[1] > 0:
        r.height = max(r.height, (g.limit or CANVAS.h) - r.top)
    elif g.fan[1] < 0:
        r.height, r.top = r.bottom, 0
    if g.fan[0] > 0:
        reach = g.limit or (
            r.right + g.fan[0] * max(0, g.fan_last - 1) if g.fan_last else CANVAS.table_w
        )
        r.width = max(r.width, reach - r.left)
    elif g.fan[0] < 0:
        left = g.limit or 0
        r.width, r.left = r.right - left, left
    return r


class Presence:
    """The marks of a SharedTableScene (mixed into it: the table's parts it reads are
    declared here)."""

    session: RemoteTable
    closed: bool
    layout: Layout
    chrome: Chrome
    view: TableView
    buttons: list[Button]
    _marks: tuple[Hashable, list[Mark]] | None

    def presence(self) -> list[tuple[int, bool]]:
        """Each friend's seat and whether their screen is here."""
        s = self.session
        if self.closed:
            return []
        away = set(s.away(AWAY_S))
        return [
            (seat, seat not in away)
            for seat, kind in enumerate(s.seats)
            if kind.remote and kind.person
        ]

    def draw_presence(self, screen: pygame.Surface) -> None:
        """Beside each friend's name on the table: a dot and "here" (green) or "away" (red)."""
        for _seat, here, word, size, dot, where in self.presence_marks():
            colour = (90, 200, 110) if here else (235, 95, 75)
            pygame.draw.circle(screen, colour, dot.center, dot.w // 2)
            theme.blit_text(screen, word, where.midleft, size, colour, bold=True, anchor="midleft")

    def presence_marks(self) -> list[Mark]:
        """Each friend's mark (``place_marks``), placed once for a layout, the names and who is
        here (on a phone the placing looks at every pile: not work for every frame)."""
        key = (
            id(self.layout),
            CANVAS.size,
            tuple(self.presence()),
            tuple(self.chrome.title(seat) for seat in range(len(self.session.seats))),
        )
        if self._marks is None or self._marks[0] != key:
            self._marks = (key, self.place_marks())
        return self._marks[1]

    def place_marks(self) -> list[Mark]:
        """Each friend's mark: (seat, here, "here" or "away", its size, the dot's box, the
        word's box). On the 1280x720 canvas the dot left of the name and the word right of it
        (left of the dot where the table ends there). On a phone the word is at least 12 CSS
        px (``CANVAS.label``: sideways 32, upright 36) and dot and word lie where they are
        clear of everything else on the table (``presence_obstacles``): as on the 1280x720
        canvas, or both right of the name, under it, over it, or left of it."""
        names = self.layout.seat_names
        phone = CANVAS.portrait or bool(CANVAS.rail)
        size = CANVAS.label(16)
        r = 9 if phone else 6
        area = pygame.Rect(
            self.layout.table_left + 2,
            2,
            self.layout.table_right - 6 - self.layout.table_left,
            CANVAS.h - 4,
        )
        taken = self.presence_obstacles() if phone else []
        out = []
        for seat, here in self.presence():
            if seat >= len(names):
                continue
            # Translators: a mark beside a friend's name on a shared table (green: their screen
            # answers; red: silent for 10 s); keep it short
            word = (
                pgettext("a friend's screen on a shared table", "here")
                if here
                # Translators: a mark beside a friend's name on a shared table (red: silent
                # for 10 s); keep it short
                else pgettext("a friend's screen on a shared table", "away")
            )
            w, h = theme.font(size, True).size(word)
            lines = self.name_rects(seat)
            name = lines[0].unionall(lines[1:])
            mid = lines[0].centery
            old = self._mark(name.left - 10 - r, mid, r, name.right + 8, w, h)
            if not phone:  # (as the 1280x720 table always had it)
                if old[1].right > self.layout.table_right - 4:
                    old = self._mark(name.left - 10 - r, mid, r, name.left - 20 - w, w, h)
                out.append((seat, here, word, size) + old)
                continue
            below, above = name.bottom + 4 + h // 2, name.top - 4 - (h + 1) // 2
            tries = [
                old,
                self._mark(name.right + 8, mid, r, name.right + 14 + 2 * r, w, h),
                self._mark(name.left, below, r, name.left + 6 + 2 * r, w, h),
                self._mark(name.left, above, r, name.left + 6 + 2 * r, w, h),
                self._mark(name.left - 10 - r, mid, r, name.left - 16 - 2 * r - w, w, h),
            ]
            for dot, where in tries:
                box = dot.union(where)
                if area.contains(box) and box.inflate(6, 6).collidelist(taken) < 0:
                    break
            else:  # (nowhere clear: where it stands on the 1280x720 canvas)
                dot, where = old
            taken += [dot, where]
            out.append((seat, here, word, size, dot, where))
        return out

    @staticmethod
    def _mark(
        dot_left: int, mid: int, r: int, word_left: int, w: int, h: int
    ) -> tuple[pygame.Rect, pygame.Rect]:
        """A dot of radius ``r`` from ``dot_left`` and a word ``w`` x ``h`` from
        ``word_left``, both centred on ``mid``."""
        where = pygame.Rect(word_left, 0, w, h)
        where.midleft = (word_left, mid)
        return pygame.Rect(dot_left, mid - r, 2 * r, 2 * r), where

    def name_rects(self, seat: int) -> list[pygame.Rect]:
        """Where the chrome writes a seat's name (a line each)."""
        return [rect for _, rect in self.chrome.name_lines(seat)]

    def presence_obstacles(self) -> list[pygame.Rect]:
        """What a friend's mark must not cover: every pile's cards (a fan out to its limit)
        and its words (count, caption, the word on it empty), the table's buttons (the turn
        button with its arrows), every seat's name, the round table's ring round a seat's
        piles and its "to play" tag."""
        lay, out = self.layout, []
        for name, g in lay.piles.items():
            out.append(pile_reach(g))
            for words in (self.view.words(name, 0, False), self.view.words(name, 104, True)):
                out += [box or rect for _, _, _, _, rect, box in words]
        out += [b.rect for b in self.buttons if b.visible]
        if lay.turn_button is not None:
            out.append(lay.turn_button.inflate(2 * 28, 0))
        for seat in range(min(len(lay.seat_names), len(self.session.seats))):
            out += self.name_rects(seat)
            out += self.chrome.seat_marks(seat)  # (the round table's ring and its tag)
        return out
