"""The solver's model of Canfield (game/core/games/canfield.py). Like the other games with face-down
cards it plays the actual deal: the reserve's hidden cards and the stock's order are known to
it, so its verdicts are about the deal, not about what a player can know.

Piles in moves ``(source, target, count)``: 0..3 the columns, 4 the waste, 5 the reserve,
6 the stock (``(6, 4, 1)`` turns three cards, ``(4, 6, 1)`` turns the waste back over), 7..10
the foundations of suits 0..3 (each suit fills one foundation, from the base rank).

The stock and the waste are one sequence, the talon, in the order the cards turn up (it
never changes but for cards played from the waste): the waste is its first ``w`` cards (the
top is card ``w - 1``), the stock the rest. Turning adds three to ``w`` (at most the talon's
length); turning the waste back sets it to 0.

- The exact search (model.eager unset) plays the talon by macro moves
  (talon.py: ``(30, target, p)`` turns until talon card ``p`` is the
  waste's top and plays it); the eager searches turn one packet at a time.

- Safe automatic moves: a card of a column or the reserve goes to its foundation when both
  cards that could be built on it (one rank lower, the other colour, counted round) are on
  the foundations already (the core's safe_move). Not from the waste: taking a card out of
  the talon changes which cards later passes of three show.
- Canonical key: the columns as a set. Positions the deal had before the root are refused as
  the core refuses them (column to column moves only) while nothing has gone to a foundation
  or left the reserve or the waste; there the model keys positions exactly and offers every
  empty column, so "lost" stays a proof (as in models/seahaven.py).
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import itemgetter
from typing import Any

from game.ai.solver.contract import HistoryTag, ModelMove, Scored, Shortening, SolverModel
from game.ai.solver.foundations import suit_heights, to_foundation
from game.ai.solver.talon import TALON, TalonMoves
from game.core import Card, GameState, Move
from game.core.games.canfield import Canfield

WASTE, RESERVE, STOCK, FOUND = 4, 5, 6, 7
TURN = (STOCK, WASTE, 1)
REDEAL = (WASTE, STOCK, 1)
_RED = (False, True, True, False)


def _fits(card: int, base: int) -> bool:
    """``card`` goes on ``base`` in a column: one rank lower (a King on an Ace), the other
    colour."""
    return _RED[card >> 4] != _RED[base >> 4] and (card & 15) == ((base & 15) - 2) % 13 + 1


FITS = [[_fits(c, b) for b in range(64)] for c in range(64)]


def _exact_of(d: dict[str, list[Card]]) -> tuple[tuple[int, int, int], bytes]:
    """(level, exact key) of a core position given as pile name -> cards."""
    fnd = suit_heights(d[f"foundation{i}"] for i in range(4))
    waste = [c.key for c in d["waste"]]
    talon = waste + [c.key for c in reversed(d["stock"])]
    rp = len(d["reserve"])
    cols = [bytes(c.key for c in d[f"tableau{i}"]) for i in range(4)]
    key = bytes((*fnd, rp, len(waste))) + bytes(talon) + b"\xff" + b"\xff".join(cols)
    return (sum(fnd), rp, len(talon)), key


class CanfieldModel(TalonMoves, SolverModel):
    game_id = "canfield"
    shares = (0.3, 0.5)
    shorten_lines = Shortening.LOOPS

    def __init__(self, state: Canfield) -> None:
        piles = state.piles()
        self.base = state.base
        self.cols = [[c.key for c, _ in piles[f"tableau{i}"]] for i in range(4)]
        self.res = tuple(c.key for c, _ in piles["reserve"])
        self.rp = len(self.res)
        waste = [c.key for c, _ in piles["waste"]]
        self.talon = waste + [c.key for c, _ in reversed(piles["stock"])]
        self.w = len(waste)
        self.fnd = suit_heights(state.pile[f"foundation{i}"].cards for i in range(4))
        self.home = sum(self.fnd)
        self.root_level = self.level()
        self.forbid: set[bytes] = set()
        names = [p.name for p in state.pile_list]
        seen = state.positions_seen()
        fidx = [i for i, n in enumerate(names) if n.startswith("foundation")]
        ridx, sidx, widx = names.index("reserve"), names.index("stock"), names.index("waste")
        for pos in seen:  # (the level first: cheap, and most positions are below it)
            if (
                sum(len(pos[i]) for i in fidx),
                len(pos[ridx]),
                len(pos[sidx]) + len(pos[widx]),
            ) != self.root_level:
                continue
            level, key = _exact_of({n: list(cards) for n, cards in zip(names, pos)})
            if level == self.root_level:
                self.forbid.add(key)
        self.exact_root = len(self.forbid) > 1
        self.eager = False
        self.draw, self.limit, self.used = 3, None, 0

    waste_pile = WASTE
    turn_move = TURN
    redeal_move = REDEAL

    # ------------------------------------------------------------------ basics
    def won(self) -> bool:
        return self.home == 52

    def on_foundations(self) -> int:
        return self.home

    def level(self) -> tuple[int, int, int]:
        """What can never come back: cards home, reserve cards left, cards in the talon."""
        return (self.home, self.rp, len(self.talon))

    def _level0(self) -> bool:
        return self.exact_root and self.level() == self.root_level

    def exact(self) -> bytes:
        return (
            bytes((*self.fnd, self.rp, self.w))
            + bytes(self.talon)
            + b"\xff"
            + b"\xff".join(map(bytes, self.cols))
        )

    def history_tag(self) -> HistoryTag:
        return frozenset(self.forbid)

    def key(self) -> bytes:
        if self._level0():
            return b"X" + self.exact()
        return (
            bytes((*self.fnd, self.rp, self.w))
            + bytes(self.talon)
            + b"\xff"
            + b"\xff".join(sorted(map(bytes, self.cols)))
        )

    def snapshot(self) -> bytes:
        return self.exact()

    def restore(self, snap: bytes) -> None:
        self.fnd = list(snap[:4])
        self.home = sum(self.fnd)
        self.rp, self.w = snap[4], snap[5]
        parts = snap[6:].split(b"\xff")
        self.talon = list(parts[0])
        self.cols = [list(p) for p in parts[1:]]

    def need(self, s: int) -> int:
        """The face suit s's foundation takes next (0 when complete)."""
        k = self.fnd[s]
        return 0 if k == 13 else s * 16 + (self.base - 1 + k) % 13 + 1

    # for the line shortener (line.py): what the key permutes, and moves renumbered
    def layout(self) -> list[Hashable]:
        return [bytes(c) for c in self.cols]

    @staticmethod
    def remap(m: ModelMove, perm: list[int]) -> ModelMove:
        src, dst, n = m
        return (perm[src] if src < 4 else src, perm[dst] if dst < 4 else dst, n)

    # ------------------------------------------------------------------ moves
    def apply(self, m: ModelMove) -> Any:
        src, dst, n = m
        if src == TALON:
            return self.apply_talon(m, WASTE)
        if src == STOCK:
            old = self.w
            self.w = min(old + 3, len(self.talon))
            return old
        if dst == STOCK:
            old = self.w
            self.w = 0
            return old
        if src == WASTE:
            self.w -= 1
            cards = [self.talon.pop(self.w)]
        elif src == RESERVE:
            self.rp -= 1
            cards = [self.res[self.rp]]
        else:
            c = self.cols[src]
            cards = c[-n:]
            del c[-n:]
        if dst >= FOUND:
            self.fnd[dst - FOUND] += 1
            self.home += 1
        else:
            self.cols[dst] += cards
        return None

    def undo(self, m: ModelMove, rec: Any) -> None:
        src, dst, n = m
        if src == TALON:
            self.undo_talon(m, rec, WASTE)
            return
        if src == STOCK or dst == STOCK:
            self.w = rec
            return
        if dst >= FOUND:
            s = dst - FOUND
            self.fnd[s] -= 1
            self.home -= 1
            cards = [s * 16 + (self.base - 1 + self.fnd[s]) % 13 + 1]
        else:
            d = self.cols[dst]
            cards = d[-n:]
            del d[-n:]
        if src == WASTE:
            self.talon.insert(self.w, cards[0])
            self.w += 1
        elif src == RESERVE:
            self.rp += 1
        else:
            self.cols[src] += cards

    def _home_face(self, f: int) -> bool:
        return self.fnd[f >> 4] > ((f & 15) - self.base) % 13

    def _safe(self, f: int) -> bool:
        below = ((f & 15) - 2) % 13 + 1
        red = _RED[f >> 4]
        return all(self._home_face(s * 16 + below) for s in range(4) if _RED[s] != red)

    def autos(self, log: list[tuple[ModelMove, Any]]) -> None:
        """Safe cards from the columns and the reserve to their foundations; with ``eager``,
        every card that fits a foundation (from the waste too)."""
        eager = self.eager
        found = True
        while found:
            found = False
            want = [self.need(0), self.need(1), self.need(2), self.need(3)]
            if self.rp:
                f = self.res[self.rp - 1]
                if f == want[f >> 4] and (eager or self._safe(f)):
                    m = (RESERVE, FOUND + (f >> 4), 1)
                    log.append((m, self.apply(m)))
                    found = True
                    continue
            for i in range(4):
                c = self.cols[i]
                if c and c[-1] == want[c[-1] >> 4] and (eager or self._safe(c[-1])):
                    m = (i, FOUND + (c[-1] >> 4), 1)
                    log.append((m, self.apply(m)))
                    found = True
                    break
            if not found and eager and self.w:
                f = self.talon[self.w - 1]
                if f == want[f >> 4]:
                    m = (WASTE, FOUND + (f >> 4), 1)
                    log.append((m, self.apply(m)))
                    found = True

    def moves(self) -> list[ModelMove]:
        cols = self.cols
        exact = self._level0()
        scored: list[Scored] = []
        add = scored.append
        want = [self.need(0), self.need(1), self.need(2), self.need(3)]
        empties = [i for i in range(4) if not cols[i]]
        if not exact:
            empties = empties[:1]
        tops = [(i, cols[i][-1]) for i in range(4) if cols[i]]
        if self.rp:
            f = self.res[self.rp - 1]
            if f == want[f >> 4]:
                add((950, (RESERVE, FOUND + (f >> 4), 1)))
            for j, t in tops:
                if FITS[f][t]:
                    add((700, (RESERVE, j, 1)))
            for j in empties:
                add((600, (RESERVE, j, 1)))
        talon = self.talon
        for k, (p, redeal) in enumerate(self.plays()):
            # a card of the talon, brought to the waste's top by turning (TalonMoves)
            f = talon[p - 1]
            n = p | redeal << 7
            far = k if k < 40 else 40
            if f == want[f >> 4]:
                add((750 - far, (TALON, FOUND + (f >> 4), n)))
            for j, t in tops:
                if FITS[f][t]:
                    add((500 - far, (TALON, j, n)))
            for j in empties:
                add((400 - far, (TALON, j, n)))
        cm = []  # column to column moves (the ones the core may refuse)
        for i, _t0 in tops:
            c = cols[i]
            n = len(c)
            f = c[-1]
            if f == want[f >> 4]:
                add((800, (i, FOUND + (f >> 4), 1)))
            for j, t in tops:
                if j != i:
                    if FITS[f][t]:
                        cm.append((350 if n == 1 else 150, (i, j, 1)))
                    if n > 1 and FITS[c[0]][t]:
                        cm.append((450, (i, j, n)))
            if n > 1 or exact:
                for j in empties:
                    cm.append((40, (i, j, 1)))
        if exact:
            forbid = self.forbid
            for sc, m in cm:
                rec = self.apply(m)
                if self.exact() not in forbid:
                    add((sc, m))
                self.undo(m, rec)
        else:
            scored += cm
        if exact or not self.macros():
            # (with macros, bare turns only where the deal's history may refuse a move at one
            # waste length, not another)
            if self.w < len(self.talon):
                add((100, TURN))
            elif self.talon:
                add((90, REDEAL))
        scored.sort(key=itemgetter(0), reverse=True)
        return [m for _, m in scored]

    def estimate(self) -> int:
        empty = sum(1 for c in self.cols if not c)
        return self.home * 20 - self.rp * 12 + empty * 10 - len(self.talon)

    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        """The core's move for model move ``m`` (for a macro move: its first step)."""
        if m[0] == TALON:
            return self.to_core(replica, self.expand(m, WASTE)[0])
        src, dst, n = m
        if src == STOCK or dst == STOCK:
            mv = replica.turn_move("stock")
            if mv is None:
                raise ValueError("the stock can't be turned")
            return mv
        source = {WASTE: "waste", RESERVE: "reserve"}.get(src, f"tableau{src}")
        if dst >= FOUND:
            return to_foundation(replica, source)
        return Move(source, f"tableau{dst}", n)


MODEL = CanfieldModel
