"""A compact copy of one Chinese Patience position as one player sees it, for searching that
player's turn fast.

The rules core (game.core.games.chinese_patience) is the authority; this model has the same move
rules for the player on turn (and the same priorities), on plain lists of small ints, with undo
by tokens. It is read from a state through the public API only (``state.piles()``,
``state.options``, ``state.current_player``, ``state.finished``) and keeps only what that
player can see: the foundations, the columns, the top card of every waste, the turned-up stock
card, and the number of cards in every stock and waste. Every other card is ``HIDDEN``; with
``oracle=True`` (measurement only) the player's own stock and waste are read in full, so its
search runs through its own coming stock cards.

Cards are faces ``suit * 16 + rank`` (``Card.key``; suits S H D C = 0 1 2 3).

Pile codes: 0-3 the columns, ``WASTE`` the player's own waste, ``STOCK`` the player's stock.
A move is ``(source, target, count)``; targets: 0-3 a column, ``FOUND + suit`` the foundation of
that suit (the first empty one for an Ace), ``LOAD + q`` player q's waste, ``OWN`` the player's
own waste, ``TURN`` turning the stock card (source ``STOCK``).
"""

from __future__ import annotations

from collections.abc import Hashable

from game.ai.race.faces import BUILD_ON, HIDDEN, NEIGHBOURS
from game.core import Move
from game.core.games.chinese_patience import ChinesePatience
from game.core.kinds import PileKind

WASTE, STOCK = 4, 5
FOUND, LOAD, OWN, TURN = 10, 20, 30, 40
FOUNDATION, LOADS, TABLEAU, LAST = range(4)  # priority groups, as the core's

PatienceMove = tuple[int, int, int]  # (source, target, count)
# what ``do`` returns for ``undo``: (source, target, count, the cards taken, what the target
# held before: a foundation's next rank, a waste's top face; 0 for a column); for turning the
# stock card, the cards are the waste's top face if the waste was turned over into the stock
Token = tuple[int, int, int, list[int], int]

# a waste top -> the faces loaded onto it: the same suit one rank up or down (NEIGHBOURS), and
# with ``equal_rank_loading`` the same rank of another suit too
LOAD_EQUAL = tuple(
    NEIGHBOURS[k] + tuple(o * 16 + (k & 15) for o in range(4) if o != k >> 4)
    if NEIGHBOURS[k]
    else ()
    for k in range(64)
)

# leaves: where a line of play stops being fully known, or the turn or game ends
LEAF_END, LEAF_TURN, LEAF_REVEAL, LEAF_WIN = 1, 2, 3, 4


