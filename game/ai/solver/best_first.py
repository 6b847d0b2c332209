"""The solver's first search (game/ai/solver/driver.py), unless the model has its own: greedy
best-first by the model's estimate of a position. It finds easy wins fast; it keeps at most
``states`` positions (for memory). With ``eager`` models (the driver's default) its running out
of positions proves nothing; without, it proves the position lost.
"""

from __future__ import annotations

from array import array

from game.ai.solver.contract import ModelMove
from game.ai.solver.search import Box, SearchRoot, Step, dead_test, pack, unpack


class BestFirstSearch:
    """Always expand the most promising position seen (the newest among equals).

    Positions are numbered; their parent (an array), the moves from the parent (3 bytes each),
    their snapshot (bytes, until expanded) and the open positions by score (arrays) are kept
    where the garbage collector never looks: dicts of bytes and arrays of ints are not tracked
    (a set of a million keys, or nested tuples, made each full collection walk them all and
    hold a frame for ~0.1 s)."""

    def __init__(self, root: SearchRoot, score: int, states: int) -> None:
        """``root.model`` is at the root, after ``root.moves`` (its automatic moves), with the
        estimate ``score``; at most ``states`` positions are kept."""
        self.model = model = root.model
        self.tally, self.proofs = root.tally, root.proofs
        self.states, self.clock = states, root.clock
        self.seen: dict[bytes, None] = {model.key(): None}
        self.parent = array("l", (-1,))
        self.moves: dict[int, bytes] = {0: pack(root.moves)}
        self.snaps: dict[int, bytes] = {0: root.snap}
        self.buckets: dict[int, array[int]] = {0: array("l", (0,))}  # score -> positions
        self.top = 0
        self.best = score
        #: the first move towards the best position seen (the hint while no win is known)
        self.first_move: ModelMove | None = root.moves[0] if root.moves else None
        self.win: list[ModelMove] | None = None

    @property
    def full(self) -> bool:
        """It keeps as many positions as it may."""
        return len(self.seen) >= self.states

    def containers(self) -> tuple[Box, ...]:
        """Its big containers, for the driver's trash once it is done."""
        return (self.buckets, self.seen, self.parent, self.moves, self.snaps)

    def step(self, deadline: float) -> Step:
        model, buckets, seen, snaps = self.model, self.buckets, self.seen, self.snaps
        apply, undo, autos, key, moves = (
            model.apply,
            model.undo,
            model.autos,
            model.key,
            model.moves,
        )
        estimate, snapshot, restore = model.estimate, model.snapshot, model.restore
        dead = dead_test(model)
        parents, packed = self.parent, self.moves
        lost, memory = self.proofs.table, self.proofs.tagged
        max_nodes = self.tally.cap()
        nodes, cap, top = self.tally.nodes, self.states, self.top
        best = self.best
        clock = self.clock
        try:
            while buckets:
                if clock() >= deadline or nodes >= max_nodes or len(seen) >= cap:
                    return Step.MORE
                bucket = buckets[top]
                node = bucket.pop()
                if not bucket:
                    del buckets[top]
                    top = max(buckets) if buckets else 0
                restore(snaps.pop(node))
                for m in moves():
                    log = [(m, apply(m))]
                    autos(log)
                    nodes += 1
                    if model.won():
                        self.win = self.chain(node) + [x for x, _ in log]
                        return Step.WON
                    k = key()
                    if k not in seen:
                        seen[k] = None
                        if (dead is not None and dead()) or (  # proved lost: nothing below it
                            lost and (k if memory is None else memory(k)) in lost
                        ):
                            for x, rec in reversed(log):
                                undo(x, rec)
                            continue
                        score = estimate()
                        child = len(parents)
                        parents.append(node)
                        packed[child] = pack([x for x, _ in log])
                        snaps[child] = snapshot()
                        if score > best:
                            best = score
                            self.first_move = self.chain(child)[0]
                        b = buckets.get(score)
                        if b is None:
                            buckets[score] = array("l", (child,))
                            if score > top or len(buckets) == 1:
                                top = score
                        else:
                            b.append(child)
                    for x, rec in reversed(log):
                        undo(x, rec)
            return Step.RAN_OUT if model.eager else Step.LOST
        finally:
            self.tally.nodes, self.best, self.top = nodes, best, top

    def chain(self, node: int) -> list[ModelMove]:
        """The model moves from the root to position ``node``."""
        parts = []
        while node >= 0:
            parts.append(unpack(self.moves[node]))
            node = self.parent[node]
        return [m for moves in reversed(parts) for m in moves]


__all__ = ["BestFirstSearch"]
