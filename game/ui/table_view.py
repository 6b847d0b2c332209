"""Drawing a table: its piles into one cached layer, then what moves and glows on top.

The whole table (felt, piles, counts, captions, marks, the static part of the table's chrome)
is rendered into one layer, made again only when the position changes or the cards being
dragged or animated change. A frame blits that layer, then the rings (hint, selection, places
that take the picked card, keyboard focus), the cards in flight or being dragged, and the
chrome's live parts (buttons, texts), so a frame stays cheap while dragging.
"""

from __future__ import annotations

import pygame

from . import theme
from .canvas import CANVAS

STATUS_Y = 686  # the message line at the bottom of the canvas
MESSAGE_LINES = 6  # the most lines a message takes (a refusal's reason is at most four upright)


class TableView:
    def __init__(self, table):
        self.table = table
        self._layer: pygame.Surface | None = None
        self._key = None
        self.renders = 0  # how many times the layer was made (the deal's flight follows it)

    def invalidate(self) -> None:
        self._key = None

    def release(self) -> None:
        """Let go of the cached layer while the table is out of sight (a whole canvas each:
        3.5 MB at 1280x720, memory WebAssembly never gives back); the next frame makes it again."""
        self._layer = None
        self._key = None

    def hidden(self) -> frozenset:
        t = self.table
        ids = t.anim.hidden()
        if t.input.drag:
            ids.update(c.id for c in t.input.drag["cards"])
        return frozenset(ids)

    def layer(self) -> pygame.Surface:
        t = self.table
        key = (t.session.version, self.hidden(), t.art_key, t.chrome.layer_key())
        if key != self._key or self._layer is None:
            self._key = key
            self._layer = self.render_layer(key[1])
        return self._layer

    def render_layer(self, hidden) -> pygame.Surface:
        t = self.table
        self.renders += 1
        if self._layer is None:
            self._layer = pygame.Surface((CANVAS.w, CANVAS.h)).convert()
        surf = self._layer
        surf.blit(theme.felt(), (0, 0))  # the chosen table colour
        art, layout = t.art, t.layout
        table = t.piles()
        marks = t.session.state.marks()
        for name, geom in layout.piles.items():
            cards = table[name]
            positions = geom.positions([up for _, up in cards])
            shown = [(c, up, p) for (c, up), p in zip(cards, positions) if c.id not in hidden]
            if geom.stacked:
                if len(shown) > 1:  # a hint of thickness
                    c, up, p = shown[-2]
                    surf.blit(art.image(c, up, t.back_deck(c)), (p[0] + 2, p[1] + 2))
                shown = shown[-1:]
            if not shown:  # an empty place: its letter, or the game's word for it now
                surf.blit(art.slot(marks.get(name, geom.label)), geom.rect)
            for c, up, p in shown:
                surf.blit(art.image(c, up, t.back_deck(c)), p)
            if geom.badge and cards:
                self.badge(surf, geom, sum(1 for c, _ in cards if c.id not in hidden))
            if name in layout.empty_words and not cards:
                size = CANVAS.text(20)
                lines = theme.wrap(layout.empty_words[name], size, geom.rect.w + 8)
                step = theme.font(size).get_height()
                y = geom.rect.centery - step * (len(lines) - 1) // 2
                for i, line in enumerate(lines):
                    theme.blit_text(surf, line, (geom.rect.centerx, y + i * step), size,
                                    theme.INK_FAINT, anchor="center")
            if name in layout.captions:
                theme.blit_text(surf, layout.captions[name], (geom.rect.right + 6,
                                                              geom.rect.y + 8),
                                CANVAS.text(18), theme.INK_DIM, anchor="topleft")
            if name in marks and shown:
                self.mark(surf, pygame.Rect(shown[-1][2], geom.rect.size), marks[name])
        t.chrome.decorate(surf)
        return surf

    def badge(self, surf, geom, n: int) -> None:
        """The count of a stacked pile, below it or beside it."""
        text = theme.text(str(n), CANVAS.text(20), theme.INK, bold=True)
        r = text.get_rect()
        if geom.badge == "below":
            r.midtop = (geom.rect.centerx, geom.rect.bottom + 3)
        else:
            r.midleft = (geom.rect.right + 8, geom.rect.centery)
        box = r.inflate(12, 4)
        pygame.draw.rect(surf, (0, 0, 0), box, border_radius=9)
        pygame.draw.rect(surf, theme.BAR_LINE, box, 1, border_radius=9)
        surf.blit(text, r)

    def mark(self, surf, rect: pygame.Rect, word: str) -> None:
        """A pile in a special state (Indian Patience's protected card): a ring and a tag."""
        surf.blit(self.table.art.ring(theme.MARK, 3), rect.inflate(6, 6))
        tag = theme.text(word, CANVAS.text(16), (60, 30, 0), bold=True)
        box = tag.get_rect(midtop=(rect.centerx, rect.bottom + 6)).inflate(8, 2)
        box.clamp_ip(pygame.Rect(2, 0, CANVAS.table_w - 4, CANVAS.h))  # a long word: on the table
        pygame.draw.rect(surf, theme.MARK, box, border_radius=6)
        surf.blit(tag, tag.get_rect(center=box.center))

    def draw(self, screen: pygame.Surface) -> None:
        t = self.table
        screen.blit(self.layer(), (0, 0))
        art, now, layout, inp = t.art, t.app.time_ms, t.layout, t.input
        if t.hint and now < t.hint[1]:
            move = t.hint[0]
            for name in (move.source, move.target):
                if name in layout.piles:
                    r = layout.top_rect(name, t.faces(name))
                    screen.blit(art.ring(theme.HINT, 4), r.inflate(8, 8))
        targets = ()
        if inp.drag:
            targets = inp.drag["targets"]
        elif inp.selected:
            src, index = inp.selected
            targets = t.targets(src, len(t.piles()[src]) - index)
            rects = layout.card_rects(src, t.faces(src))[index:]
            for r in rects:
                screen.blit(art.tint(theme.SELECT, 60), r)
            if rects:
                screen.blit(art.ring(theme.SELECT, 3), rects[0].inflate(6, 6))
        for name in targets:
            r = layout.top_rect(name, t.faces(name))
            screen.blit(art.tint(theme.TARGET, 45), r)
            screen.blit(art.ring(theme.TARGET, 3), r.inflate(6, 6))
        if inp.focus and t.app.keyboard_used:
            r = layout.top_rect(inp.focus, t.faces(inp.focus))
            screen.blit(art.ring(theme.FOCUS, 4), r.inflate(8, 8))
        t.anim.draw(screen, now)
        if inp.drag:
            for card, p in zip(inp.drag["cards"], inp.drag_positions()):
                screen.blit(art.shadow, (p[0] + 5, p[1] + 7))
                screen.blit(art.face(card), p)
        if t.celebration:
            t.celebration.draw(screen)
        t.chrome.draw(screen)
        for b in t.buttons:
            b.draw(screen)
        self.draw_message(screen)
        t.chrome.draw_over(screen)

    def draw_message(self, screen, rect=None) -> None:
        """The message line: the table's last word, else the oldest storage notice."""
        t = self.table
        place = getattr(t.chrome, "message_rect", None)
        rect = rect or (place() if place else None) or pygame.Rect(
            0, STATUS_Y, CANVAS.table_w, CANVAS.h - STATUS_Y)
        shown, color = t.message_text(), t.message[1]
        if not shown:
            shown, color = t.app.current_notice(), theme.ACCENT
        if shown:
            size = CANVAS.text(22) if not CANVAS.rail else 32  # sideways: 12.5 CSS px
            step = size if not CANVAS.portrait else theme.font(size).get_height() + 6
            if CANVAS.rail:
                step = theme.font(size).get_height() + 3
            lines = theme.wrap(shown, size, rect.w - 40)[:MESSAGE_LINES]
            # the lines the chrome's band holds (the landscape line two, overlapping a little)
            holds = max(1 if CANVAS.rail else 2, (rect.h - 4) // step)
            if len(lines) > holds:  # more than the line holds (a narrow canvas): never cut a
                # word off; the words stand on a band reaching up over the felt while they
                # are shown (upright a side panel's table gives them a band of their own,
                # four lines high, and the panel's headline below is never covered)
                grow = (len(lines) - holds) * step
                rect = rect.inflate(0, grow).move(0, -grow // 2)
                screen.fill(theme.PANEL, rect)
            y = rect.centery - step * min(len(lines), MESSAGE_LINES) // 2
            for line in lines:
                theme.blit_text(screen, line, (rect.centerx, y), size, color, anchor="midtop")
                y += step


__all__ = ["STATUS_Y", "TableView"]
