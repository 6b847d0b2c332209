"""Saved progress: the game in play, statistics, the Russian Bank match and settings.

Every record is one key in a Store, holding JSON ``{"format": N, "data": ...}``:

    parlour/game/<game_id>    what the client passed to save_game (state, redo list, clock...)
    parlour/stats/<game_id>   played, won, streaks, records
    parlour/match             the Russian Bank match score (core Match.to_dict())
    parlour/settings          the client's settings

``format`` is per kind (FORMATS). When a record's shape changes, raise its format and add a
function to MIGRATIONS that turns the old data into the new; records are migrated when read.

Reading never raises and never trusts the data: text that is not JSON, a wrong shape, a format
this build does not know, a game the rules core can't replay... the record is moved aside to
``parlour.aside/<same path>`` (the latest unreadable copy of each record is kept there), a
sentence for the player goes to ``notices``, and play starts clean. Writing never raises because
of the storage: a full localStorage or disk becomes a notice and the game goes on. JSON only:
nothing is ever loaded with pickle or eval.

``load_game`` validates the game itself: ``data["state"]`` must rebuild with
``game.core.from_dict`` (and be a game of ``game_id``), ``data["redo"]`` if present must be a list
of move strings and ``data["elapsed"]`` if present a number >= 0. So the client may call
``from_dict(data["state"])`` on what it gets without guarding against ValueError.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any, Callable

from .stores import Store, StorageError, StorageFull, default_store

PREFIX = "parlour/"
ASIDE = "parlour.aside/"
FORMATS = {"game": 1, "stats": 1, "match": 1, "settings": 1}
# (kind, format) -> function turning data of that format into data of format + 1
MIGRATIONS: dict[tuple[str, int], Callable[[Any], Any]] = {}

TITLES = {"forty-thieves": "Forty Thieves", "indian-patience": "Indian Patience",
          "russian-bank": "Russian Bank"}
STAT_COUNTS = ("played", "won", "streak", "best_streak", "assisted")
STAT_RECORDS = ("best_time", "fewest_moves")  # None until a game is won without assistance


class Unreadable(ValueError):
    """A stored record that can't be used; the message says why (for logs, not players)."""


def _reject_constant(name):
    raise Unreadable(f"{name} is not JSON")


def _loads(text: str):
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except Unreadable:
        raise
    except (ValueError, RecursionError, TypeError) as e:  # bad JSON, absurd nesting or numbers
        raise Unreadable(f"not JSON: {e}") from None


def _dumps(data) -> str:
    # ASCII only (pygbag hands strings to JavaScript as UTF-8 C strings) and strict JSON.
    return json.dumps(data, ensure_ascii=True, allow_nan=False, separators=(",", ":"))


def _count(value) -> bool:
    return type(value) is int and value >= 0


def _number(value) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and value >= 0


def empty_stats() -> dict:
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "assisted": 0,
            "best_time": None, "fewest_moves": None}


def _check_stats(data) -> dict:
    if not isinstance(data, dict):
        raise Unreadable("statistics are not an object")
    out = empty_stats()
    for name in STAT_COUNTS:
        value = data.get(name, 0)
        if not _count(value):
            raise Unreadable(f"statistic {name} is {value!r}")
        out[name] = value
    for name in STAT_RECORDS:
        value = data.get(name)
        if value is not None and not _number(value):
            raise Unreadable(f"record {name} is {value!r}")
        out[name] = value
    if (out["won"] > out["played"] or out["assisted"] > out["played"]
            or out["best_streak"] > out["won"] or out["streak"] > out["best_streak"]):
        raise Unreadable(f"statistics don't add up: {data!r}")
    if out["fewest_moves"] is not None and type(out["fewest_moves"]) is not int:
        raise Unreadable(f"fewest_moves is {out['fewest_moves']!r}")
    return out


