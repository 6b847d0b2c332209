"""Saved progress: the game in play, statistics, the match scores, the settings and the shared
table, each a record (records.py) kept by a Keeper (keeper.py) under its rule: nothing a player
had is lost, reading never raises, writing never raises because of the storage, and what the
player should know is said in ``notices`` (notices.py).

``load_game`` validates the game itself (checks.py): ``data["state"]`` must rebuild with
``game.core.from_dict`` (and be a game of ``game_id``), ``data["redo"]`` if present must be a
list of move strings and ``data["elapsed"]`` if present a number >= 0. So the client may call
``from_dict(data["state"])`` on what it gets without guarding against ValueError. A caller that
validates the whole saved content itself passes ``check`` instead (see ``load_game``); that the
state is a game of ``game_id`` is checked even then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.storage.checks import check_game, check_game_of, check_match, check_settings, check_shared
from game.storage.keeper import Keeper
from game.storage.notices import Doing
from game.storage.records import LEGACY_MATCH_GAME, PREFIX, Kind, Record
from game.storage.statistics import (
    check_game_counted,
    check_stats,
    count_game,
    empty_stats,
    win_rate,
)
from game.storage.stores import Store, default_store

Check = Callable[[Any], Any]
SHARED = Record(Kind.SHARED)
SETTINGS = Record(Kind.SETTINGS)
LEGACY_MATCH = Record(Kind.MATCH)  # "parlour/match": Russian Bank's, before matches were per game


class Saves:
    """The client's one door to saved progress. See the module docstring."""

    def __init__(self, store: Store | None = None):
        self._keeper = Keeper(default_store() if store is None else store)
        self.store = self._keeper.store
        self.notices = self._keeper.notices  # sentences for the player; the client shows and
        #                                      clears them

    # ------------------------------------------------------------------------- games
    def load_game(self, game_id: str, check: Check | None = None) -> Any:
        """The dict last passed to save_game for this game, or None if there is none or it
        can't be used (then it is set aside and a notice says so).

        ``check``, when given, replaces the built-in check of the game (``check_game``): it is
        called with the stored data (after migrations) and returns what load_game hands back,
        or raises ValueError, TypeError or KeyError when the data can't be used. A record it
        refuses (or for which it raises anything else, or returns None) is set aside byte for
        byte and reported, exactly like damaged JSON. Whatever the check, a record whose state
        (``data["state"]``, an object) names another game than ``game_id`` (another game's save
        under this key) never reaches it: it is set aside the same way."""

        def checked(data: Any) -> Any:
            if check is None:
                return check_game(game_id, data)
            check_game_of(game_id, data)
            return check(data)

        return self._keeper.read(Record(Kind.GAME, game_id), checked)

    def save_game(self, game_id: str, data: dict[str, Any]) -> None:
        """Save the game in play (called after every move). Never raises."""
        try:
            self._keeper.write(Record(Kind.GAME, game_id), data)
        except Exception as e:  # anything at all: saving must never take the game down
            self._keeper.report_bug(Doing.SAVE_GAME, e)

    def clear_game(self, game_id: str) -> None:
        self._keeper.delete(Record(Kind.GAME, game_id))

    def saved_games(self) -> set[str]:
        """The ids of the games saved, without reading or checking them (for the title
        screen; load_game checks what it finds). Never raises."""
        start = f"{PREFIX}{Kind.GAME}/"
        try:
            return {k[len(start) :] for k in self.store.keys() if k.startswith(start)}
        except Exception:
            return set()

    # ------------------------------------------------------------------------- shared table
    def load_shared(self, check: Check | None = None) -> Any:
        """The shared table kept with save_shared (a game with friends at other screens), or
        None. ``check`` as in load_game (after the built-in check of its shape); a record it
        refuses is set aside byte for byte and reported, like any damaged record."""

        def checked(data: Any) -> Any:
            data = check_shared(data)
            return check(data) if check is not None else data

        return self._keeper.read(SHARED, checked)

    def save_shared(self, data: dict[str, Any]) -> None:
        """Keep the shared table open now (SharedTable.save()), in its own slot. Never raises."""
        try:
            self._keeper.write(SHARED, check_shared(data))
        except Exception as e:  # anything at all: saving must never take the game down
            self._keeper.report_bug(Doing.KEEP_SHARED, e)

    def clear_shared(self) -> None:
        """The shared table was left or ended: nothing to sit down at again."""
        self._keeper.delete(SHARED)

    # ------------------------------------------------------------------------- statistics
    def stats(self, game_id: str) -> dict[str, Any]:
        """played, won, win_rate (0.0 to 1.0), streak, best_streak, best_time (seconds) and
        fewest_moves (None until an unassisted win), assisted (games played with help)."""
        data = self._keeper.read(Record(Kind.STATS, game_id), check_stats)
        stats = data if data is not None else empty_stats()
        stats["win_rate"] = win_rate(stats)
        return stats

    def record_result(
        self, game_id: str, won: bool, moves: int, seconds: float, assisted: bool = False
    ) -> dict[str, Any]:
        """Count a finished game and return the new statistics, with ``records``: the names of
        the records this game set ("best_time", "fewest_moves", "best_streak"). A game played
        with help (Hint or Finish) is counted apart: in ``assisted`` and, won,
        in ``won_with_help``; it is neither a win nor a loss of the player's own (``won``, the
        win rate and the streaks leave it out) and sets no record."""
        check_game_counted(moves, seconds)
        stats = self.stats(game_id)
        del stats["win_rate"]
        records = count_game(stats, won, moves, seconds, assisted)
        self._keeper.write(Record(Kind.STATS, game_id), stats)
        stats["win_rate"] = win_rate(stats)
        stats["records"] = records
        return stats

    # ------------------------------------------------------------------------- settings, match
    def settings(self) -> dict[str, Any]:
        data = self._keeper.read(SETTINGS, check_settings)
        return data if data is not None else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        if not isinstance(settings, dict):
            raise TypeError("settings must be a dict")
        self._keeper.write(SETTINGS, settings)

    def match(self, game_id: str = LEGACY_MATCH_GAME) -> dict[str, Any] | None:
        """The game's match (Match.to_dict(), and "seats" when saved with them), or None if
        none is saved. A match whose scores don't fit the game or its seats is set aside."""
        record = Record(Kind.MATCH, game_id)

        def check(data: Any) -> dict[str, Any]:
            return check_match(game_id, data)

        data = self._keeper.read(record, check)
        if data is None and game_id == LEGACY_MATCH_GAME and not self._keeper.has_written(record):
            data = self._keeper.read(LEGACY_MATCH, check)
        return data

    def save_match(self, data: dict[str, Any] | None, game_id: str = LEGACY_MATCH_GAME) -> None:
        record = Record(Kind.MATCH, game_id)
        if data is None:
            self._keeper.delete(record)
        else:
            self._keeper.write(record, check_match(game_id, data))


__all__ = ["Saves"]
