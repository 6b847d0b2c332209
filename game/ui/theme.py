"""Colours, fonts and cached text: everything drawn goes through these few helpers so a frame
only blits surfaces that were rendered once."""

from __future__ import annotations

import functools
from collections import OrderedDict
from pathlib import Path

import pygame

from game.ui.canvas import CANVAS

FELT = (22, 92, 58)
FELT_DARK = (16, 70, 44)
# the table colours a player may choose (Settings, "felt"): top and bottom of the gradient.
# Every text and ring colour below reads at least as well on each as on the green.
FELTS = {
    "green": (FELT, FELT_DARK),
    "blue": ((26, 62, 104), (18, 44, 78)),
    "burgundy": ((112, 34, 42), (84, 24, 32)),
    "charcoal": ((66, 70, 74), (44, 47, 51)),
}
FELT_LINE = (60, 140, 100)
BAR = (14, 48, 32)
BAR_LINE = (40, 90, 64)
INK = (245, 245, 235)
INK_DIM = (190, 210, 195)
INK_FAINT = (120, 160, 135)
GOLD = (240, 200, 80)
RED_INK = (255, 120, 110)
BUTTON = (38, 74, 56)
BUTTON_HOVER = (56, 102, 78)
BUTTON_DOWN = (28, 56, 42)
BUTTON_OFF = (30, 52, 42)
BUTTON_LINE = (90, 150, 118)
ACCENT = (250, 210, 90)
TARGET = (120, 230, 140)
# every ring means one thing: the picked card gold, the keyboard's focus white, a hint blue;
# a pile's special state (Indian Patience's protected card) orange
SELECT = (250, 210, 90)
FOCUS = (250, 250, 250)
HINT = (90, 200, 255)
MARK = (245, 150, 60)
DANGER = (210, 60, 50)
PANEL = (12, 40, 28)

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
TEXT_CACHE_BYTES = 6_000_000  # rendered text kept, least recently used dropped first
_text_bytes = 0


# The text font: DejaVu Sans, Book and Bold, cut down to the game's characters by
# tools/make_font.py (licence beside them). A size here is the size pygame's old default font
# took (its em is 0.6875 of it), so every size written for that font keeps its letters' height.
FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}
EM = 0.6875


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The text font at ``size`` (its em ``int(size * EM)`` px), Bold or Book, cached.
    Kerned: pygame-ce's SDL_ttf shapes text with HarfBuzz (natively and in pygbag's wasm
    build), which kerns Latin text from the font's GPOS 'latn' kerning once the script is
    named (left unnamed it shapes as "DFLT": the full DejaVu kerns almost nothing there, our
    subset falls back to its old 'kern' table); an SDL_ttf built without HarfBuzz refuses
    the script and kerns from that 'kern' table too."""
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = pygame.font.Font(str(FONT_FILES[bold]), max(1, int(size * EM)))
        try:
            f.set_script("Latn")
        except (pygame.error, AttributeError):
            pass
        _fonts[key] = f
    return f


def text(s: str, size: int = 24, color=INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached. The cache holds at most TEXT_CACHE_BYTES of pixels,
    dropping the least recently used first: lines that change every second (the clock, the
    move count) come and go without the memory growing."""
    global _text_bytes
    key = (s, size, color, bold)
    surf = _texts.get(key)
    if surf is None:
        surf = _render(s, size, color, bold)
        _texts[key] = surf
        _text_bytes += _size(surf)
        while _text_bytes > TEXT_CACHE_BYTES and len(_texts) > 1:
            _, old = _texts.popitem(last=False)
            _text_bytes -= _size(old)
    else:
        _texts.move_to_end(key)
    return surf


def _render(s: str, size: int, color, bold: bool) -> pygame.Surface:
    """Drawn at the size it is shown, never scaled: DejaVu's hinting keeps stems, dots and
    spacing even down to 11 px (pygame's old default font, hinted badly at small sizes, was
    once drawn twice as large and halved, which spaced letters unevenly: "f rom")."""
    return font(size, bold).render(s, True, color)


def measure(s: str, size: int, bold: bool = False) -> int:
    """The width ``text`` draws ``s`` at."""
    return font(size, bold).size(s)[0]


@functools.lru_cache(maxsize=512)
def fit_size(s: str, size: int, width: int, bold: bool = False) -> int:
    """The size to draw ``s`` at to fit ``width``: ``size``, or smaller (down to two thirds
    of it) when a language's words are longer than English's ("Wiederholen" on the button
    English calls "Redo"); cached."""
    least = max(8, (size * 2 + 2) // 3)
    while size > least and measure(s, size, bold) > width:
        size -= 1
    return size


def _size(surf: pygame.Surface) -> int:
    return surf.get_pitch() * surf.get_height()


def blit_text(
    dest: pygame.Surface, s: str, pos, size=24, color=INK, bold=False, anchor: str = "topleft"
) -> pygame.Rect:
    surf = text(s, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    dest.blit(surf, rect)
    return rect


@functools.lru_cache(maxsize=1024)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Split text into lines no wider than ``width`` pixels (paragraphs kept); cached."""
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if measure(trial, size, bold) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


_felt: dict = {}


def felt(name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
    """The table cloth in the colour ``name`` (the settings' "felt": one of FELTS; another
    name: green): a soft vertical gradient with a faint weave (made once, shared; the canvas's
    size by default). Only the last one made is kept."""
    size = size or CANVAS.size
    name = name if name in FELTS else "green"
    key = (size, name)
    surf = _felt.get(key)
    if surf is None:
        _felt.clear()  # only the felt in use is kept (3.5 MB at 1280x720): a colour or a
        # canvas chosen later makes its own, and the old one is let go
        surf = _felt[key] = _make_felt(size, FELTS[name])
        if pygame.display.get_surface() is not None:
            surf = _felt[key] = surf.convert()
    return surf


def _make_felt(size, colours=(FELT, FELT_DARK)) -> pygame.Surface:
    surf = pygame.Surface(size)
    w, h = size
    top, bottom = colours
    for y in range(h):
        t = y / max(h - 1, 1)
        c = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom))
        pygame.draw.line(surf, c, (0, y), (w, y))
    weave = pygame.Surface(size, pygame.SRCALPHA)
    for x in range(0, w, 4):
        pygame.draw.line(weave, (255, 255, 255, 6), (x, 0), (x, h))
    for y in range(0, h, 4):
        pygame.draw.line(weave, (0, 0, 0, 8), (0, y), (w, y))
    surf.blit(weave, (0, 0))
    return surf


_overlays: dict[tuple, pygame.Surface] = {}


def overlay(size, color, alpha) -> pygame.Surface:
    """A see-through sheet of one colour (a dialog's dimming of the canvas: 3.5 MB at
    1280x720). Shared, never drawn on: each dialog open at every table once held its own.
    The last two kinds made are kept."""
    key = (tuple(size), tuple(color), alpha)
    s = _overlays.get(key)
    if s is None:
        while len(_overlays) >= 2:
            del _overlays[next(iter(_overlays))]
        s = _overlays[key] = pygame.Surface(size, pygame.SRCALPHA)
        s.fill((*color, alpha))
    return s


def format_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def cache_info() -> dict:
    """What the text, felt and overlay caches hold: entries and the bytes of their pixels."""
    return {
        "texts": len(_texts),
        "text_bytes": _text_bytes,
        "felts": len(_felt),
        "felt_bytes": sum(map(_size, _felt.values())),
        "overlays": len(_overlays),
        "overlay_bytes": sum(map(_size, _overlays.values())),
    }
