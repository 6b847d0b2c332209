"""Seahaven, as the manual lays it out: the ten columns in a row from the left at the top (every
card face up, fanning down so each one shows; a long column squeezes), the four work cells on
the right with the four foundations beside them at the right-hand edge."""

W, H = 88, 123
TOP, BOTTOM = 64, 682
STEP = H + 14

LAYOUT = {
    "card": (W, H),
    "fan": "down",
    "table_right": 1280,
    "piles": [
        *(
            (f"tableau{i}", 24 + i * (W + 12), TOP, {"fan": (0, 30), "limit": BOTTOM})
            for i in range(10)
        ),
        *((f"cell{i}", 1054, TOP + i * STEP, {}) for i in range(4)),
        *((f"foundation{i}", 1166, TOP + i * STEP, {"slot": "A"}) for i in range(4)),
    ],
}


def PORTRAIT(h: int) -> dict:
    """Upright: the four cells on the left and the four foundations on the right in a row on
    top, the ten columns below (every card face up). Ten cards across are 72 wide at most
    (36.6 CSS px on a 390x844 page): where the height allows, the columns lie in two bands of
    five, 88 wide (44.7 CSS px), each holding twelve cards before it squeezes
    (``shapes.two_bands``); else one band, the fans as long as the height allows."""
    from game.ui.layout_shapes import portrait_solitaire, two_bands

    places: list[tuple[str, dict[str, str]]] = [(f"cell{i}", {}) for i in range(4)]
    places += [(f"foundation{i}", {"slot": "A"}) for i in range(4)]
    banded = two_bands(h, places, per_row=8, cards=12)
    if banded is not None:
        return banded
    top: dict[str, tuple[int, dict[str, str]]] = {f"cell{i}": (i, {}) for i in range(4)}
    top.update({f"foundation{i}": (6 + i, {"slot": "A"}) for i in range(4)})
    return portrait_solitaire(h, (72, 100), top, 10, fan=(0, 40), below_top=24, cards=18)
