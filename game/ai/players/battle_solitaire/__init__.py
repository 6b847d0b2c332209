"""The Battle solitaire computer player: levels and the sliced entry points.

    from game.ai.players import computer_player
    bot = computer_player("battle-solitaire", "hard")  # "easy", "medium", "hard"
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

from game.ai.players import Players
from game.ai.players.battle_solitaire.model import (
    HARD,
    SIMPLE,
    Evaluator,
    Model,
    TurnSearch,
    pile_names,
)
from game.ai.race.bot import PlanningBot, pile_kind
from game.core import PASS, Move

GAME = "battle-solitaire"
LEVELS = ("easy", "medium", "hard", "greedy", "random", "oracle")

_CONFIG = {
    "random": {"weights": SIMPLE, "nodes": 0, "slip": 0.0, "quit": 0.0},
    "greedy": {"weights": SIMPLE, "nodes": 0, "slip": 0.0, "quit": 0.0},
    "easy": {"weights": SIMPLE, "nodes": 0, "slip": 0.25, "quit": 0.02},
    "medium": {"weights": SIMPLE, "nodes": 10, "slip": 0.0, "quit": 0.0},
    "hard": {"weights": HARD, "nodes": 400, "slip": 0.0, "quit": 0.0},
    "oracle": {"weights": HARD, "nodes": 400, "slip": 0.0, "quit": 0.0},
}


def greedy_rank(move: Move) -> int:
    """The obvious order: lower first; 99: never chosen while something else is."""
    if move == PASS:
        return 90
    src, dst = pile_kind(move.source), pile_kind(move.target)
    if dst == "foundation":
        return {"reserve": 0, "waste": 1}.get(src, 2)
    if dst == "house":
        if src == "reserve":
            return 10
        if src == "waste":
            return 20
        return 99
    return 80  # turning a hand card, or the reserve pile back into the hand


class Bot(PlanningBot):
    """A computer player of one level. One bot may play any number of games and either seat."""

    LEVELS = LEVELS
    CONFIG = _CONFIG
    NAME = "battle bot"
    MODEL, EVALUATOR, SEARCH = Model, Evaluator, TurnSearch
    pile_names = staticmethod(pile_names)

    def __init__(self, level: str = "hard", seed: int | None = None):
        super().__init__(level, seed)
        config = _CONFIG[level]
        self.slip_rate: float = config["slip"]
        self.quit_rate: float = config["quit"]

    def _rng(self, state, purpose: str) -> random.Random:
        """The random choices for one decision, drawn from what the player on turn sees."""
        return random.Random(
            f"{self.seed}/{purpose}/{state.seed}/{state.turn}/{visible_digest(state)}"
        )

    def _position(self, state) -> tuple:
        return (
            state.seed,
            state.turn,
            state.current_player,
            state.position_digest(),
            state.refilled,
        )

    def _greedy(self, state, legal, rng) -> Move:
        ranked = sorted(legal, key=greedy_rank)
        if self.slip_rate:
            # Easy overlooks plays now and then, and sometimes ends a turn early
            ranked = [
                m for m in ranked if not (greedy_rank(m) < 80 and rng.random() < self.slip_rate)
            ] or ranked
            if greedy_rank(ranked[0]) == 80 and rng.random() < self.quit_rate:
                return PASS
        best = greedy_rank(ranked[0])
        return rng.choice([m for m in ranked if greedy_rank(m) == best])


def visible_digest(state) -> int:
    """What the player on turn can see, as a number: the face-up cards where they lie and how
    many cards lie face down in each pile (never which)."""
    h = state.current_player + 1
    for cards in state.piles().values():
        for card, up in cards:
            h = (h * 131 + (card.id + 1 if up else 0)) % 9007199254740881
        h = (h * 131 + 127) % 9007199254740881
    return h


def battle_bot(level: str = "hard", seed: int | None = None) -> Bot:
    """A Battle solitaire computer player of one level (see the module's docstring)."""
    return Bot(level, seed)


PLAYERS = Players(
    lambda level, seed: Bot(level, seed),
    ("easy", "medium", "hard"),
    hidden=("greedy", "random", "oracle"),
)
