"""What every computer player shares: the words for its levels, the API the session asks it
through, and its decision as a job the client runs a few milliseconds per frame.

    job = Job(steps)               # steps: a generator that yields between slices and
    move = job.think(budget_ms)    # returns the move; None until decided, then the move

A decision that needs no thinking is ``Job(decided(move))``. A player is a ``ComputerPlayer``:
``choose(state)`` (blocking), ``start(state)`` (a Job), ``calls_stop(state)``; its ``level`` is
a ``Level``, whose text is what seats ("computer:hard") and saves carry.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterable
from enum import StrEnum
from typing import Protocol

from game.core import GameState, Move


class Level(StrEnum):
    """How well a computer player plays. EASY, MEDIUM and HARD are offered to players; GREEDY,
    RANDOM and ORACLE (which sees every hidden card) only to measurements. The text is what
    seats ("computer:hard") and saves carry."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    GREEDY = "greedy"
    RANDOM = "random"
    ORACLE = "oracle"


#: the levels a person may choose for a computer seat; the others are for measurements
OFFERED = (Level.EASY, Level.MEDIUM, Level.HARD)
MEASURING = (Level.GREEDY, Level.RANDOM, Level.ORACLE)


def level_named(text: Level | str, known: Iterable[Level]) -> Level | None:
    """The level ``text`` names if it is one of ``known``, else None: the one place where a
    level's text (from a seat, a save, a command line) becomes a Level."""
    try:
        level = Level(text)
    except ValueError:
        return None
    return level if level in known else None


#: a decision being thought about: yields between slices, returns the move
Decision = Generator[None, None, Move]


class Job:
    """One decision being thought about. ``think(budget_ms)`` runs for at most about the budget
    and returns the move once decided (then keeps returning it), else None."""

    def __init__(self, steps: Decision):
        self._steps = steps
        self.move: Move | None = None
        self.done = False
        self.thinking_ms = 0.0  # time spent in think() so far

    def think(self, budget_ms: float = 10.0) -> Move | None:
        if self.done:
            return self.move
        start = time.perf_counter()
        deadline = start + budget_ms / 1000.0
        try:
            while True:
                next(self._steps)
                if time.perf_counter() >= deadline:
                    break
        except StopIteration as stop:
            self.move, self.done = stop.value, True
        self.thinking_ms += (time.perf_counter() - start) * 1000.0
        return self.move


def decided(move: Move) -> Decision:
    """A generator that has already decided (for the decisions that need no slicing)."""
    return move
    yield  # (never reached: makes this a generator)


class ComputerPlayer(Protocol):
    """What the session and the tools ask of a computer player of any game."""

    @property
    def level(self) -> Level: ...

    @property
    def breach_rate(self) -> float:
        """How often it breaks a priority on purpose, for a person to catch (0: never)."""
        ...

    def choose(self, state: GameState) -> Move:
        """The move this player makes in ``state`` (blocking)."""
        ...

    def start(self, state: GameState) -> Job:
        """Begin deciding on a copy of ``state``; the caller's state is left alone."""
        ...

    def calls_stop(self, state: GameState) -> bool:
        """Whether to call Stop! (knock) now on the last move, another player's."""
        ...


__all__ = [
    "MEASURING",
    "OFFERED",
    "ComputerPlayer",
    "Decision",
    "Job",
    "Level",
    "decided",
    "level_named",
]
