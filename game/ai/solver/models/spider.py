"""The solver's model of Spider (game/core/games/spider.py), every ``suits`` setting. Like the other
games with face-down cards it plays the actual deal: the face-down cards and the stock's order
are known to it, so its verdicts are about the deal, not about what a player can know.

Piles in moves ``(source, target, count)``: 0..9 the columns; ``(10, 0, 1)`` deals a row (the
core's Move("stock", "tableau0")). Faces are ``suit * 16 + rank``; copies of a face (two to
eight of them) play alike, so the search ignores which card is which.

- A whole run from King down to Ace in one suit goes off by itself (``apply`` does it, as the
  core does), and a face-down card left on top turns up: there is nothing else automatic.
- Canonical key: runs off, stock cards left, the columns (each with its face-down count), as
  a set once the stock is empty. While it is not, the order of the columns matters (a row
  dealt puts given cards on given columns), so it is kept, and every empty column is a target.
- Moves: a run in one suit (any part of it from the top) onto a card one rank higher or into
  an empty column (with the stock gone: the first one, and not a whole column with nothing
  under it, which would give the same position); a row dealt while no column is empty.
- The core also ends a deal after 300 moves in a row that deal nothing, turn nothing up and
  take no run off; the model does not count them (a line that broke that rule would be
  refused by the core's replay, never believed). Leaving the count out only adds lines, so a
  proof of "lost" holds.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from operator import itemgetter

from game.ai.solver.contract import ModelMove, OwnRun, Scored, Shortening, SolverModel
from game.core import GameState, Move
from game.core.games.spider import hopeless

STOCK = 10
DEAL = (STOCK, 0, 1)
_DEAL_CORE = Move("stock", "tableau0")
GUIDED = 0.5
#: a run moved off a parent of its rank also when a card of the rank below could then go
#: onto the card left bare and turn a card up or empty a column (helps 4 suits, not 2)
LAT2 = {2: False, 4: True}
SHARES = {2: (0.5, 0.45), 4: (0.9, 0.05)}
#: the eager estimate's weights: runs off, face-down cards, empty columns, pieces (runs in
#: suit) face up, cards on a parent of their rank, rows dealt
W = (1000, 30, 40, 10, 3, 10)
W2 = (1000, 20, 40, 15, 5, 15)  # another view, for a beam round that differs
#: the beam search's rounds: (width, positions made per stage, positions in the last stage,
#: the estimate's weights)
BEAM_PLAN = (
    (10, 3000, 15000, W),
    (10, 3000, 15000, W2),
    (20, 6000, 40000, W),
    (20, 6000, 40000, W2),
    (40, 12000, 80000, W),
)
GUIDED_AFTER = 20000
#: a run taken off by a move: (column, its cards, whether a card turned up under it)
Off = tuple[int, list[int], int]
#: what the eager moves read of the columns (SpiderModel._top_runs)
TopRuns = tuple[
    list[int], list[int], dict[int, list[int]], dict[int, list[int]], dict[int, list[int]]
]


class SpiderModel(SolverModel):
    game_id = "spider"
    # the restarting depth-first search wins Spider deals (measured on 1-suit deals at 5 s:
    # best-first with 40% of the budget won none of 7, the restarting search each within
    # half a second of its start)
    shares = (0.05, 0.8)
    bench_variants = ({"suits": 4}, {"suits": 2}, {"suits": 1})  # reported apart

    def __init__(self, state: GameState) -> None:
        piles = state.piles()
        self.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(10)]
        self.down = [sum(1 for _, up in piles[f"tableau{i}"] if not up) for i in range(10)]
        self.stock = tuple(c.key for c, _ in piles["stock"])  # dealt from the end
        self.sp = len(self.stock)
        self.fnd = sum(1 for i in range(8) if piles[f"foundation{i}"])
        self.eager = False
        self.suits = state.options.get("suits", 4)
        self.own_search = None
        self.w = W
        if self.suits > 1:
            self.guided = GUIDED
            self.guided_after = GUIDED_AFTER
            self.shares = SHARES[self.suits]
            self.lat2 = LAT2[self.suits]
            self.own_search = self._beam_search
            self.own_search_name = "beam"

    # ------------------------------------------------------------------ basics
    def won(self) -> bool:
        return self.fnd == 8

    def on_foundations(self) -> int:
        if self.suits > 1:  # the guided restarts' measure of progress
            return 100 * self.fnd + 2 * (50 - self.sp) - 5 * sum(self.down)
        return self.fnd * 13

    def key(self) -> bytes:
        down = self.down
        parts = [bytes((down[i],)) + bytes(c) for i, c in enumerate(self.cols)]
        if not self.sp:  # a row dealt puts given cards on given columns: order matters
            parts.sort()
        return bytes((self.fnd, self.sp)) + b"\xff".join(parts)

    def snapshot(self) -> bytes:
        return bytes((self.fnd, self.sp, *self.down)) + b"\xff".join(map(bytes, self.cols))

    def restore(self, snap: bytes) -> None:
        self.fnd, self.sp = snap[0], snap[1]
        self.down = list(snap[2:12])
        self.cols = [list(p) for p in snap[12:].split(b"\xff")]

    # for the line shortener (line.py): what the key may permute, and moves renumbered
    shorten_lines = Shortening.LOOPS

    def layout(self) -> list[Hashable]:
        return [(self.down[i], bytes(c)) for i, c in enumerate(self.cols)]

    @staticmethod
    def remap(m: ModelMove, perm: list[int]) -> ModelMove:
        src, dst, n = m
        return m if src == STOCK else (perm[src], perm[dst], n)

    def relaxed_lost(self) -> bool:
        """The core's proof that no progress can come (a relaxed game, spider.hopeless): then
        the deal, not won, is lost."""
        columns = [(self.down[i] > 0, tuple(c[self.down[i] :])) for i, c in enumerate(self.cols)]
        return hopeless(columns, self.sp > 0)

    # ------------------------------------------------------------------ moves
    def _take_off(self, i: int, log: list[Off]) -> None:
        """A whole run King..Ace in one suit on top of column i goes off (then the card under
        it turns up)."""
        c = self.cols[i]
        n = len(c)
        if n - self.down[i] < 13 or c[-1] & 15 != 1:
            return
        for j in range(n - 1, n - 13, -1):
            if c[j - 1] != c[j] + 1:
                return
        run = c[-13:]
        del c[-13:]
        self.fnd += 1
        flip = 0
        if c and self.down[i] == len(c):
            self.down[i] -= 1
            flip = 1
        log.append((i, run, flip))

    def apply(self, m: ModelMove) -> tuple[int, list[Off]]:
        src, dst, n = m
        cols, down = self.cols, self.down
        offs: list[Off] = []
        if src == STOCK:  # a row: one card onto each column (a hand-built stock's last row
            sp, stock = self.sp, self.stock  # may be short, as in the core)
            dealt = min(10, sp)
            for i in range(dealt):
                sp -= 1
                cols[i].append(stock[sp])
            self.sp = sp
            for i in range(10):
                self._take_off(i, offs)
            return (dealt, offs)
        c = cols[src]
        cols[dst] += c[-n:]
        del c[-n:]
        flip = 0
        if c and down[src] == len(c):
            down[src] -= 1
            flip = 1
        self._take_off(dst, offs)
        return (flip, offs)

    def undo(self, m: ModelMove, rec: tuple[int, list[Off]]) -> None:
        src, dst, n = m
        flip, offs = rec
        cols, down = self.cols, self.down
        for i, run, f in reversed(offs):
            if f:
                down[i] += 1
            cols[i] += run
            self.fnd -= 1
        if src == STOCK:
            for i in range(flip):  # (the row's size)
                cols[i].pop()
            self.sp += flip
            return
        if flip:
            down[src] += 1
        d = cols[dst]
        cols[src] += d[-n:]
        del d[-n:]

    def moves(self) -> list[ModelMove]:
        if self.eager and self.suits > 1:
            return self._eager_moves()
        return self._all_moves()

    def _eager_moves(self) -> list[ModelMove]:
        """NOT every move (for the eager searches only, whose failure proves nothing): with
        two or four suits, the moves that make progress, best first, and the few moves that
        prepare one (a run moved off a parent of its rank only when the card it leaves
        bare can take a card of its suit or its own run can go somewhere useful); a run in
        suit is never split but to take a run off; of targets with the same top card only
        the best."""
        cols, down = self.cols, self.down
        runs, empties, by_face, bottoms, freeing = self._top_runs()
        sp = self.sp
        scored: list[Scored] = []
        add = scored.append
        empty = empties[0] if empties else -1
        for i in range(10):
            r = runs[i]
            if not r:
                continue
            c = cols[i]
            k = len(c)
            d = down[i]
            f = c[-r]
            rest = k - r
            fr = f & 15
            # what the source gains by losing the run
            useful = True
            if rest == 0:
                src = 600
            elif rest == d:
                src = 1000 + 40 * (6 - d)
            else:
                below = c[rest - 1]
                if (below & 15) == fr + 1:  # on a parent of its rank, not its suit
                    src = -200
                    useful = self._prepares(i, rest, below, bottoms, freeing, by_face)
                else:
                    src = 250  # the run leaves a card it did not fit
            # targets: a parent of the run's suit, of its rank, an empty column
            if fr < 13:
                tgt = by_face.get(f + 1)
                if tgt:
                    j = _best_target(tgt, i, runs, down)
                    if j >= 0:
                        sc = src + 700 + 10 * r
                        if runs[j] + r == 13 and c[-1] & 15 == 1:
                            sc += 5000  # a run goes off
                        add((sc, (i, j, r)))
                if useful:
                    for s in range(4):
                        face = s * 16 + fr + 1
                        if face == f + 1:
                            continue
                        tgt = by_face.get(face)
                        if tgt:
                            j = _best_target(tgt, i, runs, down)
                            if j >= 0:
                                add((src + 10 * r, (i, j, r)))
            if empty >= 0 and rest and useful:
                add((src - 500 + r, (i, empty, r)))
            # splitting the run only to take a run off at once (splitting it to bare a card
            # that could take a freeing run was tried: 2 of 16 deals won against 8)
            if r > 1 and c[-1] & 15 == 1:
                for n in range(1, r):
                    g = c[-n]
                    for j in by_face.get(g + 1, ()):
                        if j != i and runs[j] + n == 13:
                            add((9000, (i, j, n)))
        if sp and not empties:
            add((0, DEAL))
        scored.sort(key=itemgetter(0), reverse=True)
        return [m for _, m in scored]

    def _top_runs(self) -> TopRuns:
        """What the eager moves read of the columns: the length of the run in suit on top of
        each (face-up cards only; 0: empty), the empty columns, the columns by their top card
        and by the bottom card of their top run, and the columns by the rank of a top run
        whose move would turn a card up or empty the column."""
        cols, down = self.cols, self.down
        runs = [0] * 10
        empties = []
        by_face: dict[int, list[int]] = {}  # top card -> columns
        for i in range(10):
            c = cols[i]
            k = len(c)
            if not k:
                empties.append(i)
                continue
            t = c[-1]
            n = 1
            lo = down[i]
            while k - n > lo and c[k - n - 1] == c[k - n] + 1:
                n += 1
            runs[i] = n
            if t in by_face:
                by_face[t].append(i)
            else:
                by_face[t] = [i]
        bottoms: dict[int, list[int]] = {}  # the bottom card of each top run -> columns
        for i in range(10):
            if runs[i]:
                b = cols[i][-runs[i]]
                if b in bottoms:
                    bottoms[b].append(i)
                else:
                    bottoms[b] = [i]
        freeing: dict[int, list[int]] = {}  # ranks of the runs that free something -> columns
        for i in range(10):
            r = runs[i]
            if r and len(cols[i]) - r in (0, down[i]):
                fr = cols[i][-r] & 15
                if fr in freeing:
                    freeing[fr].append(i)
                else:
                    freeing[fr] = [i]
        return runs, empties, by_face, bottoms, freeing

    def _prepares(
        self,
        i: int,
        rest: int,
        below: int,
        bottoms: dict[int, list[int]],
        freeing: dict[int, list[int]],
        by_face: dict[int, list[int]],
    ) -> bool:
        """Whether moving the top run of column ``i`` off ``below`` (a parent of its rank, not
        its suit; ``rest`` cards stay) prepares progress: the card left bare could take its
        own child from elsewhere, or (``lat2``) a card of the run's rank whose move frees
        something could go there, or the run under it could go on a parent of its suit or
        turn a card up."""
        for j in bottoms.get(below - 1, ()):
            if j != i:
                return True
        if self.lat2:
            for j in freeing.get((below & 15) - 1, ()):
                if j != i:
                    return True
        c, d = self.cols[i], self.down[i]
        m = rest - 1
        while m > d and c[m - 1] == c[m] + 1:
            m -= 1
        return m == d or bool(by_face.get(c[m] + 1))

    def _all_moves(self) -> list[ModelMove]:
        """Every move worth trying, best first: moves that turn up a card or empty a column,
        runs joined in suit, then the rest; breaking a run in suit comes last."""
        cols, down = self.cols, self.down
        by_rank: dict[int, list[int]] = {}  # rank -> columns whose top card has it
        empties = []
        for i in range(10):
            c = cols[i]
            if c:
                r = c[-1] & 15
                if r in by_rank:
                    by_rank[r].append(i)
                else:
                    by_rank[r] = [i]
            else:
                empties.append(i)
        sp = self.sp
        if empties and not sp:  # with the stock gone the columns are alike: one will do
            empties = empties[:1]
        scored: list[Scored] = []
        add = scored.append
        for i in range(10):
            c = cols[i]
            k = len(c)
            up = k - down[i]
            if up <= 0:
                continue
            n = 1
            while True:
                f = c[-n]
                rest = k - n  # cards left under the run
                if rest == 0:
                    leave = 300
                elif rest == down[i]:
                    leave = 500 + 10 * (10 - rest)
                elif c[rest - 1] == f + 1:
                    leave = -600  # breaks a run in suit
                elif (c[rest - 1] & 15) == (f & 15) + 1:
                    leave = -100  # leaves a run down in rank
                else:
                    leave = 100
                for j in by_rank.get((f & 15) + 1, ()):
                    if j != i:
                        add((leave + (400 if cols[j][-1] == f + 1 else 0) + n, (i, j, n)))
                if rest or sp:
                    for j in empties:
                        add((leave - 200 + n, (i, j, n)))
                if n == up or c[-n - 1] != f + 1:
                    break
                n += 1
        if sp and not empties:
            add((-50, DEAL))
        scored.sort(key=itemgetter(0), reverse=True)
        return [m for _, m in scored]

    def estimate(self) -> int:
        if self.eager and self.suits > 1:
            return self._eager_estimate()
        return self._estimate()

    def _eager_estimate(self) -> int:
        """Runs off, face-down cards, empty columns, rows dealt, and how many pieces the
        face-up cards make (each run in suit moves as one; a card on a parent of its rank
        only counts a little)."""
        w = self.w
        score = self.fnd * w[0] - sum(self.down) * w[1] + (50 - self.sp) * w[5]
        for i, c in enumerate(self.cols):
            n = len(c)
            if not n:
                score += w[2]
                continue
            d = self.down[i]
            pieces = 1
            ranked = 0
            for j in range(d + 1, n):
                a, b = c[j - 1], c[j]
                if a != b + 1:
                    pieces += 1
                    if (a & 15) == (b & 15) + 1:
                        ranked += 1
            score += ranked * w[4] - pieces * w[3]
        return score

    def _estimate(self) -> int:
        """Runs off, face-down cards, empty columns, and how well the face-up cards are
        ordered (in suit, in rank only, or not at all)."""
        score = self.fnd * 300 - sum(self.down) * 12
        for i, c in enumerate(self.cols):
            n = len(c)
            if not n:
                score += 25
                continue
            for j in range(self.down[i] + 1, n):
                a, b = c[j - 1], c[j]
                if a == b + 1:
                    score += 3
                elif (a & 15) != (b & 15) + 1:
                    score -= 6
        return score

    # ------------------------------------------------------------------ beam search
    def _beam_search(self, root: bytes) -> OwnRun:
        """The first search for 2 and 4 suits (solver.Solver._own_search): a beam search by
        stages, each stage the play between two rows dealt. From the positions kept at the
        end of the last stage, a best-first search (by the eager estimate, eager moves, no
        row dealt) makes a few thousand positions; every one of them with no empty column
        could deal the next row, and the ``width`` best of those after the row is dealt
        (the cards it brings are known) are the next stage's start. After the last row a
        longer best-first search looks for the win. Rounds of growing width follow each
        other (BEAM_PLAN). A generator: yields the positions made since its last yield,
        returns the model moves of a win or None. Proves nothing (eager moves)."""
        for width, stage, final, weights in BEAM_PLAN:
            self.w = weights
            line = yield from self._beam(root, width, stage, final)
            if line is not None:
                return line
        self.restore(root)
        self.w = W
        return None

    def _beam(self, root: bytes, width: int, stage_nodes: int, final_nodes: int) -> OwnRun:
        restore, snapshot, key, estimate = self.restore, self.snapshot, self.key, self.estimate
        apply, undo, moves, won = self.apply, self.undo, self.moves, self.won
        parent = [-1]
        via = [DEAL]  # the move into each position (the root's is never read)

        def line_of(n: int, *tail: ModelMove) -> list[ModelMove]:
            out = list(tail)
            while n > 0:
                out.append(via[n])
                n = parent[n]
            out.reverse()
            return out

        beam = [(0, root)]
        made = 0
        heappush, heappop = heapq.heappush, heapq.heappop
        while True:
            seen = set()
            heap: list[tuple[int, int, bytes]] = []
            final = False
            for node, snap in beam:
                restore(snap)
                k = key()
                if k not in seen:
                    seen.add(k)
                    heap.append((-estimate(), -node, snap))
                final = self.sp == 0
            heapq.heapify(heap)
            limit = final_nodes if final else stage_nodes
            cands = []
            expanded = 0
            while heap and expanded < limit:
                _, node, snap = heappop(heap)
                node = -node
                restore(snap)
                expanded += 1
                if not final and all(self.cols):
                    rec = apply(DEAL)
                    made += 1
                    if won():
                        return line_of(node, DEAL)
                    cands.append((estimate(), node, snapshot()))
                    undo(DEAL, rec)
                for m in moves():
                    if m[0] == STOCK:
                        continue
                    rec = apply(m)
                    made += 1
                    if won():
                        return line_of(node, m)
                    k = key()
                    if k not in seen:
                        seen.add(k)
                        child = len(parent)
                        parent.append(node)
                        via.append(m)
                        heappush(heap, (-estimate(), -child, snapshot()))
                    undo(m, rec)
                if made >= 64:
                    yield made
                    made = 0
            if final or not cands:
                if made:
                    yield made
                return None
            cands.sort(key=itemgetter(0), reverse=True)
            beam = []
            chosen = set()
            for _, node, snap in cands:
                restore(snap)
                k = key()
                if k in chosen:  # the same position dealt from two others
                    continue
                chosen.add(k)
                parent.append(node)
                via.append(DEAL)
                beam.append((len(parent) - 1, snap))
                if len(beam) >= width:
                    break

    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        src, dst, n = m
        if src == STOCK:
            return _DEAL_CORE
        return Move(f"tableau{src}", f"tableau{dst}", n)


def _best_target(cands: list[int], i: int, runs: list[int], down: list[int]) -> int:
    """Of columns with the same top card, the one to build on (not ``i``): the longest run
    in suit on top, then the fewest face-down cards."""
    best, bq = -1, -1 << 30
    for j in cands:
        if j != i:
            q = runs[j] * 16 - down[j]
            if q > bq:
                best, bq = j, q
    return best


MODEL = SpiderModel
