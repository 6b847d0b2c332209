"""The chrome of a table where players take turns ("duel" in a game's description), such as
Russian Bank: a side panel with whose turn it is (loudly, by name), the card counts, the match
score, Stop!, End turn, Undo/Redo, the computer's pace, New game and Menu; a banner when a
Stop! call catches a slip; the end screen with the match.

Each seat is a person or the computer (Session.seats): one person against the computer ("you"
and "the computer"), two people at one screen, or the computer against itself to watch.

What a game may add: ``counts(seat)`` (printed as "name n" in its own order), ``opening(names)``
(who starts and why, in words; Russian Bank's default sentence otherwise), a ``noun`` on its
pile classes (the word the move log uses, else the pile's kind), and in its layout a
"turn_button" rect: then End turn is a big button on the table there, naming whose turn it is
and pointing at their side (the manual's turn button in Battle solitaire).
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import pygame

from game.core.calls import CallCost
from game.core.kinds import PileKind, pile_kind
from game.core.language import N_, NP_, _, capital, ngettext, pgettext
from game.core.result import Status
from game.session import describe
from game.ui import theme
from game.ui.board.move_words import pile_phrase
from game.ui.board.places import Layout, seated
from game.ui.canvas import CANVAS
from game.ui.table.messages import MessageKind
from game.ui.turns.turns_chrome import TurnsChrome, TurnsState
from game.ui.widgets import Button

NAME_SIZE = 26  # the seats' names beside their piles (on a phone held sideways: larger)

#: the tip when an empty hand is refilled from a pile, by the game's word for the pile
TURN_BACK_TIPS = {
    "waste": NP_(
        "the tip of the side panel: turn your ... back into your hand",
        "Click your empty hand to turn your waste back into it.",
    ),
    "reserve pile": NP_(
        "the tip of the side panel: turn your ... back into your hand",
        "Click your empty hand to turn your reserve pile back into it.",
    ),
}

# Translators: how to play at a duel's table, shown under the rules (Markdown: "# " a heading)
CONTROLS = N_(
    "# Playing with mouse, finger or keys\n"
    "Drag a card to move it, or click (tap) it and then click where it should go. Places "
    "where it may go light up. Double-click (double-tap) a card to send it to a "
    "foundation. Click your hand to turn up its card. A refused move goes back and the "
    "line at the bottom says why.\n"
    "Keys: arrows or Tab choose a pile, Enter or Space picks up its card and puts it down "
    "on the chosen pile, F sends it to a foundation, Esc cancels (or goes back to the "
    "menu). Ctrl+Z or U undo, Ctrl+Y redo. T turns your hand card, E ends your turn, X "
    "calls Stop!, H asks for a hint (what the Hard computer player would do), + and - "
    "change the computer's pace, N starts a new game, M turns sound on or off."
)


def priority_words(reason: str) -> str:
    """A priority's refusal ("Priority: the Ten of hearts must go to a foundation before any
    other move.") without its first word, as the panel says it."""
    # Translators: how a refusal for a broken priority begins, exactly as in those refusals
    # ("Priority: {card} must go to a foundation before any other move."): it is taken off
    return reason.removeprefix(pgettext("a refusal's beginning", "Priority: "))


class DuelState(TurnsState, Protocol):
    """What a duel's game gives its chrome (the module docstring)."""

    def opening(self, names: list[str]) -> str:
        """Who starts and why, in words (``names``: the seats in a sentence)."""
        ...


