"""Standard solitaire: the rules are game/core/rules/standard-solitaire.md (numbered as the
tests; the Rules screen shows them).

The code: each click on the stock is the move ``s-t0`` (``Move("stock", "tableau0")``): "deal a
row", whatever pile it names first; ``turn_move("stock")`` returns it. Nothing ever refuses a
move the rules allow. The piles, the runs, the end (rule 6: while the stock has cards, dealing
a row helps; once it is empty, the deal is stuck when no sequence of moves between the piles
reaches a helpful move; rule 7: ``QUIET_LIMIT`` moves in a row that did not help) and the
auto-moves are game/core/alternating.py's, shared with Little Harp.
"""

from __future__ import annotations

from game.core.alternating import AlternatingSolitaire, Refusal
from game.core.history import Ops
from game.core.info import GameInfo
from game.core.language import N_, _
from game.core.moves import IllegalMove, Move

INFO = GameInfo(
    id="standard-solitaire",
    # Translators: a game's name (Standard solitaire)
    title=N_("Standard"),
    # Translators: a game's description in a line, under its name
    blurb=N_("Two packs, eight piles; each click on the stock deals a row."),
)

DEAL_ROW = Move("stock", "tableau0")


class StandardSolitaire(AlternatingSolitaire):
    INFO = INFO
    WASTE = None
    FOUNDATIONS = 8
    COLUMNS = 8

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        self._deal_rows(deck, 3, down=2)
        self.stock.cards, self.stock.down = deck, len(deck)

    def turn_move(self, pile: str) -> Move | None:
        return DEAL_ROW if pile == "stock" else None

    def _stock_moves(self) -> list[Move]:
        return [DEAL_ROW] if self.stock.cards else []

    def _stock_refusal(self, move: Move) -> Refusal | None:
        if move.source != "stock":
            return None
        if move.target != "tableau0" or move.count != 1:
            return IllegalMove(_("The stock deals a row, one card onto every pile: click it."))
        if not self.stock.cards:
            return IllegalMove(_("The stock is empty: there is no redeal."))
        return False

    def _play_stock(self, move: Move, ops: Ops) -> bool:
        if move.source != "stock":
            return False
        for pile in self.tableau:
            if not self.stock.cards:
                break
            self._move(ops, self.stock, pile)
        return True

    def _stuck_reason(self) -> str:
        return _(
            "The stock is empty and no move can put a card on a foundation or turn a card "
            "up any more."
        )


GAME = StandardSolitaire
