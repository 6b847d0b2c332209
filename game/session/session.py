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
(Event.CALL, seat, StopCall) a right or wrong Stop! call (or knock); (Event.PASS, seat) a
forced pass; (Event.TURN, seat) a new turn began (actions.py).

Every change of position is one of four actions (``Action``: a move, an undo, a redo, a call),
made by one seat, and each goes through one method: ``play``, ``undo``, ``redo``,
``call_stop`` (a person here, or with ``by`` a seat at another screen whose action game/net
has received; the rules core checks it once, in ``push``), ``follow_up`` (the automatic moves)
and ``advance`` (the computer seats). Each action made calls ``acted(action)`` once: a plain
session does nothing more; a table shared with other screens (game/net) sends it on.

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
from collections.abc import Iterable, Sequence
from typing import Any

from game.ai.deals import winnable_deals
from game.ai.players import solvable
from game.core import PASS, STOP, GameState, IllegalMove, Move, StopCall, info, new_game
from game.core.language import _
from game.session import saved
from game.session.actions import Action, ActionKind, Event
from game.session.help import SolverHelp, SolverHelped
from game.session.saved import FORMAT
from game.session.seat_kinds import SeatPlayer, Thinking
from game.session.seats import check_seats, default_seats

# A session's version tells caches (the client's piles, its drawn layer) that the position
# changed; drawn from one counter, two sessions never share one (a new deal is never mistaken
# for the old one).
_VERSIONS = itertools.count(1)


def new_version() -> int:
    """A version no session had before (a table not yet dealt takes one too)."""
    return next(_VERSIONS)


