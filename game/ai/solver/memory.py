"""What the solver remembers from one search to the next: the winning lines found lately and
the positions proved lost. Whoever runs solvers one after another about one game owns a
``SolverMemory`` and hands it to each ``Solver`` it makes (the table's help does:
game/session/help.py, one memory per table); a Solver given none has a fresh one of its own,
so nothing is shared by accident.

Winning lines: every position along a line the core's replay accepted (a few thousand at
most), so that a Solver made for a position the player reached by following the line answers
"won" at once.

Proofs: the exact search records every closed part of what it searched (a strongly connected
part, by Tarjan's algorithm, whose every way out was searched without a win); a Solver made
for a later position of the game answers "lost" at once when its position is there, and no
search searches a position that is there again. A proof's key is the model's key (positions
that are equally winnable share it), with the root's history tag added for a game whose core
refuses positions the deal has had, at the level where that history matters. The proofs
belong to one game and option set (another empties them) and are emptied when full (the
newest are about the positions the player is near).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from game.ai.solver.contract import SolverModel
from game.core import GameState, Move

#: a game and option set: whose proofs the memory holds
Owner = tuple[str, tuple[tuple[str, object], ...]]
#: a position on a remembered line: its game and options, the core's key, the history tag
LineKey = tuple[str, tuple[tuple[str, object], ...], Hashable, Hashable]


def owner_of(state: GameState) -> Owner:
    """The game and option set of ``state``."""
    return (state.game_id, tuple(sorted(state.options.items())))


class SolverMemory:
    """The winning lines found lately and the positions proved lost (see the module).

    ``keep_proofs`` off: no search records a proof and no Solver reads one (only to measure
    what they bring: bench/light.py's ``--no-carry``); winning lines are remembered either
    way."""

    LINES_MAX = 4000
    PROOFS_MAX = 200_000

    def __init__(
        self, keep_proofs: bool = True, lines_max: int = LINES_MAX, proofs_max: int = PROOFS_MAX
    ) -> None:
        self.keep_proofs = keep_proofs
        self.lines_max = lines_max
        self.proofs_max = proofs_max
        self.lines: dict[LineKey, tuple[tuple[Move, ...], int]] = {}
        self.lost: dict[Hashable, None] = {}
        self.owner: Owner | None = None

    # ------------------------------------------------------------------ winning lines
    def line_from(self, key: LineKey) -> list[Move] | None:
        """The rest of a remembered winning line from the position of ``key``, or None."""
        found = self.lines.get(key)
        if found is None:
            return None
        line, i = found
        return list(line[i:])

    def remember_line(self, keys: Sequence[LineKey], line: tuple[Move, ...]) -> None:
        """Remember ``line`` (checked by the core) at each of its positions ``keys``."""
        if len(self.lines) + len(keys) > self.lines_max:
            self.lines.clear()
        for i, k in enumerate(keys):
            self.lines[k] = (line, i)

    # ------------------------------------------------------------------ proofs
    def proofs(self, owner: Owner) -> dict[Hashable, None]:
        """The positions proved lost in ``owner``'s game and option set (emptied when the
        memory held another's): the searches add to this very table."""
        if owner != self.owner:
            self.lost.clear()
            self.owner = owner
        return self.lost


@dataclass(frozen=True)
class Proofs:
    """The memory of proofs as one Solver's searches use it: the ``table`` (empty and never
    written when proofs are not kept), whether they are kept, the cap on the table, and how
    a position's key becomes its key there (``tagged``; None: the same)."""

    table: dict[Hashable, None]
    keep: bool
    limit: int
    tagged: Callable[[bytes], Hashable] | None

    @classmethod
    def of(cls, memory: SolverMemory, root: GameState, model: SolverModel, tag: Hashable) -> Proofs:
        """``memory``'s proofs for the Solver of ``root`` (the model is at the root; ``tag``
        is the root's history tag)."""
        table = memory.proofs(owner_of(root))
        keep = memory.keep_proofs
        return cls(table if keep else {}, keep, memory.proofs_max, _tagging(model, tag))

    def key(self, k: bytes) -> Hashable:
        """The key of the model's position ``k`` in the table."""
        return k if self.tagged is None else self.tagged(k)


def _tagging(model: SolverModel, tag: Hashable) -> Callable[[bytes], Hashable] | None:
    """How a position's key becomes its proof's key: None when they are the same (a game where
    the history never matters), else a function of the key that adds the root's history tag
    at the root's level (the model is at the position when it is called)."""
    if tag is None:
        return None
    level = model.level()

    def tagged(
        k: bytes,
        level: Hashable = level,
        tag: Hashable = tag,
        now: Callable[[], Hashable] = model.level,
    ) -> Hashable:
        return (k, tag) if now() == level else k

    return tagged


__all__ = ["LineKey", "Owner", "Proofs", "SolverMemory", "owner_of"]
