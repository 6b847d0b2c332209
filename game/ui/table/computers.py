"""A table's computer seats: they think in slices of each frame and show a move at the chosen
pace; a computer's Stop! call comes a moment after the slip it catches."""

from __future__ import annotations

from typing import Any, Protocol

from game.core import Move
from game.session import Session
from game.session.pace import computer_pause_ms
from game.ui.board.places import Piles

THINK_SLICE_MS = 4  # a computer seat's share of a frame
STOP_DELAY_MS = 650  # a computer's Stop! call comes this long after the slip


class SeatsTable(Protocol):
    """What the computer seats need of their table (scene.py's Table)."""

    app: Any
    session: Session
    next_action_at: float  # a computer seat shows its next move no sooner (chromes delay it)

    def piles(self) -> Piles: ...

    def moved(self, move: Move, before: Piles, mover: int) -> None: ...


class ComputerSeats:
    """The computer seats of one table, run by its frame (``run``) and asked how long they
    can wait (``wait_ms``)."""

    def __init__(self, table: SeatsTable) -> None:
        self.table = table
        self.call_at: float | None = None  # when a computer's pending Stop! call is made

    def run(self, now: float) -> None:
        """The computer seats think in slices and show a move at the chosen pace; a computer's
        Stop! call comes a moment after the slip it catches."""
        t = self.table
        s = t.session
        if s.is_over():
            return
        if s.pending_call is not None:
            if self.call_at is None:
                self.call_at = now + STOP_DELAY_MS
            if now < self.call_at:
                return
            self.call_at = None
            before, caller = t.piles(), s.pending_call
            for move in s.advance(THINK_SLICE_MS, max_moves=1):
                t.moved(move, before, caller)
            t.next_action_at = max(t.next_action_at, now + max(t.app.settings.pace_ms, 2500))
            return
        if s.is_local(s.to_move):
            return
        due = now >= t.next_action_at
        before, mover = t.piles(), s.to_move
        made = s.advance(THINK_SLICE_MS, max_moves=1 if due else 0)
        for move in made:
            t.moved(move, before, mover)
            t.next_action_at = now + self.pause_after(move, mover)

    def wait_ms(self, now: float) -> float:
        """How long the computer seats of this screen can go without a frame: 0 while one
        decides its move (it thinks every frame), else until its move or call is shown."""
        s = self.table.session
        if s.is_over():
            return float("inf")
        if s.pending_call is not None:
            return 0.0 if self.call_at is None else max(0.0, self.call_at - now)
        if s.is_local(s.to_move) or not s.seats[s.to_move].thinks_here:
            return float("inf")
        return 0.0 if not s.decided else max(0.0, self.table.next_action_at - now)

    def pause_after(self, move: Move, mover: int) -> float:
        """How long the computer waits before its next move (game.session's computer_pause_ms:
        the pace, a call window after a slip a person here could catch)."""
        s = self.table.session
        return computer_pause_ms(
            s.state,
            move,
            self.table.app.settings.pace_ms,
            person_may_call=s.can_call_stop(),
            may_slip=s.may_slip(mover),
        )


__all__ = ["STOP_DELAY_MS", "THINK_SLICE_MS", "ComputerSeats", "SeatsTable"]
