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


# ------------------------------------------------------------------ the portrait canvas
# 768 logical pixels wide (game/ui/canvas.py): the solitaire toolbar's info bar above P_TOP,
# the message line and two rows of buttons below ``portrait_bottom(h)``
PW = 768  # canvas.PORTRAIT_W
P_TOP = 116
P_MARGIN = 6


def portrait_bottom(h: int) -> int:
    """The lowest a card may reach on a portrait solitaire table (above the message line and
    the toolbar's two rows of buttons)."""
    return h - 282


def spread(n: int, card_w: int, width: int = PW, margin: int = P_MARGIN,
           left: int = 0) -> list[int]:
    """The x of n card places spread evenly across ``width`` (from ``left``)."""
    if n == 1:
        return [left + (width - card_w) // 2]
    gap = (width - 2 * margin - n * card_w) / (n - 1)
    return [round(left + margin + i * (card_w + gap)) for i in range(n)]


def portrait_solitaire(h: int, card, top: dict, columns: int, fan=(0, 40), fan_down=(0, 14),
                       slots: int = 10, column_opts=None, below_top: int = 44) -> dict:
    """A portrait solitaire: a row of places on top (``top``: pile name -> (slot of
    ``slots`` spread across the canvas, options)) and ``columns`` columns fanning down below,
    spread across the canvas, squeezing to stay above the message line."""
    w, ch = card
    xs = spread(slots, w)
    piles = [(name, xs[slot], P_TOP, opts) for name, (slot, opts) in top.items()]
    cols = spread(columns, w)
    y = P_TOP + ch + below_top
    opts = {"fan": fan, "fan_down": fan_down, "limit": portrait_bottom(h), **(column_opts or {})}
    piles += [(f"tableau{i}", x, y, opts) for i, x in enumerate(cols)]
    return {"card": card, "fan": "down", "table_right": PW, "piles": piles}


def portrait_stock_and_ten_columns(h: int, foundations: int = 8) -> dict:
    """Stock, waste and eight foundations in a row on top, ten columns below, 72x100 cards."""
    top = {"stock": (0, {"badge": "below", "empty": "empty"}), "waste": (1, {"badge": "below"})}
    top.update({f"foundation{i}": (2 + i, {"slot": "A"}) for i in range(foundations)})
    return portrait_solitaire(h, (72, 100), top, 10)
