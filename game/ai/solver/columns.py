"""Shared machinery for column games with a waste and a stock (not a model itself; the
contract is contract.py): ``ColumnGameModel``, the solver's compact picture of a position
with ``columns`` columns (at most 10), a waste, a stock in fixed order dealt one card at a
time onto the waste, and two foundation slots per suit (two packs: ``cards`` is 104). Forty
Thieves (models/forty_thieves.py) and Indian Patience (models/indian_patience.py) subclass it
with their building rule and move generation.

Cards are faces ``suit * 16 + rank`` (``Card.key``): which of the two packs a card comes from
never matters to the play, so the search ignores it.

Piles, as small ints in moves ``(source, target, count)``:
    0..columns-1  the columns (tableau0..)
    10            the waste
    11            the stock (a move (11, 10, 1) turns a card)
    12..19        foundation slots: suit s has slots 12 + 2s and 13 + 2s (each suit fills
                  exactly two of the core's eight foundations, so this is the same game)
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable
from typing import Any

from game.ai.solver.contract import ModelMove, Shortening, SolverModel
from game.ai.solver.foundations import suit_heights, to_foundation
from game.core import GameState, Move
from game.core.solitaire import Solitaire

WASTE, STOCK, FOUND = 10, 11, 12
TURN = (STOCK, WASTE, 1)
WASTE_W = 2
EAGER_PROTECTED = False


def face_text(f: int) -> str:
    return "A23456789TJQK"[(f & 15) - 1] + "SHDC"[f >> 4]


_SP = [bytes((i,)) for i in range(256)]


class ColumnGameModel(SolverModel):
    """Columns, a waste, a stock (fixed order, ``sp`` cards left), and the foundation heights
    ``fnd[slot]``, kept with ``fnd[2s] >= fnd[2s + 1]`` (a card goes to the higher slot when
    both take it), so ``fnd[2s + 1]`` is the lower of suit s.

    A subclass gives its game's shape, ``columns`` (at most 10) and ``cards`` (104: two
    packs), checked against the core state; the building rule ``builds_on(card, base)``;
    ``moves``, ``apply``, ``undo``, ``autos`` (the base's ``_eager`` plays every foundation
    move, for the eager searches); and, for a game with protected columns, ``prot`` (a flag
    per column) with ``needs_flags`` set. Everything else of the contract is here: key,
    snapshot and restore, the estimate, to_core, and what the line shortener needs (all
    three of its passes: ``shorten_lines`` is ``Shortening.ALL``)."""

    #: the game's shape: how many columns (tableau0..), how many cards in all
    columns: int = 0
    cards: int = 0
    needs_flags = False  # snapshots keep the protected flags (``prot``)
    #: per column, protected (only to a foundation, nothing on it), or None: no such rule
    prot: list[bool] | None = None
    takeback = False
    shorten_lines = Shortening.ALL
    # estimate(): penalty per card lying on a card of rank <= (lower slot of its suit +
    # dig_ranks), i.e. on a card the foundations will want soon (measured on 20 deals each:
    # helps Forty Thieves, not Indian Patience)
    dig_weight = 0
    dig_ranks = 6

    def __init__(self, state: Solitaire) -> None:
        piles = state.piles()
        n = self.columns
        if len(state.tableau) != n or len(state.CARDS) != self.cards:
            raise ValueError(
                f"{type(self).__name__} plays {n} columns and {self.cards} "
                f"cards, not {len(state.tableau)} and {len(state.CARDS)}"
            )
        self.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(n)]
        self.down = [sum(1 for _, up in piles[f"tableau{i}"] if not up) for i in range(n)]
        self.waste = [c.key for c, _ in piles["waste"]]
        self.stock = tuple(c.key for c, _ in piles["stock"])  # never changes; sp cards left
        self.sp = len(self.stock)
        self.fnd = suit_heights((state.pile[f"foundation{i}"].cards for i in range(8)), 2)
        self.options = dict(state.options)

    @staticmethod
    @abstractmethod
    def builds_on(card: int, base: int) -> bool:
        """May ``card`` go on ``base`` in a column? (the game's building rule)"""
        raise NotImplementedError

    # ------------------------------------------------------------------ common
    def won(self) -> bool:
        return sum(self.fnd) == self.cards

    def on_foundations(self) -> int:
        return sum(self.fnd)

    def key(self) -> bytes:
        """Canonical: column order, and which foundation slot of a suit is which (the slots
        are kept higher-first), ignored."""
        return (
            bytes(self.fnd)
            + _SP[self.sp]
            + bytes(self.waste)
            + b"\xff"
            + b"\xff".join(sorted(map(bytes, self.cols)))
        )

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

    def _eager(self, log: list[tuple[ModelMove, Any]]) -> None:
        """NOT safe: play every card that fits a foundation (not a protected one). Searches
        that use this may find wins faster, but their failure proves nothing."""
        cols, fnd, waste = self.cols, self.fnd, self.waste
        prot = self.prot
        flags = prot or ()
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
            for i in range(self.columns):
                c = cols[i]
                if c and not (prot and flags[i] and not EAGER_PROTECTED):
                    f = c[-1]
                    r = (f & 15) - 1
                    s2 = (f >> 4) * 2
                    if fnd[s2] == r or fnd[s2 + 1] == r:
                        m = (i, FOUND + (s2 if fnd[s2] == r else s2 + 1), 1)
                        log.append((m, self.apply(m)))
                        found = True
                        break

    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        """The core Move for model move ``m``; ``replica`` (core) and this model both hold
        the position before it."""
        src, dst, n = m
        if src == STOCK:
            return Move("stock", "waste")
        if src == WASTE:
            source = "waste"
        elif src >= FOUND:  # foundation_takeback: the core foundation topped by that face
            face = self.card_at(src)
            piles = replica.piles()
            topped = [
                f"foundation{j}"
                for j in range(8)
                if piles[f"foundation{j}"] and piles[f"foundation{j}"][-1][0].key == face
            ]
            if not topped:
                raise ValueError("no foundation card to take back")
            source = topped[0]
        else:
            source = f"tableau{src}"
        if dst >= FOUND:
            return to_foundation(replica, source, 2)
        return Move(source, f"tableau{dst}", n)

    # ------------------------------------------------------------------ the line shortener
    def layout(self) -> list[Hashable]:
        """Each column as (face-down cards, protected, cards): what the key permutes."""
        prot = self.prot or (False,) * self.columns
        return [(self.down[i], bool(prot[i]), bytes(self.cols[i])) for i in range(self.columns)]

    def remap(self, m: ModelMove, perm: list[int]) -> ModelMove:
        src, dst, n = m
        cols = self.columns
        return (perm[src] if src < cols else src, perm[dst] if dst < cols else dst, n)

    # ------------------------------------------------------------------ best-first support
    def snapshot(self) -> bytes:
        """The exact position (column order kept) in a few hundred bytes."""
        prot = self.prot or (False,) * self.columns
        return (
            bytes((self.sp, *self.fnd, *self.down, *prot))
            + bytes(self.waste)
            + b"\xff"
            + b"\xff".join(map(bytes, self.cols))
        )

    def restore(self, snap: bytes) -> None:
        n = self.columns
        self.sp = snap[0]
        self.fnd = list(snap[1:9])
        self.down = list(snap[9 : 9 + n])
        if self.needs_flags:
            self.prot = [bool(x) for x in snap[9 + n : 9 + 2 * n]]
        parts = snap[9 + 2 * n :].split(b"\xff")
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
        return sum(fnd) * 12 + empty * 8 - disorder * 4 - len(self.waste) * WASTE_W - dig * dig_w

    def __str__(self) -> str:
        lines = [
            f"stock {self.sp} waste {' '.join(map(face_text, self.waste[-8:]))}",
            f"foundations {self.fnd}",
        ]
        for i, c in enumerate(self.cols):
            d = self.down[i]
            lines.append(
                f"t{i}: " + " ".join(("#" if j < d else "") + face_text(x) for j, x in enumerate(c))
            )
        return "\n".join(lines)
