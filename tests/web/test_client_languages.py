"""The built site in German and French, in Chromium (issue 34): with ``?lang=de`` (``fr``) the
page's own words, the title, Settings, Statistics, Rules, Join a friend, the waiting room and
a Russian Bank game against the computer with its Stop! call show no English word; the same
natively, the real desktop app started with ``--lang``; a browser whose languages are
German's speaks German without being asked; Settings' choice is kept across a reload.
Everything by clicks and keys; the test driver only reads what the game drew (every text
rendered, recorded in the page or the app). Screenshots: test-artifacts/client-lang-*.png."""

from __future__ import annotations

import pytest

from game.core import STOP
from testbed.client import Client, client_settings, stored
from testbed.desktop_client import DesktopPage
from tests.support.language_words import LANGUAGES, english_only, words
from tests.web.test_client_browser import ace_on_a_house, bank_save, client, find_deal, shot  # noqa: F401

#: in the page: every text the game renders from now on (the test driver's instrument)
RECORD = """
from game.ui import theme as _theme
_drawn = []
if not getattr(_theme, "_recording", False):
    _real_text = _theme.text
    def _text(s, *a, **kw):
        if s.strip():
            _drawn.append(s)
        return _real_text(s, *a, **kw)
    _theme.text = _text
    _theme._recording = True
    _theme.text.cache_clear = getattr(_real_text, "cache_clear", None)
def _take():
    out = list(_drawn)
    _drawn.clear()
    return out
"""


def english_in(c: Client, code: str, where: str, foreign: set[str]) -> list[str]:
    """The drawn texts since the last look with an English word in them."""
    c.page.wait_frames(3)
    texts = c.page.eval("_take()")
    assert texts, f"{where}: nothing drawn"
    links = [t for t in texts if t.startswith("http")]  # the join link: an address, no words
    assert not [t for t in links if "lang=" in t], links  # (the friend's page picks its own)
    return [
        f"{where}: {sorted(words(t) & foreign)} in {t!r}"
        for t in texts
        if words(t) & foreign and t not in links
    ]


def fresh(c: Client) -> None:
    """Draw everything again: the texts cached in layers are rendered anew."""
    c.page.exec(
        "_a = probe['app'](); _s = _a.scene; _a._drawn = None\n"
        "for _n in ('layer', '_layer', 'art_key'):\n"
        "    if hasattr(_s, _n): setattr(_s, _n, None)\n"
        "for _b in getattr(_s, 'buttons', []): _b._cache.clear()"
    )


def speaks_everywhere(c: Client, code: str, reopen, picture) -> None:
    """By clicks and keys: the title, Settings (a game's tab too), Statistics, Rules, Join a
    friend, Who plays?, the waiting room, and Russian Bank against the computer (``reopen``:
    a new start with this storage) whose Stop! call catches a slip; no English word drawn
    anywhere (``picture``: a screenshot's name)."""
    foreign = english_only(code)
    found: list[str] = []
    assert c.page.eval("__import__('game.core.language', fromlist=['_']).current()") == code
    c.page.exec(RECORD)

    def look(where):
        fresh(c)
        found.extend(english_in(c, code, where, foreign))
        picture(where)

    look("title")
    c.click_button("Settings")
    look("settings")
    c.click_button("tab-russian-bank")
    look("settings-russian-bank")
    c.to_title()
    c.click_button("Statistics")
    look("statistics")
    c.to_title()
    c.click_button("Rules")
    look("rules")
    c.to_title()
    c.click_button("join")
    c.wait("probe['view']()['modal'] is not None", what="Join a friend")
    look("join")
    c.page.key("Escape", frames=3)
    c.to_title()
    c.click_button("russian-bank")
    c.wait("probe['view']()['modal'] is not None", what="Who plays?")
    look("who-plays")
    c.click_button("seat1=remote")
    c.click_button("play")
    c.wait("probe['room']() is not None", what="the waiting room")
    look("waiting-room")
    # Russian Bank against the computer, which catches a slip: Stop!
    seed, _house = find_deal("russian-bank", ace_on_a_house, {"mode": "stop"})
    c = reopen(bank_save(seed, pace="slow", level="hard"))
    c.page.exec(RECORD)
    c.click_button("continue")
    c.wait("probe['view']().get('game') == 'russian-bank'")
    look("russian-bank")
    c.page.mouse_click(*c.card_point("hand0"))  # the Ace had to go up first: a slip
    c.wait(
        f"probe['state']()['moves'][-1:] == [{str(STOP)!r}]",
        timeout_s=15,
        what="the computer's Stop! call",
    )
    look("russian-bank-stop")
    message = c.view()["message"]
    assert message and not words(message) & foreign, message
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_site_speaks_the_language_asked_for_everywhere(client, code):  # noqa: F811
    c = client.open(stored({"settings": client_settings()}), address=f"?lang={code}")
    assert c.page.page.evaluate("document.documentElement.lang") == code
    speaks_everywhere(
        c,
        code,
        lambda storage: c.open(storage, address=f"?lang={code}"),
        lambda where: shot(c, f"lang-{code}-{where}"),
    )


@pytest.mark.slow  # more than 3 s of CPU natively
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_desktop_app_speaks_the_language_asked_for_everywhere(tmp_path, code):
    """The same natively: the real ``python -m game --lang CODE`` (the desktop driver)."""
    page = DesktopPage(tmp_path / "data", ["--lang", code])
    try:
        c = Client(page).open(stored({"settings": client_settings()}))
        speaks_everywhere(c, code, lambda storage: Client(page).open(storage), lambda where: None)
    finally:
        page.kill()


def test_a_german_browser_is_answered_in_german_and_settings_choice_is_kept(client):  # noqa: F811
    """navigator.languages ["de-DE", "en"] and nothing asked: German; Settings, Français:
    French at once, and after a reload too."""
    c = client.open(stored({"settings": client_settings()}))
    c.page.page.add_init_script(
        "Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'en']});"
    )
    c.reload()
    assert c.page.eval("__import__('game.core.language', fromlist=['_']).current()") == "de"
    assert c.page.page.evaluate("document.documentElement.lang") == "de"
    c.click_button("Settings")
    c.click_button("language=fr")
    c.page.wait_frames(3)
    assert c.page.eval("__import__('game.core.language', fromlist=['_']).current()") == "fr"
    c.reload()
    assert c.page.eval("__import__('game.core.language', fromlist=['_']).current()") == "fr"
    assert c.page.page.evaluate("document.documentElement.lang") == "fr"
    shot(c, "lang-kept-fr")
