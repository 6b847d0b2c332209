"""The interface every game's solver model gives the search driver (``SolverModel``, the
registry ``MODELS``, ``register_model``, ``make_model``), and the solver's own compact picture
of a Forty Thieves or Indian Patience position (the other games' models are in
game/ai/solver_<game>.py).

The rules core (game.core) is written to be clear and to explain refusals; a search needs to
make and take back hundreds of thousands of moves a second, so the solver reads the position
once through the core's public API (``piles()``, ``options``, ``is_protected``) and then plays
on small lists of ints. Every line the solver reports is replayed through the core's ``push``
before it is believed (see solver.py), so a difference between the two would show as a
refused move, never as a false "won".

Cards are faces ``suit * 16 + rank`` (``Card.key``): which of the two packs a card comes from
never matters to the play, so the search ignores it.

Piles, as small ints in moves ``(source, target, count)``:
    0..9   the columns (tableau0..9)
    10     the waste
    11     the stock (a move (11, 10, 1) turns a card)
    12..19 foundation slots: suit s has slots 12 + 2s and 13 + 2s (each suit fills exactly two
           of the core's eight foundations, so this is the same game)
"""

from __future__ import annotations

WASTE, STOCK, FOUND = 10, 11, 12
TURN = (STOCK, WASTE, 1)
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
SEP = 255
WASTE_W = 2
EAGER_PROTECTED = False


def face_text(f: int) -> str:
    return "A23456789TJQK"[(f & 15) - 1] + "SHDC"[f >> 4]


_SP = [bytes((i,)) for i in range(256)]
_FLAGS = [b"", b"\x41", b"\x42", b"\x43"]  # column prefix: face-down card, protected


class SolverModel:
    """What the search driver (solver.py) asks of every game's model: a compact copy of a
    position that makes and takes back moves fast. Each game's model lives in its own file
    (``solver_<game>.py``) and registers itself with ``register_model``.

    Moves are triples of small ints ``(source, target, count)`` (each 0..255: they are packed
    as three bytes); what the numbers mean is the model's business, ``to_core`` turns one into
    the core's Move.

    Required: ``won()``, ``on_foundations()``, ``key()`` (canonical bytes: positions that play
    the same may share a key, which merges transpositions), ``snapshot()``/``restore()``
    (the exact position as bytes), ``moves()`` (best first), ``apply(m)`` -> undo record,
    ``undo(m, rec)``, ``autos(log)`` (play the safe automatic moves, appending (move, record)
    pairs; with ``eager`` set, more moves may be played that are not proved safe),
    ``estimate()`` (higher is better), ``to_core(replica, m)``.
    Optional: ``dead()`` (a quick proof that the position is lost), ``relaxed_lost()`` (the
    same, tried once at the root), ``card_at`` etc. for the line shortener when
    ``shorten_lines`` is set.

    Search settings (per game; see Solver): ``shares`` (best-first, restarting) of the budget,
    ``best_first_floor_s``, ``luby_cap``, ``shuffle``, ``guided``, ``guided_after``."""

    game_id = ""
    eager = False
    shares = (0.5, 0.3)
    best_first_floor_s = 0.0
    luby_cap = 1 << 62
    shuffle = 0.25
    guided = 0.0
    guided_after = 0
    shorten_lines = False  # solver_line.shorten knows this model's moves (Forty Thieves, IP)

    def dead(self) -> bool:
        """True only when the position is proved lost by a quick test."""
        return False

    def relaxed_lost(self) -> bool:
        """True only when even a relaxed game from here is lost."""
        return False

    def autos(self, log: list) -> None:
        return None


