"""The chrome of a table where two to four players sit round a shared centre ("round" in a
game's description), such as Chinese Patience: the players' stocks and wastes on the sides of
the table (a layout per number of players), whose turn it is (a ring round that player's piles
and the panel's turn box), the card counts, the match score with the deal passing to the left,
Knock! (the game's calls), End turn, Undo/Redo, Hint (what the Hard computer player would
play), Rules, the computer's pace, New game and Menu; a banner
and the penalty cards flying when a knock catches a slip; the end screen with the places and
the match.

Each seat is a person or the computer (Session.seats): one person against one to three
computers, people at one screen, or the computer against itself to watch. A seat is named "you"
when one person plays, else "player N".

What it needs of a game: each seat p has piles ``stockp`` and ``wastep`` (its ring and labels
go round them), the state says ``player_count``, ``dealer``, ``finished`` (the seats out) and
``counts(seat)`` ({"stock": n, "waste": m}); its layout data may be given per number of players
(game/ui/layouts), with "sides" naming where each seat sits ("bottom", "left", "top",
"right").

The match (game.core.Match, saved per game with its seats): every game's points are added for
every player; the first game's dealer comes from the deal, then the deal passes to the left
(the match remembers who dealt last, and a new game of the match is dealt by the next player).

Statistics: the one person's games go into the game's statistics (Session.record, as at every
table); every finished game also counts, for each seat, under its kind ("person", "easy",
"medium", "hard"): the records ``<game>/<kind>`` (played, won, streaks), shown on the end
panel.
"""

from __future__ import annotations

import pygame

from game.core import STOP, Match
from game.session import PACES, level_of

from .. import theme
from ..canvas import CANVAS
from ..layout import layout_for
from ..layouts import layout_data
from . import panel
from ..widgets import Button, EndPanel, SeatPicker

PANEL_X = 916
BANNER_MS = 5000
PENALTY_MS = 900  # how long a penalty card flies
SIDE_NAME_W = 180  # portrait: a left or right seat's name, in lines this wide (clear of the centre)
TURN_RING = (236, 196, 84)

CONTROLS = """# Playing with mouse, finger or keys
Click (tap) your stock to turn its top card, then drag it (or click it and then its place) where it goes; places where it may go light up. Drag your waste's top card, or a column's outer card, the same way; drag a column by its first card to move the whole column. Double-click (double-tap) a card to send it to a foundation. End turn puts your turned-up stock card on your own waste. A refused move goes back and the line at the bottom says why.
Keys: T turns your stock card, E puts it on your waste (ending your turn), X knocks, H asks for a hint (what the Hard computer player would do), arrows or Tab choose a pile, Enter or Space picks up its card and puts it down on the chosen pile, F sends it to a foundation, Esc cancels (or goes back to the menu). Ctrl+Z or U undo, Ctrl+Y redo. + and - change the computer's pace, N starts a new game, M turns sound on or off."""


