"""The table of one game: a Session drawn and played.

A table is put together from parts, each with one job:

- ``session`` (game.session.Session): the game, its seats, undo/redo, the computer seats and
  the solver's help; everything the rules decide;
- ``layout`` (layout.py, from the game's data in layouts/): where each pile lies;
- ``input`` (table_input.py): pointer and keys turned into moves;
- ``anim`` (animation.py): cards in flight;
- ``view`` (table_view.py): drawing, from one cached layer;
- ``chrome``: what the kind of table adds around the cards, chosen by the game's description
  (``info.table``), one module per kind in chromes/: "solitaire" -> chromes/solitaire.py
  (buttons on top, Hint, the light, Finish), "duel" -> chromes/duel.py (turns, Stop!, the
  match).

This class holds the game's life (deal, resume, save after every move, statistics) and runs
the frame: automatic moves, the computer seats at the chosen pace, the solver's slices.
A chrome is any object with: ``buttons``, ``controls`` (text for the Rules screen),
``started()``, ``abandon_note()`` and ``abandoning()`` (a game given up: what it means,
said, then done), ``event(ev)`` (a session event), ``moved(move, before, mover)`` (after every
move), ``update(dt)``, ``rest_ms()`` (how long it can go without a frame: until its next
timer, rest.py), ``key(event)`` -> bool, ``layer_key()``, ``frame_key()`` (its live
parts: a frame that changes nothing is not drawn again), ``decorate(surf)`` (static parts,
into the cached layer), ``draw(screen)`` (under the buttons), ``draw_over(screen)`` (over
everything), ``game_over()``; optionally ``message_rect()`` (where the message line goes on
this canvas, None for the bottom line), ``side_panel = True`` (a chrome whose panel the
left-handed setting moves to the left), and ``pointer_down``/``pointer_move``/``pointer_up``
(pos) and ``wheel(dy)`` -> bool (input on a part of its own, such as a log that scrolls).
A modal with a ``position`` (the piles, as ``piles()`` gives them) shows that position
instead of the game's, view-only (a turn replayed: chromes/turn_replay.py).
"""

from __future__ import annotations

import re

import pygame

from game.core import IllegalMove, Move, info
from game.core.language import _
from game.session import Session, new_seed, seat_names
from game.session.help import HELP_COUNTS
from game.ui import theme
from game.ui.board.animation import FLIGHT_MS, Animator, Celebration
from game.ui.board.dealing import DealFlight, deal_flight
from game.ui.board.move_words import describe, explain
from game.ui.board.places import layout_for
from game.ui.card_art import CardArt, get_art
from game.ui.chromes import chrome_class
from game.ui.table.computers import ComputerSeats
from game.ui.table.input import TableInput
from game.ui.table.view import TableView
from game.ui.widgets import Confirm, Scene

MESSAGE_MS = 5000
FINISH_FLIGHT_MS = 60  # Finish plays its moves this fast (a click or a key: all at once)
TIME_SAVE_MS = 5000  # the clock is saved this often even without a move
SOLVER_SLICE_MS = 3  # the solver's share of a busy frame (cards moving, a drag)
SOLVER_IDLE_MAX_MS = 12  # ... of an idle one: what is left of the frame, at most this
_TEN = re.compile(r"\bT([SHDC])\b")


def readable(text: str) -> str:
    """The core writes a Ten as "TH"; players read "10H"."""
    return _TEN.sub(r"10\1", text)


def make_table(app, game_id: str) -> Table:
    return Table(app, game_id)


