"""Canfield, as the manual lays it out: the four columns in a row from the left at the top, the
reserve (the manual's penalty pile) in the bottom-left corner, the stock (the manual's hand) in
the bottom-right corner with the waste beside it, and the four foundations down the right-hand
side. The stock turns three cards: the waste fans its top three to the right
(``fan_last``), the playable one nearest the stock. The reserve, waste and stock show their
counts; an empty foundation shows the base rank
(the game's marks); the empty stock says that clicking it turns the waste back over."""

from game.core.language import NP_
from game.ui.layout_shapes import LayoutData

# Translators: the caption beside Canfield's reserve; short
RESERVE = NP_("a pile's caption on the table", "Reserve")
# Translators: written on Canfield's empty stock: clicking it turns the waste back over;
# short: a card's width
TURN_OVER = NP_("a word on an empty place on the table", "turn over")

W, H = 100, 140
TOP, BOTTOM = 64, 682
ROW = 514  # the reserve, waste and stock: their counts fit below, above the message line
COLUMN_X = [220 + i * 160 for i in range(4)]
FOUNDATION_X = 1160

LAYOUT: LayoutData = {
    "card": (W, H),
    "fan": "down",
    "table_right": 1280,
    "piles": [
        *(
            (f"tableau{i}", x, TOP, {"fan": (0, 34), "limit": BOTTOM})
            for i, x in enumerate(COLUMN_X)
        ),
        ("reserve", 40, ROW, {"badge": "below", "caption": RESERVE}),
        ("waste", 816, ROW, {"badge": "below", "fan": (32, 0), "fan_last": 3}),
        ("stock", 1020, ROW, {"badge": "below", "empty": TURN_OVER}),
        *((f"foundation{i}", FOUNDATION_X, TOP + i * (H + 10), {}) for i in range(4)),
    ],
}

# sideways (its words at 12 CSS px): "Reserve" over the reserve, where the first column's
# cards don't reach (beside it, 87 px wide, it met them)
SIDEWAYS = {
    **LAYOUT,
    "piles": [
        (n, x, y, {**o, "caption_at": "above"} if n == "reserve" else o)
        for n, x, y, o in LAYOUT["piles"]
    ],
}


def PORTRAIT(h: int) -> dict:
    """Upright: the stock, the waste and the four foundations in a row on top; the reserve on
    the left of the second row and the four columns under the foundations."""
    from game.ui.layout_shapes import P_TOP, PW, portrait_bottom, spread

    w, ch = 100, 140
    xs = spread(7, w)
    y = P_TOP + ch + 44
    return {
        "card": (w, ch),
        "fan": "down",
        "table_right": PW,
        "piles": [
            ("stock", xs[0], P_TOP, {"badge": "below", "empty": TURN_OVER}),
            ("waste", xs[1], P_TOP, {"badge": "below", "fan": (54, 0), "fan_last": 3}),
            *((f"foundation{i}", xs[3 + i], P_TOP, {}) for i in range(4)),
            ("reserve", xs[0], y, {"badge": "below", "caption": RESERVE}),
            *(
                (f"tableau{i}", xs[3 + i], y, {"fan": (0, 46), "limit": portrait_bottom(h)})
                for i in range(4)
            ),
        ],
    }