class Model(SolverModel):
    """Common to both games: columns, waste, stock (fixed order, ``sp`` cards left), and the
    foundation heights ``fnd[slot]``, kept with ``fnd[2s] >= fnd[2s + 1]`` (a card goes to
    the higher slot when both take it), so ``fnd[2s + 1]`` is the lower of suit s. Subclasses add the building rule and move generation."""

    needs_flags = False
    takeback = False
    shorten_lines = True
    # estimate(): penalty per card lying on a card of rank <= (lower slot of its suit +
    # dig_ranks), i.e. on a card the foundations will want soon (measured on 20 deals each:
    # helps Forty Thieves, not Indian Patience)
    dig_weight = 0
    dig_ranks = 6

    def __init__(self, state):
        piles = state.piles()
        self.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(10)]
        self.down = [sum(1 for _, up in piles[f"tableau{i}"] if not up) for i in range(10)]
        self.waste = [c.key for c, _ in piles["waste"]]
        self.stock = tuple(c.key for c, _ in piles["stock"])  # never changes; sp cards left
        self.sp = len(self.stock)
        self.fnd = [0] * 8
        per_suit: dict[int, list[int]] = {s: [] for s in range(4)}
        for i in range(8):
            cards = piles[f"foundation{i}"]
            if cards:
                per_suit[SUIT_INDEX[cards[0][0].suit]].append(len(cards))
        for s, heights in per_suit.items():
            heights += [0] * (2 - len(heights))
            if len(heights) > 2:
                raise ValueError("more than two foundations of one suit")
            self.fnd[2 * s], self.fnd[2 * s + 1] = sorted(heights, reverse=True)
        self.options = dict(state.options)

    # ------------------------------------------------------------------ common
    def won(self) -> bool:
        return sum(self.fnd) == 104

    def on_foundations(self) -> int:
        return sum(self.fnd)

    def key(self) -> bytes:
        """Canonical: column order, and which foundation slot of a suit is which (the slots
        are kept higher-first), ignored."""
        return (bytes(self.fnd) + _SP[self.sp] + bytes(self.waste) + b"\xff"
                + b"\xff".join(sorted(map(bytes, self.cols))))

    def foundation_slot(self, f: int) -> int:
        """The slot that takes face f now, or -1."""
        r = (f & 15) - 1
        s2 = (f >> 4) * 2
        fnd = self.fnd
        if fnd[s2] == r:
            return FOUND + s2
        if fnd[s2 + 1] == r:
            return FOUND + s2 + 1
        return -1

    def card_at(self, src: int) -> int:
        """The face that a move from ``src`` would carry (top card)."""
        if src == WASTE:
            return self.waste[-1]
        if src == STOCK:
            return self.stock[self.sp - 1]
        if src >= FOUND:
            return ((src - FOUND) >> 1) * 16 + self.fnd[src - FOUND]
        return self.cols[src][-1]

    def _eager(self, log: list) -> None:
        """NOT safe: play every card that fits a foundation (not a protected one). Searches
        that use this may find wins faster, but their failure proves nothing."""
        cols, fnd, waste = self.cols, self.fnd, self.waste
        prot = getattr(self, "prot", None)
        found = True
        while found:
            found = False
            if waste:
                f = waste[-1]
                r = (f & 15) - 1
                s2 = (f >> 4) * 2
                if fnd[s2] == r or fnd[s2 + 1] == r:
                    m = (WASTE, FOUND + (s2 if fnd[s2] == r else s2 + 1), 1)
                    log.append((m, self.apply(m)))
                    found = True
                    continue
            for i in range(10):
                c = cols[i]
                if c and not (prot and self.prot[i] and not EAGER_PROTECTED):
                    f = c[-1]
                    r = (f & 15) - 1
                    s2 = (f >> 4) * 2
                    if fnd[s2] == r or fnd[s2 + 1] == r:
                        m = (i, FOUND + (s2 if fnd[s2] == r else s2 + 1), 1)
                        log.append((m, self.apply(m)))
                        found = True
                        break

    def to_core(self, replica, m):
        """The core Move for model move ``m``; ``replica`` (core) and this model both hold
        the position before it."""
        from game.core import Move

        src, dst, n = m
        if src == STOCK:
            return Move("stock", "waste")
        if src == WASTE:
            source = "waste"
        elif src >= FOUND:  # foundation_takeback: the core foundation topped by that face
            face = self.card_at(src)
            piles = replica.piles()
            source = next((f"foundation{j}" for j in range(8) if piles[f"foundation{j}"]
                           and piles[f"foundation{j}"][-1][0].key == face), None)
            if source is None:
                raise ValueError("no foundation card to take back")
        else:
            source = f"tableau{src}"
        if dst >= FOUND:
            for j in range(8):
                mv = Move(source, f"foundation{j}", 1)
                if replica.is_legal(mv):
                    return mv
            raise ValueError(f"no foundation takes the card from {source}")
        return Move(source, f"tableau{dst}", n)

    # ------------------------------------------------------------------ best-first support
    def snapshot(self) -> bytes:
        """The exact position (column order kept) in a few hundred bytes."""
        prot = getattr(self, "prot", None) or (False,) * 10
        return (bytes((self.sp, *self.fnd, *self.down, *prot)) + bytes(self.waste) + b"\xff"
                + b"\xff".join(map(bytes, self.cols)))

    def restore(self, snap: bytes) -> None:
        self.sp = snap[0]
        self.fnd = list(snap[1:9])
        self.down = list(snap[9:19])
        if self.needs_flags:
            self.prot = [bool(x) for x in snap[19:29]]
        parts = snap[29:].split(b"\xff")
        self.waste = list(parts[0])
        self.cols = [list(p) for p in parts[1:]]

    def estimate(self) -> int:
        """How promising the position looks (higher is better), for best-first search and
        for hints: cards on the foundations, empty columns, and how few cards lie out of
        order (on a card they could not be built on), buried in the waste, or on top of a
        card the foundations will soon want."""
        cols = self.cols
        fnd = self.fnd
        dig_w, ranks = self.dig_weight, self.dig_ranks
        soon = [fnd[1] + ranks, fnd[3] + ranks, fnd[5] + ranks, fnd[7] + ranks]
        disorder = 0
        empty = 0
        dig = 0
        build = self.builds_on
        for c in cols:
            n = len(c)
            if not n:
                empty += 1
                continue
            for j in range(1, n):
                if not build(c[j], c[j - 1]):
                    disorder += 1
            if dig_w:
                for j in range(n - 1):
                    f = c[j]
                    if (f & 15) <= soon[f >> 4]:
                        dig += n - 1 - j
        if dig_w:
            w = self.waste
            n = len(w)
            for j in range(n - 1):
                f = w[j]
                if (f & 15) <= soon[f >> 4]:
                    dig += n - 1 - j
        disorder += sum(self.down)
        return (sum(fnd) * 12 + empty * 8 - disorder * 4 - len(self.waste) * WASTE_W
                - dig * dig_w)

    def __str__(self) -> str:
        lines = [f"stock {self.sp} waste {' '.join(map(face_text, self.waste[-8:]))}",
                 f"foundations {self.fnd}"]
        for i, c in enumerate(self.cols):
            d = self.down[i]
            lines.append(f"t{i}: " + " ".join(("#" if j < d else "") + face_text(x)
                                            for j, x in enumerate(c)))
        return "\n".join(lines)


