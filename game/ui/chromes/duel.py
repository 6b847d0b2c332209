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

import pygame

from game.core import Match
from game.session import PACES, describe, seat_title

from .. import theme
from ..canvas import CANVAS
from ..widgets import Button, EndPanel, SeatPicker
from . import panel

PANEL_X = 916
BANNER_MS = 5000

CONTROLS = """# Playing with mouse, finger or keys
Drag a card to move it, or click (tap) it and then click where it should go. Places where it may go light up. Double-click (double-tap) a card to send it to a foundation. Click your hand to turn up its card. A refused move goes back and the line at the bottom says why.
Keys: arrows or Tab choose a pile, Enter or Space picks up its card and puts it down on the chosen pile, F sends it to a foundation, Esc cancels (or goes back to the menu). Ctrl+Z or U undo, Ctrl+Y redo. T turns your hand card, E ends your turn, X calls Stop!, H asks for a hint (what the Hard computer player would do), + and - change the computer's pace, N starts a new game, M turns sound on or off."""


class SidePanel(panel.PanelChrome):
    controls = CONTROLS
    side_panel = True  # the left-handed setting puts it on the left

    def __init__(self, table):
        self.table = table
        self.app = table.app
        self.banner = None  # (title, text, until)
        self._turn_seat = None  # whose turn the last "turn" event began
        self._match: Match | None = None
        self._match_for = None  # the session the match was read for
        x, w = PANEL_X + 12, 340
        half, quarter = (w - 10) // 2, (w - 30) // 4
        self.buttons = [
            Button((x, 318, w, 50), "Stop!", self.call_stop, self.can_call_stop, size=30,
                   name="Stop!"),
            Button((x, 376, w, 42), "End turn", self.end_turn, self.can_end_turn, size=22,
                   name="End turn"),
            Button((x, 426, quarter, 40), "Undo", table.undo, table.can_undo, size=22,
                   name="Undo"),
            Button((x + quarter + 10, 426, quarter, 40), "Redo", table.redo, table.can_redo,
                   size=22, name="Redo"),
            Button((x + 2 * (quarter + 10), 426, quarter, 40), "Hint", table.show_hint,
                   table.accepting_input, size=22, name="Hint"),
            Button((x + 3 * (quarter + 10), 426, quarter, 40), "Rules",
                   lambda: panel.show_rules(table), lambda: table.modal is None, size=22,
                   name="Rules"),
            Button((x, 500, 48, 38), "-", lambda: self.change_pace(-1), size=28,
                   name="slower"),
            Button((x + w - 48, 500, 48, 38), "+", lambda: self.change_pace(1), size=28,
                   name="faster"),
            Button((x, 560, half, 44), "New game", self.new_game, lambda: table.modal is None,
                   size=22, name="New game"),
            Button((x + half + 10, 560, half, 44), "Menu", self.app.title, size=22,
                   name="Menu"),
        ]
        if CANVAS.portrait:
            panel.place_portrait(self.buttons)
        elif table.layout.table_left:  # left-handed: the panel on the left
            panel.place_left(self.buttons, table)
        elif CANVAS.rail:  # a phone held sideways: the buttons in the rail, big
            on_table = "End turn" if table.layout.turn_button is not None else None
            panel.place_rail([b for b in self.buttons if b.name != on_table])
        self.turn_button = self.place_turn_button(table.layout.turn_button)
        self.add_log()  # the move log, read from the game's history (panel.py)
        # the match is read when first needed (``match``): the table has no session yet

    def place_turn_button(self, rect) -> Button | None:
        """With a "turn_button" in the layout, End turn moves onto the table, big, there."""
        if rect is None:
            return None
        button = self.buttons[1]
        button.rect = pygame.Rect(rect)
        button.label, button.style = "", "primary"  # what it says is drawn over it (draw_over)
        return button

    @property
    def session(self):
        return self.table.session

    def name(self, seat: int) -> str:
        """The seat in a sentence: "you", "the computer", "player 2"."""
        return self.table.seat_name(seat)

    def title(self, seat: int) -> str:
        """The seat as a heading: "You", "Computer", "Player 2"."""
        return seat_title(self.session.seats, seat)

    # ------------------------------------------------------------------ the match
    @property
    def match(self) -> Match:
        """The match of the game in play, read for each new session: the saved one when the
        same seats play it, else a new one (other seats play another match)."""
        if self._match is None or self._match_for is not self.session:
            self._match_for = self.session
            self._match = self.load_match()
        return self._match

    def load_match(self) -> Match:
        game_id = self.table.game_id
        try:
            data = self.table.saved_match()  # (a shared table's match is its own)
        except Exception:
            data = None
        seats = self.session.seats
        if data and tuple(data.get("seats") or seats) == seats:
            try:
                match = Match.from_dict(data)
                if match.players == len(seats):
                    return match
            except ValueError:
                self.app.notice("The saved match score could not be read; a new match begins.")
        return Match(self.app.settings.match_target(game_id))

    def abandon_note(self) -> str:
        """Giving a game of the match up gives it to the other player. A match belongs to
        its seats (load_match): when the new game is for other seats (New game, "Who
        plays?"), the points go to this match and the new game starts another, so the note
        says so (it once promised the computer 62 points, and the table then showed 0 - 0)."""
        s = self.session
        result = s.state.concede(s.you) if s.you is not None else None
        if result is None:
            return ""
        note = (f"In the match, {self.name(result.winner)} scores it as a win: "
                f"{result.points} points.")
        seats = self.next_seats
        if seats is not None and tuple(seats) != tuple(s.seats):
            scores = list(self.match.scores)
            scores[result.winner] += result.points
            note = (f"In the match of these seats, {self.name(result.winner)} scores it as a "
                    f"win: {result.points} points ({self.match_line(scores)}). The new seats "
                    "play a new match, from 0.")
        return note

    next_seats = None  # the seats of the game about to start, while New game asks first

    def abandoning(self) -> None:
        s = self.session
        result = s.state.concede(s.you) if s.you is not None and not s.is_over() else None
        if result is not None:
            self.record_match(result)

    def record_match(self, result) -> None:
        if self.match.is_over():
            self._match = Match(self.app.settings.match_target(self.table.game_id))
        self.match.record(result)
        try:
            self.table.keep_match(self.match.to_dict() | {"seats": list(self.session.seats)})
        except Exception as e:
            self.table.say(f"The match score could not be saved: {e}", "error")

    # ------------------------------------------------------------------ actions
    def can_call_stop(self) -> bool:
        return self.table.modal is None and self.session.can_call_stop()

    def call_stop(self) -> None:
        """A person calls Stop! on the other seat's last move."""
        if self.can_call_stop():
            self.table.anim.clear()
            self.session.call_stop()
            self.table.changed()

    def can_end_turn(self) -> bool:
        """Only when ending the turn is allowed now (never a priority slip invited)."""
        state = self.session.state
        move = state.end_turn_move()
        return self.table.accepting_input() and move is not None and move in state.legal_moves()

    def end_turn(self) -> None:
        if self.can_end_turn():
            self.table.attempt(self.session.state.end_turn_move())

    def change_pace(self, step: int) -> None:
        """step +1: faster (shorter pauses), -1: slower."""
        names = list(PACES)
        i = min(len(names) - 1, max(0, names.index(self.app.settings.pace) + step))
        self.app.settings.set("pace", names[i])
        self.app.save_settings()
        self.table.say(f"The computer plays at a {names[i]} pace.", "info", 2000)

    def new_game(self) -> None:
        """Ask who plays (remembered), then deal (an unfinished game counts as lost)."""
        t = self.table

        def start(seats):
            self.app.settings.set_seats(t.game_id, seats)
            self.app.save_settings()
            self.next_seats = tuple(seats)  # for abandon_note, asked for right here
            try:
                t.abandon_then("New game", lambda: t.start(t.random_seed(), seats=seats))
            finally:
                self.next_seats = None

        t.modal = SeatPicker(t, t.game_id, self.app.settings.seats(t.game_id), start)

    # ------------------------------------------------------------------ the frame
    def started(self) -> None:
        self.banner = None
        s = self.session
        first = self._turn_seat = s.to_move
        # who starts and why is the game's to say (Russian Bank: the lower top reserve card,
        # the houses on a tie; Battle solitaire: the cards drawn)
        text = s.state.opening([self.name(seat) for seat in range(len(s.seats))])
        if len(s.humans) == 1 and s.is_human(first):
            # what to do first is the tip's: a move allowed now (an Ace dealt to a house must
            # go home before the hand is touched)
            text = f"{text} {self.tip()}".strip()
        # what the game wants said as it begins (Battle solitaire: the first turn can decide it)
        note = getattr(s.state, "START_NOTE", "")
        self.table.say(f"{text} {note}".strip(), "info")

    def event(self, event) -> None:
        t, s = self.table, self.session
        kind, seat = event[0], event[1]
        if kind == "turn":
            again, self._turn_seat = seat == self._turn_seat, seat
            if again:  # the other seat missed its turn: the price of a wrong Stop! call
                t.say(self.again_text(seat), "warn", 5000)
                if not s.is_human(seat):
                    t.next_action_at = self.app.time_ms + self.app.settings.pace_ms
            elif s.is_human(seat):
                t.say("Your turn." if len(s.humans) == 1 else
                      f"{self.name(seat).capitalize()}'s turn.", "good", 2500)
            else:
                t.next_action_at = self.app.time_ms + self.app.settings.pace_ms
                if t.message_text() == "Your turn.":
                    t.say("", "info", 0)
        elif kind == "pass":
            t.say(f"{self.subject(seat)} no card to play and nothing to turn: "
                  f"{self.name(seat)} pass{'' if self.name(seat) == 'you' else 'es'}.", "info")
        elif kind == "call":
            call = event[2]
            if not call.right:
                t.say(self.wrong_call_text(call, seat), "warn", 6000)
                return
            offender = call.breach.player
            text = self.stop_text(call, offender)
            if s.is_human(offender) and len(s.humans) == 1:
                title = f"Stop! {self.name(seat).capitalize()} caught you."
            else:
                title = f"Stop! {self.name(seat).capitalize()} caught {self.name(offender)}."
            until = self.app.time_ms + BANNER_MS
            self.banner = (title, text, until)
            t.next_action_at = max(t.next_action_at, until)  # play waits while it stands
            t.say(text, "good" if s.is_human(seat) else "warn", 9000)

    def moved(self, move, before, mover) -> None:
        """(The log reads the moves from the game's history: panel.MoveBook.)"""

    def call_words(self, call, caller, called, state) -> str:
        """A Stop! call in the log, said of the position after it (``state``)."""
        if call.right:
            b = call.breach
            card = state.pile[b.compulsory.target].top
            whose = "your" if self.name(called) == "you" else f"{self.name(called)}'s"
            where = ("to a foundation" if b.compulsory.target.startswith("foundation")
                     else "to the empty house")
            reason = b.reason.removeprefix("Priority: ")
            return (f"called Stop! on {whose} move ({reason.rstrip('.')}): taken back, the "
                    f"{card.name if card else 'card'} {where} instead, and the turn ends")
        price = ("the turn ends" if call.cost == "turn" else "the next turn is missed"
                 if call.cost == "next turn" else "no cost")
        return f"called Stop! wrongly (no priority broken): {price}"

    def again_text(self, seat: int) -> str:
        """The same seat plays again: the other missed its turn for a wrong Stop! call."""
        other = self.name(1 - seat) if len(self.session.seats) == 2 else "the other player"
        if self.name(seat) == "you":
            return f"Your turn again: {other} misses a turn for a wrong Stop! call."
        if other == "you":
            return (f"{self.name(seat).capitalize()} plays again: you miss this turn for your "
                    "wrong Stop! call.")
        return f"{self.name(seat).capitalize()} plays again: {other} misses a turn."

    def wrong_call_text(self, call, caller: int) -> str:
        """A wrong Stop! call in words, with its price (option ``wrong_call``) for the caller."""
        name = self.name(caller)
        you = name == "you"
        if call.cost == "turn":
            price = " Your turn ends." if you else f" The turn of {name} ends."
        elif call.cost == "next turn":
            price = (" You miss your next turn." if you
                     else f" {name.capitalize()} misses their next turn.")
        else:
            price = ""
        return "Wrong call: the last move broke no priority rule." + price

    def subject(self, seat: int) -> str:
        name = self.name(seat)
        return "You have" if name == "you" else f"{name.capitalize()} has"

    def stop_text(self, call, offender: int) -> str:
        """What a right Stop! call did, in words (the core's message uses move notation)."""
        b = call.breach
        reason = b.reason.removeprefix("Priority: ")
        reason = reason[0].upper() + reason[1:]
        target = self.session.state.pile[b.compulsory.target]
        card = target.top
        whose = self.name(offender)
        taken = ("Your move is taken back" if whose == "you"
                 else f"The move of {whose} is taken back")
        place = target.label
        for seat in range(len(self.session.seats)):
            owner = self.name(seat)
            place = place.replace(f"player {seat + 1}'s",
                                  "your" if owner == "you" else f"{owner}'s")
        ends = "your turn ends" if whose == "you" else f"the turn of {whose} ends"
        return (f"{reason} {taken}, the {card.name if card else 'card'} is played to {place} "
                f"instead, and {ends}.")

    def update(self, dt: float) -> None:
        if self.banner and self.app.time_ms >= self.banner[2]:
            self.banner = None
        self.buttons[0].visible = self.has_calls()

    def has_calls(self) -> bool:
        """The game as dealt has Stop! calls (else its Stop! button is not shown: Battle
        solitaire has none, Russian Bank none in strict mode)."""
        return self.session.has_calls

    def key(self, event) -> bool:
        k, t = event.key, self.table
        if self.log_view.key(event):  # PageUp/PageDown; more once the log is focused
            return True
        if k == pygame.K_t:  # turn a card of your hand (whichever pile turns now)
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
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_pace(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_pace(-1)
        elif k == pygame.K_n:
            self.new_game()
        else:
            return False
        return True

    def game_over(self) -> None:
        t, s = self.table, self.session
        result = s.state.result()
        if not s.recorded:
            self.record_match(result)
            t.record()
            t.save()
        you = s.you
        scores = self.match.scores
        if result.status == "won":
            winner = self.name(result.winner)
            title = "You won!" if winner == "you" else f"{winner.capitalize()} won"
            reason = ("You have played every card." if winner == "you"
                      else f"{winner.capitalize()} has played every card.")
        else:
            title, reason = "Stalemate", result.reason
        if result.winner is None:
            points = "Nobody scores."
        else:
            name = self.name(result.winner)
            points = (f"You score {result.points} points." if name == "you"
                      else f"{name.capitalize()} scores {result.points} points.")
        lines = [reason, points, self.match_line(scores)]
        if s.assisted and you is not None:  # Hint: counted apart, as in a solitaire
            lines.append("Played with help (Hint).")
        if self.match.is_over():
            name = self.name(self.match.winner)
            lines.append("You win the match!" if name == "you"
                         else f"{name.capitalize()} wins the match.")
        good = you is not None and result.winner == you
        if good:
            t.celebrate()
        label = "New match" if self.match.is_over() else "Next game"
        t.modal = EndPanel(t, title, lines,
                           [(label, lambda: t.new_deal(False), "primary"),
                            ("Menu", self.app.title, "normal")],
                           dim=not good, good=good,
                           centerx=(t.layout.table_left + t.layout.table_right) // 2)

    def match_line(self, scores=None) -> str:
        """The match in a line: "Match to 300: You 42 · Computer 30" (with ``scores``, those
        scores: the end screen's, before the match was recorded)."""
        scores = self.match.scores if scores is None else scores
        parts = [f"{self.title(i)} {scores[i]}" for i in range(len(scores))]
        return f"Match to {self.match.target}: {' · '.join(parts)}"

    # ------------------------------------------------------------------ drawing
    def layer_key(self):
        return (self.session.seats, self.replay_key())

    def frame_key(self):
        """The live parts: the computer thinking, the banner, the log, the pace."""
        return (self.session.thinking, self.banner, self.log_view.key_parts(),
                self.replay_key(), self.app.settings.pace)

    def decorate(self, surf) -> None:
        panel.draw_panel(surf, self.table)
        for seat, pos in enumerate(self.table.layout.seat_names):
            theme.blit_text(surf, self.title(seat), pos, CANVAS.text(26), theme.INK_DIM,
                            bold=True)

    def draw_portrait(self, screen) -> None:
        s = self.session
        lines = []
        for seat in range(len(s.seats)):
            counts = " · ".join(f"{what} {n}" for what, n in s.state.counts(seat).items())
            lines.append((f"{self.title(seat)}: {counts}", theme.INK))
        game_no = self.match.games + (0 if s.recorded else 1)
        lines.append((f"{self.match_line(self.match.scores)} (game {game_no})", theme.ACCENT))
        panel.draw_portrait_texts(screen, self.table, self, lines)

    def turn_label(self):
        s = self.session
        seat = s.to_move
        if s.is_over():
            return "Game over", theme.BUTTON
        name = self.name(seat)
        color = (176, 132, 36) if s.is_human(seat) else (40, 80, 150)
        if name == "you":
            return "Your turn", color
        if not s.is_human(seat) and s.thinking:
            return f"{name.capitalize()} is thinking...", color
        return f"{name.capitalize()}'s turn", color

    def draw(self, screen) -> None:
        t, s = self.table, self.session
        if CANVAS.portrait or (CANVAS.rail and not t.layout.table_left):
            self.draw_portrait(screen)  # (sideways: the panel's texts in a column, large)
            return
        px = panel.panel_x(t)
        x = px + 12
        theme.blit_text(screen, t.title_text, (x, 12), 34, theme.GOLD, bold=True)
        theme.blit_text(screen, " · ".join([f"Deal {s.state.seed}", *self.headline(),
                                            describe(s.seats)]), (x, 50), 18, theme.INK_DIM)
        box = pygame.Rect(x, 74, 340, 52)
        label, color = self.turn_label()
        pygame.draw.rect(screen, color, box, border_radius=10)
        theme.blit_text(screen, label, box.center, 28, theme.INK, bold=True, anchor="center")
        y = 136
        for seat in range(len(s.seats)):
            counts = " · ".join(f"{what} {n}" for what, n in s.state.counts(seat).items())
            theme.blit_text(screen, f"{self.title(seat)}: {counts}", (x, y), 20, theme.INK)
            y += 26
        game_no = self.match.games + (0 if s.recorded else 1)
        theme.blit_text(screen, f"{self.match_line(self.match.scores)} (game {game_no})",
                        (x, y + 4), 20, theme.ACCENT)
        y += 32
        self.log_view.draw(screen, panel.log_area(self, x, y, 340))
        theme.blit_text(screen, "Computer's pace", (px + 182, 480), 18, theme.INK_DIM,
                        anchor="midtop")
        theme.blit_text(screen, self.app.settings.pace.capitalize(), (px + 182, 506), 24,
                        theme.INK, bold=True, anchor="midtop")
        tip = self.tip()
        for i, line in enumerate(theme.wrap(tip, 18, 330) if tip else ()):
            theme.blit_text(screen, line, (x, 616 + i * 20), 18, theme.INK_DIM)

    def headline(self) -> list[str]:
        """The table's first rule option in words (Russian Bank: STOP! mode or Strict)."""
        options = self.table.info.option_list
        if not options:
            return []
        value = self.session.state.options[options[0].name]
        return [dict(options[0].labelled())[value]]

    def tip(self) -> str:
        """What to do next, always a move the rules allow now: where a priority makes a move
        compulsory, the rules' own sentence saying which and why (in STOP! mode too, where the
        slip could be played: the tip never invites it)."""
        s = self.session
        if not self.table.accepting_input():
            price = s.state.call_price()  # while the other plays: what a wrong call costs
            return (f"Stop! only on a broken priority: a wrong call costs you {price}."
                    if price and self.can_call_stop() else "")
        state = s.state
        hand = state.pile[f"hand{s.to_move}"]
        natural = None  # the move the player would make next: turn the hand card, end the turn
        if hand.cards and hand.down == len(hand.cards):
            natural = state.turn_move(hand.name)
        elif hand.down < len(hand.cards):
            natural = state.end_turn_move()
        if natural is not None and natural not in state.legal_moves():
            reason = state.why_illegal(natural) or ""
            reason = reason.removeprefix("Priority: ")
            return reason[:1].upper() + reason[1:]
        if hand.cards and hand.down == len(hand.cards):
            return "Click your hand to turn up a card."
        if hand.down < len(hand.cards):
            return "Play on, then put the hand card on your waste to end your turn."
        turn = s.state.turn_move(hand.name)
        if turn is not None and turn.source != hand.name:  # a pile turns back into the hand
            noun = getattr(s.state.pile[turn.source], "noun", "pile")
            return f"Click your empty hand to turn your {noun} back into it."
        if self.turn_button is not None:
            return "Press the turn button when you can't (or don't want to) move any more."
        return ""

    def draw_turn_button(self, screen) -> None:
        """The turn button on the table: whose turn it is, a red arrow tip at their side, and
        what pressing it does."""
        b, s = self.turn_button, self.session
        rect = b.rect
        if s.is_over():
            title, note = "Game over", ""
        else:
            seat = s.to_move
            title = self.title(seat)
            if b.enabled:
                note = "press to end the turn"
            elif not s.is_human(seat):
                note = "is thinking..." if s.thinking else "is playing"
            else:
                note = ""
            seats = self.table.layout.seat_names
            if seat < len(seats):  # the arrow points at the side of the player on turn
                tx, ty = seats[seat]
                dx, dy = tx - rect.centerx, ty - rect.centery
                if abs(dx) >= abs(dy):
                    sign = 1 if dx > 0 else -1
                    base = rect.right + 2 if sign > 0 else rect.left - 2
                    tip = [(base + 24 * sign, rect.centery), (base, rect.centery - 18),
                           (base, rect.centery + 18)]
                else:
                    sign = 1 if dy > 0 else -1
                    base = rect.bottom + 2 if sign > 0 else rect.top - 2
                    tip = [(rect.centerx, base + 24 * sign), (rect.centerx - 18, base),
                           (rect.centerx + 18, base)]
                pygame.draw.polygon(screen, (205, 40, 35), tip)
                pygame.draw.polygon(screen, (255, 190, 170), tip, 2)
        ink = theme.INK if b.enabled else theme.INK_DIM
        if CANVAS.portrait or CANVAS.rail:  # the words larger, the note wrapped within the
            size = 36 if CANVAS.portrait else 32  # button (sideways: 12.5 CSS px)
            lines = [title, *theme.wrap(note, size, rect.w - 16)] if note else [title]
            step = theme.font(size).get_height()
            y = rect.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                theme.blit_text(screen, line, (rect.centerx, y + i * step), size, ink,
                                bold=i == 0, anchor="midtop")
            return
        theme.blit_text(screen, title, (rect.centerx, rect.y + (10 if note else 22)), 32, ink,
                        bold=True, anchor="midtop")
        if note:
            theme.blit_text(screen, note, (rect.centerx, rect.bottom - 28), 18, ink,
                            anchor="midtop")

    def draw_over(self, screen) -> None:
        """The turn button's words (when it lies on the table). A Stop! banner stands over the
        panel's top, never over the cards in play."""
        if self.turn_button is not None:
            self.draw_turn_button(screen)
        if self.banner:
            title, text, _ = self.banner
            w = panel.banner_rect(self.table, 0, 0, 0, 0).w
            big, small, big_step, small_step = panel.banner_sizes(28, 20, (30, 22))
            lines = theme.wrap(title, big, w - 24, bold=True)
            body = theme.wrap(text, small, w - 28)[:7]
            rect = panel.banner_rect(self.table, len(lines), len(body), big_step, small_step)
            pygame.draw.rect(screen, (120, 20, 20), rect, border_radius=14)
            pygame.draw.rect(screen, (255, 200, 180), rect, 3, border_radius=14)
            y = rect.y + 12
            for line in lines:
                theme.blit_text(screen, line, (rect.centerx, y), big, theme.INK, bold=True,
                                anchor="midtop")
                y += big_step
            for line in body:
                if y + small_step > rect.bottom:
                    break
                theme.blit_text(screen, line, (rect.centerx, y + 6), small, theme.INK,
                                anchor="midtop")
                y += small_step


CHROME = SidePanel

__all__ = ["CONTROLS", "SidePanel", "CHROME"]
