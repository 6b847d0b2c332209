"""Where the side panel of a table with turns lies: landscape, a column right of the table
(``PANEL_X``), or on the left with the left-handed setting; portrait, below the table from the
layout's "panel_top"."""

from __future__ import annotations

import pygame

from game.ui.canvas import CANVAS
from game.ui.layouts import layout_data

PANEL_X = 916  # where the panel begins on the right (landscape)
P_ROW = 88  # a portrait button row's height
P_GAP = 8
P_TEXT = 36  # the portrait panel's text size (12 CSS px on a 390x844 page)
RAIL_TEXT = 32  # a sideways phone's rail buttons' words (12.5 CSS px on an 844x390 page)


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
    n = table.state.player_count if table.session is not None else None
    return layout_data(table.game_id, n, portrait=True).get("panel_top", CANVAS.h // 2)


def portrait_rows() -> list[int]:
    """The y of the three button rows, top to bottom."""
    return [CANVAS.h - (3 - i) * (P_ROW + P_GAP) for i in range(3)]
