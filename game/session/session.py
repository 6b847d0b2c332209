"""One game at a table, without pygame: the state, the seats, undo/redo, the computer seats'
thinking in slices, the solver's help, the save and what the statistics record.

    s = Session.new("russian-bank", seed=7, seats=("human", "computer:hard"))
    s.state                    # the rules core's state
    s.seats                    # ("human", "computer:hard")
    s.play(move)               # the seat to move must be a person; IllegalMove as the core
    s.follow_up()              # the next automatic move (safe card home, Finish, forced pass)
    s.undo(); s.redo()         # False when there is nothing to undo / redo
    s.advance(budget_ms)       # computer seats think and play for at most about budget_ms
    s.call_stop()              # a person calls Stop! (or knocks) on another seat's last move
    d = s.to_dict(); Session.from_dict(d)   # the save: JSON-safe, versioned, validated

Undo takes back a move and the automatic moves that followed it together (a group). In a game
with several seats it takes back only the moves of the person to move, in the current turn.

``events`` collects what happened that a table shows in words (the client drains it):
("call", seat, StopCall) a right or wrong Stop! call (or knock); ("pass", seat) a forced
pass; ("turn", seat) a new turn began.

Calls with more than two seats (Chinese Patience's knocks): any seat but the offender's may
call. A person calls with ``call_stop()`` (the caller is the person given, else the first
person from the offender's left); after a breach the computer seats are asked in seat order
from the offender's left, and the first that decides to call makes the call (``pending_call``).

Statistics: ``record()`` is the one person's game against the computer (None when people play
each other or the computer plays itself); ``seat_results()`` gives every seat's kind
("person", or the computer's level) and whether it won, for the statistics per seat kind.
"""

from __future__ import annotations

import itertools
import random
import time

from game.ai.deals import winnable_deals
from game.ai.players import computer_player, levels, solvable
from game.core import PASS, STOP, IllegalMove, Move, from_dict, info, new_game

from .help import SolverHelp
from .seats import HUMAN, check_seats, default_seats
from .settings import PACES

# A session's version tells caches (the client's piles, its drawn layer) that the position
# changed; drawn from one counter, two sessions never share one (a new deal is never mistaken
# for the old one).
_VERSIONS = itertools.count(1)
FORMAT = 2  # of the dict to_dict() makes; 1 was the client's save before seats existed
_FIELDS = {"format", "state", "seats", "redo", "redo_groups", "undo_groups", "turn_start",
           "elapsed", "assisted", "recorded", "dealt", "pending_call", "auto_pending", "opening",
           "finishing", "finish_group", "auto_at", "winnable_at"}


