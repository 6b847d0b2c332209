"""What a stored game, match, settings or shared table must be to be used: each check takes the
record's data (after migrations) and returns what the reader hands back, or raises Unreadable.
(The statistics' own check is with them: statistics.py.)

A saved game is checked by the rules core: ``data["state"]`` must rebuild with
``game.core.from_dict`` (and be a game of ``game_id``), ``data["redo"]`` if present must be a
list of move strings and ``data["elapsed"]`` if present a number >= 0. So the client may call
``from_dict(data["state"])`` on what it gets without guarding against ValueError.
"""

from __future__ import annotations

from typing import Any

from game.core import Match, from_dict, info
from game.storage.records import Unreadable
from game.storage.statistics import is_amount


def check_game_of(game_id: str, data: Any) -> None:
    """A saved game's state (``data["state"]``, when it is an object) must name ``game_id``:
    the rules core rebuilds the game its state names, so another game's record under this key
    would be played on this game's table. Checked before any caller's check, which may not know
    the key; what else a record holds is the check's to judge."""
    if isinstance(data, dict) and isinstance(data.get("state"), dict):
        named = data["state"].get("game")
        if named != game_id:
            raise Unreadable(f"a {named!r} game saved as {game_id}")


def check_game(game_id: str, data: Any) -> dict[str, Any]:
    """A saved game the rules core can replay, of ``game_id`` (the module docstring)."""
    if not isinstance(data, dict) or "state" not in data:
        raise Unreadable("a saved game must be an object with a state")
    check_game_of(game_id, data)
    try:
        state = from_dict(data["state"])
    except ValueError as e:
        raise Unreadable(f"the rules can't rebuild the game: {e}") from None
    if state.game_id != game_id:
        raise Unreadable(f"a {state.game_id} game saved as {game_id}")
    redo = data.get("redo", [])
    if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
        raise Unreadable(f"the redo list is {redo!r}")
    if "elapsed" in data and not is_amount(data["elapsed"]):
        raise Unreadable(f"the clock reads {data['elapsed']!r}")
    return data


def check_match(game_id: str, data: Any) -> dict[str, Any]:
    """A match of ``game_id`` (core Match.to_dict()), with the seats that play it when they are
    known: one score for each player, as many players as the game allows (Russian Bank two,
    Chinese Patience two to four), and as many seats as scores. A match that doesn't fit would
    be drawn with a name for each score (Statistics, the table's panel)."""
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


def check_settings(data: Any) -> dict[str, Any]:
    """The client's settings: an object (the session's Settings checks each value)."""
    if not isinstance(data, dict):
        raise Unreadable("settings are not an object")
    return data


def check_shared(data: Any) -> dict[str, Any]:
    """A shared table's save as SharedTable.save() makes it: its room code and its session
    (what the rooms check in full when the table is taken up again)."""
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("code"), str)
        or not isinstance(data.get("session"), dict)
    ):
        raise Unreadable("a shared table's save is an object with a code and a session")
    return data


__all__ = ["check_game", "check_game_of", "check_match", "check_settings", "check_shared"]
