"""Make the game's text font: DejaVu Sans (Book and Bold) cut down to the characters the game
shows, written to assets/fonts/ (game/ui/theme.py renders every line of text with them).

    apt-get install fonts-dejavu-core                  # the source fonts (Debian's DejaVu 2.37)
    python -m venv /tmp/fnt && /tmp/fnt/bin/pip install fonttools
    /tmp/fnt/bin/python tools/make_font.py             # rewrites assets/fonts/*.ttf

fontTools (pyftsubset) is needed only to run this script, never by the game or its tests: the
subset fonts are committed. ``--source DIR`` reads the two .ttf files from another folder.

What is kept (the browser downloads it: both fonts add about 23 KB to the packed game):
- the characters: printable ASCII, German's and French's letters (ä ß é ç œ ...), the middle
  dot the game writes between facts, « », a few typographic marks (dashes, quotes of each
  language, ellipsis, bullet, no-break spaces, minus) and the four suits
  (tests/ui/test_ui_text.py checks that every character in the game's code has a glyph: add
  any new one here and run this again);
- the names' copyright, trademark, family and version (name IDs 0-7; the licence's full
  text is assets/fonts/LICENSE-DejaVu.txt, packed with the fonts);
- the kerning (GPOS 'kern' and the old 'kern' table: pygame-ce's SDL_ttf shapes text with
  HarfBuzz, which reads GPOS; built without HarfBuzz it reads the 'kern' table);
- nothing else of the layout tables (ligatures, marks), and not DejaVu's TrueType hinting
  instructions: FreeType's own auto-hinter then fits the glyphs to the pixels, the same way
  in the browser's pygame-ce (FreeType 2.6, whose older bytecode interpreter snapped DejaVu's
  stems to 2 px at 19 px: size-28 text looked bold) as natively (FreeType 2.13).

The vertical metrics are set to the tallest and deepest of the characters kept: DejaVu
reserves room above for accented capitals and other scripts, which made each line 2-3 px
taller than its letters need at the sizes the game uses.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parents[1] / "assets" / "fonts"
SOURCE = Path("/usr/share/fonts/truetype/dejavu")
FONTS = {"DejaVuSans.ttf": "DejaVuSans.ttf", "DejaVuSans-Bold.ttf": "DejaVuSans-Bold.ttf"}

ASCII = list(range(0x20, 0x7F))
#: German's and French's letters and marks (a language with others adds them here; the font
#: test names any character of the code, the catalogues or the rules the font lacks)
LETTERS = [ord(c) for c in "ÀÂÄÆÇÈÉÊËÎÏÔÖÙÛÜàâäæçèéêëîïôöùûüÿß«»°·×"] + [0xA0]  # no-break space
UNICODES = (
    ASCII
    + LETTERS
    + [
        0x152,
        0x153,
        0x178,  # Œ œ Ÿ (French)
        0x2013,
        0x2014,
        0x2018,
        0x2019,
        0x201A,
        0x201C,
        0x201D,
        0x201E,
        0x2022,
        0x2026,
        0x202F,
        0x2039,
        0x203A,
        0x2212,
        0x2660,
        0x2663,
        0x2665,
        0x2666,
    ]
)
#: their extent sets the line height: English's own characters, as before German and French
#: came. A line with an accented capital (Ä, É) is a few pixels taller: SDL_ttf makes such a
#: line's surface as tall as its letters, so nothing is cut, and English lines keep their height
OWN = ASCII + [
    0xB7,
    0xD7,
    0x2013,
    0x2014,
    0x2018,
    0x2019,
    0x201C,
    0x201D,
    0x2022,
    0x2026,
    0x2212,
    0x2660,
    0x2663,
    0x2665,
    0x2666,
]


def make(source: Path, out: Path) -> int:
    """Subset ``source`` into ``out``; the number of bytes written."""
    options = subset.Options()
    options.layout_features = ["kern"]
    options.hinting = False  # FreeType's auto-hinter, alike in every build
    options.legacy_kern = True  # the 'kern' table too (SDL_ttf without HarfBuzz reads it)
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7]  # copyright, names, version, trademark
    options.name_languages = [0x409]  # (English)
    options.notdef_outline = True
    options.glyph_names = False
    options.drop_tables += ["FFTM", "MATH"]
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=UNICODES)
    subsetter.subset(font)
    tighten(font)
    subset.save_font(font, str(out), options)
    return out.stat().st_size


def tighten(font: TTFont) -> None:
    """Ascent and descent from the game's own characters (hhea, OS/2 typo and win)."""
    cmap = font.getBestCmap()
    glyf = font["glyf"]
    top, bottom = 0, 0
    for code in OWN:
        g = glyf[cmap[code]]
        if g.numberOfContours:
            g.recalcBounds(glyf)
            top, bottom = max(top, g.yMax), min(bottom, g.yMin)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = top, bottom, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = top, bottom, 0
    os2.usWinAscent, os2.usWinDescent = top, -bottom


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, source_name in FONTS.items():
        source = args.source / source_name
        size = make(source, OUT / name)
        print(f"{name}: {source.stat().st_size:,} bytes -> {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
