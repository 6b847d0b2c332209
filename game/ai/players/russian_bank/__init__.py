"""The Russian Bank computer opponent: levels, the blocking and the sliced entry points.

    from game.ai.players.russian_bank import opponent
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
          never plans, breaks a priority in about one turn in three (always where a watchful
          player can see it: ``catchable``), calls Stop! about one time in three.
  medium  plans its moves up to the next hidden card with a small budget, counting only the
          cards it gets rid of (not what it leaves you); a catchable priority slip in about
          one turn in eleven; calls Stop! on most of your slips.
  hard    plans each turn: searches every line up to the next hidden card, scores where it
          leaves both players, averages over the unseen cards; moves no card between houses
          for nothing (a house move costs more than another, the line is pruned); never
          breaks a priority; calls Stop! on every slip.
  oracle  hard that sees every face-down card (so its plan runs through the whole turn): the
          benchmark's upper bound, not a fair opponent.
"""

from __future__ import annotations

import random

from game.ai.jobs import Job
from game.ai.jobs import decided as _done
from game.ai.players import Players
from game.ai.players.russian_bank.model import Model, pile_names
from game.ai.players.russian_bank.planner import HARD, SIMPLE, Evaluator, TurnSearch
from game.ai.race.bot import PlanningBot, pile_kind
from game.core import PASS, Move

LEVELS = ("easy", "medium", "hard", "greedy", "random", "oracle")

_CONFIG = {
    "random": {"weights": SIMPLE, "nodes": 0, "breach": 0.0, "stop": 0.5, "slip": 0.0},
    "greedy": {"weights": SIMPLE, "nodes": 0, "breach": 0.0, "stop": 1.0, "slip": 0.0},
    "easy": {"weights": SIMPLE, "nodes": 0, "breach": 0.6, "stop": 0.35, "slip": 0.08},
    "medium": {"weights": SIMPLE, "nodes": 1, "breach": 0.08, "stop": 0.75, "slip": 0.0},
    "hard": {"weights": HARD, "nodes": 400, "breach": 0.0, "stop": 1.0, "slip": 0.0},
    "oracle": {"weights": HARD, "nodes": 2000, "breach": 0.0, "stop": 1.0, "slip": 0.0},
}


def greedy_rank(move: Move, player: int) -> int:
    """The order of the rule text: lower first. 99: never chosen while something else is."""
    if move == PASS:
        return 90
    src, dst = pile_kind(move.source), pile_kind(move.target)
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


def catchable(state, move: Move) -> bool:
    """Whether the priority breach ``move`` (of ``state.breach_moves()``) would leave its
    evidence on the table while its player plays on (``evident``)."""
    after = state.copy(history=False)
    after.push(move, breach=True)
    return evident(after)


def evident(state) -> bool:
    """Right after a priority breach (``state.breach``): whether a watchful opponent can see
    it on the table and call Stop! before the offender's next move: the offender's turn goes
    on, and a card still fits a foundation (rules (a), (b)), or a house is still empty while
    the offender's reserve has cards (rule (c)). A breach that ends the turn, or hides its
    card, is not one a person is meant to catch."""
    breach = state.breach
    if breach is None or state.is_over() or state.current_player != breach.player:
        return False
    if breach.rule == "c":
        piles = state.piles()
        return bool(piles[f"reserve{breach.player}"]) and any(
            not cards for name, cards in piles.items() if pile_kind(name) == "house"
        )
    return any(pile_kind(m.target) == "foundation" for m in state.legal_moves())


class Bot(PlanningBot):
    """A computer player of one level. One bot may play any number of games and either seat."""

    LEVELS = LEVELS
    CONFIG = _CONFIG
    NAME = "opponent"
    MODEL, EVALUATOR, SEARCH = Model, Evaluator, TurnSearch
    pile_names = staticmethod(pile_names)

    def __init__(self, level: str = "hard", seed: int | None = None):
        super().__init__(level, seed)
        config = _CONFIG[level]
        self.breach_rate: float = config["breach"]
        self.stop_rate: float = config["stop"]
        self.slip_rate: float = config["slip"]

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
        deal, turn, _, digest, downs = self._position(state)
        return random.Random(f"{self.seed}/{purpose}/{deal}/{turn}/{digest}/{downs}")

    def _position(self, state) -> tuple:
        return (
            state.seed,
            state.turn,
            state.current_player,
            state.position_digest(),
            tuple(p.down for p in state.hands),
        )

    def _slip(self, state) -> Move | None:
        """Easy and Medium break a priority rule now and then (STOP! mode only), where a
        watchful player can catch it (``catchable``): at a decision where such a breach is
        possible, with the level's ``breach`` rate. The breach is the move the level would
        like best if it had forgotten the priority (greedy's order)."""
        if not self.breach_rate or state.breach is not None:  # one slip at a time
            return None
        p = state.current_player
        breaches = [m for m in state.breach_moves() if m != PASS and m.target != f"waste{p}"]
        if not breaches:  # (a move that ends the turn leaves nothing to see while it plays on)
            return None
        rng = self._rng(state, "slip")
        if rng.random() >= self.breach_rate:
            return None
        rng.shuffle(breaches)
        for move in sorted(breaches, key=lambda m: greedy_rank(m, p)):
            if catchable(state, move):
                return move
        return None

    def _greedy(self, state, legal, rng) -> Move:
        p = state.current_player
        ranked = sorted(legal, key=lambda m: greedy_rank(m, p))
        if self.slip_rate:
            # Easy overlooks things: a load, a place for its hand card, an emptying house move
            ranked = [
                m
                for m in ranked
                if not (10 < greedy_rank(m, p) < 80 and rng.random() < self.slip_rate)
            ] or ranked
        best = greedy_rank(ranked[0], p)
        return rng.choice([m for m in ranked if greedy_rank(m, p) == best])


def opponent(level: str = "hard", seed: int | None = None) -> Bot:
    """A computer player: "easy", "medium", "hard", "greedy", "random" or "oracle". ``seed``
    makes its random choices repeatable."""
    return Bot(level, seed)


PLAYERS = Players(
    lambda level, seed: Bot(level, seed),
    ("easy", "medium", "hard"),
    hidden=("greedy", "random", "oracle"),
)
