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
