"""The text a player reads: the shipped font (DejaVu Sans, subset), drawn at the size it is
shown, kerned, letters of a word evenly spaced (issue 26 item 5: "f rom", "Spad es", "T he").
Zooms of body text go to test-artifacts/text-zoom*.png."""

from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
WHITE = (255, 255, 255)
# the sizes the game writes in (game/ui: landscape 16 to 36; portrait CANVAS.text: 36 and up)
SIZES = [16, 18, 19, 20, 22, 24, 26, 28, 32, 36, 40, 50]
# the words the issue named, and a few more of the game's own
WORDS = ["from", "Spades", "Diamonds", "Available", "The", "Hearts", "Tableau", "Your", "lower"]


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def columns(surf: pygame.Surface) -> list[int]:
    """Each column's strongest alpha."""
    w, h = surf.get_size()
    return [max(surf.get_at((x, y))[3] for y in range(h)) for x in range(w)]


INK = 96  # a column with a pixel this opaque is inked


def letter_gaps(word: str, size: int, bold: bool) -> list[int]:
    """The blank columns between each letter of ``word`` (as drawn, kerned, in one line) and
    the next one (negative: the next letter tucks under it, as o under T). Each letter's ink
    is found by drawing the word one letter longer at a time; a space is skipped, so the gap
    across it is the gap between the words."""
    out = []
    for i in range(1, len(word)):
        if word[i] == " ":
            continue
        before = columns(theme.text(word[:i].rstrip(), size, WHITE, bold))
        after = columns(theme.text(word[: i + 1], size, WHITE, bold))
        before += [0] * (len(after) - len(before))
        right = max(x for x, a in enumerate(before) if a >= INK)
        left = min(x for x, a in enumerate(after) if a >= INK and a - before[x] >= INK)
        out.append(left - right - 1)
    return out


def test_the_text_font_is_the_shipped_dejavu_sans():
    for bold, style in ((False, "Book"), (True, "Bold")):
        path = theme.FONT_FILES[bold]
        assert path.parent == ROOT / "assets" / "fonts" and path.exists()
        f = theme.font(24, bold)
        assert (f.name, f.style_name) == ("DejaVu Sans", style)
    assert (ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt").exists()
    # the subset stays small: the browser downloads it (the full fonts are 760 and 709 KB)
    assert all(p.stat().st_size < 24_000 for p in theme.FONT_FILES.values())  # + de, fr


@pytest.mark.parametrize("bold", [False, True])
def test_text_is_drawn_at_the_size_it_is_shown(bold):
    """Never drawn larger and scaled down: the surface is exactly what the font renders at
    that size, and measure() is its width."""
    for size in SIZES:
        for s in ("Build", "Available moves from the stock"):
            surf = theme.text(s, size, WHITE, bold)
            direct = theme.font(size, bold).render(s, True, WHITE)
            assert surf.get_size() == direct.get_size() == theme.font(size, bold).size(s)
            assert theme.measure(s, size, bold) == surf.get_width()
            assert pygame.image.tobytes(surf, "RGBA") == pygame.image.tobytes(direct, "RGBA")


@pytest.mark.parametrize("bold", [False, True])
def test_text_is_kerned(bold):
    """The o tucks under the T, the V leans on the A: each pair is drawn narrower than its
    two letters side by side (without kerning they are exactly as wide)."""
    for size in SIZES:
        for pair in ("To", "AV", "Yo", "Te"):
            alone = theme.measure(pair[0], size, bold) + theme.measure(pair[1], size, bold)
            assert theme.measure(pair, size, bold) < alone, (pair, size)
        assert letter_gaps("To", size, bold)[0] <= 0, size  # no blank column between T and o


@pytest.mark.parametrize("bold", [False, True])
def test_letters_of_a_word_are_not_spaced_like_words(bold):
    """Within a word no two letters stand apart by more than 0.6 of the gap between two words
    (pygame's old default font, small text drawn large and halved: "T he", "f rom" up to 0.8
    of a word gap at 18-22 px and 0.71 at 32; DejaVu Sans: at most 0.57, "u r" at 26); and a
    gap in a word is at most a sixth of the em beyond the word's usual gap."""
    for size in SIZES:
        for word in WORDS:
            *inner, between = letter_gaps(word + " n", size, bold)
            assert between > 0
            assert max(inner) <= 0.6 * between, (word, size, inner, between)
            usual = sorted(inner)[len(inner) // 2]
            assert max(inner) - usual <= max(2, size * theme.EM / 6), (word, size, inner)


def test_every_character_the_game_writes_is_in_the_font():
    """A character missing from the subset would show as a box: every character of every
    string in the game's code, of every translation and of every rules file has a glyph (the
    subset keeps ASCII, Latin-1, Œ œ, dashes, each language's quotes, the suits;
    tools/make_font.py)."""
    chars = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars.update(c for c in node.value if c.isprintable() and c != " ")
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "game").rglob("*.po")]
    texts += [
        p.read_text(encoding="utf-8") for p in (ROOT / "game" / "core" / "rules").glob("*.md")
    ]
    assert len(texts) >= 12
    for text in texts:
        chars.update(c for c in text if c.isprintable() and c != " ")
    for bold in (False, True):
        f = theme.font(24, bold)
        missing_glyph = pygame.image.tobytes(f.render("\ue000", True, WHITE), "RGBA")
        lost = sorted(
            c
            for c in chars
            if pygame.image.tobytes(f.render(c, True, WHITE), "RGBA") == missing_glyph
        )
        assert not lost, f"not in the font: {lost}"


def test_zoom_of_body_text():
    """A picture to look at: body text at the game's sizes, and four times larger."""
    lines = [
        "from Spades Diamonds Available The Your top reserve card is lower",
        "Battle solitaire: move the Eight of spades onto the Nine of hearts · To AV",
    ]
    surf = pygame.Surface((760, 300))
    surf.fill(theme.FELT)
    y = 4
    for size in (16, 18, 20, 22, 24, 28, 36):
        for bold in (False, True):
            r = theme.blit_text(
                surf, f"{size}{'b' if bold else ''}: {lines[bold]}", (4, y), size, theme.INK, bold
            )
            y += r.h + 2
    ARTIFACTS.mkdir(exist_ok=True)
    pygame.image.save(surf, ARTIFACTS / "text-body.png")
    zoom = pygame.transform.scale_by(surf.subsurface((0, 0, 380, 150)), 4)
    pygame.image.save(zoom, ARTIFACTS / "text-zoom.png")
    assert y < 300