class Session:
    remote_seats = False  # seats at other screens: only a table connected to them (remote.py)
    match_target: int | None = None  # a shared table's match target (the host's, remote.py);
    # None: each screen's own setting

    def __init__(self, state, seats=None):
        self.state = state
        self.info = info(state.game_id)
        # the seat kinds (seat_kinds.py; each is also its saved string): who takes input here,
        # who thinks here in slices, who plays over the network
        self.seats = check_seats(state.game_id, seats or default_seats(state.game_id,
                                                                       state.player_count),
                                 state.player_count, remote=self.remote_seats)
        self.undo_groups: list[int] = []  # sizes of the groups of state.history, oldest first
        self.redo_groups: list[list[Move]] = []  # undone groups, the next to redo last
        self.turn_start = 0  # len(state.history) when the seat to move began its turn
        self.elapsed = 0.0  # seconds of play
        self.assisted = False  # Hint or Finish helped (the light is no help)
        self.recorded = False  # the result went into the statistics
        self.auto_move = True  # safe cards go to the foundations by themselves
        self.auto_pending = False  # a person's move may have made a safe move possible
        self.finishing: list[Move] = []  # a found winning line being played out (Finish)
        self.pending_call: int | None = None  # a computer seat about to call Stop!
        self.events: list[tuple] = []
        self.version = next(_VERSIONS)  # new at every change of position, unique across sessions
        self.last_group: list[Move] = []  # the moves of the last undo or redo
        self.dealt = 0  # automatic moves of the deal itself (its Aces going home): never undone
        self._opening = False  # safe moves now still belong to the deal
        self._finish_group = False  # the next move of a winning line starts an undo group
        self.auto_at: set[int] = set()  # where in the history safe cards went home by themselves
        self.winnable_at: int | None = None  # the history's length at the last position the
        # solver proved winnable (every position before it on the way there is winnable too)
        self._bots: dict[int, object] = {}
        self._job = None  # a computer seat's decision being thought about
        self._decided: Move | None = None
        self._player = (state.current_player, getattr(state, "turn", None))  # whose turn
        self.help = SolverHelp() if solvable(state.game_id) else None
        if self.help is not None:
            self.help.restart(state)

    @classmethod
    def new(cls, game_id: str, seed: int | None = None, seats=None, **options) -> "Session":
        """A new deal (a random deal number when ``seed`` is None)."""
        if seed is None:
            seed = new_seed(game_id)
        s = cls(new_game(game_id, seed, **options), seats)
        s.auto_pending = s._opening = True  # safe cards of the deal go home at once
        return s

    @classmethod
    def host(cls, game_id: str, seats, links, **options) -> "Session":
        """A table shared with other screens: one link per "remote" seat, in seat order; the
        computer seats are played here (remote.py; the protocol: docs/remote.md)."""
        from .remote import host
        return host(game_id, seats, links, **options)

    @classmethod
    def join(cls, link, token: str | None = None) -> "Session":
        """Sit down at the table of the host at the other end of ``link`` (remote.py)."""
        from .remote import join
        return join(link, token)

    # ------------------------------------------------------------------ who plays
    @property
    def to_move(self) -> int:
        return self.state.current_player

    def is_human(self, seat: int) -> bool:
        """A person at this screen sits there (the seat takes input here)."""
        return self.seats[seat].local

    def _computer(self, seat: int) -> bool:
        """The computer thinks for this seat here, in slices."""
        return self.seats[seat].driven == "slices"

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.local]

    def accepting(self) -> bool:
        """A person may move now: the game goes on, a person's seat is to move and no call is
        about to be made."""
        return (not self.state.is_over() and self.is_human(self.to_move)
                and self.pending_call is None)

    def is_over(self) -> bool:
        return self.state.is_over()

    def candidate_moves(self) -> list[Move]:
        """What the person to move may play: the legal moves and, where calls exist, the moves
        that only break a priority."""
        return self.state.legal_moves() + self.state.breach_moves()

    def last_mover(self) -> int | None:
        """The seat that made the last move, when a call on it could still be made: read from
        the history, so that an undo, a refused move or a reload can't change it."""
        return self.state.last_mover()

    # ------------------------------------------------------------------ a person's moves
    def play(self, move: Move) -> None:
        """Play a person's move (a new undo group). A move that only breaks a priority is
        played as a breach where the game allows it (Russian Bank's STOP! mode)."""
        if not self.is_human(self.to_move):
            raise IllegalMove(f"It is not your turn: {self.seats[self.to_move].words} is playing.")
        if self.pending_call is not None:
            raise IllegalMove("Wait: a Stop! call is being made.")
        self._forget_autos_from(len(self.state.history))
        self._push(move, self._is_breach(move))
        self.undo_groups.append(1)
        self.redo_groups.clear()
        self.finishing = []
        self.auto_pending, self._opening = True, False
        self._changed()
        self._ask_for_call()

    def _is_breach(self, move: Move) -> bool:
        return move not in self.state.legal_moves() and move in self.state.breach_moves()

    def _push(self, move: Move, breach: bool) -> None:
        if breach:
            self.state.push(move, breach=True)
        else:
            self.state.push(move)

    def _others(self, seat: int) -> list[int]:
        """The other seats, from ``seat``'s left (the next in play) round."""
        n = len(self.seats)
        return [(seat + step) % n for step in range(1, n)]

    def _ask_for_call(self) -> None:
        """After a breach, the computer seats other than the offender's decide, one after the
        other from the offender's left, whether to call; the first that does will call."""
        b = self.state.breach
        if b is None or self.state.is_over():
            return
        for seat in self._others(b.player):
            if self.seats[seat].calls(self, seat):
                self.pending_call = seat
                return

    def follow_up(self) -> Move | None:
        """Play the next automatic move, in the group of the move before it: the next move of
        a winning line being finished, a safe card to a foundation (when ``auto_move``), or a
        pass that is the only move left to a person. None when there is none."""
        s = self.state
        if s.is_over():
            self.finishing, self.auto_pending = [], False
            return None
        if self.finishing:
            move = self.finishing.pop(0)
            if move in s.legal_moves():
                self._forget_autos_from(len(s.history))
                self._push(move, False)
                if self._finish_group:  # Finish is undone as one group of its own
                    self._finish_group = False
                    self.undo_groups.append(0)
                self._group_follow_up()
                return move
            self.finishing = []
        if self.auto_pending and self.auto_move and hasattr(s, "safe_move"):
            move = s.safe_move()
            if move is not None:
                at = len(s.history)
                self._push(move, False)
                if self._opening:  # part of the deal: no move of the player's, never undone
                    self.dealt += 1
                    self.turn_start = self.dealt
                else:
                    self.auto_at.add(at)
                self._group_follow_up()
                return move
        self.auto_pending = self._opening = False
        if self.accepting() and s.legal_moves() == [PASS]:
            seat = s.current_player
            self._push(PASS, False)
            self.undo_groups.append(1)
            self.events.append(("pass", seat))
            self._changed()
            return PASS
        return None

    def _forget_autos_from(self, at: int) -> None:
        """A new move at ``at``: what was taken back from there on is gone for good."""
        self.auto_at = {i for i in self.auto_at if i < at}

    def _group_follow_up(self) -> None:
        if self.undo_groups:
            self.undo_groups[-1] += 1
        else:
            self.undo_groups.append(1)
        self._changed(keep_finishing=True)

    # ------------------------------------------------------------------ undo and redo
    def can_undo(self) -> bool:
        """A person may take back their last group of moves: in the current turn, while it is
        theirs; a solitaire also once it is over (a stuck deal may be tried another way)."""
        ended = self.state.is_over() and len(self.seats) == 1
        return (bool(self.undo_groups) and (ended or self.accepting())
                and len(self.state.history) - self.undo_groups[-1] >= self.turn_start)

    def can_redo(self) -> bool:
        return bool(self.redo_groups) and self.accepting()

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        n = self.undo_groups.pop()
        moves = [self.state.pop() for _ in range(n)][::-1]
        if self.winnable_at is not None and len(self.state.history) < self.winnable_at:
            self.winnable_at = len(self.state.history)  # on the way to a winnable position
        self.redo_groups.append(moves)
        self.last_group = moves
        self.finishing, self.auto_pending = [], False
        self._changed()
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        moves = self.redo_groups.pop()
        done = 0
        try:
            for m in moves:
                legal = m in self.state.legal_moves()
                if not legal and not self._is_breach(m):
                    raise IllegalMove(self.state.why_illegal(m) or f"{m} can't be played now")
                self._push(m, not legal)
                done += 1
        except IllegalMove:
            for _ in range(done):
                self.state.pop()
            self.redo_groups.clear()
            self._changed()
            raise
        self.undo_groups.append(len(moves))
        self.last_group = moves
        self._changed()
        return True

    # ------------------------------------------------------------------ Stop!
    def can_call_stop(self) -> bool:
        """A person may call Stop! (knock) on another seat's last move (in a game that has
        calls): a person sits at one of the other seats."""
        mover = self.last_mover()
        return (mover is not None and self._calls and not self.state.is_over()
                and self.pending_call is None
                and any(self.is_human(seat) for seat in self._others(mover)))

    @property
    def _calls(self) -> bool:
        return self.has_calls

    @property
    def has_calls(self) -> bool:
        """The game has calls and its rules as dealt allow them (a game may say not with
        ``calls_allowed``: Chinese Patience only knocks with "knock" priorities)."""
        return self.state.calls_allowed

    def call_stop(self, caller: int | None = None):
        """A person calls Stop! (knocks) on another seat's last move; the StopCall says how it
        went. What a right call does is the game's (Russian Bank: the move is taken back, the
        compulsory move played and the turn ends). ``caller``: the person's seat (default: the
        first person from the offender's left)."""
        if not self.can_call_stop():
            raise IllegalMove("There is no move of the other player to call Stop! on.")
        others = [seat for seat in self._others(self.last_mover()) if self.is_human(seat)]
        if caller is None:
            caller = others[0]
        elif caller not in others:
            raise IllegalMove("Only a person at another seat may call on this move.")
        return self._call(caller)

    def _call(self, caller: int):
        before = len(self.state.history)
        call = self.state.call_stop()
        if call.right or len(self.state.history) > before:
            # a right call replaces the breach in the history (taking it back exactly undoes
            # it); a wrong call with a price is a move of its own; neither is undone
            if len(self.state.history) > before:
                self.undo_groups.append(len(self.state.history) - before)
            self.redo_groups.clear()
            self._changed()
            self.turn_start = len(self.state.history)
        self.events.append(("call", caller, call))
        return call

    # ------------------------------------------------------------------ computer seats
    def _bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = computer_player(self.state.game_id,
                                                     self.seats[seat].level)
        return bot

    def may_slip(self, seat: int) -> bool:
        """Whether the computer in ``seat`` ever breaks a priority on purpose (its level's
        breach rate: Easy and Medium do, for a watchful person to catch; Hard never)."""
        return bool(self.seats[seat].level) and bool(getattr(self._bot(seat), "breach_rate", 0))

    @property
    def thinking(self) -> bool:
        """A computer seat is deciding its next move."""
        return self._job is not None and self._decided is None

    @property
    def decided(self) -> bool:
        return self._decided is not None

    def advance(self, budget_ms: float, max_moves: int | None = None) -> list[Move]:
        """Let the computer seats think and play for at most about ``budget_ms`` (a slice
        never runs long past it) and at most ``max_moves`` moves (0: only think ahead).
        A pending Stop! call is made first. Returns the moves made ("stop" for a call)."""
        made: list[Move] = []
        clock = time.perf_counter
        deadline = clock() + max(0.0, budget_ms) / 1000.0
        s = self.state
        while not s.is_over():
            if max_moves is not None and len(made) >= max_moves:
                self._think(deadline)
                break
            if self.pending_call is not None:
                seat, self.pending_call = self.pending_call, None
                if s.breach is not None:
                    self._call(seat)
                    made.append(STOP)
                continue
            seat = s.current_player
            if not self._computer(seat):
                break
            if not self._think(deadline):
                break
            move, self._decided, self._job = self._decided, None, None
            self._play_computer(move)
            made.append(move)
            if clock() >= deadline:
                break
        return made

    def _think(self, deadline: float) -> bool:
        """Think about the computer's move until decided or the deadline; True once decided."""
        s = self.state
        if s.is_over() or not self._computer(s.current_player) or self.pending_call is not None:
            return False
        if self._decided is None:
            if self._job is None:
                self._job = self._bot(s.current_player).start(s)
            remaining = (deadline - time.perf_counter()) * 1000.0
            self._decided = self._job.think(max(0.0, remaining))
        return self._decided is not None

    def _play_computer(self, move: Move) -> None:
        s = self.state
        if move in s.legal_moves():
            self._push(move, False)
        elif move in s.breach_moves():
            self._push(move, True)
        else:  # the computer returned a move the rules refuse: play a legal one instead
            self._push(s.legal_moves()[0], False)
        self.undo_groups.append(1)
        self._changed()
        self._ask_for_call()

    # ------------------------------------------------------------------ the solver's help
    def think_help(self, budget_ms: float):
        """A slice of the solver's thinking about the position (solitaires)."""
        verdict = self.help.think(budget_ms) if self.help is not None else None
        if verdict is not None and verdict.status == "won":
            self.winnable_at = len(self.state.history)
        return verdict

    def can_back_to_winnable(self) -> bool:
        """The position is proved lost and the solver proved an earlier one of this game
        winnable, which undo can reach."""
        v = self.help.verdict if self.help is not None else None
        r = self.state.result()
        lost = (v is not None and v.status == "lost") or (r is not None and r.status != "won")
        return (lost and self.winnable_at is not None
                and self.dealt <= self.winnable_at < len(self.state.history) and self.can_undo())

    def back_to_winnable(self) -> int:
        """Take moves back to the last position proved winnable (help: the game then counts as
        played with help). Returns how many moves were taken back."""
        if not self.can_back_to_winnable():
            return 0
        before = len(self.state.history)
        while len(self.state.history) > self.winnable_at and self.can_undo():
            self.undo()
        self.assisted = True
        return before - len(self.state.history)

    def hint(self) -> Move | None:
        """A move for the person to move: from the solver in a solitaire it knows, else what
        the game's Hard computer player would play. The game then counts as played with help.
        None when there is no hint to give."""
        if not self.accepting():
            return None
        if self.help is not None:
            move = self.help.hint(self.state)
        elif "hard" in levels(self.state.game_id):
            move = computer_player(self.state.game_id, "hard").choose(self.state)
        else:
            return None
        if move is not None:
            self.assisted = True
        return move

    def can_finish(self) -> bool:
        return (self.help is not None and self.help.winning_line() is not None
                and not self.finishing and self.accepting())

    def finish(self) -> bool:
        """Play out the found winning line (one follow_up() at a time)."""
        if not self.can_finish():
            return False
        self.finishing = self.help.winning_line()
        self._finish_group = True
        self.assisted = True
        self.redo_groups.clear()
        return True

    # ------------------------------------------------------------------ bookkeeping
    def _changed(self, keep_finishing: bool = False) -> None:
        s = self.state
        self.version = next(_VERSIONS)
        turn = (s.current_player, getattr(s, "turn", None))  # a missed turn: the same seat again
        if turn != self._player:
            self._player = turn
            self._job = self._decided = None
            self.turn_start = len(s.history)
            if self.is_human(s.current_player):
                self.redo_groups.clear()
            if not s.is_over():
                self.events.append(("turn", s.current_player))
        if self.help is not None and not (keep_finishing and self.finishing):
            self.help.restart(s)  # while a found winning line plays out, its verdict stands

    def tick(self, seconds: float) -> None:
        """The clock runs while a game is under way."""
        if self.state.history and not self.state.is_over():
            self.elapsed += seconds

    @property
    def move_count(self) -> int:
        """The moves made at the table: a move and its automatic follow-ups count as one, the
        deal's own automatic moves not at all. In a solitaire every move of a winning line that
        Finish played counts, as if the player had played it (moves are moves)."""
        if len(self.seats) == 1:
            n = len(self.state.history)
            return n - self.dealt - sum(1 for i in self.auto_at if i < n)
        return len(self.undo_groups) - (1 if self.dealt else 0)

    @property
    def unfinished(self) -> bool:
        """Moves were made and the result is not recorded: leaving counts as a loss."""
        return len(self.state.history) > self.dealt and not self.recorded

    @property
    def you(self) -> int | None:
        """The one person at a table against the computer; None when people play each other
        (here or from another screen) or the computer plays itself (such games go into no
        personal statistics)."""
        people = [i for i, s in enumerate(self.seats) if s.person]
        return people[0] if len(people) == 1 and self.seats[people[0]].local else None

    def record(self) -> dict | None:
        """Mark the game recorded and return what the statistics count (``won``, ``moves``,
        ``seconds``, ``assisted``), from the one person's point of view; None if it was
        recorded already or no single person played. An unfinished game counts as lost."""
        if self.recorded:
            return None
        self.recorded = True
        you = self.you
        if you is None:
            return None
        r = self.state.result()
        if len(self.seats) == 1:
            won = r is not None and r.status == "won"
        else:
            won = r is not None and r.winner == you
        return {"won": bool(won), "moves": self.move_count, "seconds": round(self.elapsed, 2),
                "assisted": self.assisted}

    def seat_results(self) -> list[tuple[str, bool]]:
        """Every seat's kind ("person", or the computer's level: "easy", "hard"...) and
        whether it won this game (an unfinished or drawn game: nobody won). The statistics per
        seat kind count each seat's game under its kind."""
        r = self.state.result()
        winner = r.winner if r is not None and len(self.seats) > 1 else None
        return [(seat.stat_kind, i == winner)
                for i, seat in enumerate(self.seats)]

    # ------------------------------------------------------------------ the save
    def to_dict(self) -> dict:
        """The save: the game and everything about to happen by itself, so that a reload puts
        the player exactly where they were: a computer seat's Stop! call (or knock) about to be
        made (``pending_call``), safe cards about to go home (``auto_pending``; ``opening``
        while they are still the deal's own), a found winning line being played out
        (``finishing``; ``finish_group`` before its first move)."""
        return {"format": FORMAT, "state": self.state.to_dict(), "seats": list(self.seats),
                "redo": [str(m) for g in self.redo_groups for m in g],
                "redo_groups": [len(g) for g in self.redo_groups],
                "undo_groups": list(self.undo_groups), "turn_start": self.turn_start,
                "elapsed": round(self.elapsed, 2), "assisted": self.assisted,
                "recorded": self.recorded, "dealt": self.dealt,
                "pending_call": self.pending_call, "auto_pending": self.auto_pending,
                "opening": self._opening, "finishing": [str(m) for m in self.finishing],
                "finish_group": self._finish_group, "auto_at": sorted(self.auto_at),
                "winnable_at": self.winnable_at}

    @classmethod
    def from_dict(cls, data, seats=None) -> "Session":
        """A session saved with to_dict (or by the client before seats existed: then
        ``seats``, else the game's default seats). Anything wrong raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("a saved game must be an object")
        version = data.get("format", 1)
        if version not in (1, FORMAT):
            raise ValueError(f"unknown saved game format {version!r}")
        unknown = set(data) - _FIELDS
        if unknown and version == FORMAT:
            raise ValueError(f"unknown parts in a saved game: {', '.join(sorted(unknown))}")
        state = from_dict(data.get("state"))
        s = cls(state, data.get("seats") or seats)
        s.undo_groups = _groups(data.get("undo_groups"), len(state.history), "undo")
        redo = data.get("redo", [])
        if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
            raise ValueError("the redo list is not a list of moves")
        moves = [Move.parse(t) for t in redo]
        sizes = _groups(data.get("redo_groups"), len(moves), "redo")
        i = 0
        for n in sizes:
            s.redo_groups.append(moves[i:i + n])
            i += n
        turn_start = data.get("turn_start", len(state.history) if len(s.seats) > 1 else 0)
        if type(turn_start) is not int or not 0 <= turn_start <= len(state.history):
            raise ValueError(f"the turn's start {turn_start!r} is not in the history")
        s.turn_start = turn_start
        dealt = data.get("dealt", 0)
        if type(dealt) is not int or not 0 <= dealt <= len(state.history) or (
                dealt and (not s.undo_groups or s.undo_groups[0] != dealt)):
            raise ValueError(f"the deal's own moves {dealt!r} don't match the history")
        s.dealt = dealt
        elapsed = data.get("elapsed", 0.0)
        if type(elapsed) not in (int, float) or not 0 <= elapsed < 1e9:
            raise ValueError(f"the clock reads {elapsed!r}")
        s.elapsed = float(elapsed)
        for name in ("assisted", "recorded", "auto_pending", "opening", "finish_group"):
            value = data.get(name, False)
            if type(value) is not bool:
                raise ValueError(f"{name} must be true or false, not {value!r}")
            setattr(s, "_" + name if name in ("opening", "finish_group") else name, value)
        finishing = data.get("finishing", [])
        if not isinstance(finishing, list) or not all(isinstance(m, str) for m in finishing):
            raise ValueError("the winning line being finished is not a list of moves")
        s.finishing = [Move.parse(t) for t in finishing]
        s.pending_call = _pending_call(s, data.get("pending_call"))
        s.auto_at = _auto_at(s, data.get("auto_at"))
        winnable = data.get("winnable_at")
        if winnable is not None and (type(winnable) is not int
                                     or not 0 <= winnable <= len(state.history)):
            raise ValueError(f"the last winnable position {winnable!r} is not in the history")
        s.winnable_at = winnable
        return s


def new_seed(game_id: str, winnable_only: bool = False, **options) -> int:
    """A new deal's number: with ``winnable_only``, one the solver proved winnable (when it
    has a list for this game), else any."""
    if winnable_only:
        deals = winnable_deals(game_id, **options)
        if deals:
            return random.choice(deals)
    return random.randrange(1, 1_000_000)


CALL_WINDOW_MS = 2200  # a person may call Stop! for at least this long after the computer's slip
HESITATE_ONE_IN = 5  # ... and a level that slips pauses as long after some plain moves too


def computer_pause_ms(state, move, pace_ms: float, person_may_call: bool,
                      may_slip: bool) -> float:
    """How long a table waits after a computer's ``move`` (just played on ``state``) before its
    next one: the chosen pace; half of it after turning up a hand card (its play follows: one
    step to the eye); and, where a person at the table may call Stop! (knock) on it, at least
    CALL_WINDOW_MS after a move that broke a priority, so a watchful player has time to catch
    it. So that a pause doesn't give a slip away, a level that slips (Easy, Medium) pauses as
    long after one plain move in HESITATE_ONE_IN as well (chosen by the deal and the move's
    number, the same on every machine); Hard never slips and never waits for nothing. Not at
    the instant pace (faster than "fast")."""
    wait = pace_ms / 2 if move.source == move.target and move.count else pace_ms
    if pace_ms >= PACES["fast"] and person_may_call:
        slip = state.breach is not None
        hesitate = may_slip and hash((state.seed or 0, len(state.history))) % HESITATE_ONE_IN == 0
        if slip or hesitate:
            wait = max(wait, CALL_WINDOW_MS)
    return wait


def _auto_at(s: Session, saved) -> set[int]:
    """Where safe cards went home by themselves: saved, within the history and what may be
    redone; a save from before it was kept: every move of an undo group after its first
    (what the move count counted then)."""
    if saved is None:
        at, out = 0, set()
        for size in s.undo_groups:
            out.update(range(at + 1, at + size))
            at += size
        return {i for i in out if i >= s.dealt}
    reach = len(s.state.history) + sum(len(g) for g in s.redo_groups)
    if not isinstance(saved, list) or not all(type(i) is int and s.dealt <= i < reach
                                              for i in saved):
        raise ValueError(f"the automatic moves' places {saved!r} don't fit the history")
    return set(saved)


def _pending_call(s: Session, seat):
    """A saved Stop! call (knock) about to be made: a computer seat's, on an open breach by
    another seat, in a game that has calls; ValueError otherwise."""
    if seat is None:
        return None
    breach = s.state.breach
    if type(seat) is not int or not 0 <= seat < len(s.seats) or not s._computer(seat):
        raise ValueError(f"a Stop! call about to be made must be a computer seat's, not {seat!r}")
    if not s.has_calls or breach is None or s.state.is_over() or seat == breach.player:
        raise ValueError(f"no Stop! call can be about to be made by seat {seat}: the last move "
                         "broke no priority another seat could call on")
    return seat


def _groups(sizes, total: int, what: str) -> list[int]:
    """Undo/redo group sizes that add up to ``total`` moves (one move a group when absent)."""
    if sizes is None or (sizes == [] and total == 0):
        return [1] * total
    if (not isinstance(sizes, list) or any(type(n) is not int or n < 1 for n in sizes)
            or sum(sizes) != total):
        raise ValueError(f"the {what} groups {sizes!r} don't match the {total} moves")
    return list(sizes)


__all__ = ["FORMAT", "HUMAN", "Session", "new_seed"]
