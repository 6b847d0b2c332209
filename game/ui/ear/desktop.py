"""The desktop's voice: the ear's words spoken by the platform's screen reader or speech, through
Prism (the PyPI package prismatoid, the ``speech`` extra): NVDA, JAWS, SAPI or OneCore on
Windows; VoiceOver or AVSpeech on macOS; Orca or speech-dispatcher on Linux. Why Prism, and what
a player installs: docs/accessibility.md, "On the desktop: speech".

- ``desktop_voice(switch_on)``: the voice to use, or None and a plain sentence for the player
  where nothing can speak. The mode is on while the switch is on or a screen reader runs
  (``screen_reader_running()``).
- ``DesktopVoice``: says sentences (``urgent`` interrupts what is being said) and, shown a new
  view, reads the new screen's title and the focused node when the focus moved or its name
  changed (a focused pile whose top card changed is read again).
- The library is called in one place, a ``Speaker`` (``PrismSpeaker``: ``open``, ``speak``),
  and only from the voice's own thread: the frame loop only puts words in a queue, so a speech
  call that blocks never holds a frame. Tests give the voice a speaker of their own.
- Nothing here stops the game: a library that can't be imported, finds nothing to speak with or
  raises later stops the speech once, and ``DesktopVoice.problem`` keeps the sentence that says
  so (the caller shows it)."""

from __future__ import annotations

import importlib
import os
import sys
import threading
from collections import deque
from pathlib import Path
from typing import Any, Protocol

from game.core.language import _
from game.ui.ear.view import View

#: sentences waiting for a speaker that is behind: the oldest are dropped beyond this
MAX_PENDING = 50
#: how long ``desktop_voice`` waits for the speaker to find something that speaks (a screen
#: reader answers at once; speech-dispatcher, started by its client library, in a second or so)
OPEN_WAIT = 3.0
#: Prism's backends that are screen readers (its others are speech engines, always there)
READER_BACKENDS = frozenset(
    {
        "NVDA",
        "JAWS",
        "VOICE_OVER",
        "ORCA",
        "ZDSR",
        "ZOOM_TEXT",
        "SYSTEM_ACCESS",
        "WINDOW_EYES",
        "BOY_PC_READER",
        "PC_TALKER",
        "SENSE_READER",
    }
)
#: screen readers' process names on Linux (Debian 12's Orca is older than Prism's Orca backend
#: needs, so the process is looked for too)
READER_PROCESSES = frozenset({"orca"})


class SpeechMissing(Exception):
    """The speech library is not installed (or its native part doesn't load here)."""


class NoSpeech(Exception):
    """The library is there, but no screen reader or speech answers."""


class Speaker(Protocol):
    """The speech library's boundary, called from the voice's thread only."""

    def open(self) -> None:
        """Find what speaks: raises ``SpeechMissing`` or ``NoSpeech`` (any other exception
        counts as ``NoSpeech``)."""

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text`` (never empty); ``interrupt``: stop what is being said first."""


class PrismSpeaker:
    """The platform's best screen reader or speech, as Prism picks it (a running screen reader
    before a speech engine)."""

    def __init__(self) -> None:
        self._context: Any = None
        self._backend: Any = None
        self.name = ""  # the backend Prism picked ("Speech Dispatcher", "NVDA", ...)

    def open(self) -> None:
        try:
            prism = importlib.import_module("prism")
        except Exception as e:  # ImportError; OSError where its native library won't load
            raise SpeechMissing(str(e)) from e
        try:
            self._context = prism.Context()
            self._backend = self._context.create_best()
            self.name = str(self._backend.name)
        except Exception as e:  # noqa: BLE001 (nothing answers: Prism's errors, ValueError)
            raise NoSpeech(str(e)) from e

    def speak(self, text: str, interrupt: bool) -> None:
        self._backend.speak(text, interrupt)


class DesktopVoice:
    """A ``Voice`` (game/ui/ear/voice.py) that speaks through a ``Speaker`` on a thread of its
    own. ``say`` and ``show`` return at once."""

    def __init__(self, speaker: Speaker | None = None) -> None:
        self.speaker: Speaker = speaker if speaker is not None else PrismSpeaker()
        self._cond = threading.Condition()
        self._pending: deque[tuple[str, bool]] = deque(maxlen=MAX_PENDING)
        self._busy = False  # the thread is in a speaker's call
        self._state = "opening"  # then "open"; or "missing", "none", "stopped"; "closed"
        self._opened = threading.Event()
        self._view: View | None = None  # the view shown last
        self._said: list[str] = []  # the sentences said since the last view
        self._thread = threading.Thread(target=self._run, name="desktop voice", daemon=True)
        self._thread.start()

    # -- the Voice protocol (the frame loop's thread) --

    def say(self, text: str, urgent: bool = False) -> None:
        text = _clean(text)
        if text:
            self._said.append(text)
            del self._said[:-MAX_PENDING]
            self._put(text, urgent)

    def show(self, view: View) -> None:
        """The new screen's title when the title changed (unless a sentence said since the last
        view began with it: the ear says a new screen's title and lines itself), then the
        focused node when the focus moved, its name changed or the screen did. A new screen or
        a moved focus interrupts what is being said, except the sentences said since the last
        view (the focus is read after them)."""
        last, self._view = self._view, view
        said, self._said = self._said, []
        interrupt = not said
        new_screen = last is None or view.title != last.title
        title = _clean(view.title)
        if new_screen and title and not any(s.startswith(title.rstrip(".")) for s in said):
            self._put(title, interrupt)
            interrupt = False
        node = view.node(view.focus)
        if node is None or not _clean(node.name):
            return
        before = last.node(last.focus) if last is not None else None
        if new_screen or before is None or before.key != node.key or before.name != node.name:
            self._put(_clean(node.name), interrupt)

    def requests(self) -> list[tuple[str, str]]:
        return []  # nothing on the desktop presses the ear's buttons itself

    # -- for the caller --

    @property
    def problem(self) -> str:
        """Why nothing is heard, in the player's words ("" while speech works or is starting)."""
        return problem_sentence(self._state)

    def ready(self, timeout: float = OPEN_WAIT) -> bool:
        """Wait up to ``timeout`` seconds for the speaker to be found: True if it speaks."""
        self._opened.wait(timeout)
        return self._state == "open"

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until everything said was handed to the speaker (tests; the game's end)."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._state != "opening" and not self._pending and not self._busy, timeout
            )

    def close(self) -> None:
        """Stop the thread (what is still waiting is not said)."""
        with self._cond:
            if self._state in ("opening", "open"):
                self._state = "closed"
            self._pending.clear()
            self._cond.notify_all()

    # -- inside --

    def _put(self, text: str, interrupt: bool) -> None:
        with self._cond:
            if self._state not in ("opening", "open"):
                return
            self._pending.append((text, interrupt))
            self._cond.notify_all()

    def _run(self) -> None:
        try:
            self.speaker.open()
        except SpeechMissing:
            self._stop("missing")
        except Exception:  # noqa: BLE001 (NoSpeech, or any library error)
            self._stop("none")
        else:
            with self._cond:
                if self._state == "opening":
                    self._state = "open"
        self._opened.set()
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(lambda: self._pending or self._state != "open")
                if self._state != "open":
                    return
                text, interrupt = self._pending.popleft()
                self._busy = True
            try:
                self.speaker.speak(text, interrupt)
            except Exception:  # noqa: BLE001 (speech stops; the game goes on)
                self._stop("stopped")

    def _stop(self, state: str) -> None:
        with self._cond:
            if self._state in ("opening", "open"):
                self._state = state
            self._pending.clear()
            self._busy = False
            self._cond.notify_all()


