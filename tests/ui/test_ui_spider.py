"""Spider through the real client: a whole one-suit deal won with posted mouse events, the stock
dealt and refused by a click, each copy drawn as the card it is, and the table's layout (long
columns squeeze above the message line). Screenshots go to test-artifacts/."""

from __future__ import annotations

import heapq

import pytest

from game.core import Move
from game.core.games.spider import CARD_SETS, DEAL
from game.session import Session
from game.ui.table.messages import readable
from tests.support.client import assert_won
from tests.support.deals import find
from tests.support.spider_positions import build, stuck_position

ONE_SUIT = {"suits": 1}


# ------------------------------------------------------------------ a small solver for the test
def _compact(state):
    """Columns as (face-down faces, face-up faces), the stock's faces, the runs off."""
    cols = tuple(
        (tuple(c.key for c in t.cards[: t.down]), tuple(c.key for c in t.cards[t.down :]))
        for t in state.tableau
    )
    return (
        cols,
        tuple(c.key for c in state.stock.cards),
        sum(1 for f in state.foundations if f.cards),
    )


def _settle(down, up):
    """A whole run from King to Ace goes off; a face-down card left on top turns up."""
    off = 0
    if len(up) >= 13 and up[-1] & 15 == 1 and all(up[-i - 1] == up[-i] + 1 for i in range(1, 13)):
        up, off = up[:-13], 1
    if not up and down:
        down, up = down[:-1], down[-1:]
    return down, up, off


def _children(cols, stock):
    empty = [i for i, (_, up) in enumerate(cols) if not up]
    if stock and not empty:
        nxt, off = list(cols), 0
        for i in range(min(10, len(stock))):
            d, u, o = _settle(nxt[i][0], nxt[i][1] + (stock[-1 - i],))
            nxt[i], off = (d, u), off + o
        yield DEAL, tuple(nxt), stock[:-10], off
    for a, (da, ua) in enumerate(cols):
        n = 0
        while n < len(ua):
            n += 1
            for b, (db, ub) in enumerate(cols):
                if b == a or (ub and (ub[-1] & 15) != (ua[-n] & 15) + 1):
                    continue
                if not ub and (b != empty[0] or (n == len(ua) and not da)):
                    continue  # one empty column will do; a whole column there changes nothing
                nxt = list(cols)
                d, u, _ = _settle(da, ua[:-n])
                nxt[a] = (d, u)
                d, u, off = _settle(db, ub + ua[-n:])
                nxt[b] = (d, u)
                yield Move(f"tableau{a}", f"tableau{b}", n), tuple(nxt), stock, off
            if n == len(ua) or ua[-n - 1] != ua[-n] + 1:
                break


