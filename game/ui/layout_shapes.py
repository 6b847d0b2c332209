"""Layouts several games share, built from a few numbers."""

from __future__ import annotations

from typing import Any

from game.core.language import NP_

#: a game's layout data (game/ui/layouts/__init__.py says its keys)
LayoutData = dict[str, Any]
#: a pile in layout data: its name, where it lies (x, y) and its options
PileSpec = tuple[str, int, int, dict[str, Any]]

W = 1280
#: where the cards' area of a landscape table with turns (duel, round) ends: its side panel
#: lies beyond
TURNS_RIGHT = 908
# Translators: written on an empty stock (that no longer deals); short: a card's width
EMPTY = NP_("a word on an empty place on the table", "empty")


def stock_and_ten_columns(
    card=(96, 134), gap=20, top=62, columns_top=214, bottom=682, foundations=8
) -> dict:
    """Stock, waste and the foundations in a row on top; ten columns fanning down below."""
    w, h = card
    left = (W - (10 * w + 9 * gap)) // 2
    xs = [left + i * (w + gap) for i in range(10)]
    piles = [
        ("stock", xs[0], top, {"badge": "below", "empty": EMPTY}),
        ("waste", xs[1], top, {"badge": "below"}),
    ]
    piles += [(f"foundation{i}", xs[i + 2], top, {"slot": "A"}) for i in range(foundations)]
    piles += [
        (f"tableau{i}", xs[i], columns_top, {"fan": (0, 32), "fan_down": (0, 14), "limit": bottom})
        for i in range(10)
    ]
    return {"card": card, "fan": "down", "table_right": W, "piles": piles}


def race_table(
    card: tuple[int, int],
    fan: str,
    table_right: int,
    piles: list[PileSpec],
    seats: list[tuple[int, int]],
    **more: Any,
) -> LayoutData:
    """The layout data of a two-player race's table (Russian Bank, Battle solitaire): the
    cards' size and how they fan, where the side panel begins, the piles and where the seats'
    names are written; each card shows its own pack's back; ``more``: the table's other keys
    (game/ui/layouts/__init__.py)."""
    return {
        "card": card,
        "fan": fan,
        "own_backs": True,
        "table_right": table_right,
        "piles": piles,
        "seats": seats,
        **more,
    }


# ------------------------------------------------------------------ the portrait canvas
# 768 logical pixels wide (game/ui/canvas.py): the solitaire toolbar's info bar above P_TOP,
# the message line and two rows of buttons below ``portrait_bottom(h)``
PW = 768  # canvas.PORTRAIT_W
P_TOP = 116
P_MARGIN = 6


#: the card heights of the portrait tables' card widths (the landscape cards' proportions)
CARD_H = {72: 100, 76: 106, 80: 112, 84: 117, 88: 123, 100: 140}
#: upright, a table with a side panel (duel, round) has a band for the message between its
#: cards and the panel: four lines of the message's text (size 40, 34 apart) and a margin,
#: so a long message (the opening's who-starts-and-why, a refusal's reason) covers neither
#: the cards nor the panel's headline
P_MESSAGE_BAND = 4 * 34 + 12


def panel_room(lines: int) -> int:
    """What a side panel needs below "panel_top" upright: its headline, the turn box and
    ``lines`` lines of text (29 apart), then three rows of buttons 88 high."""
    return 10 + 39 + 72 + lines * 29 + 3 * (88 + 8) + 6


def portrait_card(h: int, table, widths, seats: int = 2) -> dict:
    """The portrait table ``table(card_w)`` with the largest card width of ``widths`` whose
    side panel keeps its room on a canvas ``h`` high: a line of counts per seat, the match,
    four lines of the move log and two of the tip (``panel_room``); the smallest width when
    none does (a short canvas: the panel's log then shows fewer lines)."""
    for w in sorted(widths, reverse=True):
        data = table(w)
        if data["panel_top"] <= h - panel_room(seats + 7):
            return data
    return table(min(widths))


def portrait_message_top(h: int) -> int:
    """Where a portrait solitaire's message band begins: above the toolbar's two rows of
    buttons (88 high, 8 apart), four lines high (P_MESSAGE_BAND) as at the tables with a
    side panel, so a long message never covers the cards (chromes/solitaire.py)."""
    return h - 2 * (88 + 8) - 8 - P_MESSAGE_BAND


def portrait_bottom(h: int) -> int:
    """The lowest a card may reach on a portrait solitaire table (above the message band and
    the toolbar's two rows of buttons)."""
    return portrait_message_top(h) - 2


