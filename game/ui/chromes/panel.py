"""Where the side panel of a table with turns lies (duel.py, round.py share it).

Landscape: a column right of the table (``PANEL_X``), or on the left with the left-handed
setting (the table's layout is then moved right, see layout.layout_for). Portrait: below the
table, from the layout's "panel_top": the texts first, then three rows of buttons 88 high
(44 CSS px on a 390x844 page) at the bottom of the canvas, in reach of a thumb.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..canvas import CANVAS

PANEL_X = 916  # where the panel begins on the right (landscape)
P_ROW = 88  # a portrait button row's height
P_GAP = 8
P_TEXT = 36  # the portrait panel's text size (12 CSS px on a 390x844 page)


def has_side_panel_left(app) -> bool:
    """The left-handed setting, where it applies: a landscape table's side panel."""
    return bool(getattr(app.settings, "left_handed", False)) and not CANVAS.portrait


def panel_x(table) -> int:
    """The landscape panel's left edge: right of the table, or at 0 when the table was moved
    right for a panel on the left."""
    return 0 if table.layout.table_left else PANEL_X


def panel_rect(table) -> pygame.Rect:
    if CANVAS.portrait:
        top = portrait_top(table)
        return pygame.Rect(0, top, CANVAS.w, CANVAS.h - top)
    x = panel_x(table)  # on the right it reaches over a sideways phone's rail (canvas.py)
    return pygame.Rect(x, 0, (CANVAS.w if x else CANVAS.table_w) - PANEL_X, 680)


def portrait_top(table) -> int:
    from ..layouts import layout_data
    n = table.state.player_count if table.session is not None else None
    return layout_data(table.game_id, n, portrait=True).get("panel_top", CANVAS.h // 2)


def portrait_rows() -> list[int]:
    """The y of the three button rows, top to bottom."""
    return [CANVAS.h - (3 - i) * (P_ROW + P_GAP) for i in range(3)]


def portrait_buttons(names: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Rects of a panel's buttons by name: the call and End turn, then Undo, Redo, Hint and
    Rules, then slower, the pace's word, faster, New game and Menu."""
    w = CANVAS.w
    r1, r2, r3 = portrait_rows()
    out = {}
    first = [n for n in names if n in ("Stop!", "Knock!", "End turn")]
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
            b.size = max(b.size, CANVAS.text(22) if b.name not in ("slower", "faster")
                         else 56)


def place_left(buttons, table) -> None:
    """Landscape with the panel on the left: every button moves with it."""
    dx = panel_x(table) - PANEL_X
    for b in buttons:
        b.rect.move_ip(dx, 0)


def place_rail(buttons) -> None:
    """A sideways phone's canvas (canvas.py): the buttons leave the panel for the rail right
    of it, one row each (slower and faster share one, and Undo and Redo), as tall as the rail
    allows (83 or more: 45 CSS px on an 844x390 page), their words larger."""
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
            b.size = max(b.size, 26)


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
    deal and seats; whose turn (a coloured box); each seat's counts; the match; the last
    moves (``lines``: the chrome's, with their colours); the tip (wrapped); the pace."""
    top = portrait_top(table) + 10
    x, width = 16, CANVAS.w - 32
    bottom = portrait_rows()[0] - 6
    step = theme.font(P_TEXT).get_height() + 4
    head = chrome.portrait_headline()
    theme.blit_text(screen, fit(head, P_TEXT, width, True), (x, top), P_TEXT, theme.GOLD,
                    bold=True)
    y = top + step + 4
    box = pygame.Rect(x, y, width, 64)
    label, color = chrome.turn_label()
    pygame.draw.rect(screen, color, box, border_radius=10)
    theme.blit_text(screen, fit(label, 43, width - 20, True), box.center, 43, theme.INK,
                    bold=True, anchor="center")
    y = box.bottom + 8
    for text, color in lines:
        if y + step > bottom:
            break
        theme.blit_text(screen, fit(text, P_TEXT, width), (x, y), P_TEXT, color)
        y += step
    tip = chrome.tip()
    if tip:
        for line in theme.wrap(tip, P_TEXT, width):
            if y + step > bottom:
                break
            theme.blit_text(screen, line, (x, y), P_TEXT, theme.INK_DIM)
            y += step
    cx, cy = pace_centre()
    theme.blit_text(screen, chrome.app.settings.pace.capitalize(), (cx, cy), P_TEXT,
                    theme.INK, bold=True, anchor="center")


def banner_rect(table, n_title: int, n_body: int, title_step: int, body_step: int):
    """Where a Stop!/Knock! banner stands: over the panel's texts, never over the cards."""
    if CANVAS.portrait:
        top = portrait_top(table) + 6
        h = 24 + title_step * n_title + body_step * n_body
        return pygame.Rect(8, top, CANVAS.w - 16, min(h, portrait_rows()[0] - 8 - top))
    x = panel_x(table)
    w = CANVAS.table_w - PANEL_X - 12
    return pygame.Rect(x + 6, 70, w, 30 + title_step * n_title + body_step * n_body)


def show_rules(table) -> None:
    """The Rules button of a panel: the game's rules; Back returns to the table as it was."""
    from ..screens import show_rules as show
    show(table)


class PanelChrome:
    """What a chrome with a panel (the duel's side panel, the round table's) shares upright:
    the message line between the cards and the panel, and the panel's headline. A subclass
    gives ``table``, ``session`` and ``headline()``."""

    message_grows_down = True  # a long message reaches over the panel's top, not the cards

    def message_rect(self) -> pygame.Rect | None:
        """In portrait the message line lies between the cards and the panel."""
        if not CANVAS.portrait:
            return None
        return pygame.Rect(0, portrait_top(self.table) - 70, CANVAS.w, 66)

    def portrait_headline(self) -> str:
        s = self.session
        return " · ".join([self.table.title_text, f"deal {s.state.seed}", *self.headline()])
