"""The page's address and the clipboard: the link a friend opens (``#join=CODE``), the code a
page was opened with, copying and pasting. Read through ``page_window()`` (the browser's
``window``; None on the desktop), which tests replace; the desktop's clipboard through
pygame.scrap. On the desktop the link is made on the address of a site that serves the game,
where the player has set one (the ``site`` setting: ``python -m game --site ADDRESS``).
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pygame

from game.net import clean_code
from game.ui.page_turn import page_window


def page_href() -> str | None:
    """The page's address, or None (the desktop)."""
    window = page_window()
    if window is None:
        return None
    try:
        href = str(window.location.href)
    except Exception:  # noqa: BLE001
        return None
    return href if href.startswith(("http:", "https:", "file:")) else None


def join_link(code: str, site: str | None = None) -> str | None:
    """The link a friend opens to sit down: the page's address (on the desktop: ``site``, the
    address of a site that serves the game) without its hash, and ``#join=CODE``; None where
    there is no address (a desktop with no site set)."""
    href = page_href() or site
    return None if href is None else without_language(href.split("#", 1)[0]) + "#join=" + code


def without_language(address: str) -> str:
    """The address without ``lang=`` in its query: the friend's page speaks the friend's
    language, not the one this page was asked for (``?relay=`` and the rest stay)."""
    parts = urlsplit(address)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"]
    if len(query) == len(parse_qsl(parts.query, keep_blank_values=True)):
        return address  # (nothing to take off: the address as it was)
    return urlunsplit(parts._replace(query=urlencode(query, safe=",:/")))


def clear_hash() -> None:
    """Take ``#join=...`` off the address, so a reload doesn't join again (the reload sits
    down again from the kept table instead)."""
    window = page_window()
    href = page_href()
    if window is None or href is None:
        return
    try:
        window.history.replaceState(None, "", href.split("#", 1)[0])
    except Exception:  # noqa: BLE001
        try:
            window.location.hash = ""
        except Exception:  # noqa: BLE001
            pass


def copy_text(text: str) -> bool:
    """Put text on the clipboard (the browser's navigator.clipboard; the desktop's through
    pygame.scrap); False when it can't."""
    window = page_window()
    try:
        if window is None:
            pygame.scrap.put_text(text)
            return pygame.scrap.get_text() == text
        window.navigator.clipboard.writeText(text)
        return True
    except Exception:  # noqa: BLE001 (no clipboard here)
        return False


def join_code_at_start() -> str | None:
    """The room code of a page opened with ``#join=CODE`` (the hash is then cleared)."""
    href = page_href()
    if href is None or "#join=" not in href:
        return None
    clear_hash()
    return clean_code(href)


def clipboard_text() -> str | None:
    """What the clipboard holds, where pygame can read it (the desktop); else None."""
    try:
        text = pygame.scrap.get_text()
    except Exception:  # noqa: BLE001 (no clipboard here: the browser's needs a permission)
        return None
    return text if isinstance(text, str) else None