def spread(
    n: int, card_w: int, width: int = PW, margin: int = P_MARGIN, left: int = 0
) -> list[int]:
    """The x of n card places spread evenly across ``width`` (from ``left``)."""
    if n == 1:
        return [left + (width - card_w) // 2]
    gap = (width - 2 * margin - n * card_w) / (n - 1)
    return [round(left + margin + i * (card_w + gap)) for i in range(n)]


def long_fan(h: int, y: int, card_h: int, fan=(0, 40), cards: int = 0) -> tuple[int, int]:
    """A column's fan step using the canvas's height: as long as a column of ``cards`` cards
    from ``y`` fills the room to the message line, at most half a card (and never shorter
    than ``fan``). The cards of a portrait table are as wide as the canvas allows (ten
    columns: 72), so the height left over goes to the fans: each card shows more of itself
    (a larger strip to tap and read), and long columns squeeze later."""
    if not cards:
        return fan
    room = portrait_bottom(h) - y - card_h
    return (fan[0], max(fan[1], min(card_h // 2, room // (cards - 1))))


def portrait_solitaire(
    h: int,
    card,
    top: dict,
    columns: int,
    fan=(0, 40),
    fan_down=(0, 14),
    slots: int = 10,
    column_opts=None,
    below_top: int = 44,
    cards: int = 0,
) -> dict:
    """A portrait solitaire: a row of places on top (``top``: pile name -> (slot of
    ``slots`` spread across the canvas, options)) and ``columns`` columns fanning down below,
    spread across the canvas, squeezing to stay above the message line; ``cards``: the fan
    as long as a column of that many cards fills the height (``long_fan``)."""
    w, ch = card
    xs = spread(slots, w)
    piles = [(name, xs[slot], P_TOP, opts) for name, (slot, opts) in top.items()]
    cols = spread(columns, w)
    y = P_TOP + ch + below_top
    fan = long_fan(h, y, ch, fan, cards)
    opts = {"fan": fan, "fan_down": fan_down, "limit": portrait_bottom(h), **(column_opts or {})}
    piles += [(f"tableau{i}", x, y, opts) for i, x in enumerate(cols)]
    return {"card": card, "fan": "down", "table_right": PW, "piles": piles}


def portrait_stock_and_ten_columns(h: int, foundations: int = 8) -> dict:
    """Stock, waste and eight foundations, then ten columns. Ten cards across the canvas are
    72 wide at most (36.6 CSS px on a 390x844 page), so where the height allows, the table is
    laid out in two bands (``two_bands``): the ten places in two rows of five, then the
    columns five by five in two bands, 88 wide (44.7 CSS px). Else (a short canvas) one band:
    the places in a row on top, the ten columns below, 72 wide, the fans as long as the
    height allows."""
    places = [("stock", {"badge": "below", "empty": EMPTY}), ("waste", {"badge": "below"})]
    places += [(f"foundation{i}", {"slot": "A"}) for i in range(foundations)]
    banded = two_bands(h, places)
    if banded is not None:
        return banded
    top = {"stock": (0, {"badge": "below", "empty": EMPTY}), "waste": (1, {"badge": "below"})}
    top.update({f"foundation{i}": (2 + i, {"slot": "A"}) for i in range(foundations)})
    return portrait_solitaire(h, (72, 100), top, 10, cards=20)


def two_bands(
    h: int, places: list, per_row: int = 5, w: int = 88, cards: int = 10, least_step: int = 32
) -> dict | None:
    """``places`` (pile name, options) in rows of ``per_row`` on top; columns 1-5 in a band
    below them and columns 6-10 in a band under that, each band holding ``cards`` cards
    fanned at least ``least_step`` apart before its columns squeeze (None when the canvas is
    too short for that)."""
    ch = CARD_H[w]
    xs = spread(per_row, w)
    rows, y = [], P_TOP
    for start in range(0, len(places), per_row):  # a row's counts below it: room for them
        rows.append(y)
        below = any(o.get("badge") == "below" for _, o in places[start : start + per_row])
        y += ch + (36 if below else 16)
    piles = [
        (name, xs[i % per_row], rows[i // per_row], opts) for i, (name, opts) in enumerate(places)
    ]
    first = y
    cols = spread(5, w)
    bottom = portrait_bottom(h)
    band = (bottom - first) // 2
    step = min(ch // 2, (band - 10 - ch) // (cards - 1))
    if step < least_step:
        return None
    for i in range(10):
        limit = first + band - 10 if i < 5 else bottom
        piles.append(
            (
                f"tableau{i}",
                cols[i % 5],
                first + (i // 5) * band,
                {"fan": (0, step), "fan_down": (0, 14), "limit": limit},
            )
        )
    return {"card": (w, ch), "fan": "down", "table_right": PW, "piles": piles}
