"""The skeleton of a race's computer player (Russian Bank's, Battle solitaire's): levels read
from a table, random choices drawn from the position, and Medium, Hard and Oracle planning a
stretch of play with the turn search (game/ai/race/search.py) and then following the plan.

    bot = SomeBot("hard", seed=3)
    move = bot.choose(state)        # blocking
    job = bot.start(state)          # sliced (game/ai/jobs.py): works on its own copy of state
    bot.calls_stop(state)           # a game without calls: never

A game's bot subclasses ``PlanningBot`` and gives: ``LEVELS`` and ``CONFIG`` (level ->
{"weights", "nodes", ...}: the leaf weights and the search's node cap, 0 for no search, plus
what else the game's levels need), its model, evaluator and search classes and ``pile_names``
(model pile code -> core pile name), and three methods: ``_rng`` (the random choices of one
decision, drawn from the position so that the same position gets the same choice), ``_position``
(what identifies a position for following a plan) and ``_greedy`` (the levels that do not
search). Random plays a random legal move; Greedy and Easy ``_greedy``; the others plan.

A plan is the searched line checked move by move against the rules core (the position expected
before each move noted); while the game follows it, the next decision is the plan's next move
with no thinking; any other position drops it.
"""

from __future__ import annotations

import random

from game.ai.jobs import Job, decided
from game.ai.race.model import PASS_MOVE
from game.ai.race.search import unseen_faces
from game.core import PASS, Move


def pile_kind(name: str) -> str:
    """A core pile name without its number: "house3" -> "house"."""
    return name.rstrip("0123456789")


class PlanningBot:
    """A computer player of one level. One bot may play any number of games and either seat."""

    LEVELS: tuple[str, ...] = ()
    CONFIG: dict = {}
    NAME = "bot"  # for repr
    MODEL: type  # from_state(state, oracle) -> a model with key()
    EVALUATOR: type  # (weights, unseen_faces) -> score(model, kind)
    SEARCH: type  # a TurnSearch
    pile_names = None  # (player) -> core pile names of the model's pile codes

    def __init__(self, level: str = "hard", seed: int | None = None):
        if level not in self.LEVELS:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(self.LEVELS)}")
        self.level = level
        self.seed = 0 if seed is None else seed
        self._plan: list = []  # [(position before the move, move)] still to play
        self._turn: tuple | None = None  # which turn _seen belongs to
        self._seen: set = set()  # model positions already passed through in this turn
        self.searches = 0  # turn searches made (the other decisions follow a plan)
        config = self.CONFIG[level]
        self.weights = config["weights"]
        self.node_cap: int = config["nodes"]

    def __repr__(self) -> str:
        return f"{self.NAME}({self.level!r})"

    # ------------------------------------------------------------------ the API
    def choose(self, state) -> Move:
        """The move this level plays in ``state`` (blocking)."""
        job = self.start(state)
        while True:
            move = job.think(1000.0)
            if job.done:
                return move

    def start(self, state) -> Job:
        """Begin deciding on a copy of ``state``; the caller's state is left alone."""
        if state.is_over():
            raise ValueError("the game is over: there is no move to choose")
        slip = self._slip(state)  # asked before every decision, a plan being followed or not
        if slip is not None:
            self._plan = []
            return Job(decided(slip))
        planned = self._from_plan(state)
        if planned is not None:
            return Job(decided(planned))
        return Job(self._decide(state.copy(history=False)))

    def calls_stop(self, state) -> bool:
        """Whether to call Stop! now on the other player's last move: a game without calls
        never does."""
        return False

    # ------------------------------------------------------------------ the game's
    def _rng(self, state, purpose: str) -> random.Random:
        """The random choices for one decision, drawn from the position."""
        raise NotImplementedError

    def _position(self, state) -> tuple:
        """What identifies the position for following a plan."""
        raise NotImplementedError

    def _greedy(self, state, legal, rng) -> Move:
        """The move of the levels that do not search (Greedy, Easy)."""
        raise NotImplementedError

    def _slip(self, state) -> Move | None:
        """A move that breaks a priority on purpose now, if this level does that (Stop!)."""
        return None

    # ------------------------------------------------------------------ deciding
    def _decide(self, state):
        """Generator: yields between slices, returns the move."""
        legal = state.legal_moves()
        self._plan = []
        rng = self._rng(state, "move")
        if self.level == "random":
            return rng.choice(legal)
        if self.level in ("greedy", "easy"):
            return self._greedy(state, legal, rng)
        if len(legal) == 1:
            return legal[0]
        yield
        move = yield from self._plan_turn(state, legal)
        return move

    def _plan_turn(self, state, legal):
        oracle = self.level == "oracle"
        player = state.current_player
        turn = (state.seed, state.turn, player)
        if turn != self._turn:
            self._turn, self._seen = turn, set()
        model = self.MODEL.from_state(state, oracle=oracle)
        self._seen.add(model.key())
        evaluator = self.EVALUATOR(self.weights, unseen_faces(state, player))
        search = self.SEARCH(model, evaluator, self.node_cap, frozenset(self._seen))
        self.searches += 1
        yield
        yield from search.run()
        names = self.pile_names(player)
        line = [Move(names[s], names[t]) if (s, t) != PASS_MOVE else PASS for s, t in search.plan]
        # check the line against the rules core, and note the position expected before each
        plan = []
        for move in line:
            if not state.is_legal(move):
                break
            plan.append((self._position(state), move))
            state.push(move)
            if state.current_player != player or state.is_over():
                break
            self._seen.add(self.MODEL.from_state(state, oracle=oracle).key())
            yield
        if not plan:  # cannot happen while the model agrees with the core; stay safe
            return self._greedy(state, legal, self._rng(state, "move"))
        self._plan = plan[1:]
        return plan[0][1]

    def _from_plan(self, state) -> Move | None:
        if not self._plan:
            return None
        key, move = self._plan[0]
        if self._position(state) != key:
            self._plan = []
            return None
        del self._plan[0]
        return move


__all__ = ["PlanningBot", "pile_kind"]
