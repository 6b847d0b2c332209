"""A solver for every solitaire: is this position winnable, and how? (Each game's model is
its own file, game/ai/solver_<game>.py, through the contract solver_model.SolverModel (its
docstring says what every hook must do and what "lost" means); this file is the search driver
they share. Forty Thieves' and Indian Patience's models, the first two, are the ones described
below: solver_forty_thieves.py and solver_indian_patience.py, on solver_columns.py.)

    from game.ai.solver import solve, hint
    v = solve(state, budget_s=10)        # blocking: v.status "won" | "lost" | "unknown"
    v.line                               # the winning moves (core Moves) when won

    from game.ai.solver.driver import Solver
    job = Solver(state, budget_s=10)     # copies the state; nothing is searched yet
    v = job.think(5)                     # search for about 5 ms; None while undecided
    job.hint()                           # next move of a found win, else the heuristic's best

Like KPatience's solver it plays the actual deal: the stock order and the face-down cards are
known to it. It searches the solver's own compact copy of the position (the game's model):

- safe moves play themselves: a card goes to a foundation when nothing could ever want it as a
  base and the other card of its face can still follow (see ``autos`` in the models);
- transposed positions merge: each position is stored once under a canonical key that ignores
  which pack a card is from, the order of the columns and which of a suit's two foundations is
  which; a position already seen is not searched again;
- moves that can never help are not generated: a column's only card to an empty column, a
  second empty column as a target; a move straight back is a transposition;
- dead ends are dropped: a Forty Thieves position where some card can never leave its pile
  is proved lost by a quick test (``dead`` in solver_forty_thieves.py) and not searched
  further;
  at the start, a relaxed game played in the stock's order (``relaxed_lost``) may prove the
  whole position lost at once;
- moves are ordered by a simple heuristic (foundation moves, moves that free a card or a
  column, waste moves) so that wins are found early.

Three searches share the budget (shares per game: the model's settings): greedy best-first by an
estimate of the position, depth-first with Luby restarts (capped for Indian Patience, whose
later runs half the time start at a random point of the most advanced line so far) and a
lightly shuffled move order, both "eager" (every foundation move is played at once: wins come
sooner, but running out of moves proves nothing),
then one exact depth-first search with the safe moves only. That last one is exhaustive, so
when it runs out of moves the position is proved lost. A found line is first shortened
(solver_line.py: loops, one-move shortcuts, moves the rest does not need), then replayed move
by move through the core's ``push`` before it is reported; if the core
refused a move (a disagreement between the solver's copy of the rules and the core) the verdict
would be "unknown", never a false "won".

``think`` is resumable and never runs past its slice by more than one step (one position
expanded: well under a millisecond natively), so the client can call it once per frame.
"""

from __future__ import annotations

import random
import time
from array import array
from dataclasses import dataclass, field

from game.ai.solver.contract import SETTINGS, SolverModel
from game.ai.solver.line import Meter, shorten
from game.ai.solver.models import make_model
from game.core import Move

_clock = time.perf_counter

# Positions along the winning lines found lately (core key -> (line, index)): a Solver made for
# a position the player reached by following such a line answers "won" at once. Lines are
# replayed through the core before they get here, so every tail is a checked win.
_KNOWN: dict = {}
_KNOWN_MAX = 4000


def _remember(keys: list, line: tuple) -> None:
    if len(_KNOWN) + len(keys) > _KNOWN_MAX:
        _KNOWN.clear()
    for i, k in enumerate(keys):
        _KNOWN[k] = (line, i)


# Positions proved lost (memory key -> None), carried from one Solver to the next: the exact
# search records every closed part of the positions it searched (a strongly connected part, by
# Tarjan's algorithm, whose every way out was searched without a win), and a Solver made for a
# later position of the game answers "lost" at once when its position is there, and never
# searches a position that is there again. A memory key is the model's key (positions that
# are equally winnable share it), with the root's history tag added for a game whose core
# refuses positions the deal has had, at the level where that history matters. The memory
# belongs to one game and option set (another empties it) and holds at most _LOST_MAX keys
# (emptied when full: the newest proofs are about the positions the player is near).
_LOST: dict = {}
_LOST_OWNER: list = [None]
_LOST_MAX = 200_000
CARRY = True  # the memory of proofs is used (off only to measure what it brings)


