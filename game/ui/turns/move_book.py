"""The game's history in words, for the move log and Replay turn: ``MoveBook`` replays the
history on a copy of the deal a move at a time and says each move (log_words.py); an undo, or
a call that replaces a move, pops the copy back. Nothing is kept by the chrome: a reload reads
the same log from the history."""

from __future__ import annotations

from typing import Any

from game.core import STOP, from_dict
from game.core.language import current as spoken
from game.session import Session
from game.ui.board.places import Piles
from game.ui.turns.log_words import LogChrome, log_line, said

#: what one entry of the history played: (move, whether it broke a priority), or STOP
Item = Any


def entry_plays(entry: Any) -> list[Item]:
    """What one entry of the history played, in order, as the game's save replays it:
    (move, breach) for a move, STOP for a call (a Stop! call that replaced a breach: the
    breach first, then the call)."""
    out = entry_plays(entry.restore) if entry.restore is not None else []
    out.append(STOP if entry.move == STOP else (entry.move, entry.breach is not None))
    return out


def play(state: Any, item: Item) -> Any:
    """Play one item of ``entry_plays`` on ``state``; a call's StopCall."""
    if item == STOP:
        return state.call_stop()
    state.push(*item)
    return None


def piles_of(state: Any, names: tuple[str, ...]) -> Piles:
    """Some piles as ``state.piles()`` gives them (a move's two: what describe reads)."""
    out: Piles = {}
    for name in names:
        p = state.pile.get(name)
        if p is not None:
            out[name] = [(c, i >= p.down) for i, c in enumerate(p.cards)]
    return out


class Step:
    """One move (or call) of the game in words: ``turn`` its turn's number, ``seat`` whose
    turn it was, ``who`` and ``words`` (what was done, without who), ``item`` what it played
    (``entry_plays``)."""

    __slots__ = ("turn", "seat", "key", "who", "words", "item", "shown")

    def __init__(
        self, turn: int, seat: int, key: Any, who: str, words: str, item: Item, shown: bool
    ) -> None:
        self.turn, self.seat, self.key, self.who = turn, seat, key, who
        self.words, self.item, self.shown = words, item, shown

    @property
    def line(self) -> str:
        return log_line(self.who, self.words)


def turn_key(state: Any) -> tuple[int, Any]:
    """What tells one turn from the next: the player to move, and the game's turn count where
    it keeps one."""
    return (state.current_player, getattr(state, "turn", None))


class MoveBook:
    """The game's history in words, kept in step with the session by replaying it on a copy
    of the deal (``shadow``): moves added are played on, moves taken back (undo, a call that
    replaces a move) are popped, so a move costs one replayed move, and a reload replays the
    game once. Its words are in the language spoken when it was made (``language``)."""

    def __init__(self, chrome: LogChrome, session: Session) -> None:
        self.chrome, self.session = chrome, session
        self.language = spoken()
        state = session.state
        self.shadow = from_dict(state.to_dict() | {"moves": []})
        self.entries: list[Any] = []  # the live history's entries replayed, and their step counts
        self.counts: list[int] = []
        self.steps: list[Step] = []
        self.version: int | None = None
        self.changes = 0  # how many times the words changed (the view's cache key)

    def update(self) -> None:
        s = self.session
        if s.version == self.version:
            return
        self.version = s.version
        history = s.state.history
        same = 0
        for mine, live in zip(self.entries, history):
            if mine is not live:
                break
            same += 1
        if same == len(self.entries) == len(history):
            return
        while len(self.entries) > same:
            self.entries.pop()
            for _step in range(self.counts.pop()):
                self.shadow.pop()
                self.steps.pop()
        for i in range(same, len(history)):
            entry = history[i]
            items = entry_plays(entry)
            for item in items:
                self.step(item, shown=i >= s.dealt)
            self.entries.append(entry)
            self.counts.append(len(items))
        self.changes += 1

    def step(self, item: Item, shown: bool) -> None:
        """Play one item on the shadow and say it (a call: in the turn of the move called)."""
        st, c = self.shadow, self.chrome
        last = self.steps[-1] if self.steps else None
        if item == STOP:  # a call on the last move: said in the turn of that move
            mover = st.last_mover()
            call = play(st, item)
            called = call.breach.player if call.right else mover  # whose move was called on
            assert called is not None  # (a call follows a move)
            others = [p for p in range(len(self.session.seats)) if p != called]
            caller = others[0] if len(others) == 1 else None  # (with more: not in the history)
            words = c.call_words(call, caller, called, st)
            turn, seat, key = (last.turn, last.seat, last.key) if last else (1, 0, None)
            who = c.title(caller) if caller is not None else ""
            self.steps.append(Step(turn, seat, key, who, words, item, shown))
            return
        key, mover, move = turn_key(st), st.current_player, item[0]
        before = piles_of(st, (move.source, move.target))
        play(st, item)
        who, words = said(c, st, move, before, mover)
        turn = 1 if last is None else last.turn + (last.key != key)
        self.steps.append(Step(turn, mover, key, who, words, item, shown))

    # ------------------------------------------------------------------ what is shown
    def turns(self) -> list[tuple[int, int, list[Step]]]:
        """The turns shown, oldest first: (number, seat, steps). The current turn (perhaps no
        move yet) and the turns before it back to the previous turn of the seat to move."""
        self.update()
        state = self.session.state
        steps = [s for s in self.steps if s.shown]
        by_turn: dict[int, list[Step]] = {}
        for st in steps:
            by_turn.setdefault(st.turn, []).append(st)
        order = sorted(by_turn)
        last = self.steps[-1] if self.steps else None
        now = turn_key(state)
        if last is not None and last.key == now:
            current = (last.turn, last.seat)
        else:
            current = ((last.turn + 1) if last else 1, state.current_player)
        out = [(current[0], current[1], by_turn.get(current[0], []))]
        for n in reversed([t for t in order if t < current[0]]):
            seat = by_turn[n][0].seat
            if len(out) > 1 and (seat == current[1] or len(out) > len(self.session.seats)):
                break
            out.append((n, seat, by_turn[n]))
        return out[::-1]

    def lines(self) -> list[str]:
        """Every move shown, newest first, "Who: what"."""
        return [st.line if st.who else st.words for _, _, steps in self.turns() for st in steps][
            ::-1
        ]

    def replay_turn(self) -> tuple[int, int, list[Step]] | None:
        """The last turn played by a seat that is not a person here (the computer's)."""
        self.update()
        s = self.session
        for st in reversed(self.steps):
            if st.shown and not s.is_local(st.seat):
                steps = [x for x in self.steps if x.turn == st.turn and x.shown]
                return (st.turn, st.seat, steps)
        return None

    def positions(self, turn: int) -> list[dict]:
        """The piles before the turn's first move and after each of its moves (the shadow is
        popped back and played on again: it ends where it was)."""
        self.update()
        k = next(i for i, st in enumerate(self.steps) if st.turn == turn and st.shown)
        items = [st.item for st in self.steps[k:]]
        for _item in items:
            self.shadow.pop()
        out = [self.shadow.piles()]
        n = sum(1 for st in self.steps[k:] if st.turn == turn)
        for i, item in enumerate(items):
            play(self.shadow, item)
            if i < n:
                out.append(self.shadow.piles())
        return out


__all__ = ["MoveBook", "Step", "entry_plays", "piles_of", "play", "turn_key"]
