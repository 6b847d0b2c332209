"""A game's life at a table: resumed from its save or dealt, begun (shown being dealt), saved
after every change, counted in the statistics once, given up only after asking; and the message
line that tells the player what happened (``GameLife``, the base of scene.py's ``Table``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core import GameInfo
from game.core.language import _
from game.core.result import Result
from game.session import SeatKind, Session, new_seed, seat_names
from game.session.help import HELP_COUNTS
from game.ui.board.animation import Animator, Celebration
from game.ui.board.dealing import DealFlight, deal_flight
from game.ui.card_art import CardArt
from game.ui.dialogs import Confirm
from game.ui.table.chrome import Chrome
from game.ui.table.computers import ComputerSeats
from game.ui.table.input import TableInput
from game.ui.table.messages import MESSAGE_MS, SILENT, Message, MessageKind, message
from game.ui.widgets import Scene


class GameLife(Scene):
    """The game played at a table, from its deal (or its save) to its end or its giving up.
    The parts it starts afresh with each game (input, flights, the chrome, the computer
    seats) are the Table's (scene.py)."""

    game_id: str
    info: GameInfo
    session: Session
    chrome: Chrome
    input: TableInput
    anim: Animator
    computers: ComputerSeats
    art: CardArt | None
    celebration: Celebration | None
    hint: tuple[Any, float] | None  # (the move, until when it is shown)
    hint_said: str | None  # the message that said the hint (it goes with the hint)
    message: Message
    end_shown: bool
    next_action_at: float  # a computer seat shows its next move no sooner
    deal_pending: bool  # a new deal to show being dealt, in the next frame
    unsaved_ms: float  # the clock's time since the last save

    @property
    def title_text(self) -> str:
        """The game's name, in the language spoken now."""
        return _(self.info.title)

    # ================================================================= resumed or dealt
    def load_or_deal(self) -> None:
        """Resume the saved game, else deal. The session checks the save (the one place that
        knows what a good one is); one it refuses is kept aside by the storage, and reported."""
        seats = self.app.settings.seats(self.game_id)
        try:
            session = self.app.saves.load_game(
                self.game_id, check=lambda data: Session.from_dict(data, seats=seats)
            )
        except Exception as e:  # the storage promises not to raise; never let it stop play
            session = None
            # Translators: {game} is a game's name, {error} what went wrong
            self.app.notice(
                _("The saved {game} game could not be read ({error}).").format(
                    game=self.title_text, error=e
                )
            )
        self.app.collect_notices()
        if session is not None and not (session.is_over() and session.recorded):
            self.session = session
            self.changed(save=False)
            return
        self.start(self.random_seed())  # nothing saved, or a game over and counted: deal

    def random_seed(self) -> int:
        """A new deal's number: with "winnable deals only", one the solver proved winnable
        (when it has a list for this game)."""
        settings = self.app.settings
        return new_seed(self.game_id, settings.winnable_only, **settings.options(self.game_id))

    def start(
        self,
        seed: int | None,
        options: dict | None = None,
        seats: Sequence[SeatKind | str] | None = None,
    ) -> None:
        """Deal ``seed`` (None: a deal of its own) with these options and seats (by default
        the settings')."""
        settings = self.app.settings
        session = Session.new(
            self.game_id,
            seed,
            seats or settings.seats(self.game_id),
            **(settings.options(self.game_id) if options is None else options),
        )
        # Translators: said as a deal begins; {game} is the game's name
        words = _("{game}: deal {number}.").format(game=self.title_text, number=session.state.seed)
        self.begin(session, words)

    def begin(self, session: Session, words: str) -> None:
        """A new game at this table, ``words`` said: shown being dealt, nothing of the last
        game left (its end screen, hint, flights, a pending call)."""
        self.session = session
        self.end_shown = False
        self.celebration = None
        self.input.reset()
        self.hint = None
        self.anim.clear()
        self.modal = None
        self.computers.call_at = None
        self.say(words, MessageKind.INFO, 3000)
        self.app.sound.play("shuffle")
        self.next_action_at = self.app.time_ms + self.app.settings.pace_ms
        self.chrome.started()
        self.changed()
        self.deal_pending = self.app.settings.animations  # dealt in the next frame (deal.py)

    def deal_in(self, now: float) -> None:
        """The new deal's cards fly from the deck to their piles (deal.py)."""
        self.deal_pending = False
        if self.art is not None and self.app.settings.animations:
            flight = deal_flight(self, now)
            if flight is not None:
                self.anim.add(flight)  # the computer's first move: a pace after it lands
                self.next_action_at = max(
                    self.next_action_at, now + flight.dur + self.app.settings.pace_ms
                )

    def end_deal(self) -> None:
        """A click or a key while the deal is shown: every card lands at once (the input then
        acts as usual: nothing the player does waits for the animation)."""
        self.deal_pending = False
        if any(isinstance(f, DealFlight) for f in self.anim.flights):
            self.anim.flights = [f for f in self.anim.flights if not isinstance(f, DealFlight)]
            self.next_action_at = self.app.time_ms + self.app.settings.pace_ms

    # ================================================================= kept and counted
    def changed(self, save: bool = True) -> None:
        """The position changed: a hint given for the last one goes (with its words), and the
        game is saved."""
        if self.hint is not None:  # a hint is about the position it was given for
            self.hint = None
            if self.message.text == self.hint_said:
                self.message = SILENT
        if save:
            self.save()

    def save(self) -> None:
        self.unsaved_ms = 0.0
        try:
            self.app.saves.save_game(self.game_id, self.session.to_dict())
        except Exception as e:  # storage full or unavailable: tell, never crash
            self.say(_("Progress could not be saved: {error}").format(error=e), MessageKind.ERROR)
        self.app.collect_notices()

    def record(self) -> dict | None:
        """Count the game in the statistics (once); the new statistics, or None."""
        entry = self.session.record()
        if entry is None:
            return None
        try:
            return self.app.saves.record_result(self.game_id, **entry)
        except Exception as e:
            self.say(_("Statistics could not be saved: {error}").format(error=e), MessageKind.ERROR)
        finally:
            self.app.collect_notices()
        return None

    def saved_match(self) -> Any:
        """The match kept for this game (the chromes' match; a shared table keeps its own)."""
        return self.app.saves.match(self.game_id)

    def keep_match(self, data: dict) -> None:
        self.app.saves.save_match(data, self.game_id)

    # ================================================================= given up
    def abandon_then(self, what: str, action: Callable[[], None]) -> None:
        """Ask before giving up a deal in progress (it counts as lost), then act."""
        s = self.session
        if s.unfinished and not s.is_over() and s.you is not None:

            def go() -> None:
                self.chrome.abandoning()
                self.record()
                action()

            note = " ".join(
                filter(
                    None,
                    [
                        _("This deal is not finished: it will count as a loss in your statistics."),
                        self.chrome.abandon_note(),
                    ],
                )
            )
            self.modal = Confirm(self, what, note, what, go)
        else:
            if s.unfinished:
                self.record()
            action()

    def new_deal(self, confirm: bool = True) -> None:
        if confirm:
            # Translators: a question's title and its button (a deal in progress is given up)
            self.abandon_then(_("New deal"), lambda: self.start(self.random_seed()))
        else:
            if self.session.unfinished:
                self.record()
            self.start(self.random_seed())

    def restart(self, confirm: bool = True) -> None:
        state, seats = self.session.state, self.session.seats
        seed, options = state.seed, dict(state.options)
        if confirm:
            # Translators: a question's title and its button (a deal in progress is given up)
            self.abandon_then(_("Restart"), lambda: self.start(seed, options, seats))
        else:
            if self.session.unfinished:
                self.record()
            self.start(seed, options, seats)

    def play_number(self, seed: int) -> None:
        # Translators: a question's title and its button (a deal in progress is given up)
        self.abandon_then(_("Play deal"), lambda: self.start(seed))

    # ================================================================= the message line
    def say(self, text: str, kind: MessageKind = MessageKind.INFO, ms: float = MESSAGE_MS) -> None:
        """Say ``text`` on the message line for ``ms`` (in the colour of its ``kind``)."""
        self.message = message(text, kind, self.app.time_ms + ms)
        urgent = kind in (MessageKind.ERROR, MessageKind.WARN)  # a refusal, a call, a friend away
        self.app.ear.say(self.message.text, urgent=urgent)

    def message_text(self) -> str:
        """What the message line says now ("" once its time is up)."""
        return self.message.text if self.app.time_ms < self.message.until else ""

    def say_helped(self, text: str, helped_before: bool, ms: float = MESSAGE_MS) -> None:
        """Say ``text`` about help just given; the game's first help (``helped_before`` false)
        also says that the game now counts as played with help (where one person's statistics
        count it)."""
        if not helped_before and self.session.assisted and self.session.you is not None:
            text, ms = f"{text} {_(HELP_COUNTS)}", max(ms, 6000)
        self.say(text, MessageKind.INFO, ms)

    def result(self) -> Result:
        """How the game ended (asked once it is over)."""
        result = self.session.state.result()
        assert result is not None, "the game is not over"
        return result

    def seat_name(self, seat: int) -> str:
        """A seat in a sentence: "you", "the computer", "player 2"."""
        return seat_names(self.session.seats).name(seat)


__all__ = ["GameLife"]