class Session(SolverHelped):
    remote_seats = False  # seats at other screens: only a table connected to them (game/net)
    match_target: int | None = None  # a shared table's match target (the host's, game/net);
    # None: each screen's own setting

    def __init__(self, state: GameState, seats: Sequence[str] | None = None) -> None:
        self.state = state
        self.info = info(state.game_id)
        # the seat kinds (seat_kinds.py; each is also its saved string): who takes input here,
        # who thinks here in slices, who plays over the network
        self.seats = check_seats(
            state.game_id,
            seats or default_seats(state.game_id, state.player_count),
            state.player_count,
            remote=self.remote_seats,
        )
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
        self.events: list[tuple[Any, ...]] = []  # (Event, seat, ...): actions.py
        self.version = next(_VERSIONS)  # new at every change of position, unique across sessions
        self.last_group: list[Move] = []  # the moves of the last undo or redo
        self.dealt = 0  # automatic moves of the deal itself (its Aces going home): never undone
        self._opening = False  # safe moves now still belong to the deal
        self._finish_group = False  # the next move of a winning line starts an undo group
        self.auto_at: set[int] = set()  # where in the history safe cards went home by themselves
        self.winnable_at: int | None = None  # the history's length at the last position the
        # solver proved winnable (every position before it on the way there is winnable too)
        self._bots: dict[int, SeatPlayer] = {}
        self._job: Thinking | None = None  # a computer seat's decision being thought about
        self._decided: Move | None = None
        self._player = (state.current_player, getattr(state, "turn", None))  # whose turn
        self.help = SolverHelp() if solvable(state.game_id) else None
        if self.help is not None:
            self.help.restart(state)

    @classmethod
    def new(
        cls,
        game_id: str,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        **options: Any,
    ) -> Session:
        """A new deal (a random deal number when ``seed`` is None)."""
        if seed is None:
            seed = new_seed(game_id)
        s = cls(new_game(game_id, seed, **options), seats)
        s.auto_pending = s._opening = True  # safe cards of the deal go home at once
        return s

    # ------------------------------------------------------------------ who plays
    @property
    def to_move(self) -> int:
        return self.state.current_player

    def is_local(self, seat: int) -> bool:
        """A person at this screen sits there (the seat takes input here)."""
        return self.seats[seat].local

    def _computer(self, seat: int) -> bool:
        """The computer thinks for this seat here, in slices."""
        return self.seats[seat].thinks_here

    def _actor(self, by: int | None) -> int:
        """The seat acting now: the person to move here (``by`` None), or ``by``, a seat at
        another screen, when it is to move. IllegalMove otherwise."""
        seat = self.to_move
        if by is None:
            if not self.is_local(seat):
                # Translators: {who} is a seat ("the computer", "your friend")
                raise IllegalMove(
                    _("It is not your turn: {who} is playing.").format(who=self.seats[seat].words)
                )
        elif by != seat or not self.seats[by].remote:
            raise IllegalMove("not that seat's turn")
        return seat

    def acted(self, action: Action) -> None:
        """An action was made at this table (every one, once, in order). A table shared with
        other screens sends it on (game/net); here, nothing more."""

    @property
    def local_seats(self) -> list[int]:
        """The seats of the people at this screen (never a computer seat)."""
        return [i for i, s in enumerate(self.seats) if s.local]

    def accepting(self) -> bool:
        """A person may move now: the game goes on, a person's seat is to move and no call is
        about to be made."""
        return (
            not self.state.is_over() and self.is_local(self.to_move) and self.pending_call is None
        )

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
    def play(self, move: Move, by: int | None = None) -> None:
        """Play a person's move (a new undo group): the person's here, or with ``by`` the move
        of that seat at another screen. A move that only breaks a priority is played as a
        breach where the game allows it (Russian Bank's STOP! mode). The safe moves after it
        are the mover's screen's to play (``follow_up`` there)."""
        seat = self._actor(by)
        if self.pending_call is not None:
            raise IllegalMove(_("Wait: a Stop! call is being made."))
        at = len(self.state.history)
        self._push(move, self._is_breach(move))
        self._forget_autos_from(at)
        self.undo_groups.append(1)
        self.redo_groups.clear()
        self.finishing = []
        self.auto_pending, self._opening = by is None, False
        self._changed()
        self._ask_for_call()
        self.acted(Action(ActionKind.MOVE, seat, at, (self.state.history[at].move,)))

    def _is_breach(self, move: Move) -> bool:
        return move not in self.state.legal_moves() and move in self.state.breach_moves()

    def _push(self, move: Move, breach: bool) -> None:
        if breach:
            self.state.push(move, breach=True)
        else:
            self.state.push(move)

    def _pop(self) -> Move:
        return self.state.pop()

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
        seat, at = s.current_player, len(s.history)
        if self.finishing:
            move = self.finishing.pop(0)
            if move in s.legal_moves():
                self._forget_autos_from(at)
                self._push(move, False)
                if self._finish_group:  # Finish is undone as one group of its own
                    self._finish_group = False
                    self.undo_groups.append(0)
                self._group_follow_up()
                self.acted(Action(ActionKind.MOVE, seat, at, (move,)))
                return move
            self.finishing = []
        if self.auto_pending and self.auto_move and hasattr(s, "safe_move"):
            move = s.safe_move()
            if move is not None:
                self._push(move, False)
                if self._opening:  # part of the deal: no move of the player's, never undone
                    self.dealt += 1
                    self.turn_start = self.dealt
                else:
                    self.auto_at.add(at)
                self._group_follow_up()
                self.acted(Action(ActionKind.MOVE, seat, at, (move,)))
                return move
        self.auto_pending = self._opening = False
        if self.accepting() and s.legal_moves() == [PASS]:
            self._push(PASS, False)
            self.undo_groups.append(1)
            self.events.append((Event.PASS, seat))
            self._changed()
            self.acted(Action(ActionKind.MOVE, seat, at, (PASS,)))
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
        return (
            bool(self.undo_groups)
            and (ended or self.accepting())
            and len(self.state.history) - self.undo_groups[-1] >= self.turn_start
        )

    def can_redo(self) -> bool:
        return bool(self.redo_groups) and self.accepting()

    def undo(self, by: int | None = None, size: int | None = None) -> bool:
        """Take back the last group of moves: the person's here (False when they may not),
        or with ``by`` that seat's at another screen, a group of ``size`` moves in its turn
        (IllegalMove when it isn't one)."""
        if by is None:
            if not self.can_undo():
                return False
        else:
            self._actor(by)
            if (
                not self.undo_groups
                or self.undo_groups[-1] != size
                or len(self.state.history) - size < max(self.turn_start, self.dealt)
            ):
                raise IllegalMove("an undo of moves that aren't that seat's in this turn")
        seat, at = self.to_move, len(self.state.history)
        n = self.undo_groups.pop()
        moves = [self._pop() for _ in range(n)][::-1]
        if self.winnable_at is not None and len(self.state.history) < self.winnable_at:
            self.winnable_at = len(self.state.history)  # on the way to a winnable position
        self.redo_groups.append(moves)
        self.last_group = moves
        self.finishing, self.auto_pending = [], False
        self._changed()
        self.acted(Action(ActionKind.UNDO, seat, at, size=n))
        return True

    def redo(self, by: int | None = None, moves: Iterable[Move] | None = None) -> bool:
        """Play the last undone group again: the person's here (False when they may not), or
        with ``by`` the ``moves`` that seat at another screen played again (IllegalMove, and
        nothing changed, when the rules refuse one)."""
        if by is None:
            if not self.can_redo():
                return False
            moves = self.redo_groups.pop()
        else:
            self._actor(by)
            if moves is None:
                raise TypeError("a redo by a seat at another screen names its moves")
            moves = list(moves)
            if self.redo_groups and self.redo_groups[-1] == moves:
                self.redo_groups.pop()
        seat, at = self.to_move, len(self.state.history)
        done = 0
        try:
            for m in moves:
                if self.state.current_player != seat:
                    raise IllegalMove("not that seat's turn")
                self._push(m, self._is_breach(m))
                done += 1
        except IllegalMove:
            for _step in range(done):
                self._pop()
            if by is None:
                self.redo_groups.clear()
                self._changed()
            raise
        self.undo_groups.append(len(moves))
        self.last_group = moves
        self._changed()
        self.acted(Action(ActionKind.REDO, seat, at, tuple(moves)))
        return True

    # ------------------------------------------------------------------ Stop!
    def can_call_stop(self) -> bool:
        """A person may call Stop! (knock) on another seat's last move (in a game that has
        calls): a person sits at one of the other seats."""
        mover = self.last_mover()
        return (
            mover is not None
            and self.has_calls
            and not self.state.is_over()
            and self.pending_call is None
            and any(self.is_local(seat) for seat in self._others(mover))
        )

    @property
    def has_calls(self) -> bool:
        """The game has calls and its rules as dealt allow them (a game may say not with
        ``calls_allowed``: Chinese Patience only knocks with "knock" priorities)."""
        return self.state.calls_allowed

    def call_stop(self, caller: int | None = None, by: int | None = None) -> StopCall:
        """A person calls Stop! (knocks) on another seat's last move; the StopCall says how it
        went. What a right call does is the game's (Russian Bank: the move is taken back, the
        compulsory move played and the turn ends). ``caller``: the person's seat (default: the
        first person from the offender's left)."""
        if by is not None:  # a seat at another screen called
            mover = self.last_mover()
            if not 0 <= by < len(self.seats) or not self.seats[by].remote:
                raise IllegalMove("a call for another seat")
            if mover is None or not self.has_calls or by == mover or self.state.is_over():
                raise IllegalMove("there is no other player's move to call on")
            self.pending_call = None  # (a computer here about to call: this call came first)
            return self._call(by)
        mover = self.last_mover()
        if mover is None or not self.can_call_stop():
            raise IllegalMove(_("There is no move of the other player to call Stop! on."))
        others = [seat for seat in self._others(mover) if self.is_local(seat)]
        if caller is None:
            caller = others[0]
        elif caller not in others:
            raise IllegalMove(_("Only a person at another seat may call on this move."))
        return self._call(caller)

    def _call(self, caller: int) -> StopCall:
        before = len(self.state.history)
        call = self._call_in_core()
        if call.right or len(self.state.history) > before:
            # a right call replaces the breach in the history (taking it back exactly undoes
            # it); a wrong call with a price is a move of its own; neither is undone
            if len(self.state.history) > before:
                self.undo_groups.append(len(self.state.history) - before)
            self.redo_groups.clear()
            self._changed()
            self.turn_start = len(self.state.history)
        self.events.append((Event.CALL, caller, call))
        self.acted(Action(ActionKind.CALL, caller, before))
        return call

    def _call_in_core(self) -> StopCall:
        return self.state.call_stop()

    # ------------------------------------------------------------------ computer seats
    def bot(self, seat: int) -> SeatPlayer:
        """The player that thinks for a seat here (its kind makes it: ``player``)."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self.seats[seat].player(self.state.game_id)
        return bot

    def may_slip(self, seat: int) -> bool:
        """Whether the computer in ``seat`` ever breaks a priority on purpose (its level's
        breach rate: Easy and Medium do, for a watchful person to catch; Hard never)."""
        return self.seats[seat].thinks_here and bool(getattr(self.bot(seat), "breach_rate", 0))

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
            if move is None:  # (decided: _think said so)
                break
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
                self._job = self.bot(s.current_player).start(s)
            remaining = (deadline - time.perf_counter()) * 1000.0
            self._decided = self._job.think(max(0.0, remaining))
        return self._decided is not None

    def _play_computer(self, move: Move) -> None:
        s = self.state
        seat, at = s.current_player, len(s.history)
        if move in s.legal_moves():
            self._push(move, False)
        elif move in s.breach_moves():
            self._push(move, True)
        else:  # the computer returned a move the rules refuse: play a legal one instead
            self._push(s.legal_moves()[0], False)
        self.undo_groups.append(1)
        self._changed()
        self._ask_for_call()
        self.acted(Action(ActionKind.MOVE, seat, at, (s.history[at].move,)))

    # ------------------------------------------------------------------ bookkeeping
    def _changed(self, keep_finishing: bool = False) -> None:
        s = self.state
        self.version = next(_VERSIONS)
        turn = (s.current_player, getattr(s, "turn", None))  # a missed turn: the same seat again
        if turn != self._player:
            self._player = turn
            self._job = self._decided = None
            self.turn_start = len(s.history)
            if self.is_local(s.current_player):
                self.redo_groups.clear()
            if not s.is_over():
                self.events.append((Event.TURN, s.current_player))
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

    def record(self) -> dict[str, Any] | None:
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
        return {
            "won": bool(won),
            "moves": self.move_count,
            "seconds": round(self.elapsed, 2),
            "assisted": self.assisted,
        }

    def seat_results(self) -> list[tuple[str, bool]]:
        """Every seat's kind ("person", or the computer's level: "easy", "hard"...) and
        whether it won this game (an unfinished or drawn game: nobody won). The statistics per
        seat kind count each seat's game under its kind."""
        r = self.state.result()
        winner = r.winner if r is not None and len(self.seats) > 1 else None
        return [(seat.stat_kind, i == winner) for i, seat in enumerate(self.seats)]

    # ------------------------------------------------------------------ the save
    def to_dict(self) -> dict[str, Any]:
        """The save (saved.py): the game and everything about to happen by itself."""
        return saved.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, seats: Sequence[str] | None = None) -> Session:
        """A session saved with to_dict (or by the client before seats existed: then
        ``seats``, else the game's default seats). Anything wrong raises ValueError."""
        return saved.from_dict(cls, data, seats)


def new_seed(game_id: str, winnable_only: bool = False, **options: Any) -> int:
    """A new deal's number: with ``winnable_only``, one the solver proved winnable (when it
    has a list for this game), else any."""
    if winnable_only:
        deals = winnable_deals(game_id, **options)
        if deals:
            return random.choice(deals)
    return random.randrange(1, 1_000_000)


__all__ = ["FORMAT", "Session", "new_seed", "new_version"]
