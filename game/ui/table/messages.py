"""The table's message line: one sentence at a time, in the colour of its kind, until its time
is up (``Table.say``)."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from game.ui import theme

MESSAGE_MS = 5000  # a message stands this long unless its speaker says otherwise
_TEN = re.compile(r"\bT([SHDC])\b")


class MessageKind(StrEnum):
    """What a message is, which gives its colour."""

    INFO = "info"  # what happens, what to do
    GOOD = "good"  # your turn, a right call
    WARN = "warn"  # a friend away, a wrong call's price
    ERROR = "error"  # a move refused, a save that failed


COLOURS: dict[MessageKind, tuple[int, int, int]] = {
    MessageKind.ERROR: theme.RED_INK,
    MessageKind.GOOD: theme.TARGET,
    MessageKind.INFO: theme.INK,
    MessageKind.WARN: theme.ACCENT,
}


class Message(NamedTuple):
    """What the message line says, its colour, and until when (the app's clock, ms)."""

    text: str
    colour: tuple[int, int, int]
    until: float


SILENT = Message("", theme.INK, 0.0)


def readable(text: str) -> str:
    """The core writes a Ten as "TH"; players read "10H"."""
    return _TEN.sub(r"10\1", text)


def message(text: str, kind: MessageKind, until: float) -> Message:
    """A sentence said as ``kind`` until ``until``, its Tens written as players read them."""
    return Message(readable(text), COLOURS[kind], until)


__all__ = ["MESSAGE_MS", "SILENT", "Message", "MessageKind", "message", "readable"]
