"""The solver's model of Seahaven (game/core/games/seahaven.py): ten columns built down in suit, one
card at a time, four cells, four foundations. Every card is face up and there is no stock.

Piles in moves ``(source, target, 1)``: 0..9 the columns, 10..13 the cells, 14..17 the
foundations of suits 0..3 (the core's foundations take any Ace; which one a suit uses never
matters). Faces are ``suit * 16 + rank`` (``Card.key``), one pack, so every face is one card.

- Every move to a foundation plays itself (``autos``): it is safe (the core says why).
- Canonical key: foundation heights, the cells as a set, the columns as a set.
- The core refuses a move between columns and cells that brings back a position this deal has
  had (``NewPositionsOnly``). Positions the deal had before the search's root matter only
  while the foundations are as at the root (no card comes back from them, so no later
  position can repeat an earlier one). There (``_level0``), the model refuses those same
  positions, keys positions exactly (column and cell order kept: a permutation of a refused
  position may be allowed) and offers every empty column and cell as a target, so the search
  is exact and "lost" stays a proof. Below that level the search merges transpositions.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import itemgetter
from typing import Any

from game.ai.solver.contract import HistoryTag, ModelMove, Scored, Shortening, SolverModel
from game.ai.solver.foundations import suit_heights, to_foundation
from game.core import Card, GameState, Move
from game.core.games.seahaven import Seahaven

COLS, CELLS, FOUND = 0, 10, 14
NCOLS, NCELLS = 10, 4


def _exact_of(piles_cards: dict[str, tuple[Card, ...]]) -> bytes:
    """The exact key (see SeahavenModel.exact) of a core position given as pile -> cards."""
    fnd = suit_heights(piles_cards[f"foundation{i}"] for i in range(4))
    cells = bytes(
        piles_cards[f"cell{j}"][-1].key if piles_cards[f"cell{j}"] else 0 for j in range(NCELLS)
    )
    cols = [bytes(c.key for c in piles_cards[f"tableau{i}"]) for i in range(NCOLS)]
    return bytes(fnd) + cells + b"\xff" + b"\xff".join(cols)


class SeahavenModel(SolverModel):
    game_id = "seahaven"
    shares = (0.4, 0.4)

    def __init__(self, state: Seahaven) -> None:
        piles = state.piles()
        self.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(NCOLS)]
        self.cells = [
            piles[f"cell{j}"][-1][0].key if piles[f"cell{j}"] else 0 for j in range(NCELLS)
        ]
        self.fnd = suit_heights(state.pile[f"foundation{i}"].cards for i in range(4))
        self.home = sum(self.fnd)
        self.root_home = self.home
        # exact keys of the positions this deal has had with the foundations as now
        self.forbid: set[bytes] = set()
        seen = state.positions_seen()
        names = [p.name for p in state.pile_list]
        fidx = [i for i, n in enumerate(names) if n.startswith("foundation")]
        for pos in seen:  # (the level first: cheap, and most positions are below it)
            if sum(len(pos[i]) for i in fidx) == self.home:
                self.forbid.add(_exact_of(dict(zip(names, pos))))
        self.exact_root = len(self.forbid) > 1  # more than the root itself
        self.eager = False

    # ------------------------------------------------------------------ basics
    def won(self) -> bool:
        return self.home == 52

    def on_foundations(self) -> int:
        return self.home

    def _level0(self) -> bool:
        """Exact search: the foundations are as at the root and earlier positions are refused."""
        return self.exact_root and self.home == self.root_home

    def exact(self) -> bytes:
        return bytes(self.fnd) + bytes(self.cells) + b"\xff" + b"\xff".join(map(bytes, self.cols))

    def level(self) -> int:
        return self.home

    def history_tag(self) -> HistoryTag:
        """What of the deal's history matters to the moves from here (see driver.py)."""
        return frozenset(self.forbid) if self.home == self.root_home else frozenset()

    def key(self) -> bytes:
        if self._level0():
            return b"X" + self.exact()
        return (
            bytes(self.fnd)
            + bytes(sorted(self.cells))
            + b"\xff"
            + b"\xff".join(sorted(map(bytes, self.cols)))
        )

    # for the line shortener (line.py): what the key may permute, and moves renumbered
    shorten_lines = Shortening.LOOPS

    def layout(self) -> list[Hashable]:
        return [(0, bytes(c)) for c in self.cols] + [(1, f) for f in self.cells]

    @staticmethod
    def remap(m: ModelMove, perm: list[int]) -> ModelMove:
        src, dst, n = m
        return (perm[src] if src < FOUND else src, perm[dst] if dst < FOUND else dst, n)

    def snapshot(self) -> bytes:
        return self.exact()

    def restore(self, snap: bytes) -> None:
        self.fnd = list(snap[:4])
        self.home = sum(self.fnd)
        self.cells = list(snap[4:8])
        self.cols = [list(p) for p in snap[9:].split(b"\xff")]

    # ------------------------------------------------------------------ moves
    def apply(self, m: ModelMove) -> int:
        src, dst, _ = m
        if src < CELLS:
            f = self.cols[src].pop()
        else:
            j = src - CELLS
            f = self.cells[j]
            self.cells[j] = 0
        if dst >= FOUND:
            self.fnd[dst - FOUND] += 1
            self.home += 1
        elif dst >= CELLS:
            self.cells[dst - CELLS] = f
        else:
            self.cols[dst].append(f)
        return f

    def undo(self, m: ModelMove, f: int) -> None:
        src, dst, _ = m
        if dst >= FOUND:
            self.fnd[dst - FOUND] -= 1
            self.home -= 1
        elif dst >= CELLS:
            self.cells[dst - CELLS] = 0
        else:
            self.cols[dst].pop()
        if src < CELLS:
            self.cols[src].append(f)
        else:
            self.cells[src - CELLS] = f

    def autos(self, log: list[tuple[ModelMove, Any]]) -> None:
        """Every move to a foundation (all are safe in Seahaven)."""
        fnd, cols, cells = self.fnd, self.cols, self.cells
        found = True
        while found:
            found = False
            for j in range(NCELLS):
                f = cells[j]
                if f and fnd[f >> 4] == (f & 15) - 1:
                    m = (CELLS + j, FOUND + (f >> 4), 1)
                    log.append((m, self.apply(m)))
                    found = True
            for i in range(NCOLS):
                c = cols[i]
                while c and fnd[c[-1] >> 4] == (c[-1] & 15) - 1:
                    m = (i, FOUND + (c[-1] >> 4), 1)
                    log.append((m, self.apply(m)))
                    found = True

    def moves(self) -> list[ModelMove]:
        """Every move between columns and cells worth trying, best first (moves to the
        foundations play themselves)."""
        cols, cells, fnd = self.cols, self.cells, self.fnd
        exact = self._level0()
        tops = {}
        empty_cols = []
        for i in range(NCOLS):
            c = cols[i]
            if c:
                tops[c[-1]] = i
            else:
                empty_cols.append(i)
        empty_cells = [j for j in range(NCELLS) if not cells[j]]
        if not exact:
            empty_cols, empty_cells = empty_cols[:1], empty_cells[:1]
        scored: list[Scored] = []
        add = scored.append
        for j in range(NCELLS):  # cells onto a column
            f = cells[j]
            if not f:
                continue
            t = tops.get(f + 1)
            if t is not None:
                add((900, (CELLS + j, t, 1)))
            for t in empty_cols:
                add((300 if f & 15 == 13 else 50, (CELLS + j, t, 1)))
            if exact:
                for t in empty_cells:
                    add((-900, (CELLS + j, CELLS + t, 1)))
        for i in range(NCOLS):
            c = cols[i]
            if not c:
                continue
            f = c[-1]
            n = len(c)
            if n == 1:
                leave = 200
            else:
                b = c[-2]
                if fnd[b >> 4] == (b & 15) - 1:
                    leave = 250  # frees a card for its foundation
                elif b == f + 1:
                    leave = -500  # only breaks a run in suit
                else:
                    leave = 0
            t = tops.get(f + 1)
            if t is not None:
                add((600 + leave, (i, t, 1)))
            for t in empty_cols:
                if n > 1 or exact:
                    add((100 + leave + (200 if f & 15 == 13 else 0), (i, t, 1)))
            for t in empty_cells:
                add((leave - 20 * ((f & 15) - fnd[f >> 4]), (i, CELLS + t, 1)))
        scored.sort(key=itemgetter(0), reverse=True)
        out = [m for _, m in scored]
        if exact:  # refuse what the core refuses: a position this deal has had
            forbid, keep = self.forbid, []
            for m in out:
                rec = self.apply(m)
                if self.exact() not in forbid:
                    keep.append(m)
                self.undo(m, rec)
            out = keep
        return out

    def estimate(self) -> int:
        """Cards home, free cells and columns; cards not on their parent in suit; cards on
        top of the next card each foundation wants."""
        fnd = self.fnd
        want = [s * 16 + fnd[s] + 1 for s in range(4)]
        disorder = dig = empty = 0
        for c in self.cols:
            n = len(c)
            if not n:
                empty += 1
                continue
            for j in range(1, n):
                if c[j] + 1 != c[j - 1]:
                    disorder += 1
            for j in range(n):
                if c[j] in want:
                    dig += n - 1 - j
        free = self.cells.count(0)
        return self.home * 40 + free * 10 + empty * 15 - disorder * 4 - dig * 3

    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        src, dst, _ = m
        source = f"tableau{src}" if src < CELLS else f"cell{src - CELLS}"
        if dst >= FOUND:
            return to_foundation(replica, source)
        return Move(source, f"tableau{dst}" if dst < CELLS else f"cell{dst - CELLS}")


MODEL = SeahavenModel
