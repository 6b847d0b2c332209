"""Which language the game speaks (issue 34): what was asked for this time (``--lang``), else
Settings' Language (kept), else the system's locale; English for anything else. Settings'
Language changes every word at once, with real clicks."""

from __future__ import annotations

import asyncio

import pygame
import pytest

from game.core import language
from game.storage import MemoryStore, Saves
from game.ui import language_choice
from game.ui.app import App
from game.ui.screens import SettingsScene
from tests.support.client import Driver, run_coroutine


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.use("en")


@pytest.fixture
def system(monkeypatch):
    """The machine's locale, as the environment says it; nothing asked for."""
    for name in ("PARLOUR_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(language_choice.locale, "getlocale", lambda *a: (None, None))

    def use(**env):
        for name, value in env.items():
            monkeypatch.setenv(name, value)

    return use


@pytest.mark.parametrize(
    "env, chosen, expected",
    [
        ({"LANG": "de_DE.UTF-8"}, "", "de"),
        ({"LANG": "fr_CA.UTF-8"}, "", "fr"),
        ({"LANGUAGE": "it:fr", "LANG": "de_DE.UTF-8"}, "", "fr"),  # gettext's order
        ({"LANG": "C.UTF-8"}, "", "en"),
        ({"LANG": "ja_JP.UTF-8"}, "", "en"),
        ({"LANG": "de_DE.UTF-8"}, "fr", "fr"),  # Settings' choice over the system's
        ({"LANG": "de_DE.UTF-8", "PARLOUR_LANG": "en"}, "fr", "en"),  # asked for: over both
        ({"PARLOUR_LANG": "de-AT"}, "", "de"),
        ({"PARLOUR_LANG": "xx", "LANG": "fr_FR"}, "", "fr"),  # asked for what isn't spoken
        ({}, ["not", "a", "code"], "en"),  # a stored value that can't be one
    ],
)
def test_the_language_is_chosen_as_players_expect(system, env, chosen, expected):
    system(**env)
    assert language_choice.choose(chosen) == expected == language.current()


def test_the_app_speaks_the_kept_language_from_its_first_word(system):
    """Stored settings saying German: the App speaks German before it says anything (the
    settings' own problems are told in it)."""
    store = MemoryStore()
    saves = Saves(store)
    saves.save_settings({"language": "de", "pace": "lightning"})
    app = App(Saves(store))
    assert language.current() == "de"
    assert app.notices == [
        "Eine Einstellung war nicht verwendbar und wurde auf den "
        "Standardwert zurückgesetzt (Computer-Tempo: 'lightning')."
    ]


def test_settings_language_changes_every_word_at_once_and_is_kept(system):
    """A click on Deutsch: the Settings screen at once in German, the title after it, and
    the choice kept for the next start; Automatic gives the system's back."""
    system(LANG="fr_FR.UTF-8")
    store = MemoryStore()
    ui = Driver(App(Saves(store)))
    pygame.event.clear()
    assert language.current() == "fr"
    ui.app.show(SettingsScene(ui.app))
    ui.frames(1)
    scene = ui.app.scene
    assert scene.heading and language._(scene.heading) == "Réglages"
    button = scene.button("language=de")
    assert button.label == "Deutsch"
    ui.click(button.rect.center, frames=2)
    scene = ui.app.scene
    assert language.current() == "de" and ui.app.settings.language == "de"
    assert isinstance(scene, SettingsScene) and scene.button("language=de").label == "Deutsch"
    assert scene.button("language=").label == "Automatisch"
    assert scene.button("tab-General").label == language._("General") != "General"
    ui.app.title()
    ui.frames(1)
    assert ui.app.scene.button("forty-thieves").label == "Vierzig Räuber"
    again = App(Saves(store))  # the next start
    assert language.current() == "de" and again.settings.language == "de"
    again.show(SettingsScene(again))
    ui = Driver(again)
    ui.frames(1)
    ui.click(again.scene.button("language=").rect.center, frames=2)
    assert language.current() == "fr" and again.settings.language == ""


def test_python_m_game_lang(monkeypatch):
    """``python -m game --lang de`` asks for German for this run; a language the game doesn't
    speak is refused with the ones it does."""
    import game.__main__ as entry

    started = []
    monkeypatch.setenv("PARLOUR_LANG", "en")  # (run() sets it: put back after the test)

    async def main():
        started.append(language_choice.asked())

    monkeypatch.setattr("game.ui.app.main", main)
    # (driven by hand: a worker where playwright's loop runs refuses another)
    monkeypatch.setattr(asyncio, "run", lambda coro: run_coroutine(coro, 10, "main() ran"))
    entry.run(["--lang", "de"])
    assert started == ["de"]
    with pytest.raises(SystemExit):
        entry.run(["--lang", "xx"])


def test_the_join_link_leaves_the_language_to_the_friend(monkeypatch):
    """A page opened with ?lang=de sends a link without it: the friend's page speaks the
    friend's language (the relays asked for stay)."""
    from types import SimpleNamespace

    from game.ui.online import page_link

    window = SimpleNamespace(
        location=SimpleNamespace(
            href="https://cards.example/?relay=wss://r.example&lang=de#table=x"
        )
    )
    monkeypatch.setattr(page_link, "page_window", lambda: window)
    assert (
        page_link.join_link("ABC123") == "https://cards.example/?relay=wss://r.example#join=ABC123"
    )
    window.location.href = "https://cards.example/?lang=fr"
    assert page_link.join_link("ABC123") == "https://cards.example/#join=ABC123"
