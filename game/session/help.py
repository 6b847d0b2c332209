"""The solver's help at a solitaire table: Hint, the "still winnable?" verdict and Finish.

help = SolverHelp()
help.restart(state)          # after every change of position (takes its own copy)
help.think(budget_ms)        # a slice of thinking; the Verdict once decided
help.verdict                 # None while thinking; .status won / lost / unknown (Status)
help.hint(state)             # the next move of a found win, else the solver's best guess
help.winning_line()          # the moves of a found win (Finish plays them), else None

A table's help owns the solver's memory (game/ai/solver/memory.py: the winning lines found
lately, the positions proved lost) for as long as the table lives, and hands it to every
Solver it makes.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Protocol

from game.ai.players import computer_player, levels
from game.ai.solver import Solver, SolverMemory, Status, Verdict
from game.ai.solver.models import make_model
from game.ai.solver.search import Clock
from game.core import GameState, Move
from game.core.language import N_
from game.core.result import Status as Ending

# How the statistics count help (game.storage's record_result), in the player's words: said
# when Hint or Finish is first used in a game, on the win screen, and under Statistics. The
# "still winnable?" light is no help: it only says what the solver found. In English here:
# translated where shown, _(HELP_COUNTS).
# Translators: said when Hint or Finish is first used in a game
HELP_COUNTS = N_("From now on this game counts as played with help.")
# Translators: on the win screen, after "Won with help (Hint or Finish): "
HELP_NOTE_WIN = N_("counted apart in Statistics, not in your wins, win rate, streaks or records.")
# Translators: under Statistics
HELP_NOTE = N_(
    "Won, win rate, streaks, best time and fewest moves count the games played "
    "without help; games where Hint or Finish helped are counted apart."
)

BUDGET_S = 10.0  # solver time (not wall-clock) per position before it answers "unknown"
HINT_BUDGET_S = 2.0  # a Hint asked before the background search has started


PROVER_SHARE = 1 / 3  # of each slice: the exact search beside the full Solver (0: none)


class SolverHelp:
    """Two searches of each position share the slices: the full Solver (wins, Hint, Finish)
    and, beside it from the first slice, its exact search alone (the "prover", a third of
    each slice). The prover's proofs of lost positions are remembered from one position to
    the next (the table's SolverMemory), so what it proved while the player thought about one
    move still counts after it: a deal undecided at first is decided a few moves later. The
    verdict is the first either gives ("unknown" once both spent their budget).

    ``clock``: what the solver's budgets are counted on (the class's unless given: CPU time in
    a benchmark); ``keep_proofs`` off: the memory keeps no proofs; ``prover_share`` 0: no
    prover (both only to measure what they bring: bench/light.py)."""

    #: what the solver's budgets are counted on, unless a SolverHelp is given its own (the
    #: tests of the client make it a counter: the same thinking on every machine)
    clock: Clock = staticmethod(time.perf_counter)

    def __init__(
        self,
        budget_s: float = BUDGET_S,
        *,
        clock: Clock | None = None,
        keep_proofs: bool = True,
        prover_share: float = PROVER_SHARE,
    ) -> None:
        self.budget_s = budget_s
        if clock is not None:
            self.clock = clock
        self.prover_share = prover_share
        self.memory = SolverMemory(keep_proofs=keep_proofs)
        self.job: Solver | None = None
        self.prover: Solver | None = None
        self.verdict: Verdict | None = None

    def solver(self, state: GameState, budget_s: float, exact_only: bool = False) -> Solver:
        """A Solver of ``state`` with the table's memory and clock."""
        return Solver(
            state, budget_s=budget_s, exact_only=exact_only, memory=self.memory, clock=self.clock
        )

    def restart(self, state: GameState) -> None:
        self.verdict = None
        self.job = self.prover = None
        if not state.is_over():
            self.job = self.solver(state, self.budget_s)
            if self.job.verdict is None and self.prover_share > 0:
                self.prover = self.solver(state, self.budget_s, exact_only=True)

    def stop(self) -> None:
        self.job = self.prover = None

    @property
    def thinking(self) -> bool:
        return self.job is not None and self.verdict is None

    def think(self, budget_ms: float) -> Verdict | None:
        if self.job is None or self.verdict is not None:
            return self.verdict
        job, prover = self.job, self.prover
        mine = budget_ms if prover is None else budget_ms * (1 - self.prover_share)
        v = job.think(mine)  # a spent Solver answers "unknown" at once, without thinking
        if v is not None and v.decided:
            self.verdict = v
            return v
        if prover is not None:
            # the prover's share, and the whole slice once the full Solver is spent
            w = prover.think(budget_ms - mine if v is None else budget_ms)
            if w is not None and (w.decided or v is not None):
                self.verdict = w
        elif v is not None:
            self.verdict = v
        return self.verdict

    def hint(self, state: GameState) -> Move | None:
        """The next move of a found win; else the solver's best guess, unless it leads back to
        a position of the last ``RECENT`` moves (hints would go round in circles: the search
        starts at the position and knows nothing of how it was reached) or the quick proofs (a
        card that can never leave its pile, the relaxed game) show it leads to a lost position
        while another move does not: then the most promising other move (the solver's own
        estimate of the position after it) that does neither. None when every move only
        goes back."""
        if self.verdict is not None and self.verdict.status is Status.WON and self.verdict.line:
            return self.verdict.line[0]  # the prover's win, or the full Solver's
        job = self.job or self.solver(state, HINT_BUDGET_S)
        move = job.hint()
        v = job.verdict
        if move is None or (v is not None and v.status is Status.WON):
            return move
        recent = _recent_positions(state)
        after = {m: _after(state, m) for m in state.legal_moves()}  # each once, shared
        memory = self.memory
        if not _goes_back(state, move, after[move], recent) and not _proved_lost_after(
            state, move, memory
        ):
            return move
        others = [m for m in after if m != move and not _goes_back(state, m, after[m], recent)]
        others.sort(key=lambda m: _estimate(after[m]), reverse=True)
        for other in others:
            if not _proved_lost_after(state, other, memory):
                return other
        if not _goes_back(state, move, after[move], recent):
            return move  # every move is lost: the best guess stands
        return others[0] if others else None

    def winning_line(self) -> list[Move] | None:
        v = self.verdict
        if v is not None and v.status is Status.WON and v.line:
            return list(v.line)
        return None


