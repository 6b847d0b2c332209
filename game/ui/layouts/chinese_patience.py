"""Chinese Patience: the players round a shared centre, one layout per number of players.

The four foundations in a row and the four columns fanning down below them in the middle; each
player's stock (with its count) and waste (its top card and count) at their side of the table:
seat 0 (you, when one person plays) at the bottom, then round to the left (clockwise) as play
goes: 2 players bottom and top; 3 bottom, left, right; 4 bottom, left, top, right. The side
panel lies right of ``table_right``.
"""

import functools
from typing import Any

from game.core.language import NP_
from game.ui.layout_shapes import EMPTY, TURNS_RIGHT, PileSpec

# Translators: written on a player's empty waste on Chinese Patience's table; short: a card's
# width
WASTE = NP_("a word on an empty place on the table", "waste")

W, H = 64, 90
CENTRE = TURNS_RIGHT // 2
GAP = 30
COLUMN_X = [CENTRE - (4 * W + 3 * GAP) // 2 + i * (W + GAP) for i in range(4)]
FOUNDATION_Y, COLUMN_Y, COLUMN_LIMIT = 122, 226, 578
FAN = 24

# where a seat's stock and waste lie, and where its name is written
SIDES: dict[str, dict[str, Any]] = {
    "bottom": {"stock": (330, 584), "waste": (480, 584), "badge": "right", "name": (160, 618)},
    "top": {"stock": (330, 8), "waste": (480, 8), "badge": "right", "name": (160, 42)},
    "left": {"stock": (24, 200), "waste": (24, 330), "badge": "below", "name": (24, 172)},
    "right": {"stock": (820, 200), "waste": (820, 330), "badge": "below", "name": (776, 172)},
}
SEATING = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}


def _seat(players: int, sides: dict[str, dict[str, Any]], piles: list[PileSpec]) -> list[Any]:
    """Each player's stock and waste, where ``sides`` puts their side of the table, added to
    ``piles``; the places of the players' names, in turn."""
    seats = []
    for p, side in enumerate(SEATING[players]):
        place = sides[side]
        piles.append((f"stock{p}", *place["stock"], {"badge": place["badge"], "empty": EMPTY}))
        piles.append((f"waste{p}", *place["waste"], {"badge": place["badge"], "empty": WASTE}))
        seats.append(place["name"])
    return seats


def table(players: int) -> dict:
    piles: list[PileSpec] = [
        (f"foundation{i}", COLUMN_X[i], FOUNDATION_Y, {"slot": "A"}) for i in range(4)
    ]
    piles += [
        (f"tableau{i}", COLUMN_X[i], COLUMN_Y, {"fan": (0, FAN), "limit": COLUMN_LIMIT})
        for i in range(4)
    ]
    seats = _seat(players, SIDES, piles)
    return {
        "card": (W, H),
        "fan": "down",
        "table_right": TURNS_RIGHT,
        "piles": piles,
        "seats": seats,
        "sides": list(SEATING[players]),
    }


LAYOUT = {n: table(n) for n in (2, 3, 4)}


# upright, 768 wide: the centre and the seats round it, the message band and the side panel
# below (panel_top); the cards as large as leave the panel its room (shapes.portrait_card)
def portrait_table(players: int, w: int = 72) -> dict:
    from game.ui.layout_shapes import CARD_H, P_MESSAGE_BAND, PW

    ch = CARD_H[w]
    gap = 18 if w > 72 else 24
    column_x = [PW // 2 - (4 * w + 3 * gap) // 2 + i * (w + gap) for i in range(4)]
    top = 10
    # below the top seat's piles and its "to play" tag (three players: no seat on top)
    found_y = top + ch + 44 if "top" in SEATING[players] else top
    column_y = found_y + ch + 18
    fan = 28
    # ten cards fanned before a column squeezes (eight with the shortest canvas's cards)
    limit = column_y + ch + (9 if w > 72 else 7) * fan
    bottom = limit + 53  # the bottom seat's "to play" tag above its piles
    side_x = (16, PW - 16 - w)
    waste_y = column_y + ch + 44  # a side seat's stock, its count below, then its waste
    sides: dict[str, dict[str, Any]] = {
        "bottom": {
            "stock": (340, bottom),
            "waste": (500, bottom),
            "badge": "right",
            "name": (16, bottom + ch // 2 - 20),
        },
        "top": {
            "stock": (340, top),
            "waste": (500, top),
            "badge": "right",
            "name": (16, top + ch // 2 - 20),
        },
        "left": {
            "stock": (side_x[0], column_y),
            "waste": (side_x[0], waste_y),
            "badge": "below",
            "name": (side_x[0], column_y - 70),
        },
        "right": {
            "stock": (side_x[1], column_y),
            "waste": (side_x[1], waste_y),
            "badge": "below",
            "name": (side_x[1], column_y - 70),
        },
    }
    piles: list[PileSpec] = [
        (f"foundation{i}", column_x[i], found_y, {"slot": "A"}) for i in range(4)
    ]
    piles += [
        (f"tableau{i}", column_x[i], column_y, {"fan": (0, fan), "limit": limit}) for i in range(4)
    ]
    seats = _seat(players, sides, piles)
    return {
        "card": (w, ch),
        "fan": "down",
        "table_right": PW,
        "panel_top": bottom + ch + 12 + P_MESSAGE_BAND,
        "piles": piles,
        "seats": seats,
        "sides": list(SEATING[players]),
    }


def PORTRAIT(h: int) -> dict:
    """Upright: as large as leave the panel its room (a line of counts per seat): on a
    390x844 page 80 wide for two players (40.6 CSS px), 88 for three (no seat on top: 44.7),
    72 for four (36.6)."""
    from game.ui.layout_shapes import portrait_card

    return {
        n: portrait_card(h, functools.partial(portrait_table, n), (88, 84, 80, 76, 72), seats=n)
        for n in (2, 3, 4)
    }
