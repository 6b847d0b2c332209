"""The side panel of a table with turns (duel.py, round.py share it): its buttons placed, its
ground, the banner's place, and the move log and Replay turn in it (``PanelChrome``).

Landscape: a column right of the table (``PANEL_X``), or on the left with the left-handed
setting (the table's layout is then moved right, see board/places.py layout_for). Portrait:
below the table, from the layout's "panel_top": the texts first (panel_texts.py), then three
rows of buttons 88 high (44 CSS px on a 390x844 page) at the bottom of the canvas, in reach of
a thumb. Where the panel lies: panel_geometry.py; the move log: move_log.py; Replay turn:
turn_replay.py.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

import pygame

from game.core import Move
from game.core.language import _
from game.ui import theme
from game.ui.board.places import Piles
from game.ui.canvas import CANVAS
from game.ui.layout_shapes import P_MESSAGE_BAND
from game.ui.table.chrome import BaseChrome, Point
from game.ui.table.scene import Table
from game.ui.turns.log_words import describe
from game.ui.turns.move_log import LogView
from game.ui.turns.panel_geometry import (
    P_GAP,
    P_ROW,
    P_TEXT,
    PANEL_X,
    RAIL_TEXT,
    panel_rect,
    panel_x,
    portrait_rows,
    portrait_top,
)
from game.ui.turns.turn_replay import TurnReplay
from game.ui.widgets import Button

FIRST_ROW = ("Stop!", "Knock!", "End turn", "Replay turn")
PACE_BUTTONS = ("slower", "faster")  # the computer's pace's - and +


def portrait_buttons(names: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Rects of a panel's buttons by name: the call, End turn and Replay turn, then Undo,
    Redo, Hint and Rules, then slower, the pace's word, faster, New game and Menu."""
    w = CANVAS.w
    r1, r2, r3 = portrait_rows()
    out = {}
    first = [n for n in names if n in FIRST_ROW]
    second = [n for n in names if n in ("Undo", "Redo", "Hint", "Rules")]
    for row, y in ((first, r1), (second, r2)):
        bw = (w - P_GAP * (len(row) + 1)) // max(1, len(row))
        for i, n in enumerate(row):
            out[n] = (P_GAP + i * (bw + P_GAP), y, bw, P_ROW)
    pace_w = 130
    out["slower"] = (P_GAP, r3, P_ROW, P_ROW)
    out["faster"] = (P_GAP + P_ROW + pace_w, r3, P_ROW, P_ROW)
    rest = 2 * P_GAP + 2 * P_ROW + pace_w
    bw = (w - rest - 2 * P_GAP) // 2
    out["New game"] = (rest + P_GAP, r3, bw, P_ROW)
    out["Menu"] = (rest + 2 * P_GAP + bw, r3, bw, P_ROW)
    return out


def place_portrait(buttons) -> None:
    """Move a panel's buttons to their portrait places, their text 12 CSS px or more."""
    places = portrait_buttons([b.name for b in buttons])
    for b in buttons:
        if b.name in places:
            b.rect = pygame.Rect(places[b.name])
            b.size = max(b.size, CANVAS.text(22) if b.name not in ("slower", "faster") else 56)


def place_left(buttons, table) -> None:
    """Landscape with the panel on the left: every button moves with it."""
    dx = panel_x(table) - PANEL_X
    for b in buttons:
        b.rect.move_ip(dx, 0)


def place_rail(buttons) -> None:
    """A sideways phone's canvas (canvas.py): the buttons leave the panel for the rail right
    of it, one row each (slower and faster share one, and Undo and Redo), as tall as the rail
    allows (83 or more: 45 CSS px on an 844x390 page), their words 12 CSS px or more (size 32:
    a line 23 px high, 12.5 CSS px)."""
    rows: list[list] = []
    pairs = {"faster": "slower", "Redo": "Undo"}
    for b in buttons:
        if b.name in pairs and rows and rows[-1][0].name == pairs[b.name]:
            rows[-1].append(b)
        else:
            rows.append([b])
    gap = 6
    for row, (x, y, w, h) in zip(rows, CANVAS.rail_rows(len(rows), gap)):
        bw = (w - gap * (len(row) - 1)) // len(row)
        for j, b in enumerate(row):
            b.rect = pygame.Rect(x + j * (bw + gap), y, bw, h)
            b.size = max(b.size, RAIL_TEXT)