class Table(ComputerSeats, Scene):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.info = info(game_id)
        self.layout = layout_for(game_id, panel_left=self.panel_left())
        self.art: CardArt | None = None
        self.art_key = None
        self.session: Session | None = None
        self.anim = Animator()
        self.input = TableInput(self)
        self.view = TableView(self)
        self.hint = None  # (move, until_ms)
        self.hint_said = None  # the message that said the hint (it goes with the hint)
        self.message = ("", theme.INK, 0.0)
        self.celebration = None
        self.end_shown = False
        self.active = False
        self.next_action_at = 0.0  # a computer seat shows its next move no sooner
        self.call_at: float | None = None  # when a computer's pending Stop! call is made
        self.deal_pending = False  # a new deal to show being dealt, in the next frame
        self._unsaved_ms = 0.0
        self._piles = (-1, {})
        self._moves = (-1, [])
        self.chrome = chrome_class(self.info.table)(self)
        self.buttons = self.chrome.buttons
        self.load_or_deal()

    @property
    def title_text(self) -> str:
        """The game's name, in the language spoken now."""
        return _(self.info.title)

    def panel_left(self) -> bool:
        """The left-handed setting puts a table's side panel on the left (landscape)."""
        from game.ui.turns.panel import has_side_panel_left

        side_panel = getattr(chrome_class(self.info.table), "side_panel", False)
        return side_panel and has_side_panel_left(self.app)

    # ================================================================= game life
    @property
    def state(self):
        return self.session.state

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

    def start(self, seed: int, options: dict | None = None, seats=None) -> None:
        settings = self.app.settings
        self.begin(
            Session.new(
                self.game_id,
                seed,
                seats or settings.seats(self.game_id),
                **(settings.options(self.game_id) if options is None else options),
            ),
            # Translators: said as a deal begins; {game} is the game's name
            _("{game}: deal {number}.").format(game=self.title_text, number=seed),
        )

    def begin(self, session, words: str) -> None:
        """A new game at this table, ``words`` said: shown being dealt, nothing of the last
        game left (its end screen, hint, flights, a pending call)."""
        self.session = session
        self.end_shown = False
        self.celebration = None
        self.input.reset()
        self.hint = None
        self.anim.clear()
        self.modal = None
        self.call_at = None
        self.say(words, "info", 3000)
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

    def save(self) -> None:
        self._unsaved_ms = 0.0
        try:
            self.app.saves.save_game(self.game_id, self.session.to_dict())
        except Exception as e:  # storage full or unavailable: tell, never crash
            self.say(_("Progress could not be saved: {error}").format(error=e), "error")
        self.app.collect_notices()

    def record(self) -> dict | None:
        """Count the game in the statistics (once); the new statistics, or None."""
        entry = self.session.record()
        if entry is None:
            return None
        try:
            return self.app.saves.record_result(self.game_id, **entry)
        except Exception as e:
            self.say(_("Statistics could not be saved: {error}").format(error=e), "error")
        finally:
            self.app.collect_notices()
        return None

    def abandon_then(self, what: str, action) -> None:
        """Ask before giving up a deal in progress (it counts as lost), then act."""
        s = self.session
        if s.unfinished and not s.is_over() and s.you is not None:

            def go():
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
        seed, options, seats = self.state.seed, dict(self.state.options), self.session.seats
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

    # ================================================================= what the table shows
    def piles(self) -> dict:
        shown = getattr(self.modal, "position", None)  # a view-only position (a turn replayed)
        if shown is not None:
            return shown
        if self._piles[0] != self.session.version:
            self._piles = (self.session.version, self.state.piles())
        return self._piles[1]

    def faces(self, name: str) -> list[bool]:
        return [up for _, up in self.piles()[name]]

    def candidate_moves(self) -> list[Move]:
        if self._moves[0] != self.session.version:
            self._moves = (self.session.version, self.session.candidate_moves())
        return self._moves[1]

    def targets(self, src: str, count: int) -> set[str]:
        """The places that take the picked cards now (they light up)."""
        if not self.accepting_input():
            return set()
        return {
            m.target
            for m in self.candidate_moves()
            if m.source == src and m.count == count and m.target != src
        }

    def turn_move(self, name: str) -> Move | None:
        """The move that clicking this pile means: turning a card of the stock or hand."""
        return self.state.turn_move(name)

    def back_deck(self, card) -> int:
        return card.deck if self.layout.own_backs else 0

    def changed(self, save: bool = True) -> None:
        if self.hint is not None:  # a hint is about the position it was given for
            self.hint = None
            if self.message[0] == self.hint_said:
                self.message = ("", theme.INK, 0.0)
        if save:
            self.save()

    def say(self, text: str, kind: str = "info", ms: float = MESSAGE_MS) -> None:
        color = {
            "error": theme.RED_INK,
            "good": theme.TARGET,
            "info": theme.INK,
            "warn": theme.ACCENT,
        }[kind]
        self.message = (readable(text), color, self.app.time_ms + ms)

    def message_text(self) -> str:
        text, _, until = self.message
        return text if self.app.time_ms < until else ""

    def seat_name(self, seat: int) -> str:
        return seat_names(self.session.seats).name(seat)

    def accepting_input(self) -> bool:
        return self.modal is None and self.session.accepting()

    def explain_wait(self) -> None:
        s = self.session
        if (
            self.modal is None
            and not s.is_over()
            and s.pending_call is None
            and not s.is_local(s.to_move)
        ):
            # Translators: {name} is a player: "the computer", "player 2"
            self.say(
                _("Wait: it is {name}'s turn.").format(name=self.seat_name(s.to_move)), "info", 1500
            )

    # ================================================================= moves
    def attempt(self, move: Move, start=None) -> bool:
        """A move the player asked for: played and animated, or refused with the reason."""
        if not self.accepting_input():
            self.explain_wait()
            return False
        before, mover = self.piles(), self.session.to_move
        try:
            self.session.play(move)
        except IllegalMove as e:
            self.say(str(e), "error")
            self.app.sound.play("thud")
            return False
        self.moved(move, before, mover, start)
        return True

    def turn(self, name: str) -> bool:
        move = self.turn_move(name)
        return move is not None and self.attempt(move)

    def to_foundation(self, name: str) -> bool:
        pile = self.piles().get(name) or []
        if not pile or not pile[-1][1]:
            return False
        for m in self.candidate_moves():
            if m.source == name and m.target.startswith("foundation") and m.count == 1:
                return self.attempt(m)
        card = pile[-1][0]
        best = None  # explain with the foundation the card would go on
        for f in (n for n in self.layout.piles if n.startswith("foundation")):
            cards = self.piles()[f]
            if cards and cards[-1][0].suit == card.suit and cards[-1][0].rank < 13:
                best = f
                break
            if not cards and best is None:
                best = f
        reason = self.state.why_illegal(Move(name, best)) if best else None
        # Translators: {card} is a card's short code: "10H" (the Ten of hearts), "QS"
        self.say(reason or _("The {card} can't go to a foundation now.").format(card=card), "error")
        self.app.sound.play("thud")
        return False

    def moved(self, move: Move, before: dict, mover: int, start=None) -> None:
        """After a move by seat ``mover``: animate its cards from where they were (``before``:
        the piles before it), tell the chrome, save."""
        self.input.selected = None
        self.changed()
        self.chrome.moved(move, before, mover)
        if move.count >= 1:  # a card moved or turned (not a pass, not a call)
            self.app.sound.play("place")
        src, dst, count = move.source, move.target, move.count
        if src in self.layout.piles and dst in self.layout.piles and src != dst and count >= 1:
            old = before.get(src, [])[-count:]
            faces = [up for _, up in before.get(src, [])]
            starts = start or [r.topleft for r in self.layout.card_rects(src, faces)[-count:]]
            ends = self.layout.card_rects(dst, self.faces(dst))[-len(old) :] if old else []
            self.fly([(c, p, r.topleft) for (c, _), p, r in zip(old, starts, ends)])

    def fly(self, items, dur: float = FLIGHT_MS) -> None:
        """Animate cards (card, from, to), drawn face up (quickly while Finish plays)."""
        if not self.app.settings.animations:
            dur = 0
        elif self.session.finishing:
            dur = FINISH_FLIGHT_MS
        self.anim.fly(
            [(c.id, self.art.face(c), p0, p1) for c, p0, p1 in items], self.app.time_ms, dur
        )

    def can_undo(self) -> bool:
        return self.modal is None and self.session.can_undo()

    def can_redo(self) -> bool:
        return self.modal is None and self.session.can_redo()

    def undo(self) -> None:
        if not self.can_undo():
            return
        self.take_back(self.session.undo)
        # Translators: after Undo; {moves} is "the Nine of clubs onto the Ten of clubs"
        self.say(
            _("Took back: {moves}.").format(moves=describe(self.state, self.session.last_group)),
            "info",
            2500,
        )

    def take_back(self, action):
        """Run ``action`` (the session taking moves back) and show the table as it now is;
        what ``action`` returns."""
        self.anim.clear()
        result = action()
        self.input.reset()
        self.end_shown = self.state.is_over()
        self.celebration = None
        self.changed()
        self.app.sound.play("place")
        return result

    def say_helped(self, text: str, helped_before: bool, ms: float = MESSAGE_MS) -> None:
        """Say ``text`` about help just given; the game's first help (``helped_before`` false)
        also says that the game now counts as played with help (where one person's statistics
        count it)."""
        if not helped_before and self.session.assisted and self.session.you is not None:
            text, ms = f"{text} {_(HELP_COUNTS)}", max(ms, 6000)
        self.say(text, "info", ms)

    def redo(self) -> None:
        if not self.can_redo():
            return
        self.anim.clear()
        words = describe(self.state, self.session.redo_groups[-1])  # said of the position before it
        try:
            self.session.redo()
        except IllegalMove as e:
            self.changed()
            # Translators: {reason} is why the move is refused now, a sentence
            self.say(_("Can't redo: {reason}").format(reason=e), "error")
            return
        self.input.selected = None
        self.changed()
        self.app.sound.play("place")
        # Translators: after Redo; {moves} is "the Nine of clubs onto the Ten of clubs"
        self.say(_("Played again: {moves}.").format(moves=words), "info", 2500)

    def show_hint(self) -> None:
        """Hint: the solver's move in a solitaire it knows, else what the Hard computer player
        would do; its piles ringed and the move said in words. The game counts as helped."""
        helped = self.session.assisted
        move = self.session.hint()
        if move is None:
            self.say(_("No hint: no move helps any more."), "info")
            return
        self.hint = (move, self.app.time_ms + 4000)
        # Translators: {move} is a move in words: "move the Nine of clubs onto the Ten of clubs"
        self.say_helped(_("Hint: {move}.").format(move=explain(self.state, move)), helped)
        self.hint_said = self.message[0]
        self.save()

    # ================================================================= input (to the parts)
    def pointer_down(self, pos) -> None:
        self.end_deal()
        if self.session.finishing:  # a click while Finish plays: the rest at once
            self.skip_finish()
            return
        if self._chrome_takes("pointer_down", pos):  # its own part of the screen (a log)
            return
        self.input.pointer_down(pos)

    def pointer_move(self, pos) -> None:
        if not self._chrome_takes("pointer_move", pos):
            self.input.pointer_move(pos)

    def pointer_up(self, pos) -> None:
        if not self._chrome_takes("pointer_up", pos):
            self.input.pointer_up(pos)

    def wheel(self, dy: int) -> None:
        self._chrome_takes("wheel", dy)

    def _chrome_takes(self, what: str, arg) -> bool:
        """The chrome's optional ``pointer_down``/``pointer_move``/``pointer_up``/``wheel``
        first (True: it took the input, e.g. a drag scrolling its log)."""
        handler = getattr(self.chrome, what, None)
        return bool(handler is not None and handler(arg))

    def key(self, event) -> None:
        self.end_deal()
        if event.key == pygame.K_m:  # sound on or off, at any time
            self.toggle_sound()
            return
        if self.session.finishing:
            self.skip_finish()
            return
        if not self.chrome.key(event):
            self.input.key(event)

    def toggle_sound(self) -> None:
        """M: the Sound setting on or off (saved)."""
        settings = self.app.settings
        settings.set("sound", not settings.sound)
        self.app.save_settings()
        if not settings.sound:
            self.app.sound.stop()
        self.say(
            _("Sound on.") if settings.sound else _("Sound off (M turns it back on)."), "info", 2000
        )

    def skip_finish(self) -> None:
        """Play the rest of a winning line being finished at once."""
        self.anim.clear()
        while self.session.finishing and self.session.follow_up() is not None:
            pass
        self.changed()

    # ================================================================= the frame
    def enter(self) -> None:
        self.active = True
        relabel = getattr(self.chrome, "relabel", None)
        if relabel is not None:  # its buttons in the language spoken now
            relabel()
        settings = self.app.settings
        key = (settings.four_colour, settings.card_back, settings.felt)
        art = get_art(
            self.layout.card_w, self.layout.card_h, key[0], self.layout.fan, self.layout.reveal
        )  # the cache's (it may have let go of the last one)
        if key != self.art_key or art is not self.art:
            self.art_key = key
            self.art = art
            self.art.back_style = settings.card_back
            self.view.invalidate()

    def leave(self) -> None:
        self.active = False
        if self.session is not None:
            self.save()
        self.view.release()
        self.celebration = None  # its trail is a whole canvas (3.5 MB): not kept out of sight

    def update(self, dt: float) -> None:
        now = self.app.time_ms
        s = self.session
        if self.deal_pending:
            self.deal_in(now)
        self.anim.update(now)
        if self.modal is None and s.state.history and not s.is_over():
            s.tick(dt / 1000)
            self._unsaved_ms += dt
            if self._unsaved_ms >= TIME_SAVE_MS:  # so a reload loses at most a few seconds
                self.save()
        if self.celebration:
            self.celebration.update(dt)
        idle = self.modal is None and not self.anim.busy and not self.input.busy
        s.auto_move = self.app.settings.auto_move  # the setting may change at any time
        if idle:
            before, mover = self.piles(), s.to_move
            move = s.follow_up()
            if move is not None:
                self.moved(move, before, mover)
            self.run_computers(now)
        for event in s.events:
            self.chrome.event(event)
        s.events.clear()
        if s.help is not None and not s.finishing:
            # an idle table lends the solver the rest of the frame (60 frames/s still held,
            # input answered in the next frame); a busy one, a small slice
            spare = min(SOLVER_IDLE_MAX_MS, self.app.spare_ms()) if idle else 0.0
            s.think_help(max(SOLVER_SLICE_MS, spare))
        self.chrome.update(dt)
        if s.is_over() and not self.end_shown and not self.anim.busy and not self.input.drag:
            self.end_shown = True
            self.game_over()

    def game_over(self) -> None:
        """The game is over: the chrome's end screen (counted, the match scored)."""
        self.chrome.game_over()

    def saved_match(self):
        """The match kept for this game (the chromes' match; a shared table keeps its own)."""
        return self.app.saves.match(self.game_id)

    def keep_match(self, data: dict) -> None:
        self.app.saves.save_match(data, self.game_id)

    def draw(self, screen: pygame.Surface) -> None:
        self.view.draw(screen)

    def rest_ms(self) -> float:
        """0 while cards move, the pointer holds a card, the solver thinks or the table deals;
        else until the first of its timers, the computer's included (ButtonRow.rest_ms)."""
        s, now = self.session, self.app.time_ms
        if (
            self.deal_pending
            or self.anim.busy
            or self.input.busy
            or s.finishing
            or (self.celebration is not None and self.celebration.running)
            or (s.help is not None and s.help.thinking)
        ):
            return 0.0
        hint = self.hint[1] if self.hint else 0.0
        timers = [t - now for t in (hint, self.message[2]) if t > now]
        return min([self.chrome.rest_ms(), *timers, self.computer_wait_ms(now)])

    def frame_key(self):
        """What the table shows (see Scene.frame_key): cards in motion redraw every frame."""
        now, inp = self.app.time_ms, self.input
        moving = self.anim.busy or (self.celebration is not None and self.celebration.running)
        return (
            super().frame_key(),
            self.session.version,
            moving and now,
            inp.drag and inp.drag["pos"],
            inp.selected,
            inp.focus,
            self.hint is not None and now < self.hint[1],
            self.message_text(),
            self.chrome.frame_key(),
        )

    def celebrate(self) -> None:
        self.app.sound.play("win")
        launches = [
            (c, self.layout.piles[name].rect.topleft)
            for name in self.layout.piles
            if name.startswith("foundation")
            for c, _ in self.piles()[name]
        ]
        self.celebration = Celebration(self.view.layer(), self.art, launches, self.state.seed)


__all__ = ["MESSAGE_MS", "Table", "make_table", "readable"]
