"""Chinese Patience's moves: what the building rules allow the player on turn (rules 6 to 11),
in the priority groups of rule 13, and why any other move is refused.

Option ``priorities``: "free" offers every building-legal move; "standard" only asks a turned-up
stock card that fits a foundation to go there; "knock" offers the first group that has moves
(foundation, load, tableau, then the stock) and lets the others be played as breaches
(``breach_moves()``), which another player may knock on.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum, StrEnum
from typing import Final

from game.core.calls import Breach
from game.core.games.chinese_patience.piles import BUILD_ON, PlayerPile
from game.core.games.chinese_patience.table import ChineseTable, Priorities
from game.core.kinds import PileKind
from game.core.language import N_, _, ngettext
from game.core.moves import PASS, STOP, IllegalMove, Move
from game.core.piles import Pile


class Group(IntEnum):
    """The priority groups of the player on turn's moves (rule 13), in their order."""

    FOUNDATION = 0  # to a foundation
    LOAD = 1  # onto another player's waste
    TABLEAU = 2  # within the tableau, or from the own waste into it
    STOCK = 3  # turning the stock (or, a stock card turned up, onto the own waste)


class Priority(StrEnum):
    """The priorities of rule 13, as the rules number them: a breach names one."""

    FOUNDATION = "1"  # a card that fits a foundation goes there before any other move
    LOAD = "2"  # then a card that can be loaded onto another player's waste
    TABLEAU = "3"  # then the tableau moves, before a stock card is turned
    STOCK_CARD = "4"  # a turned-up stock card goes where it fits first
    OWN_WASTE = "5"  # and onto the own waste only when it fits nowhere else


#: the priority broken by a move that skips a group with moves
_GROUP_RULE: Final = {
    Group.FOUNDATION: Priority.FOUNDATION,
    Group.LOAD: Priority.LOAD,
    Group.TABLEAU: Priority.TABLEAU,
}
#: the refusal of a move from an empty pile of a player's ({n}), by its kind
_NO_CARD_IN: Final[Mapping[PileKind, str]] = {
    PileKind.STOCK: N_("There is no card in player {n}'s stock."),
    PileKind.WASTE: N_("There is no card in player {n}'s waste."),
}
#: priority 4 and 5 (a turned-up stock card, {card}), by where it fits: a foundation, another
#: player's waste, the tableau
_PRIORITY_4: Final = (
    # Translators: {card}: a card, as the subject
    N_("Priority 4: your stock card, {card}, must go to a foundation first."),
    N_("Priority 4: your stock card, {card}, must go to another player's waste first."),
    N_("Priority 4: your stock card, {card}, must go to the tableau first."),
)
_PRIORITY_5: Final = (
    # Translators: {card}: a card, as the subject
    N_(
        "Priority 5: your stock card, {card}, goes on your own waste only when it fits nowhere "
        "else; it fits a foundation."
    ),
    N_(
        "Priority 5: your stock card, {card}, goes on your own waste only when it fits nowhere "
        "else; it fits another player's waste."
    ),
    N_(
        "Priority 5: your stock card, {card}, goes on your own waste only when it fits nowhere "
        "else; it fits the tableau."
    ),
)


