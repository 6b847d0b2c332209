"""Saved progress: the game in play, statistics, the match scores and settings.

Every record is one key in a Store, holding JSON ``{"format": N, "data": ...}``:

    parlour/game/<game_id>    what the client passed to save_game (the session's save)
    parlour/stats/<game_id>   played, won, streaks, records
    parlour/match/<game_id>   the game's match score (core Match.to_dict(), and its seats);
                              Russian Bank's was "parlour/match" before, and is still read
    parlour/settings          the client's settings
    parlour/shared            the shared table open now (a game with friends at other screens:
                              SharedTable.save(), its room code and what sits down again),
                              a slot of its own: it never touches the game's own save

``format`` is per kind (FORMATS). When a record's shape changes, raise its format and add a
function to MIGRATIONS that turns the old data into the new; records are migrated when read.

Reading never raises and never trusts the data: bytes that are not UTF-8, text that is not
JSON, a wrong shape, a format this build does not know, a record over MAX_RECORD characters, a
game the rules core can't replay... the record is set aside, byte for byte, to
``parlour.aside/<same path>`` (the latest unusable copy of each record is kept there), a sentence
for the player goes to ``notices``, and play starts clean.

The rule: nothing a player had is ever overwritten (or deleted) unless it was first kept aside
byte for byte. So:

- a *read error* (the storage failed: permission denied, a FIFO or directory in place of the
  file, localStorage's getItem throwing or handing back something that is not text) is not
  damaged data: the record is left as it is, the player is told once, and this Saves refuses to
  write or delete that key until a later read of it succeeds (normally: until the next start);
- damaged data that can't be kept aside (no room) stays where it is, and writes to its key are
  refused until the copy can be made (tried again at each write);
- a key this Saves never read is looked at once before its first write: if what is there can't
  be read the write is refused, and if it is unusable it is set aside first.

Writing never raises because of the storage: a full localStorage or disk becomes a notice and
the game goes on. A record over MAX_RECORD characters is not written (a notice; the previous
record stays). JSON only: nothing is ever loaded with pickle or eval.

``load_game`` validates the game itself: ``data["state"]`` must rebuild with
``game.core.from_dict`` (and be a game of ``game_id``), ``data["redo"]`` if present must be a list
of move strings and ``data["elapsed"]`` if present a number >= 0. So the client may call
``from_dict(data["state"])`` on what it gets without guarding against ValueError. A caller that
validates the whole saved content itself passes ``check`` instead (see ``load_game``); that the
state is a game of ``game_id`` is checked even then.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Any

from game.core.language import N_, _
from game.storage.stores import StorageError, StorageFull, Store, default_store, describe

PREFIX = "parlour/"
ASIDE = "parlour.aside/"
FORMATS = {"game": 1, "stats": 2, "match": 1, "settings": 1, "shared": 1}
# The most characters of JSON (ASCII, so bytes too) one record may hold. A long real game is far
# below: a Russian Bank game of 2,984 moves (the longest of 3,000 random-play games) saves in
# 31 KB, and even a deliberately stalled one of 138,505 moves (99% house-to-house shuffles) in
# 1.39 MB. Larger records are not written (the previous one is kept) and, when found, are
# set aside like damaged ones.
MAX_RECORD = 2_000_000
# (kind, format) -> function turning data of that format into data of format + 1
MIGRATIONS: dict[tuple[str, int], Callable[[Any], Any]] = {}


def _stats_1_to_2(data):
    """Format 1 counted a win with help in ``won``; format 2 counts it apart, in
    ``won_with_help``. The wins that can't have been the player's own move there."""
    if not isinstance(data, dict):
        return data
    played, won, assisted = (data.get(k, 0) for k in ("played", "won", "assisted"))
    if not all(type(v) is int for v in (played, won, assisted)):
        return data  # the check refuses it
    helped = max(0, min(won, won - (played - assisted)))
    return {
        **data,
        "won": won - helped,
        "won_with_help": helped,
        "best_streak": min(data.get("best_streak", 0), won - helped),
        "streak": min(data.get("streak", 0), won - helped),
    }


MIGRATIONS[("stats", 1)] = _stats_1_to_2

# Before matches were kept per game, the one game with a match kept it under "match".
LEGACY_MATCH = ("match", "russian-bank")
STAT_COUNTS = ("played", "won", "streak", "best_streak", "assisted", "won_with_help")
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
    return {
        "played": 0,
        "won": 0,
        "streak": 0,
        "best_streak": 0,
        "assisted": 0,
        "won_with_help": 0,
        "best_time": None,
        "fewest_moves": None,
    }


def _win_rate(stats: dict) -> float:
    """Wins over the games played without help (0.0 before any)."""
    own = stats["played"] - stats["assisted"]
    return stats["won"] / own if own > 0 else 0.0


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
    if (
        out["won"] + out["won_with_help"] > out["played"]
        or out["assisted"] > out["played"]
        or out["won_with_help"] > out["assisted"]
        or out["best_streak"] > out["won"]
        or out["streak"] > out["best_streak"]
    ):
        raise Unreadable(f"statistics don't add up: {data!r}")
    if out["fewest_moves"] is not None and type(out["fewest_moves"]) is not int:
        raise Unreadable(f"fewest_moves is {out['fewest_moves']!r}")
    return out


def _check_game_of(game_id: str, data) -> None:
    """A saved game's state (``data["state"]``, when it is an object) must name ``game_id``:
    the rules core rebuilds the game its state names, so another game's record under this key
    would be played on this game's table. Checked before any caller's check, which may not know
    the key; what else a record holds is the check's to judge."""
    if isinstance(data, dict) and isinstance(data.get("state"), dict):
        named = data["state"].get("game")
        if named != game_id:
            raise Unreadable(f"a {named!r} game saved as {game_id}")


