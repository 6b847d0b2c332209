"""The table of one game: drawing the piles, moving cards (drag and drop, click-click,
double-click to a foundation, keyboard), undo/redo, animations, saving after every move.

Game specifics live in solitaire_table.SolitaireTable and bank_table.BankTable.

Drawing: the whole table (felt, piles, counts) is rendered into one cached layer, made again
only when the position changes or the cards being dragged/animated change. A frame blits that
layer and then the few moving things on top, so a frame stays cheap while dragging.
"""

from __future__ import annotations

import math
import random
import re

import pygame

from game.core import IllegalMove, Move, from_dict, new_game

from . import theme
from .cards import CardArt, get_art  # noqa: F401
from .layout import layout_for
from .widgets import Confirm, Modal, Scene

DOUBLE_CLICK_MS = 450
DRAG_THRESHOLD = 6
FLIGHT_MS = 170
MESSAGE_MS = 5000
TIME_SAVE_MS = 5000  # the clock is saved this often even without a move
_TEN = re.compile(r"\bT([SHDC])\b")


def readable(text: str) -> str:
    """The core writes a Ten as "TH"; players read "10H"."""
    return _TEN.sub(r"10\1", text)
STATUS_Y = 686


def make_table(app, game_id: str):
    if game_id == "russian-bank":
        from .bank_table import BankTable
        return BankTable(app)
    from .solitaire_table import SolitaireTable
    return SolitaireTable(app, game_id)


class Flight:
    """Cards gliding from one place to another."""

    __slots__ = ("cards", "t0", "dur", "ids")

    def __init__(self, cards, t0, dur):
        self.cards = cards  # [(image, (x0, y0), (x1, y1))]
        self.t0, self.dur = t0, dur
        self.ids = frozenset(cid for cid, *_ in cards)

    def at(self, now):
        t = min(1.0, max(0.0, (now - self.t0) / self.dur)) if self.dur > 0 else 1.0
        e = 1 - (1 - t) ** 3
        for _cid, img, (x0, y0), (x1, y1) in self.cards:
            yield img, (round(x0 + (x1 - x0) * e), round(y0 + (y1 - y0) * e))

    def done(self, now) -> bool:
        return now - self.t0 >= self.dur


