"""Little Harp: the rules are game/core/rules/little-harp.md (numbered as the tests; the Rules
screen shows them). The piles, runs, search and auto-moves are game/core/alternating.py's
(``AlternatingSolitaire``), shared with Standard.

The stock: ``s-w`` (``Move("stock", "waste")``) turns ``draw`` cards; when the stock is empty,
``w-s`` (``Move("waste", "stock")``; ``turn_move("stock")`` returns it then) turns the waste
back, a redeal; ``redeals_used`` counts them against option ``redeals``.

The end (rule 7; ``legal_moves()`` is then empty): a move *helps* when no other move can take it
back (the search of ``AlternatingSolitaire`` looks for one through any moves between the piles).
The variable ``idle`` counts the turns and redeals made, one after another, where nothing could
help, from the places of a pass: with T cards in stock and waste, a pass is the stock holding
T, T-d, T-2d, ... cards (d the cards turned at a time) and then none, ceil(T/d) + 1 places; its
ceil(T/d) moves leave the player at the last place not yet seen, and when nothing helps there
either the deal is stuck. A turn or a redeal made where something could help sets ``idle`` to
0, so does a helpful move; moves between the piles that don't help leave it as it is (they
can't make anything help that could not before: each can be taken back by another one, or only
leaves fewer moves, as when a pile is emptied that only a King can fill). Turns made before
the first place of a pass (after a card left the waste in the middle of a pass of three) leave
it as it is too. A saved position keeps ``idle``, and ``pop`` restores it.

When the search can't tell within its limit whether something can help, it says it can (never
a deal called stuck that is not); so that every deal still ends, it is over too after
``QUIET_LIMIT`` moves in a row (turns and redeals included) that did not help (``quiet``, kept
like ``idle``; rule 8).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Final

from game.core.alternating import (
    KING_KEYS,
    QUIET_LIMIT,
    AlternatingPile,
    AlternatingSolitaire,
    Refusal,
)
from game.core.cards import Card, pack
from game.core.history import Ops
from game.core.info import GameInfo, Option
from game.core.language import N_, _, ngettext, pgettext
from game.core.moves import IllegalMove, Move
from game.core.piles import Pile
from game.core.solitaire import TURN_STOCK, Waste


class Redeals(StrEnum):
    """The word among option ``redeals``' choices (the others are numbers)."""

    UNLIMITED = "unlimited"


# Translators: a setting's choice in Settings (Little Harp stock)
_DRAWS = (N_("Turn 3 cards"), N_("Turn 1 card"))
# Translators: a setting's choice in Settings (Little Harp redeals)
_REDEALS = (N_("As often as you like"), N_("Twice"), N_("None"))

INFO = GameInfo(
    id="little-harp",
    # Translators: a game's name
    title=N_("Little Harp"),
    # Translators: a game's description in a line, under its name
    blurb=N_("Seven piles in a harp; turn the stock three at a time."),
    option_list=(
        # Translators: a setting's name in Settings
        Option("draw", 3, (3, 1), N_("Little Harp stock"), _DRAWS),
        Option(
            "redeals",
            Redeals.UNLIMITED,
            (Redeals.UNLIMITED, 2, 0),
            # Translators: a setting's name in Settings
            N_("Little Harp redeals"),
            _REDEALS,
        ),
    ),
)

REDEAL: Final = Move("waste", "stock")


class Tableau(AlternatingPile):
    # Translators: a building rule, said after a refusal
    rule = N_("piles build down in alternating colours, and only a King fills an empty pile")
    WHEN_EMPTY = KING_KEYS

    def refusal(self, card: Card) -> str:
        if not self.cards:
            # Translators: {card}: a card as the subject ("the Nine of clubs")
            return _("Only a King can fill an empty pile, not {card}.").format(
                card=card.words("the")
            )
        return super().refusal(card)


