"""A solver for every solitaire: is this position winnable, and how? Each game's model is its
own module (game/ai/solver/models/), through the contract (game/ai/solver/contract.py: what
every hook must do and what "lost" means); this module runs the searches they share, one
after another, in slices.

    from game.ai.solver import solve, hint
    v = solve(state, budget_s=10)        # blocking: v.status won | lost | unknown
    v.line                               # the winning moves (core Moves) when won

    from game.ai.solver import Solver, SolverMemory
    memory = SolverMemory()              # what Solvers made one after another share
    job = Solver(state, budget_s=10, memory=memory)  # copies the state; nothing searched yet
    v = job.think(5)                     # search for about 5 ms; None while undecided
    job.hint()                           # next move of a found win, else the heuristic's best

Like KPatience's solver it plays the actual deal: the stock order and the face-down cards are
known to it. It searches the solver's own compact copy of the position (the game's model):
safe moves play themselves, transposed positions merge (each stored once under a canonical
key), moves that can never help are not generated, dead ends are dropped (``dead``, and at the
root ``relaxed_lost``), and moves are ordered by a simple heuristic so that wins come early.

Three searches share the budget (the shares are each game's: its model's settings,
game/ai/solver/settings.py), each its own object with ``step(deadline)``
(game/ai/solver/search.py):

1. the first search: greedy best-first by an estimate of the position (best_first.py), or the
   model's own (own_search.py: Spider's beam search);
2. depth-first with Luby restarts and a lightly shuffled move order (restarting.py);
3. one exact depth-first search with the safe moves only (depth_first.py), which proves the
   position lost when it runs out of positions, and records what it proved in the memory.

The first two are "eager" (every foundation move is played at once: wins come sooner, but
running out of moves proves nothing). A found line is shortened, then replayed move by move
through the core's ``push`` before it is reported (found_line.py); if the core refused a move
the verdict would be "unknown", never a false "won". Winning lines and proofs are remembered
in the Solver's ``SolverMemory`` (memory.py) for the Solvers made after it.

``think`` is resumable and never runs past its slice by more than one step (one position
expanded: well under a millisecond natively), so the client can call it once per frame.
"""

from __future__ import annotations

import time
from enum import StrEnum

from game.ai.solver.best_first import BestFirstSearch
from game.ai.solver.contract import ModelMove, Shortening
from game.ai.solver.depth_first import ExactSearch
from game.ai.solver.found_line import LineCheck, LineShortening, Replay
from game.ai.solver.memory import Proofs, SolverMemory, owner_of
from game.ai.solver.models import make_model
from game.ai.solver.own_search import ModelSearch
from game.ai.solver.restarting import RestartingSearch
from game.ai.solver.search import Clock, SearchRoot, Step, Tally, Trash
from game.ai.solver.settings import Overrides, Settings
from game.ai.solver.verdict import Status, Verdict
from game.core import GameState, Move


class Phase(StrEnum):
    """Which search a Solver runs now (it stays at the one that found a win)."""

    FIRST = "first"  # best-first, or the model's own search
    RESTARTING = "restarting"  # depth-first with restarts
    EXACT = "exact"  # the exact depth-first search
    DONE = "done"  # decided (or won) before any search


#: each search in the words of a verdict's reason
_SEARCH_NAMES = {
    Phase.FIRST: "best-first",
    Phase.RESTARTING: "restarting depth-first",
    Phase.EXACT: "exact depth-first",
}


