"""Russian Bank: you (player 0, bottom) against the computer (player 1, top).

The computer thinks in slices of a few milliseconds per frame (``job.think``) and its moves are
shown one at a time, ``PACES[setting]`` milliseconds apart. STOP! mode: a move of yours that only
breaks a priority is played; the computer may call "Stop!" (a banner says which rule, and the
penalty plays out); the Stop! button lets you call it on the computer's priority breaches.
Undo takes back your own moves of the current turn only.
"""

from __future__ import annotations

import pygame

from game.core import PASS, STOP, IllegalMove, Match, Move

from . import services, theme
from .app import LEVELS, PACES
from .table import Celebration, EndPanel, Table
from .widgets import Button

YOU, COMPUTER = 0, 1
THINK_SLICE_MS = 4
STOP_DELAY_MS = 650
PANEL_X = 916
END_TURN = Move("hand0", "waste0")
TURN_HAND = Move("hand0", "hand0")


class BankTable(Table):
    title_text = "Russian Bank"

    def __init__(self, app):
        self.bot = None
        self.bot_level = None
        self.job = None
        self.decided = None
        self.next_action_at = 0.0
        self.stop_at = None  # when the computer will call Stop! on your breach
        self.banner = None  # (title, text, until)
        self.turn_start = 0
        self._last_player = None
        self._breaches = (-1, [])
        self.match = None
        super().__init__(app, "russian-bank")
        self.load_match()

    # ----------------------------------------------------------------- setup
    def build_buttons(self) -> None:
        x, w = PANEL_X + 12, 340
        half = (w - 10) // 2
        self.buttons = [
            Button((x, 262, w, 58), "Stop!", self.player_stop, self.can_call_stop, size=32,
                   style="danger", name="Stop!"),
            Button((x, 330, w, 44), "End turn", self.end_turn,
                   self.can_end_turn, size=22, name="End turn"),
            Button((x, 384, half, 42), "Undo", self.undo, self.can_undo, size=22, name="Undo"),
            Button((x + half + 10, 384, half, 42), "Redo", self.redo, self.can_redo, size=22,
                   name="Redo"),
            Button((x, 466, 48, 38), "-", lambda: self.change_pace(-1), size=28, name="slower"),
            Button((x + w - 48, 466, 48, 38), "+", lambda: self.change_pace(1), size=28,
                   name="faster"),
            Button((x, 560, half, 44), "New game", self.new_deal, lambda: self.modal is None,
                   size=22, name="New game"),
            Button((x + half + 10, 560, half, 44), "Menu", self.app.title, size=22,
                   name="Menu"),
        ]

    def options(self) -> dict:
        s = self.app.settings
        return {"mode": s.get("rb_mode", "stop"),
                "own_waste_playable": bool(s.get("own_waste_playable", False)),
                "reserve_size": int(s.get("reserve_size", 13))}

    def load_match(self) -> None:
        data = None
        try:
            data = self.app.saves.match()
        except Exception:
            data = None
        try:
            self.match = Match.from_dict(data) if data else None
        except ValueError:
            self.app.notice("The saved match score could not be read; a new match begins.")
            self.match = None
        if self.match is None:
            self.match = Match(int(self.app.settings.get("match_target", 300)))

    def get_bot(self):
        level = self.app.settings.get("level", "medium")
        if self.bot is None or level != self.bot_level:
            self.bot = services.opponent(level)
            self.bot_level = level
        return self.bot

    def on_start(self) -> None:
        self.job = self.decided = None
        self.stop_at = None
        self.banner = None
        self.turn_start = 0
        self._last_player = self.state.current_player
        self.next_action_at = self.app.time_ms + self.pace()
        if self.state.current_player == COMPUTER:
            self.say("The computer's top reserve card is lower: the computer starts.", "info")
        else:
            self.say("Your top reserve card is lower: you start. Click your hand to turn a "
                     "card.", "info")

    def restore_extra(self, data) -> None:
        n = data.get("turn_start")
        size = len(self.state.history)
        self.turn_start = n if type(n) is int and 0 <= n <= size else size
        self._last_player = self.state.current_player
        self.job = self.decided = None
        self.stop_at = None

    def save_extra(self) -> dict:
        return {"turn_start": self.turn_start}

    def pace(self) -> float:
        return PACES.get(self.app.settings.get("pace", "normal"), 800)

    def change_pace(self, step: int) -> None:
        """step +1: faster (shorter pauses), -1: slower."""
        names = list(PACES)
        i = names.index(self.app.settings.get("pace", "normal")) if \
            self.app.settings.get("pace") in names else 1
        i = min(len(names) - 1, max(0, i + step))
        self.app.settings["pace"] = names[i]
        self.app.save_settings()
        self.say(f"The computer plays at a {names[i]} pace.", "info", 2000)

    # ----------------------------------------------------------------- whose turn
    def my_turn(self) -> bool:
        return self.state.current_player == YOU and not self.state.is_over()

    def accepting_input(self) -> bool:
        return self.modal is None and self.my_turn() and self.stop_at is None

    def last_mover(self) -> int | None:
        s = self.state
        last = s.peek()
        if last is None or last == STOP:
            return None
        if last == PASS or (last.source.startswith("hand") and last.target.startswith("waste")):
            return 1 - s.current_player
        return s.current_player

    def breaches(self) -> list[Move]:
        if self._breaches[0] != self.version:
            self._breaches = (self.version, self.state.breach_moves())
        return self._breaches[1]

    def candidate_moves(self) -> list[Move]:
        return self.legal() + self.breaches()

    # ----------------------------------------------------------------- moves
    def click(self, hit) -> None:
        if not self.accepting_input() and self.modal is None:
            if self.stop_at is None and not self.state.is_over():
                self.say("Wait: it is the computer's turn.", "info", 1500)
            return
        super().click(hit)

    def attempt(self, move: Move, start=None) -> bool:
        if not self.accepting_input():
            return False
        reason = self.state.why_illegal(move)
        breach = False
        if reason:
            if self.state.options["mode"] == "stop" and move in self.breaches():
                breach = True  # a priority slip: allowed, and the computer may call Stop!
            else:
                self.say(reason, "error")
                return False
        self.play(move, user=True, start=start, breach=breach)
        self.after_user_move(move)
        return True

    def push_redo(self, move: Move) -> None:
        try:
            self.state.push(move)
        except IllegalMove as e:
            if e.priority and self.state.options["mode"] == "stop":
                self.state.push(move, breach=True)
            else:
                raise

    def after_user_move(self, move) -> None:
        s = self.state
        breach = s.breach
        if breach is not None and breach.player == YOU and not s.is_over():
            if self.get_bot().calls_stop(s):
                self.stop_at = self.app.time_ms + STOP_DELAY_MS

    def after_change(self) -> None:
        s = self.state
        if s.current_player != self._last_player:
            self._last_player = s.current_player
            self.job = self.decided = None
            if s.current_player == YOU:
                self.turn_start = len(s.history)
                self.redo_groups.clear()
                if not s.is_over():
                    self.say("Your turn.", "good", 2500)
            else:
                self.next_action_at = self.app.time_ms + self.pace()
                if self.message_text() == "Your turn.":
                    self.say("", "info", 0)

    def is_turn_pile(self, name: str) -> bool:
        if name != "hand0":
            return False
        pile = self.piles()["hand0"]
        return not pile or not pile[-1][1]

    def turn(self, name: str) -> None:
        self.attempt(TURN_HAND)

    def back_deck(self, name, card) -> int:
        return card.deck

    def can_undo(self) -> bool:
        return (bool(self.undo_groups) and self.accepting_input()
                and len(self.state.history) - self.undo_groups[-1] >= self.turn_start)

    def can_redo(self) -> bool:
        return bool(self.redo_groups) and self.accepting_input()

    def can_end_turn(self) -> bool:
        """Your turned-up hand card can go on your waste, or (no hand, no waste) you may pass."""
        hand = self.piles()["hand0"]
        return self.accepting_input() and ((bool(hand) and hand[-1][1]) or PASS in self.legal())

    def end_turn(self) -> None:
        if self.can_end_turn():
            self.attempt(PASS if PASS in self.legal() else END_TURN)

    # ----------------------------------------------------------------- Stop!
    def can_call_stop(self) -> bool:
        return (self.modal is None and not self.state.is_over() and self.stop_at is None
                and self.last_mover() == COMPUTER)

    def player_stop(self) -> None:
        """You call Stop! on the computer's last move."""
        if not self.can_call_stop():
            return
        self.finish_flights()
        s = self.state
        call = s.call_stop()
        if call.right:
            self.undo_groups.append(1)
            self.job = self.decided = None
            self.changed()
            self.after_change()
            self.turn_start = len(s.history)
            text = self.stop_text(call, "The computer's move is taken back", "its turn ends")
            self.banner = ("Stop! You caught the computer.", text, self.app.time_ms + 5000)
            self.say(text, "good", 9000)
        else:
            self.say(call.message, "warn", 4000)

    def stop_text(self, call, taken: str, ends: str) -> str:
        """What a right Stop! call did, in words (the core's message uses move notation)."""
        b = call.breach
        reason = b.reason.removeprefix("Priority: ")
        reason = reason[0].upper() + reason[1:]
        target = self.state.pile[b.compulsory.target]
        card = target.top
        return (f"{reason} {taken}, the {card.name if card else 'card'} is played to "
                f"{target.label.replace('player 1', 'your').replace('player 2', 'the computer')}"
                f" instead, and {ends}.")

    def computer_stops(self) -> None:
        """The computer calls Stop! on your priority breach."""
        self.stop_at = None
        s = self.state
        if s.breach is None or s.breach.player != YOU:
            return
        call = s.call_stop()
        if not call.right:
            return
        self.undo_groups.append(1)
        self.redo_groups.clear()
        self.changed()
        self.after_change()
        text = self.stop_text(call, "Your move is taken back", "your turn ends")
        self.banner = ("Stop! The computer caught you.", text, self.app.time_ms + 5000)
        self.say(text, "warn", 9000)
        self.next_action_at = self.app.time_ms + max(self.pace(), 2500)

    # ----------------------------------------------------------------- the frame
    def game_update(self, dt: float) -> None:
        s = self.state
        now = self.app.time_ms
        if self.banner and now >= self.banner[2]:
            self.banner = None
        if s.is_over():
            if not self.end_shown and not self.flights and not self.drag:
                self.end_shown = True
                self.game_over()
            return
        if self.modal is not None or self.flights or self.drag:
            return
        if self.stop_at is not None:
            if now >= self.stop_at:
                self.computer_stops()
            return
        if s.current_player == COMPUTER:
            if self.job is None:
                self.job = self.get_bot().start(s)
                self.decided = None
            if self.decided is None:
                self.decided = self.job.think(THINK_SLICE_MS)
            if self.decided is not None and now >= self.next_action_at:
                move, self.decided, self.job = self.decided, None, None
                self.computer_play(move)
                self.next_action_at = now + self.pace()
        elif self.legal() == [PASS] and not self.press:
            self.play(PASS)
            self.say("You have no card to play and nothing to turn: you pass.", "info")

    def computer_play(self, move: Move) -> None:
        s = self.state
        if move in self.legal():
            self.play(move)
        elif move in self.breaches():
            self.play(move, breach=True)
        else:  # the opponent returned a move the rules refuse: play a legal one instead
            self.play(self.legal()[0])

    def game_over(self) -> None:
        s = self.state
        result = s.result()
        if not self.recorded:
            if self.match.is_over():
                self.match = Match(int(self.app.settings.get("match_target", 300)))
            self.match.record(result)
            try:
                self.app.saves.save_match(self.match.to_dict())
            except Exception as e:
                self.say(f"The match score could not be saved: {e}", "error")
            self.record(result.winner == YOU)
            self.save()
        you, bot = self.match.scores
        if result.status == "won":
            title = "You won!" if result.winner == YOU else "The computer won"
        else:
            title = "Stalemate"
        who = {YOU: "You score", COMPUTER: "The computer scores", None: "Nobody scores"}
        reason = result.reason
        if result.status == "won":
            reason = ("You have played every card." if result.winner == YOU
                      else "The computer has played every card.")
        lines = [reason, f"{who[result.winner]} {result.points} points."
                 if result.winner is not None else "Nobody scores.",
                 f"Match to {self.match.target}: you {you} · computer {bot}"]
        if self.match.is_over():
            lines.append("You win the match!" if self.match.winner == YOU
                         else "The computer wins the match.")
        if result.winner == YOU:
            self.celebration = Celebration(self)
        label = "New match" if self.match.is_over() else "Next game"
        self.modal = EndPanel(self, title, lines,
                              [(label, lambda: self.new_deal(False), "primary"),
                               ("Menu", self.app.title, "normal")],
                              dim=result.winner != YOU, good=result.winner == YOU,
                              centerx=self.layout.table_right // 2)

    def game_key(self, event) -> None:
        k = event.key
        if k == pygame.K_t:
            if self.is_turn_pile("hand0"):
                self.turn("hand0")
        elif k == pygame.K_e:
            self.end_turn()
        elif k == pygame.K_x:
            self.player_stop()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_pace(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_pace(-1)
        elif k == pygame.K_n:
            self.new_deal()

    def focus_order(self):
        return ["hand0", "waste0", "reserve0", *(f"house{i}" for i in range(8)),
                *(f"foundation{i}" for i in range(8)), "reserve1", "waste1", "hand1"]

    # ----------------------------------------------------------------- drawing
    def decorate_pile(self, surf, name, geom, cards, shown, hidden) -> None:
        super().decorate_pile(surf, name, geom, cards, shown, hidden)
        kind = name.rstrip("01")
        if kind in ("reserve", "hand", "waste"):
            theme.blit_text(surf, kind.capitalize(), (geom.rect.right + 6, geom.rect.y + 8), 18,
                            theme.INK_DIM, anchor="topleft")

    def decorate_layer(self, surf) -> None:
        panel = pygame.Rect(PANEL_X, 0, theme.W - PANEL_X, 680)
        pygame.draw.rect(surf, theme.PANEL, panel)
        pygame.draw.line(surf, theme.BAR_LINE, panel.topleft, panel.bottomleft, 2)
        theme.blit_text(surf, "Computer", (20, 40), 26, theme.INK_DIM, bold=True)
        theme.blit_text(surf, "You", (20, 598), 26, theme.INK_DIM, bold=True)
        pygame.draw.line(surf, theme.BAR_LINE, (0, 680), (theme.W, 680))

    def draw_hud(self, screen) -> None:
        s = self.state
        x = PANEL_X + 12
        theme.blit_text(screen, "Russian Bank", (x, 12), 34, theme.GOLD, bold=True)
        mode = "STOP! mode" if s.options["mode"] == "stop" else "Strict mode"
        level = self.app.settings.get("level", "medium")
        theme.blit_text(screen, f"Deal {s.seed} · {mode} · {level.capitalize()} opponent",
                        (x, 50), 18, theme.INK_DIM)
        box = pygame.Rect(x, 74, 340, 52)
        if s.is_over():
            label, color = "Game over", theme.BUTTON
        elif s.current_player == YOU:
            label, color = "Your turn", (176, 132, 36)
        elif self.decided is None and self.job is not None:
            label, color = "Computer is thinking...", (40, 80, 150)
        else:
            label, color = "Computer's turn", (40, 80, 150)
        pygame.draw.rect(screen, color, box, border_radius=10)
        theme.blit_text(screen, label, box.center, 28, theme.INK, bold=True, anchor="center")
        y = 136
        for p, who in ((YOU, "You"), (COMPUTER, "Computer")):
            c = s.counts(p)
            theme.blit_text(screen, f"{who}: reserve {c['reserve']} · hand {c['hand']} · "
                            f"waste {c['waste']}", (x, y), 20, theme.INK)
            y += 26
        you, bot = self.match.scores
        theme.blit_text(screen, f"Match to {self.match.target}: you {you} · computer {bot}",
                        (x, y + 6), 20, theme.ACCENT)
        game_no = self.match.games + (0 if self.recorded else 1)
        theme.blit_text(screen, f"Game {game_no} of the match", (x, y + 32), 18,
                        theme.INK_DIM)
        theme.blit_text(screen, "Computer's pace", (PANEL_X + 182, 452), 18, theme.INK_DIM,
                        anchor="midtop")
        theme.blit_text(screen, self.app.settings.get("pace", "normal").capitalize(),
                        (PANEL_X + 182, 474), 24, theme.INK, bold=True, anchor="midtop")
        hand = s.pile["hand0"]
        if self.my_turn() and hand.cards and hand.down == len(hand.cards):
            tip = "Click your hand to turn up a card."
        elif self.my_turn() and hand.down < len(hand.cards):
            tip = "Play on, then put the hand card on your waste to end your turn."
        else:
            tip = ""
        if tip:
            for i, line in enumerate(theme.wrap(tip, 18, 330)):
                theme.blit_text(screen, line, (x, 616 + i * 20), 18, theme.INK_DIM)
        super().draw_hud(screen)
        if self.banner:
            title, text, _ = self.banner
            rect = pygame.Rect(0, 0, 640, 170)
            rect.center = (self.layout.table_right // 2, 330)
            pygame.draw.rect(screen, (120, 20, 20), rect, border_radius=14)
            pygame.draw.rect(screen, (255, 200, 180), rect, 3, border_radius=14)
            theme.blit_text(screen, title, (rect.centerx, rect.y + 14), 36, theme.INK, bold=True,
                            anchor="midtop")
            for i, line in enumerate(theme.wrap(text, 22, rect.w - 40)[:4]):
                theme.blit_text(screen, line, (rect.centerx, rect.y + 62 + i * 25), 22,
                                theme.INK, anchor="midtop")


__all__ = ["BankTable", "LEVELS"]
