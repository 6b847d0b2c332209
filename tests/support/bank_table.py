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


def computer_breach(state):
    """The computer starts and could break a priority at once."""
    return state.current_player == 1 and bool(state.breach_moves())


def computer_slips_at_once(state):
    """The computer starts, and Easy's first choice breaks a priority (STOP! mode)."""
    from game.ai.players.russian_bank import opponent

    if state.current_player != 1 or not state.breach_moves():
        return None
    move = opponent("easy").choose(state)
    return move if move in state.breach_moves() else None


def computer_starts(state):
    return state.current_player == 1


class BreachingJob:
    def __init__(self, state):
        self.state = state

    def think(self, budget_ms):
        breaches = self.state.breach_moves()
        return breaches[0] if breaches else self.state.legal_moves()[0]


class BreachingBot:
    """A stand-in for the computer's seat: it breaks a priority whenever it can."""

    def start(self, state):
        return BreachingJob(state.copy(history=False))

    def calls_stop(self, state):
        return True


def breaching_computer(t, monkeypatch) -> None:
    monkeypatch.setitem(t.session._bots, 1, BreachingBot())  # the computer's seat plays it
    t.session._job = t.session._decided = None  # forget what was decided already


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
