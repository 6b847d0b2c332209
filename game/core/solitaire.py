"""What the one-player games share: a stock (turned one card at a time onto a waste, no
redeal, unless a game says otherwise), foundations and tableau columns, and other piles a game
names. Each game adds its own Tableau rule and says how many of each pile it plays with:

    class Canfield(Solitaire):
        CARDS = tuple(pack(0))      # one pack (the default is both)
        FOUNDATIONS, COLUMNS = 4, 4
        Tableau = CanfieldColumn
        EXTRA = (("reserve", Reserve),)   # after the columns, in this order

Piles are stock, waste, foundation0..N-1, tableau0..M-1, then the EXTRA ones (a game with no
stock or waste sets STOCK or WASTE to None; a game that has them says so by typing ``stock``
and ``waste`` as ``Pile``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from game.core.cards import SUITS, Card, Rng, shuffled
from game.core.history import Ops
from game.core.kinds import FOUNDATION, TABLEAU, PileKind
from game.core.language import N_, _
from game.core.moves import IllegalMove, Move
from game.core.piles import Column, Foundation, Pile, pile_sentence
from game.core.result import Result, Status
from game.core.state import GameState, Layout

TURN_STOCK: Final = Move("stock", "waste")

#: "There is no card on ...", by the way the pile is named (piles.pile_sentence): the
#: solitaires' piles that can be empty
NO_CARD_ON: Final[Mapping[str, str]] = {
    "the waste": N_("There is no card on the waste."),
    "the reserve": N_("There is no card on the reserve."),
    "that foundation": N_("There is no card on that foundation."),
    "that cell": N_("There is no card on that cell."),
    # Translators: {nth}: the column's place from the left, an ordinal ("3rd")
    "the {nth} column": N_("There is no card on the {nth} column."),
    # Translators: {n}: the pile's number from the left (Standard, Little Harp)
    "pile {n}": N_("There is no card on pile {n}."),
    # Translators: {n}: the column's number from the left (Spider)
    "column {n}": N_("There is no card on column {n}."),
}


def no_card_on(pile: Pile) -> IllegalMove:
    """ "There is no card on the 3rd column.", in the current language."""
    return IllegalMove(pile_sentence(pile, NO_CARD_ON, "There is no card on {pile}."))


def usual_refusal(
    src: Pile,
    dst: Pile,
    there: str = N_("The card is already there."),
    stay: str = N_("Cards on the foundations stay there."),
) -> IllegalMove | None:
    """What a solitaire refuses of a card moving from ``src`` to ``dst`` whatever its building
    rules, in this order: a move from an empty pile, onto the pile it comes from (``there``
    says so), or off a foundation (``stay``); None: none of these. (The words English, marked:
    a game of runs says them of runs.)"""
    if not src.cards:
        return no_card_on(src)
    if src is dst:
        return IllegalMove(_(there))
    if src.kind is PileKind.FOUNDATION:
        return IllegalMove(_(stay))
    return None


class Stock(Pile):
    kind = PileKind.STOCK
    # Translators: a building rule, said after a refusal
    rule = N_("the stock deals one card at a time onto the waste")

    def check(self, cards: list[Card], down: int) -> str | None:
        return None if down == len(cards) else "the stock's cards must lie face down"


class Waste(Pile):
    kind = PileKind.WASTE
    # Translators: a building rule, said after a refusal
    rule = N_("only the stock deals onto the waste")
    REFUSAL = N_("Only the stock deals onto the waste.")


class Solitaire(GameState):
    """Stock, waste, foundation0..FOUNDATIONS-1, tableau0..COLUMNS-1, then EXTRA."""

    Tableau: ClassVar[type[Column]] = Column  # with BUILDS: face -> the faces that go on it
    STOCK: ClassVar[type[Pile] | None] = Stock
    WASTE: ClassVar[type[Pile] | None] = Waste
    FOUNDATIONS: ClassVar[int] = 8
    COLUMNS: ClassVar[int] = 10
    EXTRA: ClassVar[Layout] = ()
    stock: Pile | None
    waste: Pile | None

    def __init_subclass__(cls, **kw: Any):
        super().__init_subclass__(**kw)
        cls.LAYOUT = (
            *((("stock", cls.STOCK),) if cls.STOCK else ()),
            *((("waste", cls.WASTE),) if cls.WASTE else ()),
            *((f"foundation{i}", Foundation) for i in range(cls.FOUNDATIONS)),
            *((f"tableau{i}", cls.Tableau) for i in range(cls.COLUMNS)),
            *cls.EXTRA,
        )

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self.stock, self.waste = self.pile.get("stock"), self.pile.get("waste")
        self.foundations = [p for p in self.pile_list if p.kind is FOUNDATION]
        self.tableau = [p for p in self.pile_list if p.kind is TABLEAU]

    def _shuffled_deck(self, seed: int) -> list[Card]:
        """The game's cards shuffled; the deal takes cards from the end of this list."""
        return shuffled(list(self.CARDS), Rng(seed, self.game_id))

    def _deal_rows(self, deck: list[Card], rows: int, down: int = 0) -> None:
        """Deal ``rows`` rows from the end of ``deck`` onto the columns, a row at a time, left to
        right; each column's first ``down`` cards lie face down."""
        for _row in range(rows):
            for column in self.tableau:
                column.cards.append(deck.pop())
        for column in self.tableau:
            column.down = down

    # ----------------------------------------------------------------- rules
    def is_won(self) -> bool:
        return all(len(f.cards) == 13 for f in self.foundations)

    def result(self) -> Result | None:
        if self.is_won():
            return Result(Status.WON, 0, reason=_("Every card is on the foundations."))
        if not self.legal_moves():
            return Result(Status.STUCK, reason=_("No more moves."))
        return None

    def turn_move(self, pile: str) -> Move | None:
        return TURN_STOCK if pile == "stock" else None

    def safe_move(self) -> Move | None:
        """A move to a foundation that can never be regretted (for auto-move): the card is an
        Ace or a Two, or every card that could still be played on it in a column is already on
        the foundations (both copies of each such face)."""
        tops: dict[str, list[int]] = {}
        for f in self.foundations:
            if f.cards:
                tops.setdefault(f.cards[0].suit, []).append(f.cards[-1].rank)
        copies = len(self.CARDS) // 52
        builds = self.Tableau.BUILDS
        for m in self.legal_moves():
            if self.pile[m.target].kind is not FOUNDATION or m.count != 1:
                continue
            card = self.pile[m.source].cards[-1]
            if card.rank <= 2:
                return m
            partners = builds.get(card.key, ())  # faces one rank lower that fit on it
            if all(
                sum(1 for t in tops.get(SUITS[k // 16], ()) if t >= card.rank - 1) == copies
                for k in partners
            ):
                return m
        return None

    def _sources(self) -> list[Pile]:
        """Piles whose top card may be moved: the waste and the columns."""
        return [p for p in (self.waste, *self.tableau) if p is not None and p.cards]

    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        sources = self._sources()
        self._moves_to_foundations(sources, moves)
        self._moves_onto(sources, self.tableau, moves)
        if self.stock is not None and self.stock.cards:
            moves.append(TURN_STOCK)
        return moves

    def _refusal(self, move: Move) -> IllegalMove | None:
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        if src is self.stock:
            if dst is not self.waste:
                return IllegalMove(_("Stock cards go to the waste: click the stock to turn one."))
            if not src.cards:
                return IllegalMove(_("The stock is empty: there is no redeal."))
            return (
                None if move.count == 1 else IllegalMove(_("The stock turns one card at a time."))
            )
        if not src.cards:
            return no_card_on(src)
        if src is dst:
            return IllegalMove(_("The card is already there."))
        if dst is self.stock:
            return IllegalMove(_("Cards can't go back to the stock."))
        if src.kind is PileKind.FOUNDATION:
            return IllegalMove(_("Cards on the foundations stay there."))
        if move.count != 1:
            return IllegalMove(_("Only one card can be moved at a time."))
        card = src.cards[-1]
        if not dst.accepts(card):
            return IllegalMove(dst.refusal(card))
        return None

    def _play(self, move: Move, ops: Ops) -> None:
        self._move(ops, self.pile[move.source], self.pile[move.target], move.count)
