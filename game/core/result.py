"""How a finished game ended: a ``Result``, whose ``status`` is a ``Status``.

A game that keeps its end in a variable (the races, Chinese Patience) keeps it as an
``Outcome``: the fields of its Result, saved as a list of four.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """How a game ended: the word saves, results and messages carry."""

    WON = "won"  # a solitaire's every card home; a race's winner out of cards
    STUCK = "stuck"  # a solitaire with no move left that can help
    STALEMATE = "stalemate"  # a game for several that can no longer change (rules of each)


@dataclass(frozen=True)
class Result:
    """How a finished game ended. ``status``: won or stuck (solitaires), won or stalemate
    (Russian Bank, with ``winner`` 0/1 or None on an even stalemate, and the ``points`` the
    winner scores)."""

    status: Status
    winner: int | None = None
    points: int = 0
    reason: str = ""


#: a game's end as it keeps it (``Result``'s fields): status, winner, points, reason
Outcome = tuple[Status, int | None, int, str]


__all__ = ["Outcome", "Result", "Status"]
