"""Spider: the rules are game/core/rules/spider.md (numbered as the tests; the Rules screen
shows them).

The code: option ``suits`` makes the copies beyond the two packs cards of their own
(``SpiderCard``, packs 2 to 7, codes like "7S5"), so every card exists exactly once, a save
names each one, and the table draws each as what it is. ``s-t0`` deals a row
(Move("stock", "tableau0"), and clicking the stock means it); ``t2-t5x3`` moves a run of three.
Nothing is ever moved to a foundation by hand.

The end (rule 9): ``hopeless`` reasons about a relaxed game that can do more than the real one,
``exhausted`` searches the few positions the face-up cards can be rearranged into, and
``IDLE_LIMIT`` moves in a row that neither dealt, turned a card nor took a run off end the game.
The game is over exactly when ``legal_moves()`` is empty; a move refused for that says why.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

from game.core.cards import ALL_CARDS, Card
from game.core.history import Ops
from game.core.info import GameInfo, Option
from game.core.kinds import PileKind, split_pile_name
from game.core.language import N_, _, ngettext
from game.core.moves import IllegalMove, Move
from game.core.piles import Builds, DownAnySuit, Faces, Foundation, Pile, Wanted, doesnt_fit
from game.core.result import Result, Status
from game.core.solitaire import Solitaire, Stock, usual_refusal

IDLE_LIMIT = 300  # moves in a row without a deal, a card turned up or a run off: the game ends
SEARCH_LIMIT = 40  # positions the "can anything still change?" search looks at, at most

# Translators: a setting's choice in Settings (Spider suits)
_SUITS = (N_("4 suits"), N_("2 suits: spades and hearts"), N_("1 suit: spades"))

INFO = GameInfo(
    id="spider",
    # Translators: a game's name
    title=N_("Spider"),
    # Translators: a game's description in a line, under its name
    blurb=N_("Two packs, ten columns: gather eight runs from King to Ace."),
    # Translators: a setting's name in Settings
    option_list=(Option("suits", 4, (4, 2, 1), N_("Spider suits"), _SUITS),),
)


class SpiderCard(Card):
    """A copy of a card beyond the two ordinary packs (packs 2 to 7), for 2- and 1-suit Spider.
    Interned like every Card: ``SpiderCard(7, "S", 5)`` is always the same object."""

    __slots__ = ()
    _all: dict[tuple[int, str, int], Card] = {}

    def __reduce__(self) -> tuple[type[Card], tuple[int, str, int]]:
        return (SpiderCard, (self.rank, self.suit, self.deck))


def _make_copies() -> None:
    next_id = len(ALL_CARDS)
    for deck in range(2, 8):
        for suit in ("S", "H") if deck < 4 else ("S",):
            for rank in range(1, 14):
                SpiderCard._make(rank, suit, deck, next_id)
                next_id += 1


_make_copies()


def _copy(rank: int, suit: str, deck: int) -> Card:
    return Card(rank, suit, deck) if deck < 2 else SpiderCard(rank, suit, deck)


#: the 104 cards for each ``suits`` setting: 4 suits are the two packs; 2 suits spades and
#: hearts from packs 0 to 3; 1 suit spades from packs 0 to 7
CARD_SETS: Final[Mapping[int, tuple[Card, ...]]] = {
    4: ALL_CARDS,
    2: tuple(_copy(r, s, d) for d in range(4) for s in "SH" for r in range(1, 14)),
    1: tuple(_copy(r, "S", d) for d in range(8) for r in range(1, 14)),
}

DEAL: Final = Move("stock", "tableau0")  # one card onto every column
#: _RUN_MOVES[i][j][n]: n cards from column i to column j (n from 1; [0] is never asked for)
_RUN_MOVES: Final = [
    [[DEAL] + [Move(f"tableau{i}", f"tableau{j}", n) for n in range(1, 14)] for j in range(10)]
    for i in range(10)
]


class SpiderStock(Stock):
    # Translators: a building rule, said after a refusal
    rule = N_("the stock deals one card onto every column")


class SpiderFoundation(Foundation):
    # Translators: a building rule, said after a refusal
    rule = N_("only a whole run from King down to Ace in one suit goes to a foundation")
    WHEN_EMPTY: ClassVar[Wanted] = ()
    BY_TOP: ClassVar[Builds | None] = {}

    def refusal(self, card: Card) -> str:
        return _(
            "Only a whole run from King down to Ace in one suit goes to a foundation, "
            "and it goes there by itself."
        )

    def check(self, cards: list[Card], down: int) -> str | None:
        if len(cards) not in (0, 13):
            return f"{self.name} must hold a whole run from Ace to King or nothing"
        return super().check(cards, down)


class Tableau(DownAnySuit):
    @property
    def label_pattern(self) -> tuple[str, int]:
        return "column {n}", (split_pile_name(self.name)[1] or 0) + 1

    def refusal(self, card: Card) -> str:
        return doesnt_fit(card, self.cards[-1], self.rule)

    def check(self, cards: list[Card], down: int) -> str | None:
        if cards and down >= len(cards):
            return f"{self.name}: the top card of a column must be face up"
        if run_length(cards, down) == 13:
            return f"{self.name}: a whole run from King to Ace should have gone to a foundation"
        return None


def run_length(cards: list[Card], down: int = 0) -> int:
    """How many face-up cards on top of a column form a run down in one suit."""
    n = 1 if len(cards) > down else 0
    while n < len(cards) - down and cards[-n - 1].key == cards[-n].key + 1:
        n += 1
    return n


class Spider(Solitaire):
    INFO = INFO
    STOCK = SpiderStock
    WASTE = None
    FOUNDATIONS = 8
    COLUMNS = 10
    Tableau = Tableau
    CARDS = ALL_CARDS  # 4 suits; an instance plays with CARD_SETS[its suits option]
    VARS: ClassVar[Mapping[str, Any]] = {"idle": 0}  # moves in a row without a deal, a card
    # turned up or a run off
    idle: int
    stock: Pile

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self.CARDS = CARD_SETS[self.options["suits"]]

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        for row in range(6):
            for i, column in enumerate(self.tableau):
                if row < 5 or i < 4:
                    column.cards.append(deck.pop())
        for column in self.tableau:
            column.down = len(column.cards) - 1
        self.stock.cards, self.stock.down = deck, len(deck)

    # ----------------------------------------------------------------- the table
    def turn_move(self, pile: str) -> Move | None:
        return DEAL if pile == "stock" else None

    def safe_move(self) -> Move | None:
        return None  # nothing goes to a foundation by hand

    def deals_left(self) -> int:
        return -(-len(self.stock.cards) // 10)

    def marks(self) -> dict[str, str]:
        rows = self.deals_left()
        if not rows:
            return {}
        # Translators: written under the stock; keep it short
        return {"stock": ngettext("{n} deal left", "{n} deals left", rows).format(n=rows)}

    # ----------------------------------------------------------------- the end
    def result(self) -> Result | None:
        if self.is_won():
            return Result(Status.WON, 0, reason=_("All eight runs are off."))
        if self.legal_moves():
            return None
        return Result(Status.STUCK, reason=self._over_reason() or _("No more moves."))

    def _over_reason(self) -> str | None:
        """Why the game is over although cards could still move, or None."""
        if not self._moves():
            return None
        if self.idle >= IDLE_LIMIT:
            # Translators: {n}: a number of moves, 300
            return ngettext(
                "No row was dealt, no card turned up and no run taken off in the last {n} moves.",
                "No row was dealt, no card turned up and no run taken off in the last {n} moves.",
                IDLE_LIMIT,
            ).format(n=IDLE_LIMIT)
        if self._changes_nothing():
            return _(
                "No move can ever deal a row, turn a card or take a run off again: only "
                "moves that change nothing are left."
            )
        return None

    def _changes_nothing(self) -> bool:
        """Proved: no line of moves can deal a row, turn a card face up or take a run off (the
        moves left only rearrange face-up cards). False when that is not proved within
        SEARCH_LIMIT positions."""
        stock = bool(self.stock.cards)
        if stock and all(t.cards for t in self.tableau):
            return False  # a row can be dealt
        columns = [(t.down > 0, tuple(c.key for c in t.cards[t.down :])) for t in self.tableau]
        return _dead(_canonical(columns), stock)

    # ----------------------------------------------------------------- moves
    def _generate_moves(self) -> list[Move]:
        moves = self._moves()
        if moves and (self.idle >= IDLE_LIMIT or self._changes_nothing()):
            return []  # the game is over
        return moves

    def _moves(self) -> list[Move]:
        """Every move the building rules allow (while the game is not over, the legal ones)."""
        moves: list[Move] = []
        append = moves.append
        tableau = self.tableau
        places: dict[int, list[int]] = {}  # rank of a top card -> the columns it tops
        empty: list[int] = []
        for j, column in enumerate(tableau):
            if column.cards:
                places.setdefault(column.cards[-1].rank, []).append(j)
            else:
                empty.append(j)
        for i, column in enumerate(tableau):
            cards = column.cards
            k = len(cards)
            up = k - column.down
            if up <= 0:
                continue
            row = _RUN_MOVES[i]
            card, n = cards[-1], 1
            while True:  # the top n cards, while they are a run in one suit
                for j in places.get(card.rank + 1, ()):
                    append(row[j][n])
                for j in empty:
                    append(row[j][n])
                if n == up:
                    break
                below = cards[k - n - 1]
                if below.key != card.key + 1:
                    break
                card, n = below, n + 1
        if self.stock.cards and not empty:
            append(DEAL)
        return moves

    def _refusal(self, move: Move) -> IllegalMove | None:
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        if src is self.stock:
            if dst is not self.tableau[0] or move.count != 1:
                return IllegalMove(
                    _("The stock deals one card onto every column at once: click the stock.")
                )
            if not src.cards:
                return IllegalMove(_("The stock is empty: there is no redeal."))
            empty = [t for t in self.tableau if not t.cards]
            if empty:
                # Translators: {n}: the empty column's number from the left
                return IllegalMove(
                    _(
                        "A row can't be dealt while a column is empty: fill column {n} first."
                    ).format(n=empty[0].label_pattern[1])
                )
            return self._unless_over(move)
        error = usual_refusal(
            src, dst, N_("The cards are already there."), N_("Runs on the foundations stay there.")
        )
        if error:
            return error
        if dst is self.stock:
            return IllegalMove(_("Cards can't go back to the stock."))
        if dst.kind is PileKind.FOUNDATION:
            return IllegalMove(dst.refusal(src.cards[-1]))
        up = len(src.cards) - src.down
        n = src.label_pattern[1]
        if move.count > up:
            # Translators: {n}: the column's number from the left; {up}: its face-up cards
            return IllegalMove(
                ngettext(
                    "Only face-up cards move: column {n} has {up} face up.",
                    "Only face-up cards move: column {n} has {up} face up.",
                    up,
                ).format(n=n, up=up)
            )
        length = run_length(src.cards, src.down)
        if move.count > length:
            # Translators: {count} is 2 or more; {n}: the column's number from the left
            return IllegalMove(
                ngettext(
                    "The top {count} cards of column {n} are not a run down in one suit: only a "
                    "run in one suit moves as one.",
                    "The top {count} cards of column {n} are not a run down in one suit: only a "
                    "run in one suit moves as one.",
                    move.count,
                ).format(count=move.count, n=n)
            )
        card = src.cards[-move.count]
        if dst.cards and dst.cards[-1].rank != card.rank + 1:
            return IllegalMove(dst.refusal(card))
        return self._unless_over(move)

    def _unless_over(self, move: Move) -> IllegalMove | None:
        """A move the building rules allow is legal unless the game is over."""
        if move in self.legal_moves():
            return None
        # Translators: {reason}: why, a sentence ("No more moves.")
        return IllegalMove(
            _("The deal is over. {reason}").format(
                reason=self._over_reason() or _("No more moves.")
            )
        )

    def _play(self, move: Move, ops: Ops) -> None:
        src, dst = self.pile[move.source], self.pile[move.target]
        progress = False
        if src is self.stock:
            for column in self.tableau[: len(src.cards)]:
                self._move(ops, src, column)
            for column in self.tableau:
                self._take_off(ops, column)
            progress = True
        else:
            self._move(ops, src, dst, move.count)
            progress = self._turn_up(ops, src)
            progress = self._take_off(ops, dst) or progress
        self._set(ops, "idle", 0 if progress else self.idle + 1)

    def _turn_up(self, ops: Ops, column: Pile) -> bool:
        """A face-down card left on top turns face up by itself."""
        if column.cards and column.down >= len(column.cards):
            self._set_down(ops, column, len(column.cards) - 1)
            return True
        return False

    def _take_off(self, ops: Ops, column: Pile) -> bool:
        """A whole run from King to Ace in one suit on top of the column goes to the first
        empty foundation (Ace first, so the foundation holds Ace to King)."""
        if run_length(column.cards, column.down) < 13:
            return False
        foundation = next(f for f in self.foundations if not f.cards)
        for _card in range(13):
            self._move(ops, column, foundation)
        self._turn_up(ops, column)
        return True

    # ----------------------------------------------------------------- saves
    def _var_from_json(self, name: str, value: Any) -> Any:
        if type(value) is not int or not 0 <= value <= IDLE_LIMIT:
            raise ValueError(f"idle must be a whole number from 0 to {IDLE_LIMIT}")
        return value


# --------------------------------------------------------------------- can anything change?
#: a column as the proofs see it: (face-down cards under it?, its face-up faces, bottom first)
SearchColumn = tuple[bool, Faces]


def clear_caches() -> None:
    """Forget the verdicts kept between positions (for benchmarks: a fresh process's cost)."""
    _dead.cache_clear()


def _canonical(columns: Iterable[SearchColumn]) -> tuple[SearchColumn, ...]:
    """Columns that hold face-down cards are alike, and so are those that don't: only their
    face-up cards (by face) tell them apart."""
    return tuple(sorted(columns))


@functools.lru_cache(maxsize=4096)
def _dead(columns: tuple[SearchColumn, ...], stock: bool) -> bool:
    """Proved that no progress can come (see ``hopeless`` and ``exhausted``): a pure function
    of the canonical columns and whether the stock has cards, so its verdicts are kept
    (positions come back often, and the proofs cost a few ms)."""
    return hopeless(columns, stock) or exhausted(columns, stock)


def hopeless(columns: Sequence[SearchColumn], stock: bool) -> bool:
    """A relaxed game, which allows more than the real one, can't make progress either.
    ``columns``: per column, (face-down cards under it?, its face-up faces as ``Card.key``s,
    bottom first); ``stock``: the stock still has cards. Public: the solver's Spider model
    (game/ai/solver/models/spider.py) asks it too.

    In the relaxed game a card that once lay on top of its column stays a place to build on
    for good (any number of cards one rank lower may go on it), and an empty column, once
    there, stays one. ``exposed``: cards that can come to lie on top of their column;
    ``lifted``: cards that can be moved off the card under them (with the run in suit above
    them, whose top card must be exposed) onto an exposed card one rank higher or into an
    empty column. Every real line of moves only exposes and lifts cards the relaxed game
    does, so when the relaxed game can't make progress the real one can't. Progress needs
    one of: the lowest face-up card over face-down ones lifted (a card turns up); while the
    stock has cards, a card lifted into an empty column with a card left under it (a row can
    be dealt only when every column holds a card); for some suit, each rank from Ace to Queen
    either lying on the next higher card of its suit already or lifted (a run gathered)."""
    empty = any(not up for _, up in columns)
    if stock and not empty:
        return False
    exposed = [[False] * len(up) for _, up in columns]
    lifted = [[False] * len(up) for _, up in columns]
    runtop: list[list[int]] = []  # per column, per card: the index of its run's top card
    places = [0] * 15  # per rank: how many exposed cards of it (places for one rank lower)
    for c, (_based, up) in enumerate(columns):
        top = list(range(len(up)))
        for i in range(len(up) - 2, -1, -1):
            if up[i] == up[i + 1] + 1:
                top[i] = top[i + 1]
        runtop.append(top)
        if up:
            exposed[c][-1] = True
            places[up[-1] & 15] += 1
    changed = True
    while changed:
        changed = False
        for c, (based, up) in enumerate(columns):
            for i in range(len(up) - 1, -1, -1):
                if lifted[c][i] or not exposed[c][runtop[c][i]]:
                    continue
                if not (empty or places[(up[i] & 15) + 1]):
                    continue
                lifted[c][i] = changed = True
                if i == 0:
                    if based:
                        return False  # a face-down card turns up
                    empty = True
                elif not exposed[c][i - 1]:
                    exposed[c][i - 1] = True
                    places[up[i - 1] & 15] += 1
    if stock and any(
        lifted[c][i] and (i or based)
        for c, (based, up) in enumerate(columns)
        for i in range(len(up))
    ):
        return False  # a card can go into an empty column with a card left under it
    can = set()  # faces that can come to lie on the next higher card of their suit
    for c, (_based, up) in enumerate(columns):
        for i, card in enumerate(up):
            if lifted[c][i] or (i and up[i - 1] == card + 1):
                can.add(card)
    return not any(all(suit * 16 + rank in can for rank in range(1, 13)) for suit in range(4))


def exhausted(columns: Sequence[SearchColumn], stock: bool) -> bool:
    """Search, nearest first, the positions reachable by moves that only rearrange face-up
    cards (``columns``: (has face-down cards, face-up card faces) per column). True when none
    of them offers a move that deals a row, turns a card face up or completes a run; False as
    soon as one does, or when the search passes SEARCH_LIMIT positions (not proved)."""
    start = tuple(columns)
    seen = {_canonical(start)}
    todo = deque([start])
    while todo:
        cols = todo.popleft()
        empty: int | None = None
        tops: dict[int, list[int]] = {}  # rank of a top card -> its columns
        for b, (_based, up) in enumerate(cols):
            if up:
                tops.setdefault(up[-1] & 15, []).append(b)
            elif empty is None:
                empty = b  # empty columns are all alike: one will do
        for a, (based, up) in enumerate(cols):
            if not up:
                continue
            n = 0
            while True:
                n += 1
                whole = n == len(up)
                targets = tops.get((up[-n] & 15) + 1, [])
                if empty is not None and (based or not whole):
                    targets = [*targets, empty]
                for b in targets:
                    if whole and based:
                        return False  # a face-down card would turn up
                    b_based, b_up = cols[b]
                    moved = b_up + up[-n:]
                    if len(moved) >= 13 and _full_run(moved):
                        return False  # a run would go off
                    nxt = list(cols)
                    nxt[a] = (based, up[:-n])
                    nxt[b] = (b_based, moved)
                    if stock and not b_up and all(u for _, u in nxt):
                        return False  # no column is empty: a row can be dealt
                    key = _canonical(nxt)
                    if key not in seen:
                        if len(seen) >= SEARCH_LIMIT:
                            return False
                        seen.add(key)
                        todo.append(tuple(nxt))
                if whole or up[-n - 1] != up[-n] + 1:
                    break
    return True


def _full_run(up: Faces) -> bool:
    top = up[-13:]
    return (top[-1] & 15) == 1 and all(top[i] == top[i + 1] + 1 for i in range(12))


# Solitaire lays out plain foundations; Spider's take only whole runs
Spider.LAYOUT = tuple(
    (name, SpiderFoundation if cls is Foundation else cls) for name, cls in Spider.LAYOUT
)
GAME = Spider
