"""The ear's one owner, kept by the App: whether it listens (the Screen reader switch), the
voice it speaks with, and what it told that voice last.

Each frame the App asks ``frame``: what the listener asked for is done (a screen reader
pressing a mirrored button, the page's switch), and when the picture changed the screen's view
is made again and handed to the voice only if it differs from the last one (never each frame:
a screen at rest costs nothing). A screen or dialog that comes is said (its title and lines),
then the focus is read where it lands. ``say`` speaks a sentence: the table's message line,
the moves."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from game.core.language import capital
from game.ui.ear.view import Role, View
from game.ui.ear.voice import SILENT, Voice

#: the sentences said last, kept for tests and the benchmark
KEEP = 20
#: a screen that comes is said with at most this many of its lines (the rest are in the
#: mirror, read with the screen reader's own keys: a game's rules are long)
LINES_SAID = 4


class Ear:
    def __init__(self, voice: Voice | None = None, on: bool = False) -> None:
        self.voice: Voice = voice if voice is not None else SILENT
        self.on = on
        self.view: View | None = None  # what the voice was shown last
        self.said: list[tuple[str, bool]] = []  # the last sentences said, (text, urgent)
        self._screen: tuple[int, str] | None = None  # the screen (or dialog) said last
        self._key: tuple[int, Hashable] | None = None  # what the last view depended on

    def say(self, text: str, urgent: bool = False) -> None:
        """Say ``text`` (``urgent``: another player's move, an error) if the ear listens."""
        if not self.on or not text:
            return
        text = text.replace(" · ", ", ")  # (the toolbar's dot: some readers say "middle dot")
        self.said.append((text, urgent))
        del self.said[:-KEEP]
        self.voice.say(text, urgent)

    def requests(self) -> list[tuple[str, str]]:
        """What the listener asked for (see Voice.requests); [] on a failing voice."""
        try:
            return list(self.voice.requests())
        except Exception:  # noqa: BLE001 (a voice never stops the game)
            return []

    def show(self, screen: object, make_view: Callable[[], View], key: Hashable = None) -> None:
        """The picture changed: the view of ``screen`` (the scene, or its dialog) to the voice
        if it differs; a new screen's title and lines said first. ``key``: what the view
        depends on (not None and the same as last time: the view is not made again)."""
        if not self.on:
            self.view = None
            return
        here_key = (id(screen), key)
        if key is not None and here_key == self._key and self.view is not None:
            return
        self._key = here_key
        view = make_view()
        if view == self.view:
            return
        here = (id(screen), view.title)
        lines = [n.name for n in view.nodes if n.role is Role.TEXT]
        if here != self._screen:  # a screen that comes: its title and first lines
            self._screen = here
            self.say(sentences([view.title, *lines[:LINES_SAID]]))
        elif self.view is not None:  # the same screen: a line that changed (a room's news)
            before = {n.name for n in self.view.nodes if n.role is Role.TEXT}
            self.say(sentences([line for line in lines if line not in before][:LINES_SAID]))
        self.view = view
        self.voice.show(view)

    def switch(self, on: bool) -> None:
        """The Screen reader switch: listening or not (the next frame shows the screen)."""
        self.on = on
        self.view = None
        self._screen = self._key = None


def sentences(lines: list[str]) -> str:
    """Lines said one after the other, each ending as a sentence does."""
    return " ".join(capital(t) if t[-1] in ".!?:" else capital(t) + "." for t in lines if t)


__all__ = ["Ear", "sentences"]