def _check_game(game_id: str, data) -> dict:
    from game.core import from_dict  # the rules decide what a playable saved game is

    if not isinstance(data, dict) or "state" not in data:
        raise Unreadable("a saved game must be an object with a state")
    _check_game_of(game_id, data)
    try:
        state = from_dict(data["state"])
    except ValueError as e:
        raise Unreadable(f"the rules can't rebuild the game: {e}") from None
    if state.game_id != game_id:
        raise Unreadable(f"a {state.game_id} game saved as {game_id}")
    redo = data.get("redo", [])
    if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
        raise Unreadable(f"the redo list is {redo!r}")
    if "elapsed" in data and not _number(data["elapsed"]):
        raise Unreadable(f"the clock reads {data['elapsed']!r}")
    return data


def _check_match(game_id: str, data) -> dict:
    """A match of ``game_id`` (core Match.to_dict()), with the seats that play it when they are
    known: one score for each player, as many players as the game allows (Russian Bank two,
    Chinese Patience two to four), and as many seats as scores. A match that doesn't fit would
    be drawn with a name for each score (Statistics, the table's panel)."""
    from game.core import Match, info

    try:
        match = Match.from_dict(data)
    except (ValueError, TypeError) as e:
        raise Unreadable(str(e)) from None
    out = match.to_dict()
    try:
        d = info(game_id)
    except ValueError:
        d = None  # a game this version does not have: nothing to check it against
    if d is not None and d.match is None:
        raise Unreadable(f"{d.title} has no match")
    if d is not None and match.players not in d.players:
        raise Unreadable(
            f"a match of {match.players} players in {d.title}, played by "
            f"{' or '.join(map(str, d.players))}"
        )
    seats = data.get("seats")
    if seats is not None:
        if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
            raise Unreadable(f"the match's seats are {seats!r}")
        if len(seats) != match.players:
            raise Unreadable(f"a match of {match.players} scores and {len(seats)} seats")
        out["seats"] = list(seats)
    return out


def _title(game_id: str) -> str:
    """A game's title for notices, in the current language (the id itself for a game this
    version does not have)."""
    from game.core import info

    try:
        return _(info(game_id).title)
    except ValueError:
        return game_id


def _check_settings(data) -> dict:
    if not isinstance(data, dict):
        raise Unreadable("settings are not an object")
    return data


def _check_shared(data) -> dict:
    """A shared table's save as SharedTable.save() makes it: its room code and its session
    (what the rooms check in full when the table is taken up again)."""
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("code"), str)
        or not isinstance(data.get("session"), dict)
    ):
        raise Unreadable("a shared table's save is an object with a code and a session")
    return data


