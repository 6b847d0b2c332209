"""The Russian Bank computer opponent: levels, the blocking and the sliced entry points.

    from game.ai import opponent
    bot = opponent("hard")          # "easy", "medium", "hard", "greedy", "random", "oracle"
    move = bot.choose(state)        # blocking (scripts, hints: "what would Hard do?")
    job = bot.start(state)          # sliced: works on its own copy of the state
    move = job.think(budget_ms)     # None until decided; returns within the budget (+ a slice)
    bot.calls_stop(state)           # after the other player's move: call Stop! now?

The levels' random choices (Easy's slips, which of equal moves, Stop! calls) are drawn from the
position itself (with the bot's ``seed``): the same position gets the same choice, so a deal
played the same way plays the same, and a game resumed after a reload goes on exactly as it
would have.

A move the bot returns is in ``state.legal_moves()``, except that Easy and Medium now and then
break a priority rule on purpose in STOP! mode: such a move is in ``state.breach_moves()`` and is
played with ``state.push(move, breach=True)``.

Levels (docs/ai.md has the measured strength of each):
  random  a uniformly random legal move.
  greedy  the rule text's obvious order: foundations, reserve to houses, loads onto the
          opponent, the hand card to a house, a house move that empties a house, then turn up
          (or throw away) the hand card.
  easy    greedy that overlooks things: it often misses a load or a play of its hand card,
          never plans, breaks a priority now and then, calls Stop! about one time in three.
  medium  plans its moves up to the next hidden card with a small budget, counting only the
          cards it gets rid of (not what it leaves you); rare priority slips; calls Stop! on
          most of your slips.
  hard    plans each turn: searches every line up to the next hidden card, scores where it
          leaves both players, averages over the unseen cards; never breaks a priority; calls
          Stop! on every slip.
  oracle  hard that sees every face-down card (so its plan runs through the whole turn): the
          benchmark's upper bound, not a fair opponent.
"""

from __future__ import annotations

import random
import time

from ..core import PASS, Move
from .bank_model import Model, pile_names
from .players import register
from .search import HARD, SIMPLE, Evaluator, TurnSearch, Weights, unseen_faces

LEVELS = ("easy", "medium", "hard", "greedy", "random", "oracle")


class Job:
    """One decision being thought about. ``think(budget_ms)`` runs for at most about the budget
    and returns the move once decided (then keeps returning it), else None."""

    def __init__(self, steps):
        self._steps = steps  # a generator that yields between slices and returns the move
        self.move: Move | None = None
        self.done = False
        self.thinking_ms = 0.0  # time spent in think() so far

    def think(self, budget_ms: float = 10.0) -> Move | None:
        if self.done:
            return self.move
        start = time.perf_counter()
        deadline = start + budget_ms / 1000.0
        try:
            while True:
                next(self._steps)
                if time.perf_counter() >= deadline:
                    break
        except StopIteration as stop:
            self.move, self.done = stop.value, True
        self.thinking_ms += (time.perf_counter() - start) * 1000.0
        return self.move


def _done(move):
    """A generator that has already decided (for the levels that need no slicing)."""
    return move
    yield  # noqa: unreachable - makes this a generator


def _kind(name: str) -> str:
    return name.rstrip("0123456789")


def greedy_rank(move: Move, player: int) -> int:
    """The order of the rule text: lower first. 99: never chosen while something else is."""
    if move == PASS:
        return 90
    src, dst = _kind(move.source), _kind(move.target)
    if dst == "foundation":
        return {"reserve": 0, "hand": 1, "waste": 2}.get(src, 3)
    if src == "reserve" and dst == "house":
        return 10
    if dst in ("reserve", "waste") and move.target[-1] != str(player):
        return {"reserve": 20, "hand": 21, "waste": 22}.get(src, 23)
    if src == "hand" and dst == "house":
        return 30
    if src == "waste" and dst == "house":
        return 35
    if move.source == move.target or src == "hand":
        return 80
    return 99


