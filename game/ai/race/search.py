"""The turn planner the races share (Russian Bank's Hard, Battle solitaire's Hard): search every
line of play of the player on turn up to the next hidden card, score where each line leaves
the game, keep the best line as the plan.

A line ends at a leaf: the turn ends, a hidden card comes up (which ones: the game's model
says, ``leaf_kind``), or the game is won. Everything before a leaf is fully known, so the search
is exact there; positions reached by different orders of the same moves are merged (a
transposition table keyed on the model's ``key()``, with the houses taken as a set), a line
never comes back to a position it has passed through, nor to one seen earlier in the same turn
(``forbidden``), and each move costs a hair so that of equal lines the shortest wins: the
planner never shuffles cards back and forth.

At a hidden-card leaf the unseen cards of the player's own pack are known as a set
(``unseen_faces``): the game's evaluator scores the average over them of whether the card that
comes up could be played at once.

The search is a generator: it yields every few dozen moves tried, so ``Job.think`` can stop it
at any slice boundary and resume it later. The number of nodes is capped, not the time, so a
decision is the same however it was sliced and on whatever machine.

A game gives its model (game/ai/race/model.py), its evaluator (``score(model, kind)``: a
``LeafEvaluator``) and the order in which moves are tried (``TurnSearch.order``: the likely
best first, which makes the cut search better; ties keep the model's order).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable
from typing import Any, Generic, Literal, Protocol, TypeVar

from game.ai.race.faces import ACES, BUILD_ON, NEXT_UP
from game.ai.race.model import OWN, RaceModel, RaceMove
from game.core import GameState

# a game's model; the search hands the model's undo token back to it unread, whatever it is
M = TypeVar("M", bound="RaceModel[Any, Any]")
M_contra = TypeVar("M_contra", bound="RaceModel[Any, Any]", contravariant=True)
W = TypeVar("W")  # a game's leaf weights
Steps = Generator[None, None, float]  # a search: yields now and then, returns a value
Entry = tuple[float, RaceMove | None]  # a position searched: its value and best move

# kinds of leaf that every race has; a game's model adds its hidden-card leaves (2, 3, 6...)
LEAF_END, LEAF_WIN, LEAF_CUT = 1, 4, 5  # the turn ends; the game is won; the budget ran out
WIN = 10_000.0
LOSS = -10_000.0
STEP = 0.001  # what one move costs, so that the shorter of two equal lines is played
CUT_COST = 0.01  # a line left unfinished loses ties to a finished one
YIELD_EVERY = 32  # moves tried between two chances to stop a slice
MAX_DEPTH = 48  # a line longer than this is scored where it stands


def unseen_faces(state: GameState, player: int) -> list[int]:
    """How many cards of each face (``Card.key``) of ``player``'s own pack lie face down: the
    set a hidden card of the player's reserve or hand is drawn from."""
    counts = [0] * 64
    for cards in state.piles().values():
        for card, up in cards:
            if not up and card.deck == player:
                counts[card.key] += 1
    return counts


class Scorer(Protocol[M_contra]):
    """What a turn search asks of its evaluator: the value of a leaf of ``kind``."""

    def score(self, m: M_contra, kind: int) -> float: ...


class LeafEvaluator(Generic[W, M]):
    """Scores the leaves of a turn search (a game's subclass gives ``score(model, kind)``);
    ``weights``: the game's Weights; ``unseen``: ``unseen_faces`` of the player on turn."""

    def __init__(self, weights: W, unseen: list[int]):
        self.w = weights
        self.unseen = unseen
        self.total = max(sum(unseen), 1)

    def score(self, m: M, kind: int) -> float:
        raise NotImplementedError

    @staticmethod
    def table_places(m: RaceModel[Any, Any]) -> tuple[set[int], int]:
        """Faces that could be played on the table now (a foundation or a house top), and how
        many houses are empty (they take any card)."""
        out: set[int] = set()
        empty = 0
        for t in m.f:
            if t:
                if NEXT_UP[t]:
                    out.add(NEXT_UP[t])
            else:
                out.update(ACES)
        for h in m.h:
            if h:
                out.update(BUILD_ON[h[-1]])
            else:
                empty += 1
        return out, empty

    def chance_of(self, targets: Iterable[int]) -> float:
        """The chance that a card drawn from the unseen ones is one of ``targets``."""
        u = self.unseen
        return sum(u[k] for k in targets) / self.total