def _clean(text: str) -> str:
    """One line, without the NULs a speech library refuses."""
    return " ".join(text.replace("\x00", " ").split())


def problem_sentence(state: str) -> str:
    """What the player reads when nothing speaks ("" when something does)."""
    if state == "missing":
        # Translators: the desktop game's Screen reader switch is on, but the game was
        # installed without its speech part
        return _("Speech is not installed with this copy of the game.")
    if state == "none":
        if sys.platform.startswith(("win", "darwin")):
            # Translators: the Screen reader switch is on (Windows, macOS), nothing speaks
            return _("No screen reader or speech was found: start a screen reader.")
        # Translators: the Screen reader switch is on (Linux), nothing speaks; speech-dispatcher
        # is the name of the program to install: keep it as it is
        return _("No screen reader or speech was found: install speech-dispatcher.")
    if state == "stopped":
        # Translators: the screen reader or speech stopped answering while the game ran
        return _("Speech stopped: the screen reader or speech no longer answers.")
    return ""


def screen_reader_running() -> bool:
    """Whether a screen reader runs now, as far as can be told here (the ear then listens by
    itself): a screen reader Prism can reach (NVDA, JAWS, VoiceOver, Orca, ...) or, on Linux,
    an Orca process. Never starts a speech server; a few milliseconds (call it when the game
    starts, not each frame); False where nothing can tell."""
    try:
        if sys.platform.startswith("linux") and reader_process():
            return True
        return _prism_reader()
    except Exception:  # noqa: BLE001 (not knowing is not running)
        return False


def reader_process(proc: Path = Path("/proc")) -> bool:
    """A screen reader's process among the running ones (Linux's /proc)."""
    try:
        entries = list(os.scandir(proc))
    except OSError:
        return False
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            name = (Path(entry.path) / "comm").read_text().strip()
            if name.startswith("python"):  # Orca is a Python program
                args = (Path(entry.path) / "cmdline").read_bytes().split(b"\0")
                name = Path(args[1].decode(errors="replace")).name if len(args) > 1 else name
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if name in READER_PROCESSES:
            return True
    return False


def _prism_reader() -> bool:
    """A screen reader among Prism's backends answers (speech engines don't count, and are not
    started: only screen readers' backends are tried)."""
    try:
        prism = importlib.import_module("prism")
    except Exception:  # noqa: BLE001
        return False
    context = prism.Context()
    for index in range(context.backends_count):
        backend_id = context.id_of(index)
        if getattr(backend_id, "name", "") not in READER_BACKENDS:
            continue
        try:
            context.create(backend_id)
        except Exception:  # noqa: BLE001 (not running)
            continue
        return True
    return False


def desktop_voice(
    switch_on: bool, speaker: Speaker | None = None
) -> tuple[DesktopVoice | None, str]:
    """The voice for the desktop while the mode is on (the switch on, or a screen reader
    running), else None. Where the mode is on and nothing can speak: None and a plain sentence
    for the player. Waits up to ``OPEN_WAIT`` seconds (at the start, never in a frame); a
    speaker still starting then is given anyway (what is said waits for it, and ``problem``
    tells if it never speaks)."""
    try:
        if not switch_on and not screen_reader_running():
            return None, ""
        voice = DesktopVoice(speaker)
        voice.ready(OPEN_WAIT)
        problem = voice.problem
        if problem:
            voice.close()
            return None, problem
        return voice, ""
    except Exception:  # noqa: BLE001 (a thread that won't start, say)
        return None, problem_sentence("none")


__all__ = [
    "DesktopVoice",
    "NoSpeech",
    "PrismSpeaker",
    "Speaker",
    "SpeechMissing",
    "desktop_voice",
    "problem_sentence",
    "reader_process",
    "screen_reader_running",
]
