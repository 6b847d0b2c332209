"""The side panel of a table with turns (duel.py, round.py share it): its buttons placed, its
texts, the banner, and the move log and Replay turn in it (``PanelChrome``).

Landscape: a column right of the table (``PANEL_X``), or on the left with the left-handed
setting (the table's layout is then moved right, see layout.layout_for). Portrait: below the
table, from the layout's "panel_top": the texts first, then three rows of buttons 88 high
(44 CSS px on a 390x844 page) at the bottom of the canvas, in reach of a thumb. Where the
panel lies: panel_geometry.py; the move log: move_log.py; Replay turn: turn_replay.py.
"""

from __future__ import annotations

import pygame

from game.core.language import _
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.turns.move_log import LogView, describe
from game.ui.turns.panel_geometry import (  # noqa: F401
    P_GAP,
    P_ROW,
    P_TEXT,
    PANEL_X,
    RAIL_TEXT,
    has_side_panel_left,
    panel_rect,
    panel_x,
    portrait_rows,
    portrait_top,
)
from game.ui.turns.turn_replay import TurnReplay, fly_changes  # noqa: F401 (the chromes' flights)

FIRST_ROW = ("Stop!", "Knock!", "End turn", "Replay turn")


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


def draw_portrait_texts(screen, table, chrome, lines) -> None:
    """The portrait panel's texts, top to bottom, each line fitted to the width: the game,
    deal and seats; whose turn (a coloured box); each seat's counts and the match (``lines``:
    the chrome's, with their colours); the move log (the chrome's ``log_view``) in the room
    left above the tip (wrapped, at the bottom); the pace."""
    step = theme.font(P_TEXT).get_height() + 4
    column = not CANVAS.portrait  # a phone held sideways: the panel a column 340 wide, its
    # buttons in the rail (place_rail); the same texts and sizes (13.6 CSS px on an 844x390
    # page), the long ones in two lines rather than cut
    if column:
        x, width, top = panel_x(table) + 12, CANVAS.table_w - PANEL_X - 24, 10
        # the computer's pace in the last line, clear of a two-line message's band below
        # the panel (table_view.draw_message: 26 px up from the line at 686)
        bottom = panel_rect(table).bottom - 32 - step
    else:
        top = portrait_top(table) + 10
        x, width = 16, CANVAS.w - 32
        bottom = portrait_rows()[0] - 6

    def wrapped(text, size=P_TEXT, bold=False):
        if not column:
            return [fit(text, size, width, bold)]
        out = theme.wrap(text, size, width, bold)
        return (
            [*out[:1], *(fit(" ".join(out[1:]), size, width, bold),)] if len(out) > 1 else list(out)
        )

    head = chrome.portrait_headline()
    y = top
    for line in wrapped(head, bold=True):
        theme.blit_text(screen, line, (x, y), P_TEXT, theme.GOLD, bold=True)
        y += step
    label, color = chrome.turn_label()
    label_size = 43 if not column else P_TEXT
    label_lines = (
        [fit(label, label_size, width - 20, True)]
        if not column
        else theme.wrap(label, label_size, width - 20, True)[:2]
    )
    label_step = theme.font(label_size, True).get_height()
    box = pygame.Rect(x, y + 4, width, max(64, 16 + label_step * len(label_lines)))
    pygame.draw.rect(screen, color, box, border_radius=10)
    ly = box.centery - label_step * len(label_lines) // 2
    for line in label_lines:
        theme.blit_text(
            screen, line, (box.centerx, ly), label_size, theme.INK, bold=True, anchor="midtop"
        )
        ly += label_step
    y = box.bottom + 8
    for text, color in lines:
        for line in wrapped(text):
            if y + step > bottom:
                break
            theme.blit_text(screen, line, (x, y), P_TEXT, color)
            y += step
    tip = chrome.tip()
    tip_lines = theme.wrap(tip, P_TEXT, width) if tip else ()
    log = getattr(chrome, "log_view", None)
    if log is not None:  # the move log: the room between the lines above and the tip
        room = bottom - len(tip_lines) * step - 4 - y
        log.draw(screen, pygame.Rect(x, y, width, room), P_TEXT)
        y += max(0, room) + 4
    for line in tip_lines:
        if y + step > bottom:
            break
        theme.blit_text(screen, line, (x, y), P_TEXT, theme.INK_DIM)
        y += step
    pace = chrome.pace_word()
    if column:  # - and + are in the rail
        # Translators: the side panel; {pace} is "Slow", "Normal", "Fast" or "Instant"
        words = (
            _("Computer's pace: {pace}").format(pace=pace)
            if chrome.computer_here()
            else _("No computer here")
        )
        theme.blit_text(
            screen, words, (x, bottom + 2), theme.fit_size(words, P_TEXT, width), theme.INK_DIM
        )
        return
    cx, cy = pace_centre()  # (between - and +: a language's longer word drawn smaller)
    size = (
        theme.fit_size(pace, P_TEXT, 2 * 65 - 12, True) if chrome.computer_here() else P_TEXT
    )  # (no computer: no - and +, the words have their room)
    theme.blit_text(screen, pace, (cx, cy), size, theme.INK, bold=True, anchor="center")


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


