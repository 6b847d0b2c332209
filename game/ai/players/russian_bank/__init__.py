"""The Russian Bank computer opponent: levels, the blocking and the sliced entry points.

    from game.ai.players.russian_bank import opponent
    bot = opponent("hard")          # a Level or its text: "easy", "medium", "hard", "greedy",
                                    # "random", "oracle"
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

from collections.abc import Hashable
from dataclasses import dataclass
from types import MappingProxyType

from game.ai.jobs import Level
from game.ai.players import Players
from game.ai.players.russian_bank.model import Model
from game.ai.players.russian_bank.planner import HARD, SIMPLE, Evaluator, TurnSearch, Weights
from game.ai.race.table_bot import TableBot, WeightedLevel
from game.core import PASS, GameState, Move
from game.core.games.russian_bank import RussianBank
from game.core.kinds import PileKind, pile_kind, split_pile_name


@dataclass(frozen=True, kw_only=True)
class BankLevel(WeightedLevel[Weights]):
    """A Russian Bank level: the shared settings (``calls``: its Stop! calls) and the weights
    its search scores a leaf with."""

    weights: Weights = SIMPLE


#: the levels, in the order they are listed
SETTINGS = MappingProxyType(
    {
        Level.EASY: BankLevel(breach=0.6, calls=0.35, slip=0.08),
        Level.MEDIUM: BankLevel(nodes=1, breach=0.08, calls=0.75),
        Level.HARD: BankLevel(weights=HARD, nodes=400, calls=1.0),
        Level.GREEDY: BankLevel(calls=1.0),
        Level.RANDOM: BankLevel(calls=0.5),
        Level.ORACLE: BankLevel(weights=HARD, nodes=2000, calls=1.0),
    }
)
LEVELS = tuple(SETTINGS)

_TO_FOUNDATION = {PileKind.RESERVE: 0, PileKind.HAND: 1, PileKind.WASTE: 2}
_LOAD = {PileKind.RESERVE: 20, PileKind.HAND: 21, PileKind.WASTE: 22}


def greedy_rank(move: Move, player: int) -> int:
    """The order of the rule text: lower first. 99: never chosen while something else is."""
    if move == PASS:
        return 90
    src, (dst, owner) = pile_kind(move.source), split_pile_name(move.target)
    if dst is PileKind.FOUNDATION:
        return _TO_FOUNDATION.get(src, 3)
    if src is PileKind.RESERVE and dst is PileKind.HOUSE:
        return 10
    if dst in (PileKind.RESERVE, PileKind.WASTE) and owner != player:
        return _LOAD.get(src, 23)
    if src is PileKind.HAND and dst is PileKind.HOUSE:
        return 30
    if src is PileKind.WASTE and dst is PileKind.HOUSE:
        return 35
    if move.source == move.target or src is PileKind.HAND:
        return 80
    return 99


def catchable(state: GameState, move: Move) -> bool:
    """Whether the priority breach ``move`` (of ``state.breach_moves()``) would leave its
    evidence on the table while its player plays on (``evident``)."""
    after = state.copy(history=False)
    after.push(move, breach=True)
    return evident(after)


def evident(state: GameState) -> bool:
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
        return bool(piles[f"{PileKind.RESERVE}{breach.player}"]) and any(
            not cards for name, cards in piles.items() if pile_kind(name) is PileKind.HOUSE
        )
    return any(pile_kind(m.target) is PileKind.FOUNDATION for m in state.legal_moves())


class Bot(TableBot[BankLevel, RussianBank, Model]):
    """A computer player of one level. One bot may play any number of games and either seat."""

    SETTINGS = SETTINGS
    STATE = RussianBank
    NAME = "opponent"
    MODEL = Model
    EVALUATOR = Evaluator
    SEARCH = TurnSearch

    def _rank(self, move: Move, player: int) -> int:
        return greedy_rank(move, player)

    def _may_overlook(self, rank: int) -> bool:
        # Easy overlooks things: a load, a place for its hand card, an emptying house move
        return 10 < rank < 80

    def _sight(self, state: RussianBank) -> str:
        deal, turn, _, digest, downs = self._position(state)
        return f"{deal}/{turn}/{digest}/{downs}"

    def _position(self, state: RussianBank) -> tuple[Hashable, ...]:
        return (
            state.seed,
            state.turn,
            state.current_player,
            state.position_digest(),
            tuple(p.down for p in state.hands),
        )

    def _slip(self, state: RussianBank) -> Move | None:
        """Easy and Medium break a priority rule now and then (STOP! mode only), where a
        watchful player can catch it (``catchable``): at a decision where such a breach is
        possible, with the level's ``breach`` rate. The breach is the move the level would
        like best if it had forgotten the priority (greedy's order)."""
        return self._breach(state)

    def _catchable(self, state: RussianBank, move: Move) -> bool:
        return catchable(state, move)


def opponent(level: Level | str = Level.HARD, seed: int | None = None) -> Bot:
    """A computer player: "easy", "medium", "hard", "greedy", "random" or "oracle". ``seed``
    makes its random choices repeatable."""
    return Bot(level, seed)


PLAYERS = Players(Bot)

__all__ = [
    "LEVELS",
    "PLAYERS",
    "SETTINGS",
    "BankLevel",
    "Bot",
    "catchable",
    "evident",
    "greedy_rank",
    "opponent",
]
