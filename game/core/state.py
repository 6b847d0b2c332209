"""What every game shares: piles, the state API (legal_moves, push/pop, to_dict/from_dict).

A game is a list of piles plus a few named variables. Each pile class states one building rule
as ``wanted()``: the card faces it accepts now (or ``ANY``). Move generation and move checking
both ask the same ``wanted()``, so the two can't disagree.

``push`` accepts exactly the moves ``legal_moves()`` offers (and, with ``breach=True``, the ones
``breach_moves()`` offers), compared by value whatever object it is handed (a Move made without
its constructor is checked as one made with it); anything else raises IllegalMove with the
reason in a sentence (``_refusal``), and ``is_legal``/``why_illegal`` answer the same. Every change ``push`` makes is
recorded as a small list of undo operations, so ``pop`` takes a move back exactly, including
what the rules did by themselves (a card turned face up, a pile refilled, a waste turned over, a
turn ended); it also gives back the position's cached legal moves. A Stop! call records the
taking back of the breach as operations too, so popping the call returns exactly to the
position right after the breach. ``to_dict`` stores the starting position and the moves;
``from_dict`` checks the position and replays the moves, so a save can never describe a state
the rules could not reach from its start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.cards import ALL_CARDS, SUITS, Card, card_key
from game.core.info import GameInfo
from game.core.language import N_, NP_, _, capital, pgettext
from game.core.moves import SPECIAL, STOP, IllegalMove, Move

FORMAT = 1
ANY = "any"  # wanted() of a pile that takes any card
ACE_KEYS = tuple(card_key(1, s) for s in SUITS)

# undo operations
_MOVE, _FLIP, _SET, _REV = range(4)

#: what a player calls each kind of pile (``Pile.noun``), in English: sentences that name a
#: pile by its noun choose their words from tables keyed by these
NOUNS = {
    # Translators: a kind of pile (a tableau pile), the word alone
    "tableau": N_("column"),
    # Translators: a kind of pile, the word alone
    "stock": N_("stock"),
    # Translators: a kind of pile, the word alone
    "waste": N_("waste"),
    # Translators: a kind of pile, the word alone
    "foundation": N_("foundation"),
    # Translators: a kind of pile (Seahaven's free cells), the word alone
    "cell": N_("cell"),
    # Translators: a kind of pile, the word alone
    "reserve": N_("reserve"),
    # Translators: a kind of pile (Russian Bank's shared piles), the word alone
    "house": N_("house"),
    # Translators: a kind of pile (a player's face-down pile in a game for two), the word alone
    "hand": N_("hand"),
    # Translators: a pile of cards, the word alone
    "pile": N_("pile"),
}

#: a column's place from the left as an ordinal ("the 3rd column"): English's suffix picks the
#: message (``ordinal``)
ORDINALS = {
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}re":
    # la colonne)
    "st": NP_("a column's place from the left: the 1st column", "{n}st"),
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}e")
    "nd": NP_("a column's place from the left: the 2nd column", "{n}nd"),
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}e")
    "rd": NP_("a column's place from the left: the 3rd column", "{n}rd"),
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}e")
    "th": NP_("a column's place from the left: the 4th column", "{n}th"),
}


def _suffix(n: int) -> str:
    """English's ordinal suffix of ``n``: "st", "nd", "rd", "th"."""
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def ordinal(n: int) -> str:
    """``n`` as an ordinal in the current language: "3rd", "3.", "3e"."""
    return pgettext(*ORDINALS[_suffix(n)]).format(n=n)


def pile_sentence(pile: Pile, sentences: dict, fallback: str, **fields) -> str:
    """A sentence that names ``pile``, in the current language. ``sentences`` maps the ways a
    pile is named (``Pile.label_pattern``: "the waste", "the {nth} column", "pile {n}") to the
    sentence for each (marked ``N_``: one per pile word, since articles and cases follow the
    noun); they may use ``{n}`` (the pile's number) and ``{nth}`` (its ordinal) besides
    ``fields``. A pile named otherwise is named by its ``label`` in ``fallback`` (``{pile}``)."""
    pattern, n = pile.label_pattern
    message = sentences.get(pattern)
    if message is None or type(pile).label is not Pile.label:  # (a label of its own)
        return _(fallback).format(pile=pile.label, **fields)
    return _(message).format(n=n, nth=ordinal(n), **fields)


