"""Chinese Patience's piles: four foundations, four tableau columns, and each player's stock and
waste (player p owns stockp and wastep), laid out for two to four players (``LAYOUTS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from game.core.cards import SUITS, Card, card_key
from game.core.kinds import PileKind
from game.core.language import N_, NP_, _, capital, pgettext
from game.core.piles import (
    DOWN_ALTERNATING,
    ONE_UP_OR_DOWN_IN_SUIT,
    Builds,
    DownAlternating,
    Faces,
    Foundation,
    OwnedPile,
    Table,
    Wanted,
    doesnt_fit,
)
from game.core.state import Layout

#: a column's outer card -> the faces that may go on it (one lower, the other colour)
BUILD_ON: Final = DOWN_ALTERNATING
#: a waste's top card -> the faces that may be loaded onto it (same suit, one rank up or down)
LOAD_ON: Final = ONE_UP_OR_DOWN_IN_SUIT
#: ... and with ``equal_rank_loading`` also the same rank in another suit
LOAD_EQUAL: Final[Mapping[int, Faces]] = {
    k: v + tuple(card_key(k % 16, o) for o in SUITS if card_key(k % 16, o) != k)
    for k, v in LOAD_ON.items()
}


class Column(DownAlternating):
    @property
    def label(self) -> str:
        # Translators: one of the four tableau columns, numbered from 1
        return _("column {n}").format(n=self.index - 3)

    def refusal(self, card: Card) -> str:
        if self.cards:
            return doesnt_fit(card, self.cards[-1], self.rule)
        # Translators: {card}: a card, the subject; {n}: a tableau column, numbered from 1
        return capital(
            _("{card} can't go into the empty column {n} now.").format(
                card=card.words("the"), n=self.index - 3
            )
        )

    def check(self, cards: list[Card], down: int) -> str | None:
        return super().check(cards, down) or (
            f"{self.name} holds more than 13 cards" if len(cards) > 13 else None
        )


class PlayerPile(OwnedPile):
    """A stock or waste: it belongs to player ``owner``."""

    __slots__ = ()

    @property
    def label(self) -> str:
        return pgettext(*_LABELS[self.kind]).format(n=self.owner + 1)


#: a player's pile as a player sees it ("player 2's stock"), by its kind
_LABELS: Final[Mapping[PileKind, tuple[str, str]]] = {
    PileKind.STOCK: NP_("a player's pile", "player {n}'s stock"),
    PileKind.WASTE: NP_("a player's pile", "player {n}'s waste"),
}


class Stock(PlayerPile):
    kind = PileKind.STOCK
    noun = N_("stock")
    rule = N_("no card may be played onto a stock")
    REFUSAL = N_("No card may be played onto a stock.")

    def check(self, cards: list[Card], down: int) -> str | None:
        ok = down == len(cards) or down == len(cards) - 1
        return None if ok else f"{self.name}: only the stock's top card may lie face up"


class Waste(PlayerPile):
    """Loadable by the other players: same suit, one rank higher or lower (or the same rank
    with ``equal_rank_loading``: ``loads``), never when empty."""

    kind = PileKind.WASTE
    noun = N_("waste")
    BY_TOP: ClassVar[Builds | None] = None  # it depends on whose turn it is and on the option

    def __init__(self, name: str, index: int, game: Table):
        super().__init__(name, index, game)
        equal = game.options["equal_rank_loading"]
        self.loads = LOAD_EQUAL if equal else LOAD_ON
        if equal:
            self.rule = N_("loading takes the same suit one rank higher or lower, or the same rank")
        else:
            self.rule = N_("loading takes the same suit, one rank higher or lower")

    def wanted(self) -> Wanted:
        if self.owner == self.game.current_player or not self.cards:
            return ()
        return self.loads[self.cards[-1].key]

    def refusal(self, card: Card) -> str:
        if self.owner == self.game.current_player:
            return _(
                "Only your turned-up stock card may go on your own waste, and that ends your turn."
            )
        if not self.cards:
            return _("You can't load an empty waste.")
        return doesnt_fit(card, self.cards[-1], self.rule)


def pile_layout(players: int) -> Layout:
    """The table for ``players`` players."""
    return (
        *((f"foundation{i}", Foundation) for i in range(4)),
        *((f"tableau{i}", Column) for i in range(4)),
        *((f"stock{p}", Stock) for p in range(players)),
        *((f"waste{p}", Waste) for p in range(players)),
    )


#: the table for each number of players
LAYOUTS: Final[Mapping[int, Layout]] = {n: pile_layout(n) for n in (2, 3, 4)}


__all__ = [
    "BUILD_ON",
    "LAYOUTS",
    "LOAD_EQUAL",
    "LOAD_ON",
    "Column",
    "PlayerPile",
    "Stock",
    "Waste",
    "pile_layout",
]