def show_rules(table) -> None:
    """The Rules button of a panel: the game's rules; Back returns to the table as it was."""
    table.app.show_rules(table)


class PanelChrome:
    """What a chrome with a panel (the duel's side panel, the round table's) shares upright:
    the message line between the cards and the panel, and the panel's headline. A subclass
    gives ``table``, ``session`` and ``headline()``."""

    def message_rect(self) -> pygame.Rect | None:
        """In portrait the message has its own band between the cards and the panel, four
        lines high (layouts/shapes.py P_MESSAGE_BAND): the longest (who starts and why, a
        refusal's reason) covers neither the cards nor the panel's headline."""
        if not CANVAS.portrait:
            return None
        from game.ui.layout_shapes import P_MESSAGE_BAND

        top = portrait_top(self.table)
        return pygame.Rect(0, top - P_MESSAGE_BAND, CANVAS.w, P_MESSAGE_BAND - 4)

    def portrait_headline(self) -> str:
        s = self.session
        # Translators: the side panel's headline: the game, "deal 123", its rule options
        deal = _("deal {number}").format(number=s.state.seed)
        return " · ".join([self.table.title_text, deal, *self.headline()])

    # ------------------------------------------------------------------ the move log
    own = ""  # a seat's own pile in the log is "your own waste" (the round table: "own ")

    def add_log(self) -> None:
        """The log's view, its Replay turn button with the panel's buttons (after they were
        placed: it stands in the log's header wherever the log is drawn)."""
        self.log_view = LogView(self)
        b = self.log_view.button
        self.buttons.append(b)
        if CANVAS.portrait:  # upright: in the first row of buttons, a thumb's size
            on_table = getattr(self, "turn_button", None)
            place_portrait([x for x in self.buttons if x.name in FIRST_ROW and x is not on_table])
            self.log_view.placed = True
        elif CANVAS.rail and not self.table.layout.table_left:  # sideways: in the rail, as
            # big as the rest, in Rules' row (Hint and Rules share one), its words 12 CSS px
            # as every rail button's (half a row would need them smaller: "Replay turn")
            hint = next(x for x in self.buttons if x.name == "Hint")
            rules = next(x for x in self.buttons if x.name == "Rules")
            b.rect, b.size, b.visible = rules.rect.copy(), rules.size, True
            half = (hint.rect.w - 6) // 2
            hint.rect.width = half
            rules.rect = pygame.Rect(hint.rect.right + 6, hint.rect.y, half, hint.rect.h)
            self.log_view.placed = True

    @property
    def log(self) -> list[str]:
        """The moves shown, newest first, "Who: what" (read from the game's history)."""
        return self.log_view.book.lines()

    def describe(self, move, before, mover) -> str:
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

    def replaying(self):
        """The replay open over the table, if any."""
        m = self.table.modal
        return m if isinstance(m, TurnReplay) else None

    def replay_key(self):
        r = self.replaying()
        return None if r is None else (id(r), r.at)

    def wheel(self, dy: int) -> bool:
        return self.log_view.wheel(dy)

    def pointer_down(self, pos) -> bool:
        return self.log_view.pointer_down(pos)

    def pointer_move(self, pos) -> bool:
        return self.log_view.pointer_move(pos)

    def pointer_up(self, pos) -> bool:
        return self.log_view.pointer_up(pos)


# ====================================================================== the move log
# What was played, in words, read from the game's own history (never kept by the chrome): the
# moves of the current turn and the turns before it back to the previous turn of the seat to
# move (at least one), each turn headed by who played it. A reload, an undo, a Stop! call
# that replaces a move: the log is read again from the history and says the same.
