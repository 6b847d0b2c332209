"""Russian Bank: the rules are game/core/rules/russian-bank.md (numbered as the tests; the
Rules screen shows them).

Modes (rule 4): "strict" never allows a priority-breaking move; "stop" (default) lets one be
played with ``push(move, breach=True)`` (exactly the moves ``breach_moves()`` offers); the
opponent may then ``call_stop()`` before the offender's next action: the move is taken back, the
compulsory move is made, and the offender's turn ends. ``pop()`` of a right call undoes the call
alone: the position is exactly the one right after the breach, open to a call again (as if the
call had not been made); a second ``pop()`` takes the breach back. With option ``wrong_call``
"turn" a wrong call costs the caller a turn (``lost_turns``) and is a move of the history
(``stop``); with "free" it changes nothing and is not recorded. (Saves keep their options: one
made when "free" was the default says so and plays on that way.)

The stalemate (rule 15): lows only fall, the limit is bounded, and every turn is finite, so
every game ends. Who starts and why: opening.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Final

from game.core.calls import Breach, CallCost, StopCall
from game.core.cards import Card, Rng, pack, shuffled
from game.core.games.russian_bank.opening import first_player, who_starts
from game.core.history import Ops
from game.core.info import GameInfo, Option, TableKind, match_to
from game.core.kinds import PileKind
from game.core.language import N_, _, pgettext
from game.core.moves import PASS, STOP, IllegalMove, Move
from game.core.piles import ONE_UP_OR_DOWN_IN_SUIT, Builds, Pile, Wanted
from game.core.race import House as RaceHouse
from game.core.race import PlayerPile, RaceState, race_layout, zobrist_keys


class Mode(StrEnum):
    """Option ``mode`` (rule 4): how the priorities are kept."""

    STOP = "stop"  # a breach may be played; the opponent may call Stop! on it
    STRICT = "strict"  # no priority is ever broken


class WrongCall(StrEnum):
    """Option ``wrong_call``: what a wrong Stop! call costs the caller."""

    TURN = "turn"  # a turn
    FREE = "free"  # nothing


class Priority(StrEnum):
    """The priority rules (rule 9), as the rules letter them: a breach names one."""

    A = "a"  # the reserve card that fits a foundation goes there first
    B = "b"  # then any card that fits a foundation
    C = "c"  # an empty house is filled from the reserve before a hand card is turned


INFO = GameInfo(
    id="russian-bank",
    # Translators: a game's name
    title=N_("Russian Bank"),
    blurb=N_("Race the computer to empty your piles."),
    players=(2,),
    option_list=(
        Option(
            "mode",
            Mode.STOP,
            tuple(Mode),
            # Translators: options in Settings: a label, then its choices (keep them short)
            N_("Russian Bank priorities"),
            (N_("STOP! mode"), N_("Strict")),
        ),
        Option.flag("own_waste_playable", N_("Own waste playable"), (N_("No"), N_("Yes"))),
        Option("reserve_size", 13, (13, 12, 11), N_("Reserve size")),
        Option(
            "wrong_call",
            WrongCall.TURN,
            tuple(WrongCall),
            N_("A wrong Stop! call"),
            (N_("Costs the caller a turn"), N_("Costs nothing")),
        ),
    ),
    table=TableKind.DUEL,
    match=match_to(300, (100, 300, 500)),
)


class House(RaceHouse):
    def check(self, cards: list[Card], down: int) -> str | None:
        return super().check(cards, down) or (
            f"{self.name} holds more than 13 cards" if len(cards) > 13 else None
        )


class LoadablePile(PlayerPile):
    """The opponent may load it: same suit, one rank higher or lower, never when empty. A
    pile of this kind says its own refusals (``OWN``, ``EMPTY``: marked, English)."""

    rule = N_("loading takes the same suit, one rank higher or lower")
    OWN: ClassVar[str] = ""
    EMPTY: ClassVar[str] = ""
    BY_TOP: ClassVar[Builds | None] = None  # it depends on whose turn it is

    def wanted(self) -> Wanted:
        if self.owner == self.game.current_player or not self.cards:
            return ()
        return ONE_UP_OR_DOWN_IN_SUIT[self.cards[-1].key]

    def refusal(self, card: Card) -> str:
        if self.owner == self.game.current_player:
            return _(self.OWN)
        if not self.cards:
            return _(self.EMPTY)
        return super().refusal(card)


class Reserve(LoadablePile):
    kind = PileKind.RESERVE
    noun = N_("reserve")
    OWN = N_("You can't play onto your own reserve.")
    EMPTY = N_("You can't load an empty reserve.")

    def check(self, cards: list[Card], down: int) -> str | None:
        # cards loaded onto a reserve lie face up on its top card
        ok = down < len(cards) or down == 0
        return None if ok else f"{self.name}: the reserve's top card must lie face up"


class Waste(LoadablePile):
    kind = PileKind.WASTE
    noun = N_("waste")
    OWN = N_("You can't play onto your own waste.")
    EMPTY = N_("You can't load an empty waste.")


class Hand(PlayerPile):
    kind = PileKind.HAND
    noun = N_("hand")
    REFUSAL = N_("No card may be played onto a hand.")

    def check(self, cards: list[Card], down: int) -> str | None:
        ok = down in (len(cards), len(cards) - 1)
        return None if ok else f"{self.name}: only the hand's top card may lie face up"


class RussianBank(RaceState):
    INFO = INFO
    WIN_BONUS = 30  # decision 14: 30 and the loser's cards
    LAYOUT = race_layout(House, Reserve, Hand, Waste)
    ZOBRIST = zobrist_keys(0x2A4B)
    VARS: ClassVar[Mapping[str, Any]] = {
        "current_player": 0,
        "turn": 0,  # turns completed
        "idle_turns": 0,  # consecutive turns in which no card left a reserve, hand or waste
        "idle_limit": 0,  # the stalemate's limit in idle turns (race.py _end_turn; 0: none yet)
        "progress": False,  # the player on turn got rid of a card for good this turn
        "lows": None,  # per player, the fewest reserve + hand + waste cards so far
        "seen": (),  # house positions since the last move that was not house to house
        "boundaries": (),  # digests of the positions at every turn boundary
        "lost_turns": (0, 0),  # per player, turns they will miss (wrong calls' price)
        "outcome": None,
    }  # (status, winner, points, reason) once the game is over

    def _deal(self, seed: int) -> None:
        """Each pack is shuffled; from it its owner deals the reserve, then four houses (the one
        furthest away first), then the hand. Player p's houses are house4p (next to the reserve)
        to house4p+3."""
        rng = Rng(seed, self.game_id)
        size = self.options["reserve_size"]
        for p in (0, 1):
            self._deal_pack(p, shuffled(pack(p), rng), size, (3, 2, 1, 0))
        self.lows = (self.own_cards(0), self.own_cards(1))
        self.current_player = first_player(*self.opening_cards())

    # ----------------------------------------------------------------- what is available
    def _sources(self) -> list[Pile]:
        p = self.current_player
        out = [h for h in self.houses if h.cards]
        if self.reserves[p].cards:
            out.append(self.reserves[p])
        hand = self.hands[p]
        if hand.down < len(hand.cards):
            out.append(hand)
        if self.options["own_waste_playable"] and self.wastes[p].cards:
            out.append(self.wastes[p])
        return out

    def _foundation_moves(self, sources: list[Pile]) -> list[Move]:
        """Priorities (a) and (b): if the reserve card fits a foundation, only that; else every
        available card that fits one."""
        moves: list[Move] = []
        self._moves_to_foundations(sources, moves)
        reserve = self.reserves[self.current_player].name
        return [m for m in moves if m.source == reserve] or moves

    def _must_fill_houses(self) -> bool:
        """Priority (c): reserve cards left and an empty house."""
        return bool(self.reserves[self.current_player].cards) and not all(
            h.cards for h in self.houses
        )

    def _building_moves(self, sources: list[Pile]) -> list[Move]:
        """Moves to houses and loads that the building rules and the repetition rule allow."""
        p = self.current_player
        moves: list[Move] = []
        self._moves_onto(sources, [*self.houses, self.reserves[1 - p], self.wastes[1 - p]], moves)
        return self._drop_repeats(moves)

    def _hand_moves(self) -> list[Move]:
        p = self.current_player
        hand = self.hands[p]
        if hand.down < len(hand.cards):
            return [self._move_table[hand.index][self.wastes[p].index]]
        if hand.cards or self.wastes[p].cards:
            return [self._move_table[hand.index][hand.index]]
        return []

    def _generate_moves(self) -> list[Move]:
        if self.outcome:
            return []
        sources = self._sources()
        moves = self._foundation_moves(sources)
        if moves:
            return moves
        moves = self._building_moves(sources)
        turn = self._hand_moves()
        if turn and not (turn[0].source == turn[0].target and self._must_fill_houses()):
            moves += turn
        if not turn:  # no hand and no waste: the turn ends when the player wishes (rule 8)
            moves.append(PASS)
        return moves

    def turn_move(self, pile: str) -> Move | None:
        """Your hand, while its top card is face down (or it is empty and the waste will be
        turned over into it)."""
        hand = self.hands[self.current_player]
        if pile == hand.name and hand.down == len(hand.cards):
            return self._move_table[hand.index][hand.index]
        return None

    def end_turn_move(self) -> Move | None:
        """Your turned-up hand card onto your waste, or a pass when you have neither."""
        if self.outcome:
            return None
        p = self.current_player
        hand = self.hands[p]
        if hand.down < len(hand.cards):
            return self._move_table[hand.index][self.wastes[p].index]
        if PASS in self.legal_moves():
            return PASS
        return None

    def breach_moves(self) -> list[Move]:
        """STOP! mode: moves the building rules allow that break a priority rule."""
        if self.outcome or self.options["mode"] != Mode.STOP:
            return []
        sources = self._sources()
        everything: list[Move] = []
        self._moves_to_foundations(sources, everything)
        everything += self._building_moves(sources) + (self._hand_moves() or [PASS])
        legal = set(self.legal_moves())
        return [m for m in everything if m not in legal]

    # ----------------------------------------------------------------- checking a move
    def _refusal(self, move: Move) -> IllegalMove | None:
        if self.outcome:
            return IllegalMove(_("The game is over."))
        if move == PASS:
            p = self.current_player
            if self.hands[p].cards or self.wastes[p].cards:
                return IllegalMove(
                    _(
                        "With cards in your hand or waste, your turn ends when your "
                        "turned-up hand card goes on your waste."
                    )
                )
            return self._priority(move, None, None)
        if move == STOP:
            return IllegalMove("Stop! is called with call_stop(), not played as a move.")
        p = self.current_player
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        hand, waste = self.hands[p], self.wastes[p]
        turned = hand.down < len(hand.cards)
        if move.count != 1 and (src is dst or src is hand):
            return IllegalMove(_("Cards move one at a time."))
        if src is dst:
            if src is not hand:
                return IllegalMove(_("Only your own hand card can be turned up."))
            if turned:
                return IllegalMove(
                    _(
                        "Your hand card is already turned up: play it, or put it "
                        "on your waste to end your turn."
                    )
                )
            if not hand.cards and not waste.cards:
                return IllegalMove(_("You have no cards left in your hand or waste to turn."))
        elif src is hand and dst is waste:
            if not turned:
                return IllegalMove(_("Turn up your hand card first."))
        else:
            error = self._availability(move, src, dst, p, turned)
            if error:
                return IllegalMove(error)
        return self._priority(move, src, dst)

    def _availability(self, move: Move, src: Pile, dst: Pile, p: int, turned: bool) -> str | None:
        """The building rules for a card moving from src to dst."""
        if src.kind is PileKind.FOUNDATION:
            return _("Cards on the foundations stay there.")
        if isinstance(src, PlayerPile) and src.owner != p:
            return _(_THEIRS[src.kind])
        if src.kind is PileKind.WASTE and not self.options["own_waste_playable"]:
            return _("The cards on your waste can't be played.")
        if src.kind is PileKind.HAND and not turned:
            return _("Your hand card is face down: click your hand to turn it up.")
        if not src.cards:
            return _(_NO_CARD_ON[src.kind]).format(n=p + 1)
        if move.count != 1:
            return _("Cards move one at a time.")
        if dst is self.wastes[p]:
            return _("Only your turned-up hand card may go on your waste, and that ends your turn.")
        card = src.cards[-1]
        if not dst.accepts(card):
            return dst.refusal(card)
        if not self._drop_repeats([move]):
            return _("That would bring the table back to a position already seen this turn.")
        return None

    def _priority(self, move: Move, src: Pile | None, dst: Pile | None) -> IllegalMove | None:
        """Which priority rule the move would break, if any (src and dst are None for a pass)."""
        p = self.current_player
        forced = self._foundation_moves(self._sources())
        if not forced:
            if src is dst is not None and self._must_fill_houses():
                return IllegalMove(
                    _(
                        "Priority: fill the empty house from your reserve before turning a "
                        "hand card."
                    ),
                    Priority.C,
                )
            return None
        card = self.pile[forced[0].source].cards[-1]
        to_foundation = dst is not None and dst.kind is PileKind.FOUNDATION
        if forced[0].source == self.reserves[p].name:
            if not (src is self.reserves[p] and to_foundation):
                # Translators: {card}: a card, as the subject of a sentence
                return IllegalMove(
                    _(
                        "Priority: your reserve card, {card}, must go to a "
                        "foundation before any other move."
                    ).format(card=card.words("the")),
                    Priority.A,
                )
        elif not to_foundation:
            # Translators: {card}: a card, as the subject of a sentence
            return IllegalMove(
                _("Priority: {card} must go to a foundation before any other move.").format(
                    card=card.words("the")
                ),
                Priority.B,
            )
        return None

    # ----------------------------------------------------------------- playing a move
    # push (state.py): with ``breach=True`` in STOP! mode, a move of breach_moves() (it obeys the
    # building rules but breaks a priority rule) is played too, and ``self.breach`` says which.
    def _breach_of(self, move: Move) -> Breach:
        error = self._refusal(move)
        if error is None or not error.priority:  # never: breach_moves() and _refusal agree
            raise error or IllegalMove("That move breaks no priority rule.")
        return Breach(
            error.priority, str(error), move, self._compulsory(error.priority), self.current_player
        )

    def _compulsory(self, rule: str) -> Move:
        if rule == Priority.C:
            house = next(h for h in self.houses if not h.cards)
            return Move(self.reserves[self.current_player].name, house.name)
        return self._foundation_moves(self._sources())[0]

    def _play(self, move: Move, ops: Ops) -> None:
        p = self.current_player
        if move == PASS:
            self._end_turn(ops)
            return
        src, dst = self.pile[move.source], self.pile[move.target]
        if src is dst:  # turn up the hand card; an empty hand is first refilled from the waste
            if not src.cards:
                self._turn_over(ops, self.wastes[p], src)
            self._set_down(ops, src, len(src.cards) - 1)
            self._set(ops, "seen", ())
            return
        self._move_card(ops, src, dst)
        if isinstance(src, PlayerPile) and dst is not self.wastes[p]:
            self._note_progress(ops, p)
        if dst is self.wastes[p]:
            self._end_turn(ops)
        elif not self.own_cards(p):
            self._won(ops, p)

    def _complete_vars(self) -> None:
        if self.lows is None:
            self.lows = (self.own_cards(0), self.own_cards(1))

    # ----------------------------------------------------------------- Stop!
    @property
    def calls_allowed(self) -> bool:
        """Stop! exists in STOP! mode only: in strict mode no priority can be broken."""
        return bool(self.options["mode"] == Mode.STOP)

    def call_stop(self) -> StopCall:
        """The opponent of the last mover calls Stop!. A right call takes the move back, makes
        the compulsory move and ends the offender's turn, as one history entry (``stop``) whose
        ``pop()`` returns exactly to the position after the breach. A wrong call changes
        nothing and is not recorded, unless option ``wrong_call`` is "turn": then the caller
        misses a turn (the one just beginning if the call came at its start, else their next),
        recorded as a ``stop`` entry (popping it takes the price back)."""
        found = self.breach
        if found is None:
            return self._wrong_call()
        entry, ops = self._take_back_for_call()
        self._play(found.compulsory, ops)
        if not self.outcome:
            self._end_turn(ops)
        self._record_call(ops, entry, self._legal)
        played = self.pile[found.compulsory.target].cards[-1]
        if self.pile[found.compulsory.target].kind is PileKind.FOUNDATION:
            # Translators: {reason}: the priority broken, a sentence; {card}: a card, the
            # subject
            text = _(
                "Stop! {reason} The move is taken back, {card} is played to a foundation "
                "instead, and the turn passes."
            )
        else:
            # Translators: {reason}: the priority broken, a sentence; {card}: a card, the
            # subject
            text = _(
                "Stop! {reason} The move is taken back, {card} is played to the empty "
                "house instead, and the turn passes."
            )
        return StopCall(True, text.format(reason=found.reason, card=played.words("the")), found)

    def call_price(self) -> str:
        if self.options["wrong_call"] == WrongCall.TURN and self.calls_allowed:
            return pgettext(
                "what a wrong Stop! call costs: a wrong call costs you a turn", "a turn"
            )
        return ""

    def _wrong_call(self) -> StopCall:
        """A call on a move that broke no priority: free, or (option ``wrong_call`` "turn")
        the caller, the opponent of the last mover, misses a turn."""
        mover = self.last_mover()
        if (
            self.options["wrong_call"] == WrongCall.FREE
            or self.options["mode"] != Mode.STOP
            or mover is None
            or self.outcome
        ):
            return StopCall(False, _("Wrong call: the last move broke no priority rule."))
        caller = 1 - mover
        ops: Ops = []
        if caller == self.current_player:  # the call came at the start of the caller's turn
            self._end_turn(ops)
            cost, words = (
                CallCost.TURN,
                _("Wrong call: the last move broke no priority rule. Player {n}'s turn ends."),
            )
        else:  # each wrong call costs a turn: the caller's next turns are missed, one by one
            lost = list(self.lost_turns)
            lost[caller] += 1
            self._set(ops, "lost_turns", tuple(lost))
            cost, words = (
                CallCost.NEXT_TURN,
                _(
                    "Wrong call: the last move broke no priority rule. "
                    "Player {n} misses their next turn."
                ),
            )
        self._record_call(ops, None, self._legal)
        return StopCall(False, words.format(n=caller + 1), cost=cost)

    # ----------------------------------------------------------------- the table
    def opening(self, names: Sequence[str]) -> str:
        """Who starts and why, in words, read from the deal (the lower top reserve card; on a
        tie the houses), the seats named by ``names`` ("you", "the computer", "player 2")."""
        dealt = type(self).deal(self.seed, **self.options) if self.seed is not None else self
        assert isinstance(dealt, RussianBank)
        return who_starts(*dealt.opening_cards(), names)

    def opening_cards(self) -> tuple[list[Card], list[list[Card]]]:
        """The cards that decide who starts: the top reserve cards, and each player's houses
        from the one next to the reserve outwards."""
        return (
            [r.cards[-1] for r in self.reserves],
            [[h.cards[-1] for h in self.houses[4 * p : 4 * p + 4]] for p in (0, 1)],
        )


#: refusals of a move from the opponent's pile, by its kind
_THEIRS: Final[Mapping[PileKind, str]] = {
    PileKind.RESERVE: N_("That is your opponent's reserve: you may only load cards onto it."),
    PileKind.HAND: N_("That is your opponent's hand: you may only load cards onto it."),
    PileKind.WASTE: N_("That is your opponent's waste: you may only load cards onto it."),
}
#: the refusal of a move from an empty pile of the player on turn ({n}) or a house, by its kind
_NO_CARD_ON: Final[Mapping[PileKind, str]] = {
    PileKind.HOUSE: N_("There is no card on that house."),
    PileKind.RESERVE: N_("There is no card on player {n}'s reserve."),
    PileKind.HAND: N_("There is no card on player {n}'s hand."),
    PileKind.WASTE: N_("There is no card on player {n}'s waste."),
}


GAME = RussianBank
