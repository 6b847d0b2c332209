"""Little Harp: the seven piles in a row on the left, fanning down (the face-down cards close
together, every face-up card showing; a long pile squeezes to stay on the table); the four
foundations in a column on the right; the stock at the bottom right with the waste (the
manual's reserve pile) beside it, both with their counts. The stock turns three cards: the
waste fans its top three to the right (``fan_last``), so the three just turned show, the
playable one nearest the stock."""

from game.ui.layout_shapes import portrait_solitaire

W, H = 100, 140
TOP = 62  # below the toolbar
BOTTOM = 682  # above the message line
PILE_X = [24 + i * 120 for i in range(7)]  # the last ends at 844
RIGHT = 1280 - 16 - W
LOW = TOP + 3 * (H + 10)  # the last foundation's row
WASTE_FAN = 32  # the waste's three cards: each shows its corner (rank and suit)
STOCK_X = RIGHT - (W + 20)
WASTE_X = STOCK_X - 20 - W - 2 * WASTE_FAN  # 860: 16 clear of the last pile

LAYOUT = {
    "card": (W, H),
    "fan": "down",
    "table_right": 1280,
    "piles": [
        *(
            (
                f"tableau{i}",
                x,
                TOP,
                {"fan": (0, 32), "fan_down": (0, 12), "limit": BOTTOM, "slot": "K"},
            )
            for i, x in enumerate(PILE_X)
        ),
        *((f"foundation{i}", RIGHT, TOP + i * (H + 10), {"slot": "A"}) for i in range(4)),
        ("waste", WASTE_X, LOW, {"badge": "below", "fan": (WASTE_FAN, 0), "fan_last": 3}),
        ("stock", STOCK_X, LOW, {"badge": "below"}),
    ],
}


def PORTRAIT(h: int) -> dict:
    """Upright: the stock, the waste and the four foundations in a row on top, the seven piles
    below; the waste's three cards fan over the free place beside it."""
    top = {
        "stock": (0, {"badge": "below"}),
        "waste": (1, {"badge": "below", "fan": (54, 0), "fan_last": 3}),
    }
    top.update({f"foundation{i}": (3 + i, {"slot": "A"}) for i in range(4)})
    return portrait_solitaire(
        h, (100, 140), top, 7, fan=(0, 46), slots=7, column_opts={"slot": "K"}
    )
