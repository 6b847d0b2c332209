"""The engine every game shares: the state of a game and its API (legal_moves, push/pop,
is_legal/why_illegal, result, copy), and the small operations a move is made of, each recorded
so that it can be taken back.

A game is a list of piles (piles.py) plus a few named variables (``VARS``). ``push`` accepts
exactly the moves ``legal_moves()`` offers (and, with ``breach=True``, the ones
``breach_moves()`` offers: calls.py), compared by value whatever object it is handed (a Move
made without its constructor is checked as one made with it); anything else raises IllegalMove
with the reason in a sentence (``_refusal``), and ``is_legal``/``why_illegal`` answer the same.
Every change ``push`` makes is recorded as a small list of undo operations (history.py), so
``pop`` takes a move back exactly, including what the rules did by themselves (a card turned
face up, a pile refilled, a waste turned over, a turn ended); it also gives back the position's
cached legal moves. A Stop! call records the taking back of the breach as operations too, so
popping the call returns exactly to the position right after the breach. Saving and loading
are saving.py's.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, TypeGuard

from game.core.calls import Breach
from game.core.cards import ALL_CARDS, Card
from game.core.history import FLIP, GIVE, MOVE, SET, TURN_OVER, Entry, Ops
from game.core.info import GameInfo
from game.core.language import _
from game.core.moves import SPECIAL, STOP, IllegalMove, Move, Special
from game.core.piles import ACE_KEYS, ANY, Pile
from game.core.result import Result
from game.core.saving import Saving, rebuild

#: a game's piles in order: (pile name, pile class)
Layout = tuple[tuple[str, type[Pile]], ...]
#: the moves between every two piles of a layout, by their indexes (one object per move)
MoveTable = tuple[tuple[Move, ...], ...]
#: the targets of a move search by the faces they want: (face -> piles, take-any piles, empty
#: foundations)
TargetIndex = tuple[dict[int, list[Pile]], list[Pile], list[Pile]]


@functools.cache
def move_table(layout: Layout) -> MoveTable:
    """``move_table(layout)[a][b]``: the move from pile a to pile b of ``layout``, made once."""
    return tuple(tuple(Move(a, b) for b, _ in layout) for a, _ in layout)


class GameState(Saving):
    """The state of one game. Subclasses give the layout, the deal and the rules."""

    INFO: ClassVar[GameInfo]  # the game's description (info.py): id, title, options, rules
    game_id: ClassVar[str] = ""  # INFO.id
    title: ClassVar[str] = ""  # INFO.title
    CARDS: tuple[Card, ...] = ALL_CARDS  # every card the game is played with (a game whose
    # cards depend on its options sets its states' own)
    VARS: ClassVar[Mapping[str, Any]] = {}  # named variables of a position -> default
    LAYOUT: ClassVar[Layout] = ()  # (pile name, pile class)
    current_player: int = 0
    foundations: list[Pile]

    def __init_subclass__(cls, **kw: Any):
        super().__init_subclass__(**kw)
        if "INFO" in cls.__dict__:
            cls.game_id, cls.title = cls.INFO.id, cls.INFO.title

    def __init__(self, seed: int | None = None, **options: Any):
        self.options = self.INFO.check_options(options)
        self.seed = seed
        layout = self._layout()
        self.pile_list = [cls(name, i, self) for i, (name, cls) in enumerate(layout)]
        self.pile = {p.name: p for p in self.pile_list}
        for name, default in self.VARS.items():
            setattr(self, name, default)
        self.history = []
        self._start = None
        self._legal = None  # legal_moves() of the current position
        self._foundation_tops: list[Card | None] | None = None
        self._foundation_index: TargetIndex | None = None
        self._move_table = move_table(layout)

    def _layout(self) -> Layout:
        """The piles of this state (a game whose piles depend on its options says so)."""
        return self.LAYOUT

    # ----------------------------------------------------------------- options and deal
    @classmethod
    def deal(cls, seed: int, **options: Any) -> GameState:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"a deal number is a whole number >= 0, not {seed!r}")
        state = cls(seed, **options)
        state._deal(seed)
        state._start = state._snapshot()
        return state

    def _deal(self, seed: int) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- the state API
    @property
    def player_count(self) -> int:
        players: int = self.options.get("players", self.INFO.players[0])
        return players

    def _refusal(self, move: Move) -> IllegalMove | None:
        """None if ``move`` is legal now, else the IllegalMove saying why."""
        raise NotImplementedError

    def _play(self, move: Move, ops: Ops) -> None:
        """Carry out a legal move and everything the rules then do by themselves."""
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now (a new list each call)."""
        if self._legal is None:
            self._legal = self._generate_moves()
        return list(self._legal)

    def _generate_moves(self) -> list[Move]:
        raise NotImplementedError

    def push(self, move: Move | str, breach: bool = False) -> None:
        """Play a move: exactly the moves ``legal_moves()`` offers are accepted, and with
        ``breach=True`` also those ``breach_moves()`` offers (then ``self.breach`` says which
        priority the move broke). Anything else raises IllegalMove, saying why, and leaves the
        state unchanged."""
        if not _well_formed(move):  # compare by value: whatever object it is, a Move of
            move = self._as_move(move)  # text names and a whole count, or refused in words
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_moves()
        if move in legal:
            record = None
        elif breach and move in self.breach_moves():
            record = self._breach_of(move)
        else:
            raise self._why(move)
        ops: Ops = []
        self._play(move, ops)
        self._legal = None
        self.history.append(Entry(move, ops, record, None, legal))

    def pop(self) -> Move:
        """Take back the last move exactly and return it. Popping a Stop! call returns to the
        position right after the breach it caught, with the breach open to a call again."""
        if not self.history:
            raise IndexError("there is no move to take back")
        entry = self.history.pop()
        self._undo(entry.ops)
        self._legal = entry.legal
        if entry.restore is not None:
            self.history.append(entry.restore)
        return entry.move

    def peek(self) -> Move | None:
        return self.history[-1].move if self.history else None

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``push`` accepts the move (without ``breach=True``)."""
        try:
            move = self._as_move(move)
        except IllegalMove:
            return False
        if self._legal is None:
            self._legal = self._generate_moves()
        return move in self._legal

    def why_illegal(self, move: Move | str) -> str | None:
        """The sentence push would raise for this move, or None if it is legal."""
        try:
            move = self._as_move(move)
        except IllegalMove as e:
            return str(e)
        return None if self.is_legal(move) else str(self._why(move))

    def _why(self, move: Move) -> IllegalMove:
        """Why a move that is not offered is refused (``_refusal`` says it for every move the
        rules refuse; the last sentence is only a safety net)."""
        try:
            error = self._refusal(self._as_move(move))
        except IllegalMove as e:  # e.g. no such pile
            error = e
        return error or IllegalMove(_("That move is not allowed now."))

    def is_over(self) -> bool:
        return self.result() is not None

    def result(self) -> Result | None:
        raise NotImplementedError

    # ----------------------------------------------------------------- breaches and calls
    @property
    def breach(self) -> Breach | None:
        """The priority the last move broke, while a call on it may still be made (calls.py;
        never, in a game without priorities to break)."""
        return self.history[-1].breach if self.history else None

    def last_mover(self) -> int | None:
        """The player who made the last move, read from the history (so a reload or an undo
        tells it as well as the move itself); None before the first move and after a call
        (there is no move to call on then)."""
        if not self.history or self.history[-1].move == STOP:
            return None
        for op in self.history[-1].ops:  # a move that ended the turn set current_player
            if op[0] == SET and op[1] == "current_player":
                mover = op[2]
                assert isinstance(mover, int)
                return mover
        return self.current_player

    def _take_back_for_call(self) -> tuple[Entry, Ops]:
        """A right call's start: the breach taken back, recorded as operations (so that
        popping the call plays the breach again); the breach's entry and those operations."""
        entry = self.history.pop()
        ops: Ops = []
        self._undo(entry.ops, ops)
        return entry, ops

    def _record_call(self, ops: Ops, restore: Entry | None, legal: list[Move] | None) -> None:
        """A call made: one history entry (``stop``) whose ``pop()`` undoes ``ops`` and puts
        ``restore`` (the breach's entry, for a right call) back; ``legal``: the legal moves
        of the position the call was made in."""
        self.history.append(Entry(STOP, ops, None, restore, legal))
        self._legal = None

    # ----------------------------------------------------------------- what the table asks
    def turn_move(self, pile: str) -> Move | None:
        """The move that turning a card of this pile means (clicking a stock or a face-down
        hand), for the player on turn; None when the pile is not turned."""
        return None

    def end_turn_move(self) -> Move | None:
        """The move that ends the player's turn now (the End turn button), if there is one."""
        return None

    def concede(self, player: int) -> Result | None:
        """The result if ``player`` gave the game up now (games played as a match); None in a
        game without one."""
        return None

    def marks(self) -> dict[str, str]:
        """Words the table shows on piles in a special state, e.g. {"tableau3": "protected"}
        (a ring and a tag on the top card), or on an empty place (written in its slot: a
        Canfield foundation's base rank)."""
        return {}

    def piles(self) -> dict[str, list[tuple[Card, bool]]]:
        """Every pile, bottom to top, as (card, face_up)."""
        return {p.name: [(c, i >= p.down) for i, c in enumerate(p.cards)] for p in self.pile_list}

    def key(self) -> tuple[object, ...]:
        """A hashable key of the position (cards, faces and variables), not of the history."""
        return (
            tuple(tuple(c.id for c in p.cards) for p in self.pile_list),
            tuple(p.down for p in self.pile_list),
            tuple(getattr(self, name) for name in self.VARS),
        )

    def copy(self, history: bool = True) -> GameState:
        """An independent copy; with ``history=False`` it starts at the current position
        (cheap, for searches that only push and pop)."""
        if history:
            return rebuild(type(self), self.to_dict())
        other = type(self)(self.seed, **self.options)
        for mine, theirs in zip(self.pile_list, other.pile_list):
            theirs.cards = list(mine.cards)
            theirs.down = mine.down
        for name in self.VARS:
            setattr(other, name, getattr(self, name))
        other._legal = self._legal
        other._start = other._snapshot()
        return other

    def __eq__(self, other: object) -> bool:
        """The same save (start, options, moves) and the same position: the cards, their faces
        and every variable."""
        return (
            isinstance(other, GameState)
            and self.to_dict() == other.to_dict()
            and self.key() == other.key()
        )

    __hash__ = None  # type: ignore[assignment]  # (mutable: no hash)

    def __str__(self) -> str:
        lines = [f"{self.title} (deal {self.seed})" if self.seed is not None else self.title]
        for p in self.pile_list:
            cards = [str(c) if i >= p.down else "##" for i, c in enumerate(p.cards)]
            lines.append(f"{p.name:>12}: {' '.join(cards)}")
        return "\n".join(lines)

    # ----------------------------------------------------------------- helpers for the games
    def _as_move(self, move: object) -> Move:
        """The Move ``move`` stands for, checked by value: a Move (made by its constructor or
        not, of a subclass or not) is rebuilt from its fields, so one with a count or pile name
        no Move may have is refused like text that is not a move. IllegalMove otherwise."""
        if _well_formed(move):
            return move
        if isinstance(move, Move):
            if len(move) == 3:  # (a Move has three fields: not two, not four)
                fields: tuple[Any, ...] = tuple(tuple.__iter__(move))  # (checked by Move)
                try:
                    return Move(*fields)
                except (TypeError, ValueError):
                    pass
            move = tuple.__repr__(move)  # (a malformed Move's own repr may fail)
        elif isinstance(move, str):
            try:
                return Move.parse(move)
            except ValueError:
                pass
        # Translators: {move}: what was handed over as a move, as the code writes it
        raise IllegalMove(_("That is not a move: {move}.").format(move=repr(move)))

    def _pile_of(self, name: str) -> Pile:
        try:
            return self.pile[name]
        except (KeyError, TypeError):
            title = _(self.title)
            if name == Special.PASS:  # a game with passes or calls checks them before asking here
                # Translators: {title}: a game's name
                raise IllegalMove(
                    _("There is no passing in {title}.").format(title=title)
                ) from None
            if name == Special.STOP:
                # Translators: {title}: a game's name
                raise IllegalMove(
                    _("There is no calling Stop! in {title}.").format(title=title)
                ) from None
            # Translators: {name}: the pile's name as the code writes it ('tableau3'); {title}:
            # a game's name
            raise IllegalMove(
                _("There is no pile called {name} in {title}.").format(name=repr(name), title=title)
            ) from None

    @staticmethod
    def _target_index(targets: Iterable[Pile]) -> TargetIndex:
        """Targets by the card faces they want: (index, take-any piles, empty foundations)."""
        index: dict[int, list[Pile]] = {}
        anys: list[Pile] = []
        empty_foundations: list[Pile] = []
        for t in targets:
            by_top = t.BY_TOP  # (wanted() without the call, for the piles that allow it)
            if by_top is None:
                wanted = t.wanted()
            elif t.cards:
                wanted = by_top.get(t.cards[-1].key, ())
            else:
                wanted = t.WHEN_EMPTY
            if wanted is ANY:
                anys.append(t)
            elif wanted is ACE_KEYS:
                empty_foundations.append(t)
            else:
                for k in wanted:
                    found = index.get(k)
                    if found is None:
                        index[k] = [t]
                    else:
                        found.append(t)
        return index, anys, empty_foundations

    def _moves_to_foundations(self, sources: Iterable[Pile], out: list[Move]) -> None:
        """_moves_onto the foundations, whose index is kept while their top cards stay the same
        (they change far less often than the rest of the table)."""
        tops = [f.cards[-1] if f.cards else None for f in self.foundations]
        index = self._foundation_index
        if tops != self._foundation_tops or index is None:
            self._foundation_tops = tops
            index = self._foundation_index = self._target_index(self.foundations)
        self._moves_onto(sources, (), out, index)

    def _moves_onto(
        self,
        sources: Iterable[Pile],
        targets: Iterable[Pile],
        out: list[Move],
        index: TargetIndex | None = None,
    ) -> None:
        """Append a move for every (source top card, target that accepts it) pair."""
        by_face, anys, empty_foundations = index or self._target_index(targets)
        table = self._move_table
        for s in sources:
            row = table[s.index]
            card = s.cards[-1]
            for t in by_face.get(card.key, ()):
                if t is not s:
                    out.append(row[t.index])
            if card.rank == 1:
                out.extend(row[t.index] for t in empty_foundations)
            for t in anys:
                if t is not s:
                    out.append(row[t.index])

    # ----------------------------------------------------------------- the undoable operations
    def _move(self, ops: Ops, src: Pile, dst: Pile, n: int = 1) -> None:
        """Move the top n cards of src onto dst, order kept, face up."""
        if n == 1:
            dst.cards.append(src.cards.pop())
        else:
            moved = src.cards[-n:]
            del src.cards[-n:]
            dst.cards.extend(moved)
        ops.append((MOVE, src, dst, n))
        if src.down > len(src.cards):
            ops.append((FLIP, src, src.down))
            src.down = len(src.cards)

    def _turn_over(self, ops: Ops, src: Pile, dst: Pile) -> None:
        """Turn the whole of src over onto dst (its top card ends up at the bottom)."""
        n = len(src.cards)
        dst.cards.extend(reversed(src.cards))
        src.cards.clear()
        ops.append((TURN_OVER, src, dst, n))

    def _set_down(self, ops: Ops, pile: Pile, down: int) -> None:
        if pile.down != down:
            ops.append((FLIP, pile, pile.down))
            pile.down = down

    def _set(self, ops: Ops, name: str, value: object) -> None:
        old = getattr(self, name)
        if old != value:
            ops.append((SET, name, old))
            setattr(self, name, value)

    def _give(self, ops: Ops, src: Pile, index: int, dst: Pile) -> None:
        """A card from ``src`` at ``index`` to the bottom of ``dst``, face down."""
        card = src.cards.pop(index)
        ops.append((GIVE, src, index, dst, src.down, dst.down))
        if index < src.down:
            src.down -= 1
        dst.cards.insert(0, card)
        dst.down += 1

    def _undo(self, ops: Ops, redo: Ops | None = None) -> None:
        """Carry out ``ops`` backwards. With ``redo``, append to it the operations that undo
        this undoing (so that undoing ``redo`` later plays the move again exactly; a GIVE, only
        in a call, is never undone so)."""
        for op in reversed(ops):
            if op[0] == MOVE:
                _, src, dst, n = op
                moved = dst.cards[-n:]
                del dst.cards[-n:]
                src.cards.extend(moved)
                if redo is not None:
                    redo.append((MOVE, dst, src, n))
            elif op[0] == FLIP:
                if redo is not None:
                    redo.append((FLIP, op[1], op[1].down))
                op[1].down = op[2]
            elif op[0] == SET:
                if redo is not None:
                    redo.append((SET, op[1], getattr(self, op[1])))
                setattr(self, op[1], op[2])
            elif op[0] == TURN_OVER:
                _, src, dst, n = op
                moved = dst.cards[-n:]
                del dst.cards[-n:]
                src.cards.extend(reversed(moved))
                if redo is not None:
                    redo.append((TURN_OVER, dst, src, n))
            else:
                _, src, index, dst, src_down, dst_down = op
                src.cards.insert(index, dst.cards.pop(0))
                src.down, dst.down = src_down, dst_down


def _well_formed(move: object) -> TypeGuard[Move]:
    """``move`` is exactly a Move as its constructor makes them: pile names as text and a whole
    count (the one check push makes on its fast path; anything else goes through _as_move)."""
    return (
        type(move) is Move
        and len(move) == 3
        and type(move[0]) is str
        and type(move[1]) is str
        and type(move[2]) is int
        and (move[2] >= 1 or (move[2] == 0 and move[0] == move[1] in SPECIAL))
    )


__all__ = ["GameState", "Layout", "MoveTable", "TargetIndex", "move_table"]
