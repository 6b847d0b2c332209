"""The language the game speaks: English, or any language with a message catalogue in
game/locale/ (docs/languages.md).

Every word a player sees is written in English in the code and looked up, when it is shown, in
the current language's catalogue with the standard library's gettext (it works the same under
Pyodide). The catalogues are game/locale/<code>/LC_MESSAGES/parlour.po, extracted from the
code and compiled to .mo by Babel (``./build.sh`` does both); a language is there when its .mo
is.

How the code marks a message:

- ``_("Deal again")``: translated now. Never at import time (a module's constants, a class's
  attributes): the language is chosen after the modules are imported, and can change while
  the game runs. Such constants are marked with ``N_("...")`` and translated where they are
  shown, ``_(NOTE)``.
- ``_("{card} can't go there.").format(card=...)``: a sentence with parts is one message with
  named fields, never pieces glued together (each language orders them its own way).
- ``ngettext("{n} card", "{n} cards", n).format(n=n)``: anything counted.
- ``pgettext("context", "...")``: the same English for different things (a pile's "Stock" as
  a label, "stock" inside a sentence); ``NP_("context", "...")`` marks one for later.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from functools import cache
from pathlib import Path

DOMAIN = "parlour"
SOURCE = "en"  # the language the code is written in: no catalogue
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

_translation = gettext.NullTranslations()
_code = SOURCE


@cache
def available() -> tuple[str, ...]:
    """The languages the game speaks: English first, then each with a compiled catalogue
    (looked for once: the catalogues don't change while the game runs)."""
    try:
        found = sorted(
            p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
        )
    except OSError:
        found = []
    return (SOURCE, *(code for code in found if code != SOURCE))


def pick(preferred: Iterable[object] | None) -> str:
    """The first of ``preferred`` (a browser's languages, "de-DE"; a locale, "fr_CH.UTF-8")
    that the game speaks, by its main part; English when none is."""
    speaks = available()
    for tag in preferred or ():
        if not isinstance(tag, str):
            continue
        main = tag.replace("_", "-").split(".")[0].split("-")[0].strip().lower()
        if main in speaks:
            return main
    return SOURCE


def use(code: str) -> str:
    """Speak ``code`` from now on (English when the game doesn't speak it); the code used."""
    global _translation, _code
    code = code if isinstance(code, str) and code in available() else SOURCE
    _translation, _code = _catalogue(code), code
    return code


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    """A language's catalogue, read once."""
    if code == SOURCE:
        return gettext.NullTranslations()
    with open(LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)


def current() -> str:
    """The code of the language spoken now: "en", "de", "fr"."""
    return _code


def own_name(code: str) -> str:
    """A language's name in that language ("Deutsch"), as a list of languages shows it."""
    if code not in available():
        code = SOURCE
    return _catalogue(code).pgettext("this language's own name", "English")


def _(message: str) -> str:
    """``message`` in the language spoken ("" stays "": gettext's own "" is the catalogue's
    header, and a description's empty note or rule is nothing to say)."""
    return _translation.gettext(message) if message else message


def N_(message: str) -> str:
    """Marks a message to translate later (where it is shown, with ``_``)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks a message with a context to translate later: ``pgettext(*NP_(...))``."""
    return context, message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translation.npgettext(context, singular, plural, n)


def capital(text: str) -> str:
    """``text`` with its first letter a capital, for a sentence that starts with a part
    ("the Ten of hearts" -> "The Ten of hearts"; "l'as de pique" -> "L'as de pique")."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
    return text


__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "N_",
    "NP_",
    "SOURCE",
    "_",
    "available",
    "capital",
    "current",
    "ngettext",
    "npgettext",
    "own_name",
    "pgettext",
    "pick",
    "use",
]
