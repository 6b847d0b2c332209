"""What the two-player races share: Russian Bank and Battle solitaire (and the next game like
them). Each player empties their own piles (a reserve, a hand, a waste) onto a shared table of
eight foundations and eight houses that build down in alternating colours; whoever empties
theirs first wins. Not a game itself: nothing here registers.

A race is a ``RaceState`` with the table laid out by ``race_layout`` (foundation0-7,
house0-7, then reserveN, handN, wasteN for each player; a game names its own pile classes), and
its own rules in its own file. What the races do alike, by name:

- the repetition rule within a turn (Russian Bank decision 6): a house-to-house move that would
  bring the houses back to a position seen in the same streak of such moves is refused
  (``_drop_repeats``); the streak is recorded in ``seen`` as Zobrist hashes of the houses
  (``house_hash``), kept up by ``_move_card``;
- the stalemate rule (Russian Bank decision 15): "progress" is a player's own cards reaching a
  new low for the game (``_note_progress``, ``lows``); ``_end_turn`` counts the turns without
  progress (``idle_turns``) and records a digest of the position at every turn boundary
  (``boundaries``, ``position_digest``); after ``idle_limit`` idle turns (2 x max(hand +
  waste) + 2 at the last progress, raised, never lowered, at each turn boundary since), or when
  a boundary position comes back, ``_stalemate``: the lower ``penalty_count`` scores the
  difference;
- the score: ``own_cards``, ``penalty_count`` (reserve cards count double), ``result``;
- each player's part of the deal from their own pack (``_deal_pack``), and the side panel's
  counts of a player's piles in the game's words for them (``counts``, ``COUNT_WORDS``);
- the saved variables these use (``_var_from_json``).

A game's VARS name the variables it keeps (in its own order: saves list them): every race has
``current_player``, ``turn``, ``idle_turns``, ``idle_limit``, ``progress``, ``seen``,
``boundaries`` and ``outcome``; ``lows`` only where a player's own cards can grow again (loading).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from typing import Any, ClassVar, Final

from game.core.cards import Card
from game.core.history import Ops
from game.core.kinds import HOUSE, RESERVE, PileKind
from game.core.language import N_, NP_, _, ngettext, pgettext
from game.core.moves import Move
from game.core.piles import DOWN_ALTERNATING, DownAlternating, Foundation, OwnedPile, Pile
from game.core.result import Outcome, Result, Status
from game.core.saving import outcome_from_json, whole_numbers
from game.core.state import GameState, Layout

# A house's top card -> the faces that may go on it: one rank lower in the other colour
DOWN_IN_OTHER_COLOUR: Final = DOWN_ALTERNATING
_MODULUS: Final = 9007199254740881  # a prime below 2**53, for the turn-boundary position digest
#: Zobrist keys for the houses: [house][depth][card id]
ZobristKeys = list[list[list[int]]]


def zobrist_keys(seed: int) -> ZobristKeys:
    """Zobrist keys for the houses, [house][depth][card id], below 2**53 (JSON-safe
    everywhere). Each game draws its own from its own seed: ``seen`` is saved with them."""
    rand = random.Random(seed).getrandbits
    return [[[rand(53) for _ in range(104)] for _ in range(13)] for _ in range(8)]


class House(DownAlternating):
    """A shared pile of a race: down in alternating colours; an empty one takes any card."""

    kind = PileKind.HOUSE
    noun = N_("house")
    rule = N_("houses build down in alternating colours")


def race_layout(
    house: type[Pile], reserve: type[Pile], hand: type[Pile], waste: type[Pile]
) -> Layout:
    """The table of a race for two: eight foundations, eight houses, and each player's
    reserve, hand and waste."""
    return (
        *((f"foundation{i}", Foundation) for i in range(8)),
        *((f"house{i}", house) for i in range(8)),
        ("reserve0", reserve),
        ("hand0", hand),
        ("waste0", waste),
        ("reserve1", reserve),
        ("hand1", hand),
        ("waste1", waste),
    )


class PlayerPile(OwnedPile):
    """A reserve, hand or waste: it belongs to player ``owner`` (its name's last digit)."""

    __slots__ = ()

    @property
    def noun(self) -> str:
        """What the game calls this kind of pile (its kind, unless it says otherwise: a game's
        pile class names its own, marked with N_, in English: a sentence about it chooses its
        words by it)."""
        return self.kind

    @property
    def label(self) -> str:
        words = _LABELS.get(self.noun)
        n = self.owner + 1
        return pgettext(*words).format(n=n) if words else f"player {n}'s {self.noun}"


#: a player's pile as a player sees it ("player 2's reserve"), by its noun
_LABELS: Final[Mapping[str, tuple[str, str]]] = {
    "reserve": NP_("a player's pile", "player {n}'s reserve"),
    "hand": NP_("a player's pile", "player {n}'s hand"),
    "waste": NP_("a player's pile", "player {n}'s waste"),
    "penalty pile": NP_("a player's pile", "player {n}'s penalty pile"),
    "reserve pile": NP_("a player's pile", "player {n}'s reserve pile"),
}


def is_you(name: str) -> bool:
    """Whether a seat's name in a sentence (``opening(names)``) is the person at this screen:
    "you", in English or in the language spoken now."""
    return name == "you" or name == pgettext("a seat in a sentence", "you")


class RaceState(GameState):
    """The state of a two-player race on ``race_layout``'s table. A game gives ZOBRIST (its
    ``zobrist_keys``), ``idle_reason`` (the stalemate's words for turns without progress), the
    deal and the rules."""

    ZOBRIST: ClassVar[ZobristKeys]  # zobrist_keys(the game's seed)
    idle_limit: int = 0  # the stalemate's limit since the last progress (0: none yet)
    lost_turns: tuple[int, int] = (0, 0)  # turns each player will miss (a game that has them
    # keeps it in its VARS: Russian Bank's price for a wrong Stop! call)
    turn: int  # turns completed
    idle_turns: int  # turns in a row without progress
    progress: bool  # the player on turn got rid of a card for good this turn
    seen: tuple[int, ...]  # house hashes of this streak of house-to-house moves
    boundaries: tuple[int, ...]  # position digests at every turn boundary
    lows: tuple[int, int] | None  # per player, the fewest own cards so far (where kept)
    outcome: Outcome | None  # the end, once over

    def idle_reason(self, turns: int) -> str:
        """The stalemate's sentence for ``turns`` turns without progress (a game says it its
        own way)."""
        return ngettext(
            "Stalemate: for {n} turn neither player got rid of a card for good.",
            "Stalemate: for {n} turns neither player got rid of a card for good.",
            turns,
        ).format(n=turns)

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self.foundations = self.pile_list[0:8]
        self.houses = self.pile_list[8:16]
        self.reserves = (self.pile["reserve0"], self.pile["reserve1"])
        self.hands = (self.pile["hand0"], self.pile["hand1"])
        self.wastes = (self.pile["waste0"], self.pile["waste1"])

    # ----------------------------------------------------------------- the deal
    def _deal_pack(self, p: int, deck: list[Card], reserve: int, houses: Iterable[int]) -> None:
        """Player ``p`` deals from their shuffled pack ``deck`` (from its end): ``reserve``
        cards to their reserve, only its top card face up, then one card on each of their
        houses (house4p to house4p+3) in the order ``houses`` gives (0: the one next to the
        reserve), then the rest, face down, to their hand."""
        pile = self.reserves[p]
        pile.cards = [deck.pop() for _ in range(reserve)]
        pile.down = reserve - 1
        for i in houses:
            self.houses[4 * p + i].cards = [deck.pop()]
        self.hands[p].cards, self.hands[p].down = deck, len(deck)

    # ----------------------------------------------------------------- the score
    def own_cards(self, player: int) -> int:
        """Cards in the player's reserve, hand and waste."""
        return (
            len(self.reserves[player].cards)
            + len(self.hands[player].cards)
            + len(self.wastes[player].cards)
        )

    def penalty_count(self, player: int) -> int:
        """The player's cards left, reserve cards counting 2 (what a winner scores of them)."""
        return self.own_cards(player) + len(self.reserves[player].cards)

    def result(self) -> Result | None:
        return Result(*self.outcome) if self.outcome else None

    WIN_BONUS = 0  # what a winner scores besides the loser's cards (Russian Bank: 30)

    def win_points(self, winner: int) -> int:
        """What the winner scores: the bonus and the loser's cards left (reserve double)."""
        return self.WIN_BONUS + self.penalty_count(1 - winner)

    #: the words of the side panel's counts of a player's reserve, hand and waste, as the game
    #: calls those piles (English, marked: shown with _)
    COUNT_WORDS: ClassVar[tuple[str, str, str]] = (N_("reserve"), N_("hand"), N_("waste"))

    def counts(self, player: int) -> dict[str, int]:
        """What the side panel shows of each player: their reserve's, hand's and waste's cards,
        by ``COUNT_WORDS``."""
        piles = (self.reserves[player], self.hands[player], self.wastes[player])
        return {word: len(pile.cards) for word, pile in zip(self.COUNT_WORDS, piles)}

    def _won(self, ops: Ops, p: int) -> None:
        reason = _("Player {n} has played every card.").format(n=p + 1)
        self._set(ops, "outcome", (Status.WON, p, self.win_points(p), reason))

    def concede(self, player: int) -> Result:
        """The player gives the game up: the other wins it as if they had played every card
        now (what abandoning a game of a match means)."""
        winner = 1 - player
        return Result(
            Status.WON,
            winner,
            self.win_points(winner),
            _("Player {n} gave the game up.").format(n=player + 1),
        )

    # ----------------------------------------------------------------- moving a card
    def _move_card(self, ops: Ops, src: Pile, dst: Pile) -> None:
        """One card from src to dst, with what the rules do by themselves: the repetition
        rule's record of this streak of house-to-house moves (any other move ends the streak),
        and the reserve's next card turning face up."""
        seen: tuple[int, ...] = ()  # the house positions of this streak of house-to-house moves
        if src.kind is HOUSE and dst.kind is HOUSE:
            seen = self.seen or (self.house_hash(),)
            seen += (self._hash_after(src, dst, seen[-1]),)
        self._move(ops, src, dst)
        if src.kind is RESERVE and src.down == len(src.cards) > 0:
            self._set_down(ops, src, src.down - 1)  # the next reserve card turns up
        self._set(ops, "seen", seen)

    # ----------------------------------------------------------------- the repetition rule
    def house_hash(self) -> int:
        h = 0
        zobrist = self.ZOBRIST
        for i, house in enumerate(self.houses):
            row = zobrist[i]
            for depth, card in enumerate(house.cards):
                h ^= row[depth][card.id]
        return h

    def _hash_after(self, src: Pile, dst: Pile, h: int) -> int:
        """The house hash h once src's top card has moved onto dst (both houses)."""
        card = src.cards[-1].id
        zobrist = self.ZOBRIST
        after: int = (
            h
            ^ zobrist[src.index - 8][len(src.cards) - 1][card]
            ^ zobrist[dst.index - 8][len(dst.cards)][card]
        )
        return after

    def _drop_repeats(self, moves: list[Move]) -> list[Move]:
        """The repetition rule: without the house-to-house moves that would bring back a house
        position seen in this streak of house-to-house moves. (One loop with locals: it runs on
        every move of a long turn.)"""
        seen = self.seen
        if not seen:
            return moves
        last, pile, zobrist, keep = seen[-1], self.pile, self.ZOBRIST, []
        seen_set: Collection[int] = set(seen) if len(seen) > 8 else seen
        for m in moves:
            src, dst = pile[m.source], pile[m.target]
            if src.kind is HOUSE and dst.kind is HOUSE:
                card = src.cards[-1].id
                if (
                    last
                    ^ zobrist[src.index - 8][len(src.cards) - 1][card]
                    ^ zobrist[dst.index - 8][len(dst.cards)][card]
                ) in seen_set:
                    continue
            keep.append(m)
        return keep

    # ----------------------------------------------------------------- the stalemate rule
    def _note_progress(self, ops: Ops, p: int) -> None:
        """Russian Bank 15's "moved a card out of their reserve, hand or waste" counts only
        when the player's own cards reach a new low for the game: a card loaded straight back,
        or moved out and loaded back again and again, is not progress. Lows can only fall, so
        every game ends. (A race whose own cards never grow keeps no lows: every card out is
        progress.)"""
        lows = self.lows
        assert lows is not None  # (kept from the deal, or filled in by _complete_vars)
        if self.own_cards(p) < lows[p]:
            new = list(lows)
            new[p] = self.own_cards(p)
            self._set(ops, "lows", tuple(new))
            self._set(ops, "progress", True)

    def _end_turn(self, ops: Ops) -> None:
        """The turn passes: the idle turns are counted, and the game ends in a stalemate when
        they reach the limit, or when the position at this turn boundary came at an earlier
        one. The limit (``idle_limit``) is 2 x max(hand + waste) + 2 taken at the end of the
        last turn with progress, and at every turn boundary since then raised to that
        formula's value if it is higher: cards played out without a new low never lower it
        (they used to: a player's best turn could end the game at once), a load may raise it.
        A player who owes a missed turn (``lost_turns``) misses it now: it counts as a turn in
        which they got rid of nothing."""
        idle = 0 if self.progress else self.idle_turns + 1
        limit = 2 * max(len(self.hands[p].cards) + len(self.wastes[p].cards) for p in (0, 1)) + 2
        if not self.progress:  # between new lows the limit only grows: cards played out
            limit = max(limit, self.idle_limit)  # never bring the end closer
        self._set(ops, "idle_turns", idle)
        self._set(ops, "idle_limit", limit)
        self._set(ops, "progress", False)
        self._set(ops, "seen", ())
        self._set(ops, "current_player", 1 - self.current_player)
        self._set(ops, "turn", self.turn + 1)
        digest = self.position_digest()
        if idle >= limit:
            self._stalemate(ops, self.idle_reason(idle))
        elif digest in self.boundaries:
            self._stalemate(
                ops, _("Stalemate: the same position came back at the start of a turn.")
            )
        else:
            self._set(ops, "boundaries", self.boundaries + (digest,))
            p = self.current_player
            if self.lost_turns[p]:  # the player now on turn misses it: the turn passes back
                lost = list(self.lost_turns)
                lost[p] -= 1
                self._set(ops, "lost_turns", tuple(lost))
                self._end_turn(ops)

    def _stalemate(self, ops: Ops, reason: str) -> None:
        """The lower penalty count scores the difference, no bonus (``reason``: the sentence
        that says why, "Stalemate: ...")."""
        c0, c1 = self.penalty_count(0), self.penalty_count(1)
        winner = None if c0 == c1 else (0 if c0 < c1 else 1)
        self._set(ops, "outcome", (Status.STALEMATE, winner, abs(c0 - c1), reason))

    def position_digest(self) -> int:
        """The whole table and who is on turn, as a number below 2**53."""
        h = self.current_player + 1
        for p in self.pile_list:
            for card in p.cards:
                h = (h * 131 + card.id + 1) % _MODULUS
            h = (h * 131 + 127) % _MODULUS
        return h

    # ----------------------------------------------------------------- saves
    def _var_from_json(self, name: str, value: Any) -> Any:
        if name in ("seen", "boundaries"):
            return whole_numbers(name, value)
        if name == "lows" and value is None:
            return None
        if name in ("lost_turns", "lows"):  # a number per player
            if (
                not isinstance(value, list)
                or len(value) != 2
                or any(type(v) is not int or v < 0 for v in value)
            ):
                raise ValueError(f"{name} must be two whole numbers")
            return tuple(value)
        if name == "outcome":
            return outcome_from_json(value, 2)
        value = super()._var_from_json(name, value)
        if name == "current_player" and value not in (0, 1):
            raise ValueError("current_player must be 0 or 1")
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise ValueError(f"{name} can't be negative")
        return value


__all__ = [
    "DOWN_IN_OTHER_COLOUR",
    "House",
    "PlayerPile",
    "RaceState",
    "is_you",
    "race_layout",
    "zobrist_keys",
]
