"""The solver's second search (game/ai/solver/driver.py): depth-first with restarts. Each run
makes at most ``restart_nodes`` times the next number of the Luby sequence (capped at
``luby_cap``) positions, with the moves in a lightly shuffled order (each move swapped with
the next by chance ``shuffle``), so that a bad early choice is escaped. With ``guided`` set, a
run may begin at a random point of the line that put the most cards on the foundations so far
instead of at the root (Indian Patience, Spider). The model is eager (every foundation move
played at once), so running out of moves proves nothing; a run below the root that runs out
only ends that run.
"""

from __future__ import annotations

import random

from game.ai.solver.contract import ModelMove
from game.ai.solver.depth_first import DepthFirstSearch, Progress
from game.ai.solver.search import Box, SearchRoot, Step, Trash
from game.ai.solver.settings import Settings

SEED = 12345  # the shuffles and the guided starts are the same every time


class RestartingSearch:
    """Depth-first runs from the root (or a point of the most advanced line), each one longer
    than the one before by the Luby sequence, until a win or the deadline."""

    def __init__(self, root: SearchRoot, settings: Settings, trash: Trash) -> None:
        self.root, self.model = root, root.model
        self.tally, self.clock = root.tally, root.clock
        self.settings, self.trash = settings, trash
        self.rng = random.Random(SEED)
        self.restarts = 0
        self.run_cap = -1  # the positions made in all when the run ends
        self.run: DepthFirstSearch | None = None
        self.progress = Progress() if settings.guided else None
        self.ran_out = False  # a run from the root ran out of moves
        self.win: list[ModelMove] | None = None

    def containers(self) -> tuple[Box, ...]:
        """The last run's big containers, for the driver's trash once it is done."""
        return self.run.containers() if self.run is not None else ()

    def step(self, deadline: float) -> Step:
        tally, clock, settings = self.tally, self.clock, self.settings
        while clock() < deadline:
            if tally.spent() or self.ran_out:
                break
            if tally.nodes >= self.run_cap:
                self.restarts += 1
                luby = min(_luby(self.restarts), settings.luby_cap)
                self.run_cap = tally.nodes + settings.restart_nodes * luby
                self.start_run()
            run = self.run
            assert run is not None
            got = run.step(deadline, self.run_cap)
            if got is Step.WON:
                self.win = run.win
                return got
            if got is Step.LOST:  # (only with the model not eager: an experiment)
                return got
            if got is Step.RAN_OUT:
                if run.partial:  # only the part below the run's starting point was searched
                    self.run_cap = tally.nodes
                else:
                    self.ran_out = True
        return Step.RAN_OUT if self.ran_out else Step.MORE

    def start_run(self) -> None:
        """The next run: from the root, or from a random point of the most advanced line so
        far (not a proof: a run that proves nothing may do this)."""
        self.trash.add(self.containers())
        rng, settings, progress = self.rng, self.settings, self.progress
        start = None
        if (
            progress is not None
            and progress.line
            and self.tally.nodes >= settings.guided_after
            and rng.random() < settings.guided
        ):
            start = progress.line[: rng.randrange(len(progress.line))]
        rnd, p, plain = rng.random, settings.shuffle, self.model.moves

        def shuffled() -> list[ModelMove]:
            out = plain()
            for i in range(len(out) - 1):
                if rnd() < p:
                    out[i], out[i + 1] = out[i + 1], out[i]
            return out

        self.run = DepthFirstSearch(self.root, order=shuffled, start=start, progress=progress)


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (i from 1): restart lengths that waste at
    most a log factor against the best fixed length."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


__all__ = ["SEED", "RestartingSearch"]
