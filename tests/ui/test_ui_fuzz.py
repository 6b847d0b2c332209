"""Random input and many settings through the real client (issue 25 item 7): no input raises,
on any of the ten games, and memory stays flat however often the player changes the card
colours, backs and table colours. In the browser, memory once taken is never given back, so
the caches of drawn things must be bounded. The full-size run is ``./build.sh bench fuzz``
(bench/fuzz.py; its figures are in BENCHMARKS.md)."""

from __future__ import annotations

import gc
import random
import types

import pygame
import pytest

from game.core import GAMES, info
from game.session import GENERAL
from game.ui import card_art as cards
from game.ui import theme
from game.ui.card_art import ART_CACHE, CardArt
from game.ui.screens import SettingsScene
from testbed.client_fuzzing import Fuzzer
from tests.support.client import app_on_page

CHOICES = {o.name: o.choices for o in GENERAL}


def face_up_card(t):
    """(pile, index, card) of a face-up card at the top of a pile of the table: a diamond or
    a club if there is one (their colours are what the four-colour setting changes)."""
    tops = [
        (name, len(cards_) - 1, cards_[-1][0])
        for name, cards_ in t.piles().items()
        if cards_ and cards_[-1][1] and name in t.layout.piles
    ]
    assert tops, "no face-up card on the table"
    return min(tops, key=lambda top: top[2].suit not in "DC")


def drawn_as_fresh_art(ui, t, pile, index, card) -> bool:
    """Is the card at (pile, index) drawn as a CardArt made now, for this table's size and the
    chosen colours, would draw it (its corner: rank and suit, in its colour)?"""
    L, four = t.layout, ui.app.settings.four_colour
    fresh = CardArt(L.card_w, L.card_h, four, L.fan, L.reveal).face(card)
    rect = ui.card_rect(pile, index)
    corner = pygame.Rect(4, 4, min(40, rect.w - 8), min(30, rect.h - 8))
    ui.app.draw()
    shown = ui.app.screen.subsurface(corner.move(rect.topleft)).copy()
    expected = pygame.Surface(corner.size).convert()
    expected.blit(ui.app.screen, (0, 0), corner.move(rect.topleft))  # the felt behind
    expected.blit(fresh, (0, 0), corner)
    return pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")


@pytest.mark.slow  # more than 3 s of CPU natively
def test_memory_stays_flat_however_often_colours_and_backs_change(ui):
    """Every colour scheme, back and felt, each on every table and the title (which draws the
    cards ahead of need), twice over: the card art kept stays within ART_CACHE arts (it was one
    art per card size and colour scheme ever chosen: 48 MB in 20), an art pushed out lets go
    of its pictures even where a table still holds it, text within its byte budget, one felt
    and one dimming sheet; and every table still draws its cards in the chosen colours."""
    app = ui.app
    app.settings.animations = False
    biggest = 0
    for _ in range(2):
        for four in (True, False):
            for back, felt in zip(CHOICES["card_back"], CHOICES["felt"]):
                app.show(SettingsScene(app))
                ui.frames(1)
                for name, value in (("four_colour", four), ("card_back", back), ("felt", felt)):
                    ui.click(ui.button(f"{name}={value}"))
                    assert getattr(app.settings, name) == value
                for game in GAMES:
                    app.open_game(game)
                    ui.frames(1)
                    biggest = max(biggest, cards._art_bytes(app.scene.art))
                app.title()
                ui.frames(12)  # the title makes the likeliest tables' cards ahead of need
                assert cards.cache_info()["entries"] <= ART_CACHE
    gc.collect()
    arts = [o for o in gc.get_objects() if isinstance(o, CardArt)]
    kept = [a for a in arts if cards.cached(a)]
    assert len(kept) == cards.cache_info()["entries"] <= ART_CACHE
    assert cards.cache_info()["bytes"] <= ART_CACHE * biggest
    # tables not shown may hold an art pushed out of the cache: it holds no pictures
    assert all(not (a._faces or a._backs or a._pips) for a in arts if not cards.cached(a))
    info_ = theme.cache_info()
    assert info_["text_bytes"] <= theme.TEXT_CACHE_BYTES
    assert info_["felts"] == 1 and info_["overlays"] <= 2
    # what the player sees: each table's cards in the colours chosen last (two-colour), also
    # on a table whose art was pushed out and let go while it was out of sight
    assert app.settings.four_colour is False
    for game in GAMES:
        t = app.open_game(game)
        ui.frames(1)
        assert cards.cached(t.art)
        pile, index, card = face_up_card(t)
        assert drawn_as_fresh_art(ui, t, pile, index, card), game


def canvas_surfaces_held(root) -> int:
    """How many surfaces as large as the canvas are reachable from ``root`` that are its own:
    not through the app, the card art or modules, and not the shared felt or dimming sheet."""
    canvas = ui_canvas_bytes()
    shared = {id(s) for s in (*theme._felt.values(), *theme._overlays.values())}
    seen, stack, found = {id(root)}, [root], set()
    while stack:
        for r in gc.get_referents(stack.pop()):
            if (
                id(r) in seen
                or isinstance(r, (type, types.ModuleType, types.FunctionType, CardArt))
                or type(r).__name__ == "App"
            ):
                continue
            seen.add(id(r))
            if isinstance(r, pygame.Surface):
                if id(r) not in shared and r.get_pitch() * r.get_height() >= canvas:
                    found.add(id(r))
            else:
                stack.append(r)
    return len(found)


def ui_canvas_bytes() -> int:
    from game.ui.canvas import CANVAS

    return CANVAS.w * CANVAS.h * 4


def test_a_table_out_of_sight_keeps_no_picture_of_the_whole_canvas(ui):
    """A won game's celebration draws its trails on a copy of the table (3.5 MB): once the
    player goes elsewhere, the table keeps neither it nor its layer (ten tables won and left
    kept 35 MB)."""
    t = ui.app.open_game("forty-thieves")
    t.start(7)
    ui.frames(2)
    t.celebrate()  # what a win starts
    ui.frames(5)
    assert canvas_surfaces_held(t) >= 1  # the layer and the trail, while it is shown
    ui.app.title()
    ui.frames(2)
    assert canvas_surfaces_held(t) == 0


@pytest.mark.parametrize("game", GAMES)
def test_random_input_on_every_game_raises_nothing(ui, game):
    """Clicks, double clicks, drags (some never let go), keys with and without modifiers, the
    wheel, fingers and window events, on the table, its dialogs and the screens it leads to,
    for 160 frames of varied length: any exception fails the test with its traceback."""
    app = ui.app
    app.settings.pace = "instant"
    fuzz = Fuzzer(app, random.Random(f"{game}-1"), games=[game])
    app.open_game(game, new=True)
    for _ in range(160):
        fuzz.frame()
    assert game in fuzz.opened  # the game's table was played on
    assert info(game).title  # (the registry's game)


@pytest.mark.parametrize("page", [(390, 844), (844, 390)], ids=["upright", "sideways"])
def test_random_input_on_a_phone_raises_nothing(page):
    """The same on a phone held upright and on its side (their own layouts, panels and
    rails), going from game to game."""
    with app_on_page(page) as ui:
        fuzz = Fuzzer(ui.app, random.Random(f"{page}"))
        for game in GAMES:
            ui.app.open_game(game, new=True)
            fuzz.later.clear()  # (the last game's input still to come isn't this one's)
            ui.app.step(1000 / 60)  # the table drawn once, then random input on it
            assert getattr(ui.app.scene, "game_id", None) == game
            for _ in range(25):
                fuzz.frame()
