"""Chinese Patience's turn planner (Hard, Medium, Oracle): every line of the player's turn
searched up to the next hidden card (a stock card turned, the card under its waste's top), each
leaf scored by ``Evaluator``, the best line kept as the plan (``TurnSearch``), on the model of
what the player sees (game/ai/players/chinese_patience/model.py).

The search is a generator: it yields every few dozen moves tried, so ``Job.think`` can stop it
at any slice boundary and resume it later. The number of nodes is capped, not the time, so a
decision is the same however it was sliced and on whatever machine.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable
from typing import Literal

from game.ai.players.chinese_patience.model import (
    LEAF_END,
    LEAF_REVEAL,
    LEAF_WIN,
    Model,
    PatienceMove,
    Token,
)
from game.ai.race.faces import FACES

WIN = 10_000.0
STEP = 0.001  # what one move costs: of equal lines the shortest is played
CUT_COST = 0.01
YIELD_EVERY = 24
MAX_DEPTH = 40
P_CAP = 0.8  # the chance that a stock card finds a place, at most (for the expected run)

Entry = tuple[float, PatienceMove | None]  # a position searched: its value and best move


class Evaluator:
    """Scores a leaf of the turn search, in cards (one card out of the player's stock and
    waste = 1): the cards the player holds, the cards the others hold (the one closest to
    going out counting most), and, where the turn goes on, ``run`` x the expected number of
    stock cards that will find a place (from the chance that a card the player has not seen
    fits somewhere, and the empty columns)."""

    def __init__(self, root: Model, run: float = 0.6):
        self.me = root.me
        seen = root.visible()
        self.unseen = frozenset(k for k in FACES if k not in seen)
        self.total = max(1, len(self.unseen))
        self.run_weight = run
        self.cache: dict[tuple[Hashable, int], float] = {}

    def chance(self, m: Model) -> tuple[float, int]:
        """(the chance that an unseen card fits a foundation, a load or a column outer card;
        the number of empty columns)."""
        targets, empty = m.targets()
        return len(targets & self.unseen) / self.total, empty

    def run(self, m: Model) -> float:
        """The expected number of stock cards placed before one fails (roughly)."""
        p, empty = self.chance(m)
        p = min(p, P_CAP)
        return empty + p / (1.0 - p)

    def opponents(self, m: Model) -> float:
        others = [q for q in m.active if q != self.me]
        if not others:
            return 0.0
        low = min(m.on[q] for q in others)
        return sum((1.0 if m.on[q] == low else 0.6) * m.on[q] for q in others)

    def score(self, m: Model, kind: int) -> float:
        if kind == LEAF_WIN or m.won():
            return WIN
        key = (m.key(), kind)
        v = self.cache.get(key)
        if v is not None:
            return v
        v = -m.own() + self.opponents(m)
        if kind != LEAF_END and self.run_weight:
            if kind == LEAF_REVEAL:  # the card under the waste's top may play at once
                p, empty = self.chance(m)
                v += 0.6 * self.run_weight * (1.0 if empty else p)
            v += self.run_weight * self.run(m)
        self.cache[key] = v
        return v


class TurnSearch:
    """Every line of the player's turn from ``model`` up to the leaves (mutates and restores
    the model). A generator: yields now and then; ``plan`` and ``value`` are set at the end."""

    def __init__(self, model: Model, evaluator: Evaluator, cap: int):
        self.m, self.ev, self.cap = model, evaluator, cap
        # position -> (value, best move); None while on the line being searched
        self.tt: dict[Hashable, Entry | None] = {}
        self.nodes = self.tried = 0
        self.value: float | None = None
        self.plan: list[PatienceMove] = []

    def run(self) -> Generator[None, None, None]:
        root = self.m.key()
        self.value = yield from self._search(root, 0)
        self.plan = self._line(root)

    def _leaf(self, m: Model, move: PatienceMove, kind: int) -> int:
        if not kind and m.won():
            return LEAF_WIN
        return kind

    def _search(self, key: Hashable, depth: int) -> Generator[None, None, float]:
        m, tt = self.m, self.tt
        tt[key] = None  # on the current line
        best, best_move = -2 * WIN, None
        for move in m.moves():
            kind = m.leaf_kind(move)
            token = m.do(move)
            kind = self._leaf(m, move, kind)
            if kind:
                v = self.ev.score(m, kind)
            else:
                child = m.key()
                entry: Entry | None | Literal[False] = tt.get(child, False)
                if entry is None:
                    m.undo(token)
                    continue
                if entry is not False:
                    v = entry[0]
                elif self.nodes >= self.cap or depth >= MAX_DEPTH:
                    v = self.ev.score(m, 0) - CUT_COST
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
        if best_move is None:  # every move comes back round: score the position itself
            best = self.ev.score(m, 0) - CUT_COST
        tt[key] = (best, best_move)
        return best

    def _line(self, root: Hashable) -> list[PatienceMove]:
        """The best line from the root, up to its leaf (or where the search stopped)."""
        m, tt = self.m, self.tt
        line: list[PatienceMove] = []
        tokens: list[Token] = []
        seen = {root}
        while True:
            entry = tt.get(m.key())
            if not entry or entry[1] is None:
                break
            move = entry[1]
            kind = m.leaf_kind(move)
            line.append(move)
            tokens.append(m.do(move))
            if kind or m.won() or m.key() in seen:
                break
            seen.add(m.key())
        for token in reversed(tokens):
            m.undo(token)
        return line


__all__ = ["Evaluator", "TurnSearch"]
