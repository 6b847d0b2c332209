"""The logical canvas: its size, chosen once at start-up, read by everything that draws.

    from .canvas import CANVAS
    CANVAS.w, CANVAS.h, CANVAS.portrait
    CANVAS.use(PORTRAIT)        # at start-up, before the App opens its window (tests too)

Two shapes. LANDSCAPE is the 1280x720 table every layout was first drawn for. PORTRAIT is for
a phone held upright: 768 logical pixels wide, about twice a 390-CSS-pixel phone, and as tall
as the page's shape asks (1662 for a 390x844 page; between 1400 and 1800). On a 390x844 page
one logical pixel is 0.508 CSS pixel, so the portrait layouts keep cards at least 72 logical
pixels wide (36.6 CSS px), buttons at least 88 tall (44.7 CSS px) and text at least 36 in
``theme.text``'s sizes (the bundled font's height, 24 logical px: 12.2 CSS px).

Why 768 and not 780 (exactly twice 390): a row of 780 pixels is 3120 bytes, not a multiple of
64, and SDL then copies surfaces slowly: natively a full-canvas blit took 5.1 ms at 780x1688
and 0.9 ms at 784x1688 (1280x720: 0.6 ms); 768 keeps every goal above.

A third shape, for a phone held sideways: a page wider than 16:9 and short (under 540 CSS px)
gets the 720-high table with a *rail* right of it, as wide as the page's shape leaves (200 to
400 logical px, e.g. 1552x720 for an 844x390 page). The table is drawn as on the 1280x720
canvas (``table_w``), its own words at least RAIL_TEXT (``label``; a layout's ``SIDEWAYS``
makes room for them where it must); its buttons (the one-player toolbar, a side panel's) move into
the rail as a column (``rail_rows``), 83 high or more (45 CSS px on an 844x390 page, where the
top bar's are 21). The canvas is scaled by the page's height there either way, so nothing
gets smaller.

pygbag can't resize the canvas after start-up, so the shape is chosen once: in the browser
from the page's inner size (``choose``; web/parlour.tmpl's ``parlourShape`` is the same rule),
on the desktop from the command line (``python -m game --portrait``, ``--sideways``).
"""

from __future__ import annotations

from dataclasses import dataclass

PORTRAIT_W = 768  # a multiple of 16 pixels (see above)
PORTRAIT_H = (1400, 1800)  # the portrait canvas's height follows the page within these
TABLE_W = 1280  # the landscape table's width (a wider canvas has a rail beyond it)
RAIL_W = (200, 400)  # a sideways phone's rail: narrower is not worth it, wider is capped
SHORT_PAGE = 540  # CSS px: a landscape page shorter than this is a phone held sideways
#: sideways, the least text size: a line 23 logical px high, 12.5 CSS px on an 844x390 page
RAIL_TEXT = 32


@dataclass
class Canvas:
    w: int = 1280
    h: int = 720

    @property
    def portrait(self) -> bool:
        return self.h > self.w

    @property
    def rail(self) -> int:
        """The width of the rail right of the landscape table (0: none)."""
        return 0 if self.portrait else max(0, self.w - TABLE_W)

    @property
    def table_w(self) -> int:
        """How wide the table is drawn: the canvas's width but for the rail."""
        return self.w - self.rail

    def rail_rows(self, n: int, gap: int = 6) -> list[tuple[int, int, int, int]]:
        """``n`` rows of the rail, top to bottom, as tall as it allows (at most 110)."""
        h = min(110, (self.h - (n + 1) * gap) // max(1, n))
        x, w = self.table_w + gap + 2, self.rail - 2 * gap - 2
        return [(x, gap + i * (h + gap), w, h) for i in range(n)]

    @property
    def size(self) -> tuple[int, int]:
        return (self.w, self.h)

    def use(self, shape: tuple[int, int] | Canvas) -> None:
        """Make this the canvas (before the window opens: pygbag can't resize it later)."""
        w, h = shape.size if isinstance(shape, Canvas) else shape
        self.w, self.h = int(w), int(h)

    def text(self, size: int) -> int:
        """A text size written for the landscape table, for this canvas: in portrait large
        enough to read on a phone (at least 36: 12 CSS px on a 390-wide page)."""
        return size if not self.portrait else max(36, round(size * 1.8))

    def label(self, size: int) -> int:
        """A table's own small words (a pile's count, "Reserve" beside it, a word on an empty
        place) written at ``size`` for the landscape table: as ``text`` makes it, and on a
        phone held sideways at least RAIL_TEXT (12.5 CSS px; the 1280x720 table's 16 to 20
        were 6.5 to 7.6 CSS px there)."""
        return max(size, RAIL_TEXT) if self.rail else self.text(size)


LANDSCAPE = Canvas(1280, 720)
PORTRAIT = Canvas(PORTRAIT_W, 1662)  # as a 390x844 page picks it
SIDEWAYS = Canvas(TABLE_W + 272, 720)  # as an 844x390 page picks it

#: the canvas in use (one object, changed only by ``use``)
CANVAS = Canvas(LANDSCAPE.w, LANDSCAPE.h)


def choose(page_w: float, page_h: float) -> Canvas:
    """The canvas for a page of this inner size (CSS px): landscape 1280x720 unless the page
    is taller than wide; then 768 wide and as tall as the page's shape (within PORTRAIT_H);
    a short page much wider than 16:9 gets a rail right of the 1280x720 table."""
    if not page_w or not page_h:
        return Canvas(LANDSCAPE.w, LANDSCAPE.h)
    if page_h <= page_w:
        if page_h < SHORT_PAGE:  # a phone on its side: a rail for big buttons, if it fits
            rail = min(RAIL_W[1], int(LANDSCAPE.h * page_w / page_h) // 16 * 16 - TABLE_W)
            if rail >= RAIL_W[0]:
                return Canvas(TABLE_W + rail, LANDSCAPE.h)
        return Canvas(LANDSCAPE.w, LANDSCAPE.h)
    lo, hi = PORTRAIT_H
    h = min(hi, max(lo, int(PORTRAIT_W * page_h / page_w + 0.5)))  # as JS Math.round
    return Canvas(PORTRAIT_W, h)


def choose_for_page() -> Canvas:
    """In the browser: the page's shape (``platform.window.innerWidth/innerHeight``). The page
    template scales the canvas to fit whichever shape this picks."""
    try:
        import platform

        window = platform.window  # type: ignore[attr-defined]  # (pygbag's, not the stdlib's)
        return choose(float(window.innerWidth), float(window.innerHeight))
    except Exception:  # no page (or it can't be read): the landscape table
        return Canvas(LANDSCAPE.w, LANDSCAPE.h)