# What notices say of a record, by its kind ("game", "stats", "match", "settings", "shared")
# and case: one whole sentence each, since German and French verbs, participles and pronouns
# follow the record's gender and number. English here, translated when said (``_said``).
_SAID = {
    "game": {
        # Translators: a notice; {title} is a game's name
        "damaged": N_("Your saved {title} game couldn't be read, so a new game starts."),
        "newer": N_(
            "Your saved {title} game was saved by a newer version of the game, so a new "
            "game starts."
        ),
        # Translators: {error} is what the storage said (in English)
        "unread": N_(
            "Your saved {title} game can't be read right now ({error}). The stored copy "
            "is left untouched, and nothing is saved over it until the game is "
            "restarted."
        ),
        "aside now": N_(
            "Your saved {title} game, which couldn't be read, is now kept aside, and "
            "saving goes on."
        ),
        "newer, replaced": N_(
            "Your saved {title} game was saved by a newer version of the game, "
            "and is being replaced."
        ),
        "damaged, replaced": N_("Your saved {title} game couldn't be read, and is being replaced."),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        "too large": N_(
            "This {title} game has grown too long to save ({size}). The last save "
            "that fitted is kept; moves from now on are not saved."
        ),
    },
    "stats": {
        "damaged": N_("Your {title} statistics couldn't be read, so they start again from zero."),
        "newer": N_(
            "Your {title} statistics was saved by a newer version of the game, so they "
            "start again from zero."
        ),
        # Translators: {error} is what the storage said (in English)
        "unread": N_(
            "Your {title} statistics can't be read right now ({error}). The stored copy "
            "is left untouched, and nothing is saved over it until the game is "
            "restarted."
        ),
        "aside now": N_(
            "Your {title} statistics, which couldn't be read, is now kept aside, and "
            "saving goes on."
        ),
        "newer, replaced": N_(
            "Your {title} statistics was saved by a newer version of the game, "
            "and is being replaced."
        ),
        "damaged, replaced": N_("Your {title} statistics couldn't be read, and is being replaced."),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        "too large": N_(
            "Your {title} statistics can't be saved: too large ({size}). What was "
            "saved before is kept."
        ),
    },
    "match": {
        "damaged": N_("The saved {title} match score couldn't be read, so a new match starts."),
        "newer": N_(
            "The saved {title} match score was saved by a newer version of the game, so "
            "a new match starts."
        ),
        # Translators: {error} is what the storage said (in English)
        "unread": N_(
            "The saved {title} match score can't be read right now ({error}). The "
            "stored copy is left untouched, and nothing is saved over it until the game "
            "is restarted."
        ),
        "aside now": N_(
            "The saved {title} match score, which couldn't be read, is now kept "
            "aside, and saving goes on."
        ),
        "newer, replaced": N_(
            "The saved {title} match score was saved by a newer version of the "
            "game, and is being replaced."
        ),
        "damaged, replaced": N_(
            "The saved {title} match score couldn't be read, and is being replaced."
        ),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        "too large": N_(
            "The saved {title} match score can't be saved: too large ({size}). What "
            "was saved before is kept."
        ),
    },
    "settings": {
        "damaged": N_("Your settings couldn't be read, so the defaults are used."),
        "newer": N_(
            "Your settings was saved by a newer version of the game, so the defaults are used."
        ),
        # Translators: {error} is what the storage said (in English)
        "unread": N_(
            "Your settings can't be read right now ({error}). The stored copy is left "
            "untouched, and nothing is saved over it until the game is restarted."
        ),
        "aside now": N_(
            "Your settings, which couldn't be read, is now kept aside, and saving goes on."
        ),
        "newer, replaced": N_(
            "Your settings was saved by a newer version of the game, and is being replaced."
        ),
        "damaged, replaced": N_("Your settings couldn't be read, and is being replaced."),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        "too large": N_(
            "Your settings can't be saved: too large ({size}). What was saved before is kept."
        ),
    },
    "shared": {
        "damaged": N_(
            "The shared table you were at couldn't be read, so it can't be joined again."
        ),
        "newer": N_(
            "The shared table you were at was saved by a newer version of the game, so "
            "it can't be joined again."
        ),
        # Translators: {error} is what the storage said (in English)
        "unread": N_(
            "The shared table you were at can't be read right now ({error}). The stored "
            "copy is left untouched, and nothing is saved over it until the game is "
            "restarted."
        ),
        "aside now": N_(
            "The shared table you were at, which couldn't be read, is now kept "
            "aside, and saving goes on."
        ),
        "newer, replaced": N_(
            "The shared table you were at was saved by a newer version of the "
            "game, and is being replaced."
        ),
        "damaged, replaced": N_(
            "The shared table you were at couldn't be read, and is being replaced."
        ),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        "too large": N_(
            "The shared table you were at can't be saved: too large ({size}). What "
            "was saved before is kept."
        ),
    },
}


