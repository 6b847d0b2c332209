"""Chinese Patience: the rules are game/core/rules/chinese-patience.md (numbered as the tests;
the Rules screen shows them).

Piles: foundation0..3, tableau0..3, stock0..N-1, waste0..N-1 (player p owns stockp and
wastep). Moves, in the notation of game.core.moves:

    s1-s1        player 1 turns the top card of their stock face up (an empty stock is first
                 refilled by turning the waste over): the card is then "committed", and the
                 only legal moves are its placements
    s1-f0 s1-w0 s1-t2 s1-w1
                 the committed card to a foundation, onto another player's waste, into the
                 tableau, or onto the player's own waste (which ends the turn)
    w1-f0 w1-w0 w1-t3      the top of one's own waste to a foundation, another waste, the tableau
    t2-f0 t2-w0            a column's outer card to a foundation or another player's waste
    t2-t0x3                a whole column (of three cards) onto the outer card of another
    stop                   a knock (``call_stop()``) in "knock" priorities

In "knock" priorities (rule 13) a move that breaks them is in ``breach_moves()`` and may be
played with ``push(move, breach=True)``; any other player may then knock (``call_stop()``)
before the next action. ``pop()`` of a knock returns exactly to the position right after the
breach, open to a knock again.

The dealer (a start variable): drawn from the deal number, or given to ``deal(seed, dealer=d)``
(a match passes the deal to the left: the client deals game k+1 with dealer + 1); a given dealer
is kept in ``options`` so that a save or a restart deals the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.calls import Breach, StopCall
from game.core.cards import SUITS, Rng, card_key, pack, shuffled
from game.core.history import Entry as _Entry
from game.core.info import GameInfo, Option
from game.core.language import N_, NP_, _, capital, ngettext, pgettext
from game.core.moves import PASS, STOP, IllegalMove, Move
from game.core.piles import DOWN_ALTERNATING, DownAlternating, Foundation, Pile, doesnt_fit
from game.core.result import Result
from game.core.state import GameState

INFO = GameInfo(
    # Translators: a game's name
    id="chinese-patience",
    title=N_("Chinese Patience"),
    blurb=N_("Two to four players race to empty their stocks on a shared table."),
    players=(2, 3, 4),
    option_list=(
        # Translators: options in Settings: a label, then its choices (keep them short)
        Option("players", 2, (2, 3, 4), N_("Players"), ("2", "3", "4")),
        Option(
            "priorities",
            "standard",
            ("standard", "free", "knock"),
            N_("Priorities"),
            (N_("Stock to foundation"), N_("Free"), N_("Knock")),
        ),
        Option(
            "equal_rank_loading",
            False,
            (False, True),
            N_("Loading onto a waste"),
            (N_("Next rank in suit"), N_("Also equal rank")),
        ),
        Option(
            "play_for_places",
            False,
            (False, True),
            N_("When a player goes out"),
            (N_("The game ends"), N_("Play for places")),
        ),
    ),
    table="round",
    # Translators: a setting: the score that wins a match; "new matches": when a change counts
    match=Option("match_target", 100, (50, 100, 200), N_("Match to"), note=N_("new matches")),
)

#: a column's outer card -> the faces that may go on it (one lower, the other colour)
BUILD_ON = DOWN_ALTERNATING
#: a waste's top card -> the faces that may be loaded onto it (same suit, one rank up or down)
LOAD_ON = {
    card_key(r, s): tuple(card_key(q, s) for q in (r - 1, r + 1) if 1 <= q <= 13)
    for r in range(1, 14)
    for s in SUITS
}
#: ... and with ``equal_rank_loading`` also the same rank in another suit
LOAD_EQUAL = {
    k: v + tuple(card_key(k % 16, o) for o in SUITS if card_key(k % 16, o) != k)
    for k, v in LOAD_ON.items()
}
_MODULUS = 9007199254740881  # a prime below 2**53, for the turn-boundary position digest

# knock priorities: the group of a move, as the seed numbers the priorities
FOUNDATION, LOAD, TABLEAU, STOCK, OWN_WASTE = range(5)
_GROUP_RULE = {FOUNDATION: "1", LOAD: "2", TABLEAU: "3"}
#: the place of a player who is out, written on their empty stock (marks())
_PLACES = (
    # Translators: a player's place once out, written on their empty stock: keep it short
    NP_("a place, on an empty stock", "1st"),
    NP_("a place, on an empty stock", "2nd"),
    NP_("a place, on an empty stock", "3rd"),
    NP_("a place, on an empty stock", "4th"),
)


def _pile_layout(players: int) -> tuple:
    return (
        *((f"foundation{i}", Foundation) for i in range(4)),
        *((f"tableau{i}", Column) for i in range(4)),
        *((f"stock{p}", Stock) for p in range(players)),
        *((f"waste{p}", Waste) for p in range(players)),
    )


def penalty_source(stock: list, waste: list) -> tuple[str, int] | None:
    """Where a player's penalty card comes from (rule 13): the middle of the stock, never its
    top or bottom card (index len // 2); with two cards the bottom one, with one that one; with
    an empty stock the same from the waste. ("stock" or "waste", index), or None."""
    for kind, cards in (("stock", stock), ("waste", waste)):
        n = len(cards)
        if n:
            return kind, (n // 2 if n >= 3 else 0)
    return None


@dataclass(frozen=True)
class ChineseResult(Result):
    """A Result with every player's points for the deal (``scores``) and their places (1 =
    first; players with equal cards at a stalemate share a place)."""

    scores: tuple = ()
    places: tuple = ()


class Column(DownAlternating):
    @property
    def label(self):
        # Translators: one of the four tableau columns, numbered from 1
        return _("column {n}").format(n=self.index - 3)

    def refusal(self, card):
        if self.cards:
            return doesnt_fit(card, self.cards[-1], self.rule)
        # Translators: {card}: a card, the subject; {n}: a tableau column, numbered from 1
        return capital(
            _("{card} can't go into the empty column {n} now.").format(
                card=card.words("the"), n=self.index - 3
            )
        )

    def check(self, cards, down):
        return super().check(cards, down) or (
            f"{self.name} holds more than 13 cards" if len(cards) > 13 else None
        )


class PlayerPile(Pile):
    """A stock or waste: it belongs to player ``owner``."""

    __slots__ = ("owner",)

    def __init__(self, name, index, game):
        super().__init__(name, index, game)
        self.owner = int(name[len(self.kind) :])

    @property
    def label(self):
        return pgettext(*_LABELS[self.kind]).format(n=self.owner + 1)


#: a player's pile as a player sees it ("player 2's stock"), by its kind
_LABELS = {
    "stock": NP_("a player's pile", "player {n}'s stock"),
    "waste": NP_("a player's pile", "player {n}'s waste"),
}


class Stock(PlayerPile):
    kind = "stock"
    noun = N_("stock")
    rule = N_("no card may be played onto a stock")

    def refusal(self, card):
        return _("No card may be played onto a stock.")

    def check(self, cards, down):
        ok = down == len(cards) or down == len(cards) - 1
        return None if ok else f"{self.name}: only the stock's top card may lie face up"


class Waste(PlayerPile):
    """Loadable by the other players: same suit, one rank higher or lower (or the same rank
    with ``equal_rank_loading``), never when empty."""

    kind = "waste"
    noun = N_("waste")
    BY_TOP = None  # it depends on whose turn it is and on the option

    @property
    def rule(self):
        """The loading rule (English, marked: shown with _)."""
        if self.game.options["equal_rank_loading"]:
            return N_("loading takes the same suit one rank higher or lower, or the same rank")
        return N_("loading takes the same suit, one rank higher or lower")

    def wanted(self):
        if self.owner == self.game.current_player or not self.cards:
            return ()
        return self.game._load_table[self.cards[-1].key]

    def refusal(self, card):
        if self.owner == self.game.current_player:
            return _(
                "Only your turned-up stock card may go on your own waste, and that ends your turn."
            )
        if not self.cards:
            return _("You can't load an empty waste.")
        return doesnt_fit(card, self.cards[-1], self.rule)

    def check(self, cards, down):
        return super().check(cards, down)


#: the refusal of a move from an empty pile of a player's ({n}), by its kind
_NO_CARD_IN = {
    "stock": N_("There is no card in player {n}'s stock."),
    "waste": N_("There is no card in player {n}'s waste."),
}
#: priority 4 and 5 (a turned-up stock card, {card}), by where it fits: a foundation, another
#: player's waste, the tableau
_PRIORITY_4 = (
    # Translators: {card}: a card, as the subject
    N_("Priority 4: your stock card, {card}, must go to a foundation first."),
    N_("Priority 4: your stock card, {card}, must go to another player's waste first."),
    N_("Priority 4: your stock card, {card}, must go to the tableau first."),
)
_PRIORITY_5 = (
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

_LAYOUTS = {n: _pile_layout(n) for n in (2, 3, 4)}


class ChinesePatience(GameState):
    INFO = INFO
    CARDS = tuple(pack(0))
    LAYOUT = _LAYOUTS[2]  # the default; each state has the layout of its number of players
    VARS = {
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

    def __init__(self, seed=None, dealer=None, **options):
        super().__init__(seed, **options)
        players = self.options["players"]
        if dealer is not None:
            if type(dealer) is not int or not 0 <= dealer < players:
                raise ValueError(f"the dealer is a player from 0 to {players - 1}, not {dealer!r}")
            self.options["dealer"] = dealer
        self._given_dealer = dealer
        self.n = players
        self.foundations = self.pile_list[0:4]
        self.tableau = self.pile_list[4:8]
        self.stocks = self.pile_list[8 : 8 + players]
        self.wastes = self.pile_list[8 + players : 8 + 2 * players]
        self._load_table = LOAD_EQUAL if self.options["equal_rank_loading"] else LOAD_ON

    def _layout(self):
        return _LAYOUTS[self.options["players"]]

    def _deal(self, seed):
        """Rule 2: the four tableau cards face up first, then the other 48 one at a time into
        the stocks, from the player to the dealer's left round to the dealer (each card goes on
        top of the stock it is dealt to)."""
        n = self.n
        deck = shuffled(list(self.CARDS), Rng(seed, self.game_id))
        dealer = self._given_dealer
        if dealer is None:
            dealer = Rng(seed, self.game_id + "/dealer").below(n)
        for column in self.tableau:
            column.cards = [deck.pop()]
        for i in range(len(deck)):
            stock = self.stocks[(dealer + 1 + i) % n]
            stock.cards.append(deck.pop())
        for stock in self.stocks:
            stock.down = len(stock.cards)
        self.dealer = dealer
        self.current_player = (dealer + 1) % n
        self._complete_vars()

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

    # ----------------------------------------------------------------- the moves
    def _groups(self) -> list[list[Move]]:
        """The building-legal moves of the player on turn, by priority group: with a committed
        stock card [foundation, load, tableau, own waste], else [foundation, load, tableau,
        turn the stock]."""
        p = self.current_player
        stock, waste = self.stocks[p], self.wastes[p]
        others = [w for w in self.wastes if w.owner != p and w.cards]
        table = self._move_table
        if stock.down < len(stock.cards):
            sources = [stock]
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
        mode = self.options["priorities"]
        committed = self.committed()
        if mode == "free":
            return [m for g in groups for m in g], []
        if mode == "standard":
            if committed and groups[FOUNDATION]:
                return groups[FOUNDATION], []
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
        return self.options["priorities"] == "knock"

    def breach_moves(self) -> list[Move]:
        """ "knock" priorities: moves the building rules allow that break a priority."""
        if self.options["priorities"] != "knock":
            return []
        return self._split()[1]

    def turn_move(self, pile):
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

    def end_turn_move(self):
        """Your turned-up stock card onto your own waste (which ends your turn)."""
        if self.outcome or not self.committed():
            return None
        p = self.current_player
        return self._move_table[self.stocks[p].index][self.wastes[p].index]

    def marks(self):
        """The empty stock of a player who is out: their place ("1st", "2nd", ...)."""
        out = {}
        for place, p in enumerate(self.finished):
            if not self.stocks[p].cards:
                out[self.stocks[p].name] = pgettext(*_PLACES[place])
        return out

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

    def _building(self, move, src, dst) -> str | None:
        """Whether the move obeys the building rules (priorities aside): None, or why not."""
        p = self.current_player
        stock, waste = self.stocks[p], self.wastes[p]
        committed = stock.down < len(stock.cards)
        if src.kind == "foundation":
            return _("Cards on the foundations stay there.")
        if isinstance(src, PlayerPile) and src.owner != p:
            if src.kind == "waste":
                return _("Cards on another player's waste stay there: you may only load onto it.")
            return _("That is another player's stock: only its owner turns its cards.")
        if src is dst:
            if src.kind == "tableau":
                return _("A column moves only onto the outer card of another column.")
            if src is not stock:
                return _("A card can't go back onto the pile it comes from.")
            if move.count != 1:
                return _("One stock card is turned at a time.")
            if committed:
                # Translators: {card}: a card, as the subject
                return _("Your stock card, {card}, is already turned up: place it first.").format(
                    card=stock.top.words("the")
                )
            if not stock.cards and not waste.cards:
                return _("You have no cards left in your stock or waste to turn.")
            return None
        if committed and src is not stock:
            # Translators: {card}: a card, as a card that is moved
            return _("Place your turned-up stock card, {card}, before anything else.").format(
                card=stock.top.words("object")
            )
        if src is stock and not committed:
            return _("Turn up your stock card first: click your stock.")
        if not src.cards:
            if src.kind == "tableau":
                # Translators: {n}: a tableau column, numbered from 1
                return _("There is no card in column {n}.").format(n=src.index - 3)
            return _(_NO_CARD_IN[src.kind]).format(n=src.owner + 1)
        if dst.kind == "stock":
            return _("No card may be played onto a stock.")
        one_card = (
            dst.kind == "foundation"
            and src.kind == "tableau"
            or dst.kind == "waste"
            and dst is not waste
        )
        if one_card:
            if move.count != 1:
                return _(
                    "Only a column's outer card moves on its own, to a foundation or onto "
                    "another player's waste; a whole column moves only onto another "
                    "column."
                )
        if src.kind == "tableau" and dst.kind == "tableau":
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
        if move.count != 1:
            return _("Cards move one at a time.")
        if dst is waste:
            if src is stock:
                return None
            return _(
                "Only your turned-up stock card may go on your own waste, and that ends your turn."
            )
        card = src.cards[-1]
        if not dst.accepts(card):
            return dst.refusal(card)
        return None

    def _priority(self, move) -> IllegalMove | None:
        """Whether the building-legal ``move`` is allowed now by the priorities: None, or an
        IllegalMove saying which priority it breaks (with ``priority`` set when "knock" lets
        it be played as a breach)."""
        legal, breaches = self._split()
        if move in legal:
            return None
        mode = self.options["priorities"]
        p = self.current_player
        stock = self.stocks[p]
        if mode == "standard":
            # Translators: {card}: a card, as the subject
            return IllegalMove(
                _("Your stock card, {card}, fits a foundation: it must go there.").format(
                    card=stock.top.words("the")
                )
            )
        groups = self._groups()
        first = next(i for i, g in enumerate(groups) if g)
        due = groups[first][0]
        committed = self.committed()
        if committed:
            if move.target == self.wastes[p].name:
                return IllegalMove(_(_PRIORITY_5[first]).format(card=stock.top.words("the")), "5")
            return IllegalMove(_(_PRIORITY_4[first]).format(card=stock.top.words("the")), "4")
        card = self.pile[due.source].cards[-1] if due.count == 1 else None
        if first == FOUNDATION:
            # Translators: {card}: a card, as the subject
            text = _("Priority 1: {card} must go to a foundation before any other move.").format(
                card=card.words("the")
            )
        elif first == LOAD:
            # Translators: {card}: a card, as the subject (of "a card must be loaded")
            text = _(
                "Priority 2: a card must be loaded onto another player's waste ({card}) "
                "before any other move."
            ).format(card=card.words("the"))
        else:
            text = _(
                "Priority 3: the tableau moves from your waste and between columns come "
                "before turning a stock card."
            )
        return IllegalMove(text, _GROUP_RULE[first])

    # ----------------------------------------------------------------- playing a move
    def _breach_of(self, move: Move) -> Breach:
        error = self._refusal(move)
        if error is None or not error.priority:  # never: breach_moves() and _refusal agree
            raise error or IllegalMove("That move breaks no priority rule.")
        return Breach(error.priority, str(error), move, self._split()[0][0], self.current_player)

    def _play(self, move, ops):
        p = self.current_player
        src, dst = self.pile[move.source], self.pile[move.target]
        stock, waste = self.stocks[p], self.wastes[p]
        if src is dst:  # turn up the stock card; an empty stock is first refilled from the waste
            if not stock.cards:
                self._turn_over(ops, waste, stock)
            self._set_down(ops, stock, len(stock.cards) - 1)
            return
        self._move(ops, src, dst, move.count)
        self._note_lows(ops)
        if dst is waste:
            self._end_turn(ops)
        elif not self.own_cards(p):
            self._go_out(ops, p)

    def _note_lows(self, ops) -> None:
        """Rule 14: a player's stock + waste reaching a new low for the game is progress."""
        lows = self.lows
        new = tuple(min(low, self.own_cards(q)) for q, low in enumerate(lows))
        if new != lows:
            self._set(ops, "lows", new)
            self._set(ops, "progress", True)

    def _go_out(self, ops, player: int) -> None:
        """Rule 12: the player has no stock and no waste left."""
        others = [q for q in self.active() if q != player]
        scores = list(self.scores)
        scores[player] += sum(self.own_cards(q) for q in others)
        self._set(ops, "scores", tuple(scores))
        self._set(ops, "finished", self.finished + (player,))
        if not self.options["play_for_places"] or len(others) <= 1:
            first = self.finished[0]
            if first == player:
                reason = _("Player {n} has played every card.")
            else:
                reason = _("Player {n} had played every card.")
            self._set(
                ops, "outcome", ("won", first, self.scores[first], reason.format(n=first + 1))
            )
        elif player == self.current_player:
            self._end_turn(ops)

    def _end_turn(self, ops) -> None:
        """The turn passes to the next player still in; rule 14 is checked at the boundary.
        The limit (``idle_limit``) is taken at the end of a turn with a new low and only
        raised until the next one, never lowered: cards played out without a new low never
        bring the end closer."""
        idle = 0 if self.progress else self.idle_turns + 1
        self._set(ops, "current_player", self.next_player(self.current_player))
        self._set(ops, "turn", self.turn + 1)
        active = self.active()
        limit = (2 * max(self.own_cards(q) for q in active) + 2) * len(active)
        if not self.progress:
            limit = max(limit, self.idle_limit)
        self._set(ops, "idle_turns", idle)
        self._set(ops, "idle_limit", limit)
        self._set(ops, "progress", False)
        digest = self.position_digest()
        if idle >= limit:
            rounds = idle // len(active)
            self._stalemate(
                ops,
                ngettext(
                    "Stalemate: for {n} round nobody got down to fewer cards than before.",
                    "Stalemate: for {n} rounds nobody got down to fewer cards than before.",
                    rounds,
                ).format(n=rounds),
            )
        elif digest in self.boundaries:
            self._stalemate(
                ops, _("Stalemate: the same position came back at the start of a turn.")
            )
        else:
            self._set(ops, "boundaries", self.boundaries + (digest,))

    def _stalemate(self, ops, reason: str) -> None:
        """Rule 14: the player still in with the fewest cards scores the differences
        (``reason``: the sentence that says why, "Stalemate: ...")."""
        active = self.active()
        counts = {q: self.own_cards(q) for q in active}
        low = min(counts.values())
        best = [q for q in active if counts[q] == low]
        scores = list(self.scores)
        if len(best) == 1:
            scores[best[0]] += sum(c - low for c in counts.values())
            self._set(ops, "scores", tuple(scores))
        winner = self.finished[0] if self.finished else (best[0] if len(best) == 1 else None)
        self._set(
            ops,
            "outcome",
            ("stalemate", winner, scores[winner] if winner is not None else 0, reason),
        )

    # ----------------------------------------------------------------- knocks
    @property
    def breach(self) -> Breach | None:
        """The priority the last move broke, while a knock on it may still be made."""
        return self.history[-1].breach if self.history else None

    def call_stop(self) -> StopCall:
        """Another player knocks on the last move. A right knock: the move stands, but not what
        it did by itself (the end of the turn, going out, the end of the game): each other
        player still in, from the offender's left round, hands the offender a penalty card
        (``penalty_source``) face down to the bottom of their stock; a stock card the offender
        had turned up lies face down again; then the offender's turn ends. One history entry
        (``stop``) that replaces the breach's: its ``pop()`` returns exactly to the position
        right after the breach, open to a knock again. A wrong knock changes nothing and is
        not recorded."""
        found = self.breach
        if found is None:
            return StopCall(False, _("Wrong knock: the last move broke no priority."))
        legal = self._legal
        entry = self.history.pop()
        ops: list = []
        self._undo(entry.ops, ops)  # recorded: popping the knock plays the breach again
        offender = found.player
        move = entry.move
        src, dst = self.pile[move.source], self.pile[move.target]
        if src is dst:  # a stock card turned: it stays on the stock (refilled if it was empty),
            if not src.cards:  # face down: the whole stock lies face down again
                self._turn_over(ops, self.wastes[offender], src)
            self._set_down(ops, src, len(src.cards))
        else:
            self._move(ops, src, dst, move.count)
            self._note_lows(ops)
        stock = self.stocks[offender]
        givers = []
        for step in range(1, self.n):
            giver = (offender + step) % self.n
            if giver in self.finished:
                continue
            source = penalty_source(self.stocks[giver].cards, self.wastes[giver].cards)
            if source is None:
                continue
            kind, index = source
            pile = self.stocks[giver] if kind == "stock" else self.wastes[giver]
            givers.append(giver)
            self._give(ops, pile, index, stock)
            self._note_lows(ops)
            if not self.own_cards(giver):
                self._go_out(ops, giver)
                if self.outcome:
                    break
        if not self.outcome:
            if not self.own_cards(offender):
                self._go_out(ops, offender)
            if not self.outcome and offender == self.current_player:
                self._end_turn(ops)
        self.history.append(_Entry(STOP, ops, None, entry, legal))
        self._legal = None
        if givers:
            # Translators: {reason}: the priority broken, a sentence; {n}: the offender's
            # number; {givers}: the players who give a card ("player 2, player 3")
            text = _(
                "Knock! {reason} The move stands; player {n} gets a penalty card from "
                "{givers} and the turn passes."
            )
        else:
            # Translators: {reason}: the priority broken, a sentence; {n}: the offender's number
            text = _(
                "Knock! {reason} The move stands; player {n} gets a penalty card from "
                "nobody and the turn passes."
            )
        names = ", ".join(
            pgettext("a seat in a sentence", "player {n}").format(n=g + 1) for g in givers
        )
        return StopCall(True, text.format(reason=found.reason, n=offender + 1, givers=names), found)

    # ----------------------------------------------------------------- saving
    def _complete_vars(self):
        n = self.n
        if self.lows is None:
            self.lows = tuple(self.own_cards(p) for p in range(n))
        if self.scores is None:
            self.scores = (0,) * n
        for name in ("lows", "scores"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} must give one number per player")
        for p in range(n):
            if self.committed(p) and p != self.current_player:
                raise ValueError(f"stock{p}: only the player on turn may have a card turned up")
        if self.current_player in self.finished and not self.outcome:
            raise ValueError("the player on turn is out of the game")
        if "dealer" in self.options and self.options["dealer"] != self.dealer:
            raise ValueError("the dealer of the options and of the position differ")

    def _var_from_json(self, name, value):
        n = self.n
        if name == "boundaries":
            if not isinstance(value, list) or any(type(v) is not int for v in value):
                raise ValueError("boundaries must be a list of whole numbers")
            return tuple(value)
        if name in ("lows", "scores"):
            if value is None:
                return None
            if (
                not isinstance(value, list)
                or len(value) != n
                or any(type(v) is not int or v < 0 for v in value)
            ):
                raise ValueError(f"{name} must be {n} whole numbers")
            return tuple(value)
        if name == "finished":
            if (
                not isinstance(value, list)
                or len(set(value)) != len(value)
                or any(type(v) is not int or not 0 <= v < n for v in value)
            ):
                raise ValueError("finished must list players, each once")
            return tuple(value)
        if name == "outcome":
            if value is None:
                return None
            if (
                not isinstance(value, list)
                or len(value) != 4
                or value[0] not in ("won", "stalemate")
                or not (value[1] is None or type(value[1]) is int and 0 <= value[1] < n)
                or type(value[2]) is not int
                or not isinstance(value[3], str)
            ):
                raise ValueError("outcome must be [status, winner, points, reason]")
            return tuple(value)
        value = super()._var_from_json(name, value)
        if name in ("current_player", "dealer") and not 0 <= value < n:
            raise ValueError(f"{name} must be a player from 0 to {n - 1}")
        if isinstance(value, int) and value < 0:
            raise ValueError(f"{name} can't be negative")
        return value

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

    def result(self) -> Result | None:
        if not self.outcome:
            return None
        return ChineseResult(*self.outcome, scores=tuple(self.scores), places=self.places())


GAME = ChinesePatience