class FortyThievesModel(Model):
    """Build down in suit; an empty column takes any card; options supermove and
    foundation_takeback."""

    game_id = "forty-thieves"
    dig_weight = 1
    options_only_add_moves = True  # a deal winnable without them is winnable with them
    shares = (0.25, 0.55)
    #: with a small budget the best-first search keeps up to half of it (at most this many
    #: seconds): it wins the easy deals, and a 1 s budget needs them
    best_first_floor_s = 1.5

    @staticmethod
    def builds_on(card: int, base: int) -> bool:
        return base == card + 1

    def __init__(self, state):
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
    def autos(self, log: list) -> None:
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
            for i in range(10):
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
        """
        if self.takeback:
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
        for c in cols:
            if not c:
                return False
        fcnt = [0] * 64  # face -> copies in F
        for c in cols:
            for x in c:
                fcnt[x] += 1
        for x in waste:
            fcnt[x] += 1
        gcnt = fcnt[:]  # face -> copies in G
        f = [len(c) for c in cols]
        f.append(len(waste))
        piles = cols + [waste]
        gone = [[] for _ in range(11)]  # per pile: indices out of F but still in G

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
            for p in range(11):
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
                            for q in range(10):
                                if q != p and cols[q][f[q] - 1] == y:
                                    ok = True
                                    break
                    elif r == 12:  # a King is a base only in a column: none can empty
                        y = x + 1
                        ok = False
                        for q in range(10):
                            if q != p and y in cols[q][f[q] - 1:]:
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
                    if not n and p < 10:
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
        call it once, at the start: the dead-end test is cheaper per position, and calling
        this one at every position too did not pay (deals 10001..10040, 10 s: 10 decided
        either way, at 60% of the positions per second; deal 10137: 9% fewer positions to
        its proof at ten times the time; both measured before the face rule was added).
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
                        elif fnd[s2] >= r or fnd[s2 + 1] >= r or (
                                r < 13 and (base[x + 1] or tops[x + 1])):
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
                return sum(fnd) < 104
            sp -= 1
            waste.append(stock[sp])

    def apply(self, m):
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

    def undo(self, m, rec=None) -> None:
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

    def moves(self) -> list:
        """Every move worth trying, best first. Left out, because they can never help: a
        column's only card moved to an empty column (the same position), and every empty
        column but one as a target (they are all alike)."""
        cols, fnd = self.cols, self.fnd
        tops: dict[int, list[int]] = {}
        empty = -1
        nempty = 0
        for i in range(10):
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
        scored = []
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
        for i in range(10):
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
        if self.takeback:  # the top card of each suit's slots (the lower slot if equal)
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
        if self.sp:
            add((350 if self.sp > 20 else 200, TURN))
        scored.sort(reverse=True)
        return [m for _, m in scored]

    def _supermoves(self, tops, empty, nempty, add) -> None:
        cols = self.cols
        for i in range(10):
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
                    if j != i and k <= 2 ** nempty:
                        add((420 + (300 if whole else 0), (i, j, k)))
                if empty >= 0 and not whole and k <= 2 ** (nempty - 1):
                    add((-50, (i, empty, k)))


# Indian Patience moves are single cards: (src, dst, 1) is kept as one preallocated tuple per
# code src * 32 + dst, so that moves() sorts plain ints (score << 10 | code) and builds no
# tuples; the order is the same as sorting (score, move) pairs.
_IP_MOVES = [(c >> 5, c & 31, 1) for c in range(12 * 32)]
_IP_TURN = _IP_MOVES[STOCK * 32 + WASTE]
_ALL_DIRTY = tuple(range(10))
_NONE16 = [0] * 16


class IndianPatienceModel(Model):
    """Build down by any suit but the same; a newly exposed face-down card is protected while
    the stock lasts (only to a foundation, nothing on it); a protected card going up refills
    its column from the stock; empty columns take cards only once the stock is empty.

    For speed the canonical key is built from cached parts: each column's part (flags and
    cards) is rebuilt only after a move changed that column (``_dirty`` lists them), and the
    waste's bytes only after the waste changed (``_wk`` is None then); ``_to[face]`` is the
    foundation slot that takes a face now (FOUND + slot, or 0), as ``foundation_slot``.
    ``apply``, ``undo`` and ``restore`` keep these; nothing else may change the piles."""

    game_id = "indian-patience"
    needs_flags = True
    shares = (0.15, 0.75)
    luby_cap = 2  # the restarting search wins within a few thousand positions of a run
    shuffle = 0.4
    guided = 0.5
    guided_after = 400_000

    @staticmethod
    def builds_on(card: int, base: int) -> bool:
        return (base & 15) == (card & 15) + 1 and base >> 4 != card >> 4

    def __init__(self, state):
        super().__init__(state)
        self.prot = [state.is_protected(f"tableau{i}") for i in range(10)]
        self._forget()
        self.eager = False

    def _forget(self) -> None:
        """Drop every cached key part (after the piles were replaced)."""
        self._ck = [b""] * 10
        self._dirty = list(_ALL_DIRTY)
        self._wk = None
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
        parts = sorted([_FLAGS[d + (2 if p else 0)] + bytes(c)
                        for c, d, p in zip(self.cols, self.down, self.prot)])
        return (bytes(self.fnd) + _SP[self.sp] + bytes(self.waste) + b"\xff"
                + b"\xff".join(parts))

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
        self.autos = self._eager if on else self._safe_autos

    def autos(self, log: list) -> None:  # replaced per instance by the eager setter
        (self._eager if self._eager_on else self._safe_autos)(log)

    def _safe_autos(self, log: list) -> None:
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
            for i in range(10):
                c = cols[i]
                if c:
                    f = c[-1]
                    r = f & 15
                    if (fnd[(f >> 4) * 2 + 1] == r - 1 and (r <= lo or r == 1)
                            and not self.prot[i]
                            and not (self.sp and down[i] and len(c) == down[i] + 1)):
                        m = (i, self.foundation_slot(f), 1)
                        log.append((m, self.apply(m)))
                        found = True
                        break

    def _eager(self, log: list) -> None:
        """Model._eager for this game, faster (same moves in the same order)."""
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
            for i in range(10):
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
        """Model.estimate for this game (no dig term), faster."""
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

    def apply(self, m):
        src, dst, n = m
        if src == STOCK:
            self.sp -= 1
            self.waste.append(self.stock[self.sp])
            self._wk = None
            old = None
            if self.sp == 0 and True in self.prot:
                old = self.prot
                self.prot = [False] * 10
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
            to[b:b + 16] = _NONE16
            to[b + fnd[s2 + 1] + 1] = FOUND + s2 + 1
            to[b + fnd[s2] + 1] = FOUND + s2
        else:
            cols[dst].append(f)
            dirty.append(dst)
        flip = 0
        old = None
        refill = 0
        if src < 10:
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
            self.prot = [False] * 10
            self._dirty = list(_ALL_DIRTY)
        return (flip, old, refill)

    def undo(self, m, rec) -> None:
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
            to[b:b + 16] = _NONE16
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

    def moves(self) -> list:
        """Every move worth trying, best first (as in Forty Thieves, with this game's
        protected cards and empty columns)."""
        cols, prot, down, to = self.cols, self.prot, self.down, self._to
        by_rank: dict[int, list[int]] = {}  # rank+1 -> columns whose top can take it
        empty = -1
        sp = self.sp
        for i in range(10):
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
        scored = []  # score << 10 | move code (src * 32 + dst)
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
        for i in range(10):
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


def _first(item):
    return item[0]


MODELS: dict[str, type] = {}


def register_model(cls) -> type:
    """Declare ``cls`` the solver model of ``cls.game_id`` (a class decorator)."""
    MODELS[cls.game_id] = cls
    return cls


register_model(FortyThievesModel)
register_model(IndianPatienceModel)

_loaded = False


def load_models() -> dict:
    """Every game's model (the modules game/ai/solver_*.py register theirs when imported)."""
    global _loaded
    if not _loaded:
        _loaded = True
        import importlib
        import pkgutil
        package = __name__.rsplit(".", 1)[0]
        for module in pkgutil.iter_modules(importlib.import_module(package).__path__):
            if module.name.startswith("solver_") and module.name not in ("solver_model",
                                                                         "solver_line"):
                importlib.import_module(f"{package}.{module.name}")
    return MODELS


def make_model(state) -> SolverModel:
    model = load_models().get(getattr(state, "game_id", None))
    if model is None:
        raise ValueError(f"the solver plays {', '.join(MODELS)}, not "
                         f"{getattr(state, 'game_id', None)!r}")
    return model(state)
