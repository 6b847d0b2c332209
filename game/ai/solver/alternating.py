"""Shared machinery for the solver's models of games whose piles build down in alternating
colours, runs moving as one, face-down cards turning up by themselves (not a model itself; the
contract is contract.py): ``AlternatingModel``, for Standard (models/standard_solitaire.py)
and Little Harp (models/little_harp.py).

Piles in moves ``(source, target, count)``: 0..7 the piles (tableau0..), 10 the waste, 11 the
stock, 12.. the foundation slots, ``copies`` per suit (suit s has slots copies * s ..), kept
highest first within a suit; faces are ``suit * 16 + rank``, and copies of a face play alike,
so the search ignores which pack a card is from.

- Safe automatic moves: a card goes to its foundation from a pile when it is an Ace or a Two,
  or when every card that could be built on it (one rank lower, the other colour, every copy)
  is on the foundations already (the core's safe_move); then nothing can want it as a base,
  and with the slots kept highest first the other copy of its face can still follow.
- Canonical key: the piles as a set once nothing deals onto given piles any more (Standard:
  the stock is empty); before that their order is kept and every empty pile is a target.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable
from operator import itemgetter
from typing import Any

from game.ai.solver.contract import AddMove, ModelMove, Scored, Shortening, SolverModel
from game.ai.solver.foundations import suit_heights, to_foundation
from game.core import GameState, Move
from game.core.solitaire import Solitaire

WASTE, STOCK, FOUND = 10, 11, 12
_RED = (False, True, True, False)
#: FITS[card][base]: card goes on base in a pile (one rank lower, the other colour)
FITS = [
    [(b & 15) == (c & 15) + 1 and _RED[(c >> 4) & 3] != _RED[(b >> 4) & 3] for b in range(64)]
    for c in range(64)
]


#: PARENTS[card]: the faces it goes on in a pile
PARENTS = [tuple(b for b in range(64) if FITS[c][b]) for c in range(64)]


class AlternatingModel(SolverModel):
    """Piles, foundations with ``copies`` slots per suit, a stock; subclasses add the stock's
    moves (``stock_moves``, ``apply_stock``, ``undo_stock``) and what an empty pile takes."""

    copies = 2
    ordered_piles = False  # the piles' order matters (cards are dealt onto given piles)
    kings_only = False  # an empty pile takes only a King or a run headed by one
    shorten_lines = Shortening.LOOPS
    #: cards a stock still deals onto given piles (the piles' order matters while it does)
    sp: int

    def __init__(self, state: Solitaire) -> None:
        piles = state.piles()
        self.npiles = n = len(state.tableau)
        self.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(n)]
        self.down = [sum(1 for _, up in piles[f"tableau{i}"] if not up) for i in range(n)]
        self.total = len(state.CARDS)
        k = self.copies
        self.fnd = suit_heights((state.pile[f"foundation{i}"].cards for i in range(4 * k)), k)
        self.home = sum(self.fnd)
        self.eager = False

    # ------------------------------------------------------------------ basics
    def won(self) -> bool:
        return self.home == self.total

    def on_foundations(self) -> int:
        return self.home

    def _piles_key(self) -> bytes:
        down = self.down
        parts = [bytes((down[i], *c)) for i, c in enumerate(self.cols)]
        if not self.ordered_piles or not self.sp:
            parts.sort()
        return b"\xff".join(parts)

    def layout(self) -> list[Hashable]:
        return [(self.down[i], bytes(c)) for i, c in enumerate(self.cols)]

    def remap(self, m: ModelMove, perm: list[int]) -> ModelMove:
        src, dst, n = m
        return (perm[src] if src < WASTE else src, perm[dst] if dst < WASTE else dst, n)

    def slot(self, f: int) -> int:
        """The foundation slot (FOUND + i) that takes face f now, or -1."""
        r = (f & 15) - 1
        k = self.copies
        base = (f >> 4) * k
        fnd = self.fnd
        for i in range(base, base + k):
            if fnd[i] == r:
                return FOUND + i
        return -1

    def _lowest(self, s: int) -> int:
        return self.fnd[self.copies * s + self.copies - 1]

    def _safe(self, f: int) -> bool:
        r = f & 15
        if r <= 2:
            return True
        red = _RED[f >> 4]
        return all(self._lowest(s) >= r - 1 for s in range(4) if _RED[s] != red)

    # ------------------------------------------------------------------ moves
    def _to_foundation(self, slot: int) -> None:
        fnd = self.fnd
        i = slot - FOUND
        fnd[i] += 1
        self.home += 1

    def _from_foundation(self, slot: int) -> int:
        i = slot - FOUND
        f = (i // self.copies) * 16 + self.fnd[i]
        self.fnd[i] -= 1
        self.home -= 1
        return f

    # ------------------------------------------------------------------ the stock's part
    @abstractmethod
    def stock_moves(self, add: AddMove, empty: bool) -> None:
        """Add the stock's moves (``empty``: some pile is empty)."""

    @abstractmethod
    def apply_stock(self, m: ModelMove) -> Any:
        """Play a move of the stock (or onto it); the record for ``undo_stock``."""

    @abstractmethod
    def undo_stock(self, m: ModelMove, rec: Any) -> None:
        """Take back a move of the stock played with record ``rec``."""

    @abstractmethod
    def stock_to_core(self, replica: GameState, m: ModelMove) -> Move:
        """The core Move for a move of the stock."""

    def take_waste(self) -> int:
        """Take the waste's top card (a game with a waste)."""
        raise NotImplementedError

    def put_waste(self, f: int) -> None:
        """Put face ``f`` back on the waste (a game with a waste)."""
        raise NotImplementedError

    def apply(self, m: ModelMove) -> Any:
        src, dst, n = m
        if src == STOCK or dst == STOCK:
            return self.apply_stock(m)
        cols = self.cols
        if src == WASTE:
            cards = [self.take_waste()]
        else:
            c = cols[src]
            cards = c[-n:]
            del c[-n:]
        if dst >= FOUND:
            self._to_foundation(dst)
        else:
            cols[dst] += cards
        flip = 0
        if src < WASTE:
            c = cols[src]
            if c and self.down[src] == len(c):
                self.down[src] -= 1
                flip = 1
        return flip

    def undo(self, m: ModelMove, rec: Any) -> None:
        src, dst, n = m
        if src == STOCK or dst == STOCK:
            self.undo_stock(m, rec)
            return
        cols = self.cols
        if rec:
            self.down[src] += 1
        if dst >= FOUND:
            cards = [self._from_foundation(dst)]
        else:
            d = cols[dst]
            cards = d[-n:]
            del d[-n:]
        if src == WASTE:
            self.put_waste(cards[0])
        else:
            cols[src] += cards

    def waste_top(self) -> int:
        return 0

    def takes_empty(self, f: int) -> bool:
        return not self.kings_only or (f & 15) == 13

    def autos(self, log: list[tuple[ModelMove, Any]]) -> None:
        """Safe cards from the piles (and the waste where the game allows) go home; with
        ``eager`` every card that fits a foundation."""
        eager = self.eager
        cols = self.cols
        found = True
        while found:
            found = False
            if self.waste_autos or eager:
                f = self.waste_top()
                if f:
                    d = self.slot(f)
                    if d >= 0 and (eager or self._safe(f)):
                        m = (WASTE, d, 1)
                        log.append((m, self.apply(m)))
                        found = True
                        continue
            for i in range(self.npiles):
                c = cols[i]
                if c:
                    f = c[-1]
                    d = self.slot(f)
                    if d >= 0 and (eager or self._safe(f)):
                        m = (i, d, 1)
                        log.append((m, self.apply(m)))
                        found = True
                        break

    waste_autos = False

    def moves(self) -> list[ModelMove]:
        cols, down = self.cols, self.down
        tops: dict[int, list[int]] = {}  # face of a top card -> piles it tops
        empties = []
        for i in range(self.npiles):
            c = cols[i]
            if c:
                tops.setdefault(c[-1], []).append(i)
            else:
                empties.append(i)
        ordered = self.ordered_piles and self.sp
        if empties and not ordered:
            empties = empties[:1]
        scored: list[Scored] = []
        add = scored.append
        self.waste_moves(add, tops, empties)
        takes = self.takes_empty
        get = tops.get
        for i in range(self.npiles):
            c = cols[i]
            k = len(c)
            up = k - down[i]
            if up <= 0:
                continue
            f = c[-1]
            d = self.slot(f)
            rest = k - 1
            if d >= 0:
                add((800 + (200 if rest and rest == down[i] else 0), (i, d, 1)))
            n = 1
            while True:
                f = c[-n]
                rest = k - n
                if rest == 0:
                    leave = 250
                elif rest == down[i]:
                    leave = 400
                elif FITS[f][c[rest - 1]]:
                    leave = -500  # only moves a run from one parent to another
                else:
                    leave = 50
                for t in PARENTS[f]:
                    js = get(t)
                    if js:
                        for j in js:
                            if j != i:
                                add((400 + leave + n, (i, j, n)))
                if empties and takes(f) and (rest or ordered):
                    for j in empties:
                        add((leave - 100 + n, (i, j, n)))
                if n == up or not FITS[c[-n]][c[-n - 1]]:
                    break
                n += 1
        self.stock_moves(add, bool(empties))
        scored.sort(key=itemgetter(0), reverse=True)
        return [m for _, m in scored]

    def waste_moves(self, add: AddMove, tops: dict[int, list[int]], empties: list[int]) -> None:
        """Add the (score, move) pairs of the waste's top card."""
        f = self.waste_top()
        if f:
            d = self.slot(f)
            if d >= 0:
                add((900, (WASTE, d, 1)))
            for t, js in tops.items():
                if FITS[f][t]:
                    for j in js:
                        add((600, (WASTE, j, 1)))
            if empties and self.takes_empty(f):
                for j in empties:
                    add((300, (WASTE, j, 1)))

    def estimate(self) -> int:
        score = self.home * 12 - sum(self.down) * 6
        for i, c in enumerate(self.cols):
            n = len(c)
            if not n:
                score += 8
                continue
            for j in range(self.down[i] + 1, n):
                if not FITS[c[j]][c[j - 1]]:
                    score -= 4
        return score - self.waste_penalty()

    def waste_penalty(self) -> int:
        return 0

    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        src, dst, n = m
        if src == STOCK or dst == STOCK:
            return self.stock_to_core(replica, m)
        source = "waste" if src == WASTE else f"tableau{src}"
        if dst >= FOUND:
            return to_foundation(replica, source, self.copies)
        return Move(source, f"tableau{dst}", n)