class RoundTable(panel.PanelChrome):
    controls = CONTROLS
    side_panel = True  # the left-handed setting puts it on the left

    def __init__(self, table):
        self.table = table
        self.app = table.app
        self.banner = None  # (title, text, until)
        self._match: Match | None = None
        self._match_for = None
        self.sides: list[str] = []
        x, w = PANEL_X + 12, 340
        half, quarter = (w - 10) // 2, (w - 30) // 4
        self.buttons = [
            Button((x, 346, w, 48), "Knock!", self.call_stop, self.can_call_stop, size=30,
                   name="Knock!"),
            Button((x, 400, w, 40), "End turn", self.end_turn, self.can_end_turn, size=22,
                   name="End turn"),
            Button((x, 446, quarter, 38), "Undo", table.undo, table.can_undo, size=22,
                   name="Undo"),
            Button((x + quarter + 10, 446, quarter, 38), "Redo", table.redo, table.can_redo,
                   size=22, name="Redo"),
            # what the Hard computer player would play (Session.hint), as at the duel table
            Button((x + 2 * (quarter + 10), 446, quarter, 38), "Hint", table.show_hint,
                   table.accepting_input, size=22, name="Hint"),
            Button((x + 3 * (quarter + 10), 446, quarter, 38), "Rules",
                   lambda: panel.show_rules(table), lambda: table.modal is None, size=22,
                   name="Rules"),
            Button((x, 516, 48, 36), "-", lambda: self.change_pace(-1), size=28,
                   name="slower"),
            Button((x + w - 48, 516, 48, 36), "+", lambda: self.change_pace(1), size=28,
                   name="faster"),
            Button((x, 566, half, 44), "New game", self.new_game, lambda: table.modal is None,
                   size=22, name="New game"),
            Button((x + half + 10, 566, half, 44), "Menu", self.app.title, size=22,
                   name="Menu"),
        ]
        if CANVAS.portrait:
            panel.place_portrait(self.buttons)
        elif table.layout.table_left:  # left-handed: the panel on the left
            panel.place_left(self.buttons, table)
        elif CANVAS.rail:  # a phone held sideways: the buttons in the rail, big
            panel.place_rail(self.buttons)
        self.add_log()  # the move log, read from the game's history (panel.py)

    @property
    def session(self):
        return self.table.session

    # ------------------------------------------------------------------ the layout
    def fit(self) -> None:
        """Give the table the layout for this game's number of players."""
        t = self.table
        if t.session is None:
            return
        n = t.state.player_count
        layout = layout_for(t.game_id, n, panel_left=bool(t.layout.table_left))
        if t.layout is not layout:
            t.layout = layout
            t.input.reset()
            t.view.invalidate()
            self.sides = list(layout_data(t.game_id, n, portrait=CANVAS.portrait)
                              .get("sides", ()))

    # ------------------------------------------------------------------ names
    def name(self, seat: int) -> str:
        """The seat in a sentence: "you" (one person at the table), else "player N"."""
        s = self.session
        return "you" if len(s.humans) == 1 and s.is_human(seat) else f"player {seat + 1}"

    def title(self, seat: int) -> str:
        """The seat as a heading: "You", "Player 2", "Player 3 (Hard)"."""
        s = self.session
        name = self.name(seat)
        if name == "you":
            return "You"
        level = level_of(s.seats[seat])
        return f"Player {seat + 1}" + (f" ({level.capitalize()})" if level else "")

    def subject(self, seat: int) -> str:
        name = self.name(seat)
        return name.capitalize()

    # ------------------------------------------------------------------ the match
    @property
    def match(self) -> Match:
        """The match of the game in play: the saved one when the same seats play it, else a
        new one."""
        if self._match is None or self._match_for is not self.session:
            self._match_for = self.session
            self._match = self.load_match()
        return self._match

    def new_match(self) -> Match:
        return Match(self.app.settings.match_target(self.table.game_id),
                     players=len(self.session.seats))

    def load_match(self) -> Match:
        game_id = self.table.game_id
        try:
            data = self.table.saved_match()  # (a shared table's match is its own)
        except Exception:
            data = None
        if data and tuple(data.get("seats") or ()) == self.session.seats:
            try:
                match = Match.from_dict(data)
                if match.players == len(self.session.seats):
                    return match
            except ValueError:
                self.app.notice("The saved match score could not be read; a new match begins.")
        return self.new_match()

    def record_match(self, result) -> None:
        if self.match.is_over():
            self._match = self.new_match()
        self.match.record(result, dealer=self.session.state.dealer)
        try:
            self.table.keep_match(self.match.to_dict() | {"seats": list(self.session.seats)})
        except Exception as e:
            self.table.say(f"The match score could not be saved: {e}", "error")

    def record_kinds(self) -> list[str]:
        """Count the finished game for each seat under its kind; lines for the end panel."""
        s, t = self.session, self.table
        kinds: dict[str, dict] = {}
        for kind, won in s.seat_results():
            try:
                kinds[kind] = self.app.saves.record_result(
                    f"{t.game_id}/{kind}", won=won, moves=s.move_count,
                    seconds=round(s.elapsed, 2))
            except Exception:
                return []
        order = ["person", "easy", "medium", "hard"]
        # every seat's game counted under its kind (two Medium seats: two games a round), so
        # said as such: "people" and "Medium computers", not "Medium won 1 of 2"
        parts = [f"{('people' if k == 'person' else k.capitalize() + ' computers')} won "
                 f"{v['won']} of {v['played']}" for k, v in
                 sorted(kinds.items(), key=lambda kv: order.index(kv[0])
                        if kv[0] in order else 9)]
        return [f"All rounds, each seat counted: {', '.join(parts)}."] if parts else []

    # ------------------------------------------------------------------ actions
    def can_call_stop(self) -> bool:
        return self.table.modal is None and self.session.can_call_stop()

    def call_stop(self) -> None:
        """A person knocks on another seat's last move."""
        if self.can_call_stop():
            t = self.table
            t.anim.clear()
            before = t.piles()
            self.session.call_stop()
            t.changed()
            if t.state.peek() == STOP:
                self.penalty_flight(before)

    def can_end_turn(self) -> bool:
        return self.table.accepting_input() and self.session.state.end_turn_move() is not None

    def end_turn(self) -> None:
        if self.can_end_turn():
            self.table.attempt(self.session.state.end_turn_move())

    def change_pace(self, step: int) -> None:
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
            t.abandon_then("New game", lambda: t.start(t.random_seed(), seats=seats))

        t.modal = SeatPicker(t, t.game_id, self.app.settings.seats(t.game_id), start)

    # ------------------------------------------------------------------ the frame
    def started(self) -> None:
        self.fit()
        t, s = self.table, self.session
        state = s.state
        dealer = self.match.next_dealer()
        if (dealer is not None and not state.history and state.dealer != dealer
                and dealer < state.player_count):
            # a game of the match: the deal passes to the left (the same deal number)
            t.start(state.seed, dict(state.options) | {"dealer": dealer}, s.seats)
            return
        self.banner = None
        first = s.to_move
        dealt = self.name(state.dealer)
        opening = (f"{dealt.capitalize()} dealt" if dealt != "you" else "You dealt")
        if s.is_human(first) and self.name(first) == "you":
            t.say(f"{opening}: you start. {self.tip()}".strip(), "info")
        else:
            t.say(f"{opening}: {self.name(first)} starts.", "info")

    def event(self, event) -> None:
        t, s = self.table, self.session
        kind, seat = event[0], event[1]
        if kind == "turn":
            if s.is_human(seat):
                t.say("Your turn." if self.name(seat) == "you" else
                      f"{self.title(seat)}'s turn.", "good", 2500)
            else:
                t.next_action_at = self.app.time_ms + self.app.settings.pace_ms
                if t.message_text() == "Your turn.":
                    t.say("", "info", 0)
        elif kind == "call":
            call = event[2]
            if not call.right:
                t.say(call.message, "warn", 4000)
                return
            offender = call.breach.player
            text = self.knock_text(call, offender)
            who = self.name(seat).capitalize()
            title = (f"Knock! {who} caught you." if self.name(offender) == "you"
                     else f"Knock! {who} caught {self.name(offender)}.")
            until = self.app.time_ms + BANNER_MS
            self.banner = (title, text, until)
            t.next_action_at = max(t.next_action_at, until)
            t.say(text, "good" if s.is_human(seat) else "warn", 9000)

    def knock_text(self, call, offender: int) -> str:
        b = call.breach
        whose = self.name(offender)
        reason = b.reason.split(": ", 1)[-1]
        if whose != "you":  # the core speaks to the mover
            reason = reason.replace("your ", "their ")
        reason = reason[0].upper() + reason[1:]
        if whose == "you":
            rest = ("Your move stands; each other player hands you a penalty card for the "
                    "bottom of your stock, and your turn ends.")
        else:
            rest = (f"The move stands; {whose} gets a penalty card from each other player, and "
                    "the turn passes.")
        return f"{reason} {rest}"

    def abandon_note(self) -> str:
        return ""  # (a game of several players given up is not scored in the match)

    def abandoning(self) -> None:
        pass

    def moved(self, move, before, mover) -> None:
        if move == STOP:  # (the log reads the moves from the game's history: panel.MoveBook)
            self.penalty_flight(before)

    def penalty_flight(self, before: dict) -> None:
        """The penalty cards of a knock fly, face down, to the offender's stock."""
        dur = PENALTY_MS if self.app.settings.animations else 0
        panel.fly_changes(self.table, before, self.table.piles(), face_up=False, dur=dur)

    own = "own "  # "on your own waste, ending the turn"

    def call_words(self, call, caller, called, state) -> str:
        """A knock in the log (who knocked is named with two players: the history keeps the
        knock, not the knocker)."""
        whose = "your" if self.name(called) == "you" else f"{self.name(called)}'s"
        reason = call.breach.reason.split(": ", 1)[-1].rstrip(".") if call.right else ""
        if self.name(called) != "you":
            reason = reason.replace("your ", "their ")
        text = (f"knocked on {whose} move ({reason}): it stands, a penalty card from each "
                "other player, and the turn passes")
        return text if caller is not None else "Knock! " + text[len("knocked "):]

    def update(self, dt: float) -> None:
        self.fit()
        self.buttons[0].visible = self.session.has_calls  # Knock! only where knocks exist
        if self.banner and self.app.time_ms >= self.banner[2]:
            self.banner = None

    def key(self, event) -> bool:
        k, t = event.key, self.table
        if self.log_view.key(event):  # PageUp/PageDown; more once the log is focused
            return True
        if k == pygame.K_t:
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
        kinds = []
        if not s.recorded:
            self.record_match(result)
            t.record()
            kinds = self.record_kinds()
            t.save()
        you = s.you
        if result.winner is None:
            title = "Stalemate"
        else:
            winner = self.name(result.winner)
            title = "You won!" if winner == "you" else f"{winner.capitalize()} won"
        lines = []
        if result.status == "stalemate":
            lines.append(result.reason)
        if result.winner is not None:
            lines.append(self.won_line(result))
        if len(s.seats) > 2:
            order = sorted(range(len(s.seats)), key=lambda p: result.places[p])
            lines.append("Places: " + ", ".join(f"{result.places[p]}. {self.title(p)}"
                                                for p in order))
        lines.append(self.match_line())
        if s.assisted and you is not None:  # Hint: counted apart, as in a solitaire
            lines.append("Played with help (Hint).")
        if self.match.is_over():
            name = self.name(self.match.winner)
            lines.append("You win the match!" if name == "you"
                         else f"{name.capitalize()} wins the match.")
        lines += kinds
        good = you is not None and result.winner == you
        if good:
            t.celebrate()
        label = "New match" if self.match.is_over() else "Next game"
        t.modal = EndPanel(t, title, lines[:5],
                           [(label, lambda: t.new_deal(False), "primary"),
                            ("Menu", self.app.title, "normal")],
                           dim=not good, good=good,
                           centerx=(t.layout.table_left + t.layout.table_right) // 2)

    def won_line(self, result) -> str:
        name = self.name(result.winner)
        who = "You score" if name == "you" else f"{name.capitalize()} scores"
        return f"{who} {result.points} point{'s' if result.points != 1 else ''}."

    def match_line(self) -> str:
        m = self.match
        parts = [f"{self.short(i)} {m.scores[i]}" for i in range(m.players)]
        return f"Match to {m.target}: {' · '.join(parts)}"

    def short(self, seat: int) -> str:
        """"You" or "P2": for the match line."""
        return "You" if self.name(seat) == "you" else f"P{seat + 1}"

    # ------------------------------------------------------------------ drawing
    def layer_key(self):
        self.fit()
        return (self.session.seats, id(self.table.layout), self.replay_key())

    def frame_key(self):
        """The live parts: the computer thinking, the banner, the log, the pace."""
        return (self.session.thinking, self.banner, self.log_view.key_parts(),
                self.replay_key(), self.app.settings.pace)

    def decorate(self, surf) -> None:
        panel.draw_panel(surf, self.table)
        right = self.table.layout.table_right - 8
        size = CANVAS.text(22)
        for seat, (x, y) in enumerate(self.table.layout.seat_names):
            if seat < len(self.session.seats):
                text = self.title(seat)
                side = self.sides[seat] if seat < len(self.sides) else "bottom"
                if CANVAS.portrait and side in ("left", "right"):  # beside the centre: narrow
                    lines = theme.wrap(text, size, SIDE_NAME_W, bold=True)
                else:
                    lines = (text,)
                for i, line in enumerate(lines):
                    lx = min(x, right - theme.measure(line, size, bold=True))
                    theme.blit_text(surf, line, (lx, y + i * (size - 8)), size, theme.INK_DIM,
                                    bold=True)

    def count_lines(self) -> list[tuple[str, tuple]]:
        s = self.session
        lines = []
        for seat in range(len(s.seats)):
            c = s.state.counts(seat)
            out = s.state.finished
            line = (f"{self.title(seat)}: stock {c['stock']} · waste {c['waste']}"
                    + (f" · out ({out.index(seat) + 1})" if seat in out else ""))
            lines.append((line, theme.GOLD if seat == s.to_move and not s.is_over()
                          else theme.INK))
        return lines

    def seat_area(self, seat: int) -> pygame.Rect | None:
        lay = self.table.layout
        names = (f"stock{seat}", f"waste{seat}")
        if not all(n in lay.piles for n in names):
            return None
        area = lay.piles[names[0]].rect.union(lay.piles[names[1]].rect).inflate(22, 22)
        badge = lay.piles[names[0]].badge
        if badge == "right":  # the counts beside the piles are inside the ring
            area.width += 30
        elif badge == "below":
            area.height += 26
        return area

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
            return f"{self.title(seat).split(' (')[0]} is thinking...", color
        return f"{self.title(seat).split(' (')[0]}'s turn", color

    def draw(self, screen) -> None:
        t, s = self.table, self.session
        if not s.is_over():  # whose turn it is, loudly: a ring round their piles
            area = self.seat_area(s.to_move)
            if area is not None:
                pygame.draw.rect(screen, TURN_RING, area, 4, border_radius=12)
                tag = theme.text("to play", CANVAS.text(18), (60, 40, 0), bold=True)
                side = self.sides[s.to_move] if s.to_move < len(self.sides) else "bottom"
                if side == "bottom":
                    box = tag.get_rect(midbottom=(area.centerx, area.top - 2)).inflate(10, 2)
                else:
                    box = tag.get_rect(midtop=(area.centerx, area.bottom + 2)).inflate(10, 2)
                pygame.draw.rect(screen, TURN_RING, box, border_radius=6)
                screen.blit(tag, tag.get_rect(center=box.center))
        if CANVAS.portrait or (CANVAS.rail and not t.layout.table_left):  # (sideways: in a
            # column, large)
            game_no = self.match.games + (0 if s.recorded else 1)
            lines = self.count_lines()
            lines.append((f"{self.match_line()} (game {game_no})", theme.ACCENT))
            panel.draw_portrait_texts(screen, t, self, lines)
            return
        px = panel.panel_x(t)
        x = px + 12
        theme.blit_text(screen, t.title_text, (x, 12), 34, theme.GOLD, bold=True)
        theme.blit_text(screen, self.fit_text(" · ".join([f"Deal {s.state.seed}",
                                                          *self.headline()]), 18, 340),
                        (x, 50), 18, theme.INK_DIM)
        box = pygame.Rect(x, 74, 340, 52)
        label, color = self.turn_label()
        pygame.draw.rect(screen, color, box, border_radius=10)
        theme.blit_text(screen, label, box.center, 28, theme.INK, bold=True, anchor="center")
        y = 134
        for seat in range(len(s.seats)):
            c = s.state.counts(seat)
            out = s.state.finished
            line = (f"{self.title(seat)}: stock {c['stock']} · waste {c['waste']}"
                    + (f" · out ({out.index(seat) + 1})" if seat in out else ""))
            theme.blit_text(screen, self.fit_text(line, 20, 340), (x, y), 20,
                            theme.GOLD if seat == s.to_move and not s.is_over() else theme.INK)
            y += 24
        game_no = self.match.games + (0 if s.recorded else 1)
        theme.blit_text(screen, self.fit_text(f"{self.match_line()} (game {game_no})", 18, 340),
                        (x, y + 4), 18, theme.ACCENT)
        y += 28
        self.log_view.draw(screen, panel.log_area(self, x, y, 340))
        theme.blit_text(screen, "Computer's pace", (px + 182, 494), 18, theme.INK_DIM,
                        anchor="midtop")
        theme.blit_text(screen, self.app.settings.pace.capitalize(), (px + 182, 520), 22,
                        theme.INK, bold=True, anchor="midtop")
        tip = self.tip()
        for i, line in enumerate(theme.wrap(tip, 18, 330) if tip else ()):
            theme.blit_text(screen, line, (x, 618 + i * 20), 18, theme.INK_DIM)

    def headline(self) -> list[str]:
        """The rule options in words: the priorities, and the variants that are on."""
        d, options = self.table.info, self.session.state.options
        out = []
        for o in d.option_list:
            value = options.get(o.name)
            if o.name == "players" or value is False:
                continue
            out.append(dict(o.labelled()).get(value, str(value)))
        return out

    @staticmethod
    def fit_text(text: str, size: int, width: int) -> str:
        if theme.font(size).size(text)[0] <= width:
            return text
        while text and theme.font(size).size(text + "...")[0] > width:
            text = text[:-1]
        return text + "..."

    def tip(self) -> str:
        s = self.session
        if not self.table.accepting_input():
            return ""
        state = s.state
        legal = state.legal_moves()
        end, turn = state.end_turn_move(), state.turn_move(f"stock{s.to_move}")
        for move in (end, turn):  # a priority may forbid them now: then say which move comes first
            if move is not None and move not in legal:
                reason = state.why_illegal(move) or ""
                return reason[:1].upper() + reason[1:]
        if end is not None:
            return ("Place your stock card, or End turn to put it on your waste (your turn "
                    "ends).")
        if turn is not None:
            return "Play on, or click your stock to turn its top card."
        return ""

    def draw_over(self, screen) -> None:
        """A knock's banner stands over the panel's top, never over the cards in play."""
        if self.banner:
            title, text, _ = self.banner
            w = panel.banner_rect(self.table, 0, 0, 0, 0).w
            big, small, big_step, small_step = panel.banner_sizes(26, 19, (28, 21))
            lines = theme.wrap(title, big, w - 24, bold=True)
            body = theme.wrap(text, small, w - 28)[:8]
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


CHROME = RoundTable

__all__ = ["CHROME", "CONTROLS", "RoundTable"]