def _said(path: str, case: str, **fields) -> str:
    """The notice of ``case`` about the record at ``path``, in the current language."""
    kind, _slash, name = path.partition("/")
    if kind == "match":
        name = name or LEGACY_MATCH[1]
    sentence = _(_SAID.get(kind, _SAID["settings"])[case])
    return sentence.format(title=_title(name) if name else "", **fields)


_BUGS = {  # a notice: the game couldn't keep what it was keeping
    # Translators: {error} is what went wrong (in English)
    "save the game": N_("The game couldn't save the game ({error})."),
    # Translators: {error} is what went wrong (in English)
    "keep the shared table": N_("The game couldn't keep the shared table ({error})."),
}


class _Newer(Exception):
    """A record in a format newer than this build knows."""


_UNREAD = object()  # in Saves._locked: the key's last read failed


class Saves:
    """The client's one door to saved progress. See the module docstring."""

    def __init__(self, store: Store | None = None):
        self.store = default_store() if store is None else store
        self.notices: list[str] = []  # sentences for the player; the client shows and clears them
        self._failing: set[str] = set()  # kinds whose last write failed (one notice per failure)
        self._written: dict[str, str] = {}  # key -> text last written, to skip identical writes
        self._seen: set[str] = set()  # keys whose stored record this Saves has read or written
        self._locked: dict[str, object] = {}  # keys not to overwrite: -> _UNREAD, or the raw
        #                                       record still waiting to be set aside
        self._too_large: set[str] = set()  # keys whose last write was refused for its size
        warning = getattr(self.store, "warning", None)
        if warning:
            self.notices.append(_(warning))  # (marked where it is written: stores.py)

    # ------------------------------------------------------------------------- games
    def load_game(self, game_id: str, check: Callable[[Any], Any] | None = None):
        """The dict last passed to save_game for this game, or None if there is none or it
        can't be used (then it is set aside and a notice says so).

        ``check``, when given, replaces the built-in check of the game (``_check_game``): it is
        called with the stored data (after migrations) and returns what load_game hands back,
        or raises ValueError, TypeError or KeyError when the data can't be used. A record it
        refuses (or for which it raises anything else, or returns None) is set aside byte for
        byte and reported, exactly like damaged JSON. Whatever the check, a record whose state
        (``data["state"]``, an object) names another game than ``game_id`` (another game's save
        under this key) never reaches it: it is set aside the same way."""

        def checked(data):
            if check is None:
                return _check_game(game_id, data)
            _check_game_of(game_id, data)
            return check(data)

        return self._read("game", f"game/{game_id}", checked)

    def save_game(self, game_id: str, data: dict) -> None:
        """Save the game in play (called after every move). Never raises."""
        try:
            self._write("game", f"game/{game_id}", data)
        except Exception as e:  # anything at all: saving must never take the game down
            self._report_bug("save the game", e)

    def clear_game(self, game_id: str) -> None:
        self._delete(f"game/{game_id}")

    def saved_games(self) -> set[str]:
        """The ids of the games saved, without reading or checking them (for the title
        screen; load_game checks what it finds). Never raises."""
        start = PREFIX + "game/"
        try:
            return {k[len(start) :] for k in self.store.keys() if k.startswith(start)}
        except Exception:
            return set()

    # ------------------------------------------------------------------------- shared table
    def load_shared(self, check: Callable[[Any], Any] | None = None):
        """The shared table kept with save_shared (a game with friends at other screens), or
        None. ``check`` as in load_game (after the built-in check of its shape); a record it
        refuses is set aside byte for byte and reported, like any damaged record."""

        def checked(data):
            data = _check_shared(data)
            return check(data) if check is not None else data

        return self._read("shared", "shared", checked)

    def save_shared(self, data: dict) -> None:
        """Keep the shared table open now (SharedTable.save()), in its own slot. Never raises."""
        try:
            self._write("shared", "shared", _check_shared(data))
        except Exception as e:  # anything at all: saving must never take the game down
            self._report_bug("keep the shared table", e)

    def clear_shared(self) -> None:
        """The shared table was left or ended: nothing to sit down at again."""
        self._delete("shared")

    # ------------------------------------------------------------------------- statistics
    def stats(self, game_id: str) -> dict:
        """played, won, win_rate (0.0 to 1.0), streak, best_streak, best_time (seconds) and
        fewest_moves (None until an unassisted win), assisted (games played with help)."""
        data = self._read("stats", f"stats/{game_id}", _check_stats)
        stats = data if data is not None else empty_stats()
        stats["win_rate"] = _win_rate(stats)
        return stats

    def record_result(
        self, game_id: str, won: bool, moves: int, seconds: float, assisted: bool = False
    ) -> dict:
        """Count a finished game and return the new statistics, with ``records``: the names of
        the records this game set ("best_time", "fewest_moves", "best_streak"). A game played
        with help (Hint or Finish) is counted apart: in ``assisted`` and, won,
        in ``won_with_help``; it is neither a win nor a loss of the player's own (``won``, the
        win rate and the streaks leave it out) and sets no record."""
        if not _count(moves) or not _number(seconds):
            raise ValueError(
                f"moves must be an int >= 0 and seconds a number >= 0, not {moves!r}, {seconds!r}"
            )
        stats = self.stats(game_id)
        del stats["win_rate"]
        records = []
        stats["played"] += 1
        if assisted:
            stats["assisted"] += 1
            if won:
                stats["won_with_help"] += 1
        elif won:
            stats["won"] += 1
            stats["streak"] += 1
            if stats["streak"] > stats["best_streak"]:
                stats["best_streak"] = stats["streak"]
                records.append("best_streak")
            if stats["best_time"] is None or seconds < stats["best_time"]:
                stats["best_time"] = seconds
                records.append("best_time")
            if stats["fewest_moves"] is None or moves < stats["fewest_moves"]:
                stats["fewest_moves"] = moves
                records.append("fewest_moves")
        else:
            stats["streak"] = 0
        self._write("stats", f"stats/{game_id}", stats)
        stats["win_rate"] = _win_rate(stats)
        stats["records"] = records
        return stats

    # ------------------------------------------------------------------------- settings, match
    def settings(self) -> dict:
        data = self._read("settings", "settings", _check_settings)
        return data if data is not None else {}

    def save_settings(self, settings: dict) -> None:
        if not isinstance(settings, dict):
            raise TypeError("settings must be a dict")
        self._write("settings", "settings", settings)

    def match(self, game_id: str = LEGACY_MATCH[1]) -> dict | None:
        """The game's match (Match.to_dict(), and "seats" when saved with them), or None if
        none is saved. A match whose scores don't fit the game or its seats is set aside."""
        path = f"match/{game_id}"

        def check(data):
            return _check_match(game_id, data)

        data = self._read("match", path, check)
        if data is None and game_id == LEGACY_MATCH[1] and PREFIX + path not in self._written:
            data = self._read("match", LEGACY_MATCH[0], check)
        return data

    def save_match(self, data: dict | None, game_id: str = LEGACY_MATCH[1]) -> None:
        path = f"match/{game_id}"
        if data is None:
            self._delete(path)
        else:
            self._write("match", path, _check_match(game_id, data))

    # ------------------------------------------------------------------------- machinery
    def _fetch(self, key: str):
        """(text, raw, problem) for what is stored under ``key``: raw is exactly what is stored
        (bytes from a store that has ``get_bytes``, else the str), text its text (None when
        there is nothing, or when ``problem`` says why it is unusable as it stands). Raises
        whatever the store raises: the caller treats that as a read error."""
        get_bytes = getattr(self.store, "get_bytes", None)
        if callable(get_bytes):
            raw = get_bytes(key)
            if raw is None:
                return None, None, None
            if not isinstance(raw, bytes):
                raise StorageError(f"the storage gave back a {type(raw).__name__}, not bytes")
            if len(raw) > MAX_RECORD:
                return None, raw, f"it is larger than {MAX_RECORD:,} bytes"
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                return None, raw, f"not UTF-8 text: {e}"
            return text, raw, None
        raw = self.store.get(key)
        if raw is None:
            return None, None, None
        if not isinstance(raw, str):
            raise StorageError(f"the storage gave back a {type(raw).__name__}, not text")
        raw = str.__str__(raw)
        if len(raw) > MAX_RECORD:
            return None, raw, f"it is larger than {MAX_RECORD:,} characters"
        return raw, raw, None

    def _open(self, kind: str, text: str):
        """The data of a record's text, migrated to the current format. Raises Unreadable (or
        whatever a migration raises) when it can't be used, _Newer for a newer format."""
        envelope = _loads(text)
        if (
            not isinstance(envelope, dict)
            or type(envelope.get("format")) is not int
            or "data" not in envelope
        ):
            raise Unreadable("not a saved record")
        version, data = envelope["format"], envelope["data"]
        current = FORMATS[kind]
        if version > current:
            raise _Newer(version)
        while version < current:
            migrate = MIGRATIONS.get((kind, version))
            if migrate is None:
                raise Unreadable(f"no way to read format {version} of {kind}")
            data = migrate(data)
            version += 1
        return data

    def _read(self, kind: str, path: str, check):
        key = PREFIX + path
        try:
            text, raw, problem = self._fetch(key)
        except Exception as e:  # a read error, whatever the store raised: not damaged data
            self._cannot_read(key, path, e)
            return None
        # Read: the caller now has what is stored, so writing over it is the caller's choice.
        self._locked.pop(key, None)
        self._seen.add(key)
        if raw is None:
            return None
        damaged = _said(path, "damaged")
        if problem is not None:
            print(f"parlour storage: {key} is unusable: {problem}", file=sys.stderr)
            self._set_aside(key, raw, damaged)
            return None
        try:
            data = self._open(kind, text)
        except _Newer:
            self._set_aside(key, raw, _said(path, "newer"))
            return None
        except Exception as e:  # whatever the stored text does to the parsers, play goes on
            print(f"parlour storage: {key} is unreadable: {describe(e)}", file=sys.stderr)
            self._set_aside(key, raw, damaged)
            return None
        try:
            result = check(data)
            if result is None:
                raise Unreadable("the check handed back nothing")
            return result
        except Exception as e:
            print(
                f"parlour storage: {key} is unusable: {type(e).__name__}: {describe(e)}",
                file=sys.stderr,
            )
            self._set_aside(key, raw, damaged)
            return None

    def _cannot_read(self, key: str, path: str, error: Exception) -> None:
        """A read error: leave the record alone and refuse to write over it."""
        print(
            f"parlour storage: can't read {key}: {type(error).__name__}: {describe(error)}",
            file=sys.stderr,
        )
        self._locked[key] = _UNREAD
        self._written.pop(key, None)
        self._notice(_said(path, "unread", error=describe(error)))

    def _set_aside(self, key: str, raw, notice: str | None) -> bool:
        """Keep an unusable record aside, byte for byte, under ASIDE (replacing an older
        unusable copy of it), and remove it from ``key``. If that can't be done the record stays
        where it is and ``key`` is locked until it can (``_may_replace`` tries again). True when
        the record is aside."""
        self._written.pop(key, None)
        aside = ASIDE + key[len(PREFIX) :]
        try:
            move = getattr(self.store, "move", None)
            if callable(move):  # a file store: a rename keeps the very bytes, needs no room
                move(key, aside)
            else:
                if isinstance(raw, bytes):
                    self.store.set_bytes(aside, raw)
                else:
                    self.store.set(aside, raw)
                try:
                    self.store.delete(key)
                except StorageError:
                    pass  # the copy is kept: writing over the record later loses nothing
        except Exception as e:
            self._locked[key] = raw
            if notice is not None and isinstance(e, StorageFull):
                # Translators: {notice} is a whole sentence about a record that couldn't be
                # read (your saved game, your statistics...); "it" is that record
                self._notice(
                    _(
                        "{notice} There is no room to keep a copy of it, so it is left "
                        "where it is, and nothing is saved over it until that can be "
                        "done."
                    ).format(notice=notice)
                )
            elif notice is not None:
                # Translators: {notice} is a whole sentence about a record that couldn't be
                # read (your saved game, your statistics...); "it" is that record; {error} is
                # what the storage said (in English)
                self._notice(
                    _(
                        "{notice} A copy of it can't be kept aside ({error}), so it is "
                        "left where it is, and nothing is saved over it until that can "
                        "be done."
                    ).format(notice=notice, error=describe(e))
                )
            return False
        self._locked.pop(key, None)
        self._seen.add(key)
        if notice is not None:
            # Translators: {notice} is a whole sentence about a record that couldn't be read
            self._notice(_("{notice} A copy is kept aside.").format(notice=notice))
        return True

    def _may_replace(self, key: str) -> bool:
        """Whether the record under ``key`` may be written over or deleted now (see the
        module docstring). Never raises."""
        lock = self._locked.get(key)
        if lock is _UNREAD:
            return False
        if lock is not None:  # damaged, waiting for room to be set aside: try again
            try:
                text, raw, problem = self._fetch(key)
            except Exception:
                return False
            if raw == lock:
                if not self._set_aside(key, raw, None):
                    return False
                self._notice(_said(key[len(PREFIX) :], "aside now"))
                return True
            self._locked.pop(key, None)  # someone else replaced or removed it: look afresh
            self._seen.discard(key)
        if key in self._seen:
            return True
        # Never read in this session: look before writing over it.
        path = key[len(PREFIX) :]
        kind = path.partition("/")[0]
        try:
            text, raw, problem = self._fetch(key)
        except Exception as e:
            self._cannot_read(key, path, e)
            return False
        self._seen.add(key)
        if raw is None:
            return True
        try:
            if problem is not None:
                raise Unreadable(problem)
            self._open(kind, text)
            return True
        except _Newer:
            why = _said(path, "newer, replaced")
        except Exception:
            why = _said(path, "damaged, replaced")
        return self._set_aside(key, raw, why)

    def _write(self, kind: str, path: str, data) -> None:
        key = PREFIX + path
        text = _dumps({"format": FORMATS[kind], "data": data})  # TypeError/ValueError: a bug
        if self._written.get(key) == text:
            return
        if len(text) > MAX_RECORD:
            if key not in self._too_large:
                self._too_large.add(key)
                self._notice(self._too_large_notice(kind, path, len(text)))
            return
        if not self._may_replace(key):
            return
        try:
            self.store.set(key, text)
        except StorageFull:
            if kind not in self._failing:
                self._failing.add(kind)
                self._notice(
                    _(
                        "The storage is full, so progress can't be saved right now. "
                        "Clearing this site's data in the browser (or freeing disk "
                        "space) makes room."
                    )
                )
            return
        except StorageError as e:
            if kind not in self._failing:
                self._failing.add(kind)
                # Translators: {error} is what the storage said (in English)
                self._notice(
                    _("Progress can't be saved right now ({error}).").format(error=describe(e))
                )
            return
        self._failing.discard(kind)
        self._too_large.discard(key)
        self._written[key] = text

    @staticmethod
    def _too_large_notice(kind: str, path: str, size: int) -> str:
        # Translators: how large a record is, in a notice: "2.3 MB; the limit is 2 MB"
        megabytes = _("{size} MB; the limit is {limit} MB").format(
            size=f"{size / 1e6:.1f}", limit=f"{MAX_RECORD / 1e6:g}"
        )
        return _said(path, "too large", size=megabytes)

    def _delete(self, path: str) -> None:
        key = PREFIX + path
        self._written.pop(key, None)
        if not self._may_replace(key):
            return
        try:
            self.store.delete(key)
        except StorageError as e:
            # Translators: {error} is what the storage said (in English)
            self._notice(_("An old save can't be removed ({error}).").format(error=describe(e)))

    def _notice(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)

    def _report_bug(self, doing: str, error: Exception) -> None:
        print(
            f"parlour storage: failed to {doing}: {type(error).__name__}: {describe(error)}",
            file=sys.stderr,
        )
        self._notice(_(_BUGS[doing]).format(error=f"{type(error).__name__}: {describe(error)}"))


__all__ = [
    "ASIDE",
    "FORMATS",
    "MAX_RECORD",
    "MIGRATIONS",
    "PREFIX",
    "Saves",
    "Unreadable",
    "empty_stats",
]