def doesnt_fit(card: Card, on: Card, rule: str) -> str:
    """ "The Nine of clubs doesn't fit on the Ten of hearts: {rule}.", in the current language;
    ``rule`` as a pile states it (English, marked ``N_``)."""
    # Translators: {card} doesn't fit on {other}: a card as the subject, the card under it as
    # what is moved (German "den Pik-König", so "auf {other}"); {rule}: the pile's building
    # rule, as "columns build down in suit"
    return capital(
        _("{card} doesn't fit on {other}: {rule}.").format(
            card=card.words("the"), other=on.words("object"), rule=_(rule)
        )
    )


class Pile:
    """A pile of cards; ``cards[-1]`` is the top; the lowest ``down`` cards lie face down."""

    kind: ClassVar[str] = "pile"
    rule: ClassVar[str] = ""  # the building rule as a player would say it (English, marked N_;
    # translated where said)

    __slots__ = ("name", "index", "cards", "down", "game")

    def __init__(self, name: str, index: int, game: GameState):
        self.name, self.index, self.game = name, index, game
        self.cards: list[Card] = []
        self.down = 0

    def __repr__(self) -> str:
        return f"<{self.name} {' '.join(map(str, self.cards))}>"

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def noun(self) -> str:
        """What a player calls this kind of pile in a sentence: its kind ("house", "waste"),
        "column" for a tableau pile, unless the game's pile says otherwise (Battle solitaire's
        houses are "piles", its wastes "reserve piles"). Every sentence about a pile (hints,
        the log of moves, refusals) takes its name from here. An English word (``NOUNS``):
        sentences choose their words by it, so that each language's articles fit."""
        return NOUNS.get(self.kind, self.kind)

    @property
    def label_pattern(self) -> tuple[str, int]:
        """How messages name the pile, in English: a pattern and the pile's number ("the {nth}
        column" and 3, "that foundation" and 0, "the stock" and 0). Sentences that name a pile
        choose their words by the pattern (``pile_sentence``); ``label`` fills it in."""
        base = self.name.rstrip("0123456789")
        number = self.name[len(base) :]
        if not number:
            return f"the {base}", 0
        if base == "tableau":
            return "the {nth} column", int(number) + 1
        return f"that {base}", 0

    @property
    def label(self) -> str:
        """The pile as a player sees it, for messages, in English: "the stock", "the 3rd column"
        (columns are numbered from the left on every table), "that house" (other numbered piles
        are the one the player just touched). (``pile_sentence`` puts it in a sentence in the
        current language.)"""
        pattern, n = self.label_pattern
        return pattern.format(n=n, nth=f"{n}{_suffix(n)}")

    # A pile whose rule depends only on its top card states it as two class attributes:
    # BY_TOP maps the top card's face to the faces it takes; WHEN_EMPTY is what it takes empty.
    # A pile whose rule depends on more (the game's state) sets BY_TOP = None and overrides
    # wanted().
    BY_TOP: ClassVar[dict | None] = {}
    WHEN_EMPTY: ClassVar = ()

    def wanted(self):
        """The card faces (``Card.key``) this pile accepts now, or ``ANY``."""
        cards = self.cards
        return self.BY_TOP.get(cards[-1].key, ()) if cards else self.WHEN_EMPTY

    def accepts(self, card: Card) -> bool:
        wanted = self.wanted()
        return wanted is ANY or card.key in wanted

    def refusal(self, card: Card) -> str:
        """Why ``card`` may not go here, in a sentence (in the current language)."""
        if self.cards:
            return doesnt_fit(card, self.cards[-1], self.rule)
        return capital(
            pile_sentence(
                self,
                CANT_GO_ON,
                "{card} can't go on {pile}: {rule}.",
                card=card.words("the"),
                rule=_(self.rule),
            )
        )

    def check(self, cards: list[Card], down: int) -> str | None:
        """For loading a saved position: what is impossible about this pile, or None."""
        return None if down == 0 else f"{self.name} can't have face-down cards"


#: "The Nine of clubs can't go on the 3rd column: {rule}.", by the way the pile is named
#: (pile_sentence; {card}: a card as the subject, "the Nine of clubs"; {rule}: the pile's rule)
CANT_GO_ON = {
    # Translators: {card}: a card as the subject ("the Nine of clubs"); {nth}: the column's
    # place from the left, an ordinal ("3rd"); {rule}: the pile's building rule
    "the {nth} column": N_("{card} can't go on the {nth} column: {rule}."),
    "that foundation": N_("{card} can't go on that foundation: {rule}."),
    "that cell": N_("{card} can't go on that cell: {rule}."),
    "the waste": N_("{card} can't go on the waste: {rule}."),
    "the reserve": N_("{card} can't go on the reserve: {rule}."),
    "the stock": N_("{card} can't go on the stock: {rule}."),
}


