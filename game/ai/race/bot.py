"""The skeleton of a race's computer player (Russian Bank's, Battle solitaire's, Chinese
Patience's): levels read from a table of settings, random choices drawn from the position,
Random and the levels that do not search choosing by the game's obvious order, and the others
planning a stretch of play and then following the plan.

    bot = SomeBot("hard", seed=3)   # a Level or its text
    move = bot.choose(state)        # blocking
    job = bot.start(state)          # sliced (game/ai/jobs.py): works on its own copy of state
    bot.calls_stop(state)           # call Stop! (knock) now on another player's breach?

A game's bot subclasses ``PlanningBot`` and gives: ``SETTINGS`` (Level -> its ``LevelSettings``
record, in the order the levels are listed), ``STATE`` (the core's class of the game: the bot
plays nothing else), ``NAME`` (for repr) and the methods marked "the game's": ``_rank`` (the
obvious order of moves, lower first), ``_sight`` (what the random choices are drawn from),
``_position`` (what identifies a position for following a plan) and ``_plan_turn`` (the search,
then ``_checked_plan`` on the line it found); and, where its levels do such things, what Easy
overlooks (``_may_overlook``) or when it ends a turn early (``_ends_early``), a breach a person
could not see (``_catchable``), the purpose its Stop! calls are drawn for (``_call_purpose``),
where its levels slip (``_slip`` before any plan, or in its ``_without_search``: both use
``_breach``).

Random plays a random legal move; the levels that do not search (``nodes`` 0: Greedy, Easy)
the best in the obvious order (Easy overlooking moves at its ``slip`` rate); the others plan.

A plan is the searched line checked move by move against the rules core (the position expected
before each move noted); while the game follows it, the next decision is the plan's next move
with no thinking; any other position drops it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.ai.jobs import Decision, Job, Level, decided, level_named
from game.core import PASS, GameState, Move
from game.core.kinds import PileKind, pile_kind


@dataclass(frozen=True, kw_only=True)
class LevelSettings:
    """What one level of a race's player does; a game's record adds what else its levels
    need (the leaf weights of its search, ...)."""

    nodes: int = 0  # positions the search may expand (0: it never searches)
    slip: float = 0.0  # how often it overlooks each play it could make (Easy)
    breach: float = 0.0  # how often it breaks a priority on purpose, where it can (a slip to catch)
    calls: float = 0.0  # how often it calls Stop! (knocks) on another player's breach


S = TypeVar("S", bound=LevelSettings)
G = TypeVar("G", bound=GameState)
Plan = list[tuple[Hashable, Move]]  # (the position expected before the move, the move)


class PlanningBot(Generic[S, G]):
    """A computer player of one level. One bot may play any number of games and any seat."""

    SETTINGS: Mapping[Level, S]  # the levels, in the order they are listed
    STATE: type[G]  # the core's class of the game
    NAME = "bot"  # for repr

    def __init__(self, level: Level | str = Level.HARD, seed: int | None = None):
        known = level_named(level, self.SETTINGS)
        if known is None:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(self.SETTINGS)}")
        self.level = known
        self.settings = self.SETTINGS[known]
        self.seed = 0 if seed is None else seed
        self._plan: Plan = []  # still to play
        self.seat: int | None = None  # the seat it last played (its calls are drawn with it)
        self.searches = 0  # searches made (the other decisions follow a plan or need none)
        self._ranks: dict[tuple[Move, int], int] = {}  # _rank's answers, asked again and again
        self._kinds: dict[str, PileKind] = {}  # pile_kind's answers, likewise

    @property
    def breach_rate(self) -> float:
        """How often this level breaks a priority on purpose where it can (0: never)."""
        return self.settings.breach

    def __repr__(self) -> str:
        return f"{self.NAME}({self.level.value!r})"

    # ------------------------------------------------------------------ the API
    def choose(self, state: GameState) -> Move:
        """The move this level plays in ``state`` (blocking)."""
        job = self.start(state)
        while True:
            move = job.think(1000.0)
            if move is not None:
                return move

    def start(self, state: GameState) -> Job:
        """Begin deciding on a copy of ``state``; the caller's state is left alone."""
        game = self._own(state)
        if game.is_over():
            raise ValueError("the game is over: there is no move to choose")
        self.seat = game.current_player
        slip = self._slip(game)  # asked before every decision, a plan being followed or not
        if slip is not None:
            self._plan = []
            return Job(decided(slip))
        planned = self._from_plan(game)
        if planned is not None:
            return Job(decided(planned))
        return Job(self._decide(self._own(game.copy(history=False))))

    def calls_stop(self, state: GameState) -> bool:
        """Whether this level calls Stop! (knocks) now on the last move, another player's. It
        never calls when no priority was broken; on a breach, at the level's ``calls`` rate."""
        rate = self.settings.calls
        if not rate or state.breach is None:
            return False
        game = self._own(state)
        return rate >= 1.0 or self._rng(game, self._call_purpose()).random() < rate

    def _own(self, state: GameState) -> G:
        if not isinstance(state, self.STATE):
            raise TypeError(f"{self!r} plays {self.STATE.game_id}, not {state.game_id}")
        return state

    # ------------------------------------------------------------------ the game's
    def _rank(self, move: Move, player: int) -> int:
        """The obvious order of moves for ``player``: lower first."""
        raise NotImplementedError

    def _sight(self, state: G) -> str:
        """What the random choices of a decision are drawn from (never a hidden card)."""
        raise NotImplementedError

    def _position(self, state: G) -> Hashable:
        """What identifies the position for following a plan."""
        raise NotImplementedError

    def _plan_turn(self, state: G, legal: list[Move]) -> Decision:
        """Search, then ``_checked_plan`` the line found (generator: returns the move)."""
        raise NotImplementedError

    def _may_overlook(self, rank: int) -> bool:
        """Whether Easy may overlook a move of this rank."""
        return False

    def _ends_early(self, rank: int, rng: random.Random) -> bool:
        """Whether Easy ends its turn now rather than play its best move, of ``rank``."""
        return False

    def _catchable(self, state: G, move: Move) -> bool:
        """Whether a person watching could catch the priority breach ``move``."""
        return True

    def _call_purpose(self) -> str:
        return "stop"

    def _slip(self, state: G) -> Move | None:
        """A move that breaks a priority on purpose now, before any plan (Russian Bank's
        levels: ``_breach``); None for a game whose levels do not slip there."""
        return None

    # ------------------------------------------------------------------ deciding
    def _rng(self, state: G, purpose: str) -> random.Random:
        """The random choices for one decision, drawn from the position (a str seed is hashed
        the same way on every machine and run)."""
        return random.Random(f"{self.seed}/{purpose}/{self._sight(state)}")

    def _decide(self, state: G) -> Decision:
        """Generator: yields between slices, returns the move."""
        legal = state.legal_moves()
        self._plan = []
        rng = self._rng(state, "move")
        quick = self._without_search(state, legal, rng)
        if quick is not None:
            return quick
        if len(legal) == 1:
            return legal[0]
        yield
        move = yield from self._plan_turn(state, legal)
        return move

    def _without_search(self, state: G, legal: list[Move], rng: random.Random) -> Move | None:
        """The move of the levels that do not search (Random, Greedy, Easy); None for the
        others."""
        if self.level is Level.RANDOM:
            return rng.choice(legal)
        if not self.settings.nodes:
            return self._greedy(state, legal, rng, self.settings.slip)
        return None

    def _ranked(self, move: Move, player: int) -> int:
        """``_rank``, worked out once per move and player."""
        rank = self._ranks.get((move, player))
        if rank is None:
            rank = self._ranks[move, player] = self._rank(move, player)
        return rank

    def _pile_kind(self, name: str) -> PileKind:
        """The kind of the pile ``name`` (game.core.kinds), worked out once per name."""
        kind = self._kinds.get(name)
        if kind is None:
            kind = self._kinds[name] = pile_kind(name)
        return kind

    def _greedy(self, state: G, legal: list[Move], rng: random.Random, slip: float) -> Move:
        """The best move in the obvious order; with ``slip``, each move Easy may overlook is
        overlooked with that chance (unless every move would be)."""
        p = state.current_player
        ranks = {m: self._ranked(m, p) for m in legal}
        ranked = sorted(legal, key=ranks.__getitem__)
        if slip:
            kept = [m for m in ranked if not (self._may_overlook(ranks[m]) and rng.random() < slip)]
            ranked = kept or ranked
            if self._ends_early(ranks[ranked[0]], rng):
                return PASS
        best = ranks[ranked[0]]
        return rng.choice([m for m in ranked if ranks[m] == best])

    def _breach(self, state: G) -> Move | None:
        """At the level's ``breach`` rate, where a breach is possible that doesn't end the turn
        (a card thrown on the player's own waste would leave nothing to see while the turn goes
        on), one breach at a time: the breach the obvious order likes best, of those a person
        could catch."""
        if not self.settings.breach or state.breach is not None:
            return None
        p = state.current_player
        own_waste = f"{PileKind.WASTE}{p}"
        breaches = [m for m in state.breach_moves() if m != PASS and m.target != own_waste]
        if not breaches:
            return None
        rng = self._rng(state, "slip")
        if rng.random() >= self.settings.breach:
            return None
        rng.shuffle(breaches)
        for move in sorted(breaches, key=lambda m: self._ranked(m, p)):
            if self._catchable(state, move):
                return move
        return None

    def _checked_plan(
        self,
        state: G,
        legal: list[Move],
        line: Iterable[Move],
        passed: Callable[[G], None] | None = None,
    ) -> Decision:
        """Play the searched ``line`` on ``state`` while the rules core agrees and the player
        stays on turn, noting the position expected before each move (``passed`` is told each
        position reached on); keep the rest as the plan and return its first move. Generator.
        ``line`` may be a generator that makes each move in the position it is played in."""
        player = state.current_player
        plan: Plan = []
        for move in line:
            if not state.is_legal(move):
                break
            plan.append((self._position(state), move))
            state.push(move)
            if state.current_player != player or state.is_over():
                break
            if passed is not None:
                passed(state)
            yield
        if not plan:  # cannot happen while the model agrees with the core; stay safe
            return self._greedy(state, legal, self._rng(state, "move"), self.settings.slip)
        self._plan = plan[1:]
        return plan[0][1]

    def _from_plan(self, state: G) -> Move | None:
        if not self._plan:
            return None
        key, move = self._plan[0]
        if self._position(state) != key:
            self._plan = []
            return None
        del self._plan[0]
        return move


__all__ = ["LevelSettings", "PlanningBot"]
