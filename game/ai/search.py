"""Hard's turn planner: search every line of play up to the next hidden card, score where each
line leaves the game, keep the best line as the plan.

A line ends at a leaf: the turn ends (the hand card goes on the waste, or a pass), a hidden card
is turned up (the next reserve card, or the hand card), or the game is won. Everything before a
leaf is fully known, so the search is exact there; positions reached by different orders of the
same moves are merged (a transposition table keyed on the position with the houses taken as a
set), a line never comes back to a position it has passed through, nor to one seen earlier in the
same turn, and each move costs a hair so that of equal lines the shortest wins: the planner
never shuffles cards back and forth.

At a hidden-card leaf the unseen cards of the player's own pack are known as a set: the leaf
scores the average over them of whether the card turned up could be played at once.

The search is a generator: it yields every few dozen nodes, so ``Job.think`` can stop it at any
slice boundary and resume it later. The number of nodes is capped, not the time, so a decision
is the same however it was sliced and on whatever machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bank_model import (ACES, END, HAND, HIDDEN, HOUSE_WANTS, LEAF_END, LEAF_HAND, LEAF_RESERVE,
                         LEAF_WIN, LOAD_WANTS, NEXT_UP, ORES, OWASTE, RES, TURN, WASTE, Model)

LEAF_CUT = 5  # the node budget ran out: scored as it stands
WIN = 10_000.0
LOSS = -10_000.0
STEP = 0.001  # what one move costs, so that the shorter of two equal lines is played
CUT_COST = 0.01  # a line left unfinished loses ties to a finished one
YIELD_EVERY = 32  # moves tried between two chances to stop a slice
MAX_DEPTH = 48  # a line longer than this is scored where it stands


@dataclass(frozen=True)
class Weights:
    """How a leaf is scored, in "hand cards" (one card out of hand or waste = 1)."""

    reserve: float = 2.5  # one card out of a reserve
    hand: float = 1.0  # one card out of a hand or waste
    opp_reserve_plays: float = 1.6  # the opponent's reserve card has somewhere to go
    opp_empty_house: float = 1.2  # each empty house the opponent may fill from the reserve
    opp_can_load: float = 0.5  # per house top the opponent could load onto my reserve/waste
    my_reserve_plays: float = 0.4  # my reserve card has somewhere to go (next turn)
    next_reserve: float = 1.0  # x chance that the reserve card turned up plays at once
    next_hand: float = 0.7  # x chance that the hand card turned up plays at once
    look_ahead: bool = True  # score what the leaf leaves the opponent


# Scoring what a leaf leaves the opponent (look_ahead) lost head-to-head against not scoring
# it (90-70 of 160 games; docs/ai.md), so Hard counts cards and averages over hidden cards only.
HARD = Weights(look_ahead=False)
SIMPLE = Weights(opp_reserve_plays=0.0, opp_empty_house=0.0, opp_can_load=0.0,
                 my_reserve_plays=0.0, next_reserve=0.0, next_hand=0.0, look_ahead=False)


def unseen_faces(state, player: int) -> list[int]:
    """How many cards of each face (``Card.key``) of ``player``'s own pack are not face up
    anywhere: the set a hidden card of the player's reserve or hand is drawn from."""
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

    def targets(self, m: Model) -> tuple[set, bool]:
        """Faces that could be played somewhere now, and whether a house is empty."""
        out = set()
        empty = False
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
                empty = True
        if m.ores and m.ores[-1] != HIDDEN:
            out.update(LOAD_WANTS[m.ores[-1]])
        if m.owaste:
            out.update(LOAD_WANTS[m.owaste[-1]])
        return out, empty

    def chance_playable(self, m: Model) -> float:
        targets, empty = self.targets(m)
        if empty:
            return 1.0
        u = self.unseen
        return sum(u[k] for k in targets) / self.total

    def score(self, m: Model, kind: int) -> float:
        if kind == LEAF_WIN:
            return WIN
        w = self.w
        v = (w.reserve * (len(m.ores) - len(m.res))
             + w.hand * (m.ohand + len(m.owaste) - len(m.hand) - len(m.waste)))
        if kind == LEAF_RESERVE:
            v += w.next_reserve * w.reserve * self.chance_playable(m)
        elif kind == LEAF_HAND:
            v += w.next_hand * w.hand * self.chance_playable(m)
        if not w.look_ahead:
            return v
        # what the table leaves the opponent (who plays next once this turn ends)
        wants = {}
        empties = 0
        for h in m.h:
            if h:
                for k in HOUSE_WANTS[h[-1]]:
                    wants[k] = True
            else:
                empties += 1
        for t in m.f:
            if t:
                if NEXT_UP[t]:
                    wants[NEXT_UP[t]] = True
            else:
                for a in ACES:
                    wants[a] = True
        my_loads = set()
        if m.res:
            my_loads.update(LOAD_WANTS[m.res[-1]])
        if m.waste:
            my_loads.update(LOAD_WANTS[m.waste[-1]])
        if m.ores:
            top = m.ores[-1]
            if top != HIDDEN and (empties or top in wants or top in my_loads):
                v -= w.opp_reserve_plays * w.reserve
            v -= w.opp_empty_house * w.reserve * min(empties, len(m.ores))
        if my_loads:
            loadable = sum(1 for h in m.h if h and h[-1] in my_loads)
            v -= w.opp_can_load * w.hand * loadable
        if m.res:
            top = m.res[-1]
            if empties or top in wants:
                v += w.my_reserve_plays * w.reserve
        return v


