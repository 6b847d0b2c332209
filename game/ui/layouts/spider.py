"""Spider, as the manual lays a table out: the ten columns in a row from the left at the top,
the eight foundations ("stacks") on the right, the stock ("hand") at the bottom right.

Columns show their face-down cards as a narrow strip and fan the face-up ones so every one
shows its index; a long column squeezes to stay above the message line. The stock shows its
count beside it and how many deals are left under it (the game's mark)."""

from game.ui.layout_shapes import EMPTY

W = 1280
CARD = (84, 118)
GAP = 8
LEFT = 12
TOP = 62  # below the 52-pixel toolbar
BOTTOM = 684  # above the 34-pixel message line

_w, _h = CARD
_columns = [LEFT + i * (_w + GAP) for i in range(10)]
_right = [W - 12 - _w - (2 - i) * (_w + GAP) for i in range(3)]  # three places, right-aligned
_rows = [TOP + r * (_h + 12) for r in range(3)]

PILES = [
    (f"tableau{i}", x, TOP, {"fan": (0, 28), "fan_down": (0, 9), "limit": BOTTOM})
    for i, x in enumerate(_columns)
]
PILES += [(f"foundation{i}", _right[i % 3], _rows[i // 3], {}) for i in range(8)]
PILES += [("stock", _right[1], 536, {"badge": "right", "empty": EMPTY})]

LAYOUT = {"card": CARD, "fan": "down", "table_right": W, "piles": PILES}


def PORTRAIT(h: int) -> dict:
    """Upright: the stock and the eight foundations in a row on top (the stock's count beside
    it, its deals left under it), the ten columns below."""
    from game.ui.layout_shapes import portrait_solitaire

    top = {"stock": (0, {"badge": "right", "empty": EMPTY})}
    top.update({f"foundation{i}": (2 + i, {}) for i in range(8)})
    return portrait_solitaire(h, (72, 100), top, 10, fan=(0, 38), fan_down=(0, 10), below_top=56)
