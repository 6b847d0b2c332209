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

The code: piles.py (the piles and the table for each number of players), table.py (the
description, the variables and what is counted), moves.py (the moves, their priority groups
and the refusals), and here the rest of the rules (the deal, playing a move, going out, the
end of a turn, the stalemate of rule 14, knocks) and what a save checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.calls import StopCall
from game.core.cards import Card, Rng, shuffled
from game.core.games.chinese_patience.moves import ChineseMoves
from game.core.history import Ops
from game.core.kinds import PileKind
from game.core.language import _, ngettext, pgettext
from game.core.moves import Move
from game.core.result import Result, Status
from game.core.saving import outcome_from_json, whole_numbers


def penalty_source(stock: list[Card], waste: list[Card]) -> tuple[PileKind, int] | None:
    """Where a player's penalty card comes from (rule 13): the middle of the stock, never its
    top or bottom card (index len // 2); with two cards the bottom one, with one that one; with
    an empty stock the same from the waste. (the pile's kind, index), or None."""
    for kind, cards in ((PileKind.STOCK, stock), (PileKind.WASTE, waste)):
        n = len(cards)
        if n:
            return kind, (n // 2 if n >= 3 else 0)
    return None


@dataclass(frozen=True)
class ChineseResult(Result):
    """A Result with every player's points for the deal (``scores``) and their places (1 =
    first; players with equal cards at a stalemate share a place)."""

    scores: tuple[int, ...] = ()
    places: tuple[int, ...] = ()


class ChinesePatience(ChineseMoves):
    def _deal(self, seed: int) -> None:
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

    # ----------------------------------------------------------------- playing a move
    def _play(self, move: Move, ops: Ops) -> None:
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

    def _note_lows(self, ops: Ops) -> None:
        """Rule 14: a player's stock + waste reaching a new low for the game is progress."""
        lows = self.lows or ()
        new = tuple(min(low, self.own_cards(q)) for q, low in enumerate(lows))
        if new != lows:
            self._set(ops, "lows", new)
            self._set(ops, "progress", True)

    def _go_out(self, ops: Ops, player: int) -> None:
        """Rule 12: the player has no stock and no waste left."""
        others = [q for q in self.active() if q != player]
        scores = list(self.scores or ())
        scores[player] += sum(self.own_cards(q) for q in others)
        self._set(ops, "scores", tuple(scores))
        self._set(ops, "finished", self.finished + (player,))
        if not self.options["play_for_places"] or len(others) <= 1:
            first = self.finished[0]
            if first == player:
                reason = _("Player {n} has played every card.")
            else:
                reason = _("Player {n} had played every card.")
            outcome = (Status.WON, first, scores[first], reason.format(n=first + 1))
            self._set(ops, "outcome", outcome)
        elif player == self.current_player:
            self._end_turn(ops)

    def _end_turn(self, ops: Ops) -> None:
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

    def _stalemate(self, ops: Ops, reason: str) -> None:
        """Rule 14: the player still in with the fewest cards scores the differences
        (``reason``: the sentence that says why, "Stalemate: ...")."""
        active = self.active()
        counts = {q: self.own_cards(q) for q in active}
        low = min(counts.values())
        best = [q for q in active if counts[q] == low]
        scores = list(self.scores or ())
        if len(best) == 1:
            scores[best[0]] += sum(c - low for c in counts.values())
            self._set(ops, "scores", tuple(scores))
        winner = self.finished[0] if self.finished else (best[0] if len(best) == 1 else None)
        points = scores[winner] if winner is not None else 0
        self._set(ops, "outcome", (Status.STALEMATE, winner, points, reason))

    # ----------------------------------------------------------------- knocks
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
        entry, ops = self._take_back_for_call()
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
        givers = self._penalties(ops, offender)
        if not self.outcome:
            if not self.own_cards(offender):
                self._go_out(ops, offender)
            if not self.outcome and offender == self.current_player:
                self._end_turn(ops)
        self._record_call(ops, entry, legal)
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

    def _penalties(self, ops: Ops, offender: int) -> list[int]:
        """Each other player still in, from the offender's left round, gives the offender a
        penalty card (one who then has none left goes out; the game may end there): the
        players who gave one."""
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
            pile = self.stocks[giver] if kind is PileKind.STOCK else self.wastes[giver]
            givers.append(giver)
            self._give(ops, pile, index, stock)
            self._note_lows(ops)
            if not self.own_cards(giver):
                self._go_out(ops, giver)
                if self.outcome:
                    break
        return givers

    # ----------------------------------------------------------------- saving
    def _complete_vars(self) -> None:
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

    def _var_from_json(self, name: str, value: Any) -> Any:
        n = self.n
        if name == "boundaries":
            return whole_numbers(name, value)
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
            return outcome_from_json(value, n)
        value = super()._var_from_json(name, value)
        if name in ("current_player", "dealer") and not 0 <= value < n:
            raise ValueError(f"{name} must be a player from 0 to {n - 1}")
        if isinstance(value, int) and value < 0:
            raise ValueError(f"{name} can't be negative")
        return value

    # ----------------------------------------------------------------- the end
    def result(self) -> Result | None:
        if not self.outcome:
            return None
        return ChineseResult(*self.outcome, scores=tuple(self.scores or ()), places=self.places())


GAME = ChinesePatience
