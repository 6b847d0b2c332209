"""Which language the game speaks (docs/languages.md), chosen as players expect:

1. what was asked for this time: ``?lang=de`` in the page's address, ``python -m game --lang
   de`` on the desktop;
2. else the Language chosen in Settings (kept with the settings);
3. else the browser's languages (``navigator.languages``, in the order the player set them)
   or, on the desktop, the system's locale;

each only when the game speaks it; English for anything else.

    language_choice.choose(stored)      # at start-up (the stored settings' "language"), before
                                        # anything is said: speak the language chosen so
    language_choice.settle(settings)    # after Settings' Language changed: speak it now
"""

from __future__ import annotations

import locale
import os
from urllib.parse import parse_qs

from game.core import language
from game.ui.page_turn import WEB, page_window

#: ``python -m game --lang CODE`` puts the code here for this run
ASKED_ENV = "PARLOUR_LANG"


def asked() -> str | None:
    """The language asked for this time: the address's ``?lang=`` in a browser, ``--lang`` on
    the desktop; None when nothing was."""
    if WEB:
        try:
            query = parse_qs(str(page_window().location.search).lstrip("?"))
        except Exception:  # noqa: BLE001 (no page, or it can't be read)
            return None
        values = query.get("lang")
        return values[0].strip().lower()[:12] if values else None
    value = os.environ.get(ASKED_ENV, "").strip().lower()
    return value[:12] or None


def system_languages() -> list[str]:
    """The languages the player's browser (or system) prefers, best first: "de-DE", "fr"."""
    if WEB:
        try:
            navigator = page_window().navigator
            try:
                return [str(tag) for tag in navigator.languages][:20]
            except Exception:  # noqa: BLE001 (a browser without the list)
                return [str(navigator.language)]
        except Exception:  # noqa: BLE001
            return []
    out: list[str] = []
    # the order gettext itself reads them in: LANGUAGE may list several, "de:fr"
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        out.extend(tag for tag in os.environ.get(name, "").split(":") if tag)
    try:
        found = (
            locale.getlocale(locale.LC_MESSAGES)[0]
            if hasattr(locale, "LC_MESSAGES")
            else locale.getlocale()[0]
        )
    except (ValueError, TypeError):
        found = None
    if found:
        out.append(found)
    # "C" and "POSIX" say nothing about a language: English by default anyway
    return [tag for tag in out if tag.split(".")[0] not in ("C", "POSIX")]


def choose(chosen) -> str:
    """At start-up: speak what was asked for this time, else ``chosen`` (the stored settings'
    language: read before the settings are checked, so that what their check says is said in
    it), else the system's; the code spoken."""
    wanted = asked()
    if wanted and language.pick([wanted]) == wanted.replace("_", "-").split("-")[0]:
        return language.use(language.pick([wanted]))  # "de-AT" asks for German, as the page
    if isinstance(chosen, str) and chosen in language.available():  # (web/client/words.js)
        return language.use(chosen)
    return language.use(language.pick(system_languages()))


def settle(settings) -> str:
    """After the player chose in Settings: speak that now (Automatic: the system's)."""
    if settings.language and settings.language in language.available():
        return language.use(settings.language)
    return language.use(language.pick(system_languages()))


__all__ = ["ASKED_ENV", "asked", "choose", "settle", "system_languages"]
