"""The Chinese Patience computer players: levels, the turn planner, sliced thinking, knocks.

    from game.ai.players.chinese_patience import player
    bot = player("hard")           # a Level or its text: "easy", "medium", "hard"; "greedy",
                                   # "random", "oracle"
    move = bot.choose(state)       # blocking
    job = bot.start(state)         # sliced (game/ai/jobs.py): job.think(budget_ms)
    bot.calls_stop(state)          # knock now on the last move (another player's)?

A bot sees what a player at the table sees: the foundations, the columns, the top card of each
waste, its own turned-up stock card and how many cards every stock and waste holds (the model,
game/ai/players/chinese_patience/model.py, is made from nothing else). It never looks at a
face-down card, nor under the top card of any waste, its own included. The oracle (measurement
only) reads its own stock and waste in full.

The levels' random choices (which of equal moves, slips, knocks) are drawn from the position
and the bot's ``seed``: the same position gets the same choice.

Levels (docs/ai-chinese-patience.md has their measured strength):
  random  a uniformly random legal move.
  greedy  the rule text's obvious order (Miriam Moules's priorities): foundation moves, then
          loads onto another player's waste, then the tableau (waste to a column, joins),
          then the stock; the stock card to a foundation, a waste, the tableau, its own waste.
  easy    greedy that overlooks things: about two times in three it misses each load,
          tableau move or join, and each place for its stock card (which then goes on its own
          waste, ending its turn); in "knock" priorities it slips now and then and knocks on
          about one breach in three.
  medium  plans its turn (the search, search.py, 60 positions) counting only the cards it gets rid
          of: it never tidies the tableau for its coming stock cards; one decision in five it
          plays like Easy; slips rarely, knocks on most breaches.
  hard    plans the turn: searches every line of play up to the next hidden card (a stock card
          turned, the card under its waste's top), and scores where each line leaves it: the
          cards it holds, the cards the others hold (the player closest to going out counting
          most), and the stock cards it can expect to place next, from the chance that a card
          it has not seen fits a foundation, a load or a column, and the empty columns; never
          breaks a priority; knocks on every breach.
  oracle  hard that reads its own stock and waste, so its plan runs through its coming stock
          cards: the benchmark's upper bound, not a fair player.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from types import MappingProxyType

from game.ai.jobs import Decision, Level
from game.ai.players import Players
from game.ai.players.chinese_patience.model import Model, core_move
from game.ai.players.chinese_patience.search import Evaluator, TurnSearch
from game.ai.race.bot import LevelSettings, PlanningBot
from game.core import Move
from game.core.games.chinese_patience import ChinesePatience
from game.core.kinds import PileKind, pile_kind, split_pile_name


@dataclass(frozen=True, kw_only=True)
class PatienceLevel(LevelSettings):
    """A Chinese Patience level: the shared settings (``calls``: its knocks; ``slip``: how
    often Easy overlooks each load, tableau move, join or place for its stock card), the weight
    of the expected run of stock cards at a leaf (``run``; 0: counting only the cards got rid
    of) and how often Medium plays a move like Easy instead of planning (``hasty``)."""

    run: float = 0.0
    hasty: float = 0.0


#: the levels, in the order they are listed
SETTINGS = MappingProxyType(
    {
        Level.EASY: PatienceLevel(breach=0.6, calls=0.35, slip=0.65),
        Level.MEDIUM: PatienceLevel(nodes=60, breach=0.1, calls=0.75, hasty=0.2),
        Level.HARD: PatienceLevel(nodes=300, run=0.6, calls=1.0),
        Level.GREEDY: PatienceLevel(calls=1.0),
        Level.RANDOM: PatienceLevel(calls=0.5),
        Level.ORACLE: PatienceLevel(nodes=2000, run=0.6, calls=1.0),
    }
)
LEVELS = tuple(SETTINGS)


def greedy_rank(move: Move, player: int) -> int:
    """The order of the rule text (lower first)."""
    src, (dst, owner) = pile_kind(move.source), split_pile_name(move.target)
    if move.source == move.target:
        return 80  # turn the stock card
    if dst is PileKind.FOUNDATION:
        return 0 if src is PileKind.STOCK else 1
    if dst is PileKind.WASTE and owner != player:
        return 10 if src is PileKind.STOCK else 11
    if dst is PileKind.TABLEAU:
        return 20 if src is PileKind.STOCK else (21 if src is PileKind.WASTE else 22)
    return 90  # the stock card onto its own waste


class Bot(PlanningBot[PatienceLevel, ChinesePatience]):
    """A computer player of one level; one bot may play any number of games and any seat."""

    SETTINGS = SETTINGS
    STATE = ChinesePatience
    NAME = "chinese.player"

    def _rank(self, move: Move, player: int) -> int:
        return greedy_rank(move, player)

    def _may_overlook(self, rank: int) -> bool:
        # Easy overlooks things: a load, a tableau move, a join, a place for its stock card
        return 10 <= rank < 80

    def _call_purpose(self) -> str:
        return f"knock/{self.seat}"

    def _sight(self, state: ChinesePatience) -> str:
        """What a player at the table sees, as text (never a hidden card)."""
        parts = [str(state.seed), str(state.turn), str(state.current_player)]
        for name, cards in state.piles().items():
            if self._pile_kind(name) in (PileKind.STOCK, PileKind.WASTE):
                top = cards[-1][0] if cards and cards[-1][1] else "-"
                parts.append(f"{name}:{len(cards)}:{top}")
            else:
                parts.append(f"{name}:{' '.join(str(c) for c, _ in cards)}")
        return "/".join(parts)

    def _position(self, state: ChinesePatience) -> tuple[Hashable, ...]:
        """The whole table: a plan is followed only while the table is exactly the one it
        expected."""
        return (state.seed, state.turn, state.current_player, state.position_digest())

    def _without_search(
        self, state: ChinesePatience, legal: list[Move], rng: random.Random
    ) -> Move | None:
        """Easy's and Medium's slips first ("knock" priorities: ``_breach``), then Random's and
        the greedy levels' moves; Medium now and then plays like Easy."""
        slip = self._breach(state)
        if slip is not None:
            return slip
        move = super()._without_search(state, legal, rng)
        hasty = self.settings.hasty
        if move is None and hasty and rng.random() < hasty:
            return self._greedy(state, legal, rng, SETTINGS[Level.EASY].slip)
        return move

    def _plan_turn(self, state: ChinesePatience, legal: list[Move]) -> Decision:
        player = state.current_player
        model = Model.from_state(state, oracle=self.level is Level.ORACLE)
        evaluator = Evaluator(model, self.settings.run)
        search = TurnSearch(model, evaluator, self.settings.nodes)
        self.searches += 1
        yield
        yield from search.run()
        # each move made in the position it is played in (a foundation is found by its suit)
        line = (core_move(step, state, player) for step in search.plan)
        move = yield from self._checked_plan(state, legal, line)
        return move


def player(level: Level | str = Level.HARD, seed: int | None = None) -> Bot:
    """A Chinese Patience computer player of one level (see the module's docstring)."""
    return Bot(level, seed)


PLAYERS = Players(Bot)

__all__ = ["LEVELS", "PLAYERS", "SETTINGS", "Bot", "PatienceLevel", "greedy_rank", "player"]
