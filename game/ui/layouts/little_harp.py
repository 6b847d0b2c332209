"""Little Harp: the seven piles in a row on the left, fanning down (the face-down cards close
together, every face-up card showing; a long pile squeezes to stay on the table); the four
foundations in a column on the right; the stock at the bottom right with the waste (the
manual's reserve pile) beside it, both with their counts."""

from .shapes import portrait_solitaire

W, H = 100, 140
TOP = 62  # below the toolbar
BOTTOM = 682  # above the message line
PILE_X = [24 + i * 124 for i in range(7)]
RIGHT = 1280 - 16 - W
LOW = TOP + 3 * (H + 10)  # the last foundation's row

LAYOUT = {
    "card": (W, H), "fan": "down", "table_right": 1280,
    "piles": [
        *((f"tableau{i}", x, TOP, {"fan": (0, 32), "fan_down": (0, 12), "limit": BOTTOM,
                                   "slot": "K"})
          for i, x in enumerate(PILE_X)),
        *((f"foundation{i}", RIGHT, TOP + i * (H + 10), {"slot": "A"}) for i in range(4)),
        ("waste", RIGHT - 2 * (W + 20), LOW, {"badge": "below"}),
        ("stock", RIGHT - (W + 20), LOW, {"badge": "below"}),
    ],
}


def PORTRAIT(h: int) -> dict:
    """Upright: the stock, the waste and the four foundations in a row on top, the seven piles
    below."""
    top = {"stock": (0, {"badge": "below"}), "waste": (1, {"badge": "below"})}
    top.update({f"foundation{i}": (3 + i, {"slot": "A"}) for i in range(4)})
    return portrait_solitaire(h, (100, 140), top, 7, fan=(0, 46), slots=7,
                              column_opts={"slot": "K"})
