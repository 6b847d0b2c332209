"""What the two chromes of tables with turns share (duel.py: Russian Bank, Battle solitaire;
round.py: Chinese Patience): the side panel's buttons and keys, the call (Stop! or Knock!), End
turn, the computer's pace, New game, the match and the seats' names (read from the session
layer's ``MatchPlay``: game/session/match_play.py), the end screen, the panel's texts and the
call's banner. A chrome gives what is its own: its ``CONTROLS``, where its buttons stand
(``ROWS``), the words of its calls, its tip, headline and counts.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable
from typing import Any, Protocol, cast

import pygame

from game.core.language import N_, _, capital, pgettext
from game.session import Event
from game.session.match_play import MatchPlay
from game.ui import theme
from game.ui.board.places import Layout
from game.ui.canvas import CANVAS
from game.ui.dialogs import EndPanel
from game.ui.ear.reading import FEWER, MORE
from game.ui.sleep_at_rest import REST_MAX_MS
from game.ui.table.chrome import SessionEvent
from game.ui.table.messages import MessageKind
from game.ui.table.scene import Table
from game.ui.turns import panel
from game.ui.turns.banner import BANNER_MS, Banner, BannerStyle, draw_banner
from game.ui.turns.pace import next_pace, pace_said, pace_word
from game.ui.turns.panel_texts import PanelTexts, draw_column_texts, draw_landscape_texts
from game.ui.who_plays import SeatPicker
from game.ui.widgets import Button, ButtonStyle

Colour = tuple[int, int, int]


def count_words(what: str, n: int) -> str:
    """A count of the side panel: "hand 3"."""
    word = _(what) if what else what  # (the game's word, English: GameState.counts)
    # Translators: a count in the side panel: {pile} is "stock", "hand"..., {n} its cards
    return pgettext("a count in the side panel", "{pile} {n}").format(pile=word, n=n)


def seat_counts(title: str, counts: list[str]) -> str:
    """A seat's line of counts in the side panel: "You: hand 3 · waste 7"."""
    # Translators: the side panel: a seat ("You", "Computer") and its counts ("hand 3 · waste 7")
    return pgettext("a seat's counts in the side panel", "{seat}: {counts}").format(
        seat=title, counts=" · ".join(counts)
    )


class TurnsState(Protocol):
    """What the game of a table with turns gives its chrome besides any game's state."""

    def counts(self, player: int) -> dict[str, int]:
        """A seat's cards in the side panel's words, in its own order ({"hand": 3, ...})."""
        ...