class Model:
    """The position as player ``me`` sees it. ``do`` mutates it; ``undo`` restores."""

    __slots__ = (
        "me",
        "n",
        "mode",
        "loads",
        "oracle",
        "fnext",
        "cols",
        "wtop",
        "wn",
        "wlist",
        "sn",
        "slist",
        "up",
        "otop",
        "on",
        "active",
    )
    me: int  # the player on turn, whose position it is
    n: int  # players
    mode: str  # the priorities option
    loads: tuple[tuple[int, ...], ...]  # a waste top -> the faces that may be loaded onto it
    oracle: bool
    fnext: list[int]  # by suit: the rank its foundation takes next (14: full)
    cols: list[list[int]]
    wtop: int  # the face on top of the player's waste (0: empty, HIDDEN: unknown)
    wn: int  # cards in the player's waste
    wlist: list[int]  # the oracle's: the player's waste, bottom to top
    sn: int  # cards in the player's stock
    slist: list[int]  # the oracle's: the player's stock, bottom to top
    up: int  # the turned-up stock card's face (0: none)
    otop: list[int]  # by player: their waste's top face (0: empty, or the player's own)
    on: list[int]  # by player: their cards in stock and waste
    active: list[int]  # the players still in the game

    @classmethod
    def from_state(cls, state: ChinesePatience, oracle: bool = False) -> Model:
        m = cls()
        p = m.me = state.current_player
        m.n = state.player_count
        m.mode = state.options["priorities"]
        m.loads = LOAD_EQUAL if state.options["equal_rank_loading"] else NEIGHBOURS
        m.oracle = oracle
        piles = state.piles()
        m.fnext = [1, 1, 1, 1]
        for i in range(4):
            f = piles[f"foundation{i}"]
            if f:
                top = f[-1][0]
                m.fnext["SHDC".index(top.suit)] = top.rank + 1
        m.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(4)]
        waste = piles[f"waste{p}"]
        m.wn = len(waste)
        m.wtop = waste[-1][0].key if waste else 0
        stock = piles[f"stock{p}"]
        m.sn = len(stock)
        m.up = stock[-1][0].key if stock and stock[-1][1] else 0
        if oracle:
            m.wlist = [c.key for c, _ in waste]
            m.slist = [c.key for c, _ in stock]
        else:
            m.wlist, m.slist = [], []
        m.active = [q for q in range(m.n) if q not in state.finished]
        m.otop = [0] * m.n
        m.on = [0] * m.n
        for q in range(m.n):
            w = piles[f"waste{q}"]
            m.otop[q] = w[-1][0].key if w and q != p else 0
            m.on[q] = len(w) + len(piles[f"stock{q}"])
        return m

    # ------------------------------------------------------------------ what is visible
    def key(self) -> Hashable:
        """Equal for positions that play the same (the columns as a set)."""
        return (
            tuple(sorted(tuple(c) for c in self.cols)),
            tuple(self.fnext),
            self.wtop,
            self.wn,
            self.sn,
            self.up,
            tuple(self.otop),
            tuple(self.on),
        )

    def own(self) -> int:
        return self.sn + self.wn

    def won(self) -> bool:
        return self.sn + self.wn == 0

    def visible(self) -> set[int]:
        """Faces the player sees (or knows are on a foundation)."""
        out = {s * 16 + r for s in range(4) for r in range(1, self.fnext[s])}
        for c in self.cols:
            out.update(c)
        for q in range(self.n):
            if self.otop[q] > 0:
                out.add(self.otop[q])
        if self.wtop > 0:
            out.add(self.wtop)
        if self.up:
            out.add(self.up)
        return out

    def targets(self) -> tuple[set[int], int]:
        """Faces that could be placed now by a stock card, and the number of empty columns."""
        out: set[int] = set()
        for s in range(4):
            if self.fnext[s] <= 13:
                out.add(s * 16 + self.fnext[s])
        empty = 0
        for c in self.cols:
            if c:
                out.update(BUILD_ON[c[-1]])
            else:
                empty += 1
        for q in self.active:
            if q != self.me and self.otop[q] > 0:
                out.update(self.loads[self.otop[q]])
        return out, empty

    # ------------------------------------------------------------------ moves
    def groups(self) -> list[list[PatienceMove]]:
        """The building-legal moves by priority group (as the core's ``_groups``): with a
        turned-up stock card [foundation, loads, tableau, own waste], else [foundation,
        loads, tableau, turn]."""
        cols = self.cols
        fnext = self.fnext
        loads = self.loads
        targets = [q for q in self.active if q != self.me and self.otop[q] > 0]
        empty = next((i for i in range(4) if not cols[i]), -1)
        found: list[PatienceMove]
        ld: list[PatienceMove]
        tab: list[PatienceMove]
        if self.up:
            k = self.up
            found = [(STOCK, FOUND + (k >> 4), 1)] if fnext[k >> 4] == (k & 15) else []
            ld = [(STOCK, LOAD + q, 1) for q in targets if k in loads[self.otop[q]]]
            tab = [(STOCK, i, 1) for i in range(4) if cols[i] and k in BUILD_ON[cols[i][-1]]]
            if empty >= 0:
                tab.append((STOCK, empty, 1))
            return [found, ld, tab, [(STOCK, OWN, 1)]]
        sources = [(i, cols[i][-1]) for i in range(4) if cols[i]]
        if self.wtop > 0:
            sources.append((WASTE, self.wtop))
        found, ld, tab = [], [], []
        for code, k in sources:
            if fnext[k >> 4] == (k & 15):
                found.append((code, FOUND + (k >> 4), 1))
            for q in targets:
                if k in loads[self.otop[q]]:
                    ld.append((code, LOAD + q, 1))
        if self.wtop > 0:
            k = self.wtop
            for i in range(4):
                if cols[i] and k in BUILD_ON[cols[i][-1]]:
                    tab.append((WASTE, i, 1))
            if empty >= 0:
                tab.append((WASTE, empty, 1))
        for i in range(4):
            if cols[i]:
                inner = cols[i][0]
                for j in range(4):
                    if j != i and cols[j] and inner in BUILD_ON[cols[j][-1]]:
                        tab.append((i, j, len(cols[i])))
        turn = [(STOCK, TURN, 1)] if self.sn or self.wn else []
        return [found, ld, tab, turn]

    def moves(self) -> list[PatienceMove]:
        """The legal moves under the priorities (the core's legal_moves, with one empty column
        standing for all)."""
        groups = self.groups()
        if self.mode == "free":
            return [m for g in groups for m in g]
        if self.mode == "standard":
            if self.up and groups[FOUNDATION]:
                return groups[FOUNDATION]
            return [m for g in groups for m in g]
        for g in groups:
            if g:
                return g
        return []

    def leaf_kind(self, move: PatienceMove) -> int:
        """0 if the move keeps the line fully known, else the kind of leaf it makes."""
        src, dst, _ = move
        if dst == OWN:
            return LEAF_END
        if dst == TURN:
            return 0 if self.oracle else LEAF_TURN
        if src == WASTE and self.wn > 1 and not self.oracle:
            return LEAF_REVEAL
        return 0

    # ------------------------------------------------------------------ playing
    def do(self, move: PatienceMove) -> Token:
        """Play ``move``; return the token ``undo`` needs."""
        src, dst, n = move
        if dst == TURN:
            turned: list[int] = []  # the waste's top face, if the waste is turned over
            if self.sn == 0:  # the waste turned over becomes the stock
                self.sn, self.wn = self.wn, 0
                turned = [self.wtop]
                self.wtop = 0
                if self.oracle:
                    self.slist, self.wlist = self.wlist[::-1], []
            self.up = self.slist[-1] if self.oracle else HIDDEN
            return (src, dst, n, turned, 0)
        # take the cards
        if src < 4:
            col = self.cols[src]
            cards = col[-n:]
            del col[-n:]
        elif src == WASTE:
            cards = [self.wtop]
            self.wn -= 1
            if self.oracle:
                self.wlist.pop()
                self.wtop = self.wlist[-1] if self.wlist else 0
            else:
                self.wtop = HIDDEN if self.wn else 0
        else:
            cards = [self.up]
            self.up = 0
            self.sn -= 1
            if self.oracle:
                self.slist.pop()
        # put them down
        old = 0
        if dst < 4:
            self.cols[dst].extend(cards)
        elif dst < LOAD:
            old = self.fnext[dst - FOUND]
            self.fnext[dst - FOUND] = old + 1
        elif dst < OWN:
            q = dst - LOAD
            old = self.otop[q]
            self.otop[q] = cards[0]
            self.on[q] += 1
        else:
            old = self.wtop
            self.wtop = cards[0]
            self.wn += 1
            if self.oracle:
                self.wlist.append(cards[0])
        return (src, dst, n, cards, old)

    def undo(self, token: Token) -> None:
        src, dst, n, cards, old = token
        if dst == TURN:
            self.up = 0
            if cards:  # the waste had been turned over: cards[0] was its top
                self.wn, self.sn = self.sn, 0
                self.wtop = cards[0]
                if self.oracle:
                    self.wlist, self.slist = self.slist[::-1], []
            return
        if dst < 4:
            del self.cols[dst][-n:]
        elif dst < LOAD:
            self.fnext[dst - FOUND] = old
        elif dst < OWN:
            q = dst - LOAD
            self.otop[q] = old
            self.on[q] -= 1
        else:
            self.wtop = old
            self.wn -= 1
            if self.oracle:
                self.wlist.pop()
        if src < 4:
            self.cols[src].extend(cards)
        elif src == WASTE:
            self.wtop = cards[0]
            self.wn += 1
            if self.oracle:
                self.wlist.append(cards[0])
        else:
            self.up = cards[0]
            self.sn += 1
            if self.oracle:
                self.slist.append(cards[0])


_COLUMNS = tuple(f"{PileKind.TABLEAU}{i}" for i in range(4))
_FOUNDATIONS = tuple(f"{PileKind.FOUNDATION}{i}" for i in range(4))


def core_move(move: PatienceMove, state: ChinesePatience, me: int) -> Move:
    """The core's Move for a model move, in ``state`` (the real position it was found for)."""
    src, dst, n = move
    if src < 4:
        source = _COLUMNS[src]
    elif src == WASTE:
        source = f"{PileKind.WASTE}{me}"
    else:
        source = f"{PileKind.STOCK}{me}"
    if dst == TURN:
        return Move(source, source)
    if dst < 4:
        return Move(source, _COLUMNS[dst], n)
    if dst < LOAD:
        suit = "SHDC"[dst - FOUND]
        piles = state.piles()
        name = next((f for f in _FOUNDATIONS if piles[f] and piles[f][-1][0].suit == suit), None)
        if name is None:
            name = next(f for f in _FOUNDATIONS if not piles[f])
        return Move(source, name)
    if dst < OWN:
        return Move(source, f"{PileKind.WASTE}{dst - LOAD}")
    return Move(source, f"{PileKind.WASTE}{me}")
