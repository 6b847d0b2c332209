"""Drawing a table: its piles into one cached layer, then what moves and glows on top.

The whole table (felt, piles, counts, captions, marks, the static part of the table's chrome)
is rendered into one layer, made again only when the position changes or the cards being
dragged or animated change. A frame blits that layer, then the rings (hint, selection, places
that take the picked card, keyboard focus), the cards in flight or being dragged, and the
chrome's live parts (buttons, texts), so a frame stays cheap while dragging.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.ui import theme
from game.ui.board.places import Badge, CaptionAt
from game.ui.canvas import CANVAS

STATUS_Y = 686  # the message line at the bottom of the canvas
MESSAGE_LINES = 6  # the most lines a message takes (a refusal's reason is at most four upright)


class PileWord(NamedTuple):
    """A word written with a pile: its text, size, boldness and colour, where it lies, and
    the box drawn behind it (a count's, a mark's tag; None: on the felt)."""

    text: str
    size: int
    bold: bool
    colour: tuple[int, int, int]
    rect: pygame.Rect
    box: pygame.Rect | None


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
        surf.blit(theme.felt(t.app.settings.felt), (0, 0))  # the chosen table colour
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
                surf.blit(art.slot(marks.get(name, geom.slot)), geom.rect)
            for c, up, p in shown:
                surf.blit(art.image(c, up, t.back_deck(c)), p)
            count = sum(1 for c, _ in cards if c.id not in hidden)
            top = pygame.Rect(shown[-1][2], geom.rect.size) if shown else None
            mark = marks.get(name, "") if shown else ""
            words = self.words(name, count, bool(cards), top, mark)
            for word in words[:-1] if mark else words:
                self.write(surf, word)
            if mark and top is not None:  # a pile in a special state: a ring, then its tag
                surf.blit(t.art.ring(theme.MARK, 3), top.inflate(6, 6))
                self.write(surf, words[-1])
        t.chrome.decorate(surf)
        return surf

    def words(
        self, name: str, count: int, full: bool, top: pygame.Rect | None = None, mark: str = ""
    ) -> list[PileWord]:
        """The words written with pile ``name`` holding ``count`` cards in sight (``full``:
        any at all), its top card at ``top``, in the special state ``mark``: its count, below
        it or beside it; the game's word on it while empty; its caption ("Reserve"), beside it
        or over it; the mark's tag under its top card. Each (text, size, bold, colour, where
        the text lies, the box behind it or None). Landscape as written for the 1280x720 table,
        upright and sideways (``CANVAS.label``) at least 12 CSS px."""
        geom, layout = self.table.layout.piles[name], self.table.layout
        out: list[PileWord] = []
        if geom.badge and full:  # the count of a stacked pile
            size = CANVAS.label(20)
            r = pygame.Rect((0, 0), theme.font(size, True).size(str(count)))
            if geom.badge == Badge.BELOW:
                r.midtop = (geom.rect.centerx, geom.rect.bottom + 3)
            else:
                r.midleft = (geom.rect.right + 8, geom.rect.centery)
            out.append(PileWord(str(count), size, True, theme.INK, r, r.inflate(12, 4)))
        if name in layout.empty_messages and not full:
            size = CANVAS.label(20)
            lines = theme.wrap(layout.empty_words[name], size, geom.rect.w + 8)
            step = theme.font(size).get_height()
            y = geom.rect.centery - step * (len(lines) - 1) // 2
            for i, line in enumerate(lines):
                r = pygame.Rect((0, 0), theme.font(size).size(line))
                r.center = (geom.rect.centerx, y + i * step)
                out.append(PileWord(line, size, False, theme.INK_FAINT, r, None))
        if name in layout.caption_messages:
            word, size = layout.captions[name], CANVAS.label(18)
            r = pygame.Rect((0, 0), theme.font(size).size(word))
            if geom.caption == CaptionAt.ABOVE:
                r.bottomleft = (geom.rect.x, geom.rect.y - 4)
            else:
                r.topleft = (geom.rect.right + 6, geom.rect.y + 8)
            out.append(PileWord(word, size, False, theme.INK_DIM, r, None))
        if mark and top is not None:  # a pile in a special state (Indian Patience's
            size = CANVAS.label(16)  # protected card): a tag under it (and a ring round it)
            bold = not CANVAS.rail  # (sideways "protected" in bold met its neighbour's tag)
            r = pygame.Rect((0, 0), theme.font(size, bold).size(mark))
            r.midtop = (top.centerx, top.bottom + 6)
            box = r.inflate(8, 2)
            box.clamp_ip(pygame.Rect(2, 0, CANVAS.table_w - 4, CANVAS.h))  # (on the table)
            r.center = box.center
            out.append(PileWord(mark, size, bold, (60, 30, 0), r, box))
        return out

    @staticmethod
    def write(surf: pygame.Surface, word: PileWord) -> None:
        text, size, bold, colour, r, box = word
        if box is not None:
            if colour == theme.INK:  # a count's box
                pygame.draw.rect(surf, (0, 0, 0), box, border_radius=9)
                pygame.draw.rect(surf, theme.BAR_LINE, box, 1, border_radius=9)
            else:  # a mark's tag
                pygame.draw.rect(surf, theme.MARK, box, border_radius=6)
        surf.blit(theme.text(text, size, colour, bold), r)

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
        if inp.focus is None:  # Tab went on from the piles to the buttons
            t.draw_focus(screen, t.app.keyboard_used)
        self.draw_message(screen)
        t.chrome.draw_over(screen)

    def draw_message(self, screen, rect=None) -> None:
        """The message line: the table's last word, else the oldest storage notice."""
        t = self.table
        rect = (
            rect
            or t.chrome.message_rect()
            or pygame.Rect(0, STATUS_Y, CANVAS.table_w, CANVAS.h - STATUS_Y)
        )
        shown, color = t.message_text(), t.message.colour
        if not shown:
            shown, color = t.app.current_notice(), theme.ACCENT
        if shown:

            def fitted(size):  # the line's step, its lines, and how many the band holds
                step = (
                    theme.font(size).get_height() + 3
                    if CANVAS.rail
                    else theme.font(size).get_height() + 6
                    if CANVAS.portrait
                    else size
                )
                # (the landscape line holds two, overlapping a little)
                return (
                    step,
                    theme.wrap(shown, size, rect.w - 40)[:MESSAGE_LINES],
                    max(1 if CANVAS.rail else 2, (rect.h - 4) // step),
                )

            size = CANVAS.text(22) if not CANVAS.rail else 32  # sideways: 12.5 CSS px
            step, lines, holds = fitted(size)
            least = size if CANVAS.rail else size * 3 // 4  # (sideways: already the least)
            while len(lines) > holds and size > least:  # a language's longer words: smaller
                size -= 2  # before the band grows over the table
                step, lines, holds = fitted(size)
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


__all__ = ["STATUS_Y", "PileWord", "TableView"]
