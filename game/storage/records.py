"""What a saved record is: its kind, where it lives in the store, and the envelope its text is.

Every record is one key in a Store, holding JSON ``{"format": N, "data": ...}`` (``envelope``):

    parlour/game/<game_id>    what the client passed to save_game (the session's save)
    parlour/stats/<game_id>   played, won, streaks, records
    parlour/match/<game_id>   the game's match score (core Match.to_dict(), and its seats);
                              Russian Bank's was "parlour/match" before, and is still read
    parlour/settings          the client's settings
    parlour/shared            the shared table open now (a game with friends at other screens:
                              SharedTable.save(), its room code and what sits down again),
                              a slot of its own: it never touches the game's own save

A record that can't be used is kept aside under ``parlour.aside/<same path>`` (``Record.aside``).
The text is ASCII-only strict JSON, written compactly (``dumps``), and read without trusting it
(``loads``: no NaN, no Infinity, no absurd nesting raising anything but Unreadable).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

PREFIX = "parlour/"
ASIDE = "parlour.aside/"
# The most characters of JSON (ASCII, so bytes too) one record may hold. A long real game is far
# below: a Russian Bank game of 2,984 moves (the longest of 3,000 random-play games) saves in
# 31 KB, and even a deliberately stalled one of 138,505 moves (99% house-to-house shuffles) in
# 1.39 MB. Larger records are not written (the previous one is kept) and, when found, are
# set aside like damaged ones.
MAX_RECORD = 2_000_000


class Kind(StrEnum):
    """The kinds of record; the text is the first part of the record's path (and of its key)."""

    GAME = "game"
    STATS = "stats"
    MATCH = "match"
    SETTINGS = "settings"
    SHARED = "shared"


# Before matches were kept per game, the one game with a match kept it under "match".
LEGACY_MATCH_GAME = "russian-bank"


@dataclass(frozen=True)
class Record:
    """One record: its kind and, for a record kept per game, the game's id (``name``; "" for
    the records of their own: the settings, the shared table, the match of old)."""

    kind: Kind
    name: str = ""

    @property
    def path(self) -> str:
        """Where it is, below PREFIX (and below ASIDE once kept aside): "game/canfield"."""
        return f"{self.kind}/{self.name}" if self.name else str(self.kind)

    @property
    def key(self) -> str:
        return PREFIX + self.path

    @property
    def aside(self) -> str:
        """The key of its copy kept aside (the latest unusable one)."""
        return ASIDE + self.path

    @property
    def game(self) -> str:
        """The game the record is about, for its notices ("" for none: the settings, the
        shared table); the match of old is Russian Bank's."""
        if self.kind is Kind.MATCH and not self.name:
            return LEGACY_MATCH_GAME
        return self.name


class Unreadable(ValueError):
    """A stored record that can't be used; the message says why (for logs, not players)."""


class Newer(Exception):
    """A record in a format newer than this build knows."""


def _reject_constant(name: str) -> Any:
    raise Unreadable(f"{name} is not JSON")


def loads(text: str) -> Any:
    """The JSON of a stored text; Unreadable for anything that is not strict JSON."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except Unreadable:
        raise
    except (ValueError, RecursionError, TypeError) as e:  # bad JSON, absurd nesting or numbers
        raise Unreadable(f"not JSON: {e}") from None


def dumps(data: Any) -> str:
    """A record's text. ASCII only (pygbag hands strings to JavaScript as UTF-8 C strings) and
    strict JSON; TypeError or ValueError for data that is not JSON (a bug of the caller)."""
    return json.dumps(data, ensure_ascii=True, allow_nan=False, separators=(",", ":"))


__all__ = [
    "ASIDE",
    "LEGACY_MATCH_GAME",
    "MAX_RECORD",
    "PREFIX",
    "Kind",
    "Newer",
    "Record",
    "Unreadable",
    "dumps",
    "loads",
]