def _after(state: GameState, move: Move) -> GameState:
    """The position after ``move`` (a copy without history: cheap)."""
    after = state.copy(history=False)
    after.push(move)
    return after


def _proved_lost_after(state: GameState, move: Move, memory: SolverMemory | None = None) -> bool:
    """Whether the position after ``move`` is proved lost by what the solver checks before
    searching (the quick tests, and ``memory``'s proofs: well under a millisecond)."""
    verdict = Solver(_after(state, move), budget_s=0.0, memory=memory).verdict
    return verdict is not None and verdict.status is Status.LOST


RECENT = 40  # moves back in which a hint must not return to a position

#: what the last RECENT moves did: the positions' keys, and (cards, pile) for each move
Recent = tuple[set[Hashable], set[tuple[tuple[int, ...], str]]]


def _recent_positions(state: GameState) -> Recent:
    """What the last RECENT moves did: the keys of the position and of those before each of
    them, and (cards, pile) for each card or run they moved and the pile it came from."""
    keys: set[Hashable] = {state.key()}
    moved: set[tuple[tuple[int, ...], str]] = set()
    back = state.copy()
    for _ in range(min(RECENT, len(back.history))):
        move = back.pop()
        keys.add(back.key())
        moved.add((_cards(back, move), move.source))
    return keys, moved


def _cards(state: GameState, move: Move) -> tuple[int, ...]:
    cards = state.pile[move.source].cards
    return tuple(c.id for c in cards[len(cards) - move.count :]) if move.count else ()


def _goes_back(state: GameState, move: Move, after: GameState, recent: Recent) -> bool:
    """Whether the move returns to a recent position, or puts a card (or run) a recent move
    took off a pile straight back onto that pile."""
    keys, moved = recent
    if move.count and move.source != move.target and (_cards(state, move), move.target) in moved:
        return True
    return after.key() in keys


def _estimate(after: GameState) -> int:
    try:
        return make_model(after).estimate()
    except ValueError:  # a game without a solver model
        return 0


class _Table(Protocol):
    """What of a Session the solver's help reads and changes (SolverHelped's methods)."""

    help: SolverHelp | None
    state: GameState
    winnable_at: int | None
    dealt: int
    assisted: bool
    finishing: list[Move]
    _finish_group: bool
    redo_groups: list[list[Move]]

    def accepting(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def undo(self, by: int | None = None, size: int | None = None) -> bool: ...

    def can_back_to_winnable(self) -> bool: ...

    def can_finish(self) -> bool: ...


class SolverHelped:
    """The solver's help at a Session's table (a solitaire the solver knows): the light, Hint,
    Finish and back to the last winnable position. Mixed into Session (what of it the methods
    use: _Table)."""

    # set by the methods here (the Session's own attributes)
    winnable_at: int | None
    assisted: bool
    finishing: list[Move]
    _finish_group: bool

    def think_help(self: _Table, budget_ms: float) -> Verdict | None:
        """A slice of the solver's thinking about the position (solitaires)."""
        verdict = self.help.think(budget_ms) if self.help is not None else None
        if verdict is not None and verdict.status is Status.WON:
            self.winnable_at = len(self.state.history)
        return verdict

    def can_back_to_winnable(self: _Table) -> bool:
        """The position is proved lost and the solver proved an earlier one of this game
        winnable, which undo can reach."""
        v = self.help.verdict if self.help is not None else None
        r = self.state.result()
        lost = (v is not None and v.status is Status.LOST) or (
            r is not None and r.status != Ending.WON
        )
        return (
            lost
            and self.winnable_at is not None
            and self.dealt <= self.winnable_at < len(self.state.history)
            and self.can_undo()
        )

    def back_to_winnable(self: _Table) -> int:
        """Take moves back to the last position proved winnable (help: the game then counts as
        played with help). Returns how many moves were taken back."""
        if not self.can_back_to_winnable() or self.winnable_at is None:
            return 0
        before = len(self.state.history)
        while len(self.state.history) > self.winnable_at and self.can_undo():
            self.undo()
        self.assisted = True
        return before - len(self.state.history)

    def hint(self: _Table) -> Move | None:
        """A move for the person to move: from the solver in a solitaire it knows, else what
        the game's Hard computer player would play. The game then counts as played with help.
        None when there is no hint to give."""
        if not self.accepting():
            return None
        if self.help is not None:
            move = self.help.hint(self.state)
        elif "hard" in levels(self.state.game_id):
            move = computer_player(self.state.game_id, "hard").choose(self.state)
        else:
            return None
        if move is not None:
            self.assisted = True
        return move

    def can_finish(self: _Table) -> bool:
        return (
            self.help is not None
            and self.help.winning_line() is not None
            and not self.finishing
            and self.accepting()
        )

    def finish(self: _Table) -> bool:
        """Play out the found winning line (one follow_up() at a time)."""
        line = self.help.winning_line() if self.help is not None else None
        if not self.can_finish() or line is None:
            return False
        self.finishing = line
        self._finish_group = True
        self.assisted = True
        self.redo_groups.clear()
        return True


__all__ = ["SolverHelp", "SolverHelped"]
