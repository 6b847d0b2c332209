"""Card backs and table colours (issue 18): chosen in Settings, drawn at once on the table and
the screens, saved; the two packs of a two-pack game always look apart; text and rings read on
every felt. Screenshots: test-artifacts/colours-*.png."""

from __future__ import annotations

import pygame
import pytest

from game.session import GENERAL, Settings
from game.storage import Saves
from game.ui import theme
from game.ui.app import App
from game.ui.card_art import BACK_STYLES, back_style_of
from game.ui.screens import SettingsScene

CHOICES = {o.name: o.choices for o in GENERAL}


def pixels(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(pygame.Rect(rect)), "RGB")


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two colours."""

    def lum(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])

    la, lb = sorted((lum(a), lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def stock_back(ui, t):
    """The face-down top card of the stock, as drawn on the screen."""
    ui.app.draw()
    return pixels(ui.app.screen, ui.card_rect("stock").inflate(-12, -12))


def felt_pixel(ui):
    ui.app.draw()
    return ui.app.screen.get_at((4, 400))[:3]


def test_every_choice_in_settings_has_a_drawing():
    assert set(CHOICES["card_back"]) == set(BACK_STYLES)
    assert set(CHOICES["felt"]) == set(theme.FELTS)
    assert Settings().card_back == "blue" and Settings().felt == "green"  # as before


@pytest.mark.parametrize("felt", CHOICES["felt"])
def test_text_and_rings_read_on_every_felt_at_least_as_well_as_on_the_green(felt):
    inks = {
        "INK": theme.INK,
        "INK_DIM": theme.INK_DIM,
        "INK_FAINT": theme.INK_FAINT,
        "GOLD": theme.GOLD,
        "ACCENT": theme.ACCENT,
        "RED_INK": theme.RED_INK,
        "TARGET": theme.TARGET,
        "SELECT": theme.SELECT,
        "FOCUS": theme.FOCUS,
        "HINT": theme.HINT,
        "MARK": theme.MARK,
    }
    for name, ink in inks.items():
        worst = min(contrast(ink, end) for end in theme.FELTS[felt])
        green = min(contrast(ink, end) for end in theme.FELTS["green"])
        assert worst >= green - 0.01, (name, round(worst, 2), round(green, 2))
    assert min(contrast(theme.INK, end) for end in theme.FELTS[felt]) >= 7  # the body text


@pytest.mark.parametrize("chosen", CHOICES["card_back"])
def test_the_two_packs_of_a_two_pack_game_always_look_apart(chosen):
    assert back_style_of(0, chosen) == chosen
    assert back_style_of(1, chosen) != chosen
    styles = {back_style_of(0, c) for c in CHOICES["card_back"]}
    assert len(styles) == len(CHOICES["card_back"])  # every choice draws its own back


def test_a_back_and_a_felt_chosen_in_settings_show_at_once_and_are_saved(ui, store):
    ui.app.settings.auto_move = False
    t = ui.app.open_game("forty-thieves")
    t.start(7)
    ui.settle()
    blue_back, green = stock_back(ui, t), felt_pixel(ui)
    ui.app.show(SettingsScene(ui.app))
    ui.frames(1)
    ui.click(ui.button("felt=burgundy"))
    assert felt_pixel(ui) != green  # the Settings screen itself, at once
    ui.screenshot("colours-settings-burgundy.png")
    ui.click(ui.button("card_back=purple"))
    ui.app.open_game("forty-thieves")
    ui.frames(1)
    purple_back, burgundy = stock_back(ui, t), felt_pixel(ui)
    assert purple_back != blue_back and burgundy != green
    r, g, b = burgundy
    assert r > g + 40 and r > b + 40  # a red cloth
    ui.screenshot("colours-forty-thieves-burgundy-purple.png")
    stored, problems = Settings.from_dict(ui.app.saves.settings())
    assert problems == [] and stored.card_back == "purple" and stored.felt == "burgundy"
    # a new start of the game (the same saved data) draws them the same
    again = App(Saves(store))
    again.settings.auto_move = False
    t2 = again.open_game("forty-thieves")
    again.step(16)
    ui2 = type(ui)(again)
    assert stock_back(ui2, t2) == purple_back and felt_pixel(ui2) == burgundy


def test_russian_bank_shows_both_packs_backs_in_every_colour(ui):
    ui.app.settings.set_seats("russian-bank", ("human", "computer:easy"))
    t = ui.app.open_game("russian-bank")
    t.start(3)
    ui.settle()
    seen = set()
    for back, felt in zip(CHOICES["card_back"], CHOICES["felt"]):
        ui.app.settings.set("card_back", back)
        ui.app.settings.set("felt", felt)
        t.enter()  # as coming back from Settings
        ui.frames(1)
        ui.app.draw()
        mine = pixels(ui.app.screen, ui.card_rect("hand0").inflate(-12, -12))
        theirs = pixels(ui.app.screen, ui.card_rect("hand1").inflate(-12, -12))
        assert mine != theirs
        seen.add(mine)
        ui.screenshot(f"colours-bank-{back}-{felt}.png")
    assert len(seen) == len(CHOICES["card_back"])
