"""The solver's model of Indian Patience (game/core/games/indian_patience.py): ten columns building
down by any suit but the same, a waste, a stock turned one card at a time, two packs (the
column-game machinery is columns.ColumnGameModel; piles as numbered there). Like the
other games with face-down cards it plays the actual deal: the face-down cards and the stock's
order are known to it, so its verdicts are about the deal, not about what a player can know.
"""

from __future__ import annotations

from typing import Any

from game.ai.solver.columns import (
    _SP,
    EAGER_PROTECTED,
    FOUND,
    STOCK,
    WASTE,
    WASTE_W,
    ColumnGameModel,
)
from game.ai.solver.contract import ModelMove
from game.core.games.indian_patience import IndianPatience

NCOLS = 10
_FLAGS = [b"", b"\x41", b"\x42", b"\x43"]  # column prefix: face-down card, protected

# Indian Patience moves are single cards: (src, dst, 1) is kept as one preallocated tuple per
# code src * 32 + dst, so that moves() sorts plain ints (score << 10 | code) and builds no
# tuples; the order is the same as sorting (score, move) pairs.
_IP_MOVES = [(c >> 5, c & 31, 1) for c in range(12 * 32)]
_IP_TURN = _IP_MOVES[STOCK * 32 + WASTE]
_ALL_DIRTY = tuple(range(NCOLS))
_NONE16 = [0] * 16