class TurnsChrome(panel.PanelChrome):
    # Translators: the call's button, and its banner: "Stop! The computer caught you."
    call_label = N_("Stop!")  # the call's button ("Knock!" at the round table; its name)
    # the landscape panel's rows of buttons (y, height): the call, End turn, Undo/Redo/Hint/
    # Rules, slower and faster, New game and Menu
    ROWS = ((318, 50), (376, 42), (426, 40), (500, 38), (560, 44))
    # the landscape panel's texts: the counts' first line and step, the counts' and the match's
    # size, the room after the match, the pace's two lines and size, the tip; fitted or not
    TEXTS = PanelTexts(
        counts=136, step=26, match=20, after=32, pace=(480, 506, 24), tip=616, fitted=False
    )
    # the call's banner: title and body sizes, their steps, the body's lines at most
    BANNER = BannerStyle(28, 20, (30, 22), 7)
    unseated_match = False  # a match saved without its seats counts for these (a duel's)
    wrong_call_ms = 6000
    misses_turns = False  # a wrong call may cost a turn: the same seat then plays again
    name_size = 22  # the seats' names on the table (``CANVAS.label`` makes them larger on phones)

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.banner: Banner | None = None
        self._turn_seat: int | None = None  # whose turn the last "turn" event began
        self._play: MatchPlay | None = None
        self.next_seats: tuple | None = None  # the seats of the next game, while New game asks
        self.rail_pace = True  # sideways: the rail has a row for - and + (``show_pace``)
        self.buttons = self.make_buttons(table)
        if CANVAS.portrait:
            panel.place_portrait(self.buttons)
        elif table.layout.table_left:  # left-handed: the panel on the left
            panel.place_left(self.buttons, table)
        elif CANVAS.rail:  # a phone held sideways: the buttons in the rail, big
            on_table = "End turn" if table.layout.turn_button is not None else None
            panel.place_rail([b for b in self.buttons if b.name != on_table])
        self.turn_button = self.place_turn_button(table.layout.turn_button)
        self.add_log()  # the move log, read from the game's history (panel.py)
        # the match is read when first needed (``play``): the table has no session yet

    def make_buttons(self, table: Table) -> list[Button]:
        """The panel's buttons where the landscape panel has them (``ROWS``)."""
        (call_y, call_h), (end_y, end_h), (row_y, row_h), (pace_y, pace_h), (last_y, last_h) = (
            self.ROWS
        )
        x, w = panel.PANEL_X + 12, 340
        half, quarter = (w - 10) // 2, (w - 30) // 4
        # Translators: the side panel's buttons (End turn, Undo, Redo, Hint, Rules, New
        # game, Menu): short, Undo, Redo, Hint and Rules a quarter of the panel wide
        end, new_game, menu = _("End turn"), _("New game"), _("Menu")
        row = [
            (N_("Undo"), table.undo, table.can_undo),
            (N_("Redo"), table.redo, table.can_redo),
            (N_("Hint"), table.show_hint, table.accepting_input),  # what Hard would play
            (N_("Rules"), self.show_rules, table.no_dialog),
        ]
        call = (self.call_stop, self.can_call_stop)
        return [
            Button((x, call_y, w, call_h), _(self.call_label), *call, 30, name=self.call_label),
            Button(
                (x, end_y, w, end_h), end, self.end_turn, self.can_end_turn, 22, name="End turn"
            ),
            *(
                Button((x + i * (quarter + 10), row_y, quarter, row_h), _(n), act, on, 22, name=n)
                for i, (n, act, on) in enumerate(row)
            ),
            Button(
                (x, pace_y, 48, pace_h), "-", self.slower, self.computer_here, 28, name="slower"
            ),
            Button(
                (x + w - 48, pace_y, 48, pace_h),
                "+",
                self.faster,
                self.computer_here,
                28,
                name="faster",
            ),
            Button(
                (x, last_y, half, last_h),
                new_game,
                self.new_game,
                table.no_dialog,
                22,
                name="New game",
            ),
            Button(
                (x + half + 10, last_y, half, last_h), menu, self.app.title, size=22, name="Menu"
            ),
        ]

    def relabel(self) -> None:
        """The buttons' words in the language spoken now (a button's name is its English;
        - and + have no words, End turn on the table none: its words are drawn over it)."""
        for b in self.buttons:
            if b.name not in panel.PACE_BUTTONS and b is not self.turn_button:
                b.label = _(b.name)

    def place_turn_button(self, rect: pygame.Rect | None) -> Button | None:
        """With a "turn_button" in the layout, End turn moves onto the table, big, there."""
        if rect is None:
            return None
        button = self.buttons[1]
        button.rect = pygame.Rect(rect)
        button.label, button.style = "", ButtonStyle.PRIMARY  # its words: draw_turn_button
        return button

    @property
    def turns_state(self) -> TurnsState:
        """The game's state, as what the games of this kind of table give (their contract:
        the module docstrings of duel.py and round.py)."""
        return cast(TurnsState, self.session.state)

    # ------------------------------------------------------------------ the players
    @property
    def play(self) -> MatchPlay:
        """The seats' names and match for the game in play (game/session/match_play.py), read
        for each new session: the saved match when the same seats play it, else a new one
        (other seats play another match)."""
        if self._play is None or self._play.session is not self.session:
            try:
                saved = self.table.saved_match()  # (a shared table's match is its own)
            except Exception:  # noqa: BLE001 (the storage promises not to raise)
                saved = None
            target = (
                self.session.match_target  # a shared table's: the host's, everywhere
                or self.app.settings.match_target(self.table.game_id)
            )
            self._play = MatchPlay(self.session, target, saved, unseated=self.unseated_match)
            if self._play.notice:
                self.app.notice(self._play.notice)
        return self._play

    @property
    def match(self) -> Any:
        return self.play.match

    def name(self, seat: int) -> str:
        """The seat in a sentence: "you", "the computer", "player 2"."""
        return self.play.names.name(seat)

    def title(self, seat: int) -> str:
        """The seat as a heading: "You", "Computer", "Player 2"."""
        return self.play.names.title(seat)

    def is_you(self, seat: int) -> bool:
        return self.play.names.is_you(seat)

    def record_match(self, result: Any) -> None:
        try:
            self.table.keep_match(self.play.record(result))
        except Exception as e:  # noqa: BLE001
            self.table.say(
                _("The match score could not be saved: {error}").format(error=e), MessageKind.ERROR
            )

    def record_kinds(self) -> list[str]:
        """The statistics per seat kind, where the table keeps them (the round table)."""
        return []

    def abandon_note(self) -> str:
        """Giving a game of the match up gives it to the other player (MatchPlay)."""
        return self.play.abandon_note(self.next_seats)

    def abandoning(self) -> None:
        result = self.play.conceded()
        if result is not None:
            self.record_match(result)

    def match_line(self, scores: Any = None) -> str:
        return self.play.line(scores)

    # ------------------------------------------------------------------ actions
    def can_call_stop(self) -> bool:
        return self.table.modal is None and self.session.can_call_stop()

    def call_stop(self) -> None:
        """A person calls Stop! (knocks) on another seat's last move."""
        if self.can_call_stop():
            t = self.table
            t.anim.clear()
            before = t.piles()
            self.session.call_stop()
            t.changed()
            self.called(before)

    def called(self, before: dict) -> None:
        """After a person's call (the round table: the penalty cards fly)."""

    def can_end_turn(self) -> bool:
        return self.table.accepting_input() and self.session.state.end_turn_move() is not None

    def end_turn(self) -> None:
        move = self.session.state.end_turn_move()
        if move is not None and self.can_end_turn():
            self.table.attempt(move)

    # ------------------------------------------------------------------ where seats are drawn
    @abstractmethod
    def name_lines(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        """A seat's name as this chrome writes it on the table: (line, where) for each line."""

    def seen_from(self, layout: Layout, seat: int) -> Layout:
        """The table as the person in ``seat`` sees it (a screen of its own: a friend's);
        by default as it is."""
        return layout

    def decorate(self, surf: pygame.Surface) -> None:
        """The panel's ground, and each seat's name on the table."""
        panel.draw_panel(surf, self.table)
        size = CANVAS.label(self.name_size)
        for seat in range(len(self.table.layout.seat_names)):
            for line, rect in self.name_lines(seat):
                theme.blit_text(surf, line, rect.topleft, size, theme.INK_DIM, bold=True)

    # ------------------------------------------------------------------ the computer's pace
    def computer_here(self) -> bool:
        """A computer seat plays at this screen (the pace is its; a friend's screen shows the
        host's computer as it plays there)."""
        return any(kind.thinks_here for kind in self.session.seats)

    def show_pace(self) -> None:
        """The pace's - and + only where a computer plays at this screen (any table, any
        shape): else they are neither drawn nor pressed, and sideways the rail's other rows
        take their room."""
        here = self.computer_here()
        for b in self.buttons:
            if b.name in panel.PACE_BUTTONS:
                b.visible = here
        if CANVAS.rail and not self.table.layout.table_left and here != self.rail_pace:
            self.rail_pace = here
            self.place_in_rail(here)

    def pace_word(self) -> str:
        if not self.computer_here():
            # Translators: the side panel, in place of the computer's pace; short
            return _("No computer")
        return pace_word(self.app.settings.pace)

    def change_pace(self, step: int) -> None:
        """step +1: faster (shorter pauses), -1: slower."""
        if not self.computer_here():
            self.table.say(
                _("No computer plays at this screen: the pace is for the computer."),
                MessageKind.INFO,
                2000,
            )
            return
        pace = next_pace(self.app.settings.pace, step)
        self.app.settings.set("pace", pace)
        self.app.save_settings()
        self.table.say(pace_said(pace), MessageKind.INFO, 2000)

    def slower(self) -> None:
        self.change_pace(-1)

    def faster(self) -> None:
        self.change_pace(1)

    def new_game(self) -> None:
        """Ask who plays (remembered), then deal (an unfinished game counts as lost)."""
        t = self.table

        def start(seats: tuple) -> None:
            self.app.settings.set_seats(t.game_id, seats)
            self.app.save_settings()
            self.next_seats = tuple(seats)  # for abandon_note, asked for right here
            try:
                t.abandon_then(_("New game"), lambda: t.start(t.random_seed(), seats=seats))
            finally:
                self.next_seats = None

        t.modal = SeatPicker(t, t.game_id, self.app.settings.seats(t.game_id), start)

    # ------------------------------------------------------------------ the session's events
    def event(self, event: SessionEvent) -> None:
        kind, seat = event[0], event[1]
        if kind == Event.TURN:
            self.turn_began(seat)
        elif kind == Event.PASS:
            self.passed(seat)
        elif kind == Event.CALL:
            self.call_made(event[2], seat)

    def turn_began(self, seat: int) -> None:
        """A seat's turn began: said to a person here; a computer's first move waits a pace."""
        t, s = self.table, self.session
        again, self._turn_seat = seat == self._turn_seat, seat
        if again and self.misses_turns:  # the other seat missed its turn (a wrong call)
            t.say(self.again_text(seat), MessageKind.WARN, 5000)
            if not s.is_local(seat):
                t.next_action_at = self.app.time_ms + self.app.settings.pace_ms
        elif s.is_local(seat):
            t.say(
                _("Your turn.")
                if self.is_you(seat)
                # Translators: {name} is a player: "player 2", "your friend"
                else capital(_("{name}'s turn.").format(name=self.name(seat))),
                MessageKind.GOOD,
                2500,
            )
        else:
            t.next_action_at = self.app.time_ms + self.app.settings.pace_ms
            if t.message_text() == _("Your turn."):
                t.say("", MessageKind.INFO, 0)

    def call_made(self, call: Any, seat: int) -> None:
        """A call by ``seat``: a wrong one said with its price; a right one in a banner (play
        waits while it stands) and said."""
        t = self.table
        if not call.right:
            t.say(self.wrong_call_text(call, seat), MessageKind.WARN, self.wrong_call_ms)
            return
        offender = call.breach.player
        text = self.call_text(call, offender)
        word, name = _(self.call_label), capital(self.name(seat))
        if self.is_you(offender):
            # Translators: a call's banner: "Stop! The computer caught you."; {call} is
            # "Stop!" or "Knock!", {name} the caller ("The computer", "Player 2")
            title = _("{call} {name} caught you.").format(call=word, name=name)
        else:
            # Translators: a call's banner: "Stop! You caught the computer."; {call} is
            # "Stop!" or "Knock!", {name} the caller, {other} the player caught
            title = _("{call} {name} caught {other}.").format(
                call=word, name=name, other=self.name(offender)
            )
        self.banner = Banner(title, text, self.app.time_ms + BANNER_MS)
        t.next_action_at = max(t.next_action_at, self.banner.until)  # play waits meanwhile
        local = self.session.is_local(seat)
        self.app.ear.say(title, urgent=True)  # (the banner's title: the ear hears it first)
        t.say(text, MessageKind.GOOD if local else MessageKind.WARN, 9000)

    def passed(self, seat: int) -> None:
        """A seat with nothing to do passed (said where the game passes: the duel)."""

    def again_text(self, seat: int) -> str:
        """The same seat plays again: the other missed its turn (a wrong call)."""
        return ""

    @abstractmethod
    def wrong_call_text(self, call: Any, caller: int) -> str:
        """A wrong call in words, with its price for the caller."""

    @abstractmethod
    def call_text(self, call: Any, offender: int) -> str:
        """What a right call did, in words."""

    # ------------------------------------------------------------------ the frame
    def rest_ms(self) -> float:
        """The Stop! banner goes at its time."""
        return self.banner.until - self.app.time_ms if self.banner else REST_MAX_MS

    def update(self, dt: float) -> None:
        if self.banner and self.app.time_ms >= self.banner.until:
            self.banner = None
        self.buttons[0].visible = self.session.has_calls  # the call only where calls exist
        self.show_pace()

    def key(self, event: pygame.event.Event) -> bool:
        k, t = event.key, self.table
        if self.log_view.key(event):  # PageUp/PageDown; more once the log is focused
            return True
        if k == pygame.K_t:  # turn a card of your hand or stock (whichever pile turns now)
            pile = next((p for p in t.layout.focus_order if t.turn_move(p)), None)
            if pile:
                t.turn(pile)
        elif k == pygame.K_e:
            self.end_turn()
        elif k == pygame.K_x:
            self.call_stop()
        elif k == pygame.K_h:
            if t.accepting_input():
                t.show_hint()
        elif k in MORE:
            self.faster()
        elif k in FEWER:
            self.slower()
        elif k == pygame.K_n:
            self.new_game()
        else:
            return False
        return True

    @abstractmethod
    def end_words(self, result: Any) -> tuple[str, list[str]]:
        """The end screen's title and first lines: who won and why, who scores."""

    def game_over(self) -> None:
        """Count the game (once: the match, the statistics, per seat kind where kept), then
        the end screen: the chrome's ``end_words``, the match, help, the match's winner."""
        t, s = self.table, self.session
        result = t.result()
        kinds: list[str] = []
        if not s.recorded:
            self.record_match(result)
            t.record()
            kinds = self.record_kinds()
            t.save()
        you = s.you
        title, lines = self.end_words(result)
        lines.append(self.match_line())
        if s.assisted and you is not None:  # Hint: counted apart, as in a solitaire
            lines.append(_("Played with help (Hint)."))
        over = self.play.over_line()
        if over:
            lines.append(over)
        lines += kinds
        good = you is not None and result.winner == you
        if good:
            t.celebrate()
        name = "New match" if self.match.is_over() else "Next game"
        # Translators: the end screen's buttons
        label = _("New match") if self.match.is_over() else _("Next game")
        t.modal = EndPanel(
            t,
            title,
            lines[:5],
            [
                (label, lambda: t.new_deal(False), ButtonStyle.PRIMARY, name),
                (_("Menu"), self.app.title, ButtonStyle.NORMAL, "Menu"),
            ],
            dim=not good,
            good=good,
            centerx=(t.layout.table_left + t.layout.table_right) // 2,
        )

    # ------------------------------------------------------------------ drawing
    def layer_key(self) -> Hashable:
        return (self.session.seats, id(self.table.layout), self.replay_key())

    def frame_key(self) -> Hashable:
        """The live parts: the computer thinking, the banner, the log, the pace."""
        return (
            self.session.thinking,
            self.banner,
            self.log_view.key_parts(),
            self.replay_key(),
            self.app.settings.pace,
        )

    def count_lines(self) -> list[tuple[str, Colour]]:
        """Each seat's counts in a line, with its colour: "You: hand 3 · waste 7"."""
        s = self.session
        return [
            (
                seat_counts(
                    self.title(seat),
                    [count_words(what, n) for what, n in self.turns_state.counts(seat).items()],
                ),
                theme.INK,
            )
            for seat in range(len(s.seats))
        ]

    def match_progress(self) -> str:
        # Translators: the side panel: the match's line ("Match to 300: You 42 · Computer
        # 30"), then which game of the match this is
        return _("{match} (game {number})").format(
            match=self.match_line(), number=self.play.game_number
        )

    def ear_status(self) -> list[str]:
        """For the ear (G): the game and deal, whose turn, each seat's counts, the match."""
        t = self.table
        lines = [t.title_text, self.deal_line(), self.turn_label()[0]]
        lines += [line for line, _colour in self.count_lines()]
        return [*lines, self.match_progress()]

    def turn_label(self) -> tuple[str, Colour]:
        """Whose turn it is in the panel's box, and the box's colour."""
        s = self.session
        seat = s.to_move
        if s.is_over():
            return pgettext("the side panel's turn box", "Game over"), theme.BUTTON
        color = (176, 132, 36) if s.is_local(seat) else (40, 80, 150)
        if self.is_you(seat):
            return pgettext("the side panel's turn box", "Your turn"), color
        name = self.name(seat)
        if not s.is_local(seat) and s.thinking:
            # Translators: the side panel's turn box; {name} is "the computer", "player 2"
            return capital(_("{name} is thinking...").format(name=name)), color
        # Translators: the side panel's turn box; {name} is "the computer", "player 2"
        return capital(
            pgettext("the side panel's turn box", "{name}'s turn").format(name=name)
        ), color

    def draw(self, screen: pygame.Surface) -> None:
        t = self.table
        self.show_pace()  # (upright "No computer" has the room of - and +)
        if CANVAS.portrait or (CANVAS.rail and not t.layout.table_left):
            # (sideways: the panel's texts in a column, large)
            lines = self.count_lines()
            lines.append((self.match_progress(), theme.ACCENT))
            draw_column_texts(screen, t, self, lines)
            return
        draw_landscape_texts(screen, t, self)

    @abstractmethod
    def tip(self) -> str:
        """What to do next, in the panel (a move the rules allow now)."""

    def deal_line(self) -> str:
        """The line under the game's name: the deal and the rule options in words."""
        # Translators: the side panel, under the game's name: "Deal 123 · STOP! mode"
        deal = _("Deal {number}").format(number=self.session.state.seed)
        return " · ".join([deal, *self.headline()])

    def draw_over(self, screen: pygame.Surface) -> None:
        """A call's banner stands over the panel's top, never over the cards in play."""
        if self.turn_button is not None:
            self.draw_turn_button(screen, self.turn_button)
        if self.banner:
            draw_banner(screen, self.table, self.banner, self.BANNER)

    def draw_turn_button(self, screen: pygame.Surface, button: Button) -> None:
        """(A chrome whose layout puts End turn on the table draws its words: the duel.)"""


__all__ = ["TurnsChrome", "count_words", "seat_counts"]
