"""A compact copy of one Battle solitaire position and the turn search that runs on it.

The rules core (game.core.battle_solitaire) is the authority and checks everything; a turn
search tries thousands of moves and must stay inside a few milliseconds per slice in
WebAssembly, so it runs on this model: plain lists of card faces (``Card.key``: which pack a
card comes from never matters to the rules), the same move rules for the player on turn, undo
by tokens. It is read through the public API only (``state.piles()``, ``state.current_player``,
``state.refilled``) and every move the AI finally plays is checked against
``state.legal_moves()``; tests compare this model's moves with the core's on many positions.

A card the player on turn can't see is ``HIDDEN``: the penalty pile's cards under its top and
every hand card (a hand lies face down; the player is not assumed to remember the order of a
reserve pile turned back into the hand). ``oracle=True`` reads every card: its search still
stops where a card comes up, but knows that very card (a yardstick for what the hidden cards
are worth).

Pile codes: 0-7 shared piles [house0..7], 8-15 foundations, 16 own penalty pile [reserveN],
17 own hand, 18 own reserve pile [wasteN]. A move is ``(source, target)``: ``TURN`` turns the
hand's top card onto the reserve pile, ``REFILL`` turns the reserve pile back into the empty
hand, ``PASS_MOVE`` ends the turn.

The search (``TurnSearch``) looks at every line of play up to a leaf: the turn ends (a pass), a
hidden card comes up (the hand's card turned, the hand refilled, or the penalty pile's next
card), or the game is won. Before a leaf everything is known, so the search is exact there. Positions reached by
different orders are merged (a transposition table keyed with the shared piles taken as a set);
a line never comes back to a position it has passed through, nor to one seen earlier in the
turn; each move costs a hair, so the shortest of equal lines is played. The number of positions
is capped (not the time): a decision is the same however it was sliced, on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

HIDDEN = -1
PEN, HAND, RP = 16, 17, 18
TURN = (HAND, RP)
REFILL = (RP, HAND)
PASS_MOVE = (-1, -1)
_RED = (False, True, True, False)  # by suit index: S H D C (Card.key = suit * 16 + rank)

# a shared pile's top takes one rank lower in the other colour; a foundation top the next up
HOUSE_WANTS = [()] * 64
NEXT_UP = [0] * 64
for _s in range(4):
    for _r in range(1, 14):
        _k = _s * 16 + _r
        HOUSE_WANTS[_k] = tuple(o * 16 + _r - 1 for o in range(4)
                                if _RED[o] != _RED[_s]) if _r > 1 else ()
        NEXT_UP[_k] = _k + 1 if _r < 13 else 0
ACES = tuple(s * 16 + 1 for s in range(4))

# Zobrist numbers: a shared pile hashes the (depth, face) of its cards; the table hashes the SUM
# of the pile hashes, so positions that differ only by which pile holds which column are merged
_rng = random.Random(0xBA77)
_ZH = [[_rng.getrandbits(60) for _ in range(64)] for _ in range(14)]
_ZF = [0] + [_rng.getrandbits(60) for _ in range(63)]

# kinds of leaf
LEAF_END, LEAF_PEN, LEAF_HAND, LEAF_WIN, LEAF_CUT, LEAF_REFILL = 1, 2, 3, 4, 5, 6


def pile_names(player: int) -> list[str]:
    """Core pile names for the model's pile codes, seen from ``player``."""
    return ([f"house{i}" for i in range(8)] + [f"foundation{i}" for i in range(8)]
            + [f"reserve{player}", f"hand{player}", f"waste{player}"])


