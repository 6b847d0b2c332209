"""What the solver says about a position (game/ai/solver/driver.py's Solver gives it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.core import Move


class Status(StrEnum):
    """Is the position winnable? (The texts are what a benchmark's records hold.)"""

    #: a line of moves wins (the verdict's ``line``, replayed through the core)
    WON = "won"
    #: proved: no line of moves wins
    LOST = "lost"
    #: the budget ran out first (or the core refused the solver's line)
    UNKNOWN = "unknown"


@dataclass
class Verdict:
    """``status``: won (``line`` holds the moves, core Moves, from the position given), lost
    (proved: no line wins), or unknown (the budget ran out first); ``reason`` says why, in
    words."""

    status: Status
    line: list[Move] | None = None
    nodes: int = 0
    seconds: float = 0.0
    reason: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        self.status = Status(self.status)  # its text will do too

    @property
    def decided(self) -> bool:
        return self.status is not Status.UNKNOWN


__all__ = ["Status", "Verdict"]
