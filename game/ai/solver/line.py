"""Shortening a winning line before it is reported.

A line found by the search can hold long detours (a card moved back and forth, positions that
come back): the client's Finish button and the hints play it out, so a player would see
pointless moves. ``shorten`` works on the solver's model moves (any model, through the
contract in contract.py: ``layout``, ``remap``, ``key``, ``snapshot``...) in three passes,
each keeping the line a win (which passes a model allows is its ``shorten_lines``, a
Shortening: LOOPS the first two, ALL the three):

1. loops: wherever the same canonical position comes back, the moves in between go (the rest
   of the line is renumbered for the column order, which the canonical key ignores);
2. shortcuts: from each position of the line, every single move is tried; if one reaches a
   position further along the line (canonically), the moves in between go;
3. dropping moves: each move between piles (never a stock turn or a foundation move) is left
   out in turn and the rest of the line is replayed by card identity (the card moved and the
   card it goes onto, not the column numbers); if every move is still legal and the game is
   still won, the move stays out. This pass has a time cap (it is quadratic at worst), and
   it reads a column game's piles (columns.ColumnGameModel: ``Shortening.ALL``).

The shortened line is replayed through the core's ``push`` by the solver (found_line.py) like
found line before it is believed, so a slip here could only cost the verdict, never give a
false "won".

``shorten`` is a generator: it yields often (every few hundred microseconds of work) so that
the solver can slice it like the search; its return value is the new line.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Hashable
from enum import Enum, auto
from typing import Literal

from game.ai.solver.columns import FOUND, STOCK, TURN, WASTE, ColumnGameModel
from game.ai.solver.contract import ModelMove, Shortening, SolverModel
from game.ai.solver.search import Clock

CHUNK = 64  # moves replayed between yields
#: a pass, or all of them, running: yields often, returns the line
Shortener = Generator[None, None, list[ModelMove]]


class Meter:
    """Time the shortening may still use, on ``clock`` (the solver's); the solver adds the
    time of each slice to ``used`` and sets ``t0`` when a slice resumes the generator."""

    def __init__(self, cap: float, clock: Clock = time.perf_counter):
        self.cap = cap
        self.clock = clock
        self.used = 0.0
        self.t0 = clock()

    def over(self) -> bool:
        return self.used + (self.clock() - self.t0) >= self.cap


class Source(Enum):
    """Where a move of pass 3 takes its card from."""

    WASTE = auto()
    FOUNDATION = auto()
    COLUMN = auto()


class Target(Enum):
    """Where a move of pass 3 puts its card."""

    FOUNDATION = auto()
    EMPTY = auto()  # an empty column
    CARD = auto()  # onto a column's top card


#: a move by card identity (pass 3): where it takes its card, the face moved, how many cards,
#: where it puts them, the face they go onto (-1: none), and the columns it joined when it was
#: found (a plain tuple: pass 3 makes many)
Ident = tuple[Source, int, int, Target, int, int, int]
# (read often: module names are read faster than an enum's attributes)
_WASTE, _FOUNDATION, _COLUMN = Source.WASTE, Source.FOUNDATION, Source.COLUMN
_TO_FOUNDATION, _TO_EMPTY, _TO_CARD = Target.FOUNDATION, Target.EMPTY, Target.CARD


#: a move of pass 3 that would change nothing (a column's whole content to an empty column)
Skip = Literal["skip"]


def _match(now: list[Hashable], then: list[Hashable]) -> list[int]:
    """perm[i] = the column of ``then`` holding what column i of ``now`` holds (the two
    layouts are the same multiset of columns)."""
    free: dict[Hashable, list[int]] = {}
    for j, col in enumerate(then):
        free.setdefault(col, []).append(j)
    return [free[col].pop(0) for col in now]


def legal(model: ColumnGameModel, m: ModelMove) -> bool:
    """Is model move ``m`` legal in ``model``'s position (by the model's rules)? (A
    columns.ColumnGameModel: pass 3 reads its piles.)"""
    src, dst, n = m
    if src == STOCK:
        return dst == WASTE and model.sp > 0
    cols = model.cols
    ncols = model.columns
    prot = model.prot
    if src == WASTE:
        if not model.waste or n != 1:
            return False
        f = model.waste[-1]
    elif src >= FOUND:
        return m in model.moves()
    elif 0 <= src < ncols:
        c = cols[src]
        if n < 1 or len(c) < n:
            return False
        if prot and prot[src] and dst < FOUND:
            return False
        if n > 1:
            return m in model.moves()
        f = c[-1]
    else:
        return False
    if dst >= FOUND:
        return n == 1 and model.foundation_slot(f) == dst
    if not 0 <= dst < ncols or dst == src:
        return False
    if prot and prot[dst]:
        return False
    t = cols[dst]
    if not t:
        return not (model.needs_flags and model.sp)
    return model.builds_on(f, t[-1])


def _ident(model: ColumnGameModel, m: ModelMove) -> Ident | None:
    """Move ``m`` by card identity (None: a turn of the stock)."""
    src, dst, n = m
    if src == STOCK:
        return None
    if src == WASTE:
        kind, face = _WASTE, model.waste[-1]
    elif src >= FOUND:
        kind, face = _FOUNDATION, model.card_at(src)
    else:
        kind, face = _COLUMN, model.cols[src][-n]
    if dst >= FOUND:
        return (kind, face, n, _TO_FOUNDATION, -1, src, dst)
    t = model.cols[dst]
    if not t:
        return (kind, face, n, _TO_EMPTY, -1, src, dst)
    return (kind, face, n, _TO_CARD, t[-1], src, dst)


def _resolve(model: ColumnGameModel, ident: Ident | None) -> ModelMove | Skip | None:
    """The model move doing ``ident`` in the current position; "skip" for a move that would
    change nothing (a column's whole content to an empty column); None if impossible."""
    if ident is None:
        return TURN if model.sp else None
    kind, face, n, tkind, tface, osrc, odst = ident
    cols = model.cols
    ncols = model.columns
    sources = []
    if kind is _FOUNDATION:
        if osrc >= FOUND and model.card_at(osrc) == face:
            sources.append(osrc)
    else:
        if n == 1 and model.waste and model.waste[-1] == face:
            sources.append(WASTE)
        if osrc < ncols and len(cols[osrc]) >= n and cols[osrc][-n] == face:
            sources.insert(0, osrc)
        for i in range(ncols):
            if i != osrc and len(cols[i]) >= n and cols[i][-n] == face:
                sources.append(i)
    for src in sources:
        if tkind is _TO_FOUNDATION:
            if n != 1:
                continue
            slot = model.foundation_slot(face)
            if slot < 0:
                continue
            m = (src, slot, 1)
            if legal(model, m):
                return m
            continue
        targets = []
        if tkind is _TO_EMPTY:
            if src < ncols and len(cols[src]) == n:
                return "skip"
            targets = [next((i for i in range(ncols) if not cols[i]), -1)]
        else:
            if odst < ncols and odst != src and cols[odst] and cols[odst][-1] == tface:
                targets.append(odst)
            targets += [
                i
                for i in range(ncols)
                if i != src and i != odst and cols[i] and cols[i][-1] == tface
            ]
        for dst in targets:
            if dst >= 0 and legal(model, (src, dst, n)):
                return (src, dst, n)
    return None


def cut_loops(model: SolverModel, root_snap: bytes, line: list[ModelMove]) -> Shortener:
    """Pass 1 (a generator): remove the moves between two visits of the same canonical
    position."""
    model.restore(root_snap)
    out: list[ModelMove] = []
    snaps = [root_snap]
    where = {model.key(): 0}
    perm = list(range(len(model.layout())))
    for step, m in enumerate(line):
        if step % CHUNK == CHUNK - 1:
            yield
        m = model.remap(m, perm)
        out.append(m)
        model.apply(m)
        k = model.key()
        i = where.get(k)
        if i is None:
            where[k] = len(out)
            snaps.append(model.snapshot())
            continue
        now = model.layout()
        model.restore(snaps[i])
        fix = _match(now, model.layout())
        perm = [fix[p] for p in perm]
        # forget the positions of the cut part
        del out[i:]
        del snaps[i + 1 :]
        where = {k2: j for k2, j in where.items() if j <= i}
    return out


def shortcuts(model: SolverModel, root_snap: bytes, line: list[ModelMove]) -> Shortener:
    """Pass 2 (a generator): from each position, a single move that reaches a position
    further along the line replaces the moves in between."""
    model.restore(root_snap)
    keys: dict[bytes, int] = {}
    snaps = []
    for i, m in enumerate(line):
        keys[model.key()] = i
        snaps.append(model.snapshot())
        model.apply(m)
        if i % CHUNK == 0:
            yield
    keys[model.key()] = len(line)
    snaps.append(model.snapshot())
    model.restore(root_snap)
    out: list[ModelMove] = []
    perm = list(range(len(model.layout())))  # column of the original line -> column now
    i = 0
    steps = 0
    while i < len(line):
        best_j, best_m = i + 1, model.remap(line[i], perm)
        for m in model.moves():
            rec = model.apply(m)
            j = keys.get(model.key(), -1)
            if j > best_j:
                best_j, best_m = j, m
            model.undo(m, rec)
        model.apply(best_m)
        out.append(best_m)
        if best_j > i + 1:
            # now at the line's position best_j, up to the column order: renumber
            here = model.snapshot()
            now = model.layout()
            model.restore(snaps[best_j])
            perm = _match(model.layout(), now)
            model.restore(here)
        i = best_j
        steps += 1
        if steps % 8 == 0:
            yield
    return out


def drop_moves(
    model: ColumnGameModel, root_snap: bytes, line: list[ModelMove], meter: Meter
) -> Shortener:
    """Pass 3 (a generator): leave out moves the rest of the line does not need."""
    model.restore(root_snap)
    snaps: list[bytes] = []
    idents: list[Ident | None] = []
    for m in line:
        snaps.append(model.snapshot())
        idents.append(_ident(model, m))
        model.apply(m)
    if not model.won():
        return line
    line = list(line)
    i = len(line) - 1
    while i >= 0:
        if meter.over():
            break
        src, dst, n = line[i]
        if src == STOCK or dst >= FOUND or src >= FOUND:
            i -= 1
            continue
        model.restore(snaps[i])
        new_tail: list[ModelMove] = []
        tail_idents: list[Ident | None] = []
        ok = True
        for k in range(i + 1, len(line)):
            ident = idents[k]
            found = _resolve(model, ident)
            if found is None:
                ok = False
                break
            if found != "skip":
                tail_idents.append(_ident(model, found))
                new_tail.append(found)
                model.apply(found)
            if (k - i) % CHUNK == 0:
                yield
                if meter.over():
                    ok = False
                    break
        if ok and model.won():
            # keep it: rebuild the records from i on
            line[i:] = new_tail
            model.restore(snaps[i])
            del snaps[i:]
            idents[i:] = tail_idents
            for m in new_tail:
                snaps.append(model.snapshot())
                model.apply(m)
        i -= 1
        yield
    return line


def shorten(model: SolverModel, root_snap: bytes, line: list[ModelMove], meter: Meter) -> Shortener:
    """All three passes, or the first two (the model's ``shorten_lines``): a generator that
    returns the shortened line."""
    line = yield from cut_loops(model, root_snap, line)
    line = yield from shortcuts(model, root_snap, line)
    line = yield from cut_loops(model, root_snap, line)
    # the last pass reads a column game's piles
    if model.shorten_lines is not Shortening.ALL or not isinstance(model, ColumnGameModel):
        return line
    if not meter.over():
        line = yield from drop_moves(model, root_snap, line, meter)
        line = yield from cut_loops(model, root_snap, line)
    return line
