"""Forty Thieves: the rules are game/core/rules/forty-thieves.md (numbered as the tests; the
Rules screen shows them).

The code: option ``supermove`` offers a run of up to 2**k cards with k empty columns besides
the target as one move; option ``foundation_takeback`` adds moves from a foundation's top card
onto a column.
"""

from __future__ import annotations

from .info import GameInfo, Option
from .moves import IllegalMove, Move
from .piles import DownInSuit
from .solitaire import Solitaire
from .state import REGISTRY, Pile


INFO = GameInfo(
    id="forty-thieves", title="Forty Thieves",
    blurb="Two packs, ten columns, build down in suit.",
    players=(1,),
    option_list=(
        Option("supermove", False, (False, True), "Forty Thieves runs",
               ("One card at a time", "Runs (supermove)")),
        Option("foundation_takeback", False, (False, True), "Forty Thieves foundations",
               ("Cards stay there", "Top card may come back")),
    ),
    table="solitaire")


Tableau = DownInSuit  # columns build down in suit; an empty one takes any card


def run_length(pile: Pile) -> int:
    """How many cards on top of a column form a run down in suit."""
    cards, n = pile.cards, 1 if pile.cards else 0
    while n < len(cards) and cards[-n - 1].key == cards[-n].key + 1:
        n += 1
    return n


class FortyThieves(Solitaire):
    INFO = INFO
    Tableau = Tableau

    def _deal(self, seed):
        deck = self._shuffled_deck(seed)
        for _row in range(4):
            for column in self.tableau:
                column.cards.append(deck.pop())
        self.stock.cards, self.stock.down = deck, len(deck)

    def max_run(self, target: Pile, source: Pile | None = None) -> int:
        """The longest run ``supermove`` can carry onto ``target``: 2**(empty columns left)."""
        if not self.options["supermove"]:
            return 1
        free = sum(1 for t in self.tableau if not t.cards and t is not target and t is not source)
        return 2 ** free

    def _generate_moves(self):
        moves = super()._generate_moves()
        if self.options["foundation_takeback"]:
            self._moves_onto([f for f in self.foundations if f.cards], self.tableau, moves)
        if self.options["supermove"]:
            for src in self.tableau:
                length = run_length(src)
                for dst in self.tableau:
                    if dst is src:
                        continue
                    for n in range(2, min(length, self.max_run(dst, src)) + 1):
                        if dst.accepts(src.cards[-n]):
                            moves.append(Move(src.name, dst.name, n))
        return moves

    def _refusal(self, move):
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        if src.kind == "foundation" and self.options["foundation_takeback"] and src.cards:
            if dst.kind != "tableau" or move.count != 1:
                return IllegalMove("A foundation card can only come back onto a column.")
            return None if dst.accepts(src.cards[-1]) else IllegalMove(dst.refusal(src.cards[-1]))
        if move.count > 1 and src.kind == "tableau" and src is not dst:
            if dst.kind != "tableau" or not self.options["supermove"]:
                return IllegalMove("Only one card can be moved at a time.")
            if run_length(src) < move.count:
                return IllegalMove(f"The top {move.count} cards of {src.label} are not a run "
                                   "down in suit.")
            limit = self.max_run(dst, src)
            if move.count > limit:
                return IllegalMove(f"Moving {move.count} cards needs more empty columns: "
                                   f"{limit} card{'s' if limit > 1 else ''} at most now.")
            card = src.cards[-move.count]
            return None if dst.accepts(card) else IllegalMove(dst.refusal(card))
        return super()._refusal(move)


REGISTRY[FortyThieves.game_id] = FortyThieves