def draw_panel(surf, table) -> None:
    """The panel's ground and edges; on a sideways phone's canvas the rail too, full height
    (its buttons are there), and the line over the message band stops at the table."""
    area = panel_rect(table)
    pygame.draw.rect(surf, theme.PANEL, area)
    if CANVAS.portrait:
        pygame.draw.line(surf, theme.BAR_LINE, area.topleft, area.topright, 2)
        return
    edge = area.topright if area.x == 0 else area.topleft
    pygame.draw.line(surf, theme.BAR_LINE, edge, (edge[0], area.bottom), 2)
    if CANVAS.rail:
        pygame.draw.rect(surf, theme.PANEL, (CANVAS.table_w, 0, CANVAS.rail, CANVAS.h))
    pygame.draw.line(surf, theme.BAR_LINE, (0, 680), (CANVAS.table_w, 680))


def pace_centre() -> tuple[int, int]:
    """Where the portrait panel writes the computer's pace (between - and +)."""
    r3 = portrait_rows()[2]
    return (P_GAP + P_ROW + 65, r3 + P_ROW // 2)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis to fit the width."""
    if theme.measure(text, size, bold) <= width:
        return text
    while text and theme.measure(text + "...", size, bold) > width:
        text = text[:-1]
    return text + "..."


def banner_rect(table, n_title: int, n_body: int, title_step: int, body_step: int):
    """Where a Stop!/Knock! banner stands: over the panel's texts, never over the cards."""
    if CANVAS.portrait:
        top = portrait_top(table) + 6
        h = 24 + title_step * n_title + body_step * n_body
        return pygame.Rect(8, top, CANVAS.w - 16, min(h, portrait_rows()[0] - 8 - top))
    x = panel_x(table)
    w = CANVAS.table_w - PANEL_X - 12
    return pygame.Rect(x + 6, 70, w, 30 + title_step * n_title + body_step * n_body)


def banner_sizes(big: int, small: int, steps) -> tuple[int, int, int, int]:
    """A Stop!/Knock! banner's title and body text sizes and their line steps on this canvas
    (``steps``: the landscape table's): a phone held sideways gets the panel's 12 CSS px and
    more, upright as ``CANVAS.text`` makes them."""
    if CANVAS.rail:
        return 40, P_TEXT, 31, 29
    return CANVAS.text(big), CANVAS.text(small), *(steps if not CANVAS.portrait else (46, 34))


class PanelChrome(BaseChrome):
    """What a chrome with a side panel (the duel's, the round table's) shares: the message
    line upright between the cards and the panel, the panel's headline, and the move log with
    its Replay turn (input on the log first: it scrolls). A subclass gives ``headline()``,
    ``title``, ``name``, ``is_you`` and the words of its calls (``call_words``)."""

    table: Table
    side_panel = True  # the left-handed setting puts it on the left
    turn_button: Button | None = None  # End turn on the table itself (the duel's layouts)
    own = ""  # a seat's own pile in the log is "your own waste" (the round table: "own ")

    def message_rect(self) -> pygame.Rect | None:
        """In portrait the message has its own band between the cards and the panel, four
        lines high (layout_shapes.py P_MESSAGE_BAND): the longest (who starts and why, a
        refusal's reason) covers neither the cards nor the panel's headline."""
        if not CANVAS.portrait:
            return None
        top = portrait_top(self.table)
        return pygame.Rect(0, top - P_MESSAGE_BAND, CANVAS.w, P_MESSAGE_BAND - 4)

    def portrait_headline(self) -> str:
        s = self.session
        # Translators: the side panel's headline: the game, "deal 123", its rule options
        deal = _("deal {number}").format(number=s.state.seed)
        return " · ".join([self.table.title_text, deal, *self.headline()])

    @abstractmethod
    def headline(self) -> list[str]:
        """The rule options in words, after the game's name and deal."""

    @abstractmethod
    def name(self, seat: int) -> str: ...

    @abstractmethod
    def is_you(self, seat: int) -> bool: ...

    @abstractmethod
    def call_words(self, call: Any, caller: int | None, called: int, state: Any) -> str:
        """A call (Stop!, Knock!) in the log, said of the position after it (``state``)."""

    # ------------------------------------------------------------------ the move log
    def add_log(self) -> None:
        """The log's view, its Replay turn button with the panel's buttons (after they were
        placed: it stands in the log's header wherever the log is drawn)."""
        self.log_view = LogView(self)
        b = self.log_view.button
        self.buttons.append(b)
        if CANVAS.portrait:  # upright: in the first row of buttons, a thumb's size
            on_table = self.turn_button
            place_portrait([x for x in self.buttons if x.name in FIRST_ROW and x is not on_table])
            self.log_view.placed = True
        elif CANVAS.rail and not self.table.layout.table_left:  # sideways: in the rail
            self.place_replay_in_rail()
            self.log_view.placed = True

    def place_replay_in_rail(self) -> None:
        """Sideways, Replay turn in the rail, as big as the rest, in Rules' row (Hint and
        Rules share one), its words 12 CSS px as every rail button's (half a row would need
        them smaller: "Replay turn")."""
        b = self.log_view.button
        hint = next(x for x in self.buttons if x.name == "Hint")
        rules = next(x for x in self.buttons if x.name == "Rules")
        b.rect, b.size, b.visible = rules.rect.copy(), rules.size, True
        half = (hint.rect.w - 6) // 2
        hint.rect.width = half
        rules.rect = pygame.Rect(hint.rect.right + 6, hint.rect.y, half, hint.rect.h)

    def place_in_rail(self, pace: bool) -> None:
        """Sideways, the panel's buttons placed in the rail again: with the computer's - and
        + (``pace``) or without them, the other rows taller in their room."""
        log = self.log_view.button
        skip = () if pace else PACE_BUTTONS
        place_rail(
            [
                b
                for b in self.buttons
                if b is not log and b is not self.turn_button and b.name not in skip
            ]
        )
        self.place_replay_in_rail()

    log_view: LogView

    @property
    def log(self) -> list[str]:
        """The moves shown, newest first, "Who: what" (read from the game's history)."""
        return self.log_view.book.lines()

    def describe(self, move: Move, before: Piles, mover: int) -> str:
        """A move in the log's words (said of the piles ``before`` it)."""
        return describe(self, self.session.state, move, before, mover)

    def replay(self) -> None:
        """Open the replay of the computer's last turn (view-only)."""
        t = self.table
        book = self.log_view.book
        found = book.replay_turn()
        if found is None or t.modal is not None:
            return
        turn, seat, steps = found
        t.input.reset()
        t.anim.clear()
        t.modal = TurnReplay(t, self, turn, seat, steps, book.positions(turn))

    def replaying(self) -> TurnReplay | None:
        """The replay open over the table, if any."""
        m = self.table.modal
        return m if isinstance(m, TurnReplay) else None

    def replay_key(self) -> tuple[int, int] | None:
        r = self.replaying()
        return None if r is None else (id(r), r.at)

    def wheel(self, dy: int) -> bool:
        return self.log_view.wheel(dy)

    def pointer_down(self, pos: Point) -> bool:
        return self.log_view.pointer_down(pos)

    def pointer_move(self, pos: Point) -> bool:
        return self.log_view.pointer_move(pos)

    def pointer_up(self, pos: Point) -> bool:
        return self.log_view.pointer_up(pos)
