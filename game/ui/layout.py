"""Where every pile lies on the 1280x720 canvas, how its cards fan out, and hit testing.

A pile is either a stack (only its top card shows; a count badge tells how many) or a fan
(each card offset from the one below; the fan is squeezed to stay inside its limit).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from .theme import H, W


@dataclass
class PileGeom:
    name: str
    rect: pygame.Rect  # where the bottom card (or the empty slot) lies
    fan: tuple[int, int] = (0, 0)  # offset per face-up card
    fan_down: tuple[int, int] = (0, 0)  # offset per face-down card
    limit: int = 0  # farthest coordinate a card edge may reach along the fan (0: none)
    label: str = ""  # faint letter on the empty slot
    badge: str = ""  # where the card count shows: "below", "above" or ""
    group: str = ""  # for keyboard order: "top", "tableau", ...
    extra: dict = field(default_factory=dict)

    @property
    def stacked(self) -> bool:
        return self.fan == (0, 0)

    def positions(self, faces: list[bool]) -> list[tuple[int, int]]:
        """The top-left corner of each card, bottom to top."""
        x, y = self.rect.topleft
        n = len(faces)
        if n == 0:
            return []
        if self.stacked:
            return [(x, y)] * n
        steps = [self.fan if up else self.fan_down for up in faces[:-1]]
        total_x = sum(s[0] for s in steps)
        total_y = sum(s[1] for s in steps)
        scale = 1.0
        if self.limit:
            if self.fan[1] > 0 and total_y:
                room = self.limit - self.rect.bottom
                scale = min(1.0, room / total_y) if room > 0 else 0.0
            elif self.fan[0] > 0 and total_x:
                room = self.limit - self.rect.right
                scale = min(1.0, room / total_x) if room > 0 else 0.0
            elif self.fan[0] < 0 and total_x:
                room = self.rect.left - self.limit
                scale = min(1.0, room / -total_x) if room > 0 else 0.0
        out = [(x, y)]
        fx, fy = float(x), float(y)
        for sx, sy in steps:
            fx += sx * scale
            fy += sy * scale
            out.append((round(fx), round(fy)))
        return out


class Layout:
    """The piles of one game on the canvas."""

    card_w = 96
    card_h = 134
    fan = "down"

    def __init__(self):
        self.piles: dict[str, PileGeom] = {}

    def add(self, geom: PileGeom) -> None:
        self.piles[geom.name] = geom

    def card_rects(self, name: str, faces: list[bool]) -> list[pygame.Rect]:
        return [pygame.Rect(p, (self.card_w, self.card_h))
                for p in self.piles[name].positions(faces)]

    def top_rect(self, name: str, faces: list[bool]) -> pygame.Rect:
        rects = self.card_rects(name, faces)
        return rects[-1] if rects else self.piles[name].rect.copy()

    def extent(self, name: str, faces: list[bool]) -> pygame.Rect:
        rects = self.card_rects(name, faces)
        if not rects:
            return self.piles[name].rect.copy()
        return rects[0].unionall(rects[1:])

    def hit(self, pos, table: dict[str, list]) -> tuple[str, int] | None:
        """(pile name, card index) under ``pos``; index -1 for an empty pile's slot."""
        for name, geom in self.piles.items():
            cards = table.get(name, [])
            faces = [up for _, up in cards]
            rects = self.card_rects(name, faces)
            for i in range(len(rects) - 1, -1, -1):
                if rects[i].collidepoint(pos):
                    return name, i
            if not rects and geom.rect.collidepoint(pos):
                return name, -1
        return None


class SolitaireLayout(Layout):
    """Top row: stock, waste, eight foundations; below, ten columns."""

    card_w, card_h = 96, 134
    gap = 20
    top = 62
    tableau_top = 214
    bottom = 682

    def __init__(self):
        super().__init__()
        left = (W - (10 * self.card_w + 9 * self.gap)) // 2
        self.xs = [left + i * (self.card_w + self.gap) for i in range(10)]
        size = (self.card_w, self.card_h)
        self.add(PileGeom("stock", pygame.Rect((self.xs[0], self.top), size), badge="below",
                          group="top"))
        self.add(PileGeom("waste", pygame.Rect((self.xs[1], self.top), size), badge="below",
                          group="top"))
        for i in range(8):
            self.add(PileGeom(f"foundation{i}", pygame.Rect((self.xs[i + 2], self.top), size),
                              label="A", group="top"))
        for i in range(10):
            self.add(PileGeom(f"tableau{i}", pygame.Rect((self.xs[i], self.tableau_top), size),
                              fan=(0, 32), fan_down=(0, 14), limit=self.bottom, group="tableau"))


class BankLayout(Layout):
    """Russian Bank: the computer (player 1) at the top, you (player 0) at the bottom; the houses
    in two columns fanning outwards, the foundations between them; a side panel on the right."""

    card_w, card_h = 72, 100
    fan = "side"
    table_right = 908
    dx = 24

    def __init__(self):
        super().__init__()
        w, h = self.card_w, self.card_h
        size = (w, h)
        centre = self.table_right // 2
        f_left = centre - w - 8
        f_right = centre + 8
        house_left = f_left - 20 - w
        house_right = f_right + w + 20
        rows = [124 + i * 106 for i in range(4)]
        top_y, bottom_y = 10, 560
        self.rows = rows
        for i in range(4):
            self.add(PileGeom(f"foundation{i}", pygame.Rect((f_left, rows[i]), size), label="A",
                              group="foundation"))
            self.add(PileGeom(f"foundation{i + 4}", pygame.Rect((f_right, rows[i]), size),
                              label="A", group="foundation"))
        # player 0's houses: right column, house0 next to reserve0 (bottom) up to house3 (top)
        for i in range(4):
            self.add(PileGeom(f"house{i}", pygame.Rect((house_right, rows[3 - i]), size),
                              fan=(self.dx, 0), limit=self.table_right - 6, group="house"))
        # player 1's houses: left column, house4 next to reserve1 (top) down to house7
        for i in range(4):
            self.add(PileGeom(f"house{4 + i}", pygame.Rect((house_left, rows[i]), size),
                              fan=(-self.dx, 0), limit=6, group="house"))
        waste_x = centre - w // 2
        self.add(PileGeom("reserve1", pygame.Rect((house_left, top_y), size), badge="right",
                          group="p1"))
        self.add(PileGeom("waste1", pygame.Rect((waste_x, top_y), size), badge="right",
                          group="p1"))
        self.add(PileGeom("hand1", pygame.Rect((house_right, top_y), size), badge="right",
                          group="p1"))
        self.add(PileGeom("hand0", pygame.Rect((house_left, bottom_y), size), badge="right",
                          group="p0"))
        self.add(PileGeom("waste0", pygame.Rect((waste_x, bottom_y), size), badge="right",
                          group="p0"))
        self.add(PileGeom("reserve0", pygame.Rect((house_right, bottom_y), size), badge="right",
                          group="p0"))


def layout_for(game_id: str) -> Layout:
    return BankLayout() if game_id == "russian-bank" else SolitaireLayout()


__all__ = ["BankLayout", "Layout", "PileGeom", "SolitaireLayout", "layout_for", "H", "W"]
