"""What each kind of table adds around the cards, one module per kind, named as game
descriptions name it (``info(game_id).table``): solitaire.py (a toolbar with Hint, the
"still winnable?" light and Finish), duel.py (a side panel for two players taking turns),
round.py (the round table of two to four). Each is a ``BaseChrome`` keeping the contract of
game/ui/table/chrome.py (``Chrome``); ``chrome_for`` gives a game's.
"""

from __future__ import annotations

from game.core import info
from game.core.info import TableKind
from game.ui.chromes.duel import SidePanel
from game.ui.chromes.round import RoundTable
from game.ui.chromes.solitaire import Toolbar
from game.ui.table.chrome import BaseChrome

#: the chrome of each kind of table games' descriptions name (``info.table``)
CHROMES: dict[TableKind, type[BaseChrome]] = {
    TableKind.SOLITAIRE: Toolbar,
    TableKind.DUEL: SidePanel,
    TableKind.ROUND: RoundTable,
}


def chrome_class(kind: TableKind) -> type[BaseChrome]:
    """The chrome for a kind of table named in a game's description."""
    return CHROMES[kind]


def chrome_for(game_id: str) -> type[BaseChrome]:
    """The chrome of a game's table."""
    return chrome_class(info(game_id).table)


__all__ = ["CHROMES", "chrome_class", "chrome_for"]