class ChineseMoves(ChineseTable):
    """The moves of the player on turn and the refusals of the others."""

    # ----------------------------------------------------------------- the moves
    def _groups(self) -> list[list[Move]]:
        """The building-legal moves of the player on turn, by priority group (``Group``):
        with a committed stock card [foundation, load, tableau, own waste], else [foundation,
        load, tableau, turn the stock]."""
        p = self.current_player
        stock, waste = self.stocks[p], self.wastes[p]
        others: list[Pile] = [w for w in self.wastes if w.owner != p and w.cards]
        table = self._move_table
        if stock.down < len(stock.cards):
            sources: list[Pile] = [stock]
            found: list[Move] = []
            self._moves_to_foundations(sources, found)
            loads: list[Move] = []
            if others:
                self._moves_onto(sources, others, loads)
            places: list[Move] = []
            self._moves_onto(sources, self.tableau, places)
            return [found, loads, places, [table[stock.index][waste.index]]]
        sources = [c for c in self.tableau if c.cards]
        if waste.cards:
            sources.append(waste)
        found = []
        self._moves_to_foundations(sources, found)
        loads = []
        if others:
            self._moves_onto(sources, others, loads)
        places = []
        if waste.cards:
            self._moves_onto([waste], self.tableau, places)
        for c in self.tableau:  # whole columns onto the outer card of another
            if c.cards:
                inner = c.cards[0].key
                for d in self.tableau:
                    if d is not c and d.cards and inner in BUILD_ON.get(d.cards[-1].key, ()):
                        places.append(Move(c.name, d.name, len(c.cards)))
        turn = [table[stock.index][stock.index]] if stock.cards or waste.cards else []
        return [found, loads, places, turn]

    def _split(self) -> tuple[list[Move], list[Move]]:
        """(legal moves, priority-breaking moves) under the option ``priorities``."""
        if self.outcome:
            return [], []
        groups = self._groups()
        if self.free_order:
            return [m for g in groups for m in g], []
        if not self.knocks:  # standard: a turned-up stock card that fits a foundation goes there
            found = groups[0]  # (Group.FOUNDATION)
            if found and self.committed():
                return found, []
            return [m for g in groups for m in g], []
        first = next((i for i, g in enumerate(groups) if g), None)
        if first is None:
            return [], []
        return groups[first], [m for g in groups[first + 1 :] for m in g]

    def _generate_moves(self) -> list[Move]:
        return self._split()[0]

    @property
    def calls_allowed(self) -> bool:
        """Knocks exist only with "knock" priorities (the table shows Knock! then)."""
        return self.knocks

    def breach_moves(self) -> list[Move]:
        """ "knock" priorities: moves the building rules allow that break a priority."""
        if not self.knocks:
            return []
        return self._split()[1]

    def turn_move(self, pile: str) -> Move | None:
        """Your stock, while no card of it is turned up."""
        p = self.current_player
        stock = self.stocks[p]
        if (
            not self.outcome
            and pile == stock.name
            and not self.committed()
            and (stock.cards or self.wastes[p].cards)
        ):
            return self._move_table[stock.index][stock.index]
        return None

    def end_turn_move(self) -> Move | None:
        """Your turned-up stock card onto your own waste (which ends your turn)."""
        if self.outcome or not self.committed():
            return None
        p = self.current_player
        return self._move_table[self.stocks[p].index][self.wastes[p].index]

    # ----------------------------------------------------------------- checking a move
    def _refusal(self, move: Move) -> IllegalMove | None:
        if self.outcome:
            return IllegalMove(_("The game is over."))
        if move == PASS:
            return IllegalMove(
                _(
                    "There is no passing in Chinese Patience: your turn ends when "
                    "your turned-up stock card goes on your own waste."
                )
            )
        if move == STOP:
            return IllegalMove("A knock is made with call_stop(), not played as a move.")
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        error = self._building(move, src, dst)
        if error:
            return IllegalMove(error)
        return self._priority(move)

    def _building(self, move: Move, src: Pile, dst: Pile) -> str | None:
        """Whether the move obeys the building rules (priorities aside): None, or why not."""
        p = self.current_player
        stock = self.stocks[p]
        committed = stock.down < len(stock.cards)
        if src.kind is PileKind.FOUNDATION:
            return _("Cards on the foundations stay there.")
        if isinstance(src, PlayerPile) and src.owner != p:
            if src.kind is PileKind.WASTE:
                return _("Cards on another player's waste stay there: you may only load onto it.")
            return _("That is another player's stock: only its owner turns its cards.")
        if src is dst:
            return self._turning(move, src)
        if committed and src is not stock:
            # Translators: {card}: a card, as a card that is moved
            return _("Place your turned-up stock card, {card}, before anything else.").format(
                card=stock.cards[-1].words("object")
            )
        if src is stock and not committed:
            return _("Turn up your stock card first: click your stock.")
        if not src.cards:
            if isinstance(src, PlayerPile):
                return _(_NO_CARD_IN[src.kind]).format(n=src.owner + 1)
            # Translators: {n}: a tableau column, numbered from 1
            return _("There is no card in column {n}.").format(n=src.index - 3)
        if dst.kind is PileKind.STOCK:
            return _("No card may be played onto a stock.")
        return self._placing(move, src, dst)

    def _turning(self, move: Move, pile: Pile) -> str | None:
        """Whether a move from a pile onto itself obeys the building rules (only the player's
        own stock turns a card): None, or why not."""
        p = self.current_player
        stock, waste = self.stocks[p], self.wastes[p]
        if pile.kind is PileKind.TABLEAU:
            return _("A column moves only onto the outer card of another column.")
        if pile is not stock:
            return _("A card can't go back onto the pile it comes from.")
        if move.count != 1:
            return _("One stock card is turned at a time.")
        if stock.down < len(stock.cards):
            # Translators: {card}: a card, as the subject
            return _("Your stock card, {card}, is already turned up: place it first.").format(
                card=stock.cards[-1].words("the")
            )
        if not stock.cards and not waste.cards:
            return _("You have no cards left in your stock or waste to turn.")
        return None

    def _placing(self, move: Move, src: Pile, dst: Pile) -> str | None:
        """Whether the building rules let the cards of ``src`` (one, or a whole column) go on
        ``dst``: None, or why not."""
        waste = self.wastes[self.current_player]
        one_card = (
            dst.kind is PileKind.FOUNDATION
            and src.kind is PileKind.TABLEAU
            or dst.kind is PileKind.WASTE
            and dst is not waste
        )
        if one_card and move.count != 1:
            return _(
                "Only a column's outer card moves on its own, to a foundation or onto "
                "another player's waste; a whole column moves only onto another column."
            )
        if src.kind is PileKind.TABLEAU and dst.kind is PileKind.TABLEAU:
            return self._column_onto(move, src, dst)
        if move.count != 1:
            return _("Cards move one at a time.")
        if dst is waste:
            if src is self.stocks[self.current_player]:
                return None
            return _(
                "Only your turned-up stock card may go on your own waste, and that ends your turn."
            )
        card = src.cards[-1]
        if not dst.accepts(card):
            return dst.refusal(card)
        return None

    def _column_onto(self, move: Move, src: Pile, dst: Pile) -> str | None:
        """Whether the whole column ``src`` may go onto the column ``dst``: None, or why not."""
        if move.count != len(src.cards):
            n = len(src.cards)
            # Translators: {column}: a tableau column's number, from 1; {n}: its cards
            return ngettext(
                "Only a whole column moves within the tableau: column {column} has {n} card.",
                "Only a whole column moves within the tableau: column {column} has {n} cards.",
                n,
            ).format(column=src.index - 3, n=n)
        if not dst.cards:
            return _("A column moves only onto the outer card of another column.")
        inner, outer = src.cards[0], dst.cards[-1]
        if inner.key not in BUILD_ON.get(outer.key, ()):
            # Translators: {card}: the column's first card, as a subject (the sentence may
            # be turned: "the column whose first card is ..."); {other}: the card it would
            # go on (the form of a card that is moved)
            return _(
                "The column starting with {card} doesn't fit on {other}: columns "
                "build down in alternating colours."
            ).format(card=inner.words("the"), other=outer.words("object"))
        return None

    def _priority(self, move: Move) -> IllegalMove | None:
        """Whether the building-legal ``move`` is allowed now by the priorities: None, or an
        IllegalMove saying which priority it breaks (with ``priority`` set when "knock" lets
        it be played as a breach)."""
        legal, _breaches = self._split()
        if move in legal:
            return None
        p = self.current_player
        card = self.stocks[p].cards[-1] if self.stocks[p].cards else None
        if self.options["priorities"] == Priorities.STANDARD and card is not None:
            # Translators: {card}: a card, as the subject
            return IllegalMove(
                _("Your stock card, {card}, fits a foundation: it must go there.").format(
                    card=card.words("the")
                )
            )
        groups = self._groups()
        first = next(i for i, g in enumerate(groups) if g)
        if self.committed() and card is not None:
            words = card.words("the")
            if move.target == self.wastes[p].name:
                return IllegalMove(_(_PRIORITY_5[first]).format(card=words), Priority.OWN_WASTE)
            return IllegalMove(_(_PRIORITY_4[first]).format(card=words), Priority.STOCK_CARD)
        return IllegalMove(self._group_first(first, groups[first][0]), _GROUP_RULE[Group(first)])

    def _group_first(self, first: int, due: Move) -> str:
        """The sentence of a priority broken by skipping the group ``first`` (a ``Group``),
        whose first move is ``due``."""
        if first == Group.TABLEAU:
            return _(
                "Priority 3: the tableau moves from your waste and between columns come "
                "before turning a stock card."
            )
        card = self.pile[due.source].cards[-1].words("the")
        if first == Group.FOUNDATION:
            # Translators: {card}: a card, as the subject
            return _("Priority 1: {card} must go to a foundation before any other move.").format(
                card=card
            )
        # Translators: {card}: a card, as the subject (of "a card must be loaded")
        return _(
            "Priority 2: a card must be loaded onto another player's waste ({card}) "
            "before any other move."
        ).format(card=card)

    def _breach_of(self, move: Move) -> Breach:
        error = self._refusal(move)
        if error is None or not error.priority:  # never: breach_moves() and _refusal agree
            raise error or IllegalMove("That move breaks no priority rule.")
        return Breach(error.priority, str(error), move, self._split()[0][0], self.current_player)


__all__ = ["ChineseMoves", "Group", "Priority"]
