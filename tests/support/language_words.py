"""The game's languages as its catalogues give them, and the words of a text: what the tests
of the translations (tests/test_languages.py) and of the client in every language
(tests/ui/test_ui_languages.py) check texts with."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from game.core import GAMES
from game.core.info import rules_text

ROOT = Path(__file__).resolve().parents[2]


LOCALE = ROOT / "game" / "locale"


LANGUAGES = sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/parlour.po"))


WORD = re.compile(r"[A-Za-zÀ-ÿŒœ']+")


#: words that are the same in English and a language, and names: never "English" on their own
SHARED = {
    "ok",
    "spider",
    "canfield",
    "seahaven",
    "computer",
    "match",
    "standard",
    "stop",
    "reserve",
    "patience",
    "parlour",
    "english",
    "deutsch",
    "français",
    "pygame",
    "python",
}


def words(text: str) -> set[str]:
    return {w.lower().strip("'") for w in WORD.findall(text) if len(w) > 2}


def english_only(code: str) -> set[str]:
    """The words of the game's English messages that no translation into ``code`` uses."""
    with open(LOCALE / code / "LC_MESSAGES" / "parlour.po", "rb") as f:
        cat = read_po(f, locale=code)
    english, translated = set(), set()
    for m in cat:
        if not m.id:
            continue
        for s in m.id if isinstance(m.id, tuple) else (m.id,):
            english |= words(re.sub(r"\{[^}]*\}", " ", s))
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            translated |= words(re.sub(r"\{[^}]*\}", " ", s))
    for game_id in GAMES:  # the rules' own words (not the developers' notes, in English)
        translated |= words(rules_text(game_id, code))
    return english - translated - SHARED