def _lost_table(owner) -> dict:
    if owner != _LOST_OWNER[0]:
        _LOST.clear()
        _LOST_OWNER[0] = owner
    return _LOST


def forget() -> None:
    """Forget every remembered winning line and proof (tests, benchmarks)."""
    _KNOWN.clear()
    _LOST.clear()
    _LOST_OWNER[0] = None


_NO_LIMIT = 1 << 62
_SEARCH_NAMES = {
    "best": "best-first",
    "restart": "restarting depth-first",
    "dfs": "exact depth-first",
}


@dataclass
class Verdict:
    """``status``: "won" (``line`` holds the moves, core Moves, from the position given),
    "lost" (proved: no line wins), or "unknown" (the budget ran out first)."""

    status: str
    line: list[Move] | None = None
    nodes: int = 0
    seconds: float = 0.0
    reason: str = field(default="", compare=False)

    @property
    def decided(self) -> bool:
        return self.status != "unknown"


class Solver:
    """A resumable search of one position (a copy of ``state`` is taken)."""

    #: The budget is shared by three searches, each complete on its own (so any of them may
    #: prove a loss): greedy best-first (finds easy wins fast; at most BEST_FIRST_STATES
    #: positions, for memory), depth-first with restarts and slightly shuffled move order
    #: (escapes a bad early choice), then one plain depth-first search to the end.
    #: Each game's settings, their meaning and their defaults are its model's (the contract,
    #: solver_model.SolverModel: ``shares``, ``best_first_floor_s``, ``luby_cap``,
    #: ``shuffle``, ``guided``, ``guided_after``); the Solver reads them once, in __init__.
    #: For experiments and tests only (empty in play), the dict named after a setting in
    #: capitals replaces the model's value per game id (e.g. ``SHARES["canfield"] = (0, 0)``).
    SHARES: dict = {}
    BEST_FIRST_FLOOR_S: dict = {}
    LUBY_CAP: dict = {}
    SHUFFLE: dict = {}
    GUIDED: dict = {}
    GUIDED_AFTER: dict = {}
    BEST_FIRST_STATES = 150_000
    RESTART_NODES = 3000  # times the Luby sequence 1 1 2 1 1 2 4 ...
    #: the first two searches play every foundation move at once (model.eager): wins come
    #: much sooner, but then their running out of moves proves nothing
    EAGER = True
    #: a found line is shortened before it is checked and reported (solver_line.py); the
    #: last pass (dropping moves one by one) may use this share of the budget, at most
    #: SHORTEN_MAX_S seconds
    SHORTEN_SHARE = 0.1
    SHORTEN_MAX_S = 1.0

    def __init__(
        self, state, budget_s: float = 10.0, max_nodes: int | None = None, exact_only: bool = False
    ):
        """``exact_only``: only the exact search, from the first slice (the "still winnable?"
        light runs one beside the full Solver, so that proofs build up while the player
        plays: game/session/help.py)."""
        self.root = state.copy(history=False)
        self.model = make_model(self.root)
        self.budget_s = float(budget_s)
        self.max_nodes = max_nodes
        self.nodes = 0
        self.seconds = 0.0
        self.verdict: Verdict | None = None
        self._win: list | None = None  # model moves of a found win, while being checked
        self._replica = None
        self._core_line: list[Move] = []
        self._trash: list = []
        self._shortener = None
        self.found_length = 0  # the found line's length before shortening
        model = self.model
        # A game that refuses positions the deal has had (Seahaven, Canfield) tags each
        # position with what of its history matters (model.history_tag()): a line found from
        # another history might pass through a position refused in this one.
        self._tag = model.history_tag()
        known = _KNOWN.get(
            (
                self.root.game_id,
                tuple(sorted(self.root.options.items())),
                self.root.key(),
                self._tag,
            )
        )
        if known is not None:
            line, i = known
            self.phase = "done"
            self.verdict = Verdict("won", list(line[i:]), 0, 0.0, "a winning line found before")
            self.best_first = None
            return
        log: list = []
        model.autos(log)
        self.root_moves = tuple(m for m, _ in log)
        self.root_snap = model.snapshot()
        self.lost = _lost_table((self.root.game_id, tuple(sorted(self.root.options.items()))))
        self._lost_key = self._memory_key(model)
        self.best_score = model.estimate()
        self.best_first = self.root_moves[0] if self.root_moves else None
        self.phase = "done"
        if model.won():
            self._win = list(self.root_moves)
            return
        if CARRY and self._memory(model.key()) in self.lost:
            self._finish("lost", reason="proved lost before, in the search of an earlier position")
            return
        if model.dead():
            self._finish("lost", reason="a card can never leave its pile")
            return
        if model.relaxed_lost():
            self._finish("lost", reason="even a relaxed game, in the stock's order, is lost")
            return
        # phase 1: best-first
        self.phase = "best"
        model.eager = self.EAGER
        self.exhausted = False  # an eager search ran out of moves: go on to the exact one
        self._own = None  # the model's own first search (a generator), once started
        root_key = model.key()
        self.bseen: dict[bytes, None] = {root_key: None}
        # Positions of the best-first search are numbered; their parent (an array), the moves
        # from the parent (3 bytes each), their snapshot (bytes, until expanded) and the open
        # positions by score (arrays) are kept where the garbage collector never looks: dicts
        # of bytes and arrays of ints are not tracked (a set of a million keys, or nested
        # tuples, made each full collection walk them all and hold a frame for ~0.1 s).
        self.bf_parent = array("l", (-1,))
        self.bf_moves: dict[int, bytes] = {0: _pack(self.root_moves)}
        self.snaps: dict[int, bytes] = {0: self.root_snap}
        self.buckets: dict[int, array] = {0: array("l", (0,))}  # score -> positions
        self.top = 0
        settings = self._settings(model)
        bf_share, rs_share = settings["shares"]
        floor = min(0.5 * self.budget_s, settings["best_first_floor_s"])
        self.bf_deadline = max(self.budget_s * bf_share, floor)
        self.rs_deadline = self.bf_deadline + self.budget_s * rs_share
        if exact_only:
            self.bf_deadline = self.rs_deadline = 0.0
        self.restarts = 0
        self.run_cap = -1
        self.rng = random.Random(12345)
        self.luby_cap = settings["luby_cap"]
        self.shuffle = settings["shuffle"]
        self.guided = settings["guided"]
        self.guided_after = settings["guided_after"]
        self.partial = False  # the running restart began below the root
        self.best_line: list = []  # moves (after root_moves) of the most advanced line
        self.best_home = -1  # its cards on the foundations
        # phase 2: depth-first (set up when phase 1 ends)
        self.seen: dict[bytes, None] = {}
        self.path: list = []  # (move, undo record) of every move played from the root
        self.stack: list = []  # frames [moves, next index, len(path) at the frame]

    def _memory_key(self, model):
        """How a position's key becomes its key in the memory of proofs (_LOST): None when
        they are the same (a game where the history never matters), else a function of the
        key that adds the root's history tag at the root's level (the model is at the
        position when it is called)."""
        if self._tag is None:
            return None
        level, tag = model.level(), self._tag  # a frozenset: its hash is worked out once

        def memory(k, level=level, tag=tag, now=model.level):
            return (k, tag) if now() == level else k

        return memory

    def _memory(self, k: bytes):
        return k if self._lost_key is None else self._lost_key(k)

    def _settings(self, model) -> dict:
        """The search settings (solver_model.SETTINGS): the model's, unless this class's
        dict of the same name in capitals replaces one for the game (experiments, tests)."""
        gid = self.root.game_id
        return {
            name: getattr(type(self), name.upper()).get(gid, getattr(model, name))
            for name in SETTINGS
        }

    # ------------------------------------------------------------------ public
    def think(self, budget_ms: float) -> Verdict | None:
        """Search for about ``budget_ms`` milliseconds. Returns the Verdict once decided (or
        "unknown" once ``budget_s`` of thinking in all is spent), else None."""
        if self.verdict is not None:
            return self.verdict
        start = _clock()
        deadline = start + max(0.0, budget_ms) / 1000.0
        limit = start + max(0.0, self.budget_s - self.seconds)
        stop = min(deadline, limit)
        if self._trash:
            self._empty_trash(start + (stop - start) * 0.3)
        if self._win is None and self.phase == "best":
            end = start + self.bf_deadline - self.seconds
            if self.model.own_search is not None:
                self._own_search(min(stop, end))  # the model's search in the first share
            else:
                self._best_first(min(stop, end))
            if (
                self._win is None
                and self.verdict is None
                and (_clock() >= end or len(self.bseen) >= self.BEST_FIRST_STATES or self.exhausted)
            ):
                self._discard(self.buckets, self.bseen, self.bf_parent, self.bf_moves, self.snaps)
                self.buckets, self.bseen, self.bf_moves, self.snaps = {}, {}, {}, {}
                self.bf_parent = array("l")
                self._own = None
                self.phase = "restart"
                self.exhausted = False
        if self._win is None and self.phase == "restart":
            end = start + self.rs_deadline - self.seconds
            while self._win is None and self.verdict is None and _clock() < min(stop, end):
                if self.max_nodes is not None and self.nodes >= self.max_nodes:
                    break
                if self.exhausted:
                    break
                if self.nodes >= self.run_cap:
                    self.restarts += 1
                    self.run_cap = self.nodes + self.RESTART_NODES * min(
                        _luby(self.restarts), self.luby_cap
                    )
                    self._start_dfs(shuffle=True)
                self._search(min(stop, end), self.run_cap)
            if self._win is None and self.verdict is None and (_clock() >= end or self.exhausted):
                self.phase = "dfs"
                self.model.eager = False
                self._start_dfs()
        if self._win is None and self.verdict is None and self.phase == "dfs":
            self._search(stop)
        # a found line is shortened and checked within the slice even once the budget is
        # spent (stop would then be the start of the slice, and no move would be checked)
        if self._win is not None and self.verdict is None and self._shortener is not False:
            self._shorten(deadline)
        if self._win is not None and self.verdict is None and self._shortener is False:
            self._check_win(deadline)
        self.seconds += _clock() - start
        if self.verdict is not None:
            self.verdict.seconds, self.verdict.nodes = round(self.seconds, 6), self.nodes
        # a found line is always shortened (within its own cap) and checked, even when that
        # runs a little past the budget: a win in hand is never reported as "unknown"
        if (
            self.verdict is None
            and self._win is None
            and (
                self.seconds >= self.budget_s
                or (self.max_nodes is not None and self.nodes >= self.max_nodes)
            )
        ):
            self._finish("unknown", reason="budget spent")
        return self.verdict

    def run(self) -> Verdict:
        """Think until decided or out of budget."""
        while self.verdict is None:
            self.think(max(1.0, (self.budget_s - self.seconds) * 1000.0 + 1.0))
        return self.verdict

    def hint(self) -> Move | None:
        """The next move of a found winning line, else the first move towards the best
        position the search has seen (most cards on the foundations), else the best-ordered
        legal move. None when there is no move at all."""
        v = self.verdict
        if v is not None and v.status == "won":
            return v.line[0] if v.line else None
        if self._core_line:
            return self._core_line[0]
        first = None
        if self._win:
            first = self._win[0]
        elif self.best_first is not None:
            first = self.best_first
        else:
            model = make_model(self.root)
            log: list = []
            model.autos(log)
            moves = model.moves()
            first = moves[0] if moves else None
        if first is None:
            return None
        try:
            return self._to_core(self.root, make_model(self.root), first)
        except ValueError:
            return None

    # ------------------------------------------------------------------ search
    def _best_first(self, stop: float) -> None:
        """Greedy best-first search: always expand the most promising position seen (the
        newest among equals)."""
        model, buckets, seen, snaps = self.model, self.buckets, self.bseen, self.snaps
        apply, undo, autos, key, moves = (
            model.apply,
            model.undo,
            model.autos,
            model.key,
            model.moves,
        )
        estimate, snapshot, restore = model.estimate, model.snapshot, model.restore
        dead = _dead_test(model)
        parents, packed = self.bf_parent, self.bf_moves
        lost = self.lost if CARRY else {}
        memory = self._lost_key
        max_nodes = self.max_nodes if self.max_nodes is not None else _NO_LIMIT
        nodes, cap, top = self.nodes, self.BEST_FIRST_STATES, self.top
        best = self.best_score
        clock = _clock
        try:
            while buckets:
                if clock() >= stop or nodes >= max_nodes or len(seen) >= cap:
                    return
                bucket = buckets[top]
                node = bucket.pop()
                if not bucket:
                    del buckets[top]
                    top = max(buckets) if buckets else 0
                restore(snaps.pop(node))
                for m in moves():
                    log = [(m, apply(m))]
                    autos(log)
                    nodes += 1
                    if model.won():
                        self._win = self._chain(node) + [x for x, _ in log]
                        return
                    k = key()
                    if k not in seen:
                        seen[k] = None
                        if (dead is not None and dead()) or (  # proved lost: nothing below it
                            lost and (k if memory is None else memory(k)) in lost
                        ):
                            for x, rec in reversed(log):
                                undo(x, rec)
                            continue
                        score = estimate()
                        child = len(parents)
                        parents.append(node)
                        packed[child] = _pack([x for x, _ in log])
                        snaps[child] = snapshot()
                        if score > best:
                            best = score
                            self.best_first = self._chain(child)[0]
                        b = buckets.get(score)
                        if b is None:
                            buckets[score] = array("l", (child,))
                            if score > top or len(buckets) == 1:
                                top = score
                        else:
                            b.append(child)
                    for x, rec in reversed(log):
                        undo(x, rec)
            if model.eager:
                self.exhausted = True
            else:
                self._finish("lost", reason="every position was searched")
        finally:
            self.nodes, self.best_score, self.top = nodes, best, top

    def _search_name(self) -> str:
        """The search now running, in words (a model's own first search by its name)."""
        if self.phase == "best" and self.model.own_search is not None:
            return self.model.own_search_name
        return _SEARCH_NAMES.get(self.phase, "first")

    def _own_search(self, stop: float) -> None:
        """A model's own first search instead of best-first (``model.own_search(root_snap)``,
        a generator: it yields the positions it made since its last yield, often, and
        returns the model moves of a win, or None when it gives up). It must be eager in
        spirit: giving up proves nothing."""
        gen = self._own
        if gen is None:
            gen = self._own = self.model.own_search(self.root_snap)
        max_nodes = self.max_nodes if self.max_nodes is not None else _NO_LIMIT
        while _clock() < stop and self.nodes < max_nodes:
            try:
                self.nodes += next(gen)
            except StopIteration as e:
                if e.value is not None:
                    self._win = list(self.root_moves) + list(e.value)
                else:
                    self.exhausted = True
                return

    def _chain(self, node: int) -> list:
        """The model moves from the root to best-first position ``node``."""
        parts = []
        while node >= 0:
            parts.append(_unpack(self.bf_moves[node]))
            node = self.bf_parent[node]
        return [m for moves in reversed(parts) for m in moves]

    def _discard(self, *containers) -> None:
        """Hand big containers to the trash, emptied a little at each think (freeing a set
        of a million keys at once would hold a frame for tens of milliseconds)."""
        self._trash.extend(containers)

    def _empty_trash(self, stop: float) -> None:
        trash = self._trash
        while trash and _clock() < stop:
            box = trash[-1]
            pop = box.popitem if isinstance(box, dict) else box.pop
            for _ in range(min(len(box), 2000)):
                pop()
            if not box:
                trash.pop()

    def _start_dfs(self, shuffle: bool = False) -> None:
        model = self.model
        if self.stack or self.seen:
            self._discard(self.stack, self.seen, self.path)
        model.restore(self.root_snap)
        self.path = []
        self.partial = False
        if (
            shuffle
            and self.guided
            and self.best_line
            and self.nodes >= self.guided_after
            and self.rng.random() < self.guided
        ):
            # begin at a random point of the most advanced line so far (not a proof: only
            # the restarting search, which proves nothing, does this)
            line = self.best_line
            cut = self.rng.randrange(len(line))
            for m in line[:cut]:
                self.path.append((m, model.apply(m)))
            self.partial = True
        root_key = model.key()
        self.seen = {root_key: None}
        # The exact search (not eager, from the root) proves every closed part of what it
        # searched lost (Tarjan's algorithm): each frame also holds its position's number and
        # the lowest number it reaches (its "low link"); ``opened`` numbers the positions not
        # yet proved, ``proving`` lists them with their memory keys, in the order opened.
        self.exact = CARRY and not model.eager and not self.partial
        self.opened = {root_key: 0} if self.exact else {}
        self.proving = [(root_key, self._memory(root_key))] if self.exact else []
        self.numbered = 1
        self.moves = model.moves
        if shuffle:
            rnd = self.rng.random
            p = self.shuffle

            def moves(plain=model.moves):
                out = plain()
                for i in range(len(out) - 1):
                    if rnd() < p:
                        out[i], out[i + 1] = out[i + 1], out[i]
                return out

            self.moves = moves
        self.stack = [[self.moves(), 0, len(self.path), 0, 0]]

    def _search(self, stop: float, cap: int = -1) -> None:
        """Depth-first search from where it stopped, until ``stop`` or ``cap`` nodes."""
        model, path, stack, seen = self.model, self.path, self.stack, self.seen
        apply, undo, autos, key, moves = (
            model.apply,
            model.undo,
            model.autos,
            model.key,
            self.moves,
        )
        dead = _dead_test(model)
        max_nodes = self.max_nodes if self.max_nodes is not None else _NO_LIMIT
        if 0 <= cap < max_nodes:
            max_nodes = cap
        nodes = self.nodes
        clock = _clock
        guided = self.guided and cap >= 0
        home = model.on_foundations
        best_home = self.best_home
        exact, opened, proving = self.exact, self.opened, self.proving
        lost = self.lost if CARRY else {}
        memory = self._lost_key
        try:
            while stack:
                if clock() >= stop or nodes >= max_nodes:
                    return
                frame = stack[-1]
                todo, i, base, number, low = frame
                if i >= len(todo):
                    stack.pop()
                    if exact:
                        if low == number:  # a closed part, searched to the end: lost
                            if len(lost) + len(proving) > _LOST_MAX:
                                lost.clear()
                            while True:
                                k, mk = proving.pop()
                                lost[mk] = None
                                if opened.pop(k) == number:
                                    break
                        elif stack and low < stack[-1][4]:
                            stack[-1][4] = low
                    if stack:
                        base = stack[-1][2]
                        while len(path) > base:
                            m, rec = path.pop()
                            undo(m, rec)
                    continue
                frame[1] = i + 1
                m = todo[i]
                path.append((m, apply(m)))
                autos(path)
                nodes += 1
                if model.won():
                    self._win = list(self.root_moves) + [m for m, _ in path]
                    return
                k = key()
                if k in seen:
                    if exact:  # a position still open lowers the low link; a proved one not
                        j = opened.get(k)
                        if j is not None and j < frame[4]:
                            frame[4] = j
                    while len(path) > base:
                        m, rec = path.pop()
                        undo(m, rec)
                    continue
                seen[k] = None
                if lost and (k if memory is None else memory(k)) in lost:  # proved before
                    while len(path) > base:
                        m, rec = path.pop()
                        undo(m, rec)
                    continue
                if guided and home() > best_home:
                    best_home = self.best_home = home()
                    self.best_line = [m for m, _ in path]
                if (
                    dead is not None and dead()
                ):  # proved lost (the model's dead()): its moves are not searched
                    while len(path) > base:
                        m, rec = path.pop()
                        undo(m, rec)
                    continue
                if exact:
                    n = self.numbered
                    self.numbered = n + 1
                    opened[k] = n
                    proving.append((k, k if memory is None else memory(k)))
                    stack.append([moves(), 0, len(path), n, n])
                else:
                    stack.append([moves(), 0, len(path), 0, 0])
            if self.partial:  # only the part below the restart's starting point was searched
                self.run_cap = nodes
            elif model.eager:
                self.exhausted = True
            else:
                self._finish("lost", reason="every line was searched")
        finally:
            self.nodes = nodes

    # ------------------------------------------------------------------ checking a win
    @staticmethod
    def _to_core(replica, shadow, m) -> Move:
        """The core Move for model move ``m``; ``replica`` (core) and ``shadow`` (model) both
        hold the position before it."""
        return shadow.to_core(replica, m)

    def _shorten(self, stop: float) -> None:
        """Shorten the found line (solver_line.py), sliced like the search."""
        if self._shortener is None:
            self.found_length = len(self._win)
            if not self.model.shorten_lines:  # the shortener knows only some games' moves
                self._shortener = False
                return
            cap = min(
                self.SHORTEN_MAX_S,
                self.SHORTEN_SHARE * self.budget_s,
                max(0.0, self.budget_s - self.seconds),
            )
            self._meter = Meter(cap)
            model = make_model(self.root)
            self._shortener = shorten(model, model.snapshot(), list(self._win), self._meter)
        meter = self._meter
        meter.t0 = _clock()
        try:
            while True:
                next(self._shortener)
                if _clock() >= stop:
                    break
        except StopIteration as e:
            self._win = e.value
            self._shortener = False
        meter.used += _clock() - meter.t0

    def _check_win(self, stop: float) -> None:
        """Replay the found line through the core's push (sliced like the search)."""
        if self._replica is None:
            self._replica = self.root.copy(history=False)
            self._shadow = make_model(self._replica)
            # a model whose moves stand for several (talon macros) spells them out
            self._win = self._shadow.expand_line(list(self._win))
            self._keys = []
            self._history = {}  # level -> exact keys of the line's positions there
            if self._tag is not None:
                self._history[self._shadow.level()] = set(self._tag)
        replica, shadow, line, done = self._replica, self._shadow, self._win, self._core_line
        clock = _clock
        while len(done) < len(line):
            if clock() >= stop and done:
                return
            try:
                m = line[len(done)]
                mv = self._to_core(replica, shadow, m)
                self._keys.append((replica.key(), self._tag_of(shadow)))
                replica.push(mv)
                shadow.apply(m)
            except ValueError as e:  # IllegalMove is a ValueError
                self._finish(
                    "unknown",
                    reason=f"the core refused move {len(done) + 1} of the solver's line: {e}",
                )
                return
            done.append(mv)
        result = replica.result()
        if result is not None and result.status == "won":
            self._finish(
                "won",
                line=list(done),
                reason=f"a winning line was found by the "
                f"{self._search_name()} search ({self.found_length}"
                f" moves, {len(done)} after shortening)",
            )
            tag = (replica.game_id, tuple(sorted(replica.options.items())))
            _remember([(*tag, *k) for k in self._keys], tuple(done))
        else:
            self._finish("unknown", reason="the solver's line did not win in the core")

    def _tag_of(self, shadow):
        """The history tag of the shadow's position on the line being checked (see
        __init__): the exact positions at its level that the deal will have had."""
        if self._tag is None:
            return None
        seen = self._history.setdefault(shadow.level(), set())
        seen.add(shadow.exact())
        return frozenset(seen)

    def _finish(self, status: str, line=None, reason: str = "") -> None:
        self.verdict = Verdict(status, line, self.nodes, round(self.seconds, 6), reason)
        # a finished job only answers hint(); its memory goes with it (not freed here, which
        # could hold a frame)


def _dead_test(model):
    """The model's dead-end test, or None when its game has none (saves a call a node)."""
    return model.dead if type(model).dead is not SolverModel.dead else None


def _pack(moves) -> bytes:
    return bytes(x for m in moves for x in m)


def _unpack(data: bytes) -> list:
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (i from 1): restart lengths that waste at
    most a log factor against the best fixed length."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


def solve(state, budget_s: float = 10.0, max_nodes: int | None = None) -> Verdict:
    """Blocking: search ``state`` for up to ``budget_s`` seconds (or ``max_nodes`` positions)."""
    job = Solver(state, budget_s=budget_s, max_nodes=max_nodes)
    v = job.run()
    return v


def hint(state, budget_s: float = 1.0) -> Move | None:
    """Blocking convenience: think up to ``budget_s`` and return the hint."""
    job = Solver(state, budget_s=budget_s)
    job.run()
    return job.hint()