class Model:
    """The position as the player on turn sees it. Mutated by ``do``; ``undo`` restores."""

    __slots__ = ("h", "hh", "hsum", "f", "fsum", "pen", "hand", "waste", "refilled", "player",
                 "oracle", "opp_pen", "opp_waste", "opp_counts")

    @classmethod
    def from_state(cls, state, oracle: bool = False) -> "Model":
        m = cls()
        p = state.current_player
        m.player, m.oracle = p, oracle
        piles = state.piles()

        def faces(name):
            return [c.key if (up or oracle) else HIDDEN for c, up in piles[name]]

        m.h = [[c.key for c, _ in piles[f"house{i}"]] for i in range(8)]
        m.f = [piles[f"foundation{i}"][-1][0].key if piles[f"foundation{i}"] else 0
               for i in range(8)]
        m.pen = faces(f"reserve{p}")
        m.hand = faces(f"hand{p}")
        m.waste = faces(f"waste{p}")
        m.refilled = bool(state.refilled)
        o = 1 - p
        m.opp_pen = piles[f"reserve{o}"][-1][0].key if piles[f"reserve{o}"] else 0
        m.opp_waste = piles[f"waste{o}"][-1][0].key if piles[f"waste{o}"] else 0
        m.opp_counts = (len(piles[f"reserve{o}"]),
                        len(piles[f"hand{o}"]) + len(piles[f"waste{o}"]))
        m.rehash()
        return m

    def rehash(self) -> None:
        self.hh = [self._house_hash(i) for i in range(8)]
        self.hsum = sum(self.hh)
        self.fsum = sum(_ZF[t] for t in self.f)

    def _house_hash(self, i: int) -> int:
        x = 0
        for depth, k in enumerate(self.h[i]):
            x ^= _ZH[depth][k]
        return x

    def key(self):
        """A hashable key of the position, equal for positions that play the same."""
        return (self.hsum + 3 * self.fsum, len(self.pen), len(self.hand), len(self.waste),
                self.waste[-1] if self.waste else 0, self.refilled)

    # ------------------------------------------------------------------ move generation
    def foundation_wants(self) -> dict[int, int]:
        """face -> the first foundation that takes it"""
        out: dict[int, int] = {}
        for j, t in enumerate(self.f):
            if t:
                n = NEXT_UP[t]
                if n and n not in out:
                    out[n] = 8 + j
            else:
                for a in ACES:
                    if a not in out:
                        out[a] = 8 + j
        return out

    def sources(self) -> list[tuple[int, int]]:
        out = [(i, h[-1]) for i, h in enumerate(self.h) if h]
        if self.pen:
            out.append((PEN, self.pen[-1]))
        if self.waste:
            out.append((RP, self.waste[-1]))
        return out

    def moves(self) -> list[tuple[int, int]]:
        """The legal moves, one per distinct result where targets are interchangeable (the
        first empty foundation or shared pile stands for all; a lone card on a shared pile
        never moves to an empty one)."""
        srcs = self.sources()
        fw = self.foundation_wants()
        out = []
        for code, k in srcs:
            j = fw.get(k)
            if j is not None:
                out.append((code, j))
        h = self.h
        wants: dict[int, list[int]] = {}
        empty = -1
        for i in range(8):
            if h[i]:
                for w in HOUSE_WANTS[h[i][-1]]:
                    wants.setdefault(w, []).append(i)
            elif empty < 0:
                empty = i
        for code, k in srcs:
            for t in wants.get(k, ()):
                if t != code:
                    out.append((code, t))
            if empty >= 0 and not (code < 8 and len(h[code]) == 1):
                out.append((code, empty))
        if self.hand:
            out.append(TURN)
        elif self.waste and not self.refilled:
            out.append(REFILL)
        out.append(PASS_MOVE)
        return out

    # ------------------------------------------------------------------ playing
    def leaf_kind(self, move) -> int:
        """0 if ``move`` keeps the line fully known, else the kind of leaf it makes."""
        src = move[0]
        if src < 0:
            return LEAF_END
        if move == TURN:  # a card of the hand comes up
            return LEAF_HAND
        if move == REFILL:  # the hand's cards come up next
            return LEAF_REFILL
        if src == PEN and len(self.pen) >= 2 and (self.oracle or self.pen[-2] == HIDDEN):
            return LEAF_PEN
        return 0

    def won(self) -> bool:
        return not (self.pen or self.hand or self.waste)

    def do(self, move):
        """Play ``move``; return the token ``undo`` needs."""
        src, dst = move
        if src < 0:
            return None
        if move == REFILL:
            old = self.waste
            self.hand = old[::-1] if self.oracle else [HIDDEN] * len(old)
            self.waste = []
            self.refilled = True
            return (src, dst, old)
        k = self._pop(src)
        self._push(dst, k)
        return (src, dst, k)

    def undo(self, token) -> None:
        if token is None:
            return
        src, dst, k = token
        if (src, dst) == REFILL:
            self.waste = k
            self.hand = []
            self.refilled = False
            return
        self._pop(dst)
        self._push(src, k)

    def _pop(self, code: int) -> int:
        if code < 8:
            pile = self.h[code]
            k = pile.pop()
            x = _ZH[len(pile)][k]
            old = self.hh[code]
            self.hh[code] = old ^ x
            self.hsum += self.hh[code] - old
            return k
        if code < 16:
            j = code - 8
            k = self.f[j]
            self.f[j] = k - 1 if k & 15 > 1 else 0
            self.fsum += _ZF[self.f[j]] - _ZF[k]
            return k
        return (self.pen, self.hand, self.waste)[code - 16].pop()

    def _push(self, code: int, k: int) -> None:
        if code < 8:
            pile = self.h[code]
            x = _ZH[len(pile)][k]
            pile.append(k)
            old = self.hh[code]
            self.hh[code] = old ^ x
            self.hsum += self.hh[code] - old
        elif code < 16:
            j = code - 8
            self.fsum += _ZF[k] - _ZF[self.f[j]]
            self.f[j] = k
        else:
            (self.pen, self.hand, self.waste)[code - 16].append(k)


