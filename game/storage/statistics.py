"""A game's statistics: what they hold, how a finished game counts, and how a stored record of
them is checked and brought up to the current format.

    stats = empty_stats()
    check_game_counted(moves=140, seconds=300.0)      # ValueError for nonsense
    records = count_game(stats, won=True, moves=140, seconds=300.0, assisted=False)
    win_rate(stats)                      # wins over the games played without help

A game played with help (Hint or Finish) is counted apart: in ``assisted`` and, won, in
``won_with_help``; it is neither a win nor a loss of the player's own (``won``, the win rate and
the streaks leave it out) and sets no record.
"""

from __future__ import annotations

import math
from typing import Any

from game.storage.records import Unreadable

STAT_COUNTS = ("played", "won", "streak", "best_streak", "assisted", "won_with_help")
STAT_RECORDS = ("best_time", "fewest_moves")  # None until a game is won without assistance


def is_count(value: object) -> bool:
    """A whole number >= 0 (True and False are not numbers here)."""
    return type(value) is int and value >= 0


def is_amount(value: object) -> bool:
    """A finite number >= 0, whole or not (True and False are not numbers here)."""
    return (
        isinstance(value, (int, float))
        and type(value) in (int, float)
        and math.isfinite(value)
        and value >= 0
    )


def empty_stats() -> dict[str, Any]:
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


def win_rate(stats: dict[str, Any]) -> float:
    """Wins over the games played without help (0.0 before any)."""
    own: int = stats["played"] - stats["assisted"]
    return stats["won"] / own if own > 0 else 0.0


def check_game_counted(moves: object, seconds: object) -> None:
    """ValueError unless a finished game's moves are a count and its seconds an amount."""
    if not is_count(moves) or not is_amount(seconds):
        raise ValueError(
            f"moves must be an int >= 0 and seconds a number >= 0, not {moves!r}, {seconds!r}"
        )


def count_game(
    stats: dict[str, Any], won: bool, moves: int, seconds: float, assisted: bool
) -> list[str]:
    """Count a finished game (checked with ``check_game_counted``) into ``stats``; the names
    of the records it set ("best_streak", "best_time", "fewest_moves")."""
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
    return records


def check_stats(data: Any) -> dict[str, Any]:
    """Stored statistics as they are counted (every count and record in place); Unreadable
    when they are not numbers or don't add up."""
    if not isinstance(data, dict):
        raise Unreadable("statistics are not an object")
    out = empty_stats()
    for name in STAT_COUNTS:
        value = data.get(name, 0)
        if not is_count(value):
            raise Unreadable(f"statistic {name} is {value!r}")
        out[name] = value
    for name in STAT_RECORDS:
        value = data.get(name)
        if value is not None and not is_amount(value):
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


def stats_1_to_2(data: Any) -> Any:
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


__all__ = [
    "STAT_COUNTS",
    "STAT_RECORDS",
    "check_game_counted",
    "check_stats",
    "count_game",
    "empty_stats",
    "is_amount",
    "is_count",
    "stats_1_to_2",
    "win_rate",
]
