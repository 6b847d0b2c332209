"""Calls on broken priorities, for the games that have them (Russian Bank's Stop!, Chinese
Patience's knock), and what every other game inherits: nothing is ever a breach, and a call is
always wrong.

A game with priorities offers the moves that obey its building rules but break a priority in
``breach_moves()``; ``push(move, breach=True)`` plays one and records the ``Breach`` (the
engine's ``breach`` says it while a call may still be made on it). ``call_stop()`` is another
player's call on the last move, answered with a ``StopCall``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core.language import _
from game.core.moves import Move


class CallCost(StrEnum):
    """What a wrong call cost the caller (Russian Bank's option ``wrong_call``)."""

    NOTHING = ""
    TURN = "turn"  # the turn just begun
    NEXT_TURN = "next turn"  # their next turn


@dataclass(frozen=True)
class Breach:
    """A priority rule broken by the last move, while the opponent may still call on it."""

    rule: str  # which priority, as the game's rules number it ("a", "b", "c" in Russian Bank)
    reason: str  # the sentence saying which priority was broken
    move: Move  # the offending move
    compulsory: Move  # what the rules required instead
    player: int  # the offender


@dataclass(frozen=True)
class StopCall:
    """What a call on the last move did: ``right`` (it caught a breach) and a sentence."""

    right: bool
    message: str
    breach: Breach | None = None
    cost: CallCost = CallCost.NOTHING  # what a wrong call cost the caller


class Calls:
    """The calls of a game without priorities to break: a game with them overrides these."""

    title: ClassVar[str]

    def breach_moves(self) -> list[Move]:
        """Moves the building rules allow that break a priority (played with breach=True)."""
        return []

    def _breach_of(self, move: Move) -> Breach:
        """The Breach a move of ``breach_moves()`` commits."""
        raise NotImplementedError

    def call_stop(self) -> StopCall:
        """A call on the last move: here always wrong, and nothing changes."""
        # Translators: {title}: a game's name
        return StopCall(False, _("{title} has no calls.").format(title=_(self.title)))

    def call_price(self) -> str:
        """What a wrong call costs the caller, in words ("a turn"); "" when nothing."""
        return ""

    @property
    def calls_allowed(self) -> bool:
        """Whether calls on breaches exist in this game as dealt (a game with calls may allow
        them only under some options: Russian Bank's STOP! mode)."""
        return type(self).call_stop is not Calls.call_stop


__all__ = ["Breach", "CallCost", "Calls", "StopCall"]
