"""Battle solitaire: the rules are game/core/rules/battle-solitaire.md (numbered as the tests;
the Rules screen shows them).

The code: the penalty pile is ``reserveN``, the hand ``handN``, the reserve pile ``wasteN``, the
shared piles ``house0..3`` (from pack 0) and ``house4..7`` (pack 1). The draw for who starts
(rule 6) puts the cards back where they were: the deal is not changed by it (``draws``,
``opening()``). Turning a hand card is ``d0-w0``; turning the reserve pile back into the empty
hand ``w0-d0``, at most once per turn (``refilled``); the turn button is ``pass``. The streak of
house moves that may not repeat a position (rule 11) and the stalemate (rule 13) are
``race.RaceState``'s, shared with Russian Bank: a player's own cards only ever fall here, so
every card out is a new low.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from game.core.cards import Card, Rng, pack, shuffled
from game.core.history import Ops
from game.core.info import GameInfo, TableKind, match_to
from game.core.kinds import PileKind
from game.core.language import N_, _, capital, ngettext
from game.core.moves import PASS, STOP, IllegalMove, Move
from game.core.piles import Builds, Pile, Wanted
from game.core.race import (
    DOWN_IN_OTHER_COLOUR,
    PlayerPile,
    RaceState,
    is_you,
    race_layout,
    zobrist_keys,
)
from game.core.race import House as RaceHouse

INFO = GameInfo(
    id="battle-solitaire",
    # Translators: a game's name
    title=N_("Battle solitaire"),
    blurb=N_("Race a rival through your own pack on shared piles."),
    players=(2,),
    table=TableKind.DUEL,
    match=match_to(100, (50, 100, 200)),
)

#: ties of rank when drawing for the start: Clubs > Spades > Hearts > Diamonds
SUIT_ORDER: Final = "DHSC"


class House(RaceHouse):
    """A shared pile: down in alternating colours; an empty one takes any card."""

    noun = N_("pile")
    rule = N_("the piles build down in alternating colours")

    @property
    def label(self) -> str:
        # Translators: one of the shared piles, numbered from 1 to 8
        return _("the pile {n}").format(n=self.index - 7)

    def check(self, cards: list[Card], down: int) -> str | None:
        problem = super().check(cards, down)
        if problem:
            return problem
        for below, above in zip(cards, cards[1:]):
            if above.key not in DOWN_IN_OTHER_COLOUR.get(below.key, ()):
                return f"{self.name} is not built down in alternating colours"
        return None


class OwnPile(PlayerPile):
    """A penalty pile, hand or reserve pile: it belongs to player ``owner``."""

    __slots__ = ()
    BY_TOP: ClassVar[Builds | None] = None
    WHEN_EMPTY: ClassVar[Wanted] = ()

    def wanted(self) -> Wanted:
        return ()  # nothing is ever played onto a player's piles (the hand's card is a turn)

    def refusal(self, card: Card | None = None) -> str:
        """Why nothing goes here (whatever the card: ``REFUSAL``)."""
        return _(self.REFUSAL)


class Penalty(OwnPile):
    kind = PileKind.RESERVE
    noun = N_("penalty pile")
    REFUSAL = N_("No card may be put on a penalty pile.")

    def check(self, cards: list[Card], down: int) -> str | None:
        if down != max(len(cards) - 1, 0):
            return f"{self.name}: only the penalty pile's top card lies face up"
        return None


class Hand(OwnPile):
    kind = PileKind.HAND
    noun = N_("hand")
    REFUSAL = N_("No card may be put on a hand: it is only refilled from its reserve pile.")

    def check(self, cards: list[Card], down: int) -> str | None:
        return None if down == len(cards) else f"{self.name}: a hand lies face down"


class ReservePile(OwnPile):
    kind = PileKind.WASTE
    noun = N_("reserve pile")
    REFUSAL = N_("Only your hand's top card goes onto your reserve pile, by turning it.")


def first_player(card0: Card, card1: Card) -> int | None:
    """Who starts from the two drawn cards: the higher rank (Ace low); on equal ranks Clubs >
    Spades > Hearts > Diamonds; None for the same card of both packs (draw again)."""
    if card0.rank != card1.rank:
        return 0 if card0.rank > card1.rank else 1
    if card0.suit != card1.suit:
        return 0 if SUIT_ORDER.index(card0.suit) > SUIT_ORDER.index(card1.suit) else 1
    return None


class BattleSolitaire(RaceState):
    INFO = INFO
    #: said to the players as a game begins, after who starts (the duel table's opening;
    #: English, marked: shown with _)
    START_NOTE: Final = N_("Turns have no limit: the first turn can decide the game.")
    LAYOUT = race_layout(House, Penalty, Hand, ReservePile)
    ZOBRIST = zobrist_keys(0xBA77)
    VARS: ClassVar[Mapping[str, Any]] = {
        "current_player": 0,
        "turn": 0,  # turns completed
        "refilled": False,  # the player on turn has turned their reserve pile into the hand
        "idle_turns": 0,  # consecutive turns in which no card left a penalty or reserve pile
        "idle_limit": 0,  # the stalemate's limit in idle turns (race.py _end_turn; 0: none yet)
        "progress": False,  # the player on turn got a card out of their own piles this turn
        "seen": (),  # shared-pile positions since the last move that was not pile to pile
        "boundaries": (),  # digests of the positions at every turn boundary
        "draws": (),  # the cards drawn for who starts: ((player 0's, player 1's), ...)
        "outcome": None,
    }  # (status, winner, points, reason) once the game is over
    refilled: bool
    draws: tuple[tuple[str, str], ...]
    # Translators: a count beside a player's name: "penalty 13 · hand 35 · reserve pile 4"
    COUNT_WORDS = (N_("penalty"), N_("hand"), N_("reserve pile"))

    def idle_reason(self, turns: int) -> str:
        return ngettext(
            "Stalemate: for {n} turn nobody got a card out of a penalty or reserve pile.",
            "Stalemate: for {n} turns nobody got a card out of a penalty or reserve pile.",
            turns,
        ).format(n=turns)

    def _deal(self, seed: int) -> None:
        """Each pack is shuffled apart; a card is drawn from each for who starts and put back;
        then each player deals from their pack the penalty pile (13), four shared piles
        (house4p to house4p+3, left to right) and the hand (the rest)."""
        rng = Rng(seed, self.game_id)
        decks = [shuffled(pack(p), rng) for p in (0, 1)]
        draws: list[tuple[str, str]] = []
        while True:
            c0, c1 = (deck[rng.below(len(deck))] for deck in decks)
            draws.append((c0.code, c1.code))
            starter = first_player(c0, c1)
            if starter is not None:
                break
        for p, deck in enumerate(decks):
            self._deal_pack(p, deck, 13, range(4))
        self.current_player = starter
        self.draws = tuple(draws)

    # ----------------------------------------------------------------- the moves
    def _sources(self) -> list[Pile]:
        p = self.current_player
        out = [h for h in self.houses if h.cards]
        for pile in (self.reserves[p], self.wastes[p]):
            if pile.cards:
                out.append(pile)
        return out

    def _hand_moves(self) -> list[Move]:
        p = self.current_player
        hand, waste = self.hands[p], self.wastes[p]
        if hand.cards:
            return [self._move_table[hand.index][waste.index]]
        if waste.cards and not self.refilled:
            return [self._move_table[waste.index][hand.index]]
        return []

    def _generate_moves(self) -> list[Move]:
        if self.outcome:
            return []
        sources = self._sources()
        moves: list[Move] = []
        self._moves_to_foundations(sources, moves)
        building: list[Move] = []
        self._moves_onto(sources, self.houses, building)
        moves += self._drop_repeats(building)
        moves.append(PASS)
        moves += self._hand_moves()  # (last: playing "the last move" goes through the hand)
        return moves

    def turn_move(self, pile: str) -> Move | None:
        """Your hand: turn its top card onto your reserve pile, or, when it is empty, turn the
        reserve pile back into it (once per turn)."""
        if self.outcome or pile != self.hands[self.current_player].name:
            return None
        moves = self._hand_moves()
        return moves[0] if moves else None

    def end_turn_move(self) -> Move | None:
        """The turn button: the turn ends whenever the player wishes."""
        return None if self.outcome else PASS

    # ----------------------------------------------------------------- checking a move
    def _refusal(self, move: Move) -> IllegalMove | None:
        if self.outcome:
            return IllegalMove(_("The game is over."))
        if move == PASS:
            return None
        if move == STOP:
            # Translators: {game}: the game's name
            return IllegalMove(_("There are no Stop! calls in {game}.").format(game=_(self.title)))
        p = self.current_player
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        hand, waste = self.hands[p], self.wastes[p]
        if src is dst:
            return IllegalMove(_("A card can't be moved onto its own pile."))
        if src.kind is PileKind.FOUNDATION:
            return IllegalMove(_("Cards on the foundations stay there."))
        for pile, theirs in ((src, _THEIRS_FROM), (dst, _THEIRS_ONTO)):
            if isinstance(pile, OwnPile) and pile.owner != p:
                return IllegalMove(_(theirs[pile.kind]))
        if src is hand:
            if dst is not waste:
                return IllegalMove(
                    _("Your hand's top card can only be turned onto your reserve pile.")
                )
            if move.count != 1:
                return IllegalMove(_("Your hand's cards are turned one at a time."))
            if not hand.cards:
                if self.refilled or not waste.cards:
                    return IllegalMove(
                        _(
                            "Your hand is empty: your reserve pile has been turned "
                            "over into it once this turn already."
                        )
                    )
                return IllegalMove(
                    _("Your hand is empty: click it to turn your reserve pile back into it.")
                )
            return None
        if src is waste and dst is hand:
            if move.count != 1:
                return IllegalMove(_("Turning your reserve pile over into your hand is one move."))
            if hand.cards:
                return IllegalMove(
                    _("Your reserve pile turns back into your hand only when the hand is empty.")
                )
            if not waste.cards:
                return IllegalMove(_("Your reserve pile is empty."))
            if self.refilled:
                return IllegalMove(
                    _("Your reserve pile turns back into your hand only once per turn.")
                )
            return None
        if isinstance(dst, OwnPile):
            return IllegalMove(dst.refusal(None))
        if not src.cards:
            if isinstance(src, OwnPile):
                return IllegalMove(_(_NO_CARD_ON[src.kind]))
            # Translators: {n}: one of the shared piles, numbered from 1 to 8
            return IllegalMove(_("There is no card on the pile {n}.").format(n=src.index - 7))
        if move.count != 1:
            # Translators: {game}: the game's name
            return IllegalMove(
                _("Cards move one at a time: there are no movable sequences in {game}.").format(
                    game=_(self.title)
                )
            )
        card = src.cards[-1]
        if not dst.accepts(card):
            return IllegalMove(dst.refusal(card))
        if not self._drop_repeats([move]):
            return IllegalMove(
                _("That would bring the piles back to a position already seen this turn.")
            )
        return None

    # ----------------------------------------------------------------- playing a move
    def _play(self, move: Move, ops: Ops) -> None:
        p = self.current_player
        if move == PASS:
            self._end_turn(ops)
            return
        src, dst = self.pile[move.source], self.pile[move.target]
        if src is self.wastes[p] and dst is self.hands[p]:  # the reserve pile back into the hand
            self._turn_over(ops, src, dst)
            self._set_down(ops, dst, len(dst.cards))
            self._set(ops, "refilled", True)
            self._set(ops, "seen", ())
            return
        # a pile-to-pile streak recorded for the repetition rule; the next penalty card turns
        # up by itself (a hand stays face down: _move keeps down <= len)
        self._move_card(ops, src, dst)
        if src is self.reserves[p] or src is self.wastes[p]:
            self._set(ops, "progress", True)  # own cards only ever fall: always a new low
            if not self.own_cards(p):
                self._won(ops, p)

    def _end_turn(self, ops: Ops) -> None:
        self._set(ops, "refilled", False)  # (the refill is once per turn)
        super()._end_turn(ops)

    # ----------------------------------------------------------------- the table
    def opening(self, names: Sequence[str]) -> str:
        """Who starts and why, in words, with the seats named by ``names`` ("you",
        "the computer", "player 2")."""
        first = names[self.current_player]
        if is_you(first):
            starts = _("you start.")
        else:
            # Translators: {name}: a seat in a sentence ("the computer", "player 2")
            starts = _("{name} starts.").format(name=first)
        if not self.draws:
            return capital(starts)
        n0, n1 = names[0], names[1]
        drew = _DREW_YOU0 if is_you(n0) else _DREW_YOU1 if is_you(n1) else _DREW
        text = starts
        for pair in reversed(self.draws):  # the last draw decides: the ties before it wrap it
            c0, c1 = (Card.parse(code) for code in pair)
            if c0.key == c1.key:
                # Translators: who starts: the players drew the same card ({card}, as a card
                # that is moved), so they drew again; {rest}: what came next
                text = _("both drew {card}, so again; {rest}").format(
                    card=c0.words("object"), rest=text
                )
            else:
                text = _(drew[self.current_player]).format(
                    n0=n0, c0=c0.words("object"), n1=n1, c1=c1.words("object")
                )
        return capital(text)

    def _var_from_json(self, name: str, value: Any) -> Any:
        if name == "draws":
            if not isinstance(value, list) or not all(
                isinstance(pair, list)
                and len(pair) == 2
                and all(isinstance(c, str) and len(c) == 3 for c in pair)
                for pair in value
            ):
                raise ValueError("draws must be a list of pairs of card codes")
            for pair in value:
                for code in pair:
                    Card.parse(code)
            return tuple(tuple(pair) for pair in value)
        return super()._var_from_json(name, value)

    def _var_to_json(self, name: str, value: Any) -> Any:
        if name == "draws":
            return [list(pair) for pair in value]
        return super()._var_to_json(name, value)


#: refusals of a move from or onto the opponent's own pile, by its kind
_THEIRS_FROM: Final[Mapping[PileKind, str]] = {
    PileKind.RESERVE: N_("That is your opponent's penalty pile: nothing is ever taken from it."),
    PileKind.HAND: N_("That is your opponent's hand: nothing is ever taken from it."),
    PileKind.WASTE: N_("That is your opponent's reserve pile: nothing is ever taken from it."),
}
_THEIRS_ONTO: Final[Mapping[PileKind, str]] = {
    PileKind.RESERVE: N_("That is your opponent's penalty pile: nothing is ever put on it."),
    PileKind.HAND: N_("That is your opponent's hand: nothing is ever put on it."),
    PileKind.WASTE: N_("That is your opponent's reserve pile: nothing is ever put on it."),
}
#: who starts (opening()): what each drew, by who starts (player 0, player 1); the person
#: at this screen drew first, second, or is not in the game
_DREW_YOU0 = (
    # Translators: who starts: what each player drew; {c0}, {c1}: cards, as cards that are
    # moved; {n0}, {n1}: seats in a sentence ("the computer", "player 2")
    N_("you drew {c0}, {n1} {c1}: you start."),
    N_("you drew {c0}, {n1} {c1}: {n1} starts."),
)
_DREW_YOU1 = (
    N_("{n0} drew {c0}, you {c1}: {n0} starts."),
    N_("{n0} drew {c0}, you {c1}: you start."),
)
_DREW = (
    N_("{n0} drew {c0}, {n1} {c1}: {n0} starts."),
    N_("{n0} drew {c0}, {n1} {c1}: {n1} starts."),
)
#: the refusal of a move from an empty pile of the player's own, by its kind
_NO_CARD_ON: Final[Mapping[PileKind, str]] = {
    PileKind.RESERVE: N_("There is no card on your penalty pile."),
    PileKind.HAND: N_("There is no card on your hand."),
    PileKind.WASTE: N_("There is no card on your reserve pile."),
}


GAME = BattleSolitaire
