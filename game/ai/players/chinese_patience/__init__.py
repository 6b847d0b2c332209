"""The Chinese Patience computer players: levels, the turn planner, sliced thinking, knocks.

    from game.ai.players.chinese_patience import player
    bot = player("hard")           # "easy", "medium", "hard"; "greedy", "random", "oracle"
    move = bot.choose(state)       # blocking
    job = bot.start(state)         # sliced (game.ai.players.russian_bank.Job): job.think(budget_ms)
    bot.calls_stop(state)          # knock now on the last move (another player's)?

A bot sees what a player at the table sees: the foundations, the columns, the top card of each
waste, its own turned-up stock card and how many cards every stock and waste holds (the model,
game/ai/players/chinese_patience/model.py, is made from nothing else). It never looks at a face-down card, nor
under the top card of any waste, its own included. The oracle (measurement only) reads its own
stock and waste in full.

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
  medium  plans its turn (the search below, 60 positions) counting only the cards it gets rid
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

from game.ai.jobs import Job
from game.ai.jobs import decided as _done
from game.ai.players import Players
from game.ai.players.chinese_patience.model import (
    FACES,
    LEAF_END,
    LEAF_REVEAL,
    LEAF_WIN,
    Model,
    core_move,
)
from game.core import PASS, Move

GAME = "chinese-patience"
LEVELS = ("easy", "medium", "hard", "greedy", "random", "oracle")

WIN = 10_000.0
STEP = 0.001  # what one move costs: of equal lines the shortest is played
CUT_COST = 0.01
YIELD_EVERY = 24
MAX_DEPTH = 40
P_CAP = 0.8  # the chance that a stock card finds a place, at most (for the expected run)

# nodes: positions the turn search may expand (0: no search); run: the weight of the expected
# run of stock cards at a leaf (0: counting only the cards got rid of); breach: how often a
# decision slips on purpose ("knock" priorities only); knock: how often a breach is knocked on;
# slip: how often Easy overlooks each load, tableau move, join or place for its stock card;
# hasty: how often Medium plays a move like Easy instead of planning
_CONFIG = {
    "random": {"nodes": 0, "run": 0.0, "breach": 0.0, "knock": 0.5, "slip": 0.0},
    "greedy": {"nodes": 0, "run": 0.0, "breach": 0.0, "knock": 1.0, "slip": 0.0},
    "easy": {"nodes": 0, "run": 0.0, "breach": 0.6, "knock": 0.35, "slip": 0.65},
    "medium": {"nodes": 60, "run": 0.0, "breach": 0.1, "knock": 0.75, "slip": 0.0, "hasty": 0.2},
    "hard": {"nodes": 300, "run": 0.6, "breach": 0.0, "knock": 1.0, "slip": 0.0},
    "oracle": {"nodes": 2000, "run": 0.6, "breach": 0.0, "knock": 1.0, "slip": 0.0},
}


def _kind(name: str) -> str:
    return name.rstrip("0123456789")


def greedy_rank(move: Move, player: int) -> int:
    """The order of the rule text (lower first)."""
    src, dst = _kind(move.source), _kind(move.target)
    if move.source == move.target:
        return 80  # turn the stock card
    if dst == "foundation":
        return 0 if src == "stock" else 1
    if dst == "waste" and move.target != f"waste{player}":
        return 10 if src == "stock" else 11
    if dst == "tableau":
        return 20 if src == "stock" else (21 if src == "waste" else 22)
    return 90  # the stock card onto its own waste


class Evaluator:
    """Scores a leaf of the turn search, in cards (one card out of the player's stock and
    waste = 1): the cards the player holds, the cards the others hold (the one closest to
    going out counting most), and, where the turn goes on, ``run`` x the expected number of
    stock cards that will find a place (from the chance that a card the player has not seen
    fits somewhere, and the empty columns)."""

    def __init__(self, root: Model, run: float = 0.6):
        self.me = root.me
        seen = root.visible()
        self.unseen = frozenset(k for k in FACES if k not in seen)
        self.total = max(1, len(self.unseen))
        self.run_weight = run
        self.cache: dict = {}

    def chance(self, m: Model) -> tuple[float, int]:
        """(the chance that an unseen card fits a foundation, a load or a column outer card;
        the number of empty columns)."""
        targets, empty = m.targets()
        return len(targets & self.unseen) / self.total, empty

    def run(self, m: Model) -> float:
        """The expected number of stock cards placed before one fails (roughly)."""
        p, empty = self.chance(m)
        p = min(p, P_CAP)
        return empty + p / (1.0 - p)

    def opponents(self, m: Model) -> float:
        others = [q for q in m.active if q != self.me]
        if not others:
            return 0.0
        low = min(m.on[q] for q in others)
        return sum((1.0 if m.on[q] == low else 0.6) * m.on[q] for q in others)

    def score(self, m: Model, kind: int) -> float:
        if kind == LEAF_WIN or m.won():
            return WIN
        key = (m.key(), kind)
        v = self.cache.get(key)
        if v is not None:
            return v
        v = -m.own() + self.opponents(m)
        if kind != LEAF_END and self.run_weight:
            if kind == LEAF_REVEAL:  # the card under the waste's top may play at once
                p, empty = self.chance(m)
                v += 0.6 * self.run_weight * (1.0 if empty else p)
            v += self.run_weight * self.run(m)
        self.cache[key] = v
        return v


class TurnSearch:
    """Every line of the player's turn from ``model`` up to the leaves (mutates and restores
    the model). A generator: yields now and then; ``plan`` and ``value`` are set at the end."""

    def __init__(self, model: Model, evaluator: Evaluator, cap: int):
        self.m, self.ev, self.cap = model, evaluator, cap
        self.tt: dict = {}
        self.nodes = self.tried = 0
        self.value = None
        self.plan: list = []

    def run(self):
        root = self.m.key()
        self.value = yield from self._search(root, 0)
        self.plan = self._line(root)

    def _leaf(self, m, move, kind):
        if not kind and m.won():
            return LEAF_WIN
        return kind

    def _search(self, key, depth):
        m, tt = self.m, self.tt
        tt[key] = None  # on the current line
        best, best_move = -2 * WIN, None
        for move in m.moves():
            kind = m.leaf_kind(move)
            token = m.do(move)
            kind = self._leaf(m, move, kind)
            if kind:
                v = self.ev.score(m, kind)
            else:
                child = m.key()
                entry = tt.get(child, False)
                if entry is None:
                    m.undo(token)
                    continue
                if entry is not False:
                    v = entry[0]
                elif self.nodes >= self.cap or depth >= MAX_DEPTH:
                    v = self.ev.score(m, 0) - CUT_COST
                else:
                    self.nodes += 1
                    v = yield from self._search(child, depth + 1)
            self.tried += 1
            if not self.tried % YIELD_EVERY:
                yield
            m.undo(token)
            v -= STEP
            if v > best:
                best, best_move = v, move
        if best_move is None:  # every move comes back round: score the position itself
            best = self.ev.score(m, 0) - CUT_COST
        tt[key] = (best, best_move)
        return best

    def _line(self, root) -> list:
        """The best line from the root, up to its leaf (or where the search stopped)."""
        m, tt, line, tokens = self.m, self.tt, [], []
        seen = {root}
        while True:
            entry = tt.get(m.key())
            if not entry or entry[1] is None:
                break
            move = entry[1]
            kind = m.leaf_kind(move)
            line.append(move)
            tokens.append(m.do(move))
            if kind or m.won() or m.key() in seen:
                break
            seen.add(m.key())
        for token in reversed(tokens):
            m.undo(token)
        return line


class Bot:
    """A computer player of one level; one bot may play any number of games and any seat."""

    def __init__(self, level: str = "hard", seed: int | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
        self.level = level
        self.seed = 0 if seed is None else seed
        config = _CONFIG[level]
        self.node_cap = config["nodes"]
        self.run_weight = config["run"]
        self.breach_rate = config["breach"]
        self.knock_rate = config["knock"]
        self.slip_rate = config["slip"]
        self.hasty = config.get("hasty", 0.0)
        self._plan: list = []  # [(position before the move, move)] still to play
        self.seat: int | None = None  # the seat it last played (for its knock choices)
        self.searches = 0

    def __repr__(self) -> str:
        return f"chinese.player({self.level!r})"

    # ------------------------------------------------------------------ the API
    def choose(self, state) -> Move:
        job = self.start(state)
        while True:
            move = job.think(1000.0)
            if job.done:
                return move

    def start(self, state) -> Job:
        if state.is_over():
            raise ValueError("the game is over: there is no move to choose")
        self.seat = state.current_player
        planned = self._from_plan(state)
        if planned is not None:
            return Job(_done(planned))
        return Job(self._decide(state.copy(history=False)))

    def calls_stop(self, state) -> bool:
        """Knock now on the last move? Never when no priority was broken; Hard and Greedy on
        every breach, Medium on most, Easy on about one in three."""
        if state.breach is None:
            return False
        if self.knock_rate >= 1.0:
            return True
        return self._rng(state, f"knock/{self.seat}").random() < self.knock_rate

    def _rng(self, state, purpose: str) -> random.Random:
        """The random choices for one decision, drawn from what the table shows."""
        return random.Random(f"{self.seed}/{purpose}/{_view(state)}")

    # ------------------------------------------------------------------ deciding
    def _decide(self, state):
        """Generator: yields between slices, returns the move."""
        legal = state.legal_moves()
        self._plan = []
        rng = self._rng(state, "move")
        slip = self._slip(state)
        if slip is not None:
            return slip
        if self.level == "random":
            return rng.choice(legal)
        if not self.node_cap:
            return self._greedy(state, legal, rng, self.slip_rate)
        if self.hasty and rng.random() < self.hasty:  # Medium now and then plays like Easy
            return self._greedy(state, legal, rng, _CONFIG["easy"]["slip"])
        if len(legal) == 1:
            return legal[0]
        yield
        move = yield from self._plan_turn(state, legal)
        return move

    def _slip(self, state) -> Move | None:
        """Easy and Medium break a priority now and then ("knock" priorities only) where a
        watchful player can catch it: at a decision where a breach is possible that doesn't
        end the turn (a stock card thrown on its own waste would leave nothing to see while the
        turn goes on), with the level's ``breach`` rate, one breach at a time. The breach is
        the one greedy's order likes best."""
        if not self.breach_rate or state.breach is not None:
            return None
        p = state.current_player
        breaches = [m for m in state.breach_moves() if m != PASS and m.target != f"waste{p}"]
        if not breaches:
            return None
        rng = self._rng(state, "slip")
        if rng.random() >= self.breach_rate:
            return None
        rng.shuffle(breaches)
        return min(breaches, key=lambda m: greedy_rank(m, p))

    def _greedy(self, state, legal, rng, slip: float = 0.0) -> Move:
        p = state.current_player
        ranked = sorted(legal, key=lambda m: greedy_rank(m, p))
        if slip:
            # Easy overlooks things: a load, a tableau move, a join, a place for its stock card
            kept = [m for m in ranked if not (10 <= greedy_rank(m, p) < 80 and rng.random() < slip)]
            ranked = kept or ranked
        best = greedy_rank(ranked[0], p)
        return rng.choice([m for m in ranked if greedy_rank(m, p) == best])

    def _plan_turn(self, state, legal):
        oracle = self.level == "oracle"
        player = state.current_player
        model = Model.from_state(state, oracle=oracle)
        search = TurnSearch(model, Evaluator(model, self.run_weight), self.node_cap)
        self.searches += 1
        yield
        yield from search.run()
        plan = []
        for step in search.plan:
            move = core_move(step, state, player)
            if not state.is_legal(move):
                break
            plan.append((_position(state), move))
            state.push(move)
            if state.current_player != player or state.is_over():
                break
            yield
        if not plan:  # cannot happen while the model agrees with the core; stay safe
            return self._greedy(state, legal, self._rng(state, "move"), self.slip_rate)
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
    """What identifies a position for following a plan (the whole table: a plan is followed
    only while the table is exactly the one it expected)."""
    return (state.seed, state.turn, state.current_player, state.position_digest())


def _view(state) -> str:
    """What a player at the table sees, as text: the random choices are drawn from it (never
    from a hidden card)."""
    parts = [str(state.seed), str(state.turn), str(state.current_player)]
    for name, cards in state.piles().items():
        if name.startswith(("stock", "waste")):
            top = cards[-1][0] if cards and cards[-1][1] else "-"
            parts.append(f"{name}:{len(cards)}:{top}")
        else:
            parts.append(f"{name}:{' '.join(str(c) for c, _ in cards)}")
    return "/".join(parts)


def player(level: str = "hard", seed: int | None = None) -> Bot:
    return Bot(level, seed)


PLAYERS = Players(
    lambda level, seed: Bot(level, seed),
    ("easy", "medium", "hard"),
    hidden=("greedy", "random", "oracle"),
)

__all__ = ["Bot", "Evaluator", "LEVELS", "TurnSearch", "greedy_rank", "player"]
