"""Russian Bank's turn planner (Hard, Medium, Oracle): how a leaf is scored (``Weights``,
``Evaluator``) and which moves are tried first (``TurnSearch``); the search itself, every line of
play up to the next hidden card, is the races' shared one (game/ai/race/search.py), run on
Russian Bank's model (game/ai/players/russian_bank/model.py).

A line ends at a leaf: the turn ends (the hand card goes on the waste, or a pass), a hidden card
is turned up (the next reserve card, or the hand card), or the game is won. At a hidden-card leaf
the unseen cards of the player's own pack are known as a set: the leaf scores the average over
them of whether the card turned up could be played at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.ai.players.russian_bank.model import (
    END,
    HAND,
    LEAF_HAND,
    LEAF_RESERVE,
    ORES,
    OWASTE,
    RES,
    TURN,
    WASTE,
    Model,
)
from game.ai.race import search as turn_search
from game.ai.race.faces import HIDDEN, NEIGHBOURS
from game.ai.race.model import RaceMove
from game.ai.race.search import LEAF_WIN, WIN, LeafEvaluator


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
    # what a move between houses costs (any other move 0.001): a watcher follows each one, so
    # Hard shuffles no cards for a hair's worth of value (issue 26 item 2)
    house_move: float = 0.05
    prune: bool = True  # drop the house moves that do nothing for the planned line


# Scoring what a leaf leaves the opponent (look_ahead) lost head-to-head against not scoring
# it (90-70 of 160 games; docs/ai.md), so Hard counts cards and averages over hidden cards only.
HARD = Weights(look_ahead=False)
SIMPLE = Weights(
    opp_reserve_plays=0.0,
    opp_empty_house=0.0,
    opp_can_load=0.0,
    my_reserve_plays=0.0,
    next_reserve=0.0,
    next_hand=0.0,
    look_ahead=False,
)


class Evaluator(LeafEvaluator[Weights, Model]):
    def targets(self, m: Model) -> tuple[set[int], bool]:
        """Faces that could be played somewhere now, and whether a house is empty."""
        out, empty = self.table_places(m)
        if m.ores and m.ores[-1] != HIDDEN:
            out.update(NEIGHBOURS[m.ores[-1]])
        if m.owaste:
            out.update(NEIGHBOURS[m.owaste[-1]])
        return out, empty > 0

    def chance_playable(self, m: Model) -> float:
        targets, empty = self.targets(m)
        if empty:
            return 1.0
        return self.chance_of(targets)

    def score(self, m: Model, kind: int) -> float:
        if kind == LEAF_WIN:
            return WIN
        w = self.w
        v = w.reserve * (len(m.ores) - len(m.res)) + w.hand * (
            m.ohand + len(m.owaste) - len(m.hand) - len(m.waste)
        )
        if kind == LEAF_RESERVE:
            v += w.next_reserve * w.reserve * self.chance_playable(m)
        elif kind == LEAF_HAND:
            v += w.next_hand * w.hand * self.chance_playable(m)
        if not w.look_ahead:
            return v
        # what the table leaves the opponent (who plays next once this turn ends)
        wants, empties = self.table_places(m)
        my_loads: set[int] = set()
        if m.res:
            my_loads.update(NEIGHBOURS[m.res[-1]])
        if m.waste:
            my_loads.update(NEIGHBOURS[m.waste[-1]])
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


def _order(move: RaceMove) -> int:
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


class TurnSearch(turn_search.TurnSearch[Model]):
    order = staticmethod(_order)

    def __init__(
        self,
        model: Model,
        evaluator: Evaluator,
        node_cap: int,
        forbidden: frozenset[Hashable] = frozenset(),
    ):
        super().__init__(model, evaluator, node_cap, forbidden)
        self.house_step = evaluator.w.house_move
        self.prune_lines = evaluator.w.prune
