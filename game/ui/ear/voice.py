"""Where the ear's words go: a ``Voice``. The page's (game/ui/ear/page.py: the DOM mirror and
its two live regions), the desktop's (game/ui/ear/desktop.py: the platform's screen reader
through a speech library), a ``Recorder`` (tests), or ``SILENT``."""

from __future__ import annotations

from typing import Protocol

from game.ui.ear.view import View


class Voice(Protocol):
    """Says sentences and shows screens to whoever listens."""

    def say(self, text: str, urgent: bool = False) -> None:
        """Say ``text``: ``urgent`` for another player's move or an error (an assertive live
        region, interrupting), else politely after what is being said."""

    def show(self, view: View) -> None:
        """The screen as it is now (called only when it changed): the page rebuilds its
        mirror and moves the focus; a desktop voice reads the focus when it moved."""

    def requests(self) -> list[tuple[str, str]]:
        """What the listener asked for since the last call, oldest first: ("activate", a
        node's key) when a screen reader pressed a mirrored element itself, ("switch", "on" or
        "off") when the page's Screen reader button was pressed. [] where nothing can ask."""


class Silent:
    """A voice nobody hears (the switch off, nothing to speak with)."""

    def say(self, text: str, urgent: bool = False) -> None:
        pass

    def show(self, view: View) -> None:
        pass

    def requests(self) -> list[tuple[str, str]]:
        return []


SILENT = Silent()


class Recorder:
    """A voice that keeps what it was told (tests): ``said`` as (text, urgent), ``views``."""

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.views: list[View] = []
        self.asked: list[tuple[str, str]] = []

    def say(self, text: str, urgent: bool = False) -> None:
        self.said.append((text, urgent))

    def show(self, view: View) -> None:
        self.views.append(view)

    def requests(self) -> list[tuple[str, str]]:
        asked, self.asked = self.asked, []
        return asked

    @property
    def words(self) -> list[str]:
        return [text for text, _urgent in self.said]


__all__ = ["SILENT", "Recorder", "Silent", "Voice"]
