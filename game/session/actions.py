"""What happens at a table, in words a machine reads: the actions a seat makes (``Action``:
what game/net sends on to other screens) and the events a screen tells in words
(``Session.events``).

    Action(ActionKind.MOVE, seat, at, (move,))     # a move, by ``seat``, at history length ``at``
    (Event.CALL, caller, stop_call)                # a right or wrong Stop! call (or knock)
    (Event.PASS, seat)                             # a forced pass
    (Event.TURN, seat)                             # a new turn began

The kinds' texts are the words the network's messages carry for them (game/net/protocol.py's
MessageType reads an action's kind).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from game.core import Move


class ActionKind(StrEnum):
    """What an action at the table does."""

    MOVE = "move"  # a move played (``moves``: the one move)
    UNDO = "undo"  # ``size`` moves taken back
    REDO = "redo"  # ``moves`` played again
    CALL = "call"  # a Stop! call or knock


class Action(NamedTuple):
    """One action at the table: its ``kind``, by ``seat``, made when the history was ``at``
    moves long (``moves``: the moves played; ``size``: the moves an undo took back)."""

    kind: ActionKind
    seat: int
    at: int
    moves: tuple[Move, ...] = ()
    size: int = 0


class Event(StrEnum):
    """What a table tells in words that happened (the first item of a ``Session.events``
    tuple)."""

    CALL = "call"  # (CALL, caller, StopCall): a right or wrong Stop! call (or knock)
    PASS = "pass"  # (PASS, seat): a forced pass
    TURN = "turn"  # (TURN, seat): a new turn began


__all__ = ["Action", "ActionKind", "Event"]
