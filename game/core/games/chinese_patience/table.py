"""Chinese Patience's description and table: the options, the piles by player, the variables a
position keeps, and what is counted from them (a player's cards, who is still in, the places).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Final

from game.core.cards import pack
from game.core.games.chinese_patience.piles import LAYOUTS, Stock, Waste
from game.core.info import GameInfo, Option, TableKind, match_to
from game.core.language import N_, NP_, pgettext
from game.core.result import Outcome
from game.core.state import GameState, Layout


class Priorities(StrEnum):
    """Option ``priorities`` (rule 13): how the order of moves is kept."""

    STANDARD = "standard"  # a turned-up stock card that fits a foundation must go there
    FREE = "free"  # no order
    KNOCK = "knock"  # the order of rule 13; a breach may be played and knocked on


INFO = GameInfo(
    id="chinese-patience",
    # Translators: a game's name
    title=N_("Chinese Patience"),
    blurb=N_("Two to four players race to empty their stocks on a shared table."),
    players=(2, 3, 4),
    option_list=(
        # Translators: options in Settings: a label, then its choices (keep them short)
        Option("players", 2, (2, 3, 4), N_("Players"), ("2", "3", "4")),
        Option(
            "priorities",
            Priorities.STANDARD,
            tuple(Priorities),
            N_("Priorities"),
            (N_("Stock to foundation"), N_("Free"), N_("Knock")),
        ),
        Option.flag(
            "equal_rank_loading",
            N_("Loading onto a waste"),
            (N_("Next rank in suit"), N_("Also equal rank")),
        ),
        Option.flag(
            "play_for_places",
            N_("When a player goes out"),
            (N_("The game ends"), N_("Play for places")),
        ),
    ),
    table=TableKind.ROUND,
    match=match_to(100, (50, 100, 200)),
)

_MODULUS: Final = 9007199254740881  # a prime below 2**53, for the turn-boundary digest
#: the place of a player who is out, written on their empty stock (marks())
_PLACES: Final = (
    # Translators: a player's place once out, written on their empty stock: keep it short
    NP_("a place, on an empty stock", "1st"),
    NP_("a place, on an empty stock", "2nd"),
    NP_("a place, on an empty stock", "3rd"),
    NP_("a place, on an empty stock", "4th"),
)


class ChineseTable(GameState):
    """The table of a Chinese Patience deal and what is counted from it (the rules build on
    it: moves.py, then the game's class)."""

    INFO = INFO
    CARDS = tuple(pack(0))
    LAYOUT = LAYOUTS[2]  # the default; each state has the layout of its number of players
    VARS: ClassVar[Mapping[str, Any]] = {
        "current_player": 0,
        "dealer": 0,
        "turn": 0,  # turns completed
        "idle_turns": 0,  # turns in a row in which no player reached a new low
        "idle_limit": 0,  # rule 14's limit since the last new low (0: none yet)
        "progress": False,  # a player reached a new low during this turn
        "lows": None,  # per player, the fewest stock + waste cards so far
        "boundaries": (),  # digests of the positions at every turn boundary
        "finished": (),  # the players who are out, in the order they went out
        "scores": None,  # per player, the points scored in this deal
        "outcome": None,
    }  # (status, winner, points, reason) once the game is over
    dealer: int
    turn: int
    idle_turns: int
    idle_limit: int
    progress: bool
    lows: tuple[int, ...] | None
    boundaries: tuple[int, ...]
    finished: tuple[int, ...]
    scores: tuple[int, ...] | None
    outcome: Outcome | None

    def __init__(self, seed: int | None = None, dealer: int | None = None, **options: Any):
        super().__init__(seed, **options)
        players: int = self.options["players"]
        if dealer is not None:
            if type(dealer) is not int or not 0 <= dealer < players:
                raise ValueError(f"the dealer is a player from 0 to {players - 1}, not {dealer!r}")
            self.options["dealer"] = dealer
        self._given_dealer = dealer
        priorities = self.options["priorities"]
        self.free_order: bool = priorities == Priorities.FREE  # (read once: asked per move)
        self.knocks: bool = priorities == Priorities.KNOCK
        self.n = players
        self.foundations = self.pile_list[0:4]
        self.tableau = self.pile_list[4:8]
        self.stocks = [p for p in self.pile_list[8 : 8 + players] if isinstance(p, Stock)]
        self.wastes = [p for p in self.pile_list[8 + players :] if isinstance(p, Waste)]

    def _layout(self) -> Layout:
        return LAYOUTS[self.options["players"]]

    # ----------------------------------------------------------------- counting
    def own_cards(self, player: int) -> int:
        """Cards in the player's stock and waste."""
        return len(self.stocks[player].cards) + len(self.wastes[player].cards)

    def active(self) -> list[int]:
        """The players still in the game (not out), in seat order."""
        return [p for p in range(self.n) if p not in self.finished]

    def next_player(self, player: int) -> int:
        """The next player to the left (clockwise) who is still in."""
        for step in range(1, self.n + 1):
            q = (player + step) % self.n
            if q not in self.finished:
                return q
        return player

    def committed(self, player: int | None = None) -> bool:
        """The player's top stock card is turned up and must be placed."""
        stock = self.stocks[self.current_player if player is None else player]
        return stock.down < len(stock.cards)

    def counts(self, player: int) -> dict[str, int]:
        """Each player's cards (the words English, marked: shown with _)."""
        return {
            N_("stock"): len(self.stocks[player].cards),
            N_("waste"): len(self.wastes[player].cards),
        }

    def marks(self) -> dict[str, str]:
        """The empty stock of a player who is out: their place ("1st", "2nd", ...)."""
        out = {}
        for place, p in enumerate(self.finished):
            if not self.stocks[p].cards:
                out[self.stocks[p].name] = pgettext(*_PLACES[place])
        return out

    # ----------------------------------------------------------------- positions
    def position_digest(self) -> int:
        """The whole table and who is on turn, as a number below 2**53."""
        h = self.current_player + 1
        for p in self.pile_list:
            for card in p.cards:
                h = (h * 131 + card.id + 1) % _MODULUS
            h = (h * 131 + 127 + p.down) % _MODULUS
        return h

    def places(self) -> tuple[int, ...]:
        """Each player's place: the players out in their order, then the others by their
        cards (fewest first, equal counts sharing a place)."""
        out = [0] * self.n
        for i, p in enumerate(self.finished):
            out[p] = i + 1
        rest = sorted(self.active(), key=self.own_cards)
        for p in rest:
            out[p] = (
                len(self.finished)
                + 1
                + sum(1 for q in rest if self.own_cards(q) < self.own_cards(p))
            )
        return tuple(out)


__all__ = ["INFO", "ChineseTable", "Priorities"]
