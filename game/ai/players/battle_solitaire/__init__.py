"""The Battle solitaire computer player: levels and the sliced entry points.

    from game.ai.players import computer_player
    bot = computer_player("battle-solitaire", "hard")  # a Level or its text: "easy", "medium",
                                                       # "hard" (and "greedy", "random", "oracle")
    move = bot.choose(state)        # blocking (scripts, tests)
    job = bot.start(state)          # sliced: works on its own copy of the state
    move = job.think(budget_ms)     # None until decided; returns within the budget (+ a slice)

Every move a bot returns is in ``state.legal_moves()``. Its random choices (which of equal
moves, Easy's oversights) are drawn from what the player on turn can see of the position (and
the bot's ``seed``): the same position gets the same choice, a deal played the same way plays
the same, a game resumed after a reload goes on as it would have, and shuffling the face-down
cards never changes a choice (no level but "oracle" reads a face-down card).

Levels (docs/ai-battle-solitaire.md has the measured strength of each):
  random  a uniformly random legal move (the turn button included).
  greedy  the obvious order: penalty card to a foundation, reserve pile card to a foundation,
          a shared pile's card to a foundation, the penalty card onto a shared pile, the reserve
          pile card onto a shared pile, then turn a hand card (or the reserve pile back into the
          hand), and press the turn button when nothing of that is left. Never moves cards
          between shared piles.
  easy    greedy that overlooks things: a quarter of the time it misses each play (not
          turning a card), and now and then it stops a turn early.
  medium  plans up to the next hidden card with a small budget, counting only its own cards.
  hard    plans each stretch of play: every line up to the next hidden card (a hand card
          turned, the penalty pile's next card), scoring its cards left (penalty cards double),
          the chance that the hidden card plays at once, and, when it ends its turn, what it
          leaves the opponent (a place for their penalty or reserve pile card, empty piles).
  oracle  hard that sees every face-down card (it knows the very card a turn brings up): a
          yardstick for the benchmark, not a fair opponent.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from types import MappingProxyType

from game.ai.jobs import Level
from game.ai.players import Players
from game.ai.players.battle_solitaire.model import (
    HARD,
    SIMPLE,
    Evaluator,
    Model,
    TurnSearch,
    Weights,
)
from game.ai.race.table_bot import TableBot, WeightedLevel
from game.core import PASS, GameState, Move
from game.core.games.battle_solitaire import BattleSolitaire
from game.core.kinds import PileKind, pile_kind


@dataclass(frozen=True, kw_only=True)
class BattleLevel(WeightedLevel[Weights]):
    """A Battle solitaire level: the shared settings, the weights its search scores a leaf
    with, and how often Easy ends a turn early (``quit``, where only turning a card is left)."""

    weights: Weights = SIMPLE
    quit: float = 0.0


#: the levels, in the order they are listed (the game has no calls: no level calls)
SETTINGS = MappingProxyType(
    {
        Level.EASY: BattleLevel(slip=0.25, quit=0.02),
        Level.MEDIUM: BattleLevel(nodes=10),
        Level.HARD: BattleLevel(weights=HARD, nodes=400),
        Level.GREEDY: BattleLevel(),
        Level.RANDOM: BattleLevel(),
        Level.ORACLE: BattleLevel(weights=HARD, nodes=400),
    }
)
LEVELS = tuple(SETTINGS)

_TO_FOUNDATION = {PileKind.RESERVE: 0, PileKind.WASTE: 1}
_TO_HOUSE = {PileKind.RESERVE: 10, PileKind.WASTE: 20}
TURNING = 80  # the rank of turning a hand card, or the reserve pile back into the hand


def greedy_rank(move: Move) -> int:
    """The obvious order: lower first; 99: never chosen while something else is."""
    if move == PASS:
        return 90
    src, dst = pile_kind(move.source), pile_kind(move.target)
    if dst is PileKind.FOUNDATION:
        return _TO_FOUNDATION.get(src, 2)
    if dst is PileKind.HOUSE:
        return _TO_HOUSE.get(src, 99)
    return TURNING


class Bot(TableBot[BattleLevel, BattleSolitaire, Model]):
    """A computer player of one level. One bot may play any number of games and either seat."""

    SETTINGS = SETTINGS
    STATE = BattleSolitaire
    NAME = "battle bot"
    MODEL = Model
    EVALUATOR = Evaluator
    SEARCH = TurnSearch

    def _rank(self, move: Move, player: int) -> int:
        return greedy_rank(move)

    def _may_overlook(self, rank: int) -> bool:
        # Easy overlooks plays now and then (never turning a card) ...
        return rank < TURNING

    def _ends_early(self, rank: int, rng: random.Random) -> bool:
        # ... and sometimes ends a turn early
        return rank == TURNING and rng.random() < self.settings.quit

    def _sight(self, state: BattleSolitaire) -> str:
        """What the player on turn sees (``visible_digest``)."""
        return f"{state.seed}/{state.turn}/{visible_digest(state)}"

    def _position(self, state: BattleSolitaire) -> tuple[Hashable, ...]:
        return (
            state.seed,
            state.turn,
            state.current_player,
            state.position_digest(),
            state.refilled,
        )


def visible_digest(state: GameState) -> int:
    """What the player on turn can see, as a number: the face-up cards where they lie and how
    many cards lie face down in each pile (never which)."""
    h = state.current_player + 1
    for cards in state.piles().values():
        for card, up in cards:
            h = (h * 131 + (card.id + 1 if up else 0)) % 9007199254740881
        h = (h * 131 + 127) % 9007199254740881
    return h


def battle_bot(level: Level | str = Level.HARD, seed: int | None = None) -> Bot:
    """A Battle solitaire computer player of one level (see the module's docstring)."""
    return Bot(level, seed)


PLAYERS = Players(Bot)

__all__ = [
    "LEVELS",
    "PLAYERS",
    "SETTINGS",
    "BattleLevel",
    "Bot",
    "battle_bot",
    "greedy_rank",
    "visible_digest",
]
