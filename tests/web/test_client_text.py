"""The text in the browser: the real client (pygbag's pygame-ce 2.5.7 in WebAssembly, its own
FreeType and HarfBuzz) draws with the shipped DejaVu Sans, kerned, at the size shown, letters
of a word evenly spaced (issue 26 item 5). A zoom of the text as WebAssembly drew it goes to
test-artifacts/text-zoom-wasm.png, beside tests/ui/test_ui_text.py's native one."""

from __future__ import annotations

import base64
import importlib.util
import inspect
from pathlib import Path

import pygame

from testbed.client import client_settings, stored
from tests.web.test_client_browser import client  # noqa: F401 (the fixture; site is conftest's)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# the native test's measures, run in the page as they are
_spec = importlib.util.spec_from_file_location("_native_text", ROOT / "tests/ui/test_ui_text.py")
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)

IN_PAGE = f"""
import base64 as _b64
import pygame as _pg
import pygame
from game.ui import theme
WHITE, INK = {native.WHITE!r}, {native.INK!r}
{inspect.getsource(native.columns)}
{inspect.getsource(native.letter_gaps)}
def _text_facts(sizes, words):
    out = {{"fonts": [[theme.font(24, b).name, theme.font(24, b).style_name]
                      for b in (False, True)]}}
    out["kerned"] = [[s, p, theme.measure(p, s), theme.measure(p[0], s) + theme.measure(p[1], s)]
                     for s in sizes for p in ("To", "AV", "Yo")]
    out["unscaled"] = [[s, list(theme.text("Build", s).get_size()),
                        list(theme.font(s).size("Build"))] for s in sizes]
    out["gaps"] = [[s, w, letter_gaps(w + " n", s, False)] for s in sizes for w in words]
    sheet = _pg.Surface((380, 150))
    sheet.fill(theme.FELT)
    y = 4
    for s in (16, 18, 20, 22, 24, 28, 36):
        y += theme.blit_text(sheet, f"{{s}}: from Spades Diamonds Available The Your top",
                             (4, y), s).h + 2
    out["sheet"] = _b64.b64encode(_pg.image.tobytes(sheet, "RGB")).decode()
    return out
"""


def test_text_in_the_browser_is_the_shipped_font_kerned_at_its_size(client):  # noqa: F811
    c = client.open(stored({"settings": client_settings()}))
    c.page.exec(IN_PAGE)
    sizes = [16, 20, 24, 36]
    facts = c.page.eval(f"_text_facts({sizes!r}, {native.WORDS!r})")
    sheet = pygame.image.frombytes(base64.b64decode(facts["sheet"]), (380, 150), "RGB")
    ARTIFACTS.mkdir(exist_ok=True)
    pygame.image.save(pygame.transform.scale_by(sheet, 4), ARTIFACTS / "text-zoom-wasm.png")
    assert facts["fonts"] == [["DejaVu Sans", "Book"], ["DejaVu Sans", "Bold"]]
    for size, pair, together, apart in facts["kerned"]:
        assert together < apart, f"{pair} at {size} is not kerned ({together} vs {apart})"
    for size, drawn, font_size in facts["unscaled"]:
        assert drawn == font_size, size
    for size, word, gaps in facts["gaps"]:
        *inner, between = gaps
        assert between > 0 and max(inner) <= 0.6 * between, (word, size, gaps)
