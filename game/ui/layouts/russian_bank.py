"""Russian Bank: player 1 at the top, player 0 at the bottom; the houses in two columns
fanning outwards with the eight foundations between them; a side panel on the right."""

from game.core.language import NP_
from game.ui.layout_shapes import TURNS_RIGHT, race_table

# Translators: the captions beside a player's piles on Russian Bank's table, short; the game's
# own words where its tradition has them (French: the reserve is "la crapette")
HAND = NP_("Russian Bank: a pile's caption on the table", "Hand")
WASTE = NP_("Russian Bank: a pile's caption on the table", "Waste")
RESERVE = NP_("Russian Bank: a pile's caption on the table", "Reserve")

W, H = 72, 100
CENTRE = TURNS_RIGHT // 2
F_LEFT, F_RIGHT = CENTRE - W - 8, CENTRE + 8
HOUSE_LEFT, HOUSE_RIGHT = F_LEFT - 20 - W, F_RIGHT + W + 20
ROWS = [124 + i * 106 for i in range(4)]
TOP, BOTTOM = 10, 560
WASTE_X = CENTRE - W // 2
DX = 24
OWN = {"badge": "right"}


def table(row_x=(HOUSE_LEFT, WASTE_X, HOUSE_RIGHT)) -> dict:
    """The table, each player's row of piles at ``row_x`` (player 0's hand, waste, reserve;
    player 1's reserve, waste, hand)."""
    left, middle, right = row_x
    return race_table(
        (W, H),
        "side",
        TURNS_RIGHT,
        [
            ("hand0", left, BOTTOM, {**OWN, "caption": HAND}),
            ("waste0", middle, BOTTOM, {**OWN, "caption": WASTE}),
            ("reserve0", right, BOTTOM, {**OWN, "caption": RESERVE}),
            # player 0's houses: right column, house0 next to reserve0 (bottom) up to house3;
            # player 1's: left column, house4 next to reserve1 (top) down to house7
            *(
                (f"house{i}", HOUSE_RIGHT, ROWS[3 - i], {"fan": (DX, 0), "limit": TURNS_RIGHT - 6})
                for i in range(4)
            ),
            *(
                (f"house{4 + i}", HOUSE_LEFT, ROWS[i], {"fan": (-DX, 0), "limit": 6})
                for i in range(4)
            ),
            *((f"foundation{i}", F_LEFT, ROWS[i], {"slot": "A"}) for i in range(4)),
            *((f"foundation{i + 4}", F_RIGHT, ROWS[i], {"slot": "A"}) for i in range(4)),
            ("reserve1", left, TOP, {**OWN, "caption": RESERVE}),
            ("waste1", middle, TOP, {**OWN, "caption": WASTE}),
            ("hand1", right, TOP, {**OWN, "caption": HAND}),
        ],
        [(20, 598), (20, 40)],
    )


LAYOUT = table()
# sideways (the words at 12 CSS px): each row's piles 190 apart, room beside each for its
# caption ("Reserve": 87 px) and count
SIDEWAYS = table((262, 452, 642))


def PORTRAIT(h: int) -> dict:
    """Upright, 768 wide: the same table (player 1 at the top, player 0 at the bottom, the
    houses in two columns fanning outwards around the foundations), each player's hand, waste
    and reserve in a row with the name on the left; the message band and the side panel below
    (``panel_top``). The cards as large as leave the panel its room (``portrait_card``): 84
    wide on a 390x844 page (42.7 CSS px), 72 on the shortest canvas."""
    from game.ui.layout_shapes import portrait_card

    return portrait_card(h, portrait_table, (84, 80, 76, 72))


def portrait_table(w: int) -> dict:
    from game.ui.layout_shapes import CARD_H, P_MESSAGE_BAND, PW

    ch = CARD_H[w]
    centre = PW // 2
    f_left, f_right = centre - w - 6, centre + 6
    house_left, house_right = f_left - 8 - w, f_right + w + 8
    # a house's step shows the corner index ("10" and the card's edge: 28 with 84-wide cards)
    dx = DX if w < 80 else 28
    top = 10
    rows = [top + ch + 18 + i * (ch + 8) for i in range(4)]
    bottom = rows[3] + ch + 18
    # the hand, waste and reserve of a row, each with its count and caption at its right
    # ("Reserve": 95 px), right of the seat's name
    xs = (196, 196 + w + 106, 196 + 2 * (w + 106))
    return race_table(
        (w, ch),
        "side",
        PW,
        [
            ("hand0", xs[0], bottom, {**OWN, "caption": HAND}),
            ("waste0", xs[1], bottom, {**OWN, "caption": WASTE}),
            ("reserve0", xs[2], bottom, {**OWN, "caption": RESERVE}),
            *(
                (f"house{i}", house_right, rows[3 - i], {"fan": (dx, 0), "limit": PW - 6})
                for i in range(4)
            ),
            *(
                (f"house{4 + i}", house_left, rows[i], {"fan": (-dx, 0), "limit": 6})
                for i in range(4)
            ),
            *((f"foundation{i}", f_left, rows[i], {"slot": "A"}) for i in range(4)),
            *((f"foundation{i + 4}", f_right, rows[i], {"slot": "A"}) for i in range(4)),
            ("reserve1", xs[0], top, {**OWN, "caption": RESERVE}),
            ("waste1", xs[1], top, {**OWN, "caption": WASTE}),
            ("hand1", xs[2], top, {**OWN, "caption": HAND}),
        ],
        [(8, bottom + ch // 2 - 20), (8, top + ch // 2 - 20)],
        panel_top=bottom + ch + 12 + P_MESSAGE_BAND,
    )
