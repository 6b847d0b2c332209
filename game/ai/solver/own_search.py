"""A model's own first search, in place of best-first (game/ai/solver/driver.py): the model's
``own_search(root_snap)`` is a generator that yields the positions it made since its last
yield, often, and returns the model moves of a win, or None when it gives up (Spider's beam
search, game/ai/solver/models/spider.py). It is eager in spirit: giving up proves nothing.
"""

from __future__ import annotations

from game.ai.solver.contract import ModelMove, OwnRun, OwnSearch
from game.ai.solver.search import Box, SearchRoot, Step


class ModelSearch:
    """The model's own search, sliced like the driver's."""

    def __init__(self, own_search: OwnSearch, root: SearchRoot) -> None:
        self.own_search, self.root_moves, self.root_snap = own_search, root.moves, root.snap
        self.tally, self.clock = root.tally, root.clock
        self.running: OwnRun | None = None  # the generator, once started
        self.win: list[ModelMove] | None = None
        #: the hint while no win is known: the first of the root's automatic moves
        self.first_move = root.moves[0] if root.moves else None

    @property
    def full(self) -> bool:
        return False

    def containers(self) -> tuple[Box, ...]:
        return ()

    def step(self, deadline: float) -> Step:
        gen = self.running
        if gen is None:
            gen = self.running = self.own_search(self.root_snap)
        tally, clock = self.tally, self.clock
        max_nodes = tally.cap()
        while clock() < deadline and tally.nodes < max_nodes:
            try:
                tally.nodes += next(gen)
            except StopIteration as e:
                if e.value is None:
                    return Step.RAN_OUT
                self.win = list(self.root_moves) + list(e.value)
                return Step.WON
        return Step.MORE


__all__ = ["ModelSearch"]
