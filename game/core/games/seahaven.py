"""Seahaven: the rules are game/core/rules/seahaven.md (numbered as the tests; the Rules
screen shows them).

The code: the last two cards go into ``DEALT_CELLS``; repeated positions are refused by
``NewPositionsOnly`` (game/core/new_positions.py, rule 8); every move to a foundation is safe
(rule 10).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from game.core.cards import Card, pack
from game.core.history import Ops
from game.core.info import GameInfo
from game.core.kinds import CELL, FOUNDATION, PileKind
from game.core.language import N_, _
from game.core.moves import IllegalMove, Move
from game.core.new_positions import NewPositionsOnly
from game.core.piles import ANY, Builds, DownInSuit, Pile, Wanted
from game.core.result import Result, Status
from game.core.solitaire import usual_refusal

INFO = GameInfo(
    id="seahaven",
    # Translators: a game's name
    title=N_("Seahaven"),
    # Translators: a game's description in a line, under its name
    blurb=N_("Every card face up, four cells, build down in suit."),
)

CELLS: Final = 4


Tableau = DownInSuit  # columns build down in suit; an empty one takes any card


class Cell(Pile):
    kind = PileKind.CELL
    # Translators: a building rule, said after a refusal
    rule = N_("a cell holds one card")
    BY_TOP: ClassVar[Builds | None] = {}  # a card in it: nothing more
    WHEN_EMPTY: ClassVar[Wanted] = ANY
    REFUSAL = N_(
        "That cell already holds a card: a cell holds one card."
    )  # (an empty one takes any)

    def check(self, cards: list[Card], down: int) -> str | None:
        if len(cards) > 1:
            return f"{self.name} holds more than one card"
        return super().check(cards, down)


class Seahaven(NewPositionsOnly):
    INFO = INFO
    CARDS = tuple(pack(0))
    FOUNDATIONS, COLUMNS = 4, 10
    Tableau = Tableau
    STOCK = WASTE = None
    EXTRA = tuple((f"cell{i}", Cell) for i in range(CELLS))
    DEALT_CELLS: Final = (1, 2)  # the cells that get the last two cards

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self.cells = [p for p in self.pile_list if p.kind is CELL]
        self._forget_positions()

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        self._deal_rows(deck, 5)
        for i in self.DEALT_CELLS:
            self.cells[i].cards.append(deck.pop())

    def _complete_vars(self) -> None:
        self._forget_positions()

    # ----------------------------------------------------------------- moves
    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        sources = [p for p in (*self.tableau, *self.cells) if p.cards]
        self._moves_to_foundations(sources, moves)
        others: list[Move] = []
        self._moves_onto(sources, self.tableau + self.cells, others)
        here = [tuple(p.cards) for p in self.pile_list]
        moves += [m for m in others if not self._repeats(m, here)]
        return moves

    def _refusal(self, move: Move) -> IllegalMove | None:
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        error = usual_refusal(src, dst)
        if error:
            return error
        if move.count != 1:
            return IllegalMove(_("Only one card moves at a time: there are no runs in Seahaven."))
        card = src.cards[-1]
        if not dst.accepts(card):
            return IllegalMove(dst.refusal(card))
        if dst.kind is not PileKind.FOUNDATION and self._repeats(move):
            return IllegalMove(
                _(
                    "That would bring back a position this deal has already "
                    "had: take moves back instead."
                )
            )
        return None

    def _play(self, move: Move, ops: Ops) -> None:
        self._move(ops, self.pile[move.source], self.pile[move.target])

    # ----------------------------------------------------------------- the end
    def result(self) -> Result | None:
        if self.is_won():
            return Result(Status.WON, 0, reason=_("Every card is on the foundations."))
        if self.legal_moves():
            return None
        return Result(Status.STUCK, reason=_("No more moves."))

    def turn_move(self, pile: str) -> Move | None:
        return None

    def safe_move(self) -> Move | None:
        """Every move to a foundation: the only card that could be built on it in a column (one
        lower, the same suit) is on the foundation already, and a card leaving a column or a
        cell only frees room."""
        for m in self.legal_moves():
            if m.target.startswith(FOUNDATION):
                return m
        return None


GAME = Seahaven
