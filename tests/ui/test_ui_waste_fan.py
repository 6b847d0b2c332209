"""A game whose stock turns three cards shows the three (issue 26 item 9: Little Harp's draw of
three showed only the top waste card): its waste fans its top three (the layout's
``fan_last``), each card's corner drawn where a player sees it, clear of every other pile, on
the 1280x720 canvas, upright and sideways. Which games turn three is found by clicking each
solitaire's stock. Screenshots: test-artifacts/waste-fan-*.png."""

from __future__ import annotations

import pygame
import pytest

from game.core import GAMES, info
from tests.support.client import app_on_page

PAGES = {"landscape": (1280, 720), "upright": (390, 844), "sideways": (844, 390)}


def corner_shown(ui, rect: pygame.Rect, width: int, card) -> bool:
    """Is the card's face drawn at ``rect`` over the ``width`` left of it that lies in sight
    (its corner: rank and suit), pixel for pixel?"""
    t = ui.table
    part = pygame.Rect(8, 8, width - 14, 30)  # (clear of the rounded corner and the next card)
    screen_part = ui.app.screen.subsurface(part.move(rect.topleft)).copy()
    face = pygame.Surface(part.size).convert()
    face.blit(t.art.face(card), (0, 0), part)
    return pygame.image.tobytes(screen_part, "RGB") == pygame.image.tobytes(face, "RGB")


def reach(geom) -> pygame.Rect:
    """Where a pile's cards may ever lie: a column fanning down reaches its limit."""
    r = geom.rect.copy()
    if geom.fan[1] > 0:
        r.height = max(r.h, (geom.limit or r.bottom + 13 * geom.fan[1]) - r.y)
    return r


@pytest.mark.parametrize("page", list(PAGES))
def test_a_stock_turning_three_shows_the_three_on_the_waste(page):
    turning_three = []
    with app_on_page(PAGES[page]) as ui:
        for game_id in GAMES:
            if info(game_id).table != "solitaire":
                continue
            t = ui.app.open_game(game_id, new=True)
            t.start(7)
            ui.settle()
            if "waste" not in t.layout.piles or "stock" not in t.layout.piles:
                continue
            for turn in range(2):  # twice: the second three lie over the first
                waste = t.state.pile["waste"]
                before = len(waste.cards)
                ui.click(ui.card_point("stock"))
                ui.settle()
                if len(waste.cards) - before < 3:
                    break
                if turn == 0:
                    turning_three.append(game_id)
                faces = t.faces("waste")
                rects = t.layout.card_rects("waste", faces)[-3:]
                cards = waste.cards[-3:]
                ui.app.draw()
                for i, (r, card) in enumerate(zip(rects, cards)):
                    seen = rects[i + 1].x - r.x if i < 2 else r.w
                    assert seen >= 30, (game_id, page, i, "too little of it shows")
                    assert corner_shown(ui, r, seen, card), (game_id, page, card)
                area = rects[0].union(rects[-1])
                assert area.right <= t.layout.table_right and area.bottom <= CANVAS_H(ui)
                for name, geom in t.layout.piles.items():
                    if name != "waste":
                        assert not area.colliderect(reach(geom)), (game_id, page, name)
            ui.screenshot(f"waste-fan-{game_id}-{page}.png")
    assert turning_three == [g for g in GAMES if g in ("canfield", "little-harp")]


def CANVAS_H(ui) -> int:  # noqa: N802
    return ui.app.screen.get_height()
