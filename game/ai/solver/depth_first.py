"""Depth-first search of a model's positions (game/ai/solver/driver.py runs it twice over):
``DepthFirstSearch`` is one run, the restarting search's (game/ai/solver/restarting.py) or the
exact search's; ``ExactSearch`` is the last search of a Solver, from the root with the safe
moves only, which proves the position lost when it runs out of positions.

The exact search also records what it proves for the Solvers that come after it (the memory of
proofs, game/ai/solver/memory.py), by Tarjan's algorithm: each frame of the search holds its
position's number and the lowest number it reaches (its "low link"); ``opened`` numbers the
positions not yet proved, ``proving`` lists them with their proofs' keys, in the order opened.
When a frame whose low link is its own number is done, it closes a strongly connected part of
what was searched whose every way out was searched without a win: every position of it is
lost, and goes to the memory. A part not yet closed (the search stopped part way, or a
position reaches one still open) is not recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from game.ai.solver.contract import ModelMove
from game.ai.solver.search import Box, SearchRoot, Step, dead_test

#: a frame of the search: [moves, next index, len(path) at the frame, number, low link]
Frame = list[Any]


@dataclass
class Progress:
    """The line that put the most on the foundations so far (``model.on_foundations``): the
    guided restarts begin at a random point of it."""

    home: int = -1
    line: list[ModelMove] = field(default_factory=list)


class DepthFirstSearch:
    """One depth-first search from the root (or, for a guided restart, from a point below it:
    ``start``, the moves from the root's position there, even none), the moves in the order
    ``order`` gives (the model's by default). Exact (it records proofs) when the memory keeps
    them, the model is not eager and it starts at the root. ``progress``: kept up to date
    with the most advanced line (a guided restarting search's)."""

    def __init__(
        self,
        root: SearchRoot,
        order: Callable[[], list[ModelMove]] | None = None,
        start: list[ModelMove] | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.model = model = root.model
        self.root_moves, self.tally = root.moves, root.tally
        self.proofs = proofs = root.proofs
        self.clock, self.progress = root.clock, progress
        model.restore(root.snap)
        #: (move, undo record) of every move played from the root
        self.path: list[tuple[ModelMove, Any]] = []
        self.partial = start is not None  # only the part below ``start`` is searched
        for m in start or ():
            self.path.append((m, model.apply(m)))
        root_key = model.key()
        self.seen: dict[bytes, None] = {root_key: None}
        self.exact = proofs.keep and not model.eager and not self.partial
        self.opened: dict[bytes, int] = {root_key: 0} if self.exact else {}
        self.proving: list[tuple[bytes, Hashable]] = (
            [(root_key, proofs.key(root_key))] if self.exact else []
        )
        self.numbered = 1
        self.moves = order or model.moves
        self.stack: list[Frame] = [[self.moves(), 0, len(self.path), 0, 0]]
        self.win: list[ModelMove] | None = None

    def containers(self) -> tuple[Box, ...]:
        """Its big containers, for the driver's trash once it is done (none once empty)."""
        return (self.stack, self.seen, self.path) if self.stack or self.seen else ()

    def step(self, deadline: float, cap: int = -1) -> Step:
        """Search from where it stopped until ``deadline``, or until ``cap`` positions made in
        all (-1: the tally's cap only). Out of positions: lost when exact, else RAN_OUT."""
        model, path, stack, seen = self.model, self.path, self.stack, self.seen
        apply, undo, autos, key, moves = model.apply, model.undo, model.autos, model.key, self.moves
        dead = dead_test(model)
        max_nodes = self.tally.cap()
        if 0 <= cap < max_nodes:
            max_nodes = cap
        nodes, numbered, clock = self.tally.nodes, self.numbered, self.clock
        progress = self.progress if cap >= 0 else None
        home = model.on_foundations
        best_home = progress.home if progress is not None else 0
        exact, opened, proving = self.exact, self.opened, self.proving
        lost, memory, limit = self.proofs.table, self.proofs.tagged, self.proofs.limit
        try:
            while stack:
                if clock() >= deadline or nodes >= max_nodes:
                    return Step.MORE
                frame = stack[-1]
                todo, i, base, number, low = frame
                if i >= len(todo):
                    stack.pop()
                    if exact and low == number:  # a closed part, searched to the end: lost
                        if len(lost) + len(proving) > limit:
                            lost.clear()
                        while True:
                            k, mk = proving.pop()
                            lost[mk] = None
                            if opened.pop(k) == number:
                                break
                    elif exact and stack and low < stack[-1][4]:
                        stack[-1][4] = low
                    if not stack:
                        break
                    base = stack[-1][2]
                else:
                    frame[1] = i + 1
                    m = todo[i]
                    path.append((m, apply(m)))
                    autos(path)
                    nodes += 1
                    if model.won():
                        self.win = list(self.root_moves) + [m for m, _ in path]
                        return Step.WON
                    k = key()
                    if k not in seen:
                        seen[k] = None
                        if not (lost and (k if memory is None else memory(k)) in lost):
                            if progress is not None and home() > best_home:
                                best_home = progress.home = home()
                                progress.line = [m for m, _ in path]
                            if dead is None or not dead():  # else proved lost: not searched
                                if exact:
                                    opened[k] = numbered
                                    proving.append((k, k if memory is None else memory(k)))
                                    stack.append([moves(), 0, len(path), numbered, numbered])
                                    numbered += 1
                                else:
                                    stack.append([moves(), 0, len(path), 0, 0])
                                continue
                    elif exact:  # a position still open lowers the low link; a proved one not
                        j = opened.get(k)
                        if j is not None and j < frame[4]:
                            frame[4] = j
                while len(path) > base:
                    m, rec = path.pop()
                    undo(m, rec)
            return Step.RAN_OUT if self.partial or model.eager else Step.LOST
        finally:
            self.tally.nodes, self.numbered = nodes, numbered


class ExactSearch(DepthFirstSearch):
    """The last search: from the root, in the model's move order, with the safe automatic moves
    only (the model is no longer eager), so that running out of positions proves the position
    lost; it records its proofs in the memory."""

    def __init__(self, root: SearchRoot) -> None:
        root.model.eager = False
        super().__init__(root)


__all__ = ["DepthFirstSearch", "ExactSearch", "Progress"]
