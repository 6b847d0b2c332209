"""A compact copy of one Battle solitaire position and the turn search that runs on it.

The rules core (game.core.games.battle_solitaire) is the authority and checks everything; a turn
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

The search is the races' shared turn search (game/ai/race/search.py): every line of play up
to a leaf: the turn ends (a pass), a hidden card comes up (the hand's card turned, the hand
refilled, or the penalty pile's next card), or the game is won. This file gives how a leaf is
scored (``Weights``, ``Evaluator``) and which moves are tried first (``TurnSearch``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.race import search as turn_search
from game.ai.race.faces import HIDDEN
from game.ai.race.model import PASS_MOVE, Piles, RaceModel, RaceMove, zobrist_tables
from game.ai.race.search import LEAF_CUT, LEAF_END, LEAF_WIN, WIN, LeafEvaluator
from game.core.games.battle_solitaire import BattleSolitaire
from game.core.kinds import PileKind

PEN, HAND, RP = 16, 17, 18
TURN = (HAND, RP)
REFILL = (RP, HAND)

# kinds of leaf (besides the shared LEAF_END, LEAF_WIN, LEAF_CUT)
LEAF_PEN, LEAF_HAND, LEAF_REFILL = 2, 3, 6


# what ``do`` returns for ``undo``: (source, target, the card's face), or for a refill
# (source, target, the reserve pile as it was); None for a pass
Token = tuple[int, int, int] | tuple[int, int, list[int]] | None


class Model(RaceModel[Token, BattleSolitaire]):
    """The position as the player on turn sees it. Mutated by ``do``; ``undo`` restores."""

    __slots__ = ("pen", "hand", "waste", "refilled", "opp_pen", "opp_waste", "opp_counts")
    ZH, ZF = zobrist_tables(0xBA77)
    OWN_PILES = ((PileKind.RESERVE, False), (PileKind.HAND, False), (PileKind.WASTE, False))
    pen: list[int]
    hand: list[int]
    waste: list[int]
    refilled: bool
    opp_pen: int  # the face of the opponent's penalty card (0: none)
    opp_waste: int  # the face of the opponent's reserve pile top (0: none)
    opp_counts: tuple[int, int]  # the opponent's penalty cards, their hand and reserve pile cards

    def _read_own(self, state: BattleSolitaire, piles: Piles) -> None:
        p, o = self.player, 1 - self.player
        self.pen = self._faces(piles[f"reserve{p}"])
        self.hand = self._faces(piles[f"hand{p}"])
        self.waste = self._faces(piles[f"waste{p}"])
        self.refilled = bool(state.refilled)
        self.opp_pen = piles[f"reserve{o}"][-1][0].key if piles[f"reserve{o}"] else 0
        self.opp_waste = piles[f"waste{o}"][-1][0].key if piles[f"waste{o}"] else 0
        self.opp_counts = (
            len(piles[f"reserve{o}"]),
            len(piles[f"hand{o}"]) + len(piles[f"waste{o}"]),
        )

    def key(self) -> tuple[int, ...]:
        return (
            self.hsum + 3 * self.fsum,
            len(self.pen),
            len(self.hand),
            len(self.waste),
            self.waste[-1] if self.waste else 0,
            self.refilled,
        )

    # ------------------------------------------------------------------ move generation
    def sources(self) -> list[tuple[int, int]]:
        out = [(i, h[-1]) for i, h in enumerate(self.h) if h]
        if self.pen:
            out.append((PEN, self.pen[-1]))
        if self.waste:
            out.append((RP, self.waste[-1]))
        return out

    def moves(self) -> list[RaceMove]:
        """The legal moves, one per distinct result where targets are interchangeable (the
        first empty foundation or shared pile stands for all; a lone card on a shared pile
        never moves to an empty one)."""
        srcs = self.sources()
        fw = self.foundation_wants()
        out: list[RaceMove] = []
        for code, k in srcs:
            j = fw.get(k)
            if j is not None:
                out.append((code, j))
        self.house_moves(srcs, out)
        if self.hand:
            out.append(TURN)
        elif self.waste and not self.refilled:
            out.append(REFILL)
        out.append(PASS_MOVE)
        return out

    # ------------------------------------------------------------------ playing
    def leaf_kind(self, move: RaceMove) -> int:
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

    def do(self, move: RaceMove) -> Token:
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

    def undo(self, token: Token) -> None:
        if token is None:
            return
        src, dst, k = token
        if isinstance(k, list):  # a refill: k is the reserve pile as it was
            self.waste = k
            self.hand = []
            self.refilled = False
            return
        self._pop(dst)
        self._push(src, k)

    def _own(self, code: int) -> list[int]:
        return (self.pen, self.hand, self.waste)[code - 16]


# ---------------------------------------------------------------------- scoring a leaf
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


class Evaluator(LeafEvaluator[Weights, Model]):
    def __init__(self, weights: Weights, unseen: list[int]):
        super().__init__(weights, unseen)
        # table key -> places(), for the positions of one search
        self._places: dict[int, tuple[set[int], int]] = {}

    def places(self, m: Model) -> tuple[set[int], int]:
        """Faces that could be played somewhere now, and how many shared piles are empty."""
        key = m.hsum + 3 * m.fsum
        found = self._places.get(key)
        if found is None:
            found = self._places[key] = self.table_places(m)
        return found

    def chance_playable(self, m: Model, kind: int) -> float:
        """The chance that the card that came up (or comes up next, after a refill) can be
        played at once: over the unseen cards, or, for the oracle, of that very card."""
        targets, empty = self.places(m)
        if empty:
            return 1.0
        if m.oracle:
            card = (
                m.pen[-1]
                if kind == LEAF_PEN
                else m.hand[-1]
                if kind == LEAF_REFILL
                else m.waste[-1]
            )
            return 1.0 if card in targets else 0.0
        return self.chance_of(targets)

    def score(self, m: Model, kind: int) -> float:
        if kind == LEAF_WIN:
            return WIN
        w = self.w
        v = -(w.pen * len(m.pen) + w.hand * (len(m.hand) + len(m.waste)))
        if kind == LEAF_PEN:
            v += w.next_pen * w.pen * self.chance_playable(m, kind)
        elif kind in (LEAF_HAND, LEAF_REFILL):
            v += w.next_hand * w.hand * self.chance_playable(m, kind)
        ending = kind == LEAF_END or (
            kind == LEAF_CUT and not (m.hand or (m.waste and not m.refilled))
        )  # a line cut short with nothing left to
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


def _order(move: RaceMove) -> int:
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


class TurnSearch(turn_search.TurnSearch[Model]):
    order = staticmethod(_order)