class Foundation(Pile):
    kind = "foundation"
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("foundations start with an Ace and build up in suit to the King")
    BY_TOP = {card_key(r, s): (card_key(r + 1, s),) for r in range(1, 13) for s in SUITS}
    WHEN_EMPTY = ACE_KEYS

    def refusal(self, card: Card) -> str:
        if not self.cards:
            # Translators: {card}: a card as the subject ("the Nine of clubs")
            return _("Only an Ace can start a foundation, not {card}.").format(
                card=card.words("the")
            )
        if self.cards[-1].rank == 13:
            return _("That foundation is complete.")
        return super().refusal(card)

    def check(self, cards, down):
        for i, card in enumerate(cards):
            if card.rank != i + 1 or card.suit != cards[0].suit:
                return f"{self.name} is not built up in suit from the Ace"
        return super().check(cards, down)


@dataclass(frozen=True)
class Result:
    """How a finished game ended. ``status``: "won" or "stuck" (solitaires), "won" or
    "stalemate" (Russian Bank, with ``winner`` 0/1 or None on an even stalemate, and the
    ``points`` the winner scores)."""

    status: str
    winner: int | None = None
    points: int = 0
    reason: str = ""


@dataclass(frozen=True)
class Breach:
    """A priority rule broken by the last move, while the opponent may still call on it."""

    rule: str  # which priority, as the game's rules number it ("a", "b", "c" in Russian Bank)
    reason: str  # the sentence saying which priority was broken
    move: Move  # the offending move
    compulsory: Move  # what the rules required instead
    player: int  # the offender


@dataclass(frozen=True)
class StopCall:
    """What a call on the last move did: ``right`` (it caught a breach) and a sentence."""

    right: bool
    message: str
    breach: Breach | None = None
    cost: str = ""  # what a wrong call cost the caller: "" nothing, "turn" the turn just
    # begun, "next turn" their next turn (Russian Bank's option ``wrong_call``)


class _Entry:
    """One move of the history: ``ops`` undo it; ``breach`` the priority it broke (while a call
    is still open); ``restore`` the entry a Stop! call replaced (popping the call puts it back);
    ``legal`` the legal moves of the position before it (popping gives them back)."""

    __slots__ = ("move", "ops", "breach", "restore", "legal")

    def __init__(self, move, ops, breach=None, restore=None, legal=None):
        self.move, self.ops, self.breach, self.restore = move, ops, breach, restore
        self.legal = legal