def _value(cols, stock, off):
    v = 1000 * off - 5 * (len(stock) // 10)
    for down, up in cols:
        v -= 30 * len(down)
        v += (
            40
            if not up
            else sum(
                12 if up[i - 1] == up[i] + 1 else 4
                for i in range(1, len(up))
                if up[i - 1] & 15 == (up[i] & 15) + 1
            )
        )
    return v


def winning_line(state, limit: int = 1500):
    """A line of moves that wins, found by a best-first search over at most ``limit``
    positions (None if it finds none)."""
    start = _compact(state)
    heap = [(-_value(*start), 0, start, None)]
    seen = {(start[0], len(start[1]))}
    count = 0
    for _ in range(limit):
        if not heap:
            return None
        _, _, (cols, stock, off), path = heapq.heappop(heap)
        for move, nxt, rest, gone in _children(cols, stock):
            if (nxt, len(rest)) in seen:
                continue
            seen.add((nxt, len(rest)))
            if off + gone == 8:
                line = [move]
                while path:
                    line.append(path[0])
                    path = path[1]
                return line[::-1]
            count += 1
            heapq.heappush(
                heap, (-_value(nxt, rest, off + gone), count, (nxt, rest, off + gone), (move, path))
            )
    return None


# ------------------------------------------------------------------ helpers
def open_spider(ui, seed, options=None):
    t = ui.app.open_game("spider")
    t.start(seed, options or {})
    ui.settle()
    return t


def show(ui, t, state):
    """Put a hand-built position on the table."""
    t.session = Session(state)
    t.changed(save=False)
    ui.settle()


def play_move(ui, t, move):
    if move == DEAL:
        ui.click(ui.card_point("stock"))
    else:
        n = len(t.state.pile[move.source].cards)
        ui.drag(ui.card_point(move.source, n - move.count), ui.card_point(move.target), steps=3)
    ui.settle(dt=100)


# ------------------------------------------------------------------ the tests
@pytest.mark.slow  # more than 3 s of CPU natively
def test_a_whole_one_suit_deal_won_through_the_ui(ui):
    seed, line = find("spider", winning_line, ONE_SUIT, limit=20)
    t = open_spider(ui, seed, ONE_SUIT)
    assert t.state.options == ONE_SUIT
    ui.screenshot("spider-1-suit-start.png")
    longest = 0
    for i, move in enumerate(line):
        n = len(t.state.history)
        play_move(ui, t, move)
        assert len(t.state.history) == n + 1, (move, t.message_text())
        assert t.state.history[n].move == move
        size = max(len(c.cards) for c in t.state.tableau)
        if size > longest and size >= 14:
            longest = size
            ui.screenshot("spider-1-suit-long-column.png")
        if i == len(line) // 2:
            ui.screenshot("spider-1-suit-halfway.png")
    assert_won(ui, t, "spider")
    ui.frames(30, 40)
    ui.screenshot("spider-won.png")


@pytest.mark.parametrize("suits", [4, 2, 1])
def test_the_table_draws_every_card_as_the_card_it_is(ui, suits):
    t = open_spider(ui, 3, {"suits": suits})
    for column in t.state.tableau:
        card = column.cards[-1]
        assert card in CARD_SETS[suits]
        assert ui.shows_card(ui.card_rect(column.name), card)
    ui.screenshot(f"spider-{suits}-suits-start.png")


def test_clicking_the_stock_deals_a_row_and_says_why_not_while_a_column_is_empty(ui):
    t = open_spider(ui, 4)
    before = {c.name: len(c.cards) for c in t.state.tableau}
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert t.state.history[-1].move == DEAL
    assert all(len(c.cards) == before[c.name] + 1 for c in t.state.tableau)
    assert t.state.marks()["stock"] == "4 deals left"
    ui.screenshot("spider-after-a-deal.png")
    # a column emptied: the click is refused with the reason on the message line
    others = [f"tableau{i}" for i in range(10) if i != 5]
    # a stock a game can have (ten cards a row): the solver's help, thinking about the
    # position in the background, deals from it
    show(
        ui,
        t,
        build(
            {"tableau5": ""}, rest={"stock": 10} | {o: 11 for o in others[:-1]} | {others[-1]: 6}
        ),
    )
    ui.click(ui.card_point("stock"))
    assert t.state.history == []
    assert t.message_text() == readable(
        "A row can't be dealt while a column is empty: fill column 6 first."
    )
    ui.screenshot("spider-deal-refused.png")


def test_a_run_in_suit_is_dragged_as_one_and_mixed_cards_stay(ui):
    t = open_spider(ui, 4)
    state = build(
        {
            "tableau0": "9C 8H 7H 6H",
            "tableau1": "TD",
            "tableau2": "9D",
            "tableau3": "KS",
            "tableau4": "KS",
            "tableau5": "KH",
            "tableau6": "KH",
            "tableau7": "KD",
            "tableau8": "KC",
        }
    )
    show(ui, t, state)
    ui.drag(ui.card_point("tableau0", 0), ui.card_point("tableau1"), steps=3)
    ui.settle()
    assert t.state.history == []  # the Nine of clubs does not run with the hearts
    assert "not a run down in one suit" in t.message_text()
    ui.drag(ui.card_point("tableau0", 1), ui.card_point("tableau2"), steps=3)
    ui.settle()
    assert t.state.history[-1].move == Move("tableau0", "tableau2", 3)
    assert [str(c) for c in t.state.pile["tableau2"].cards] == ["9D", "8H", "7H", "6H"]


def test_a_long_column_squeezes_above_the_message_line_and_shows_every_face_up_card(ui):
    t = open_spider(ui, 4, ONE_SUIT)
    column = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S KS QS JS TS"
    state = build(
        {"tableau0": "5S 5S 5S 5S 5S 5S " + column, "tableau1": "AS"}, 1, down={"tableau0": 6}
    )
    show(ui, t, state)
    rects = ui.table.layout.card_rects("tableau0", t.faces("tableau0"))
    assert len(rects) == 34 and rects[-1].bottom <= 686  # above the message line
    steps = [b.y - a.y for a, b in zip(rects[6:], rects[7:])]
    assert min(steps) >= 16  # every face-up card's index still shows
    assert ui.shows_card(rects[-1], t.state.pile["tableau0"].cards[-1])
    ui.screenshot("spider-long-column.png")


def test_the_layout_keeps_clear_of_the_toolbar_and_the_message_line(ui):
    t = open_spider(ui, 2)
    layout = t.layout
    for name, geom in layout.piles.items():
        assert geom.rect.top >= 60 and geom.rect.bottom <= 660 and geom.rect.right <= 1280, name
    columns = [layout.piles[f"tableau{i}"].rect for i in range(10)]
    stacks = [layout.piles[f"foundation{i}"].rect for i in range(8)]
    assert max(r.right for r in columns) < min(r.left for r in stacks)  # stacks on the right
    stock = layout.piles["stock"].rect
    assert stock.top > max(r.bottom for r in stacks) and stock.left > 1000  # hand bottom right


def test_the_end_panel_says_when_only_moves_that_change_nothing_are_left(ui):
    t = open_spider(ui, 5)
    tops = ["9C 5D", "6C", "6D", "2D", "2C", "JD", "JC", "9D", "KD", "KC"]
    show(
        ui,
        t,
        build(
            stuck_position() | {f"tableau{i}": c for i, c in enumerate(tops)},
            rest={f"tableau{i}": 2 if i < 5 else 1 for i in range(10)},
        ),
    )
    assert t.modal is not None and t.modal.title == "No more moves"
    assert any("only moves that change nothing are left" in line for line in t.modal.lines)
    ui.screenshot("spider-stuck.png")


def test_three_hundred_moves_that_change_nothing_end_the_deal(ui):
    from game.core.games.spider import IDLE_LIMIT

    t = open_spider(ui, 5)
    tops = "6S 6H 5D KC KC KD KD KH KH KS".split()
    show(
        ui, t, build({f"tableau{i}": c for i, c in enumerate(tops)}, vars={"idle": IDLE_LIMIT - 1})
    )
    assert t.modal is None
    ui.drag(ui.card_point("tableau2"), ui.card_point("tableau0"), steps=3)
    ui.settle()
    assert t.state.is_over() and t.modal is not None and t.modal.title == "No more moves"
    assert any(f"in the last {IDLE_LIMIT} moves" in line for line in t.modal.lines)
