"""The table of one game: a Session drawn and played.

A table is put together from parts, each with one job:

- ``session`` (game.session.Session): the game, its seats, undo/redo, the computer seats and
  the solver's help; everything the rules decide;
- ``layout`` (board/places.py, from the game's data in layouts/): where each pile lies;
- ``input`` (input.py): pointer and keys turned into moves;
- ``anim`` (board/animation.py): cards in flight;
- ``view`` (view.py): drawing, from one cached layer;
- ``computers`` (computers.py): the computer seats, at the chosen pace;
- ``chrome``: what the kind of table adds around the cards, chosen by the game's description
  (``info.table``, game/ui/chromes/) and given to the table when it is made; the hooks the
  table calls on it are the contract of chrome.py (``Chrome``).

Its base (game_life.py) holds the game's life (deal, resume, save after every move,
statistics, giving up) and the message line; this class shows the position, plays the moves
asked for and runs the frame: automatic moves, the computer seats, the solver's slices.
A modal with a ``position`` (the piles, as ``piles()`` gives them) shows that position
instead of the game's, view-only (a turn replayed: game/ui/turns/turn_replay.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pygame

from game.core import GameState, IllegalMove, Move, info, language
from game.core.kinds import PileKind, pile_kind
from game.core.language import _
from game.ui.board.animation import FLIGHT_MS, Animator, Celebration
from game.ui.board.move_words import describe, explain
from game.ui.board.places import Piles, layout_for
from game.ui.card_art import get_art
from game.ui.ear.reading import light_news, read_key, refuse_key
from game.ui.ear.table_words import PILE, move_words, plan_words, said_by, table_view
from game.ui.ear.view import View
from game.ui.table.chrome import BaseChrome, Chrome, Point
from game.ui.table.computers import ComputerSeats
from game.ui.table.game_life import GameLife
from game.ui.table.input import TableInput
from game.ui.table.messages import SILENT, MessageKind
from game.ui.table.view import TableView

FINISH_FLIGHT_MS = 60  # Finish plays its moves this fast (a click or a key: all at once)
TIME_SAVE_MS = 5000  # the clock is saved this often even without a move
SOLVER_SLICE_MS = 3  # the solver's share of a busy frame (cards moving, a drag)
SOLVER_IDLE_MAX_MS = 12  # ... of an idle one: what is left of the frame, at most this
T = TypeVar("T")


class Table(GameLife):
    """A game's table: ``Table(app, game_id, chrome_for(game_id))``."""

    def __init__(self, app: Any, game_id: str, chrome_kind: type[BaseChrome]) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.info = info(game_id)
        self.layout = layout_for(game_id, panel_left=chrome_kind.panel_on_left(app.settings))
        self.art = None
        self.art_key: tuple[bool, str, str] | None = None
        self.anim = Animator()
        self.input = TableInput(self)
        self.view = TableView(self)
        self.computers = ComputerSeats(self)
        self.hint = None
        self.hint_said = None
        self.message = SILENT
        self.celebration = None
        self.light_heard: str | None = None  # the light's word the ear said last
        self.end_shown = False
        self.active = False
        self.next_action_at = 0.0
        self.deal_pending = False
        self.unsaved_ms = 0.0
        self._piles: tuple[int, Piles] = (-1, {})
        self._moves: tuple[int, list[Move]] = (-1, [])
        self.chrome: Chrome = chrome_kind(self)
        self.buttons = self.chrome.buttons
        self.load_or_deal()

    @property
    def state(self) -> GameState:
        return self.session.state

    # ================================================================= what the table shows
    def piles(self) -> Piles:
        shown = self.modal.position if self.modal is not None else None
        if shown is not None:  # a view-only position (a turn replayed)
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

    def back_deck(self, card: Any) -> int:
        return int(card.deck) if self.layout.own_backs else 0

    def accepting_input(self) -> bool:
        return self.modal is None and self.session.accepting()

    def no_dialog(self) -> bool:
        """No dialog is open over the table (the toolbar's and panel's buttons work)."""
        return self.modal is None

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
                _("Wait: it is {name}'s turn.").format(name=self.seat_name(s.to_move)),
                MessageKind.INFO,
                1500,
            )

    # ================================================================= moves
    def attempt(self, move: Move, start: list[Point] | None = None) -> bool:
        """A move the player asked for: played and animated, or refused with the reason."""
        if not self.accepting_input():
            self.explain_wait()
            return False
        before, mover = self.piles(), self.session.to_move
        try:
            self.session.play(move)
        except IllegalMove as e:
            self.refused(str(e))
            return False
        self.moved(move, before, mover, start)
        return True

    def refused(self, reason: str) -> None:
        """A move refused: the reason on the message line, and the knock."""
        self.say(reason, MessageKind.ERROR)
        self.app.sound.play("thud")

    def turn(self, name: str) -> bool:
        move = self.turn_move(name)
        return move is not None and self.attempt(move)

    def foundations(self) -> list[str]:
        return [n for n in self.layout.piles if pile_kind(n) == PileKind.FOUNDATION]

    def to_foundation(self, name: str) -> bool:
        """Send a pile's top card to a foundation (a double click, F), or say why not."""
        pile = self.piles().get(name) or []
        if not pile or not pile[-1][1]:
            return False
        for m in self.candidate_moves():
            if m.source == name and pile_kind(m.target) == PileKind.FOUNDATION and m.count == 1:
                return self.attempt(m)
        card = pile[-1][0]
        best = None  # explain with the foundation the card would go on
        for f in self.foundations():
            cards = self.piles()[f]
            if cards and cards[-1][0].suit == card.suit and cards[-1][0].rank < 13:
                best = f
                break
            if not cards and best is None:
                best = f
        reason = self.state.why_illegal(Move(name, best)) if best else None
        # Translators: {card} is a card's short code: "10H" (the Ten of hearts), "QS"
        self.refused(reason or _("The {card} can't go to a foundation now.").format(card=card))
        return False

    def moved(
        self, move: Move, before: Piles, mover: int, start: list[Point] | None = None
    ) -> None:
        """After a move by seat ``mover``: animate its cards from where they were (``before``:
        the piles before it), tell the chrome, save."""
        self.input.selected = None
        self.changed()
        self.chrome.moved(move, before, mover)
        self.app.ear.say(*said_by(self, mover, move_words(self, move, before)))
        if move.count >= 1:  # a card moved or turned (not a pass, not a call)
            self.app.sound.play("place")
        src, dst, count = move.source, move.target, move.count
        if src in self.layout.piles and dst in self.layout.piles and src != dst and count >= 1:
            old = before.get(src, [])[-count:]
            faces = [up for _, up in before.get(src, [])]
            starts = start or [r.topleft for r in self.layout.card_rects(src, faces)[-count:]]
            ends = self.layout.card_rects(dst, self.faces(dst))[-len(old) :] if old else []
            self.fly([(c, p, r.topleft) for (c, _), p, r in zip(old, starts, ends)])

    def fly(self, items: list[tuple[Any, Point, Point]], dur: float = FLIGHT_MS) -> None:
        """Animate cards (card, from, to), drawn face up (quickly while Finish plays)."""
        if not self.app.settings.animations:
            dur = 0
        elif self.session.finishing:
            dur = FINISH_FLIGHT_MS
        art = self.art
        assert art is not None  # (made when the table was first shown)
        self.anim.fly([(c.id, art.face(c), p0, p1) for c, p0, p1 in items], self.app.time_ms, dur)

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
            MessageKind.INFO,
            2500,
        )

    def take_back(self, action: Callable[[], T]) -> T:
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
            self.say(_("Can't redo: {reason}").format(reason=e), MessageKind.ERROR)
            return
        self.input.selected = None
        self.changed()
        self.app.sound.play("place")
        # Translators: after Redo; {moves} is "the Nine of clubs onto the Ten of clubs"
        self.say(_("Played again: {moves}.").format(moves=words), MessageKind.INFO, 2500)

    def show_hint(self) -> None:
        """Hint: the solver's move in a solitaire it knows, else what the Hard computer player
        would do; its piles ringed and the move said in words. The game counts as helped."""
        helped = self.session.assisted
        move = self.session.hint()
        if move is None:
            self.say(_("No hint: no move helps any more."), MessageKind.INFO)
            return
        self.hint = (move, self.app.time_ms + 4000)
        # Translators: {move} is a move in words: "move the Nine of clubs onto the Ten of clubs"
        self.say_helped(_("Hint: {move}.").format(move=explain(self.state, move)), helped)
        self.hint_said = self.message.text
        self.app.ear.say(plan_words(self, move) + ".")  # (where its cards are)
        self.save()

    # ================================================================= input (to the parts)
    def pointer_down(self, pos: Point) -> None:
        self.end_deal()
        if self.session.finishing:  # a click while Finish plays: the rest at once
            self.skip_finish()
            return
        if self.chrome.pointer_down(pos):  # its own part of the screen (a log)
            return
        self.input.pointer_down(pos)

    def pointer_move(self, pos: Point) -> None:
        if not self.chrome.pointer_move(pos):
            self.input.pointer_move(pos)

    def pointer_up(self, pos: Point) -> None:
        if not self.chrome.pointer_up(pos):
            self.input.pointer_up(pos)

    def wheel(self, dy: int) -> None:
        self.chrome.wheel(dy)

    def key(self, event: pygame.event.Event) -> None:
        self.end_deal()
        if event.key == pygame.K_m:  # sound on or off, at any time
            self.toggle_sound()
            return
        if self.session.finishing:
            self.skip_finish()
            return
        if read_key(self, event):  # the ear's reading keys (only while it listens)
            return
        if not (self.chrome.key(event) or self.input.key(event)):
            refuse_key(self, event)

    def ear_view(self) -> View:
        return table_view(self)

    def ear_key(self) -> Hashable:
        """The table's view changes with the position, the focus, what is picked up and the
        buttons, never with cards in flight (whose frames draw many times a move)."""
        inp = self.input
        buttons = tuple((b.label, b.visible, b.enabled) for b in self.buttons)
        return (
            self.session.version,
            inp.focus,
            inp.selected,
            self.focused,
            buttons,
            language.current(),
        )

    def ear_activate(self, key: str) -> bool:
        """A screen reader pressed a pile (as Enter on it) or a button."""
        name = key[len(PILE) :] if key.startswith(PILE) else None
        if name is None or name not in self.layout.piles:
            return super().ear_activate(key)
        self.input.focus = name
        self.input.activate_focus()
        return True

    def toggle_sound(self) -> None:
        """M: the Sound setting on or off (saved)."""
        settings = self.app.settings
        settings.set("sound", not settings.sound)
        self.app.save_settings()
        if not settings.sound:
            self.app.sound.stop()
        self.say(
            _("Sound on.") if settings.sound else _("Sound off (M turns it back on)."),
            MessageKind.INFO,
            2000,
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
        self.chrome.relabel()  # its buttons in the language spoken now
        settings = self.app.settings
        key = (settings.four_colour, settings.card_back, settings.felt)
        art = get_art(
            self.layout.card_w, self.layout.card_h, key[0], self.layout.fan, self.layout.reveal
        )  # the cache's (it may have let go of the last one)
        if key != self.art_key or art is not self.art:
            self.art_key = key
            self.art = art
            art.back_style = settings.card_back
            self.view.invalidate()

    def leave(self) -> None:
        self.active = False
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
            self.unsaved_ms += dt
            if self.unsaved_ms >= TIME_SAVE_MS:  # so a reload loses at most a few seconds
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
            self.computers.run(now)
        for event in s.events:
            self.chrome.event(event)
        s.events.clear()
        if s.help is not None and not s.finishing:
            # an idle table lends the solver the rest of the frame (60 frames/s still held,
            # input answered in the next frame); a busy one, a small slice
            spare = min(SOLVER_IDLE_MAX_MS, self.app.spare_ms()) if idle else 0.0
            s.think_help(max(SOLVER_SLICE_MS, spare))
        self.chrome.update(dt)
        if self.app.ear.on:  # the light's verdict, said when it changes
            self.light_heard = light_news(self, self.light_heard)
        if s.is_over() and not self.end_shown and not self.anim.busy and not self.input.drag:
            self.end_shown = True
            self.game_over()

    def game_over(self) -> None:
        """The game is over: the chrome's end screen (counted, the match scored)."""
        self.chrome.game_over()

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
        timers = [t - now for t in (hint, self.message.until) if t > now]
        return min([self.chrome.rest_ms(), *timers, self.computers.wait_ms(now)])

    def frame_key(self) -> Hashable:
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
        """The win's bouncing cards, launched from the foundations."""
        self.app.sound.play("win")
        launches = [
            (c, self.layout.piles[name].rect.topleft)
            for name in self.foundations()
            for c, _ in self.piles()[name]
        ]
        self.celebration = Celebration(self.view.layer(), self.art, launches, self.state.seed)


__all__ = ["Table"]
