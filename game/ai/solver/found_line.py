"""What becomes of a line a search found (game/ai/solver/driver.py): it is shortened
(game/ai/solver/line.py: loops, one-move shortcuts, moves the rest does not need), then replayed
move by move through the core's ``push`` before it is reported. If the core refused a move (a
disagreement between the solver's copy of the rules and the core) the verdict would be
"unknown", never a false "won". Both are sliced like the searches.
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import Enum, auto

from game.ai.solver.contract import HistoryTag, ModelMove, SolverModel
from game.ai.solver.line import Meter, Shortener, shorten
from game.ai.solver.memory import LineKey, owner_of
from game.ai.solver.search import Clock
from game.core import GameState, Move
from game.core.result import Status as Ending


class LineShortening:
    """The found line shortened on ``model`` (a fresh model of the root), the last pass within
    ``cap`` seconds of its own."""

    def __init__(self, model: SolverModel, line: list[ModelMove], cap: float, clock: Clock):
        self.meter = Meter(cap, clock)
        self.clock = clock
        self.running: Shortener = shorten(model, model.snapshot(), list(line), self.meter)

    def step(self, deadline: float) -> list[ModelMove] | None:
        """Shorten until ``deadline`` (one part at least); the shortened line once done."""
        meter, clock = self.meter, self.clock
        meter.t0 = clock()
        line = None
        try:
            while True:
                next(self.running)
                if clock() >= deadline:
                    break
        except StopIteration as e:
            line = e.value
        meter.used += clock() - meter.t0
        return line


class Replay(Enum):
    """How a slice of replaying the line through the core ended."""

    WON = auto()  # every move was legal and the game is won
    REFUSED = auto()  # the core refused a move
    NOT_WON = auto()  # every move was legal, and the game is not won
    MORE = auto()  # the deadline came: call again


class LineCheck:
    """The found line (model moves) replayed through the core on ``replica`` (a copy of the
    root without its history), with ``shadow`` (the model of the replica) beside it;
    ``tag`` is the root's history tag (a game whose core refuses positions the deal has had),
    from which each position's is worked out for the memory of winning lines."""

    def __init__(
        self,
        replica: GameState,
        shadow: SolverModel,
        line: list[ModelMove],
        tag: HistoryTag | None,
        clock: Clock,
    ) -> None:
        self.replica, self.shadow = replica, shadow
        # a model whose moves stand for several (talon macros) spells them out
        self.line = shadow.expand_line(list(line))
        self.tag, self.clock = tag, clock
        self.keys: list[LineKey] = []  # the memory's key of each position before a move
        self.history: dict[Hashable, set[bytes]] = {}  # level -> exact keys there
        if tag is not None:
            self.history[shadow.level()] = set(tag)
        self.done: list[Move] = []  # the core's moves checked so far
        self.reason = ""

    def step(self, deadline: float) -> Replay:
        replica, shadow, line, done = self.replica, self.shadow, self.line, self.done
        owner, clock = owner_of(replica), self.clock
        while len(done) < len(line):
            if clock() >= deadline and done:
                return Replay.MORE
            try:
                m = line[len(done)]
                mv = shadow.to_core(replica, m)
                self.keys.append((*owner, replica.key(), self._tag_of(shadow)))
                replica.push(mv)
                shadow.apply(m)
            except ValueError as e:  # IllegalMove is a ValueError
                self.reason = f"the core refused move {len(done) + 1} of the solver's line: {e}"
                return Replay.REFUSED
            done.append(mv)
        result = replica.result()
        if result is not None and result.status == Ending.WON:
            return Replay.WON
        self.reason = "the solver's line did not win in the core"
        return Replay.NOT_WON

    def _tag_of(self, shadow: SolverModel) -> HistoryTag | None:
        """The history tag of the shadow's position on the line: the exact positions at its
        level that the deal will have had."""
        if self.tag is None:
            return None
        seen = self.history.setdefault(shadow.level(), set())
        seen.add(shadow.exact())
        return frozenset(seen)


__all__ = ["LineCheck", "LineShortening", "Replay"]