class SidePanel(TurnsChrome):
    """The duel's side panel (what it shares with the round table: players.TurnsChrome)."""

    controls = CONTROLS
    unseated_match = True  # Russian Bank's match was saved without its seats, once
    misses_turns = True  # a wrong Stop! call may cost the caller a turn (``wrong_call``)
    name_size = NAME_SIZE

    @property
    def turns_state(self) -> DuelState:
        return cast(DuelState, self.session.state)

    def can_end_turn(self) -> bool:
        """Only when ending the turn is allowed now (never a priority slip invited)."""
        state = self.session.state
        move = state.end_turn_move()
        return self.table.accepting_input() and move is not None and move in state.legal_moves()

    # ------------------------------------------------------------------ the frame
    def started(self) -> None:
        self.banner = None
        s = self.session
        first = self._turn_seat = s.to_move
        # who starts and why is the game's to say (Russian Bank: the lower top reserve card,
        # the houses on a tie; Battle solitaire: the cards drawn)
        text = self.turns_state.opening([self.name(seat) for seat in range(len(s.seats))])
        if self.is_you(first):
            # what to do first is the tip's: a move allowed now (an Ace dealt to a house must
            # go home before the hand is touched)
            text = f"{text} {self.tip()}".strip()
        # what the game wants said as it begins (Battle solitaire: the first turn can decide it)
        note = getattr(s.state, "START_NOTE", "")  # (a game that has one: Battle solitaire)
        self.table.say(f"{text} {_(note) if note else ''}".strip(), MessageKind.INFO)

    def passed(self, seat: int) -> None:
        if self.is_you(seat):
            text = _("You have no card to play and nothing to turn: you pass.")
        else:
            # Translators: {name} is a player: "the computer", "player 2"
            text = capital(
                _("{name} has no card to play and nothing to turn: {name} passes.").format(
                    name=self.name(seat)
                )
            )
        self.table.say(text, MessageKind.INFO)

    def call_words(self, call: Any, caller: int | None, called: int, state: Any) -> str:
        """A Stop! call in the log, said of the position after it (``state``)."""
        if call.right:
            b = call.breach
            card = state.pile[b.compulsory.target].top
            home = pile_kind(b.compulsory.target) == PileKind.FOUNDATION
            you = self.is_you(called)
            if you and home:
                # Translators: the move log, after who called (the same for the next three):
                # {reason} is the priority broken ("the Ten of hearts must go to a foundation
                # before any other move"), {card} the card played instead ("the Ten of
                # hearts"), {name} a player ("the computer", "player 2")
                text = _(
                    "called Stop! on your move ({reason}): taken back, {card} to a "
                    "foundation instead, and the turn ends"
                )
            elif you:
                text = _(
                    "called Stop! on your move ({reason}): taken back, {card} to the empty "
                    "house instead, and the turn ends"
                )
            elif home:
                text = _(
                    "called Stop! on {name}'s move ({reason}): taken back, {card} to a "
                    "foundation instead, and the turn ends"
                )
            else:
                text = _(
                    "called Stop! on {name}'s move ({reason}): taken back, {card} to the "
                    "empty house instead, and the turn ends"
                )
            return text.format(
                reason=priority_words(b.reason).rstrip("."),
                card=card.words("object") if card else _("the card"),
                name=self.name(called),
            )
        if call.cost == CallCost.TURN:
            # Translators: the move log, after who called
            return _("called Stop! wrongly (no priority broken): the turn ends")
        if call.cost == CallCost.NEXT_TURN:
            return _("called Stop! wrongly (no priority broken): the next turn is missed")
        return _("called Stop! wrongly (no priority broken): no cost")

    def again_text(self, seat: int) -> str:
        """The same seat plays again: the other missed its turn for a wrong Stop! call."""
        other = self.name(1 - seat) if len(self.session.seats) == 2 else _("the other player")
        # Translators: {name}, {other}: players ("the computer", "player 2")
        if self.is_you(seat):
            return _("Your turn again: {other} misses a turn for a wrong Stop! call.").format(
                other=other
            )
        if len(self.session.seats) == 2 and self.is_you(1 - seat):
            return capital(
                _("{name} plays again: you miss this turn for your wrong Stop! call.").format(
                    name=self.name(seat)
                )
            )
        return capital(
            _("{name} plays again: {other} misses a turn.").format(
                name=self.name(seat), other=other
            )
        )

    def wrong_call_text(self, call: Any, caller: int) -> str:
        """A wrong Stop! call in words, with its price (option ``wrong_call``) for the caller."""
        name, you = self.name(caller), self.is_you(caller)
        wrong = _("Wrong call: the last move broke no priority rule.")
        if call.cost == CallCost.TURN:
            # Translators: after "Wrong call: the last move broke no priority rule."
            price = (
                _("Your turn ends.")
                if you
                else capital(
                    # Translators: after "Wrong call: ..."; {name} is a player ("the computer")
                    _("{name}'s turn ends.").format(name=name)
                )
            )
        elif call.cost == CallCost.NEXT_TURN:
            price = (
                _("You miss your next turn.")
                if you
                else capital(_("{name} misses their next turn.").format(name=name))
            )
        else:
            return wrong
        return f"{wrong} {price}"

    def call_text(self, call: Any, offender: int) -> str:
        """What a right Stop! call did, in words (the core's message uses move notation)."""
        b = call.breach
        reason = capital(priority_words(b.reason))
        card = self.session.state.pile[b.compulsory.target].top
        home = pile_kind(b.compulsory.target) == PileKind.FOUNDATION  # else an empty house (Russian
        # Bank's priorities: a card to a foundation, a house filled from the reserve)
        # Translators: after the priority broken; {card} is the card played instead, as the
        # subject ("the Ten of hearts"), {name} a player ("the computer", "player 2")
        if self.is_you(offender):
            rest = (
                _(
                    "Your move is taken back, {card} is played to that foundation instead, "
                    "and your turn ends."
                )
                if home
                else _(
                    "Your move is taken back, {card} is played to that house instead, and "
                    "your turn ends."
                )
            )
        else:
            rest = (
                _(
                    "{name}'s move is taken back, {card} is played to that foundation "
                    "instead, and {name}'s turn ends."
                )
                if home
                else _(
                    "{name}'s move is taken back, {card} is played to that house instead, "
                    "and {name}'s turn ends."
                )
            )
        rest = capital(
            rest.format(card=card.words("the") if card else _("the card"), name=self.name(offender))
        )
        return f"{reason} {rest}"

    def end_words(self, result: Any) -> tuple[str, list[str]]:
        """The end screen's title and first lines: who won and why, who scores."""
        if result.status == Status.WON:
            title = self.play.winner_title(result)
            reason = (
                _("You have played every card.")
                if self.is_you(result.winner)
                # Translators: the end screen; {name} is a player ("the computer")
                else capital(
                    _("{name} has played every card.").format(name=self.name(result.winner))
                )
            )
        else:
            # Translators: the end screen's title: nobody can win any more
            title, reason = _("Stalemate"), result.reason
        n = result.points
        if result.winner is None:
            points = _("Nobody scores.")
        elif self.is_you(result.winner):
            points = ngettext("You score {n} points.", "You score {n} points.", n).format(n=n)
        else:
            # Translators: the end screen; {name} is a player ("the computer", "player 2")
            points = capital(
                ngettext("{name} scores {n} points.", "{name} scores {n} points.", n).format(
                    name=self.name(result.winner), n=n
                )
            )
        return title, [reason, points]

    # ------------------------------------------------------------------ drawing
    def name_lines(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        names = self.table.layout.seat_names
        if seat >= len(names):
            return []
        text = self.title(seat)
        size = theme.font(CANVAS.label(NAME_SIZE), True).size(text)
        return [(text, pygame.Rect(names[seat], size))]

    def seen_from(self, layout: Layout, seat: int) -> Layout:
        """Each seat's own piles and name where the first seat's are, the others' turned
        round with them (the shared piles stay)."""
        return seated(layout, seat, len(self.session.seats))

    def deal_line(self) -> str:
        return " · ".join([super().deal_line(), describe(self.session.seats)])

    def headline(self) -> list[str]:
        """The table's first rule option in words (Russian Bank: STOP! mode or Strict)."""
        options = self.table.info.option_list
        if not options:
            return []
        value = self.session.state.options[options[0].name]
        return [_(dict(options[0].labelled())[value])]

    def tip(self) -> str:
        """What to do next, always a move the rules allow now: where a priority makes a move
        compulsory, the rules' own sentence saying which and why (in STOP! mode too, where the
        slip could be played: the tip never invites it)."""
        s = self.session
        if not self.table.accepting_input():
            price = s.state.call_price()  # while the other plays: what a wrong call costs
            if not (price and self.can_call_stop()):
                return ""
            # Translators: the side panel's tip; {price} is what a wrong call costs ("a turn")
            return _("Stop! only on a broken priority: a wrong call costs you {price}.").format(
                price=price
            )
        state = s.state
        hand = state.pile[f"hand{s.to_move}"]
        natural = None  # the move the player would make next: turn the hand card, end the turn
        if hand.cards and hand.down == len(hand.cards):
            natural = state.turn_move(hand.name)
        elif hand.down < len(hand.cards):
            natural = state.end_turn_move()
        if natural is not None and natural not in state.legal_moves():
            return capital(priority_words(state.why_illegal(natural) or ""))
        if hand.cards and hand.down == len(hand.cards):
            return _("Click your hand to turn up a card.")
        if hand.down < len(hand.cards):
            return _("Play on, then put the hand card on your waste to end your turn.")
        turn = s.state.turn_move(hand.name)
        if turn is not None and turn.source != hand.name:  # a pile turns back into the hand
            noun = s.state.pile[turn.source].noun
            # Translators: a pile without a phrase of its own; {pile} is its word
            return pile_phrase(
                TURN_BACK_TIPS, noun, _("Click your empty hand to turn your {pile} back into it.")
            )
        if self.turn_button is not None:
            return _("Press the turn button when you can't (or don't want to) move any more.")
        return ""

    def draw_turn_button(self, screen: pygame.Surface, button: Button) -> None:
        """The turn button on the table: whose turn it is, a red arrow tip at their side, and
        what pressing it does."""
        s = self.session
        if s.is_over():
            title, note = pgettext("the turn button", "Game over"), ""
        else:
            seat = s.to_move
            title = self.title(seat)
            # Translators: the turn button's words under whose turn it is ("Computer", then
            # "is thinking..."): short
            if button.enabled:
                note = pgettext("the turn button", "press to end the turn")
            elif not s.is_local(seat):
                note = (
                    pgettext("the turn button", "is thinking...")
                    if s.thinking
                    else pgettext("the turn button", "is playing")
                )
            else:
                note = ""
            seats = self.table.layout.seat_names
            if seat < len(seats):  # the arrow points at the side of the player on turn
                tip = arrow_tip(button.rect, seats[seat])
                pygame.draw.polygon(screen, (205, 40, 35), tip)
                pygame.draw.polygon(screen, (255, 190, 170), tip, 2)
        ink = theme.INK if button.enabled else theme.INK_DIM
        rect = button.rect
        if CANVAS.portrait or CANVAS.rail:  # the words larger, the note wrapped within the
            size = 36 if CANVAS.portrait else 32  # button (sideways: 12.5 CSS px)
            lines = [title, *theme.wrap(note, size, rect.w - 16)] if note else [title]
            step = theme.font(size).get_height()
            y = rect.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                at = (rect.centerx, y + i * step)
                theme.blit_text(screen, line, at, size, ink, bold=i == 0, anchor="midtop")
            return
        at = (rect.centerx, rect.y + (10 if note else 22))
        theme.blit_text(screen, title, at, 32, ink, bold=True, anchor="midtop")
        if note:
            theme.blit_text(
                screen, note, (rect.centerx, rect.bottom - 28), 18, ink, anchor="midtop"
            )


def arrow_tip(rect: pygame.Rect, towards: tuple[int, int]) -> list[tuple[int, int]]:
    """The turn button's arrow tip: a triangle beside ``rect`` pointing at ``towards`` (where
    the name of the player on turn is)."""
    dx, dy = towards[0] - rect.centerx, towards[1] - rect.centery
    if abs(dx) >= abs(dy):
        sign = 1 if dx > 0 else -1
        base = rect.right + 2 if sign > 0 else rect.left - 2
        return [
            (base + 24 * sign, rect.centery),
            (base, rect.centery - 18),
            (base, rect.centery + 18),
        ]
    sign = 1 if dy > 0 else -1
    base = rect.bottom + 2 if sign > 0 else rect.top - 2
    return [(rect.centerx, base + 24 * sign), (rect.centerx - 18, base), (rect.centerx + 18, base)]


__all__ = ["CONTROLS", "SidePanel"]