# ---------------------------------------------------------------------- scoring a leaf
WIN = 10_000.0
LOSS = -10_000.0
STEP = 0.001  # what one move costs, so that the shorter of two equal lines is played
CUT_COST = 0.01  # a line left unfinished loses ties to a finished one
YIELD_EVERY = 32  # moves tried between two chances to stop a slice
MAX_DEPTH = 48  # a line longer than this is scored where it stands


@dataclass(frozen=True)
class Weights:
    """How a leaf is scored, in "hand cards" (one card out of the hand or reserve pile = 1)."""

    pen: float = 2.0  # one card out of the penalty pile (it counts 2, and it is the bottleneck)
    hand: float = 1.0  # one card out of the hand or reserve pile
    next_pen: float = 1.0  # x the chance that the penalty card turned up plays at once
    next_hand: float = 0.5  # x the chance that the hand card turned plays at once
    opp_pen_plays: float = 0.0  # at the end of the turn: the opponent's penalty top has a place
    opp_waste_plays: float = 0.0  # ... the opponent's reserve pile top has a place
    opp_empty: float = 0.0  # ... per empty shared pile (it takes any of the opponent's cards)
    pass_cost: float = 0.5  # ending the turn while cards could still be turned gives time away


SIMPLE = Weights(next_pen=0.0, next_hand=0.0)
HARD = Weights(opp_pen_plays=0.8, opp_waste_plays=0.3, opp_empty=0.6)


def unseen_faces(state, player: int) -> list[int]:
    """How many cards of each face (``Card.key``) of ``player``'s own pack lie face down: the
    set a hidden card of the player's penalty pile or hand is drawn from."""
    counts = [0] * 64
    for cards in state.piles().values():
        for card, up in cards:
            if not up and card.deck == player:
                counts[card.key] += 1
    return counts


class Evaluator:
    def __init__(self, weights: Weights, unseen: list[int]):
        self.w = weights
        self.unseen = unseen
        self.total = max(sum(unseen), 1)
        self._places: dict = {}  # table key -> places(), for the positions of one search

    def places(self, m: Model) -> tuple[set, int]:
        """Faces that could be played somewhere now, and how many shared piles are empty."""
        key = m.hsum + 3 * m.fsum
        found = self._places.get(key)
        if found is None:
            found = self._places[key] = self._find_places(m)
        return found

    @staticmethod
    def _find_places(m: Model) -> tuple[set, int]:
        out = set()
        empty = 0
        for t in m.f:
            if t:
                if NEXT_UP[t]:
                    out.add(NEXT_UP[t])
            else:
                out.update(ACES)
        for h in m.h:
            if h:
                out.update(HOUSE_WANTS[h[-1]])
            else:
                empty += 1
        return out, empty

    def chance_playable(self, m: Model, kind: int) -> float:
        """The chance that the card that came up (or comes up next, after a refill) can be
        played at once: over the unseen cards, or, for the oracle, of that very card."""
        targets, empty = self.places(m)
        if empty:
            return 1.0
        if m.oracle:
            card = (m.pen[-1] if kind == LEAF_PEN else m.hand[-1] if kind == LEAF_REFILL
                    else m.waste[-1])
            return 1.0 if card in targets else 0.0
        u = self.unseen
        return sum(u[k] for k in targets) / self.total

    def score(self, m: Model, kind: int) -> float:
        if kind == LEAF_WIN:
            return WIN
        w = self.w
        v = -(w.pen * len(m.pen) + w.hand * (len(m.hand) + len(m.waste)))
        if kind == LEAF_PEN:
            v += w.next_pen * w.pen * self.chance_playable(m, kind)
        elif kind in (LEAF_HAND, LEAF_REFILL):
            v += w.next_hand * w.hand * self.chance_playable(m, kind)
        ending = kind == LEAF_END or (kind == LEAF_CUT and not (
            m.hand or (m.waste and not m.refilled)))  # a line cut short with nothing left to
        if ending:  # turn is taken as ending the turn (else it goes on through the hand)
            v -= w.pass_cost
        if ending and (w.opp_pen_plays or w.opp_waste_plays or w.opp_empty):
            places, empty = self.places(m)
            if m.opp_pen and (empty or m.opp_pen in places):
                v -= w.opp_pen_plays * w.pen
            if m.opp_waste and (empty or m.opp_waste in places):
                v -= w.opp_waste_plays * w.hand
            if m.opp_counts[0]:
                v -= w.opp_empty * w.pen * min(empty, m.opp_counts[0])
        return v


