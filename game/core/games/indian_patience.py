"""Indian Patience: the rules are game/core/rules/indian-patience.md (numbered as the tests; the
Rules screen shows them).

The code: the variable ``protected`` holds, per column, whether its single card is protected
(rule 3; ``marks()`` shows it on the table); the refill of rule 4 and the end of protection of
rule 5 are part of the move that caused them, so ``pop`` takes them back with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.cards import Card
from game.core.history import Ops
from game.core.info import GameInfo
from game.core.kinds import TABLEAU, PileKind
from game.core.language import N_, _, capital
from game.core.moves import IllegalMove, Move
from game.core.piles import ANY, Builds, DownAnySuitButSame, Pile, Wanted
from game.core.solitaire import Solitaire

INFO = GameInfo(
    id="indian-patience",
    # Translators: a game's name
    title=N_("Indian Patience"),
    # Translators: a game's description in a line, under its name
    blurb=N_("Build down in other suits; exposed cards are protected."),
)


class Tableau(DownAnySuitButSame):
    BY_TOP: ClassVar[Builds | None] = None  # protection and the stock matter too (BUILDS:
    # the shape's)
    game: IndianPatience

    def wanted(self) -> Wanted:
        game = self.game
        if game.protected[self.index - 10]:
            return ()
        if not self.cards:
            return () if game.stock.cards else ANY
        return self.BUILDS.get(self.cards[-1].key, ())

    def refusal(self, card: Card) -> str:
        if self.game.protected[self.index - 10]:
            # Translators: {card}: a card as the subject ("the Nine of clubs")
            return capital(
                _(
                    "{card} is protected: nothing may be played on it until the stock is empty."
                ).format(card=self.cards[-1].words("the"))
            )
        if not self.cards:
            return _("An empty column can be filled only once the stock is empty.")
        return super().refusal(card)

    def check(self, cards: list[Card], down: int) -> str | None:
        if down and down >= len(cards):
            return f"{self.name}: the top card of a column must be face up"
        return None


class IndianPatience(Solitaire):
    INFO = INFO
    Tableau = Tableau
    VARS: ClassVar[Mapping[str, Any]] = {"protected": (False,) * 10}  # per column: its single
    # card is protected
    protected: tuple[bool, ...]
    stock: Pile

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        self._deal_rows(deck, 3, down=1)
        self.stock.cards, self.stock.down = deck, len(deck)

    def is_protected(self, pile_name: str) -> bool:
        pile = self.pile.get(pile_name)
        return (
            pile is not None and pile.kind is PileKind.TABLEAU and self.protected[pile.index - 10]
        )

    def marks(self) -> dict[str, str]:
        # Translators: a tag under a protected card on the table; keep it short
        word = _("protected")
        return {t.name: word for t in self.tableau if self.protected[t.index - 10]}

    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        guarded = [t for t in self.tableau if self.protected[t.index - 10]]
        free = [p for p in self._sources() if p not in guarded]
        self._moves_to_foundations(free + guarded, moves)
        self._moves_onto(free, self.tableau, moves)
        if self.stock.cards:
            moves.append(self._move_table[0][1])
        return moves

    def _refusal(self, move: Move) -> IllegalMove | None:
        src = self._pile_of(move.source)
        dst = self._pile_of(move.target)
        if self.is_protected(src.name) and dst.kind is not PileKind.FOUNDATION and src.cards:
            # Translators: {card}: a card as the subject ("the Nine of clubs")
            return IllegalMove(
                capital(
                    _(
                        "{card} is protected: it may only go to a foundation "
                        "until the stock is empty."
                    ).format(card=src.cards[-1].words("the"))
                )
            )
        return super()._refusal(move)

    def _play(self, move: Move, ops: Ops) -> None:
        src = self.pile[move.source]
        self._move(ops, src, self.pile[move.target])
        if src.kind is TABLEAU:
            column = src.index - 10
            if self.protected[column]:  # a protected card went to a foundation: refill
                self._protect(ops, column, False)
                self._refill(ops, src)
            elif src.cards and src.down == len(src.cards):  # a face-down card is exposed
                self._set_down(ops, src, src.down - 1)
                if self.stock.cards:
                    self._protect(ops, column, True)
        if not self.stock.cards and any(self.protected):
            self._set(ops, "protected", (False,) * 10)

    def _protect(self, ops: Ops, column: int, value: bool) -> None:
        flags = list(self.protected)
        flags[column] = value
        self._set(ops, "protected", tuple(flags))

    def _refill(self, ops: Ops, column: Pile) -> None:
        """One face-down and two face-up cards from the stock; all face up if fewer than 3."""
        count = min(3, len(self.stock.cards))
        for _card in range(count):
            self._move(ops, self.stock, column)
        if count == 3:
            self._set_down(ops, column, 1)

    def _var_from_json(self, name: str, value: Any) -> Any:
        if (
            not isinstance(value, list)
            or len(value) != 10
            or any(type(v) is not bool for v in value)
        ):
            raise ValueError("protected must be a list of ten true/false values")
        for column, flag in zip(self.tableau, value):
            if flag and (len(column.cards) != 1 or column.down or not self.stock.cards):
                raise ValueError(f"{column.name} can't hold a protected card in this position")
        return tuple(value)


GAME = IndianPatience