class Table(Scene):
    """Everything the three games' tables share."""

    game_id = ""
    title_text = ""

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.layout = layout_for(game_id)
        self.art: CardArt | None = None
        self._art_key = None
        self.state = None
        self.undo_groups: list[int] = []
        self.redo_groups: list[list[Move]] = []
        self.elapsed = 0.0
        self.assisted = False
        self.recorded = False
        self.version = 0
        self._piles = (-1, {})
        self._moves = (-1, [])
        self.press = None
        self.drag = None
        self.selected = None  # (pile, index)
        self.focus = None  # pile name, for the keyboard
        self.hint = None  # (move, until_ms)
        self.message = ("", theme.INK, 0.0)
        self.flights: list[Flight] = []
        self.last_click = None
        self.auto_pending = False
        self.end_shown = False
        self.celebration = None
        self._layer = None
        self._layer_key = None
        self._bg = theme.felt()
        self.active = False
        self._unsaved_ms = 0.0
        self.build_buttons()
        self.load_or_deal()

    # ================================================================= game life
    def options(self) -> dict:
        """Core options for a new deal, from the settings."""
        return {}

    def random_seed(self) -> int:
        return random.randrange(1, 1_000_000)

    def load_or_deal(self) -> None:
        data = None
        try:
            data = self.app.saves.load_game(self.game_id)
        except Exception as e:
            self.app.notice(f"The saved {self.title_text} game could not be read ({e}).")
        self.app.collect_notices()
        if data:
            try:
                self.restore(data)
                return
            except (ValueError, TypeError, KeyError, AttributeError) as e:
                self.app.notice(f"The saved {self.title_text} game could not be resumed ({e}); "
                                "a new deal was started.")
        self.start(self.random_seed())

    def restore(self, data: dict) -> None:
        if not isinstance(data, dict):
            raise ValueError("not a saved game")
        state = from_dict(data["state"])
        if state.game_id != self.game_id:
            raise ValueError(f"the save holds {state.game_id}, not {self.game_id}")
        moves = [Move.parse(t) for t in data.get("redo", [])]
        sizes = data.get("redo_groups") or [1] * len(moves)
        if sum(sizes) != len(moves) or any(type(n) is not int or n < 1 for n in sizes):
            sizes = [1] * len(moves)
        redo, i = [], 0
        for n in sizes:
            redo.append(moves[i:i + n])
            i += n
        undo = data.get("undo_groups") or []
        if (not isinstance(undo, list) or any(type(n) is not int or n < 1 for n in undo)
                or sum(undo) != len(state.history)):
            undo = [1] * len(state.history)
        elapsed = data.get("elapsed", 0.0)
        self.state = state
        self.undo_groups = list(undo)
        self.redo_groups = redo
        self.elapsed = float(elapsed) if isinstance(elapsed, (int, float)) and elapsed >= 0 else 0.0
        self.assisted = bool(data.get("assisted", False))
        self.recorded = bool(data.get("recorded", False))
        self.restore_extra(data)
        self.changed(save=False)
        self.end_shown = self.state.is_over() and self.recorded

    def restore_extra(self, data: dict) -> None:
        pass

    def save_data(self) -> dict:
        data = {"state": self.state.to_dict(),
                "redo": [str(m) for group in self.redo_groups for m in group],
                "redo_groups": [len(g) for g in self.redo_groups],
                "undo_groups": list(self.undo_groups),
                "elapsed": round(self.elapsed, 2),
                "assisted": self.assisted,
                "recorded": self.recorded}
        data.update(self.save_extra())
        return data

    def save_extra(self) -> dict:
        return {}

    def save(self) -> None:
        self._unsaved_ms = 0.0
        try:
            self.app.saves.save_game(self.game_id, self.save_data())
        except Exception as e:  # storage full or unavailable: tell, never crash
            self.say(f"Progress could not be saved: {e}", "error")
        self.app.collect_notices()

    def start(self, seed: int, options: dict | None = None) -> None:
        self.state = new_game(self.game_id, seed, **(self.options() if options is None
                                                      else options))
        self.undo_groups, self.redo_groups = [], []
        self.elapsed = 0.0
        self.assisted = False
        self.recorded = False
        self.end_shown = False
        self.celebration = None
        self.selected = self.drag = self.press = self.hint = None
        self.flights.clear()
        self.modal = None
        self.say(f"{self.title_text}: deal {seed}.", "info", 3000)
        self.on_start()
        self.changed()

    def on_start(self) -> None:
        pass

    @property
    def unfinished(self) -> bool:
        """Moves were made and the result is not recorded yet: leaving it counts as a loss."""
        return bool(self.state.history) and not self.recorded

    def record(self, won: bool) -> None:
        if self.recorded:
            return
        self.recorded = True
        try:
            self.app.saves.record_result(self.game_id, won, self.move_count(), self.elapsed,
                                         self.assisted)
        except Exception as e:
            self.say(f"Statistics could not be saved: {e}", "error")
        self.app.collect_notices()

    def move_count(self) -> int:
        return len(self.state.history)

    def abandon_then(self, what: str, action) -> None:
        """Ask before giving up a deal in progress (it counts as lost), then act."""
        if self.unfinished and not self.state.is_over():
            def go():
                self.record(False)
                action()
            self.modal = Confirm(self, what, "This deal is not finished: it will count as a "
                                 "loss in your statistics.", what, go)
        else:
            if self.unfinished:
                self.record(False)
            action()

    def new_deal(self, confirm: bool = True) -> None:
        if confirm:
            self.abandon_then("New deal", lambda: self.start(self.random_seed()))
        else:
            if self.unfinished:
                self.record(False)
            self.start(self.random_seed())

    def restart(self) -> None:
        seed, options = self.state.seed, dict(self.state.options)
        self.abandon_then("Restart", lambda: self.start(seed, options))

    def play_number(self, seed: int) -> None:
        self.abandon_then("Play deal", lambda: self.start(seed))

    # ================================================================= state helpers
    def piles(self) -> dict:
        if self._piles[0] != self.version:
            self._piles = (self.version, self.state.piles())
        return self._piles[1]

    def legal(self) -> list[Move]:
        if self._moves[0] != self.version:
            self._moves = (self.version, self.state.legal_moves())
        return self._moves[1]

    def candidate_moves(self) -> list[Move]:
        """Moves to light up as valid targets."""
        return self.legal()

    def faces(self, name: str) -> list[bool]:
        return [up for _, up in self.piles()[name]]

    def changed(self, save: bool = True) -> None:
        self.version += 1
        self.hint = None
        if save:
            self.save()

    def say(self, text: str, kind: str = "info", ms: float = MESSAGE_MS) -> None:
        color = {"error": theme.RED_INK, "good": theme.TARGET, "info": theme.INK,
                 "warn": theme.ACCENT}[kind]
        self.message = (readable(text), color, self.app.time_ms + ms)

    def accepting_input(self) -> bool:
        return self.modal is None

    # ================================================================= moves
    def refusal(self, move: Move) -> str | None:
        return self.state.why_illegal(move)

    def push(self, move: Move) -> None:
        self.state.push(move)

    def attempt(self, move: Move, start=None) -> bool:
        """A move the player asked for: played and animated, or refused with the reason."""
        reason = self.refusal(move)
        if reason:
            self.say(reason, "error")
            return False
        self.play(move, user=True, start=start)
        self.after_user_move(move)
        return True

    def after_user_move(self, move: Move) -> None:
        self.auto_pending = True

    def play(self, move: Move, user: bool = True, start=None, new_group: bool = True,
             breach: bool = False) -> None:
        """Push a move, record it for undo, animate the cards, save."""
        src, dst, count = move.source, move.target, move.count
        moving = []
        if src in self.layout.piles and src != dst and count >= 1:
            cards = self.piles()[src][-count:]
            rects = self.layout.card_rects(src, self.faces(src))[-count:]
            starts = start or [r.topleft for r in rects]
            moving = [(c, p) for (c, _), p in zip(cards, starts)]
        if breach:
            self.state.push(move, breach=True)
        else:
            self.push(move)
        if user:
            self.redo_groups.clear()
        if new_group or not self.undo_groups:
            self.undo_groups.append(1)
        else:
            self.undo_groups[-1] += 1
        self.selected = None
        self.changed()
        if moving and dst in self.layout.piles:
            ends = self.layout.card_rects(dst, self.faces(dst))[-len(moving):]
            self.fly([(c, p, r.topleft) for (c, p), r in zip(moving, ends)])
        self.after_change()

    def after_change(self) -> None:
        pass

    def fly(self, items, dur: float = FLIGHT_MS) -> None:
        """Animate cards (card, from, to), drawn face up in their new place's art."""
        if not self.app.settings.get("animations", True):
            dur = 0
        cards = []
        for card, p0, p1 in items:
            cards.append((card.id, self.art.face(card), p0, p1))
        if cards and dur > 0:
            self.flights.append(Flight(cards, self.app.time_ms, dur))

    def finish_flights(self) -> None:
        self.flights.clear()

    def can_undo(self) -> bool:
        return bool(self.undo_groups) and self.accepting_input()

    def can_redo(self) -> bool:
        return bool(self.redo_groups) and self.accepting_input()

    def undo(self) -> None:
        if not self.can_undo():
            return
        self.finish_flights()
        self.auto_pending = False
        n = self.undo_groups.pop()
        moves = [self.state.pop() for _ in range(n)][::-1]
        self.redo_groups.append(moves)
        self.selected = self.drag = None
        self.end_shown = self.state.is_over()
        self.celebration = None
        self.changed()
        self.say(f"Took back {self.describe(moves)}.", "info", 2500)

    def redo(self) -> None:
        if not self.can_redo():
            return
        self.finish_flights()
        moves = self.redo_groups.pop()
        done = 0
        try:
            for m in moves:
                self.push_redo(m)
                done += 1
        except IllegalMove as e:
            for _ in range(done):
                self.state.pop()
            self.redo_groups.clear()
            self.changed()
            self.say(f"Can't redo: {e}", "error")
            return
        self.undo_groups.append(len(moves))
        self.selected = None
        self.changed()
        self.say(f"Played {self.describe(moves)} again.", "info", 2500)
        self.after_change()

    def push_redo(self, move: Move) -> None:
        self.push(move)

    def describe(self, moves) -> str:
        return " ".join(str(m) for m in moves) if len(moves) < 4 else f"{len(moves)} moves"

    # ================================================================= pointer input
    def pointer_down(self, pos) -> None:
        if self.buttons_down(pos):
            self.press = None
            return
        self.finish_flights()
        self.press = {"pos": pos, "hit": self.layout.hit(pos, self.piles())}

    def pointer_move(self, pos) -> None:
        self.buttons_move(pos)
        if self.press and not self.drag:
            x0, y0 = self.press["pos"]
            if abs(pos[0] - x0) + abs(pos[1] - y0) > DRAG_THRESHOLD and self.press["hit"]:
                self.start_drag(self.press["hit"], self.press["pos"])
        if self.drag:
            self.drag["pos"] = pos

    def pointer_up(self, pos) -> None:
        if self.buttons_up(pos) or self.press is None:
            self.press = None
            return
        press, self.press = self.press, None
        if self.drag:
            self.drop(pos)
            return
        self.click(press["hit"])

    def can_pick(self, name: str, index: int) -> bool:
        return True

    def start_drag(self, hit, pos) -> None:
        name, index = hit
        if index < 0 or not self.accepting_input():
            return
        pile = self.piles()[name]
        if not pile[index][1] or self.is_turn_pile(name):
            return
        if not self.can_pick(name, index):
            return
        rects = self.layout.card_rects(name, self.faces(name))[index:]
        count = len(pile) - index
        self.selected = None
        self.drag = {"src": name, "index": index, "count": count,
                     "cards": [c for c, _ in pile[index:]],
                     "offsets": [(r.x - pos[0], r.y - pos[1]) for r in rects],
                     "pos": pos, "targets": self.targets(name, count)}

    def drag_positions(self, pos=None):
        pos = pos or self.drag["pos"]
        return [(pos[0] + ox, pos[1] + oy) for ox, oy in self.drag["offsets"]]

    def targets(self, src: str, count: int) -> set[str]:
        return {m.target for m in self.candidate_moves()
                if m.source == src and m.count == count and m.target != src}

    def drop_target(self, rect: pygame.Rect, src: str, targets: set[str]) -> str | None:
        best, best_score = None, 0
        for name in self.layout.piles:
            if name == src:
                continue
            area = self.layout.top_rect(name, self.faces(name)).clip(rect)
            score = area.w * area.h
            if score <= 0:
                continue
            score += 10**6 if name in targets else 0
            if score > best_score:
                best, best_score = name, score
        return best

    def drop(self, pos) -> None:
        drag, self.drag = self.drag, None
        starts = self.drag_positions_for(drag, pos)
        rect = pygame.Rect(starts[0], (self.layout.card_w, self.layout.card_h))
        target = self.drop_target(rect, drag["src"], drag["targets"])
        if target is not None:
            move = Move(drag["src"], target, drag["count"])
            if self.attempt(move, start=starts):
                return
        # snap back
        homes = self.layout.card_rects(drag["src"], self.faces(drag["src"]))[drag["index"]:]
        self.fly([(c, p, r.topleft) for c, p, r in zip(drag["cards"], starts, homes)], 140)

    @staticmethod
    def drag_positions_for(drag, pos):
        return [(pos[0] + ox, pos[1] + oy) for ox, oy in drag["offsets"]]

    def is_turn_pile(self, name: str) -> bool:
        """A pile clicked to turn a card (the stock; your face-down hand)."""
        return False

    def turn(self, name: str) -> None:
        pass

    def click(self, hit) -> None:
        if not self.accepting_input():
            return
        now = self.app.time_ms
        last, self.last_click = self.last_click, (hit, now)
        if hit is None:
            self.selected = None
            return
        name, index = hit
        if self.is_turn_pile(name):
            self.selected = None
            self.last_click = None
            self.turn(name)
            return
        if last and last[0] == hit and now - last[1] <= DOUBLE_CLICK_MS and index >= 0:
            self.last_click = None
            self.selected = None
            self.to_foundation(name)
            return
        if self.selected:
            src, sindex = self.selected
            self.selected = None
            if src != name:
                count = len(self.piles()[src]) - sindex
                self.attempt(Move(src, name, count))
            return
        pile = self.piles()[name]
        if index >= 0 and pile[index][1]:
            if self.can_pick(name, index):
                self.selected = (name, index)
        elif index >= 0:
            self.say("That card is face down.", "error", 2500)

    def to_foundation(self, name: str) -> bool:
        pile = self.piles().get(name) or []
        if not pile or not pile[-1][1]:
            return False
        for m in self.candidate_moves():
            if m.source == name and m.target.startswith("foundation") and m.count == 1:
                return self.attempt(m)
        card = pile[-1][0]
        # explain with the foundation the card would go on
        best = None
        for f in (n for n in self.layout.piles if n.startswith("foundation")):
            cards = self.piles()[f]
            if cards and cards[-1][0].suit == card.suit and cards[-1][0].rank < 13:
                best = f
                break
            if not cards and best is None:
                best = f
        reason = self.refusal(Move(name, best)) if best else None
        self.say(reason or f"The {card} can't go to a foundation now.", "error")
        return False

    # ================================================================= keyboard
    def key(self, event) -> None:
        k, mods = event.key, event.mod
        ctrl = mods & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and k == pygame.K_z and not mods & pygame.KMOD_SHIFT:
            self.undo()
        elif ctrl and (k == pygame.K_y or (k == pygame.K_z and mods & pygame.KMOD_SHIFT)):
            self.redo()
        elif k == pygame.K_u:
            self.undo()
        elif k == pygame.K_ESCAPE:
            if self.selected:
                self.selected = None
            else:
                self.app.title()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.move_focus({pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                             pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[k])
        elif k == pygame.K_TAB:
            names = self.focus_order()
            i = names.index(self.focus) if self.focus in names else -1
            step = -1 if mods & pygame.KMOD_SHIFT else 1
            self.focus = names[(i + step) % len(names)]
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.activate_focus()
        elif k == pygame.K_f:
            if self.focus:
                self.to_foundation(self.focus)
        else:
            self.game_key(event)

    def game_key(self, event) -> None:
        pass

    def focus_order(self) -> list[str]:
        return list(self.layout.piles)

    def activate_focus(self) -> None:
        if not self.accepting_input():
            return
        if self.focus is None:
            self.focus = self.focus_order()[0]
            return
        name = self.focus
        if self.selected:
            src, index = self.selected
            self.selected = None
            if src != name:
                self.attempt(Move(src, name, len(self.piles()[src]) - index))
            return
        if self.is_turn_pile(name):
            self.turn(name)
            return
        pile = self.piles()[name]
        if pile and pile[-1][1] and self.can_pick(name, len(pile) - 1):
            self.selected = (name, len(pile) - 1)
        elif not pile:
            self.say("That place is empty.", "info", 2000)
        else:
            self.say("That card is face down.", "error", 2000)

    def move_focus(self, direction) -> None:
        names = self.focus_order()
        if self.focus not in names:
            self.focus = names[0]
            return
        here = self.layout.top_rect(self.focus, self.faces(self.focus)).center
        dx, dy = direction
        best, best_score = None, math.inf
        for name in names:
            if name == self.focus:
                continue
            cx, cy = self.layout.piles[name].rect.center
            vx, vy = cx - here[0], cy - here[1]
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            across = abs(vx * dy - vy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = name, score
        if best:
            self.focus = best

    # ================================================================= update and draw
    def enter(self) -> None:
        self.active = True
        key = (self.app.settings["four_colour"],)
        if key != self._art_key:
            self._art_key = key
            self.art = get_art(self.layout.card_w, self.layout.card_h,
                               self.app.settings["four_colour"], self.layout.fan)
            self._layer_key = None

    def leave(self) -> None:
        self.active = False
        if self.state is not None:
            self.save()

    def update(self, dt: float) -> None:
        now = self.app.time_ms
        if self.flights:
            self.flights = [f for f in self.flights if not f.done(now)]
        if self.state.history and not self.state.is_over() and self.modal is None:
            self.elapsed += dt / 1000
            self._unsaved_ms += dt
            if self._unsaved_ms >= TIME_SAVE_MS:  # so a reload loses at most a few seconds
                self.save()
        if self.celebration:
            self.celebration.update(dt)
        self.game_update(dt)

    def game_update(self, dt: float) -> None:
        pass

    def hidden(self) -> frozenset:
        ids = set()
        if self.drag:
            ids.update(c.id for c in self.drag["cards"])
        for f in self.flights:
            ids.update(f.ids)
        return frozenset(ids)

    def layer(self) -> pygame.Surface:
        key = (self.version, self.hidden(), self._art_key, self.layer_extra_key())
        if key != self._layer_key or self._layer is None:
            self._layer_key = key
            self._layer = self.render_layer(key[1])
        return self._layer

    def layer_extra_key(self):
        return None

    def back_deck(self, name: str, card) -> int:
        return 0

    def render_layer(self, hidden) -> pygame.Surface:
        if self._layer is None:
            self._layer = pygame.Surface((theme.W, theme.H)).convert()
        surf = self._layer
        surf.blit(self._bg, (0, 0))
        art = self.art
        table = self.piles()
        for name, geom in self.layout.piles.items():
            cards = table[name]
            positions = geom.positions([up for _, up in cards])
            shown = [(c, up, p) for (c, up), p in zip(cards, positions) if c.id not in hidden]
            if geom.stacked:
                if len(shown) > 1:  # a hint of thickness
                    c, up, p = shown[-2]
                    surf.blit(art.image(c, up, self.back_deck(name, c)), (p[0] + 2, p[1] + 2))
                shown = shown[-1:]
            if not shown:
                surf.blit(art.slot(geom.label), geom.rect)
            for c, up, p in shown:
                surf.blit(art.image(c, up, self.back_deck(name, c)), p)
            self.decorate_pile(surf, name, geom, cards, shown, hidden)
        self.decorate_layer(surf)
        return surf

    def decorate_pile(self, surf, name, geom, cards, shown, hidden) -> None:
        if geom.badge and cards:
            n = sum(1 for c, _ in cards if c.id not in hidden)
            self.badge(surf, geom, n)

    def badge(self, surf, geom, n: int) -> None:
        t = theme.text(str(n), 20, theme.INK, bold=True)
        r = t.get_rect()
        if geom.badge == "below":
            r.midtop = (geom.rect.centerx, geom.rect.bottom + 3)
        else:
            r.midleft = (geom.rect.right + 8, geom.rect.centery)
        box = r.inflate(12, 4)
        pygame.draw.rect(surf, (0, 0, 0), box, border_radius=9)
        pygame.draw.rect(surf, theme.BAR_LINE, box, 1, border_radius=9)
        surf.blit(t, r)

    def decorate_layer(self, surf) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        screen.blit(self.layer(), (0, 0))
        art, now = self.art, self.app.time_ms
        if self.hint and now < self.hint[1]:
            move = self.hint[0]
            for name in (move.source, move.target):
                if name in self.layout.piles:
                    r = self.layout.top_rect(name, self.faces(name))
                    screen.blit(art.ring(theme.HINT, 4), r.inflate(8, 8))
        targets = ()
        if self.drag:
            targets = self.drag["targets"]
        elif self.selected:
            src, index = self.selected
            targets = self.targets(src, len(self.piles()[src]) - index)
            rects = self.layout.card_rects(src, self.faces(src))[index:]
            for r in rects:
                screen.blit(art.tint(theme.SELECT, 60), r)
            if rects:
                screen.blit(art.ring(theme.SELECT, 3), rects[0].inflate(6, 6))
        for name in targets:
            r = self.layout.top_rect(name, self.faces(name))
            screen.blit(art.tint(theme.TARGET, 45), r)
            screen.blit(art.ring(theme.TARGET, 3), r.inflate(6, 6))
        if self.focus and self.app.keyboard_used:
            r = self.layout.top_rect(self.focus, self.faces(self.focus))
            screen.blit(art.ring(theme.FOCUS, 4), r.inflate(8, 8))
        for f in self.flights:
            for img, p in f.at(now):
                screen.blit(img, p)
        if self.drag:
            for card, p in zip(self.drag["cards"], self.drag_positions()):
                screen.blit(art.shadow, (p[0] + 5, p[1] + 7))
                screen.blit(art.face(card), p)
        if self.celebration:
            self.celebration.draw(screen)
        self.draw_hud(screen)

    def draw_hud(self, screen) -> None:
        for b in self.buttons:
            b.draw(screen)
        self.draw_message(screen)

    def draw_message(self, screen, rect=None) -> None:
        rect = rect or pygame.Rect(0, STATUS_Y, theme.W, theme.H - STATUS_Y)
        text, color, until = self.message
        shown = text if text and self.app.time_ms < until else ""
        if not shown and self.app.notices:
            shown, color = self.app.notices[0], theme.ACCENT
        if shown:
            lines = theme.wrap(shown, 22, rect.w - 40)
            y = rect.centery - 11 * len(lines)
            for line in lines[:2]:
                theme.blit_text(screen, line, (rect.centerx, y), 22, color, anchor="midtop")
                y += 22

    def message_text(self) -> str:
        text, _, until = self.message
        return text if self.app.time_ms < until else ""


class Celebration:
    """Cards leap off the foundations and bounce across the table, leaving trails."""

    def __init__(self, table):
        self.table = table
        self.trail = table.layer().copy()
        self.cards = []
        self.queue = []
        for name in table.layout.piles:
            if name.startswith("foundation"):
                for c, _ in table.piles()[name]:
                    self.queue.append((name, c))
        rng = random.Random(table.state.seed)
        rng.shuffle(self.queue)
        self.rng = rng
        self.t = 0.0
        self.next_launch = 0.0

    def update(self, dt):
        self.t += dt
        while self.queue and self.t >= self.next_launch and len(self.cards) < 6:
            name, card = self.queue.pop()
            x, y = self.table.layout.piles[name].rect.topleft
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(2.5, 6)
            self.cards.append([card, float(x), float(y), vx, self.rng.uniform(-8, -2)])
            self.next_launch = self.t + 260
        art = self.table.art
        steps = max(1, int(dt / 16))
        for c in self.cards:
            for _ in range(steps):
                c[4] += 0.6
                c[1] += c[3]
                c[2] += c[4]
                if c[2] > theme.H - art.h:
                    c[2] = theme.H - art.h
                    c[4] = -c[4] * 0.75
                self.trail.blit(art.face(c[0]), (int(c[1]), int(c[2])))
        self.cards = [c for c in self.cards if -art.w < c[1] < theme.W]

    @property
    def running(self) -> bool:
        return bool(self.cards or self.queue)

    def draw(self, screen):
        screen.blit(self.trail, (0, 0))


class EndPanel(Modal):
    """The end of a deal: the result, the figures, and what to do next."""

    width, height = 600, 330

    def __init__(self, scene, title: str, lines: list[str], buttons, dim: bool = True,
                 good: bool = False, centerx: int | None = None):
        super().__init__(scene)
        if centerx is not None:
            self.rect.centerx = centerx
        self.title = title
        self.lines = lines
        self.dim = dim
        self.good = good
        from .widgets import Button
        n = len(buttons)
        bw = min(170, (self.rect.w - 40 - 12 * (n - 1)) // n)
        x = self.rect.centerx - (n * bw + (n - 1) * 12) // 2
        for i, (label, action, style) in enumerate(buttons):
            self.buttons.append(Button((x + i * (bw + 12), self.rect.bottom - 72, bw, 50),
                                       label, action, style=style, name=label))

    def draw(self, screen):
        if self.dim:
            screen.blit(self._dim, (0, 0))
        pygame.draw.rect(screen, theme.PANEL, self.rect, border_radius=14)
        pygame.draw.rect(screen, theme.GOLD if self.good else theme.BUTTON_LINE, self.rect, 2,
                         border_radius=14)
        theme.blit_text(screen, self.title, (self.rect.centerx, self.rect.y + 22), 48,
                        theme.GOLD if self.good else theme.INK, bold=True, anchor="midtop")
        y = self.rect.y + 84
        for line in self.lines:
            for part in theme.wrap(line, 26, self.rect.w - 50):
                theme.blit_text(screen, part, (self.rect.centerx, y), 26, theme.INK,
                                anchor="midtop")
                y += 30
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.close()
        else:
            super().key(event)