class IndianPatienceModel(ColumnGameModel):
    """Build down by any suit but the same; a newly exposed face-down card is protected while
    the stock lasts (only to a foundation, nothing on it); a protected card going up refills
    its column from the stock; empty columns take cards only once the stock is empty.

    For speed the canonical key is built from cached parts: each column's part (flags and
    cards) is rebuilt only after a move changed that column (``_dirty`` lists them), and the
    waste's bytes only after the waste changed (``_wk`` is None then); ``_to[face]`` is the
    foundation slot that takes a face now (FOUND + slot, or 0), as ``foundation_slot``.
    ``apply``, ``undo`` and ``restore`` keep these; nothing else may change the piles."""

    game_id = "indian-patience"
    columns, cards = NCOLS, 104
    needs_flags = True
    shares = (0.15, 0.75)
    luby_cap = 2  # the restarting search wins within a few thousand positions of a run
    shuffle = 0.4
    guided = 0.5
    guided_after = 400_000

    @staticmethod
    def builds_on(card: int, base: int) -> bool:
        return (base & 15) == (card & 15) + 1 and base >> 4 != card >> 4

    prot: list[bool]  # every column has its flag

    def __init__(self, state: IndianPatience) -> None:
        super().__init__(state)
        self.prot = [state.is_protected(f"tableau{i}") for i in range(NCOLS)]
        self._forget()
        self.eager = False

    def _forget(self) -> None:
        """Drop every cached key part (after the piles were replaced)."""
        self._ck = [b""] * NCOLS
        self._dirty = list(_ALL_DIRTY)
        self._wk: bytes | None = None
        self._to = to = [0] * 64  # face -> the foundation slot (FOUND + slot) taking it, or 0
        fnd = self.fnd
        for s in range(4):
            to[s * 16 + fnd[2 * s + 1] + 1] = FOUND + 2 * s + 1
            to[s * 16 + fnd[2 * s] + 1] = FOUND + 2 * s  # the higher slot when both take it

    def restore(self, snap: bytes) -> None:
        super().restore(snap)
        self._forget()

    def key(self) -> bytes:
        ck = self._ck
        dirty = self._dirty
        if dirty:
            cols, down, prot = self.cols, self.down, self.prot
            for i in dirty:
                ck[i] = _FLAGS[down[i] + (2 if prot[i] else 0)] + bytes(cols[i])
            dirty.clear()
        wk = self._wk
        if wk is None:
            wk = self._wk = bytes(self.waste) + b"\xff"
        return bytes(self.fnd) + _SP[self.sp] + wk + b"\xff".join(sorted(ck))

    def key_uncached(self) -> bytes:
        """The same key built from scratch (for tests)."""
        parts = sorted(
            [
                _FLAGS[d + (2 if p else 0)] + bytes(c)
                for c, d, p in zip(self.cols, self.down, self.prot)
            ]
        )
        return bytes(self.fnd) + _SP[self.sp] + bytes(self.waste) + b"\xff" + b"\xff".join(parts)

    # Safe by itself: no card will ever need this one as a base (every card one rank lower of
    # the other suits is up: all lower slots are at least one below it), the other card of
    # its face can still follow (its suit's lower slot is one below it), and playing it turns
    # up no face-down card while the stock lasts (that card would become protected, which can
    # hurt) nor refills a column (a protected card).
    @property
    def eager(self) -> bool:
        return self._eager_on

    @eager.setter
    def eager(self, on: bool) -> None:
        # autos is bound once here (an instance attribute), saving a test and a call a node
        self._eager_on = on
        self.autos = self._eager if on else self._safe_autos  # type: ignore[method-assign]

    def autos(self, log: list[tuple[ModelMove, Any]]) -> None:  # replaced by the eager setter
        (self._eager if self._eager_on else self._safe_autos)(log)

    def _safe_autos(self, log: list[tuple[ModelMove, Any]]) -> None:
        cols, fnd, waste, down = self.cols, self.fnd, self.waste, self.down
        found = True
        while found:
            found = False
            lo = min(fnd[1], fnd[3], fnd[5], fnd[7]) + 1
            if waste:
                f = waste[-1]
                r = f & 15
                if fnd[(f >> 4) * 2 + 1] == r - 1 and (r <= lo or r == 1):
                    m = (WASTE, self.foundation_slot(f), 1)
                    log.append((m, self.apply(m)))
                    found = True
                    continue
            for i in range(NCOLS):
                c = cols[i]
                if c:
                    f = c[-1]
                    r = f & 15
                    if (
                        fnd[(f >> 4) * 2 + 1] == r - 1
                        and (r <= lo or r == 1)
                        and not self.prot[i]
                        and not (self.sp and down[i] and len(c) == down[i] + 1)
                    ):
                        m = (i, self.foundation_slot(f), 1)
                        log.append((m, self.apply(m)))
                        found = True
                        break

    def _eager(self, log: list[tuple[ModelMove, Any]]) -> None:
        """ColumnGameModel._eager for this game, faster (same moves in the same order)."""
        cols, waste, apply, to = self.cols, self.waste, self.apply, self._to
        moves = _IP_MOVES
        any_prot = EAGER_PROTECTED
        while True:
            if waste:
                d = to[waste[-1]]
                if d:
                    m = moves[WASTE * 32 + d]
                    log.append((m, apply(m)))
                    continue
            prot = self.prot
            for i in range(NCOLS):
                c = cols[i]
                if c:
                    d = to[c[-1]]
                    if d and (any_prot or not prot[i]):
                        m = moves[i * 32 + d]
                        log.append((m, apply(m)))
                        break
            else:
                return

    def estimate(self) -> int:
        """ColumnGameModel.estimate for this game (no dig term), faster."""
        disorder = sum(self.down)
        empty = 0
        for c in self.cols:
            if not c:
                empty += 1
                continue
            it = iter(c)
            b = next(it)
            for x in it:
                if (b & 15) != (x & 15) + 1 or b >> 4 == x >> 4:
                    disorder += 1
                b = x
        return sum(self.fnd) * 12 + empty * 8 - disorder * 4 - len(self.waste) * WASTE_W

    def apply(self, m: ModelMove) -> Any:
        src, dst, n = m
        if src == STOCK:
            self.sp -= 1
            self.waste.append(self.stock[self.sp])
            self._wk = None
            old = None
            if self.sp == 0 and True in self.prot:
                old = self.prot
                self.prot = [False] * NCOLS
                self._dirty = list(_ALL_DIRTY)
            return (0, old, 0)
        cols = self.cols
        dirty = self._dirty
        if src == WASTE:
            f = self.waste.pop()
            self._wk = None
        else:
            f = cols[src].pop()
            dirty.append(src)
        if dst >= FOUND:
            slot = dst - FOUND
            fnd = self.fnd
            fnd[slot] += 1
            s2 = slot & 6  # keep _to: clear the suit's faces, then mark the two it takes
            b = s2 * 8
            to = self._to
            to[b : b + 16] = _NONE16
            to[b + fnd[s2 + 1] + 1] = FOUND + s2 + 1
            to[b + fnd[s2] + 1] = FOUND + s2
        else:
            cols[dst].append(f)
            dirty.append(dst)
        flip = 0
        old = None
        refill = 0
        if src < NCOLS:
            prot = self.prot
            if prot[src]:  # a protected card went up: refill its column from the stock
                old = prot
                self.prot = prot = prot[:]
                prot[src] = False
                k = 3 if self.sp >= 3 else self.sp
                stock, sp, col = self.stock, self.sp, cols[src]
                for _ in range(k):
                    sp -= 1
                    col.append(stock[sp])
                self.sp = sp
                self.down[src] = 1 if k == 3 else 0
                refill = k
            else:
                col = cols[src]
                if col and self.down[src] == len(col):  # a face-down card turns up
                    self.down[src] -= 1
                    flip = 1
                    if self.sp:
                        old = prot
                        self.prot = prot = prot[:]
                        prot[src] = True
        if self.sp == 0 and True in self.prot:
            if old is None:
                old = self.prot
            self.prot = [False] * NCOLS
            self._dirty = list(_ALL_DIRTY)
        return (flip, old, refill)

    def undo(self, m: ModelMove, rec: Any) -> None:
        src, dst, n = m
        flip, old, refill = rec
        if old is not None:
            self.prot = old
            if self.sp == 0:  # the stock ran out with this move: every flag may change
                self._dirty = list(_ALL_DIRTY)
        if src == STOCK:
            self.sp += 1
            self.waste.pop()
            self._wk = None
            return
        cols = self.cols
        dirty = self._dirty
        if refill:
            self.sp += refill
            cols[src].clear()
            self.down[src] = 0
        if flip:
            self.down[src] += 1
        if dst >= FOUND:
            slot = dst - FOUND
            fnd = self.fnd
            s2 = slot & 6
            b = s2 * 8
            f = b + fnd[slot]
            fnd[slot] -= 1
            to = self._to
            to[b : b + 16] = _NONE16
            to[b + fnd[s2 + 1] + 1] = FOUND + s2 + 1
            to[b + fnd[s2] + 1] = FOUND + s2
        else:
            f = cols[dst].pop()
            dirty.append(dst)
        if src == WASTE:
            self.waste.append(f)
            self._wk = None
        else:
            cols[src].append(f)
            dirty.append(src)

    def moves(self) -> list[ModelMove]:
        """Every move worth trying, best first (as in Forty Thieves, with this game's
        protected cards and empty columns)."""
        cols, prot, down, to = self.cols, self.prot, self.down, self._to
        by_rank: dict[int, list[int]] = {}  # rank+1 -> columns whose top can take it
        empty = -1
        sp = self.sp
        for i in range(NCOLS):
            c = cols[i]
            if c:
                if not prot[i]:
                    k = c[-1] & 15
                    if k in by_rank:
                        by_rank[k].append(i)
                    else:
                        by_rank[k] = [i]
            elif empty < 0 and not sp:
                empty = i
        scored: list[int] = []  # score << 10 | move code (src * 32 + dst)
        add = scored.append
        if self.waste:
            f = self.waste[-1]
            d = to[f]
            if d:
                add(900 << 10 | WASTE * 32 + d)
            k = (f & 15) + 1
            if k in by_rank:
                s = f >> 4
                for j in by_rank[k]:
                    if cols[j][-1] >> 4 != s:
                        add(600 << 10 | WASTE * 32 + j)
            if empty >= 0:
                add(150 << 10 | WASTE * 32 + empty)
        for i in range(NCOLS):
            c = cols[i]
            if not c:
                continue
            f = c[-1]
            d = to[f]
            if prot[i]:
                if d:
                    add(850 << 10 | i * 32 + d)
                continue
            n = len(c)
            if n == 1:
                leave = 300 if not sp else 0
            elif down[i] == n - 1:
                leave = 200  # turns up a card (protected while the stock lasts)
            else:
                below = c[-2]
                if to[below]:
                    leave = 250
                elif (below & 15) == (f & 15) + 1 and below >> 4 != f >> 4:
                    leave = -400
                else:
                    leave = 40 - 8 * n
            if d:
                add(800 + leave << 10 | i * 32 + d)
            k = (f & 15) + 1
            if k in by_rank:
                s = f >> 4
                for j in by_rank[k]:
                    if j != i and cols[j][-1] >> 4 != s:
                        add(400 + leave << 10 | i * 32 + j)
            if empty >= 0 and n > 1:
                add(leave - 100 << 10 | i * 32 + empty)
        if sp:
            add((350 if sp > 20 else 200) << 10 | STOCK * 32 + WASTE)
        scored.sort(reverse=True)
        mv = _IP_MOVES
        return [mv[x & 1023] for x in scored]


MODEL = IndianPatienceModel