def _order(move) -> int:
    src, dst = move
    if 8 <= dst < 16:
        return -1
    if src == PEN:
        return 0
    if src == RP and dst < 8:
        return 1
    if src < 0:
        return 9
    if move == TURN or move == REFILL:
        return 8
    return 5


class TurnSearch:
    """Search the lines of play of the player on turn from ``model`` (which it mutates and
    restores). ``forbidden``: positions (model keys) already passed through this turn."""

    def __init__(self, model: Model, evaluator: Evaluator, node_cap: int,
                 forbidden: frozenset = frozenset()):
        self.m = model
        self.ev = evaluator
        self.cap = node_cap
        self.forbidden = forbidden
        self.tt: dict = {}
        self.nodes = 0  # positions expanded
        self.tried = 0  # moves tried
        self.value = None
        self.plan: list = []

    def run(self):
        """Generator: yields now and then; when exhausted, ``plan`` and ``value`` are set."""
        root = self.m.key()
        self.value = yield from self._search(root, 0)
        self.plan = yield from self._principal_line(root)

    def _search(self, key, depth):
        m, tt, score = self.m, self.tt, self.ev.score
        tt[key] = None  # on the current line
        moves = m.moves()
        moves.sort(key=_order)
        best = LOSS * 2
        best_move = None
        for move in moves:
            kind = m.leaf_kind(move)
            token = m.do(move)
            if not kind and move[0] >= PEN and m.won():
                kind = LEAF_WIN
            if kind:
                v = score(m, kind)
            else:
                child = m.key()
                entry = tt.get(child, False)
                if entry is None or (entry is False and child in self.forbidden):
                    m.undo(token)
                    continue
                if entry is not False:
                    v = entry[0]
                elif self.nodes >= self.cap or depth >= MAX_DEPTH:
                    v = score(m, LEAF_CUT) - CUT_COST
                else:
                    self.nodes += 1
                    v = yield from self._search(child, depth + 1)
            m.undo(token)
            self.tried += 1
            if not self.tried % YIELD_EVERY:
                yield
            v -= STEP
            if v > best:
                best, best_move = v, move
        tt[key] = (best, best_move)
        return best

    def _leaf_or_known(self, move):
        """The value of playing ``move`` now from the table alone (no searching), and its leaf
        kind; None for a position to skip."""
        m = self.m
        kind = m.leaf_kind(move)
        token = m.do(move)
        if not kind and move[0] >= PEN and m.won():
            kind = LEAF_WIN
        if kind:
            v = self.ev.score(m, kind)
        else:
            child = m.key()
            entry = self.tt.get(child, False)
            if entry is None or (entry is False and child in self.forbidden):
                v = None
            elif entry is False:
                v = self.ev.score(m, LEAF_CUT) - CUT_COST
            else:
                v = entry[0]
        m.undo(token)
        return v, kind

    def _principal_line(self, root):
        """Generator: the best line from the root, up to its leaf (or where the search
        stopped): each step picks again the move whose result holds the best value."""
        m, tt, line, tokens = self.m, self.tt, [], []
        tt[root] = None
        while True:
            best, best_move, best_kind = LOSS * 2, None, 0
            moves = m.moves()
            moves.sort(key=_order)
            for move in moves:
                v, kind = self._leaf_or_known(move)
                if v is not None and v - STEP > best:
                    best, best_move, best_kind = v - STEP, move, kind
            yield
            if best_move is None:
                break
            line.append(best_move)
            tokens.append(m.do(best_move))
            if best_kind or not tt.get(m.key()):
                break
            tt[m.key()] = None  # never walk round a loop
        for token in reversed(tokens):
            m.undo(token)
        return line
