"""The solver's model of Forty Thieves (game/core/games/forty_thieves.py), every option: ten
columns building down in suit, a waste, a stock turned one card at a time, two packs (the
column-game machinery is columns.ColumnGameModel; piles as numbered there). Like the
other games with hidden cards it plays the actual deal: the stock's order is known to it, so
its verdicts are about the deal, not about what a player can know.

- Safe automatic moves (``autos``), a dead-end test (``dead``: some card can never leave its
  pile) and a relaxed game in the stock's order (``relaxed_lost``) are proved below; see also
  docs/solver.md.
"""

from __future__ import annotations

from typing import Any

from game.ai.solver.columns import FOUND, STOCK, TURN, WASTE, ColumnGameModel
from game.ai.solver.contract import AddMove, ModelMove, Scored
from game.core.solitaire import Solitaire

NCOLS = 10


class FortyThievesModel(ColumnGameModel):
    """Build down in suit; an empty column takes any card; options supermove and
    foundation_takeback."""

    game_id = "forty-thieves"
    columns, cards = NCOLS, 104
    dig_weight = 1
    options_only_add_moves = True  # a deal winnable without them is winnable with them
    shares = (0.25, 0.55)
    #: with a small budget the best-first search keeps up to half of it (at most this many
    #: seconds): it wins the easy deals, and a 1 s budget needs them
    best_first_floor_s = 1.5

    @staticmethod
    def builds_on(card: int, base: int) -> bool:
        return base == card + 1

    def __init__(self, state: Solitaire) -> None:
        super().__init__(state)
        self.supermove = bool(self.options.get("supermove"))
        self.takeback = bool(self.options.get("foundation_takeback"))
        # face -> the lowest index of a copy in the stock (64 if none): a copy is still in the
        # stock while that index is below sp (for dead()'s quick exits)
        self.stock_first = [64] * 64
        for i, f in enumerate(self.stock):
            self.stock_first[f] = min(self.stock_first[f], i)

    # A card may go to a foundation by itself, with no loss, when nothing will ever want to
    # be built on it (both cards one rank lower of its suit are already on the foundations)
    # and the other card of the same face can still follow it (the other slot of the suit is
    # at least one lower). With the slots kept higher-first that is exactly: the lower slot of
    # its suit is one below it. With foundation_takeback a foundation card can come back as a
    # base, so only Aces and Twos go by themselves then.
    def autos(self, log: list[tuple[ModelMove, Any]]) -> None:
        """Play every safe foundation move (appending (move, undo) pairs to log)."""
        cols, fnd, waste = self.cols, self.fnd, self.waste
        top_rank = 2 if self.takeback else 13
        if self.eager:
            return self._eager(log)
        found = True
        while found:
            found = False
            if waste:
                f = waste[-1]
                r = f & 15
                if fnd[(f >> 4) * 2 + 1] == r - 1 and r <= top_rank:
                    m = (WASTE, self.foundation_slot(f), 1)
                    log.append((m, self.apply(m)))
                    found = True
                    continue
            for i in range(NCOLS):
                c = cols[i]
                if c:
                    f = c[-1]
                    r = f & 15
                    if fnd[(f >> 4) * 2 + 1] == r - 1 and r <= top_rank:
                        m = (i, self.foundation_slot(f), 1)
                        log.append((m, self.apply(m)))
                        found = True

    def dead(self) -> bool:
        """A proof that the position is lost: some card can never leave its pile.

        Two sets of cards (of the columns and the waste; stock cards belong to neither) are
        shrunk together from "all of them" until nothing changes:
        F, cards that never leave their pile, and G (holding F), cards that never reach the
        foundations. A card leaves G when it is out of F and its foundation could be reached
        (for every rank the slot it would go to still needs, a copy is neither in G nor
        already up). A card leaves F when no card of F lies on it and either its foundation
        could be reached, or a copy of the card one higher of its suit could be a column top
        for it (not on the foundations, and not in F, or in F but the highest card of F in
        another column; a King only when it is in another column already, since no column
        empties while this runs and a King goes nowhere else), or some column could become
        empty (no card of F in it).
        At the end, by induction on time, the first card of F to leave its pile or of G to
        reach the foundations would have needed one of those, each barred while the others
        stay put: so F stays in place forever. If every column still holds a card of F, the
        game is lost; as soon as a column can empty, every card can leave: not dead.
        Without foundation_takeback only (cards never come back); supermove changes
        nothing (a supermove is a sequence of single moves through empty columns).

        Quick exits first, with the same answer as the shrinking would give: a column is empty,
        or holds one card that could go now to its foundation, onto the top card of another
        column, or onto a copy of the card one higher still in the stock (not a Queen: a King
        from the stock never gets into a column while none is empty), so it can empty.

        Asked only by the exact search: with ``eager`` set (the two searches that look for
        wins) it answers False at once. Saying nothing is always sound, and there the test
        cost more than the dead subtrees it cut (2026-11-29, CPU time, deals 10001..10060:
        the restarting search alone, 2 s each, won 8 at 98,000 positions a second with it and
        12 at 143,000 without it; best-first alone, 1.5 s, 13 either way, 74,000 -> 89,000 a
        second; the whole solver at 5 s, 17 -> 18 decided, 96,000 -> 125,000 a second).
        """
        if self.takeback or self.eager:
            return False
        cols, fnd = self.cols, self.fnd
        for c in cols:
            if not c:
                return False
        sp, first = self.sp, self.stock_first
        for c in cols:
            if len(c) == 1:
                x = c[0]
                r = x & 15
                s2 = (x >> 4) * 2
                if fnd[s2] == r - 1 or fnd[s2 + 1] == r - 1:
                    return False
                if r < 13:
                    y = x + 1
                    if r < 12 and first[y] < sp:
                        return False
                    for d in cols:
                        if d[-1] == y:
                            return False
        return self.stuck()

    def stuck(self) -> bool:
        """The shrinking of F and G itself: dead() without its quick exits."""
        cols, fnd, waste = self.cols, self.fnd, self.waste
        if not all(cols):
            return False
        fcnt = _face_counts(cols, waste)  # face -> copies in F
        gcnt = fcnt[:]  # face -> copies in G
        f = [len(c) for c in cols]
        f.append(len(waste))
        piles = cols + [waste]
        gone: list[list[int]] = [
            [] for _ in range(NCOLS + 1)
        ]  # per pile: indices out of F but still in G

        def reach(x: int) -> bool:  # could its foundation slot come up to it?
            r = x & 15
            s2 = (x >> 4) * 2
            hi = fnd[s2]
            if hi < r:  # the higher slot: both copies of ranks hi+1 .. r-1 are out
                for k in range(x - r + hi + 1, x):
                    if gcnt[k] >= 2:
                        return False
                return True
            for k in range(x - r + fnd[s2 + 1] + 1, x):  # the lower slot: the other copy
                if gcnt[k]:
                    return False
            return True

        changed = True
        while changed:
            changed = False
            for p in range(NCOLS + 1):
                pile = piles[p]
                g = gone[p]
                if g:
                    keep = []
                    for i in g:
                        x = pile[i]
                        if reach(x):
                            gcnt[x] -= 1
                            changed = True
                        else:
                            keep.append(i)
                    gone[p] = keep
                n = f[p]
                while n:
                    x = pile[n - 1]
                    r = x & 15
                    if reach(x):
                        ok = True
                    elif r < 12:
                        y = x + 1
                        s2 = (x >> 4) * 2
                        ok = (fnd[s2] > r) + (fnd[s2 + 1] > r) + fcnt[y] < 2
                        if not ok:
                            for q in range(NCOLS):
                                if q != p and cols[q][f[q] - 1] == y:
                                    ok = True
                                    break
                    elif r == 12:  # a King is a base only in a column: none can empty
                        y = x + 1
                        ok = False
                        for q in range(NCOLS):
                            if q != p and y in cols[q][f[q] - 1 :]:
                                ok = True
                                break
                    else:
                        ok = False
                    if not ok:
                        break
                    n -= 1
                    fcnt[x] -= 1
                    gone[p].append(n)
                    changed = True
                if n != f[p]:
                    if not n and p < NCOLS:
                        return False  # a column can empty: every card can leave
                    f[p] = n
        return True

    def relaxed_lost(self) -> bool:
        """A proof that the position is lost that follows the stock's order: even a relaxed
        game, easier than the real one, cannot be won.

        In the relaxed game a card that leaves its pile (a column or the waste) stays available
        for ever: for its foundation, and as a base for the card one lower of its suit (even
        after it went on to its foundation); and once a column has emptied, every card may
        leave. A card leaves the top of its pile when it fits a foundation, when a copy of its
        face is on a foundation already, or when a base is there (a copy of the card one higher
        of its suit that has left its pile, or is another column's top card). Every real line
        of play is matched by the relaxed game, which has always taken at least the same cards
        off each pile: a real base is a column's top card, so it is either what is left on top
        of that column from this position or a card moved since (which has left its pile); the
        relaxed game's foundations are at least as high (it sends every card home as soon as it
        fits, which gets each slot as high as the cards off their piles allow), so when a real
        card fits a foundation the relaxed one either has that slot too or has sent the other
        copy of the card's face there instead (hence that rule). So if the relaxed game is
        lost, so is the real one. The relaxed game never takes a possibility away (nothing
        covers a base, nothing leaves a foundation), so its best play is every move it can
        make before each turn of the stock: that one line decides it. Lost when, after the
        last stock card, some card is not on a foundation and no column could empty. Without
        foundation_takeback only (with it a card could come back). About 0.2 ms; the searches
        call it once, at the start (calling it more often did not pay, nor did a stronger
        relaxed game: measured in docs/solver.md).
        """
        if self.takeback:
            return False
        fnd = self.fnd[:]
        base = [False] * 64  # faces of which a copy has left its pile (since this position)
        free = [0] * 64  # cards that have left their piles, not yet on a foundation
        cols = [c[:] for c in self.cols]
        waste = self.waste[:]
        stock, sp = self.stock, self.sp
        piles = cols + [waste]
        while True:
            progress = True
            while progress:
                progress = False
                tops = [False] * 64
                for c in cols:
                    if not c:
                        return False  # a column empties: every card can leave
                    tops[c[-1]] = True
                for p in piles:
                    while p:
                        x = p[-1]
                        r = x & 15
                        s2 = (x >> 4) * 2
                        if fnd[s2] == r - 1:
                            fnd[s2] = r
                        elif fnd[s2 + 1] == r - 1:
                            fnd[s2 + 1] = r
                        elif (
                            fnd[s2] >= r
                            or fnd[s2 + 1] >= r
                            or (r < 13 and (base[x + 1] or tops[x + 1]))
                        ):
                            free[x] += 1
                        else:
                            break
                        base[x] = True
                        p.pop()
                        progress = True
                for s2 in range(0, 8, 2):  # cards that left their piles go home in order
                    while True:
                        if free[s2 * 8 + fnd[s2] + 1]:
                            free[s2 * 8 + fnd[s2] + 1] -= 1
                            fnd[s2] += 1
                        elif free[s2 * 8 + fnd[s2 + 1] + 1]:
                            free[s2 * 8 + fnd[s2 + 1] + 1] -= 1
                            fnd[s2 + 1] += 1
                        else:
                            break
                        progress = True
            if not sp:
                return sum(fnd) < self.cards
            sp -= 1
            waste.append(stock[sp])

    def apply(self, m: ModelMove) -> ModelMove:
        src, dst, n = m
        if src == STOCK:
            self.sp -= 1
            self.waste.append(self.stock[self.sp])
            return m
        if src == WASTE:
            f = self.waste.pop()
        elif src >= FOUND:
            f = ((src - FOUND) >> 1) * 16 + self.fnd[src - FOUND]
            self.fnd[src - FOUND] -= 1
        elif n == 1:
            f = self.cols[src].pop()
        else:
            c = self.cols[src]
            self.cols[dst].extend(c[-n:])
            del c[-n:]
            return m
        if dst >= FOUND:
            self.fnd[dst - FOUND] += 1
        else:
            self.cols[dst].append(f)
        return m

    def undo(self, m: ModelMove, rec: Any = None) -> None:
        src, dst, n = m
        if src == STOCK:
            self.sp += 1
            self.waste.pop()
            return
        if dst >= FOUND:
            f = ((dst - FOUND) >> 1) * 16 + self.fnd[dst - FOUND]
            self.fnd[dst - FOUND] -= 1
        elif n == 1:
            f = self.cols[dst].pop()
        else:
            c = self.cols[dst]
            self.cols[src].extend(c[-n:])
            del c[-n:]
            return
        if src == WASTE:
            self.waste.append(f)
        elif src >= FOUND:
            self.fnd[src - FOUND] += 1
        else:
            self.cols[src].append(f)

    def moves(self) -> list[ModelMove]:
        """Every move worth trying, best first. Left out, because they can never help: a
        column's only card moved to an empty column (the same position), and every empty
        column but one as a target (they are all alike)."""
        cols, fnd = self.cols, self.fnd
        tops: dict[int, list[int]] = {}
        empty = -1
        nempty = 0
        for i in range(NCOLS):
            c = cols[i]
            if c:
                t = c[-1]
                if t in tops:
                    tops[t].append(i)
                else:
                    tops[t] = [i]
            else:
                nempty += 1
                if empty < 0:
                    empty = i
        scored: list[Scored] = []
        add = scored.append
        if self.waste:
            f = self.waste[-1]
            r = (f & 15) - 1
            s2 = (f >> 4) * 2
            if fnd[s2] == r:
                add((900, (WASTE, FOUND + s2, 1)))
            elif fnd[s2 + 1] == r:
                add((900, (WASTE, FOUND + s2 + 1, 1)))
            for j in tops.get(f + 1, ()):
                add((600, (WASTE, j, 1)))
            if empty >= 0:
                add((150, (WASTE, empty, 1)))
        for i in range(NCOLS):
            c = cols[i]
            if not c:
                continue
            f = c[-1]
            n = len(c)
            r = (f & 15) - 1
            s2 = (f >> 4) * 2
            below = c[-2] if n > 1 else -1
            # what leaving this column is worth: an emptied column, or a newly playable card
            if n == 1:
                leave = 300
            else:
                br = (below & 15) - 1
                bs2 = (below >> 4) * 2
                if fnd[bs2] == br or fnd[bs2 + 1] == br:
                    leave = 250
                elif below == f + 1:
                    leave = -400  # breaking a run in suit only moves it
                else:
                    leave = 40 - 8 * n
            if fnd[s2] == r:
                add((800 + leave, (i, FOUND + s2, 1)))
            elif fnd[s2 + 1] == r:
                add((800 + leave, (i, FOUND + s2 + 1, 1)))
            for j in tops.get(f + 1, ()):
                if j != i:
                    add((400 + leave, (i, j, 1)))
            if empty >= 0 and n > 1:
                add((100 + leave - 200, (i, empty, 1)))
        if self.supermove:
            self._supermoves(tops, empty, nempty, add)
        if self.takeback:
            self._takebacks(tops, empty, add)
        if self.sp:
            add((350 if self.sp > 20 else 200, TURN))
        scored.sort(reverse=True)
        return [m for _, m in scored]

    def _takebacks(self, tops: dict[int, list[int]], empty: int, add: AddMove) -> None:
        """foundation_takeback: the top card of each suit's slots (the lower slot if equal)
        onto a column."""
        fnd = self.fnd
        for s in range(4):
            a, b = fnd[2 * s], fnd[2 * s + 1]
            for slot, h in (((2 * s if a > b else 2 * s + 1), a), (2 * s + 1, b)):
                if h == 0 or (slot == 2 * s + 1 and h == a and a != b):
                    continue
                f = s * 16 + h
                for j in tops.get(f + 1, ()):
                    add((-100, (FOUND + slot, j, 1)))
                if empty >= 0:
                    add((-300, (FOUND + slot, empty, 1)))
                if a == b:
                    break

    def _supermoves(
        self, tops: dict[int, list[int]], empty: int, nempty: int, add: AddMove
    ) -> None:
        cols = self.cols
        for i in range(NCOLS):
            c = cols[i]
            n = len(c)
            length = 1
            while length < n and c[-length - 1] == c[-length] + 1:
                length += 1
            if length < 2:
                continue
            for k in range(2, length + 1):
                f = c[-k]
                whole = k == n
                for j in tops.get(f + 1, ()):
                    if j != i and k <= 2**nempty:
                        add((420 + (300 if whole else 0), (i, j, k)))
                if empty >= 0 and not whole and k <= 2 ** (nempty - 1):
                    add((-50, (i, empty, k)))


def _face_counts(cols: list[list[int]], waste: list[int]) -> list[int]:
    """face -> copies in the columns and the waste."""
    counts = [0] * 64
    for c in cols:
        for x in c:
            counts[x] += 1
    for x in waste:
        counts[x] += 1
    return counts


MODEL = FortyThievesModel