class TurnSearch(Generic[M]):
    """Search the lines of play of the player on turn from ``model`` (which it mutates and
    restores). ``forbidden``: positions (model keys) already passed through this turn. A game
    subclasses it to give ``order``."""

    order: Callable[[RaceMove], int] | None = None  # a sort key: the moves tried first come first
    # What a move between two houses (pile codes 0-7) costs instead of STEP: a person watching
    # the turn must follow every such move, so one must buy more than a hair's worth of value
    # (a game's search sets it from its weights; STEP: no more than any other move).
    house_step = STEP
    prune_lines = False  # drop the house-to-house moves that do nothing for the line (prune)

    def __init__(
        self,
        model: M,
        evaluator: Scorer[M],
        node_cap: int,
        forbidden: frozenset[Hashable] = frozenset(),
    ):
        self.m = model
        self.ev = evaluator
        self.cap = node_cap
        self.forbidden = forbidden
        self.pruned = 0  # moves the last line lost to ``prune``
        # position -> (value, best move); None while on the line being searched
        self.tt: dict[Hashable, Entry | None] = {}
        self.nodes = 0  # positions expanded
        self.tried = 0  # moves tried
        self.value: float | None = None
        self.plan: list[RaceMove] = []

    def run(self) -> Generator[None, None, None]:
        """Generator: yields now and then; when exhausted, ``plan`` and ``value`` are set."""
        root = self.m.key()
        self.value = yield from self._search(root, 0)
        self.plan = yield from self._principal_line(root)
        if self.prune_lines:
            self.plan = yield from self.prune(self.plan)

    def _search(self, key: Hashable, depth: int) -> Steps:
        m, tt, score = self.m, self.tt, self.ev.score
        tt[key] = None  # on the current line
        moves = m.moves()
        if len(moves) > 1:
            moves.sort(key=self.order)
        best = LOSS * 2
        best_move = None
        for move in moves:
            kind = m.leaf_kind(move)
            token = m.do(move)
            if not kind and move[0] >= OWN and m.won():
                kind = LEAF_WIN
            if kind:
                v = score(m, kind)
            else:
                child = m.key()
                entry: Entry | None | Literal[False] = tt.get(child, False)
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
            v -= self.house_step if move[0] < 8 and move[1] < 8 else STEP
            if v > best:
                best, best_move = v, move
        tt[key] = (best, best_move)
        return best

    def _leaf_or_known(self, move: RaceMove) -> tuple[float | None, int]:
        """The value of playing ``move`` now from the table alone (no searching), and its leaf
        kind; None for a position to skip."""
        m = self.m
        kind = m.leaf_kind(move)
        token = m.do(move)
        if not kind and move[0] >= OWN and m.won():
            kind = LEAF_WIN
        if kind:
            v = self.ev.score(m, kind)
        else:
            child = m.key()
            entry: Entry | None | Literal[False] = self.tt.get(child, False)
            if entry is None or (entry is False and child in self.forbidden):
                v = None
            elif entry is False:
                v = self.ev.score(m, LEAF_CUT) - CUT_COST
            else:
                v = entry[0]
        m.undo(token)
        return v, kind

    def _principal_line(self, root: Hashable) -> Generator[None, None, list[RaceMove]]:
        """Generator: the best line from the root, up to its leaf (or where the search
        stopped). The table stores values only for positions taken with the houses as a set,
        so each step picks again the move whose result holds the best value, in this very
        arrangement."""
        m, tt, line, tokens = self.m, self.tt, [], []
        tt[root] = None
        while True:
            best, best_move, best_kind = LOSS * 2, None, 0
            moves = m.moves()
            if len(moves) > 1:
                moves.sort(key=self.order)
            for move in moves:
                v, kind = self._leaf_or_known(move)
                if v is not None:
                    v -= self.house_step if move[0] < 8 and move[1] < 8 else STEP
                    if v > best:
                        best, best_move, best_kind = v, move, kind
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

    # ------------------------------------------------------------------ pruning the line
    def line_value(self, line: list[RaceMove]) -> float | None:
        """Where ``line`` leaves the game, scored as a leaf (the leaf its last move makes, else
        a line cut short), without the moves' costs; None if a move of it is not legal in
        turn, or it passes through a position already passed through (this turn or on it)."""
        m, tokens, value = self.m, [], None
        seen = {m.key()}
        for i, move in enumerate(line):
            if move not in m.moves():
                break
            kind = m.leaf_kind(move)
            tokens.append(m.do(move))
            if not kind and move[0] >= OWN and m.won():
                kind = LEAF_WIN
            if kind or i == len(line) - 1:
                if kind:
                    value = self.ev.score(m, kind)
                elif m.key() not in seen and m.key() not in self.forbidden:
                    value = self.ev.score(m, LEAF_CUT)
                break
            key = m.key()
            if key in seen or key in self.forbidden:
                break
            seen.add(key)
        for token in reversed(tokens):
            m.undo(token)
        return value

    def prune(self, line: list[RaceMove]) -> Generator[None, None, list[RaceMove]]:
        """``line`` without the moves between houses that do nothing for it: one by one, the
        last first, a house-to-house move is dropped when the rest of the line stays legal
        and ends no worse; or, when the card it moved moves on later, it goes there straight
        from where it was, if that keeps the rest legal and the end no worse (a person
        watching never sees a card moved for nothing or by a detour). A generator (it yields
        after every line tried), returning the line."""
        if not any(s < 8 and t < 8 for s, t in line):
            return line
        best = self.line_value(line)
        if best is None:
            return line
        changed = True
        while changed:  # until every house move left is needed
            changed = False
            for i in range(len(line) - 1, -1, -1):
                s, t = line[i]
                if not (s < 8 and t < 8):
                    continue
                shorter = line[:i] + line[i + 1 :]
                v = self.line_value(shorter)
                yield
                if v is None:  # the card moved on later: straight there instead?
                    j = next((j for j in range(i + 1, len(line)) if t in line[j]), None)
                    if j is not None and line[j][0] == t and line[j][1] != s:
                        shorter[j - 1] = (s, line[j][1])
                        v = self.line_value(shorter)
                        yield
                if v is not None and v >= best - 1e-9:
                    line, best, changed = shorter, max(best, v), True
                    self.pruned += 1
                    break
        return line


__all__ = [
    "CUT_COST",
    "LEAF_CUT",
    "LEAF_END",
    "LEAF_WIN",
    "LOSS",
    "LeafEvaluator",
    "MAX_DEPTH",
    "STEP",
    "Scorer",
    "TurnSearch",
    "WIN",
    "YIELD_EVERY",
    "unseen_faces",
]