class Solver:
    """A resumable search of one position (a copy of ``state`` is taken).

    ``memory``: the winning lines and proofs shared with the Solvers made before and after
    it (a fresh one of its own when None). ``exact_only``: only the exact search, from the
    first slice (the "still winnable?" light runs one beside the full Solver, so that proofs
    build up while the player plays: game/session/help.py). ``settings``: replace some of the
    model's or the driver's settings (experiments and tests only). ``clock``: what the
    budget is counted on."""

    def __init__(
        self,
        state: GameState,
        budget_s: float = 10.0,
        max_nodes: int | None = None,
        exact_only: bool = False,
        *,
        memory: SolverMemory | None = None,
        settings: Overrides | None = None,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.root = state.copy(history=False)
        self.model = model = make_model(self.root)
        self.budget_s = float(budget_s)
        self.tally = Tally(max_nodes=max_nodes)
        self.seconds = 0.0
        self.verdict: Verdict | None = None
        self.memory = memory if memory is not None else SolverMemory()
        self.clock = clock
        self.trash = Trash(clock)
        self.phase = Phase.DONE
        self.first: BestFirstSearch | ModelSearch | None = None
        self.restarting: RestartingSearch | None = None
        self.exact: ExactSearch | None = None
        self.win: list[ModelMove] | None = None  # model moves of a found win, until checked
        self.found_length = 0  # the found line's length before shortening
        self.shortening: LineShortening | None = None
        self.check: LineCheck | None = None
        self.best_first: ModelMove | None = None  # the hint while no win is known
        # A game that refuses positions the deal has had (Seahaven, Canfield) tags each
        # position with what of its history matters (model.history_tag()): a line found from
        # another history might pass through a position refused in this one.
        self.tag = model.history_tag()
        self.settings = Settings.of(model, settings)
        known = self.memory.line_from((*owner_of(self.root), self.root.key(), self.tag))
        if known is not None:
            self.verdict = Verdict(Status.WON, known, 0, 0.0, "a winning line found before")
            return
        if self._decided_at_root():
            return
        model.eager = self.settings.eager
        self.phase = Phase.FIRST
        if model.own_search is not None:
            self.first = ModelSearch(model.own_search, self.start)
        else:
            self.first = BestFirstSearch(self.start, self.score, self.settings.best_first_states)
        shares = self.settings.shares
        floor = min(0.5 * self.budget_s, self.settings.best_first_floor_s)
        #: seconds of thinking in all when the first search, and the restarting one, end
        self.first_until_s = max(self.budget_s * shares[0], floor)
        self.restarting_until_s = self.first_until_s + self.budget_s * shares[1]
        if exact_only:
            self.first_until_s = self.restarting_until_s = 0.0

    def _decided_at_root(self) -> bool:
        """Play the root's automatic moves and ask the quick proofs; True when that decides
        (a win is then still to be checked)."""
        model = self.model
        log: list[tuple[ModelMove, object]] = []
        model.autos(log)
        moves = tuple(m for m, _ in log)
        proofs = Proofs.of(self.memory, self.root, model, self.tag)
        #: where every search starts: after the root's automatic moves
        self.start = SearchRoot(model, moves, model.snapshot(), self.tally, proofs, self.clock)
        self.score = model.estimate()
        self.best_first = moves[0] if moves else None
        if model.won():
            self.win = list(moves)
            return True
        if proofs.keep and proofs.key(model.key()) in proofs.table:
            self._finish(
                Status.LOST, reason="proved lost before, in the search of an earlier position"
            )
            return True
        if model.dead():
            self._finish(Status.LOST, reason="a card can never leave its pile")
            return True
        if model.relaxed_lost():
            self._finish(Status.LOST, reason="even a relaxed game, in the stock's order, is lost")
            return True
        return False

    @property
    def nodes(self) -> int:
        """The positions made so far, by every search."""
        return self.tally.nodes

    @property
    def max_nodes(self) -> int | None:
        """The cap on ``nodes`` (None: none); may be changed between slices."""
        return self.tally.max_nodes

    @max_nodes.setter
    def max_nodes(self, cap: int | None) -> None:
        self.tally.max_nodes = cap

    # ------------------------------------------------------------------ public
    def think(self, budget_ms: float) -> Verdict | None:
        """Search for about ``budget_ms`` milliseconds. Returns the Verdict once decided (or
        "unknown" once ``budget_s`` of thinking in all is spent), else None."""
        if self.verdict is not None:
            return self.verdict
        clock = self.clock
        start = clock()
        deadline = start + max(0.0, budget_ms) / 1000.0
        limit = start + max(0.0, self.budget_s - self.seconds)
        stop = min(deadline, limit)
        if self.trash:
            self.trash.empty(start + (stop - start) * 0.3)
        if self.win is None and self.phase is Phase.FIRST:
            self._first(start, stop)
        if self.win is None and self.phase is Phase.RESTARTING:
            self._restarting(start, stop)
        if self.win is None and self.verdict is None and self.phase is Phase.EXACT:
            self._exact(stop)
        # a found line is shortened and checked within the slice even once the budget is
        # spent (stop would then be the start of the slice, and no move would be checked)
        if self.win is not None and self.verdict is None:
            self._settle(deadline)
        self.seconds += clock() - start
        if self.verdict is not None:
            self.verdict.seconds, self.verdict.nodes = round(self.seconds, 6), self.nodes
        # a found line is always shortened (within its own cap) and checked, even when that
        # runs a little past the budget: a win in hand is never reported as "unknown"
        if (
            self.verdict is None
            and self.win is None
            and (self.seconds >= self.budget_s or self.tally.spent())
        ):
            self._finish(Status.UNKNOWN, reason="budget spent")
        return self.verdict

    def run(self) -> Verdict:
        """Think until decided or out of budget."""
        while self.verdict is None:
            self.think(max(1.0, (self.budget_s - self.seconds) * 1000.0 + 1.0))
        return self.verdict

    def hint(self) -> Move | None:
        """The next move of a found winning line, else the first move towards the best
        position the search has seen (most cards on the foundations), else the best-ordered
        legal move. None when there is no move at all."""
        v = self.verdict
        if v is not None and v.status is Status.WON:
            return v.line[0] if v.line else None
        if self.check is not None and self.check.done:
            return self.check.done[0]
        first = None
        if self.win:
            first = self.win[0]
        elif self.best_first is not None:
            first = self.best_first
        else:
            model = make_model(self.root)
            log: list[tuple[ModelMove, object]] = []
            model.autos(log)
            moves = model.moves()
            first = moves[0] if moves else None
        if first is None:
            return None
        try:
            return make_model(self.root).to_core(self.root, first)
        except ValueError:
            return None

    # ------------------------------------------------------------------ the searches in turn
    def _first(self, start: float, stop: float) -> None:
        """The first search in its share; then on to the restarting search."""
        first = self.first
        assert first is not None
        end = start + self.first_until_s - self.seconds
        got = first.step(min(stop, end))
        self.best_first = first.first_move
        if got is Step.WON:
            self.win = first.win
        elif got is Step.LOST:  # (only with the model not eager: an experiment)
            self._finish(Status.LOST, reason="every position was searched")
        elif self.clock() >= end or first.full or got is Step.RAN_OUT:
            self.trash.add(first.containers())
            self.first = None
            self.phase = Phase.RESTARTING
            self.restarting = RestartingSearch(self.start, self.settings, self.trash)

    def _restarting(self, start: float, stop: float) -> None:
        """The restarting search in its share; then on to the exact search."""
        search = self.restarting
        assert search is not None
        end = start + self.restarting_until_s - self.seconds
        got = search.step(min(stop, end))
        if got is Step.WON:
            self.win = search.win
        elif got is Step.LOST:  # (only with the model not eager: an experiment)
            self._finish(Status.LOST, reason="every line was searched")
        elif self.clock() >= end or got is Step.RAN_OUT:
            self.phase = Phase.EXACT
            self.trash.add(search.containers())
            self.restarting = None
            self.exact = ExactSearch(self.start)

    def _exact(self, stop: float) -> None:
        """The exact search, to the end of the budget."""
        search = self.exact
        assert search is not None
        got = search.step(stop)
        if got is Step.WON:
            self.win = search.win
        elif got is Step.LOST:
            self._finish(Status.LOST, reason="every line was searched")

    # ------------------------------------------------------------------ a found line
    def _settle(self, deadline: float) -> None:
        """Shorten the found line, then replay it through the core (sliced like the
        search); the verdict once the core has the answer."""
        if self.check is None:
            assert self.win is not None
            if self.shortening is None:
                self.found_length = len(self.win)
                if self.model.shorten_lines is not Shortening.NONE:
                    self.shortening = self._shortening(self.win)
            if self.shortening is not None:
                line = self.shortening.step(deadline)
                if line is None:
                    return
                self.win = line
            replica = self.root.copy(history=False)
            self.check = LineCheck(replica, make_model(replica), self.win, self.tag, self.clock)
            self.win = self.check.line
        check = self.check
        got = check.step(deadline)
        if got is Replay.MORE:
            return
        if got is not Replay.WON:
            self._finish(Status.UNKNOWN, reason=check.reason)
            return
        done = check.done
        self._finish(
            Status.WON,
            line=list(done),
            reason=f"a winning line was found by the {self._search_name()} search "
            f"({self.found_length} moves, {len(done)} after shortening)",
        )
        self.memory.remember_line(check.keys, tuple(done))

    def _shortening(self, line: list[ModelMove]) -> LineShortening:
        settings = self.settings
        cap = min(
            settings.shorten_max_s,
            settings.shorten_share * self.budget_s,
            max(0.0, self.budget_s - self.seconds),
        )
        return LineShortening(make_model(self.root), line, cap, self.clock)

    def _search_name(self) -> str:
        """The search that found the win, in words (a model's own first search by its name)."""
        if self.phase is Phase.FIRST and self.model.own_search is not None:
            return self.model.own_search_name
        return _SEARCH_NAMES.get(self.phase, "first")

    def _finish(self, status: Status, line: list[Move] | None = None, reason: str = "") -> None:
        self.verdict = Verdict(status, line, self.nodes, round(self.seconds, 6), reason)
        # a finished job only answers hint(); its memory goes with it (not freed here, which
        # could hold a frame)


def solve(
    state: GameState,
    budget_s: float = 10.0,
    max_nodes: int | None = None,
    *,
    memory: SolverMemory | None = None,
    settings: Overrides | None = None,
    clock: Clock = time.perf_counter,
) -> Verdict:
    """Blocking: search ``state`` for up to ``budget_s`` seconds (or ``max_nodes`` positions);
    ``memory``, ``settings``, ``clock`` as for a Solver."""
    job = Solver(state, budget_s, max_nodes, memory=memory, settings=settings, clock=clock)
    return job.run()


def hint(
    state: GameState,
    budget_s: float = 1.0,
    *,
    memory: SolverMemory | None = None,
    clock: Clock = time.perf_counter,
) -> Move | None:
    """Blocking convenience: think up to ``budget_s`` and return the hint."""
    job = Solver(state, budget_s=budget_s, memory=memory, clock=clock)
    job.run()
    return job.hint()


__all__ = ["Phase", "Solver", "hint", "solve"]
