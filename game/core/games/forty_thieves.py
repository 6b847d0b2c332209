"""Forty Thieves: the rules are game/core/rules/forty-thieves.md (numbered as the tests; the
Rules screen shows them).

The code: option ``supermove`` offers a run of up to 2**k cards with k empty columns besides
the target as one move; option ``foundation_takeback`` adds moves from a foundation's top card
onto a column.
"""

from __future__ import annotations

from game.core.info import GameInfo, Option
from game.core.kinds import PileKind
from game.core.language import N_, _, ngettext
from game.core.moves import IllegalMove, Move
from game.core.piles import DownInSuit, Pile, ordinal
from game.core.solitaire import Solitaire

# Translators: a setting's choice in Settings (Forty Thieves runs)
_RUNS = (N_("One card at a time"), N_("Runs (supermove)"))
# Translators: a setting's choice in Settings (Forty Thieves foundations)
_TAKEBACK = (N_("Cards stay there"), N_("Top card may come back"))

INFO = GameInfo(
    id="forty-thieves",
    # Translators: a game's name
    title=N_("Forty Thieves"),
    # Translators: a game's description in a line, under its name
    blurb=N_("Two packs, ten columns, build down in suit."),
    option_list=(
        # Translators: a setting's name in Settings
        Option.flag("supermove", N_("Forty Thieves runs"), _RUNS),
        # Translators: a setting's name in Settings
        Option.flag("foundation_takeback", N_("Forty Thieves foundations"), _TAKEBACK),
    ),
)


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
    stock: Pile

    def _deal(self, seed: int) -> None:
        deck = self._shuffled_deck(seed)
        self._deal_rows(deck, 4)
        self.stock.cards, self.stock.down = deck, len(deck)

    def max_run(self, target: Pile, source: Pile | None = None) -> int:
        """The longest run ``supermove`` can carry onto ``target``: 2**(empty columns left)."""
        if not self.options["supermove"]:
            return 1
        free = sum(1 for t in self.tableau if not t.cards and t is not target and t is not source)
        run: int = 2**free
        return run

    def _generate_moves(self) -> list[Move]:
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

    def _refusal(self, move: Move) -> IllegalMove | None:
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        if src.kind is PileKind.FOUNDATION and self.options["foundation_takeback"] and src.cards:
            if dst.kind is not PileKind.TABLEAU or move.count != 1:
                return IllegalMove(_("A foundation card can only come back onto a column."))
            return None if dst.accepts(src.cards[-1]) else IllegalMove(dst.refusal(src.cards[-1]))
        if move.count > 1 and src.kind is PileKind.TABLEAU and src is not dst:
            if dst.kind is not PileKind.TABLEAU or not self.options["supermove"]:
                return IllegalMove(_("Only one card can be moved at a time."))
            if run_length(src) < move.count:
                # Translators: {count} is 2 or more; {nth}: the column's place from the left,
                # an ordinal ("3rd")
                return IllegalMove(
                    ngettext(
                        "The top {count} cards of the {nth} column are not a run down in suit.",
                        "The top {count} cards of the {nth} column are not a run down in suit.",
                        move.count,
                    ).format(count=move.count, nth=ordinal(src.label_pattern[1]))
                )
            limit = self.max_run(dst, src)
            if move.count > limit:
                # Translators: {count}: the cards of the run (2 or more); {limit}: the most
                # cards a run may have now
                return IllegalMove(
                    ngettext(
                        "Moving {count} cards needs more empty columns: {limit} card at most now.",
                        "Moving {count} cards needs more empty columns: {limit} cards at most now.",
                        limit,
                    ).format(count=move.count, limit=limit)
                )
            card = src.cards[-move.count]
            return None if dst.accepts(card) else IllegalMove(dst.refusal(card))
        return super()._refusal(move)


GAME = FortyThieves
