"""Battle solitaire, as the manual draws it: the eight shared piles in a row at the top (fanning
down), the eight foundations on the right, each player's penalty pile, hand and reserve pile at
the bottom (player 0 on the left, from the corner inwards; player 1 mirrored on the right) and
the big turn button between them, in the middle of the bottom; a side panel on the right."""

from game.core.language import NP_
from game.ui.layout_shapes import TURNS_RIGHT, PileSpec, race_table

# Translators: the words on a player's empty piles on Battle solitaire's table (the penalty
# pile, the hand, the reserve pile); short: a card's width
PENALTY = NP_("a word on an empty place on the table", "penalty")
HAND = NP_("a word on an empty place on the table", "hand")
RESERVE = NP_("a word on an empty place on the table", "reserve")

W, H = 72, 100
CENTRE = TURNS_RIGHT // 2
TOP = 12
STEP = W + 12
HOUSE_X = [16 + i * STEP for i in range(8)]
FOUNDATION_X = (740, 740 + W + 10)
ROWS = [TOP + i * (H + 8) for i in range(4)]
BOTTOM = 550  # the players' piles (their names 30 above)
# player 0 from the left corner inwards: penalty pile, hand, reserve pile; player 1 mirrored
OWN = {"badge": "below"}
BUTTON_W, BUTTON_H = 300, 84


def _players(left: list[int], right: list[int], bottom: int) -> tuple[list[PileSpec], ...]:
    """Each player's penalty pile, hand and reserve pile in a row at ``bottom``: player 0's at
    ``left`` from the corner inwards, player 1's mirrored at ``right`` (listed from the middle
    outwards)."""
    kinds = (("reserve", PENALTY), ("hand", HAND), ("waste", RESERVE))
    own = [
        [(f"{kind}{p}", x, bottom, {**OWN, "empty": word}) for (kind, word), x in zip(kinds, xs)]
        for p, xs in ((0, left), (1, right))
    ]
    return own[0], own[1][::-1]


def table(step: int = W + 22, bottom: int = BOTTOM) -> dict:
    """The table, each player's three piles ``step`` apart in a row at ``bottom``, their
    names over them."""
    name_y = bottom - 30
    left = [16 + i * step for i in range(3)]
    right = [TURNS_RIGHT - W - x for x in left]
    player0, player1 = _players(left, right, bottom)
    return race_table(
        (W, H),
        "down",
        TURNS_RIGHT,
        [
            *player0,
            *(
                (f"house{i}", HOUSE_X[i], TOP, {"fan": (0, 24), "limit": name_y - 8})
                for i in range(8)
            ),
            *(
                (f"foundation{i}", FOUNDATION_X[i // 4], ROWS[i % 4], {"slot": "A"})
                for i in range(8)
            ),
            *player1,
        ],
        [(left[0], name_y), (right[2], name_y)],
        # the manual's big button in the middle of the bottom: it names whose turn it is,
        # points at their piles, and ends the turn when pressed
        turn_button=(CENTRE - BUTTON_W // 2, bottom + (H - BUTTON_H) // 2, BUTTON_W, BUTTON_H),
    )


LAYOUT = table()
# sideways (the words at 12 CSS px): the piles 18 apart, so an empty reserve's word (82 px
# over a 72-wide place) stays clear of the turn button's arrow; the row 26 higher, so its
# counts (27 high) stay clear of a two-line message's band
SIDEWAYS = table(W + 18, BOTTOM - 26)


def PORTRAIT(h: int) -> dict:
    """Upright, 768 wide: the eight foundations in a row on top, the eight shared piles below
    them fanning down, each player's penalty pile, hand and reserve pile at the bottom (player
    0 on the left, player 1 mirrored on the right) with the turn button between them; the
    message band and the side panel below (``panel_top``). The cards as large as leave the
    panel its room (``portrait_card``): 84 wide on a 390x844 page (42.7 CSS px)."""
    from game.ui.layout_shapes import portrait_card

    # at least 80 wide: the empty piles' words ("penalty") at 12 CSS px; at most 84: the turn
    # button between the rows keeps 152 (its words and the arrow at its side)
    return portrait_card(h, portrait_table, (84, 80))


def portrait_table(cw: int) -> dict:
    from game.ui.layout_shapes import CARD_H, P_MESSAGE_BAND, PW, spread

    ch = CARD_H[cw]
    xs = spread(8, cw, margin=8 if cw <= 80 else 6)
    houses = 10 + ch + 14
    room = 360 if cw > 80 else 300  # the shared piles' fans: 13 cards (11 on a short canvas)
    name_y = houses + ch + room + 8
    bottom = name_y + 44
    left = [8 + i * (cw + 8) for i in range(3)]
    right = [PW - cw - x for x in left]
    button_x = left[2] + cw + 32  # room for the arrow at its side and the pile's word
    player0, player1 = _players(left, right, bottom)
    return race_table(
        (cw, ch),
        "down",
        PW,
        [
            *player0,
            *(
                (f"house{i}", xs[i], houses, {"fan": (0, 28), "limit": name_y - 8})
                for i in range(8)
            ),
            *((f"foundation{i}", xs[i], 10, {"slot": "A"}) for i in range(8)),
            *player1,
        ],
        [(left[0], name_y), (right[2], name_y)],
        panel_top=bottom + ch + 30 + P_MESSAGE_BAND,  # (the counts below the piles)
        turn_button=(button_x, bottom - 4, right[2] - 32 - button_x, ch + 8),
    )
