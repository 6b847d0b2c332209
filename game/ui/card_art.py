"""Card faces and backs drawn in code at their logical size, cached.

Suit pips are polygons and circles drawn four times larger and smooth-scaled down, so they are
anti-aliased; ranks use the bundled font. ``fan`` says which edge of a covered card stays
visible: "down" (solitaire columns: the top strip) or "side" (Russian Bank houses: the left or
right strip), and the corner indices are placed to be readable in that strip.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.core.language import current
from game.ui import theme
from game.ui.board.places import Fan
from game.ui.canvas import CANVAS
from game.ui.corner_letters import rank_text

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: the ranks written as letters, in the language spoken (as the games write them on an empty
#: place: Canfield's base rank); a card's corner and its picture card's centre show them
TWO_COLOUR = {"S": (25, 25, 30), "C": (25, 25, 30), "H": (200, 20, 30), "D": (200, 20, 30)}
FOUR_COLOUR = {"S": (25, 25, 30), "H": (200, 20, 30), "D": (20, 80, 200), "C": (15, 130, 50)}
PAPER = (252, 250, 242)
EDGE = (70, 70, 70)
# the card backs a player may choose (Settings, "card_back"): ground, lines and pattern
BACK_STYLES = {
    "blue": ((28, 60, 140), (70, 110, 200), "lattice"),
    "red": ((150, 30, 40), (215, 90, 90), "rings"),
    "green": ((18, 92, 60), (96, 178, 122), "checks"),
    "purple": ((72, 36, 112), (164, 116, 214), "stripes"),
}


def back_style_of(deck: int, chosen: str) -> str:
    """Pack 0 wears the chosen back; a two-pack game's pack 1 red, or blue when red is
    chosen, so the two packs always look apart."""
    if deck % 2 == 0:
        return chosen if chosen in BACK_STYLES else "blue"
    return "blue" if chosen == "red" else "red"


SS = 4  # supersampling factor for smooth shapes

# pip positions for 2..10 (x in 0..1 across the pip area, y in 0..1 down it)
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ],
}


def _pip_shape(surf: pygame.Surface, suit: str, color) -> None:
    """Draw a suit symbol filling ``surf`` (a square)."""
    s = surf.get_width()

    def p(x, y):
        return (x * s, y * s)

    def circle(x, y, r):
        pygame.draw.circle(surf, color, p(x, y), r * s)

    if suit == "D":
        pygame.draw.polygon(surf, color, [p(0.5, 0.0), p(0.9, 0.5), p(0.5, 1.0), p(0.1, 0.5)])
    elif suit == "H":
        circle(0.285, 0.33, 0.245)
        circle(0.715, 0.33, 0.245)
        pygame.draw.polygon(
            surf, color, [p(0.055, 0.42), p(0.5, 0.97), p(0.945, 0.42), p(0.5, 0.30)]
        )
    elif suit == "S":
        circle(0.285, 0.58, 0.225)
        circle(0.715, 0.58, 0.225)
        pygame.draw.polygon(surf, color, [p(0.065, 0.52), p(0.5, 0.0), p(0.935, 0.52), p(0.5, 0.7)])
        pygame.draw.polygon(surf, color, [p(0.5, 0.6), p(0.3, 1.0), p(0.7, 1.0)])
    else:  # clubs
        circle(0.5, 0.27, 0.22)
        circle(0.26, 0.60, 0.22)
        circle(0.74, 0.60, 0.22)
        circle(0.5, 0.52, 0.12)
        pygame.draw.polygon(surf, color, [p(0.5, 0.45), p(0.31, 1.0), p(0.69, 1.0)])


def pip(suit: str, size: int, color) -> pygame.Surface:
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    _pip_shape(big, suit, color)
    return pygame.transform.smoothscale(big, (size, size))


def rounded(size, radius, fill, edge=None, width=1) -> pygame.Surface:
    """An anti-aliased rounded rectangle (supersampled)."""
    w, h = size
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    if edge is not None:
        pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius * SS)
        inner = big.get_rect().inflate(-2 * width * SS, -2 * width * SS)
        pygame.draw.rect(big, fill, inner, border_radius=max(radius - width, 1) * SS)
    else:
        pygame.draw.rect(big, fill, big.get_rect(), border_radius=radius * SS)
    return pygame.transform.smoothscale(big, (w, h))


PHONE_RANK = 36  # the corner index's largest font on the portrait canvas (12 CSS px and more)


class CardArt:
    """Every card image for one card size, made on first use and kept."""

    def __init__(
        self,
        width: int,
        height: int,
        four_colour: bool = False,
        fan: Fan = Fan.DOWN,
        reveal: int = 0,
    ):
        """``reveal``: how much of a face-up card its table's fans leave in sight (0: none
        fan); on the portrait canvas the corner index grows as large as that allows."""
        self.w, self.h = width, height
        self.size = (width, height)
        self.fan = fan
        self.colours = FOUR_COLOUR if four_colour else TWO_COLOUR
        self.radius = max(4, width // 12)
        self.rank_size = max(16, int(height * 0.21))
        self.index_pip = max(8, int(width * 0.15))
        if CANVAS.portrait:
            self.rank_size, self.index_pip = self._phone_index(reveal)
        self.body_pip = max(9, int(width * 0.19))
        self._blank = rounded(self.size, self.radius, PAPER, EDGE).convert_alpha()
        self._faces: dict[int, pygame.Surface] = {}
        self._backs: dict[str, pygame.Surface] = {}
        self._pips: dict[tuple[str, int], pygame.Surface] = {}
        self._slots: dict[str, pygame.Surface] = {}
        self.shadow = rounded((width, height), self.radius, (0, 0, 0, 90)).convert_alpha()
        self.outline: dict[tuple, pygame.Surface] = {}  # rings and tints, by colour and width
        self.back_style = "blue"  # the chosen back (the table sets it from the settings)

    def release(self) -> None:
        """Let go of every image made so far (the art left the cache); they are drawn again
        when asked for."""
        for images in (self._faces, self._backs, self._pips, self._slots, self.outline):
            images.clear()

    def _phone_index(self, reveal: int) -> tuple[int, int]:
        """The corner index for a phone held upright (one logical pixel about half a CSS
        pixel): the rank as near 12 CSS px high as fits (PHONE_RANK: a line 24 logical px
        high, like the text), never taller than a fanned card shows, never wider than the
        card's top strip (rank, pip, and the pip in the other corner) or than a side fan's
        step; the pip beside it grows with it."""
        pad = max(3, self.w // 20)
        for size in range(PHONE_RANK, self.rank_size - 1, -1):
            f = theme.font(size, True)
            ten_w, line_h = f.size("10")
            pip_size = max(self.index_pip, int(size * 0.5))
            if self.fan == Fan.DOWN:
                fits = ten_w + 2 + 2 * pip_size + 4 + 2 * pad <= self.w and (
                    not reveal or pad - 1 + line_h <= reveal - 2
                )
            else:
                fits = ten_w + pad <= (reveal - 1 if reveal else self.w // 2)
            if fits:
                return size, pip_size
        return self.rank_size, self.index_pip

    # ----------------------------------------------------------------- pieces
    def _pip(self, suit: str, size: int) -> pygame.Surface:
        key = (suit, size)
        s = self._pips.get(key)
        if s is None:
            s = self._pips[key] = pip(suit, size, self.colours[suit])
        return s

    def face(self, card) -> pygame.Surface:
        surf = self._faces.get(card.key)
        if surf is None:
            surf = self._faces[card.key] = self._draw_face(card.rank, card.suit)
        return surf

    def back(self, deck: int = 0) -> pygame.Surface:
        style = back_style_of(deck, self.back_style)
        surf = self._backs.get(style)
        if surf is None:
            surf = self._backs[style] = self._draw_back(style)
        return surf

    def image(self, card, face_up: bool, back_deck: int | None = None) -> pygame.Surface:
        if face_up:
            return self.face(card)
        return self.back(card.deck if back_deck is None else back_deck)

    def slot(self, label: str = "") -> pygame.Surface:
        """An empty place on the table, with an optional faint letter (A, K...)."""
        surf = self._slots.get(label)
        if surf is None:
            surf = rounded(self.size, self.radius, (0, 0, 0, 40), (255, 255, 255, 70), 2)
            if label:
                # at least 12 CSS px on a phone, upright or sideways (canvas.RAIL_TEXT)
                size = max(int(self.h * 0.3), 36 if CANVAS.portrait else CANVAS.label(0))
                t = theme.text(label, size, (255, 255, 255, 255), bold=True)
                t = t.copy()
                t.set_alpha(70)
                surf.blit(t, t.get_rect(center=(self.w // 2, self.h // 2)))
            surf = self._slots[label] = surf.convert_alpha()
        return surf

    def ring(self, color, width: int = 3) -> pygame.Surface:
        """A coloured outline the size of a card, for highlights."""
        key = (color, width)
        surf = self.outline.get(key)
        if surf is None:
            w, h = self.w + 2 * width, self.h + 2 * width
            big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
            pygame.draw.rect(
                big,
                (*color, 255),
                big.get_rect(),
                width * SS,
                border_radius=(self.radius + width) * SS,
            )
            surf = self.outline[key] = pygame.transform.smoothscale(big, (w, h)).convert_alpha()
        return surf

    def tint(self, color, alpha: int = 70) -> pygame.Surface:
        key = ("tint", color, alpha)
        surf = self.outline.get(key)
        if surf is None:
            surf = self.outline[key] = rounded(
                self.size, self.radius, (*color, alpha)
            ).convert_alpha()
        return surf

    # ----------------------------------------------------------------- drawing
    def _draw_face(self, rank: int, suit: str) -> pygame.Surface:
        surf = self._blank.copy()
        w, h = self.size
        color = self.colours[suit]
        label = theme.font(self.rank_size, True).render(rank_text(RANK_TEXT[rank - 1]), True, color)
        small = self._pip(suit, self.index_pip)
        pad = max(3, w // 20)
        if self.fan == Fan.DOWN:
            # top strip: rank then pip on one line, at both top corners
            y = pad - 1
            surf.blit(label, (pad, y))
            surf.blit(
                small,
                (
                    pad + label.get_width() + 2,
                    y + (label.get_height() - small.get_height()) // 2 - 1,
                ),
            )
            surf.blit(
                small,
                (
                    w - pad - small.get_width(),
                    y + (label.get_height() - small.get_height()) // 2 - 1,
                ),
            )
            # a mirrored index at the bottom right
            corner = pygame.Surface(
                (label.get_width() + small.get_width() + 2, label.get_height()), pygame.SRCALPHA
            )
            corner.blit(label, (0, 0))
            corner.blit(
                small, (label.get_width() + 2, (label.get_height() - small.get_height()) // 2 - 1)
            )
            corner = pygame.transform.rotate(corner, 180)
            surf.blit(corner, (w - pad - corner.get_width(), h - pad - corner.get_height() + 1))
            top = label.get_height() + pad + 2
        else:
            # side strips: rank above pip, at the top left and top right
            for x_left in (True, False):
                lx = pad if x_left else w - pad - label.get_width()
                surf.blit(label, (lx, pad - 1))
                px = lx + (label.get_width() - small.get_width()) // 2
                surf.blit(small, (px, pad + label.get_height() - 1))
            top = pad + 4
        self._draw_centre(surf, rank, suit, color, top)
        return surf.convert_alpha()

    def _draw_centre(self, surf, rank, suit, color, top):
        w, h = self.size
        if self.fan == Fan.DOWN:
            area = pygame.Rect(int(w * 0.24), top + 2, int(w * 0.52), h - 2 * top - 4)
        else:
            margin = int(w * 0.26)
            area = pygame.Rect(margin, int(h * 0.12), w - 2 * margin, int(h * 0.76))
        if rank == 1:
            big = self._pip(suit, int(min(area.w, area.h) * 0.9))
            surf.blit(big, big.get_rect(center=area.center))
        elif rank <= 10:
            size = self.body_pip
            p = self._pip(suit, size)
            flipped = pygame.transform.rotate(p, 180)
            inner = area.inflate(-size, -size)
            for fx, fy in _PIPS[rank]:
                x = inner.x + fx * inner.w
                y = inner.y + fy * inner.h
                img = flipped if fy > 0.5 else p
                surf.blit(img, img.get_rect(center=(round(x), round(y))))
        else:
            frame = area.inflate(int(w * 0.06), 0)
            panel = rounded(frame.size, 4, (250, 236, 196), (*color, 255), 2)
            surf.blit(panel, frame)
            letter = theme.font(int(frame.h * 0.42), True).render(
                rank_text(RANK_TEXT[rank - 1]), True, color
            )
            surf.blit(
                letter, letter.get_rect(center=(frame.centerx, frame.centery - frame.h * 0.12))
            )
            p = self._pip(suit, max(8, int(frame.w * 0.38)))
            surf.blit(p, p.get_rect(center=(frame.centerx, frame.bottom - frame.h * 0.2)))

    def _draw_back(self, style: str) -> pygame.Surface:
        w, h = self.size
        dark, light, pattern_name = BACK_STYLES[style]
        surf = rounded(self.size, self.radius, (250, 250, 250), EDGE)
        inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 10), -max(6, w // 10))
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        pattern.fill(dark)
        step = max(6, w // 8)
        if pattern_name == "lattice":  # a diamond lattice
            for x in range(-inner.h, inner.w + inner.h, step):
                pygame.draw.line(pattern, light, (x, 0), (x + inner.h, inner.h), 1)
                pygame.draw.line(pattern, light, (x, inner.h), (x + inner.h, 0), 1)
        elif pattern_name == "rings":  # rings in rows
            for row, y in enumerate(range(step // 2, inner.h + step, step)):
                for x in range((row % 2) * step // 2, inner.w + step, step):
                    pygame.draw.circle(pattern, light, (x, y), step // 3, 1)
        elif pattern_name == "checks":  # a checkerboard of small squares, every other filled
            half = max(3, step // 2)
            for row, y in enumerate(range(0, inner.h, half)):
                for x in range((row % 2) * half, inner.w, 2 * half):
                    pygame.draw.rect(pattern, light, (x, y, half, half))
        else:  # stripes: two widths, leaning
            for x in range(-inner.h, inner.w + inner.h, step):
                pygame.draw.line(pattern, light, (x, inner.h), (x + inner.h, 0), 3)
                pygame.draw.line(
                    pattern, light, (x + step // 2, inner.h), (x + step // 2 + inner.h, 0), 1
                )
        mask = rounded(inner.size, max(2, self.radius - 3), (255, 255, 255, 255))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(pattern, inner)
        pygame.draw.rect(surf, light, inner, 1, border_radius=max(2, self.radius - 3))
        return surf.convert_alpha()


# The card-art cache: the arts used last, at most ART_CACHE of them. Each holds a whole pack's
# faces once drawn (1.3 to 3.2 MB on the landscape canvas, more upright), and every card size,
# colour scheme and canvas shape makes another; kept without bound they grew to 48 MB in 20
# arts under random play (issue 25), memory the browser never gives back. Six: the shown
# table's, the title's and four more, so a player going back and forth between a few games
# finds their cards made, whatever the number of settings and shapes they try.
ART_CACHE = 6
_ARTS: OrderedDict[tuple, CardArt] = OrderedDict()


def get_art(width: int, height: int, four_colour: bool, fan: Fan, reveal: int = 0) -> CardArt:
    """The one CardArt for this size and style (kept while it is among the last ART_CACHE
    used, so its images are made once). An art pushed out lets go of its images (``release``):
    whoever still holds it draws them again when they need them."""
    # (the phone's index; the language's letters on the cards)
    key = (width, height, four_colour, fan, reveal, CANVAS.portrait, current())
    art = _ARTS.get(key)
    if art is None:
        art = _ARTS[key] = CardArt(width, height, four_colour, fan, reveal)
        while len(_ARTS) > ART_CACHE:
            _ARTS.popitem(last=False)[1].release()
    else:
        _ARTS.move_to_end(key)
    return art


def cached(art: CardArt | None) -> bool:
    """Is this art the cache's own (not pushed out, not made by hand)?"""
    return art is not None and any(a is art for a in _ARTS.values())