_ORDER = {RES: 0, HAND: 2, WASTE: 3}


def _order(move) -> int:
    src, dst = move
    if 8 <= dst < 16:
        return -1
    if dst in (ORES, OWASTE):
        return 1
    if move == TURN or move == END or src < 0:
        return 9
    if src < 8:
        return 5
    return _ORDER.get(src, 4)


class TurnSearch:
    """Search one player's lines of play from ``model`` (which it mutates and restores)."""

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
        self.plan = self._principal_line(root)

    def _search(self, key, depth):
        m, tt = self.m, self.tt
        tt[key] = None  # on the current line
        moves = m.moves()
        if len(moves) > 1:
            moves.sort(key=_order)
        best, best_move = LOSS * 2, None
        for move in moves:
            kind = m.leaf_kind(move)
            token = m.do(move)
            if not kind and move[0] >= RES and m.won():
                kind = LEAF_WIN
            if kind:
                v = self.ev.score(m, kind)
            else:
                child = m.key()
                if child in tt:
                    entry = tt[child]
                    if entry is None:
                        m.undo(token)
                        continue
                    v = entry[0]
                elif child in self.forbidden:
                    m.undo(token)
                    continue
                elif self.nodes >= self.cap or depth >= MAX_DEPTH:
                    v = self.ev.score(m, LEAF_CUT) - CUT_COST
                else:
                    self.nodes += 1
                    v = yield from self._search(child, depth + 1)
            self.tried += 1
            if not self.tried % YIELD_EVERY:
                yield
            m.undo(token)
            v -= STEP
            if v > best:
                best, best_move = v, move
        tt[key] = (best, best_move)
        return best

    def _principal_line(self, root) -> list:
        """The best line from the root, up to its leaf (or where the search stopped). The
        table stores values only for positions taken with the houses as a set, so each step
        picks again the move whose result holds the best value, in this very arrangement."""
        m, tt, line, tokens = self.m, self.tt, [], []
        tt[root] = None
        while True:
            best, best_move, best_kind = LOSS * 2, None, 0
            moves = m.moves()
            if len(moves) > 1:
                moves.sort(key=_order)
            for move in moves:
                kind = m.leaf_kind(move)
                token = m.do(move)
                if not kind and move[0] >= RES and m.won():
                    kind = LEAF_WIN
                if kind:
                    v = self.ev.score(m, kind)
                else:
                    entry = tt.get(m.key(), False)
                    if entry is None or (entry is False and m.key() in self.forbidden):
                        v = None
                    elif entry is False:
                        v = self.ev.score(m, LEAF_CUT) - CUT_COST
                    else:
                        v = entry[0]
                m.undo(token)
                if v is not None and v - STEP > best:
                    best, best_move, best_kind = v - STEP, move, kind
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
