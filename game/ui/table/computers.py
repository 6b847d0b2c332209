"""A table's computer seats: they think in slices of each frame and show a move at the chosen
pace; a computer's Stop! call comes a moment after the slip it catches (mixed into Table)."""

from __future__ import annotations

from game.session.pace import computer_pause_ms

THINK_SLICE_MS = 4  # a computer seat's share of a frame
STOP_DELAY_MS = 650  # a computer's Stop! call comes this long after the slip


class ComputerSeats:
    def run_computers(self, now: float) -> None:
        """The computer seats think in slices and show a move at the chosen pace; a computer's
        Stop! call comes a moment after the slip it catches."""
        s = self.session
        if s.is_over():
            return
        if s.pending_call is not None:
            if self.call_at is None:
                self.call_at = now + STOP_DELAY_MS
            if now < self.call_at:
                return
            self.call_at = None
            before, caller = self.piles(), s.pending_call
            for move in s.advance(THINK_SLICE_MS, max_moves=1):
                self.moved(move, before, caller)
            self.next_action_at = max(
                self.next_action_at, now + max(self.app.settings.pace_ms, 2500)
            )
            return
        if s.is_local(s.to_move):
            return
        due = now >= self.next_action_at
        before, mover = self.piles(), s.to_move
        made = s.advance(THINK_SLICE_MS, max_moves=1 if due else 0)
        for move in made:
            self.moved(move, before, mover)
            self.next_action_at = now + self.pause_after(move, mover)

    def computer_wait_ms(self, now: float) -> float:
        """How long the computer seats of this screen can go without a frame: 0 while one
        decides its move (it thinks every frame), else until its move or call is shown."""
        s = self.session
        if s.is_over():
            return float("inf")
        if s.pending_call is not None:
            return 0.0 if self.call_at is None else max(0.0, self.call_at - now)
        if s.is_local(s.to_move) or not s.seats[s.to_move].thinks_here:
            return float("inf")
        return 0.0 if not s.decided else max(0.0, self.next_action_at - now)

    def pause_after(self, move, mover: int) -> float:
        """How long the computer waits before its next move (game.session's computer_pause_ms:
        the pace, a call window after a slip a person here could catch)."""
        s = self.session
        return computer_pause_ms(
            s.state,
            move,
            self.app.settings.pace_ms,
            person_may_call=s.can_call_stop(),
            may_slip=s.may_slip(mover),
        )
