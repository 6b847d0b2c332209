"""Forty Thieves and Indian Patience: the toolbar, safe auto-moves to the foundations, the end
screen, and the places where the solver plugs in (Hint, the "still winnable?" light,
auto-finish, winnable deals only)."""

from __future__ import annotations

import random

import pygame

from game.core import Move

from . import services, theme
from .table import Celebration, EndPanel, Table
from .widgets import Button, NumberEntry

TITLES = {"forty-thieves": "Forty Thieves", "indian-patience": "Indian Patience"}
TURN_STOCK = Move("stock", "waste")
SOLVER_SLICE_MS = 3  # the solver's share of each frame
#: the "still winnable?" light: winnable, not winnable, thinking or unknown
LIGHT_COLOURS = {"won": (80, 220, 100), "lost": (230, 70, 60), None: (150, 150, 150)}


class SolitaireTable(Table):
    def __init__(self, app, game_id: str):
        self.title_text = TITLES[game_id]
        self.solver_job = None  # the "still winnable?" search, sliced across frames
        self.solver_waits = False  # the position changed this frame: the solver starts next
        self.verdict = None
        self.finishing = []  # a winning line being played out (auto-finish)
        self.light_at = None  # where the "still winnable?" light was drawn (None: off)
        super().__init__(app, game_id)

    # ----------------------------------------------------------------- setup
    def build_buttons(self) -> None:
        y, h = 7, 38
        specs = [("Menu", 84, self.app.title, True),
                 ("Undo", 84, self.undo, self.can_undo),
                 ("Redo", 84, self.redo, self.can_redo),
                 ("Hint", 76, self.show_hint, lambda: self.solver_ready()),
                 ("Restart", 100, self.restart, lambda: self.accepting_input()),
                 ("New deal", 112, self.new_deal, lambda: self.accepting_input()),
                 ("Deal #", 92, self.ask_number, lambda: self.accepting_input())]
        x = 14
        self.buttons = []
        for label, w, action, enabled in specs:
            self.buttons.append(Button((x, y, w, h), label, action, enabled, size=22))
            x += w + 8
        self.finish_button = Button((x, y, 100, h), "Finish", self.auto_finish,
                                    lambda: self.finish_ready(), size=22, style="primary")
        self.finish_button.visible = False
        self.buttons.append(self.finish_button)

    def options(self) -> dict:
        if self.game_id == "forty-thieves":
            return {"supermove": bool(self.app.settings.get("supermove", False))}
        return {}

    def random_seed(self) -> int:
        if self.app.settings.get("winnable_only"):
            try:
                deals = services.winnable_deals(self.game_id, **self.options())
            except (TypeError, ValueError):
                deals = []
            if deals:
                return random.choice(list(deals))
        return super().random_seed()

    def ask_number(self) -> None:
        self.modal = NumberEntry(self, self.play_number)

    def on_start(self) -> None:
        self.solver_job = None
        self.verdict = None
        self.finishing = []

    def focus_order(self):
        return ["stock", "waste", *(f"foundation{i}" for i in range(8)),
                *(f"tableau{i}" for i in range(10))]

    # ----------------------------------------------------------------- rules of the table
    def is_turn_pile(self, name: str) -> bool:
        return name == "stock"

    def turn(self, name: str) -> None:
        self.attempt(TURN_STOCK)

    def can_pick(self, name, index) -> bool:
        return name != "stock"

    def after_user_move(self, move) -> None:
        self.auto_pending = True
        self.finishing = []

    def safe_move(self) -> Move | None:
        """A move to a foundation that can never be regretted: the card is an Ace or Two, or
        every card it could still hold on a column is already on the foundations."""
        state = self.state
        tops: dict[str, list[int]] = {s: [] for s in "SHDC"}
        for f in state.foundations:
            if f.cards:
                tops[f.cards[0].suit].append(f.cards[-1].rank)
        for m in self.legal():
            if not m.target.startswith("foundation") or m.count != 1:
                continue
            card = state.pile[m.source].top
            r = card.rank
            if r <= 2:
                return m
            if self.game_id == "forty-thieves":
                suits = (card.suit,)
            else:
                suits = tuple(s for s in "SHDC" if s != card.suit)
            if all(sum(1 for t in tops[s] if t >= r - 1) == 2 for s in suits):
                return m
        return None

    # ----------------------------------------------------------------- the solver's places
    def solver_ready(self) -> bool:
        return self.accepting_input() and not self.state.is_over()

    def restart_solver(self) -> None:
        self.verdict = None
        self.solver_job = None
        if not self.state.is_over():  # for Hint, Finish and the light
            self.solver_job = services.Solver(self.state, budget_s=10)  # it takes its own copy
            # a frame with a move already handles the input, saves and draws the table anew:
            # the solver's first slice waits for the next one
            self.solver_waits = True

    def show_hint(self) -> None:
        if not self.solver_ready():
            return
        job = self.solver_job or services.Solver(self.state, budget_s=2)
        move = job.hint()
        if move is None:
            self.say("No hint: no move helps any more.", "info")
            return
        self.assisted = True
        self.hint = (move, self.app.time_ms + 4000)
        self.say(f"Hint: {self.explain(move)}.", "info")
        self.save()

    def explain(self, move: Move) -> str:
        """A hint in a player's words: "move the Nine of clubs onto the Ten of clubs"."""
        if move == TURN_STOCK:
            return "turn a card from the stock"
        src, dst = self.state.pile[move.source], self.state.pile[move.target]
        if len(src.cards) < move.count:
            return str(move)
        card = src.cards[-move.count]
        what = (f"the {card.name}" if move.count == 1
                else f"the {move.count} cards from the {card.name}")
        if move.target.startswith("foundation"):
            return f"move {what} to a foundation"
        if dst.top is None:
            return f"move {what} to the empty column"
        return f"move {what} onto the {dst.top.name}"

    def finish_ready(self) -> bool:
        """A certain win is known: offered when the light is on, or once the stock is empty
        (so the button does not give the verdict away to a player who turned the light off)."""
        v = self.verdict
        shown = self.app.settings.get("winnable_light", False) or not self.state.stock.cards
        return bool(shown and v is not None and getattr(v, "status", "") == "won"
                    and getattr(v, "line", None) and not self.finishing
                    and self.accepting_input())

    def auto_finish(self) -> None:
        if self.finish_ready():
            self.finishing = list(self.verdict.line)
            self.assisted = True

    # ----------------------------------------------------------------- the frame
    def changed(self, save: bool = True) -> None:
        super().changed(save)
        if not self.finishing:  # while a found winning line plays out, its verdict stands
            self.restart_solver()

    def game_update(self, dt: float) -> None:
        if self.modal is None and not self.flights and not self.drag and not self.press:
            if self.finishing:
                move = self.finishing.pop(0)
                if self.state.is_legal(move):
                    self.play(move, user=True, new_group=False)
                else:
                    self.finishing = []
            elif self.auto_pending and self.app.settings.get("auto_move", True):
                move = self.safe_move()
                if move is not None:
                    self.play(move, user=True, new_group=False)
                else:
                    self.auto_pending = False
            else:
                self.auto_pending = False
        if self.solver_waits:
            self.solver_waits = False
        elif self.solver_job is not None and self.verdict is None:
            verdict = self.solver_job.think(SOLVER_SLICE_MS)
            if verdict is not None:
                self.verdict = verdict
                if self.app.settings.get("winnable_light", False):
                    self.assisted = self.assisted or verdict.status in ("won", "lost")
        self.finish_button.visible = self.finish_ready()
        if self.state.is_over() and not self.end_shown and not self.flights and not self.drag:
            self.end_shown = True
            self.game_over()

    def game_over(self) -> None:
        result = self.state.result()
        moves, time = self.move_count(), theme.format_time(self.elapsed)
        if result.status == "won":
            self.record(True)
            self.save()
            stats = self.app.saves.stats(self.game_id)
            lines = [f"Deal {self.state.seed} won in {moves} moves and {time}.",
                     f"Won {stats.get('won', 0)} of {stats.get('played', 0)} · streak "
                     f"{stats.get('streak', 0)} · best time "
                     f"{theme.format_time(stats.get('best_time'))}"]
            self.celebration = Celebration(self)
            self.modal = EndPanel(self, "You won!", lines,
                                  [("New deal", lambda: self.new_deal(False), "primary"),
                                   ("Play again", self._restart_now, "normal"),
                                   ("Menu", self.app.title, "normal")], dim=False, good=True)
        else:
            lines = [f"No more moves: deal {self.state.seed} is stuck after {moves} moves "
                     f"({time}).", "Take moves back, restart the deal or try a new one."]
            self.modal = EndPanel(self, "No more moves", lines,
                                  [("Undo", self._undo_from_end, "normal"),
                                   ("Restart", self._restart_now, "normal"),
                                   ("New deal", lambda: self.new_deal(False), "primary"),
                                   ("Menu", self.app.title, "normal")])

    def _undo_from_end(self) -> None:
        self.modal = None
        self.undo()

    def _restart_now(self) -> None:
        if self.unfinished:
            self.record(False)
        self.start(self.state.seed, dict(self.state.options))

    def game_key(self, event) -> None:
        k = event.key
        if pygame.K_0 <= k <= pygame.K_9:
            i = (k - pygame.K_0 - 1) % 10
            self.focus = f"tableau{i}"
        elif k == pygame.K_s:
            self.turn("stock")
        elif k == pygame.K_d:
            self.ask_number()
        elif k == pygame.K_n:
            self.new_deal()
        elif k == pygame.K_r:
            self.restart()
        elif k == pygame.K_h:
            self.show_hint()
        elif k == pygame.K_w:
            self.focus = "waste"

    # ----------------------------------------------------------------- drawing
    def layer_extra_key(self):
        return self.game_id

    def decorate_pile(self, surf, name, geom, cards, shown, hidden) -> None:
        super().decorate_pile(surf, name, geom, cards, shown, hidden)
        if name == "stock" and not cards:
            theme.blit_text(surf, "empty", geom.rect.center, 20, theme.INK_FAINT,
                            anchor="center")
        if self.game_id == "indian-patience" and name.startswith("tableau") and shown \
                and self.state.is_protected(name):
            r = pygame.Rect(shown[-1][2], self.layout.piles[name].rect.size)
            surf.blit(self.art.ring(theme.GOLD, 3), r.inflate(6, 6))
            tag = theme.text("protected", 16, (60, 40, 0), bold=True)
            box = tag.get_rect(midtop=(r.centerx, r.bottom + 6)).inflate(8, 2)
            pygame.draw.rect(surf, theme.GOLD, box, border_radius=6)
            surf.blit(tag, tag.get_rect(center=box.center))

    def decorate_layer(self, surf) -> None:
        pygame.draw.rect(surf, theme.BAR, (0, 0, theme.W, 52))
        pygame.draw.line(surf, theme.BAR_LINE, (0, 52), (theme.W, 52))

    def draw_hud(self, screen) -> None:
        """The buttons, then on the right the game, deal, moves and time, and the light left of
        them; smaller, then without the light's word, when a long deal number or time would
        reach the buttons."""
        super().draw_hud(screen)
        right = theme.W - 16
        left = max((b.rect.right for b in self.buttons if b.visible), default=0) + 14
        info = (f"{self.title_text} · deal {self.state.seed} · moves {self.move_count()} · "
                f"{theme.format_time(self.elapsed)}")
        self.light_at = None
        label = None
        if self.app.settings.get("winnable_light", False) and not self.state.is_over():
            status = getattr(self.verdict, "status", None)
            color = LIGHT_COLOURS.get(status, LIGHT_COLOURS[None])
            label = {"won": "winnable", "lost": "not winnable"}.get(
                status, "thinking" if self.verdict is None else "unknown")
        for size, worded in ((22, True), (18, True), (18, False)):
            width = theme.font(size).size(info)[0]
            if label is not None:
                width += 16 + (theme.font(18).size(label)[0] + 20 if worded else 14)
            if right - width >= left:
                break
        r = theme.blit_text(screen, info, (right, 26), size, theme.INK, anchor="midright")
        self.hud_rect = r
        if label is not None:
            x = r.left - 16
            if worded:
                lr = theme.blit_text(screen, label, (x, 26), 18, theme.INK_DIM,
                                     anchor="midright")
                x = lr.left - 5
            self.light_at = (x - 7, 26)
            pygame.draw.circle(screen, color, self.light_at, 7)
            self.hud_rect = r.union(pygame.Rect(x - 14, 19, 14, 14))
