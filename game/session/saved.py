"""A session's save: the game and everything about to happen by itself, JSON-safe, versioned
and checked when read back (``Session.to_dict`` / ``Session.from_dict`` call these).
"""

from __future__ import annotations

from game.core import Move
from game.core import from_dict as state_from_dict

FORMAT = 2  # of the dict to_dict() makes; 1 was the client's save before seats existed
_FIELDS = {
    "format",
    "state",
    "seats",
    "redo",
    "redo_groups",
    "undo_groups",
    "turn_start",
    "elapsed",
    "assisted",
    "recorded",
    "dealt",
    "pending_call",
    "auto_pending",
    "opening",
    "finishing",
    "finish_group",
    "auto_at",
    "winnable_at",
}


def to_dict(s) -> dict:
    """The save: the game and everything about to happen by itself, so that a reload puts
    the player exactly where they were: a computer seat's Stop! call (or knock) about to be
    made (``pending_call``), safe cards about to go home (``auto_pending``; ``opening``
    while they are still the deal's own), a found winning line being played out
    (``finishing``; ``finish_group`` before its first move)."""
    return {
        "format": FORMAT,
        "state": s.state.to_dict(),
        "seats": list(s.seats),
        "redo": [str(m) for g in s.redo_groups for m in g],
        "redo_groups": [len(g) for g in s.redo_groups],
        "undo_groups": list(s.undo_groups),
        "turn_start": s.turn_start,
        "elapsed": round(s.elapsed, 2),
        "assisted": s.assisted,
        "recorded": s.recorded,
        "dealt": s.dealt,
        "pending_call": s.pending_call,
        "auto_pending": s.auto_pending,
        "opening": s._opening,
        "finishing": [str(m) for m in s.finishing],
        "finish_group": s._finish_group,
        "auto_at": sorted(s.auto_at),
        "winnable_at": s.winnable_at,
    }


def from_dict(cls, data, seats=None):
    """A session saved with to_dict (or by the client before seats existed: then
    ``seats``, else the game's default seats). Anything wrong raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be an object")
    version = data.get("format", 1)
    if version not in (1, FORMAT):
        raise ValueError(f"unknown saved game format {version!r}")
    unknown = set(data) - _FIELDS
    if unknown and version == FORMAT:
        raise ValueError(f"unknown parts in a saved game: {', '.join(sorted(unknown))}")
    state = state_from_dict(data.get("state"))
    s = cls(state, data.get("seats") or seats)
    s.undo_groups = groups(data.get("undo_groups"), len(state.history), "undo")
    redo = data.get("redo", [])
    if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
        raise ValueError("the redo list is not a list of moves")
    moves = [Move.parse(t) for t in redo]
    sizes = groups(data.get("redo_groups"), len(moves), "redo")
    i = 0
    for n in sizes:
        s.redo_groups.append(moves[i : i + n])
        i += n
    turn_start = data.get("turn_start", len(state.history) if len(s.seats) > 1 else 0)
    if type(turn_start) is not int or not 0 <= turn_start <= len(state.history):
        raise ValueError(f"the turn's start {turn_start!r} is not in the history")
    s.turn_start = turn_start
    dealt = data.get("dealt", 0)
    if (
        type(dealt) is not int
        or not 0 <= dealt <= len(state.history)
        or (dealt and (not s.undo_groups or s.undo_groups[0] != dealt))
    ):
        raise ValueError(f"the deal's own moves {dealt!r} don't match the history")
    s.dealt = dealt
    elapsed = data.get("elapsed", 0.0)
    if type(elapsed) not in (int, float) or not 0 <= elapsed < 1e9:
        raise ValueError(f"the clock reads {elapsed!r}")
    s.elapsed = float(elapsed)
    for name in ("assisted", "recorded", "auto_pending", "opening", "finish_group"):
        value = data.get(name, False)
        if type(value) is not bool:
            raise ValueError(f"{name} must be true or false, not {value!r}")
        setattr(s, "_" + name if name in ("opening", "finish_group") else name, value)
    finishing = data.get("finishing", [])
    if not isinstance(finishing, list) or not all(isinstance(m, str) for m in finishing):
        raise ValueError("the winning line being finished is not a list of moves")
    s.finishing = [Move.parse(t) for t in finishing]
    s.pending_call = _pending_call(s, data.get("pending_call"))
    s.auto_at = _auto_at(s, data.get("auto_at"))
    winnable = data.get("winnable_at")
    if winnable is not None and (
        type(winnable) is not int or not 0 <= winnable <= len(state.history)
    ):
        raise ValueError(f"the last winnable position {winnable!r} is not in the history")
    s.winnable_at = winnable
    return s


def _auto_at(s, saved) -> set[int]:
    """Where safe cards went home by themselves: saved, within the history and what may be
    redone; a save from before it was kept: every move of an undo group after its first
    (what the move count counted then)."""
    if saved is None:
        at, out = 0, set[int]()
        for size in s.undo_groups:
            out.update(range(at + 1, at + size))
            at += size
        return {i for i in out if i >= s.dealt}
    reach = len(s.state.history) + sum(len(g) for g in s.redo_groups)
    if not isinstance(saved, list) or not all(
        type(i) is int and s.dealt <= i < reach for i in saved
    ):
        raise ValueError(f"the automatic moves' places {saved!r} don't fit the history")
    return set(saved)


def _pending_call(s, seat):
    """A saved Stop! call (knock) about to be made: a computer seat's, on an open breach by
    another seat, in a game that has calls; ValueError otherwise."""
    if seat is None:
        return None
    breach = s.state.breach
    if type(seat) is not int or not 0 <= seat < len(s.seats) or not s._computer(seat):
        raise ValueError(f"a Stop! call about to be made must be a computer seat's, not {seat!r}")
    if not s.has_calls or breach is None or s.state.is_over() or seat == breach.player:
        raise ValueError(
            f"no Stop! call can be about to be made by seat {seat}: the last move "
            "broke no priority another seat could call on"
        )
    return seat


def groups(sizes, total: int, what: str) -> list[int]:
    """Undo/redo group sizes that add up to ``total`` moves (one move a group when absent)."""
    if sizes is None or (sizes == [] and total == 0):
        return [1] * total
    if (
        not isinstance(sizes, list)
        or any(type(n) is not int or n < 1 for n in sizes)
        or sum(sizes) != total
    ):
        raise ValueError(f"the {what} groups {sizes!r} don't match the {total} moves")
    return list(sizes)