def table_sizes(games) -> list[tuple[int, int, str, int]]:
    """The (card width, height, fan, reveal) of these games' tables on this canvas, in this
    order, each once (for ``warm_up``)."""
    from game.ui.board.places import layout_for

    sizes: list = []
    for game in games:
        L = layout_for(game)
        size = (L.card_w, L.card_h, L.fan, L.reveal)
        if size not in sizes:
            sizes.append(size)
    return sizes


def warm_up(budget_ms: float, four_colour: bool, sizes) -> bool:
    """Draw card faces ahead of need for at most ``budget_ms`` (called once a frame from the
    title screen, so opening a table later does not stall a frame). Only the first
    ART_CACHE - 2 sizes are made (the likeliest first): the cache keeps them with the title's
    and the shown table's art, and the warm-up never pushes out what it made. True when all
    are made."""
    import time

    from game.core.cards import ALL_CARDS

    deadline = time.perf_counter() + budget_ms / 1000
    for w, h, fan, reveal in list(sizes)[: ART_CACHE - 2]:
        art = get_art(w, h, four_colour, fan, reveal)
        for card in ALL_CARDS[:52]:
            if card.key not in art._faces:
                art.face(card)
                if time.perf_counter() >= deadline:
                    return False
        art.back(0)
        art.back(1)
    return True


def _art_bytes(art: CardArt) -> int:
    surfaces = [
        art._blank,
        art.shadow,
        *art._faces.values(),
        *art._backs.values(),
        *art._pips.values(),
        *art._slots.values(),
        *art.outline.values(),
    ]
    return sum(s.get_pitch() * s.get_height() for s in surfaces)


def cache_info() -> dict:
    """What the card-art cache holds: its arts and the bytes of their pixels."""
    return {"entries": len(_ARTS), "bytes": sum(map(_art_bytes, _ARTS.values()))}