class LittleHarp(AlternatingSolitaire):
    INFO = INFO
    CARDS = tuple(pack(0))
    FOUNDATIONS = 4
    COLUMNS = 7
    Tableau = Tableau
    WASTE = Waste
    VARS: ClassVar[Mapping[str, Any]] = {"redeals_used": 0, "idle": 0, "quiet": 0}
    redeals_used: int  # redeals made (option ``redeals`` limits them)
    idle: int  # turns and redeals in a row from the places of a pass where nothing helped
    waste: Pile

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        redeals = self.options["redeals"]
        #: the redeals allowed in a deal (None: as many as the player likes)
        self.redeal_limit: int | None = None if redeals == Redeals.UNLIMITED else redeals

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        for i, pile in enumerate(self.tableau):
            for _card in range(7 - i):
                pile.cards.append(deck.pop())
            pile.down = 6 - i
        self.stock.cards, self.stock.down = deck, len(deck)

    # ----------------------------------------------------------------- the stock
    @property
    def draw(self) -> int:
        draw: int = self.options["draw"]
        return draw

    def redeals_left(self) -> int | None:
        """Redeals still allowed (None: unlimited)."""
        limit = self.redeal_limit
        return None if limit is None else limit - self.redeals_used

    def turn_move(self, pile: str) -> Move | None:
        if pile != "stock":
            return None
        return TURN_STOCK if self.stock.cards else REDEAL

    def marks(self) -> dict[str, str]:
        """The empty stock says "again" when clicking it turns the waste back over."""
        if not self.stock.cards and REDEAL in self.legal_moves():
            # Translators: written on the empty stock, which turns the waste over when clicked;
            # keep it short
            return {"stock": pgettext("on the empty stock: turn the waste over", "again")}
        return {}

    def _stock_moves(self) -> list[Move]:
        if self.stock.cards:
            return [TURN_STOCK]
        if self.waste.cards and self.redeals_left() != 0:
            return [REDEAL]
        return []

    def _stock_refusal(self, move: Move) -> Refusal | None:
        if move.source == "stock":
            if move.target != "waste":
                return IllegalMove(_("Stock cards go to the waste: click the stock to turn them."))
            if move.count != 1:
                # Translators: {n}: how many cards a click turns, 3 or 1
                return IllegalMove(
                    ngettext(
                        "Click the stock to turn its cards, {n} at a time.",
                        "Click the stock to turn its cards, {n} at a time.",
                        self.draw,
                    ).format(n=self.draw)
                )
            if not self.stock.cards:
                if self.waste.cards:
                    return IllegalMove(_("The stock is empty: click it to turn the waste over."))
                return IllegalMove(_("The stock and the waste are both empty."))
            return False
        if move.source == "waste" and move.target == "stock":
            if move.count != 1:
                return IllegalMove(_("The waste goes back as a whole: click the empty stock."))
            if self.stock.cards:
                return IllegalMove(
                    _("The waste goes back to the stock only once the stock is empty.")
                )
            if not self.waste.cards:
                return IllegalMove(_("The waste is empty: there is nothing to turn over."))
            if self.redeals_left() == 0:
                if self.options["redeals"] == 0:
                    return IllegalMove(_("There is no redeal in this game."))
                return IllegalMove(
                    _("No redeal left: the waste goes back to the stock twice at most.")
                )
            return False
        return None

    def _play_stock(self, move: Move, ops: Ops) -> bool:
        if move != TURN_STOCK and move != REDEAL:
            return False
        stock, waste = self.stock, self.waste
        total, left = len(stock.cards) + len(waste.cards), len(stock.cards)
        if self._helps_now():
            self._set(ops, "idle", 0)
        elif left == 0 or (total - left) % self.draw == 0:  # a place of a pass
            self._set(ops, "idle", self.idle + 1)
        if move == TURN_STOCK:
            for _card in range(min(self.draw, left)):
                self._move(ops, stock, waste)
        else:
            self._turn_over(ops, waste, stock)
            self._set_down(ops, stock, len(stock.cards))
            self._set(ops, "redeals_used", self.redeals_used + 1)
        return True

    def _play_cards(self, move: Move, ops: Ops) -> None:
        if self.helps(move):
            self._set(ops, "idle", 0)
        super()._play_cards(move, ops)

    def _deal_helps(self) -> bool:
        return False

    def pass_length(self) -> int:
        """The turns (and the redeal) that go once round the stock from a place of a pass:
        ceil(T / d) with T cards in stock and waste, d turned at a time."""
        total = len(self.stock.cards) + len(self.waste.cards)
        return -(-total // self.draw)

    # ----------------------------------------------------------------- the end
    def _stuck(self, helps: bool) -> bool:
        return not helps and (not self._stock_moves() or self.idle >= self.pass_length())

    def _quiet_reason(self) -> str:
        # Translators: {n}: a number of moves, 300
        return ngettext(
            "No card went to a foundation, left the waste or turned up in the last {n} moves.",
            "No card went to a foundation, left the waste or turned up in the last {n} moves.",
            QUIET_LIMIT,
        ).format(n=QUIET_LIMIT)

    def _stuck_reason(self) -> str:
        if self._stock_moves():
            return _("A whole pass through the stock brought no card to play.")
        return _(
            "No move can put a card on a foundation, take one from the waste or turn one "
            "up any more."
        )

    def _auto_from(self, pile: str) -> bool:
        """Turning three at a time, taking a card off the waste changes which cards the later
        passes show: a waste card goes home by itself only once the stock can't turn again."""
        return pile != "waste" or self.draw == 1 or not self._stock_moves()

    # ----------------------------------------------------------------- saves
    def _var_from_json(self, name: str, value: Any) -> Any:
        if name == "quiet":
            return super()._var_from_json(name, value)
        if type(value) is not int or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        if name == "redeals_used":
            limit = self.redeal_limit
            if limit is not None and value > limit:
                raise ValueError(f"only {limit} redeals are allowed, not {value}")
        elif value > self.pass_length():
            raise ValueError(f"idle can't be more than a pass ({self.pass_length()} turns)")
        return value


GAME = LittleHarp
