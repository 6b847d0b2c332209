"""The solver's help at a solitaire table: Hint, the "still winnable?" verdict and Finish.

    help = SolverHelp()
    help.restart(state)          # after every change of position (takes its own copy)
    help.think(budget_ms)        # a slice of thinking; the Verdict once decided
    help.verdict                 # None while thinking; .status "won" / "lost" / "unknown"
    help.hint(state)             # the next move of a found win, else the solver's best guess
    help.winning_line()          # the moves of a found win (Finish plays them), else None
"""

from __future__ import annotations

from game.ai.solver import Solver

BUDGET_S = 10.0  # solver time (not wall-clock) per position before it answers "unknown"
HINT_BUDGET_S = 2.0  # a Hint asked before the background search has started


class SolverHelp:
    def __init__(self, budget_s: float = BUDGET_S):
        self.budget_s = budget_s
        self.job: Solver | None = None
        self.verdict = None

    def restart(self, state) -> None:
        self.verdict = None
        self.job = None if state.is_over() else Solver(state, budget_s=self.budget_s)

    def stop(self) -> None:
        self.job = None

    @property
    def thinking(self) -> bool:
        return self.job is not None and self.verdict is None

    def think(self, budget_ms: float):
        if self.thinking:
            self.verdict = self.job.think(budget_ms)
        return self.verdict

    def hint(self, state):
        """The next move of a found win; else the solver's best guess, unless the quick proofs
        (a card that can never leave its pile, the relaxed game) show it leads to a lost
        position while another move does not: then the first move not proved lost."""
        job = self.job or Solver(state, budget_s=HINT_BUDGET_S)
        move = job.hint()
        v = job.verdict
        if move is None or (v is not None and v.status == "won"):
            return move
        if not _proved_lost_after(state, move):
            return move
        for other in state.legal_moves():
            if other != move and not _proved_lost_after(state, other):
                return other
        return move  # every move is lost: the best guess stands

    def winning_line(self):
        v = self.verdict
        if v is not None and v.status == "won" and v.line:
            return list(v.line)
        return None


def _proved_lost_after(state, move) -> bool:
    """Whether the position after ``move`` is proved lost by the solver's quick tests alone
    (what it checks before searching: well under a millisecond)."""
    after = state.copy(history=False)
    after.push(move)
    verdict = Solver(after, budget_s=0.0).verdict
    return verdict is not None and verdict.status == "lost"


__all__ = ["SolverHelp"]
