"""Standard: the eight piles in a row on the left, fanning down (the two face-down cards close
together, every face-up card showing; a long pile squeezes to stay on the table); the eight
foundations in two rows of four on the right; the stock below them, at the bottom right."""

from game.ui.layout_shapes import EMPTY, portrait_solitaire

W, H = 92, 128
TOP = 62  # below the toolbar
BOTTOM = 682  # above the message line
PILE_X = [16 + i * 106 for i in range(8)]
FOUNDATION_X = [874 + i * 100 for i in range(4)]

LAYOUT = {
    "card": (W, H),
    "fan": "down",
    "table_right": 1280,
    "piles": [
        *(
            (f"tableau{i}", x, TOP, {"fan": (0, 30), "fan_down": (0, 9), "limit": BOTTOM})
            for i, x in enumerate(PILE_X)
        ),
        *(
            (f"foundation{i}", FOUNDATION_X[i % 4], TOP + (i // 4) * (H + 14), {"slot": "A"})
            for i in range(8)
        ),
        ("stock", FOUNDATION_X[3], 526, {"badge": "below", "empty": EMPTY}),
    ],
}


def PORTRAIT(h: int) -> dict:
    """Upright: the stock and the eight foundations in a row on top, the eight piles below."""
    top = {"stock": (0, {"badge": "below", "empty": EMPTY})}
    top.update({f"foundation{i}": (1 + i, {"slot": "A"}) for i in range(8)})
    return portrait_solitaire(h, (80, 112), top, 8, fan=(0, 42), slots=9, cards=19)