class Bot:
    """A computer player of one level. One bot may play any number of games and either seat."""

    def __init__(self, level: str = "hard", seed: int | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
        self.level = level
        self.seed = 0 if seed is None else seed
        self._plan: list = []  # [(position key before the move, move)] still to play
        self._turn: tuple | None = None  # which turn _seen belongs to
        self._seen: set = set()  # model positions already passed through in this turn
        self.searches = 0  # turn searches made (the other decisions follow a plan)
        config = _CONFIG[level]
        self.weights: Weights = config["weights"]
        self.node_cap: int = config["nodes"]
        self.breach_rate: float = config["breach"]
        self.stop_rate: float = config["stop"]
        self.slip_rate: float = config["slip"]

    def __repr__(self) -> str:
        return f"opponent({self.level!r})"

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
        planned = self._from_plan(state)
        if planned is not None:
            return Job(_done(planned))
        return Job(self._decide(state.copy(history=False)))

    def calls_stop(self, state) -> bool:
        """Whether this level calls Stop! now on the last move (the other player's). It never
        calls when no priority rule was broken; Hard calls on every breach, Medium on most,
        Easy on about one in three."""
        if state.breach is None:
            return False
        return self.stop_rate >= 1.0 or self._rng(state, "stop").random() < self.stop_rate

    def _rng(self, state, purpose: str) -> random.Random:
        """The random choices for one decision, drawn from the position (a str seed is hashed
        the same way on every machine and run)."""
        deal, turn, _, digest, downs = _position(state)
        return random.Random(f"{self.seed}/{purpose}/{deal}/{turn}/{digest}/{downs}")

    # ------------------------------------------------------------------ deciding
    def _decide(self, state):
        """Generator: yields between slices, returns the move."""
        legal = state.legal_moves()
        self._plan = []
        rng = self._rng(state, "move")
        slip = self._slip(state, rng)
        if slip is not None:
            return slip
        if self.level == "random":
            return rng.choice(legal)
        if self.level in ("greedy", "easy"):
            return self._greedy(state, legal, rng)
        if len(legal) == 1:
            return legal[0]
        yield
        move = yield from self._plan_turn(state, legal)
        return move

    def _slip(self, state, rng) -> Move | None:
        """Easy and Medium break a priority rule now and then (STOP! mode only)."""
        if self.breach_rate and rng.random() < self.breach_rate:
            breaches = state.breach_moves()
            if breaches:
                return rng.choice(breaches)
        return None

    def _greedy(self, state, legal, rng) -> Move:
        p = state.current_player
        ranked = sorted(legal, key=lambda m: greedy_rank(m, p))
        if self.slip_rate:
            # Easy overlooks things: a load, a place for its hand card, an emptying house move
            ranked = [m for m in ranked if not (10 < greedy_rank(m, p) < 80
                                                and rng.random() < self.slip_rate)] or ranked
        best = greedy_rank(ranked[0], p)
        return rng.choice([m for m in ranked if greedy_rank(m, p) == best])

    def _plan_turn(self, state, legal):
        oracle = self.level == "oracle"
        player = state.current_player
        turn = (state.seed, state.turn, player)
        if turn != self._turn:
            self._turn, self._seen = turn, set()
        model = Model.from_state(state, oracle=oracle)
        self._seen.add(model.key())
        evaluator = Evaluator(self.weights, unseen_faces(state, player))
        search = TurnSearch(model, evaluator, self.node_cap, frozenset(self._seen))
        self.searches += 1
        yield
        yield from search.run()
        names = pile_names(player)
        line = [Move(names[s], names[t]) if s >= 0 else PASS for s, t in search.plan]
        # check the line against the rules core, and note the position expected before each
        plan = []
        for move in line:
            if not state.is_legal(move):
                break
            plan.append((_position(state), move))
            state.push(move)
            if state.current_player != player:
                break
            self._seen.add(Model.from_state(state, oracle=oracle).key())
            yield
        if not plan:  # cannot happen while the model agrees with the core; stay safe
            return self._greedy(state, legal, self._rng(state, "move"))
        self._plan = plan[1:]
        return plan[0][1]

    def _from_plan(self, state) -> Move | None:
        if not self._plan:
            return None
        key, move = self._plan[0]
        if _position(state) != key:
            self._plan = []
            return None
        del self._plan[0]
        return move


def _position(state) -> tuple:
    """What identifies the position for following a plan."""
    return (state.seed, state.turn, state.current_player, state.position_digest(),
            tuple(p.down for p in state.hands))


_CONFIG = {
    "random": {"weights": SIMPLE, "nodes": 0, "breach": 0.0, "stop": 0.5, "slip": 0.0},
    "greedy": {"weights": SIMPLE, "nodes": 0, "breach": 0.0, "stop": 1.0, "slip": 0.0},
    "easy": {"weights": SIMPLE, "nodes": 0, "breach": 0.02, "stop": 0.35, "slip": 0.08},
    "medium": {"weights": SIMPLE, "nodes": 1, "breach": 0.01, "stop": 0.75, "slip": 0.0},
    "hard": {"weights": HARD, "nodes": 400, "breach": 0.0, "stop": 1.0, "slip": 0.0},
    "oracle": {"weights": HARD, "nodes": 2000, "breach": 0.0, "stop": 1.0, "slip": 0.0},
}


def opponent(level: str = "hard", seed: int | None = None) -> Bot:
    """A computer player: "easy", "medium", "hard", "greedy", "random" or "oracle". ``seed``
    makes its random choices repeatable."""
    return Bot(level, seed)


register("russian-bank", lambda level, seed: Bot(level, seed), ("easy", "medium", "hard"),
         hidden=("greedy", "random", "oracle"))
