"""Russian Bank: player 1 at the top, player 0 at the bottom; the houses in two columns
fanning outwards with the eight foundations between them; a side panel on the right."""

W, H = 72, 100
TABLE_RIGHT = 908
CENTRE = TABLE_RIGHT // 2
F_LEFT, F_RIGHT = CENTRE - W - 8, CENTRE + 8
HOUSE_LEFT, HOUSE_RIGHT = F_LEFT - 20 - W, F_RIGHT + W + 20
ROWS = [124 + i * 106 for i in range(4)]
TOP, BOTTOM = 10, 560
WASTE_X = CENTRE - W // 2
DX = 24
OWN = {"badge": "right"}

LAYOUT = {
    "card": (W, H), "fan": "side", "own_backs": True, "table_right": TABLE_RIGHT,
    "piles": [
        ("hand0", HOUSE_LEFT, BOTTOM, {**OWN, "caption": "Hand"}),
        ("waste0", WASTE_X, BOTTOM, {**OWN, "caption": "Waste"}),
        ("reserve0", HOUSE_RIGHT, BOTTOM, {**OWN, "caption": "Reserve"}),
        # player 0's houses: right column, house0 next to reserve0 (bottom) up to house3;
        # player 1's: left column, house4 next to reserve1 (top) down to house7
        *((f"house{i}", HOUSE_RIGHT, ROWS[3 - i], {"fan": (DX, 0), "limit": TABLE_RIGHT - 6})
          for i in range(4)),
        *((f"house{4 + i}", HOUSE_LEFT, ROWS[i], {"fan": (-DX, 0), "limit": 6})
          for i in range(4)),
        *((f"foundation{i}", F_LEFT, ROWS[i], {"slot": "A"}) for i in range(4)),
        *((f"foundation{i + 4}", F_RIGHT, ROWS[i], {"slot": "A"}) for i in range(4)),
        ("reserve1", HOUSE_LEFT, TOP, {**OWN, "caption": "Reserve"}),
        ("waste1", WASTE_X, TOP, {**OWN, "caption": "Waste"}),
        ("hand1", HOUSE_RIGHT, TOP, {**OWN, "caption": "Hand"}),
    ],
    "seats": [(20, 598), (20, 40)],
}


def PORTRAIT(h: int) -> dict:
    """Upright, 768 wide: the same table (player 1 at the top, player 0 at the bottom, the
    houses in two columns fanning outwards around the foundations), each player's hand, waste
    and reserve in a row with the name on the left; the side panel below (``panel_top``)."""
    w, ch = 72, 100
    from .shapes import PW
    centre = PW // 2
    f_left, f_right = centre - w - 8, centre + 8
    house_left, house_right = f_left - 20 - w, f_right + w + 20
    rows = [124 + i * 106 for i in range(4)]
    top, bottom = 10, 560
    xs = (196, 380, 564)  # the hand, waste and reserve of a row, each with its caption
    return {
        "card": (w, ch), "fan": "side", "own_backs": True, "table_right": PW,
        "panel_top": 744,
        "piles": [
            ("hand0", xs[0], bottom, {**OWN, "caption": "Hand"}),
            ("waste0", xs[1], bottom, {**OWN, "caption": "Waste"}),
            ("reserve0", xs[2], bottom, {**OWN, "caption": "Reserve"}),
            *((f"house{i}", house_right, rows[3 - i], {"fan": (DX, 0), "limit": PW - 6})
              for i in range(4)),
            *((f"house{4 + i}", house_left, rows[i], {"fan": (-DX, 0), "limit": 6})
              for i in range(4)),
            *((f"foundation{i}", f_left, rows[i], {"slot": "A"}) for i in range(4)),
            *((f"foundation{i + 4}", f_right, rows[i], {"slot": "A"}) for i in range(4)),
            ("reserve1", xs[0], top, {**OWN, "caption": "Reserve"}),
            ("waste1", xs[1], top, {**OWN, "caption": "Waste"}),
            ("hand1", xs[2], top, {**OWN, "caption": "Hand"}),
        ],
        "seats": [(8, bottom + 30), (8, top + 30)],
    }
