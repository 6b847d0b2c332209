"""The page's voice (issue 46): the ear's words and screens handed to ``window.parlourEar``
(web/client/ear.js, in the page's index.html), which keeps a hidden mirror of the screen in the
page's accessibility tree and two live regions for what is said.

    voice = page_voice(window)    # window: platform.window; None where the page has no ear
    voice.show(view)              # the mirror rebuilt, the DOM focus moved (switch on)
    voice.say("Your turn", urgent=False)
    voice.requests()              # [("activate", "pile:tableau3"), ("switch", "on"), ...]
    voice.set_switch(True)        # the page's Screen reader switch shows the setting

Only strings and booleans cross to the page (under Pyodide and pygbag's runtime alike). The
page is the page's: whatever it answers or raises, nothing here raises (a voice that fails is
no reason to stop the game); requests of another shape are dropped."""

from __future__ import annotations

import json
from typing import Any

from game.ui.ear.view import View

KINDS = {"activate", "switch"}  # what the page may ask for (ear.js, take)


def _ear(window: Any) -> Any:
    """The page's ``window.parlourEar`` (a JavaScript object), or None."""
    if window is None:
        return None
    try:
        ear = getattr(window, "parlourEar", None)
    except Exception:  # noqa: BLE001 (a page object that refuses to be read)
        return None
    if ear is None or str(ear) in ("undefined", "null", "None"):
        return None
    return ear


def parse_requests(text: object) -> list[tuple[str, str]]:
    """ear.js's take() (JSON: [["activate", id], ["switch", "on"]...]) as (kind, value) pairs;
    anything else in it is left out, and text that isn't such a list is []."""
    if not isinstance(text, str):
        text = str(text) if text is not None else ""
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    out = []
    for item in data:
        if (
            isinstance(item, list)
            and len(item) == 2
            and item[0] in KINDS
            and isinstance(item[1], str)
            and (item[0] != "switch" or item[1] in ("on", "off"))
        ):
            out.append((item[0], item[1]))
    return out


class PageVoice:
    """A ``Voice`` (game/ui/ear/voice.py) over the page's ``parlourEar``."""

    def __init__(self, ear: Any) -> None:
        self.ear = ear
        self.shown: View | None = None  # the view the page has

    def _only_focus_moved(self, view: View) -> bool:
        last = self.shown
        return (
            last is not None
            and last.nodes == view.nodes
            and (last.title, last.lang) == (view.title, view.lang)
        )

    def say(self, text: str, urgent: bool = False) -> None:
        try:
            self.ear.say(str(text), bool(urgent))
        except Exception:  # noqa: BLE001
            pass

    def show(self, view: View) -> None:
        """The view to the page: only its focus where nothing else changed (most keys at a
        table: a tenth of the cost of the whole view), else the whole view."""
        try:
            if self._only_focus_moved(view):
                self.ear.focus(view.focus or "")
            else:
                self.ear.show(json.dumps(view.to_json(), ensure_ascii=False))
            self.shown = view
        except Exception:  # noqa: BLE001
            self.shown = None

    def requests(self) -> list[tuple[str, str]]:
        try:
            text = self.ear.take()
        except Exception:  # noqa: BLE001
            return []
        return parse_requests(text)

    def set_switch(self, on: bool) -> None:
        """The page's Screen reader switch pressed or not, as the setting is."""
        self.shown = None  # (the next view goes whole)
        try:
            self.ear.setSwitch(bool(on))
        except Exception:  # noqa: BLE001
            pass


def page_voice(window: Any) -> PageVoice | None:
    """The voice of the page ``window`` (platform.window), or None where it has no
    ``parlourEar`` (pygbag's page, an old build, the desktop)."""
    ear = _ear(window)
    return PageVoice(ear) if ear is not None else None


__all__ = ["PageVoice", "page_voice", "parse_requests"]
