"""The computer player of a race on the table of eight houses and eight foundations
(game/core/race.py: Russian Bank, Battle solitaire): a ``PlanningBot`` (bot.py) whose plan is
the turn search (search.py) on the game's compact model (model.py).

A game's bot subclasses ``TableBot`` and gives, besides what ``PlanningBot`` asks for, its
model of a position (``_model``), ``_search`` (the turn search of its level on a model, with
its evaluator and the level's weights) and ``_pile_names`` (model pile code -> core name).
Medium, Hard and Oracle plan; Oracle's model sees every face-down card.

Within one turn the bot remembers every position it has passed through (the model's keys):
a plan never leads back to one of them, so no card goes back and forth.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from game.ai.jobs import Decision, Level
from game.ai.race.bot import PlanningBot, S
from game.ai.race.model import PASS_MOVE, RaceModel
from game.ai.race.search import TurnSearch, unseen_faces
from game.core import PASS, Move
from game.core.race import RaceState

R = TypeVar("R", bound=RaceState)  # the core's class of the game
M = TypeVar("M", bound="RaceModel[Any]")  # the game's model (its undo tokens are its own)


class TableBot(PlanningBot[S, R], Generic[S, R, M]):
    """A race's player that plans each stretch of play with the turn search."""

    def __init__(self, level: Level | str = Level.HARD, seed: int | None = None):
        super().__init__(level, seed)
        self._turn: tuple[int | None, int, int] | None = None  # which turn _seen belongs to
        self._seen: set[Hashable] = set()  # model positions already passed through this turn

    # ------------------------------------------------------------------ the game's
    def _model(self, state: R, oracle: bool) -> M:
        """The game's model of ``state`` as the player on turn sees it (``oracle``: all)."""
        raise NotImplementedError

    def _search(self, model: M, unseen: list[int], forbidden: frozenset[Hashable]) -> TurnSearch[M]:
        """The turn search of this level from ``model``: the game's evaluator with the level's
        weights and the unseen faces, the level's node cap, the positions not to reach."""
        raise NotImplementedError

    def _pile_names(self, player: int) -> tuple[str, ...]:
        """The core's pile names of the model's pile codes, seen from ``player``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ planning
    def _plan_turn(self, state: R, legal: list[Move]) -> Decision:
        oracle = self.level is Level.ORACLE
        player = state.current_player
        turn = (state.seed, state.turn, player)
        if turn != self._turn:
            self._turn, self._seen = turn, set()
        model = self._model(state, oracle)
        self._seen.add(model.key())
        search = self._search(model, unseen_faces(state, player), frozenset(self._seen))
        self.searches += 1
        yield
        yield from search.run()
        names = self._pile_names(player)
        line = [Move(names[s], names[t]) if (s, t) != PASS_MOVE else PASS for s, t in search.plan]

        def passed(after: R) -> None:
            self._seen.add(self._model(after, oracle).key())

        move = yield from self._checked_plan(state, legal, line, passed)
        return move


__all__ = ["TableBot"]