class GameState:
    """The state of one game. Subclasses give the layout, the deal and the rules."""

    INFO: ClassVar[GameInfo]  # the game's description (info.py): id, title, options, rules
    game_id: ClassVar[str] = ""  # INFO.id
    title: ClassVar[str] = ""  # INFO.title
    CARDS: ClassVar[tuple[Card, ...]] = ALL_CARDS  # every card the game is played with
    VARS: ClassVar[dict[str, Any]] = {}  # named variables of a position -> default
    LAYOUT: ClassVar[tuple[tuple[str, type], ...]] = ()  # (pile name, pile class)
    _move_table: ClassVar[list[list[Move]]]

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "INFO" in cls.__dict__:
            cls.game_id, cls.title = cls.INFO.id, cls.INFO.title

    def __init__(self, seed: int | None = None, **options):
        self.options = self.INFO.check_options(options)
        self.seed = seed
        self.pile_list = [cls(name, i, self) for i, (name, cls) in enumerate(self.LAYOUT)]
        self.pile = {p.name: p for p in self.pile_list}
        for name, default in self.VARS.items():
            setattr(self, name, default)
        self.history: list[_Entry] = []
        self._start = None
        self._legal: list[Move] | None = None  # legal_moves() of the current position
        self._foundation_tops = self._foundation_index = None
        if "_move_table" not in type(self).__dict__:
            type(self)._move_table = [[Move(a, b) for b, _ in self.LAYOUT] for a, _ in self.LAYOUT]

    # ----------------------------------------------------------------- options and deal
    @classmethod
    def deal(cls, seed: int, **options) -> GameState:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"a deal number is a whole number >= 0, not {seed!r}")
        state = cls(seed, **options)
        state._deal(seed)
        state._start = state._snapshot()
        return state

    def _deal(self, seed: int) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- the state API
    current_player = 0

    @property
    def player_count(self) -> int:
        return self.options.get("players", self.INFO.players[0])

    def _refusal(self, move: Move) -> IllegalMove | None:
        """None if ``move`` is legal now, else the IllegalMove saying why."""
        raise NotImplementedError

    def _play(self, move: Move, ops: list) -> None:
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
        ops: list = []
        self._play(move, ops)
        self._legal = None
        self.history.append(_Entry(move, ops, record, None, legal))

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

    # Priority breaches and calls on them (Russian Bank's Stop!). A game without them keeps
    # these: nothing is ever a breach, and a call is always wrong.
    @property
    def breach(self) -> Breach | None:
        """The priority the last move broke, while a call on it may still be made."""
        return None

    def breach_moves(self) -> list[Move]:
        """Moves the building rules allow that break a priority (played with breach=True)."""
        return []

    def _breach_of(self, move: Move) -> Breach:
        """The Breach a move of ``breach_moves()`` commits."""
        raise NotImplementedError

    def call_stop(self) -> StopCall:
        # Translators: {title}: a game's name
        return StopCall(False, _("{title} has no calls.").format(title=_(self.title)))

    def call_price(self) -> str:
        """What a wrong call costs the caller, in words ("a turn"); "" when nothing."""
        return ""

    def last_mover(self) -> int | None:
        """The player who made the last move, read from the history (so a reload or an undo
        tells it as well as the move itself); None before the first move and after a call
        (there is no move to call on then)."""
        if not self.history or self.history[-1].move == STOP:
            return None
        for op in self.history[-1].ops:  # a move that ended the turn set current_player
            if op[0] == _SET and op[1] == "current_player":
                return op[2]
        return self.current_player

    @property
    def calls_allowed(self) -> bool:
        """Whether calls on breaches exist in this game as dealt (a game with calls may allow
        them only under some options: Russian Bank's STOP! mode)."""
        return type(self).call_stop is not GameState.call_stop

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

    def result(self) -> Result | None:
        raise NotImplementedError

    def piles(self) -> dict[str, list[tuple[Card, bool]]]:
        """Every pile, bottom to top, as (card, face_up)."""
        return {p.name: [(c, i >= p.down) for i, c in enumerate(p.cards)] for p in self.pile_list}

    def key(self) -> tuple:
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

    def __eq__(self, other) -> bool:
        """The same save (start, options, moves) and the same position: the cards, their faces
        and every variable."""
        return (
            isinstance(other, GameState)
            and self.to_dict() == other.to_dict()
            and self.key() == other.key()
        )

    __hash__ = None  # mutable

    def __str__(self) -> str:
        lines = [f"{self.title} (deal {self.seed})" if self.seed is not None else self.title]
        for p in self.pile_list:
            cards = [str(c) if i >= p.down else "##" for i, c in enumerate(p.cards)]
            lines.append(f"{p.name:>12}: {' '.join(cards)}")
        return "\n".join(lines)

    # ----------------------------------------------------------------- helpers for the games
    def _as_move(self, move) -> Move:
        """The Move ``move`` stands for, checked by value: a Move (made by its constructor or
        not, of a subclass or not) is rebuilt from its fields, so one with a count or pile name
        no Move may have is refused like text that is not a move. IllegalMove otherwise."""
        if _well_formed(move):
            return move
        if isinstance(move, Move):
            if len(move) == 3:  # (a Move has three fields: not two, not four)
                try:
                    return Move(*tuple.__iter__(move))
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
            if name == "pass":  # a game with passes or calls checks them before asking here
                # Translators: {title}: a game's name
                raise IllegalMove(
                    _("There is no passing in {title}.").format(title=title)
                ) from None
            if name == "stop":
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
    def _target_index(targets):
        """Targets by the card faces they want: (index, take-any piles, empty foundations)."""
        index: dict[int, list[Pile]] = {}
        anys, empty_foundations = [], []
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

    foundations: list[Pile]

    def _moves_to_foundations(self, sources, out: list) -> None:
        """_moves_onto the foundations, whose index is kept while their top cards stay the same
        (they change far less often than the rest of the table)."""
        tops = [f.cards[-1] if f.cards else None for f in self.foundations]
        if tops != self._foundation_tops:
            self._foundation_tops = tops
            self._foundation_index = self._target_index(self.foundations)
        self._moves_onto(sources, None, out, self._foundation_index)

    def _moves_onto(self, sources, targets, out: list, index=None) -> None:
        """Append a move for every (source top card, target that accepts it) pair."""
        index, anys, empty_foundations = index or self._target_index(targets)
        table = self._move_table
        for s in sources:
            row = table[s.index]
            card = s.cards[-1]
            for t in index.get(card.key, ()):
                if t is not s:
                    out.append(row[t.index])
            if card.rank == 1:
                out.extend(row[t.index] for t in empty_foundations)
            for t in anys:
                if t is not s:
                    out.append(row[t.index])

    def _move(self, ops: list, src: Pile, dst: Pile, n: int = 1) -> None:
        """Move the top n cards of src onto dst, order kept, face up."""
        if n == 1:
            dst.cards.append(src.cards.pop())
        else:
            moved = src.cards[-n:]
            del src.cards[-n:]
            dst.cards.extend(moved)
        ops.append((_MOVE, src, dst, n))
        if src.down > len(src.cards):
            ops.append((_FLIP, src, src.down))
            src.down = len(src.cards)

    def _turn_over(self, ops: list, src: Pile, dst: Pile) -> None:
        """Turn the whole of src over onto dst (its top card ends up at the bottom)."""
        n = len(src.cards)
        dst.cards.extend(reversed(src.cards))
        src.cards.clear()
        ops.append((_REV, src, dst, n))

    def _set_down(self, ops: list, pile: Pile, down: int) -> None:
        if pile.down != down:
            ops.append((_FLIP, pile, pile.down))
            pile.down = down

    def _set(self, ops: list, name: str, value) -> None:
        old = getattr(self, name)
        if old != value:
            ops.append((_SET, name, old))
            setattr(self, name, value)

    def _undo(self, ops: list, redo: list | None = None) -> None:
        """Carry out ``ops`` backwards. With ``redo``, append to it the operations that undo
        this undoing (so that undoing ``redo`` later plays the move again exactly)."""
        for op in reversed(ops):
            kind = op[0]
            if kind == _MOVE:
                _, src, dst, n = op
                moved = dst.cards[-n:]
                del dst.cards[-n:]
                src.cards.extend(moved)
                if redo is not None:
                    redo.append((_MOVE, dst, src, n))
            elif kind == _FLIP:
                if redo is not None:
                    redo.append((_FLIP, op[1], op[1].down))
                op[1].down = op[2]
            elif kind == _SET:
                if redo is not None:
                    redo.append((_SET, op[1], getattr(self, op[1])))
                setattr(self, op[1], op[2])
            else:
                _, src, dst, n = op
                moved = dst.cards[-n:]
                del dst.cards[-n:]
                src.cards.extend(reversed(moved))
                if redo is not None:
                    redo.append((_REV, dst, src, n))

    # ----------------------------------------------------------------- saving
    def _snapshot(self):
        return (
            [[c.code for c in p.cards] for p in self.pile_list],
            [p.down for p in self.pile_list],
            {name: self._var_to_json(name, getattr(self, name)) for name in self.VARS},
        )

    def _var_to_json(self, name: str, value):
        return list(value) if isinstance(value, tuple) else value

    def _var_from_json(self, name: str, value):
        """Check a saved variable and convert it back; ValueError if it is not valid."""
        default = self.VARS[name]
        if type(value) is not type(default):
            raise ValueError(f"variable {name} must be {type(default).__name__}, not {value!r}")
        return value

    def to_dict(self) -> dict:
        """JSON-safe: the format version, game, deal, options, start position and moves."""
        cards, downs, variables = self._start
        start = {
            "piles": {p.name: list(c) for p, c in zip(self.pile_list, cards)},
            "down": {p.name: d for p, d in zip(self.pile_list, downs) if d},
            "vars": dict(variables),
        }
        moves = [text for e in self.history for text in _texts(e)]
        return {
            "format": FORMAT,
            "game": self.game_id,
            "seed": self.seed,
            "options": dict(self.options),
            "start": start,
            "moves": moves,
        }

    def _load_start(self, start) -> None:
        if not isinstance(start, dict) or not isinstance(start.get("piles"), dict):
            raise ValueError("the saved position has no piles")
        piles, downs = start["piles"], start.get("down", {})
        variables = start.get("vars", {})
        if not isinstance(downs, dict) or not isinstance(variables, dict):
            raise ValueError("the saved position is malformed")
        for name in piles:
            if name not in self.pile:
                raise ValueError(f"unknown pile {name!r} in a {self.game_id} position")
        for name in downs:
            if name not in self.pile:
                raise ValueError(f"unknown pile {name!r} in a {self.game_id} position")
        seen: set[Card] = set()
        own = {c.code: c for c in self.CARDS}  # the game's cards (Spider's extra copies too)
        for p in self.pile_list:
            codes = piles.get(p.name)
            if not isinstance(codes, list):
                raise ValueError(f"pile {p.name} is missing or not a list")
            cards = []
            for code in codes:
                if not isinstance(code, str) or len(code) != 3:
                    raise ValueError(f"pile {p.name}: {code!r} is not a card code like 'TH0'")
                card = own.get(code) or Card.parse(code)
                if card in seen:
                    raise ValueError(f"the card {code} appears twice")
                seen.add(card)
                cards.append(card)
            down = downs.get(p.name, 0)
            if type(down) is not int or not 0 <= down <= len(cards):
                raise ValueError(f"pile {p.name}: face-down count {down!r} is impossible")
            problem = p.check(cards, down)
            if problem:
                raise ValueError(problem)
            p.cards, p.down = cards, down
        if seen != set(self.CARDS):
            if seen - set(self.CARDS):
                raise ValueError(
                    f"{self.title} is not played with the "
                    f"{min(seen - set(self.CARDS), key=lambda c: c.id).code}"
                )
            missing = sorted(c.code for c in set(self.CARDS) - seen)
            raise ValueError(f"cards are missing from the position: {', '.join(missing[:5])}")
        for name in variables:
            if name not in self.VARS:
                raise ValueError(f"unknown variable {name!r} in a {self.game_id} position")
        for name, default in self.VARS.items():
            value = variables.get(name, self._var_to_json(name, default))
            setattr(self, name, self._var_from_json(name, value))
        self._complete_vars()
        self._legal = None
        self._start = self._snapshot()

    def _complete_vars(self) -> None:
        """Fill in variables a hand-built position may leave out."""

    def _replay(self, text: str) -> None:
        """One saved move played again: a move; with "!", a move that broke a priority; "stop",
        a call on it (one that was wrong only where a wrong call is recorded: it costs)."""
        if text == "stop":
            before = len(self.history)
            if not self.call_stop().right and len(self.history) == before:
                raise ValueError("a call was made when no priority rule was broken")
        elif text.endswith("!"):
            before = len(self.history)
            self.push(Move.parse(text[:-1]), breach=True)
            if self.history[before].breach is None:
                raise ValueError(f"{text[:-1]} broke no priority rule")
        else:
            self.push(Move.parse(text))


