"""Canfield, as the manual lays it out: the four columns in a row from the left at the top, the
reserve (the manual's penalty pile) in the bottom-left corner, the stock (the manual's hand) in
the bottom-right corner with the waste beside it, and the four foundations down the right-hand
side. The reserve, waste and stock show their counts; an empty foundation shows the base rank
(the game's marks); the empty stock says that clicking it turns the waste back over."""

W, H = 100, 140
TOP, BOTTOM = 64, 682
ROW = 514  # the reserve, waste and stock: their counts fit below, above the message line
COLUMN_X = [220 + i * 160 for i in range(4)]
FOUNDATION_X = 1160

LAYOUT = {
    "card": (W, H), "fan": "down", "table_right": 1280,
    "piles": [
        *((f"tableau{i}", x, TOP, {"fan": (0, 34), "limit": BOTTOM})
          for i, x in enumerate(COLUMN_X)),
        ("reserve", 40, ROW, {"badge": "below", "caption": "Reserve"}),
        ("waste", 880, ROW, {"badge": "below"}),
        ("stock", 1020, ROW, {"badge": "below", "empty": "turn over"}),
        *((f"foundation{i}", FOUNDATION_X, TOP + i * (H + 10), {}) for i in range(4)),
    ],
}
