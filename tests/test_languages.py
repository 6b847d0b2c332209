"""The game in every language it speaks (issue 34, docs/languages.md): every message the code
marks is translated in every catalogue (a missing one fails here, not in a player's hands),
with the same fields; the compiled catalogues are their sources; each game's rules have a twin
per language with the same numbered rules; the language is chosen as players expect."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from game.core import GAMES, Card, info, language
from game.core.info import player_text, rules_file
from tests.support.language_words import LANGUAGES, LOCALE

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "NP_": ((1, "c"), 2),
}
FIELD = re.compile(r"(?<!\{)\{([a-z_0-9]*)[^{}]*\}(?!\})")


def extracted() -> dict[tuple[str | None, str], str]:
    """(context, English) of every message the code marks -> where, as ./build.sh words finds
    them (babel.cfg's methods; the same keywords)."""
    out = {}
    for folder, method in (("game", "python"), ("web/client", "javascript")):
        pattern = "**.py" if method == "python" else "**.js"
        for filename, lineno, message, _comments, context in extract_from_dir(
            ROOT / folder, method_map=[(pattern, method)], keywords=KEYWORDS
        ):
            first = message[0] if isinstance(message, tuple) else message
            out[(context, first)] = f"{folder}/{filename}:{lineno}"
    return out


@pytest.fixture(scope="module")
def messages():
    return extracted()


def catalogue(code: str):
    with open(LOCALE / code / "LC_MESSAGES" / "parlour.po", "rb") as f:
        return read_po(f, locale=code)


def test_the_game_speaks_english_german_and_french():
    """And every language with a catalogue, each by its own name (Settings lists them)."""
    assert {"de", "fr"} <= set(LANGUAGES)
    assert language.available() == ("en", *LANGUAGES)
    names = {c: language.own_name(c) for c in language.available()}
    assert (names["en"], names["de"], names["fr"]) == ("English", "Deutsch", "Français")
    assert all(names[c] != "English" for c in LANGUAGES), names


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated(code, messages):
    """A message the code marks that the catalogue lacks, leaves empty or marks fuzzy fails
    here: run ./build.sh words, then translate what it added (docs/languages.md)."""
    cat = catalogue(code)
    missing = []
    for (context, msgid), where in sorted(messages.items(), key=lambda kv: kv[1]):
        m = cat.get(msgid, context=context)
        strings = (m.string if isinstance(m.string, tuple) else (m.string,)) if m else ("",)
        if m is None or m.fuzzy or not all(strings):
            missing.append(f"{where}: {msgid!r}")
    assert not missing, f"{len(missing)} messages untranslated in {code}:\n" + "\n".join(
        missing[:40]
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_has_the_fields_of_its_message(code):
    """ "{card} can't go there" translated without {card}, or with a field of its own, would
    fail when the game fills it in."""
    wrong = []
    for m in catalogue(code):
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set(FIELD.findall(ids[-1])) | set(FIELD.findall(ids[0]))
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            got = set(FIELD.findall(s))
            # a singular may leave out {n} ("eine Karte"), never add a field
            if not got <= want or (len(ids) == 1 and got != want):
                wrong.append(f"{ids[0]!r} -> {s!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalogue_is_its_source(code):
    """The game reads the .mo that ./build.sh compiles from the .po: the same translations."""
    with open(LOCALE / code / "LC_MESSAGES" / "parlour.mo", "rb") as f:
        mo = gettext.GNUTranslations(f)
    for m in catalogue(code):
        if not m.id or not m.string or m.fuzzy or isinstance(m.id, tuple):
            continue
        got = mo.pgettext(m.context, m.id) if m.context else mo.gettext(m.id)
        assert got == m.string, (m.id, got, m.string)


def rule_numbers(text: str) -> list[str]:
    """The numbered rules and their lettered parts, in order: ["1", "2", "3", "3(a)", ...]."""
    out = []
    for line in text.splitlines():
        m = re.match(r"(\d+)\. (?:\(([a-z])\))?", line)
        if m:
            out.append(m.group(1) + (f"({m.group(2)})" if m.group(2) else ""))
        m = re.match(r"\(([a-z])\) ", line)
        if m and out:
            out.append(out[-1].split("(")[0] + f"({m.group(1)})")
    return out


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_s_rules_have_a_twin_with_the_same_numbered_rules(game_id, code):
    """The tests are named after the rule numbers (test_rb3a_...): rule 3(a) in German and in
    French is rule 3(a) in English; the same sections; the title is the game's name there."""
    english = player_text(rules_file(game_id).read_text(encoding="utf-8"))
    path = rules_file(game_id, code)
    assert path.is_file(), f"{path} is missing"
    text = path.read_text(encoding="utf-8")
    # the developers' notes (lines with ">") live once, in the English file: a player reads
    # the twin, and the web game downloads it
    assert not [line for line in text.splitlines() if line.lstrip().startswith(">")]
    twin = player_text(text)
    assert rule_numbers(twin) == rule_numbers(english)
    assert twin.count("\n# ") == english.count("\n# ")
    was = language.current()
    try:
        language.use(code)
        assert info(game_id).rules == twin
        assert twin.startswith(f"# {language._(info(game_id).title)}\n"), twin[:60]
    finally:
        language.use(was)


@pytest.mark.parametrize(
    "tags, expected",
    [
        (["de-DE", "en-US"], "de"),
        (["fr_CH.UTF-8"], "fr"),
        (["it-IT", "fr"], "fr"),
        (["it", "es"], "en"),
        ([], "en"),
        (None, "en"),
        (["EN-gb", "de"], "en"),
        ([42, "de"], "de"),
    ],
)
def test_the_first_language_the_game_speaks_is_picked(tags, expected):
    assert language.pick(tags) == expected


@pytest.mark.parametrize(
    "code, words",
    [
        (
            "en",
            (
                "Queen of hearts",
                "the Ace of spades",
                "the King of spades",
                "onto the Jack of clubs",
                "from the Nine of clubs",
            ),
        ),
        (
            "de",
            (
                "Herz-Dame",
                "das Pik-Ass",
                "den Pik-König",
                "auf den Kreuz-Buben",
                "ab der Kreuz-Neun",
            ),
        ),
        (
            "fr",
            (
                "dame de cœur",
                "l'as de pique",
                "le roi de pique",
                "sur le valet de trèfle",
                "à partir du neuf de trèfle",
            ),
        ),
    ],
)
def test_cards_are_named_with_their_grammar(code, words):
    was = language.current()
    try:
        language.use(code)
        assert (
            Card(12, "H").name,
            Card(1, "S").words("the"),
            Card(13, "S").words("object"),
            Card(11, "C").words("onto"),
            Card(9, "C").words("from"),
        ) == words
    finally:
        language.use(was)


def test_a_language_the_game_does_not_speak_is_english():
    was = language.current()
    try:
        assert language.use("xx") == "en" and language._("Undo") == "Undo"
        assert language.use(None) == "en"
    finally:
        language.use(was)
