"""Chinese Patience: the players round a shared centre, one layout per number of players.

The four foundations in a row and the four columns fanning down below them in the middle; each
player's stock (with its count) and waste (its top card and count) at their side of the table:
seat 0 (you, when one person plays) at the bottom, then round to the left (clockwise) as play
goes: 2 players bottom and top; 3 bottom, left, right; 4 bottom, left, top, right. The side
panel lies right of ``table_right``.
"""

W, H = 64, 90
TABLE_RIGHT = 908
CENTRE = TABLE_RIGHT // 2
GAP = 30
COLUMN_X = [CENTRE - (4 * W + 3 * GAP) // 2 + i * (W + GAP) for i in range(4)]
FOUNDATION_Y, COLUMN_Y, COLUMN_LIMIT = 122, 226, 578
FAN = 24

# where a seat's stock and waste lie, and where its name is written
SIDES = {
    "bottom": {"stock": (330, 584), "waste": (480, 584), "badge": "right", "name": (160, 618)},
    "top": {"stock": (330, 8), "waste": (480, 8), "badge": "right", "name": (160, 42)},
    "left": {"stock": (24, 200), "waste": (24, 330), "badge": "below", "name": (24, 172)},
    "right": {"stock": (820, 200), "waste": (820, 330), "badge": "below", "name": (776, 172)},
}
SEATING = {2: ("bottom", "top"), 3: ("bottom", "left", "right"),
           4: ("bottom", "left", "top", "right")}


def table(players: int) -> dict:
    piles = [(f"foundation{i}", COLUMN_X[i], FOUNDATION_Y, {"slot": "A"}) for i in range(4)]
    piles += [(f"tableau{i}", COLUMN_X[i], COLUMN_Y, {"fan": (0, FAN), "limit": COLUMN_LIMIT})
              for i in range(4)]
    seats = []
    for p, side in enumerate(SEATING[players]):
        place = SIDES[side]
        piles.append((f"stock{p}", *place["stock"], {"badge": place["badge"],
                                                      "empty": "empty"}))
        piles.append((f"waste{p}", *place["waste"], {"badge": place["badge"],
                                                      "empty": "waste"}))
        seats.append(place["name"])
    return {"card": (W, H), "fan": "down", "table_right": TABLE_RIGHT, "piles": piles,
            "seats": seats, "sides": list(SEATING[players])}


LAYOUT = {n: table(n) for n in (2, 3, 4)}


from .shapes import PW  # noqa: E402  (the portrait canvas's width)

# upright, 768 wide: the centre and the seats round it, the side panel below (panel_top)
P_W, P_H = 72, 100
P_COLUMN_X = [PW // 2 - (4 * P_W + 3 * 24) // 2 + i * (P_W + 24) for i in range(4)]
P_SIDES = {
    "bottom": {"stock": (340, 640), "waste": (500, 640), "badge": "right", "name": (16, 676)},
    "top": {"stock": (340, 10), "waste": (500, 10), "badge": "right", "name": (16, 40)},
    "left": {"stock": (16, 262), "waste": (16, 420), "badge": "below", "name": (16, 194)},
    "right": {"stock": (PW - 16 - P_W, 262), "waste": (PW - 16 - P_W, 420), "badge": "below",
              "name": (PW - 16 - P_W, 194)},
}


def portrait_table(players: int) -> dict:
    piles = [(f"foundation{i}", P_COLUMN_X[i], 150, {"slot": "A"}) for i in range(4)]
    piles += [(f"tableau{i}", P_COLUMN_X[i], 270, {"fan": (0, 28), "limit": 626})
              for i in range(4)]
    seats = []
    for p, side in enumerate(SEATING[players]):
        place = P_SIDES[side]
        piles.append((f"stock{p}", *place["stock"], {"badge": place["badge"],
                                                      "empty": "empty"}))
        piles.append((f"waste{p}", *place["waste"], {"badge": place["badge"],
                                                      "empty": "waste"}))
        seats.append(place["name"])
    return {"card": (P_W, P_H), "fan": "down", "table_right": PW, "panel_top": 820,
            "piles": piles, "seats": seats, "sides": list(SEATING[players])}


def PORTRAIT(h: int) -> dict:
    return {n: portrait_table(n) for n in (2, 3, 4)}
