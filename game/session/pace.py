"""The computer's pace at a table: how long it waits after each of its moves, so a person can
follow them, and catch a slip.

    computer_pause_ms(state, move, pace_ms, person_may_call, may_slip)
"""

from __future__ import annotations

from game.core import GameState, Move
from game.session.settings import PACES

CALL_WINDOW_MS = 2200  # a person may call Stop! for at least this long after the computer's slip
HESITATE_ONE_IN = 5  # ... and a level that slips pauses as long after some plain moves too


def computer_pause_ms(
    state: GameState, move: Move, pace_ms: float, person_may_call: bool, may_slip: bool
) -> float:
    """How long a table waits after a computer's ``move`` (just played on ``state``) before its
    next one: the chosen pace; half of it after turning up a hand card (its play follows: one
    step to the eye); and, where a person at the table may call Stop! (knock) on it, at least
    CALL_WINDOW_MS after a move that broke a priority, so a watchful player has time to catch
    it. So that a pause doesn't give a slip away, a level that slips (Easy, Medium) pauses as
    long after one plain move in HESITATE_ONE_IN as well (chosen by the deal and the move's
    number, the same on every machine); Hard never slips and never waits for nothing. Not at
    the instant pace (faster than "fast")."""
    wait = pace_ms / 2 if move.source == move.target and move.count else pace_ms
    if pace_ms >= PACES["fast"] and person_may_call:
        slip = state.breach is not None
        hesitate = may_slip and hash((state.seed or 0, len(state.history))) % HESITATE_ONE_IN == 0
        if slip or hesitate:
            wait = max(wait, CALL_WINDOW_MS)
    return wait
