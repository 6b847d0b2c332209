"""The history of a game: one ``Entry`` per move, holding the small list of operations that
take it back exactly (``Ops``), including what the rules did by themselves (a card turned face
up, a pile refilled, a waste turned over, a turn ended).

An operation is a tuple whose first item says what it undoes:

    (MOVE, src, dst, n)         n cards went from src to dst, order kept
    (FLIP, pile, down)          pile's face-down count was down
    (SET, name, old)            the variable name was old
    (TURN_OVER, src, dst, n)    src's n cards were turned over onto dst
    (GIVE, src, index, dst, src_down, dst_down)
                                src's card at index went to the bottom of dst, face down
                                (Chinese Patience's penalty card); the face-down counts before
"""

from __future__ import annotations

from typing import Final, Literal

from game.core.calls import Breach
from game.core.moves import Move
from game.core.piles import Pile

MOVE: Final = 0
FLIP: Final = 1
SET: Final = 2
TURN_OVER: Final = 3
GIVE: Final = 4

MoveOp = tuple[Literal[0], Pile, Pile, int]
FlipOp = tuple[Literal[1], Pile, int]
SetOp = tuple[Literal[2], str, object]
TurnOverOp = tuple[Literal[3], Pile, Pile, int]
GiveOp = tuple[Literal[4], Pile, int, Pile, int, int]
Op = MoveOp | FlipOp | SetOp | TurnOverOp | GiveOp
#: the operations of one move, in the order they were made (undone in reverse)
Ops = list[Op]


class Entry:
    """One move of the history: ``ops`` undo it; ``breach`` the priority it broke (while a call
    is still open); ``restore`` the entry a Stop! call replaced (popping the call puts it back);
    ``legal`` the legal moves of the position before it (popping gives them back)."""

    __slots__ = ("move", "ops", "breach", "restore", "legal")

    def __init__(
        self,
        move: Move,
        ops: Ops,
        breach: Breach | None = None,
        restore: Entry | None = None,
        legal: list[Move] | None = None,
    ):
        self.move, self.ops, self.breach, self.restore = move, ops, breach, restore
        self.legal = legal

    def texts(self) -> list[str]:
        """The entry as saved: a call's text follows the breach it replaced ("!": the move
        broke a priority)."""
        out = self.restore.texts() if self.restore else []
        return out + [str(self.move) + ("!" if self.breach else "")]


__all__ = [
    "FLIP",
    "GIVE",
    "MOVE",
    "SET",
    "TURN_OVER",
    "Entry",
    "FlipOp",
    "GiveOp",
    "MoveOp",
    "Op",
    "Ops",
    "SetOp",
    "TurnOverOp",
]
