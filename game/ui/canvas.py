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

pygbag can't resize the canvas after start-up, so the shape is chosen once: in the browser
from the page's inner size (``choose``), on the desktop from the command line
(``python -m game --portrait``).
"""

from __future__ import annotations

from dataclasses import dataclass

PORTRAIT_W = 768  # a multiple of 16 pixels (see above)
PORTRAIT_H = (1400, 1800)  # the portrait canvas's height follows the page within these


@dataclass
class Canvas:
    w: int = 1280
    h: int = 720

    @property
    def portrait(self) -> bool:
        return self.h > self.w

    @property
    def size(self) -> tuple[int, int]:
        return (self.w, self.h)

    def use(self, shape: "tuple[int, int] | Canvas") -> None:
        """Make this the canvas (before the window opens: pygbag can't resize it later)."""
        w, h = shape.size if isinstance(shape, Canvas) else shape
        self.w, self.h = int(w), int(h)

    def text(self, size: int) -> int:
        """A text size written for the landscape table, for this canvas: in portrait large
        enough to read on a phone (at least 36: 12 CSS px on a 390-wide page)."""
        return size if not self.portrait else max(36, round(size * 1.8))


LANDSCAPE = Canvas(1280, 720)
PORTRAIT = Canvas(PORTRAIT_W, 1662)  # as a 390x844 page picks it

#: the canvas in use (one object, changed only by ``use``)
CANVAS = Canvas(LANDSCAPE.w, LANDSCAPE.h)


def choose(page_w: float, page_h: float) -> Canvas:
    """The canvas for a page of this inner size (CSS px): landscape 1280x720 unless the page
    is taller than wide; then 768 wide and as tall as the page's shape (within PORTRAIT_H)."""
    if not page_w or not page_h or page_h <= page_w:
        return Canvas(LANDSCAPE.w, LANDSCAPE.h)
    lo, hi = PORTRAIT_H
    h = min(hi, max(lo, int(PORTRAIT_W * page_h / page_w + 0.5)))  # as JS Math.round
    return Canvas(PORTRAIT_W, h)


def choose_for_page() -> Canvas:
    """In the browser: the page's shape (``platform.window.innerWidth/innerHeight``). The page
    template scales the canvas to fit whichever shape this picks."""
    try:
        import platform
        window = platform.window
        return choose(float(window.innerWidth), float(window.innerHeight))
    except Exception:  # no page (or it can't be read): the landscape table
        return Canvas(LANDSCAPE.w, LANDSCAPE.h)