def _texts(entry: _Entry) -> list[str]:
    """A history entry as saved: a call's text follows the breach it replaced ("!": the move
    broke a priority)."""
    out = _texts(entry.restore) if entry.restore else []
    return out + [str(entry.move) + ("!" if entry.breach else "")]


def _well_formed(move) -> bool:
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


def rebuild(cls: type[GameState], data: dict) -> GameState:
    """A state of game class ``cls`` rebuilt from ``data`` as ``to_dict`` wrote it (its format
    and game already checked: game/core/saving.py's ``from_dict``): the deal, the options, the
    start checked, every move replayed. Malformed data raises ValueError."""
    seed, options, moves = data.get("seed"), data.get("options", {}), data.get("moves", [])
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ValueError(f"deal number {seed!r} is not a whole number >= 0")
    if not isinstance(options, dict) or not isinstance(moves, list):
        raise ValueError("options must be an object and moves a list")
    state = cls(seed, **options)
    state._load_start(data.get("start"))
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise ValueError(f"move {i + 1} is not text: {text!r}")
        try:
            state._replay(text)
        except ValueError as e:  # IllegalMove is a ValueError too
            raise ValueError(f"move {i + 1} ({text}) can't be replayed: {e}") from None
    return state


__all__ = [
    "ANY",
    "Breach",
    "FORMAT",
    "Foundation",
    "GameState",
    "Pile",
    "Result",
    "STOP",
    "StopCall",
    "rebuild",
]
