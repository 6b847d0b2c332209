"""The computer player of a race on the table of eight houses and eight foundations
(game/core/race.py: Russian Bank, Battle solitaire): a ``PlanningBot`` (bot.py) whose plan is
the turn search (search.py) on the game's compact model (model.py).

A game's bot subclasses ``TableBot`` and gives, besides what ``PlanningBot`` asks for, its
model of a position (``MODEL``: its ``from_state`` and ``pile_names``), its leaf evaluator
(``EVALUATOR``, made with the level's ``weights``) and its turn search (``SEARCH``: the order
it tries moves in); its levels' settings are ``WeightedLevel`` records. Medium, Hard and
Oracle plan; Oracle's model sees every face-down card.

Within one turn the bot remembers every position it has passed through (the model's keys):
a plan never leads back to one of them, so no card goes back and forth.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.ai.jobs import Decision, Level
from game.ai.race.bot import LevelSettings, PlanningBot
from game.ai.race.model import PASS_MOVE, RaceModel
from game.ai.race.search import LeafEvaluator, TurnSearch, unseen_faces
from game.core import PASS, Move
from game.core.race import RaceState

W = TypeVar("W")  # a game's leaf weights


@dataclass(frozen=True, kw_only=True)
class WeightedLevel(LevelSettings, Generic[W]):
    """A level of a race played on the table: the shared settings and the weights its search
    scores a leaf with (a game's record gives their default)."""

    weights: W


L = TypeVar("L", bound="WeightedLevel[Any]")  # the game's level settings
R = TypeVar("R", bound=RaceState)  # the core's class of the game
M = TypeVar("M", bound="RaceModel[Any, Any]")  # the game's model (its undo tokens are its own)


class TableBot(PlanningBot[L, R], Generic[L, R, M]):
    """A race's player that plans each stretch of play with the turn search."""

    MODEL: type[M]  # the game's model of a position
    EVALUATOR: type[LeafEvaluator[Any, M]]  # how the game scores a leaf
    SEARCH: type[TurnSearch[M]]  # the game's turn search (its order of moves)

    def __init__(self, level: Level | str = Level.HARD, seed: int | None = None):
        super().__init__(level, seed)
        self._turn: tuple[int | None, int, int] | None = None  # which turn _seen belongs to
        self._seen: set[Hashable] = set()  # model positions already passed through this turn

    def _search(self, model: M, unseen: list[int], forbidden: frozenset[Hashable]) -> TurnSearch[M]:
        """The turn search of this level from ``model``: the game's evaluator with the level's
        weights and the unseen faces, the level's node cap, the positions not to reach."""
        evaluator = self.EVALUATOR(self.settings.weights, unseen)
        return self.SEARCH(model, evaluator, self.settings.nodes, forbidden)

    # ------------------------------------------------------------------ planning
    def _plan_turn(self, state: R, legal: list[Move]) -> Decision:
        oracle = self.level is Level.ORACLE
        player = state.current_player
        turn = (state.seed, state.turn, player)
        if turn != self._turn:
            self._turn, self._seen = turn, set()
        model = self.MODEL.from_state(state, oracle)
        self._seen.add(model.key())
        search = self._search(model, unseen_faces(state, player), frozenset(self._seen))
        self.searches += 1
        yield
        yield from search.run()
        names = self.MODEL.pile_names(player)
        line = [Move(names[s], names[t]) if (s, t) != PASS_MOVE else PASS for s, t in search.plan]

        def passed(after: R) -> None:
            self._seen.add(self.MODEL.from_state(after, oracle).key())

        move = yield from self._checked_plan(state, legal, line, passed)
        return move


__all__ = ["TableBot", "WeightedLevel"]
