"""What the solver's searches share (game/ai/solver/driver.py runs them one after another): the
root they start from (``SearchRoot``), the answer of a slice of search, the count of positions
they make together, and the compact form of the moves they keep.

Every search is an object with ``step(deadline) -> Step``: it searches until the clock reaches
``deadline`` (read about once a position) or the positions made reach the cap, and says how
it stopped. A search never runs past its deadline by more than one position expanded, so the
driver can slice it a frame at a time.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum, auto
from typing import Any, TypeAlias

from game.ai.solver.contract import ModelMove, SolverModel
from game.ai.solver.memory import Proofs

#: the clock the budgets are counted on (seconds; time.perf_counter in play, a counter in tests
#: that must not depend on the machine, CPU time in the benchmarks)
Clock = Callable[[], float]

#: no cap on the positions made
NO_LIMIT = 1 << 62


class Step(Enum):
    """How a slice of search ended."""

    #: a win: the search's ``win`` holds the model moves from the root
    WON = auto()
    #: proved: no line from the root wins (an exact search ran out of positions)
    LOST = auto()
    #: out of positions, proving nothing (a search that played moves not proved safe, or a
    #: run that began below the root)
    RAN_OUT = auto()
    #: the deadline came, or the cap on positions: call again
    MORE = auto()


@dataclass
class Tally:
    """The positions every search of one Solver made, and the cap on them (None: none; the
    caller may change it between slices)."""

    nodes: int = 0
    max_nodes: int | None = None

    def cap(self) -> int:
        return NO_LIMIT if self.max_nodes is None else self.max_nodes

    def spent(self) -> bool:
        return self.max_nodes is not None and self.nodes >= self.max_nodes


@dataclass(frozen=True)
class SearchRoot:
    """What every search of one Solver starts from and counts on: the ``model`` (a search
    restores it to the root position, ``snap``), the root's automatic ``moves`` (played before
    any search: a win's line begins with them), the ``tally`` of positions made, the memory's
    ``proofs``, the ``clock`` the budget is counted on."""

    model: SolverModel
    moves: tuple[ModelMove, ...]
    snap: bytes
    tally: Tally
    proofs: Proofs
    clock: Clock


#: a big container a search leaves behind
Box: TypeAlias = "dict[Any, Any] | list[Any] | array[int]"


class Trash:
    """Big containers of finished searches, emptied a little at each slice: freeing a table of
    a million keys at once would hold a frame for tens of milliseconds."""

    def __init__(self, clock: Clock) -> None:
        self.boxes: list[Box] = []
        self.clock = clock

    def __bool__(self) -> bool:
        return bool(self.boxes)

    def add(self, boxes: tuple[Box, ...]) -> None:
        self.boxes.extend(boxes)

    def empty(self, stop: float) -> None:
        """Empty boxes until the clock reaches ``stop`` (a few thousand items at a time)."""
        boxes, clock = self.boxes, self.clock
        while boxes and clock() < stop:
            box = boxes[-1]
            pop = box.popitem if isinstance(box, dict) else box.pop
            for _ in range(min(len(box), 2000)):
                pop()
            if not box:
                boxes.pop()


def dead_test(model: SolverModel) -> Callable[[], bool] | None:
    """The model's dead-end test, or None when its game has none (saves a call a position)."""
    return model.dead if type(model).dead is not SolverModel.dead else None


def pack(moves: Iterable[ModelMove]) -> bytes:
    """Moves as 3 bytes each (a dict of bytes is never walked by the garbage collector)."""
    return bytes(x for m in moves for x in m)


def unpack(data: bytes) -> list[ModelMove]:
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


__all__ = ["NO_LIMIT", "Box", "Clock", "Step", "Tally", "Trash", "dead_test", "pack", "unpack"]
