"""Russian Bank's table for the client's tests: its deal opened at a chosen mode, computer
level and pace (``open_bank``), and what the tests look for in a deal (``find``'s tests)."""

from __future__ import annotations

from game.core import Move

TURN = Move("hand0", "hand0")


END = Move("hand0", "waste0")


def ace_on_house(state):
    """You start with exactly one Ace available, on a house: turning the hand card breaks
    priority (b), and the compulsory move is that Ace to a foundation. The Ace's house."""
    aces = [h.name for h in state.houses if h.top.rank == 1]
    if state.current_player != 0 or len(aces) != 1 or state.reserves[0].top.rank == 1:
        return None
    if TURN not in state.breach_moves():
        return None
    state.push(TURN, breach=True)
    b = state.breach
    return aces[0] if b.rule == "b" and b.compulsory.source == aces[0] else None


def computer_starts(state):
    return state.current_player == 1


def open_bank(ui, seed, rb_mode=None, level=None, pace=None):
    s = ui.app.settings
    if rb_mode:
        s.set_option("russian-bank", "mode", rb_mode)
    if level:
        s.set_seats("russian-bank", ("human", f"computer:{level}"))
    if pace:
        s.set("pace", pace)
    t = ui.app.open_game("russian-bank")
    t.start(seed)
    ui.frames(2)
    return t
