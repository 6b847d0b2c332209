"""Canfield: the rules are game/core/rules/canfield.md (numbered as the tests; the Rules screen
shows them).

The code: the stock turns with ``s-wx3`` (``s-wx2``, ``s-w`` at the end) and the waste goes back
with ``w-sxN`` (``turn_move("stock")`` returns it when the stock is empty). Two rules keep every
game finite:

- Rule 12, ``NewPositionsOnly`` (game/core/new_positions.py; Seahaven's too): the cards on
  the table say the whole position (the faces follow from the piles, the base never changes),
  so the position is the cards of every pile; a position earlier than a move to a foundation
  or out of the reserve or the waste can never come back, so "this deal" and "since the last
  such move" are the same.
- Rule 13: when only turning the stock (and the waste back) is left, the stock and waste are
  gone round from here, without keeping anything, until a position repeats; if no position on
  the way offers any other move, nothing can ever change and ``result()`` says so at once (a
  player is never left clicking the stock).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from game.core.cards import SUITS, Card, card_key, pack
from game.core.history import Ops
from game.core.info import GameInfo
from game.core.kinds import FOUNDATION, PileKind
from game.core.language import N_, NP_, _, ngettext, pgettext
from game.core.moves import IllegalMove, Move
from game.core.new_positions import NewPositionsOnly
from game.core.piles import (
    ANY,
    Builds,
    Column,
    Faces,
    Pile,
    Wanted,
    doesnt_fit,
    other_colour,
    pile_sentence,
)
from game.core.piles import Foundation as _Foundation
from game.core.result import Result, Status
from game.core.solitaire import Stock as _Stock
from game.core.solitaire import Waste, usual_refusal

INFO = GameInfo(
    id="canfield",
    # Translators: a game's name
    title=N_("Canfield"),
    # Translators: a game's description in a line, under its name
    blurb=N_("A thirteen-card reserve, a base rank, three cards at a time."),
)

RANK_WORDS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: the letters among RANK_WORDS, translated where they are written (``marks``)
RANK_LETTERS: Final[Mapping[str, tuple[str, str]]] = {
    # Translators: the rank Ace as a card's corner shows it, written on an empty foundation
    "A": NP_("a rank's letter, as on a card's corner", "A"),
    # Translators: the rank Jack as a card's corner shows it, written on an empty foundation
    "J": NP_("a rank's letter, as on a card's corner", "J"),
    # Translators: the rank Queen as a card's corner shows it, written on an empty foundation
    "Q": NP_("a rank's letter, as on a card's corner", "Q"),
    # Translators: the rank King as a card's corner shows it, written on an empty foundation
    "K": NP_("a rank's letter, as on a card's corner", "K"),
}
#: each rank's name alone ("the base rank (Ten)")
RANK_NAMES: Final = (
    NP_("a rank alone: the base rank (Ten)", "Ace"),
    NP_("a rank alone: the base rank (Ten)", "Two"),
    NP_("a rank alone: the base rank (Ten)", "Three"),
    NP_("a rank alone: the base rank (Ten)", "Four"),
    NP_("a rank alone: the base rank (Ten)", "Five"),
    NP_("a rank alone: the base rank (Ten)", "Six"),
    NP_("a rank alone: the base rank (Ten)", "Seven"),
    NP_("a rank alone: the base rank (Ten)", "Eight"),
    NP_("a rank alone: the base rank (Ten)", "Nine"),
    NP_("a rank alone: the base rank (Ten)", "Ten"),
    NP_("a rank alone: the base rank (Ten)", "Jack"),
    NP_("a rank alone: the base rank (Ten)", "Queen"),
    NP_("a rank alone: the base rank (Ten)", "King"),
)

#: "Only the top card of ... plays.", by the way the pile is named (pile_sentence)
ONLY_THE_TOP_CARD: Final[Mapping[str, str]] = {
    "the waste": N_("Only the top card of the waste plays."),
    "the reserve": N_("Only the top card of the reserve plays."),
}


def wrap(rank: int) -> int:
    """A rank counted round: 0 is the King, 14 the Ace."""
    return (rank - 1) % 13 + 1


# card face -> the faces that may be played on it in a column: one rank lower (a King on an
# Ace), the other colour
BUILD_ON: Final[Mapping[int, Faces]] = {
    card_key(r, s): tuple(card_key(wrap(r - 1), o) for o in other_colour(s))
    for r in range(1, 14)
    for s in SUITS
}
TURN_PAIRS: Final = (("stock", "waste"), ("waste", "stock"))


def is_turn(move: Move) -> bool:
    """Turning the stock onto the waste, or the waste back to the stock."""
    return (move.source, move.target) in TURN_PAIRS


class Foundation(_Foundation):
    # Translators: a building rule, said after a refusal
    rule = N_("foundations build up in suit from the base rank, the Ace after the King")
    BY_TOP = None  # the base rank is the game's
    game: Canfield

    def wanted(self) -> Wanted:
        cards = self.cards
        if not cards:
            return tuple(card_key(self.game.base, s) for s in SUITS)
        if len(cards) == 13:
            return ()
        top = cards[-1]
        return (card_key(wrap(top.rank + 1), top.suit),)

    def refusal(self, card: Card) -> str:
        if not self.cards:
            base = pgettext(*RANK_NAMES[self.game.base - 1])
            # Translators: {base}: a rank's name ("Ten"); {card}: a card as the subject ("the
            # Nine of clubs")
            return _(
                "Only a card of the base rank ({base}) can start a foundation, not {card}."
            ).format(base=base, card=card.words("the"))
        if len(self.cards) == 13:
            return _("That foundation is complete.")
        return doesnt_fit(card, self.cards[-1], self.rule)

    def check(self, cards: list[Card], down: int) -> str | None:
        for i, card in enumerate(cards):
            if card.suit != cards[0].suit or card.rank != wrap(cards[0].rank + i):
                return f"{self.name} is not built up in suit"
        return None if down == 0 else f"{self.name} can't have face-down cards"


class Tableau(Column):
    # Translators: a building rule, said after a refusal
    rule = N_("columns build down in alternating colours, a King on an Ace")
    BY_TOP: ClassVar[Builds | None] = BUILD_ON
    BUILDS = BUILD_ON

    def check(self, cards: list[Card], down: int) -> str | None:
        if down:
            return f"{self.name} can't have face-down cards"
        for below, card in zip(cards, cards[1:]):
            if card.key not in BUILD_ON[below.key]:
                return f"{self.name} is not a run down in alternating colours"
        return None


class Reserve(Pile):
    kind = PileKind.RESERVE
    # Translators: a building rule, said after a refusal
    rule = N_("nothing is played onto the reserve")
    REFUSAL = N_("Nothing may be played onto the reserve.")

    def check(self, cards: list[Card], down: int) -> str | None:
        if down != max(len(cards) - 1, 0):
            return "the reserve lies face down but for its top card"
        return None


class Stock(_Stock):
    # Translators: a building rule, said after a refusal
    rule = N_("the stock turns three cards at a time onto the waste")
    REFUSAL = N_("Cards go back to the stock only as the whole waste, once the stock is empty.")


class Canfield(NewPositionsOnly):
    INFO = INFO
    CARDS = tuple(pack(0))
    FOUNDATIONS, COLUMNS = 4, 4
    Tableau = Tableau
    STOCK, WASTE = Stock, Waste
    EXTRA = (("reserve", Reserve),)
    VARS: ClassVar[Mapping[str, Any]] = {"base": 0}  # the base rank, 1..13 (0 only before
    # the deal; a position may leave it out when a foundation holds a card)
    DRAW: Final = 3
    base: int
    stock: Pile
    waste: Pile

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self.reserve = self.pile["reserve"]
        self._forget_positions()
        self._result_for: list[Move] | None = None  # the legal moves the reason below is of
        self._result: str | None = None  # why the deal is stuck (English), or None

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        for _card in range(13):
            self.reserve.cards.append(deck.pop())
        self.reserve.down = 12
        for column in self.tableau:
            column.cards.append(deck.pop())
        base = deck.pop()
        self.foundations[0].cards.append(base)
        self.base = base.rank
        self.stock.cards, self.stock.down = deck, len(deck)

    # ----------------------------------------------------------------- moves
    def turn_move(self, pile: str) -> Move | None:
        """Clicking the stock: turn three cards (fewer at the end); the empty stock turns the
        waste back over."""
        if pile != "stock":
            return None
        if self.stock.cards:
            return Move("stock", "waste", min(self.DRAW, len(self.stock.cards)))
        if self.waste.cards:
            return Move("waste", "stock", len(self.waste.cards))
        return None

    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        sources = [p for p in (self.waste, self.reserve, *self.tableau) if p.cards]
        self._moves_to_foundations(sources, moves)
        onto: list[Move] = []
        self._moves_onto([p for p in (self.waste, self.reserve) if p.cards], self.tableau, onto)
        moves += onto
        columns = self._column_moves()
        if columns:
            here = [tuple(p.cards) for p in self.pile_list]
            moves += [m for m in columns if not self._repeats(m, here)]
        turn = self.turn_move("stock")
        if turn is not None:
            moves.append(turn)
        return moves

    def _column_moves(self) -> list[Move]:
        """The moves between columns the building rules allow (before the repetition rule): a
        top card on its own, a whole column onto a card its bottom card fits on."""
        tableau = self.tableau
        moves: list[Move] = []
        self._moves_onto([t for t in tableau if t.cards], tableau, moves)
        for src in tableau:
            n = len(src.cards)
            if n > 1:
                bottom = src.cards[0].key
                for dst in tableau:
                    if dst is not src and dst.cards and bottom in BUILD_ON[dst.cards[-1].key]:
                        moves.append(Move(src.name, dst.name, n))
        return moves

    def _refusal(self, move: Move) -> IllegalMove | None:
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        if src is self.stock:
            return self._turn_refusal(move, dst)
        if dst is self.stock:
            return self._turn_back_refusal(move, src)
        error = usual_refusal(src, dst)
        if error:
            return error
        if move.count == 1:
            card = src.cards[-1]
        else:
            error = self._column_refusal(move, src, dst)
            if error:
                return error
            card = src.cards[0]
        if not dst.accepts(card):
            return IllegalMove(dst.refusal(card))
        if src.kind is PileKind.TABLEAU and dst.kind is PileKind.TABLEAU and self._repeats(move):
            return IllegalMove(
                _(
                    "That would bring back a position this deal has already "
                    "had: take moves back instead."
                )
            )
        return None

    def _turn_refusal(self, move: Move, dst: Pile) -> IllegalMove | None:
        """Why turning the stock this way is refused, or None."""
        stock = self.stock
        if dst is not self.waste:
            return IllegalMove(_("Stock cards go to the waste: click the stock to turn three."))
        if not stock.cards:
            return IllegalMove(_("The stock is empty: click it to turn the waste back over."))
        n = min(self.DRAW, len(stock.cards))
        if move.count != n:
            if n == self.DRAW:
                return IllegalMove(_("The stock turns three cards at a time."))
            # Translators: {n}: the cards left in the stock, 1 or 2
            return IllegalMove(
                ngettext(
                    "The stock's last {n} cards turn together.",
                    "The stock's last {n} cards turn together.",
                    n,
                ).format(n=n)
            )
        return None

    def _turn_back_refusal(self, move: Move, src: Pile) -> IllegalMove | None:
        """Why turning the waste back to the stock this way is refused, or None."""
        waste = self.waste
        if src is not waste:
            return IllegalMove(_("Only the waste goes back to the stock."))
        if self.stock.cards:
            return IllegalMove(_("The waste goes back to the stock only once the stock is empty."))
        if not waste.cards:
            return IllegalMove(_("The waste is empty: there is nothing to turn back."))
        if move.count != len(waste.cards):
            n = len(waste.cards)
            # Translators: {n}: the cards on the waste
            return IllegalMove(
                ngettext(
                    "The whole waste ({n} cards) goes back to the stock at once.",
                    "The whole waste ({n} cards) goes back to the stock at once.",
                    n,
                ).format(n=n)
            )
        return None

    def _column_refusal(self, move: Move, src: Pile, dst: Pile) -> IllegalMove | None:
        """Why a move of several cards is refused (only a whole column moves, onto a card),
        or None."""
        if src.kind is not PileKind.TABLEAU:
            return IllegalMove(
                pile_sentence(src, ONLY_THE_TOP_CARD, "Only the top card of {pile} plays.")
            )
        if dst.kind is not PileKind.TABLEAU:
            return IllegalMove(
                _("Only a column takes a whole column; elsewhere cards go one at a time.")
            )
        if move.count != len(src.cards):
            n = len(src.cards)
            # Translators: {n}: the cards in the column, 2 or more
            return IllegalMove(
                ngettext(
                    "Only a whole column moves as one: move its top "
                    "card alone, or all {n} of its cards.",
                    "Only a whole column moves as one: move its top "
                    "card alone, or all {n} of its cards.",
                    n,
                ).format(n=n)
            )
        if not dst.cards:
            return IllegalMove(_("An empty column takes a single card, not a whole column."))
        return None

    def _play(self, move: Move, ops: Ops) -> None:
        src, dst = self.pile[move.source], self.pile[move.target]
        if src is self.stock:  # turned one after another: the third is the waste's top
            for _card in range(move.count):
                self._move(ops, src, dst)
        elif dst is self.stock:  # the waste turned back over: the stock in its old order
            self._turn_over(ops, src, dst)
            self._set_down(ops, dst, len(dst.cards))
        else:
            self._move(ops, src, dst, move.count)
            if src is self.reserve and src.cards:  # the next card turns face up by itself
                self._set_down(ops, src, len(src.cards) - 1)

    # ----------------------------------------------------------------- the end
    def result(self) -> Result | None:
        if self.is_won():
            return Result(Status.WON, 0, reason=_("Every card is on the foundations."))
        self.legal_moves()
        legal = self._legal
        if self._result_for is not legal:
            self._result_for, self._result = legal, self._stuck(legal or [])
        return None if self._result is None else Result(Status.STUCK, reason=_(self._result))

    def _stuck(self, legal: list[Move]) -> str | None:
        """Why the deal is stuck (English, marked: result() says it in the current language),
        or None."""
        if not legal:
            return N_("No more moves.")
        if not all(is_turn(m) for m in legal):
            return None
        if self._only_turns_from_here():
            return N_(
                "Only going round the stock is left, and none of its cards can ever be played."
            )
        return None

    def _only_turns_from_here(self) -> bool:
        """Go round the stock and waste (turning only) until they repeat: True if no position on
        the way offers a move other than turning. (Called when only turning is offered here.)

        Going round changes only the stock and the waste, so what else could be offered on the
        way is the waste's top card (to a foundation or a column: the faces they take stay the
        same) and the column moves the repetition rule refuses here (the same cards moved with
        another waste may make a new position). The reserve's top and the columns' moves to the
        foundations stay as they are: none is offered here, none will be."""
        takes: set[int] = set()
        for p in (*self.foundations, *self.tableau):
            wanted = p.wanted()
            if wanted is ANY:
                return not (self.stock.cards or self.waste.cards)
            takes.update(wanted)
        columns = self._column_moves()
        here = [tuple(p.cards) for p in self.pile_list]
        s_at, w_at = self.stock.index, self.waste.index
        stock, waste = list(self.stock.cards), list(self.waste.cards)
        gone_round = set()
        while True:
            state = (tuple(stock), tuple(waste))
            if state in gone_round:
                return True
            gone_round.add(state)
            if waste and waste[-1].key in takes:
                return False
            if columns:
                here[s_at], here[w_at] = state
                if any(not self._repeats(m, here) for m in columns):
                    return False
            if stock:
                for _card in range(min(self.DRAW, len(stock))):
                    waste.append(stock.pop())
            elif waste:
                stock, waste = waste[::-1], []
            else:
                return True

    # ----------------------------------------------------------------- for the table
    def marks(self) -> dict[str, str]:
        """The base rank, written on every empty foundation."""
        word = RANK_WORDS[self.base - 1] if self.base else ""
        if word in RANK_LETTERS:
            word = pgettext(*RANK_LETTERS[word])
        return {f.name: word for f in self.foundations if not f.cards and word}

    def safe_move(self) -> Move | None:
        """A foundation move never regretted: both cards that could be built on the card in a
        column (one rank lower, the other colour, counted round) are on the foundations
        already. (The plain rule of the other games, Aces and Twos always, does not hold when
        the ranks wrap from a base.)"""
        home = {c for f in self.foundations for c in f.cards}
        for m in self.legal_moves():
            if not m.target.startswith(FOUNDATION) or m.count != 1:
                continue
            card = self.pile[m.source].cards[-1]
            below = wrap(card.rank - 1)
            if all(Card(below, s) in home for s in other_colour(card.suit)):
                return m
        return None

    # ----------------------------------------------------------------- saving
    def _var_from_json(self, name: str, value: Any) -> Any:
        if type(value) is not int or not 0 <= value <= 13:
            raise ValueError("base must be a rank from 1 to 13 (0: the foundations say it)")
        return value

    def _complete_vars(self) -> None:
        firsts = {f.cards[0].rank for f in self.foundations if f.cards}
        if len(firsts) > 1:
            raise ValueError("the foundations start with different ranks")
        if self.base == 0:
            if not firsts:
                raise ValueError("the base rank is unknown: no foundation holds a card")
            self.base = firsts.pop()
        elif firsts and firsts != {self.base}:
            raise ValueError("a foundation does not start with the base rank")
        self._forget_positions()
        self._result_for = self._result = None


# The foundations build from the base rank (the framework's build from the Ace)
Canfield.LAYOUT = tuple(
    (name, Foundation if cls is _Foundation else cls) for name, cls in Canfield.LAYOUT
)

GAME = Canfield
