"""Thinking in slices: a computer player's decision as a job the client runs a few milliseconds
per frame.

    job = Job(steps)               # steps: a generator that yields between slices and
    move = job.think(budget_ms)    # returns the move; None until decided, then the move

A decision that needs no thinking is ``Job(decided(move))``.
"""

from __future__ import annotations

import time


class Job:
    """One decision being thought about. ``think(budget_ms)`` runs for at most about the budget
    and returns the move once decided (then keeps returning it), else None."""

    def __init__(self, steps):
        self._steps = steps  # a generator that yields between slices and returns the move
        self.move = None
        self.done = False
        self.thinking_ms = 0.0  # time spent in think() so far

    def think(self, budget_ms: float = 10.0):
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


def decided(move):
    """A generator that has already decided (for the decisions that need no slicing)."""
    return move
    yield  # noqa: unreachable - makes this a generator


__all__ = ["Job", "decided"]
