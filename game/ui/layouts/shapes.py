"""Layouts several games share, built from a few numbers."""

from __future__ import annotations

W = 1280


def stock_and_ten_columns(card=(96, 134), gap=20, top=62, columns_top=214, bottom=682,
                          foundations=8) -> dict:
    """Stock, waste and the foundations in a row on top; ten columns fanning down below."""
    w, h = card
    left = (W - (10 * w + 9 * gap)) // 2
    xs = [left + i * (w + gap) for i in range(10)]
    piles = [("stock", xs[0], top, {"badge": "below", "empty": "empty"}),
             ("waste", xs[1], top, {"badge": "below"})]
    piles += [(f"foundation{i}", xs[i + 2], top, {"slot": "A"}) for i in range(foundations)]
    piles += [(f"tableau{i}", xs[i], columns_top,
               {"fan": (0, 32), "fan_down": (0, 14), "limit": bottom}) for i in range(10)]
    return {"card": card, "fan": "down", "table_right": W, "piles": piles}