def _check_game(game_id: str, data) -> dict:
    from game.core import from_dict  # the rules decide what a playable saved game is

    if not isinstance(data, dict) or "state" not in data:
        raise Unreadable("a saved game must be an object with a state")
    try:
        state = from_dict(data["state"])
    except ValueError as e:
        raise Unreadable(f"the rules can't rebuild the game: {e}") from None
    if game_id in TITLES and state.game_id != game_id:
        raise Unreadable(f"a {state.game_id} game saved as {game_id}")
    redo = data.get("redo", [])
    if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
        raise Unreadable(f"the redo list is {redo!r}")
    if "elapsed" in data and not _number(data["elapsed"]):
        raise Unreadable(f"the clock reads {data['elapsed']!r}")
    return data


def _check_match(data) -> dict:
    from game.core import Match

    try:
        return Match.from_dict(data).to_dict()
    except (ValueError, TypeError) as e:
        raise Unreadable(str(e)) from None


def _check_settings(data) -> dict:
    if not isinstance(data, dict):
        raise Unreadable("settings are not an object")
    return data


class Saves:
    """The client's one door to saved progress. See the module docstring."""

    def __init__(self, store: Store | None = None):
        self.store = default_store() if store is None else store
        self.notices: list[str] = []  # sentences for the player; the client shows and clears them
        self._failing: set[str] = set()  # kinds whose last write failed (one notice per failure)
        self._written: dict[str, str] = {}  # key -> text last written, to skip identical writes
        warning = getattr(self.store, "warning", None)
        if warning:
            self.notices.append(warning)

    # ------------------------------------------------------------------------- games
    def load_game(self, game_id: str) -> dict | None:
        """The dict last passed to save_game for this game, or None if there is none or it
        can't be used (then it is set aside and a notice says so)."""
        what = f"Your saved {TITLES.get(game_id, game_id)} game"
        return self._read("game", f"game/{game_id}", lambda d: _check_game(game_id, d), what,
                          "a new game starts")

    def save_game(self, game_id: str, data: dict) -> None:
        """Save the game in play (called after every move). Never raises."""
        try:
            self._write("game", f"game/{game_id}", data)
        except Exception as e:  # anything at all: saving must never take the game down
            self._report_bug("save the game", e)

    def clear_game(self, game_id: str) -> None:
        self._delete(f"game/{game_id}")

    # ------------------------------------------------------------------------- statistics
    def stats(self, game_id: str) -> dict:
        """played, won, win_rate (0.0 to 1.0), streak, best_streak, best_time (seconds) and
        fewest_moves (None until an unassisted win), assisted (games played with help)."""
        data = self._read("stats", f"stats/{game_id}", _check_stats,
                          f"Your {TITLES.get(game_id, game_id)} statistics", "they start again from zero")
        stats = data if data is not None else empty_stats()
        stats["win_rate"] = stats["won"] / stats["played"] if stats["played"] else 0.0
        return stats

    def record_result(self, game_id: str, won: bool, moves: int, seconds: float,
                      assisted: bool = False) -> dict:
        """Count a finished game and return the new statistics, with ``records``: the names of
        the records this game set ("best_time", "fewest_moves", "best_streak"). An assisted game
        (hints, solver, auto-play) counts as played and won but sets no time or move record."""
        if not _count(moves) or not _number(seconds):
            raise ValueError(f"moves must be an int >= 0 and seconds a number >= 0, "
                             f"not {moves!r}, {seconds!r}")
        stats = self.stats(game_id)
        del stats["win_rate"]
        records = []
        stats["played"] += 1
        if assisted:
            stats["assisted"] += 1
        if won:
            stats["won"] += 1
            stats["streak"] += 1
            if stats["streak"] > stats["best_streak"]:
                stats["best_streak"] = stats["streak"]
                records.append("best_streak")
            if not assisted:
                if stats["best_time"] is None or seconds < stats["best_time"]:
                    stats["best_time"] = seconds
                    records.append("best_time")
                if stats["fewest_moves"] is None or moves < stats["fewest_moves"]:
                    stats["fewest_moves"] = moves
                    records.append("fewest_moves")
        else:
            stats["streak"] = 0
        self._write("stats", f"stats/{game_id}", stats)
        stats["win_rate"] = stats["won"] / stats["played"]
        stats["records"] = records
        return stats

    # ------------------------------------------------------------------------- settings, match
    def settings(self) -> dict:
        data = self._read("settings", "settings", _check_settings, "Your settings",
                          "the defaults are used")
        return data if data is not None else {}

    def save_settings(self, settings: dict) -> None:
        if not isinstance(settings, dict):
            raise TypeError("settings must be a dict")
        self._write("settings", "settings", settings)

    def match(self) -> dict | None:
        """The Russian Bank match (Match.to_dict()), or None if none is saved."""
        return self._read("match", "match", _check_match, "The saved Russian Bank match score",
                          "a new match starts")

    def save_match(self, data: dict | None) -> None:
        if data is None:
            self._delete("match")
        else:
            self._write("match", "match", _check_match(data))

    # ------------------------------------------------------------------------- machinery
    def _read(self, kind: str, path: str, check, what: str, then: str):
        key = PREFIX + path
        try:
            text = self.store.get(key)
        except StorageError as e:
            self._notice(f"{what} can't be read ({e}); {then}.")
            return None
        if text is None:
            return None
        try:
            envelope = _loads(text)
            if (not isinstance(envelope, dict) or type(envelope.get("format")) is not int
                    or "data" not in envelope):
                raise Unreadable("not a saved record")
            version, data = envelope["format"], envelope["data"]
            current = FORMATS[kind]
            if version > current:
                self._set_aside(key, text, f"{what} was saved by a newer version of the game, "
                                           f"so {then}.")
                return None
            while version < current:
                migrate = MIGRATIONS.get((kind, version))
                if migrate is None:
                    raise Unreadable(f"no way to read format {version} of {kind}")
                data = migrate(data)
                version += 1
            return check(data)
        except Exception as e:  # whatever the stored text does to the parsers, play goes on
            print(f"parlour storage: {key} is unreadable: {e!r}", file=sys.stderr)
            self._set_aside(key, text, f"{what} couldn't be read, so {then}.")
            return None

    def _set_aside(self, key: str, text: str, notice: str) -> None:
        """Move an unusable record to ASIDE (replacing an older unusable copy of it)."""
        self._written.pop(key, None)
        aside = ASIDE + key[len(PREFIX):]
        try:
            self.store.set(aside, text)
        except StorageError:
            # No room for a copy: leave the record where it is rather than lose it; it is not
            # used, and the next save of its kind replaces it.
            self._notice(f"{notice} There is no room to keep a copy of it.")
            return
        try:
            self.store.delete(key)
        except StorageError:
            pass
        self._notice(f"{notice} A copy is kept aside.")

    def _write(self, kind: str, path: str, data) -> None:
        key = PREFIX + path
        text = _dumps({"format": FORMATS[kind], "data": data})  # TypeError/ValueError: a bug
        if self._written.get(key) == text:
            return
        try:
            self.store.set(key, text)
        except StorageFull:
            if kind not in self._failing:
                self._failing.add(kind)
                self._notice("The storage is full, so progress can't be saved right now. "
                             "Clearing this site's data in the browser (or freeing disk space) "
                             "makes room.")
            return
        except StorageError as e:
            if kind not in self._failing:
                self._failing.add(kind)
                self._notice(f"Progress can't be saved right now ({e}).")
            return
        self._failing.discard(kind)
        self._written[key] = text

    def _delete(self, path: str) -> None:
        key = PREFIX + path
        self._written.pop(key, None)
        try:
            self.store.delete(key)
        except StorageError as e:
            self._notice(f"An old save can't be removed ({e}).")

    def _notice(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)

    def _report_bug(self, doing: str, error: Exception) -> None:
        print(f"parlour storage: failed to {doing}: {error!r}", file=sys.stderr)
        self._notice(f"The game couldn't {doing} ({type(error).__name__}: {error}).")


__all__ = ["ASIDE", "FORMATS", "MIGRATIONS", "PREFIX", "Saves", "Unreadable", "empty_stats"]
