"""A table's input: pointer (mouse or finger) and keyboard turned into moves.

Three ways to move a card: drag it (places that take it light up), click it then click where
it goes, or double-click it to send it to a foundation. Clicking a face-down stock or hand
turns a card. The keyboard walks a focus over the piles (arrows, Tab), Enter picks up and puts
down, F sends to a foundation. What the input decides goes to the table as ``attempt(move)``
or ``turn(pile)``; the table says why a move is refused.
"""

from __future__ import annotations

import math

import pygame

from game.core import Move
from game.core.language import _

DOUBLE_CLICK_MS = 450
DRAG_THRESHOLD = 6
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


class TableInput:
    def __init__(self, table):
        self.table = table
        self.press = None  # {"pos", "hit"} while the pointer is down on the table
        self.drag = None  # the cards being dragged
        self.selected = None  # (pile, index) picked by a click or Enter
        self.focus = None  # pile name, for the keyboard
        self.last_click = None

    def reset(self) -> None:
        self.press = self.drag = self.selected = None

    @property
    def busy(self) -> bool:
        """The pointer is down or cards are being dragged."""
        return self.press is not None or self.drag is not None

    # ------------------------------------------------------------------ pointer
    def pointer_down(self, pos) -> None:
        t = self.table
        if t.buttons_down(pos):
            self.press = None
            return
        t.anim.clear()
        self.press = {"pos": pos, "hit": t.layout.hit(pos, t.piles())}

    def pointer_move(self, pos) -> None:
        self.table.buttons_move(pos)
        if self.press and not self.drag:
            x0, y0 = self.press["pos"]
            if abs(pos[0] - x0) + abs(pos[1] - y0) > DRAG_THRESHOLD and self.press["hit"]:
                self.start_drag(self.press["hit"], self.press["pos"])
        if self.drag:
            self.drag["pos"] = pos

    def pointer_up(self, pos) -> None:
        if self.table.buttons_up(pos) or self.press is None:
            self.press = None
            return
        press, self.press = self.press, None
        if self.drag:
            self.drop(pos)
            return
        self.click(press["hit"])

    def start_drag(self, hit, pos) -> None:
        t = self.table
        name, index = hit
        if index < 0 or not t.accepting_input():
            return
        pile = t.piles()[name]
        if not pile[index][1] or t.turn_move(name) is not None:
            return
        rects = t.layout.card_rects(name, t.faces(name))[index:]
        count = len(pile) - index
        self.selected = None
        self.drag = {
            "src": name,
            "index": index,
            "count": count,
            "cards": [c for c, _ in pile[index:]],
            "offsets": [(r.x - pos[0], r.y - pos[1]) for r in rects],
            "pos": pos,
            "targets": t.targets(name, count),
        }

    def drag_positions(self, drag=None, pos=None):
        drag = drag or self.drag
        pos = pos or drag["pos"]
        return [(pos[0] + ox, pos[1] + oy) for ox, oy in drag["offsets"]]

    def drop_target(self, rect: pygame.Rect, src: str, targets: set[str]) -> str | None:
        """The pile the dropped card overlaps most, preferring places that take it."""
        t = self.table
        best, best_score = None, 0
        for name in t.layout.piles:
            if name == src:
                continue
            area = t.layout.top_rect(name, t.faces(name)).clip(rect)
            score = area.w * area.h
            if score <= 0:
                continue
            score += 10**6 if name in targets else 0
            if score > best_score:
                best, best_score = name, score
        return best

    def drop(self, pos) -> None:
        t = self.table
        drag, self.drag = self.drag, None
        starts = self.drag_positions(drag, pos)
        rect = pygame.Rect(starts[0], (t.layout.card_w, t.layout.card_h))
        target = self.drop_target(rect, drag["src"], drag["targets"])
        if target is not None:
            if t.attempt(Move(drag["src"], target, drag["count"]), start=starts):
                return
        # snap back
        homes = t.layout.card_rects(drag["src"], t.faces(drag["src"]))[drag["index"] :]
        t.fly([(c, p, r.topleft) for c, p, r in zip(drag["cards"], starts, homes)], 140)

    def click(self, hit) -> None:
        t = self.table
        if not t.accepting_input():
            t.explain_wait()
            return
        now = t.app.time_ms
        last, self.last_click = self.last_click, (hit, now)
        if hit is None:
            self.selected = None
            return
        name, index = hit
        if t.turn_move(name) is not None:
            self.selected = None
            self.last_click = None
            t.turn(name)
            return
        if last and last[0] == hit and now - last[1] <= DOUBLE_CLICK_MS and index >= 0:
            self.last_click = None
            self.selected = None
            t.to_foundation(name)
            return
        if self.selected:
            src, sindex = self.selected
            self.selected = None
            self.last_click = None  # (a click that drops a card is no half of a double click)
            if src != name:
                count = len(t.piles()[src]) - sindex
                t.attempt(Move(src, name, count))
            return
        pile = t.piles()[name]
        if index >= 0 and pile[index][1]:
            self.selected = (name, index)
        elif index >= 0:
            t.say(_("That card is face down."), "error", 2500)

    # ------------------------------------------------------------------ keyboard
    def key(self, event) -> bool:
        """The keys every table shares; False for a key this does not handle."""
        t = self.table
        k, mods = event.key, event.mod
        ctrl = mods & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if (ctrl and k == pygame.K_z and not mods & pygame.KMOD_SHIFT) or k == pygame.K_u:
            t.undo()
        elif ctrl and (k == pygame.K_y or (k == pygame.K_z and mods & pygame.KMOD_SHIFT)):
            t.redo()
        elif k == pygame.K_ESCAPE:
            if self.selected:
                self.selected = None
            else:
                t.app.title()
        elif k in ARROWS:
            self.move_focus(ARROWS[k])
        elif k == pygame.K_TAB:
            self.tab(-1 if mods & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is None and t.focus_key(event):  # a button in focus: pressed
                return True
            self.activate_focus()
        elif k == pygame.K_f:
            if self.focus:
                t.to_foundation(self.focus)
            else:
                t.say(
                    _(
                        "Choose a pile first (arrows or Tab): F then sends its card to a "
                        "foundation."
                    ),
                    "info",
                    3000,
                )
        elif k == pygame.K_n:
            t.new_deal()
        else:
            return False
        return True

    def tab(self, step: int) -> None:
        """Tab: the next pile, then on past the last pile the table's buttons one by one (each
        that can be pressed), then the first pile again; Shift+Tab the other way."""
        t = self.table
        stops: list[tuple[str | None, int]] = [(n, -1) for n in t.layout.focus_order]
        stops += [(None, i) for i, b in enumerate(t.buttons) if b.visible and b.enabled]
        here = (self.focus, -1) if self.focus is not None else (None, t.focused)
        i = stops.index(here) if here in stops else (-1 if step > 0 else 0)
        self.focus, t.focused = stops[(i + step) % len(stops)]

    def activate_focus(self) -> None:
        t = self.table
        if not t.accepting_input():
            return
        names = t.layout.focus_order
        if self.focus is None:
            self.focus = names[0]
            return
        name = self.focus
        if self.selected:
            src, index = self.selected
            self.selected = None
            if src != name:
                t.attempt(Move(src, name, len(t.piles()[src]) - index))
            return
        if t.turn_move(name) is not None:
            t.turn(name)
            return
        pile = t.piles()[name]
        if pile and pile[-1][1]:
            self.selected = (name, len(pile) - 1)
        elif not pile:
            t.say(_("That place is empty."), "info", 2000)
        else:
            t.say(_("That card is face down."), "error", 2000)

    def move_focus(self, direction) -> None:
        """Move the focus to the nearest pile in that direction."""
        t = self.table
        names = t.layout.focus_order
        t.focused = -1  # (the arrows walk the piles only)
        if self.focus not in names:
            self.focus = names[0]
            return
        here = t.layout.top_rect(self.focus, t.faces(self.focus)).center
        dx, dy = direction
        best, best_score = None, math.inf
        for name in names:
            if name == self.focus:
                continue
            cx, cy = t.layout.piles[name].rect.center
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


__all__ = ["DOUBLE_CLICK_MS", "TableInput"]
