"""Seahaven: one test per rule sentence and decision (game/core/rules/seahaven.md, numbered as
there: the "Patience" program's manual; docs/rules/decisions.md, the manual's games, decision
5), the fixed deals, and the bound on a random game (the common properties:
test_properties.py)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import IllegalMove, Move, new_game
from game.core.games.seahaven import Seahaven
from tests.support.positions import (
    assert_foundation_cards_stay,
    build,
    every_card_once,
    foundations_full_but_one,
    play_randomly,
    tops,
)

SH = "seahaven"
SPARE = ["tableau6", "tableau7", "tableau8", "tableau9"]  # where a test's other cards lie


def sh(piles, rest=SPARE, **kw):
    return build(SH, piles, rest=rest, **kw)


def texts(state, pile):
    return [str(c) for c, _ in state.piles()[pile]]


# no move at all: the cells are full of Kings, every column is a rising run of one suit
STUCK = {
    "tableau0": "AS 2S 3S 4S 5S",
    "tableau1": "6S 7S 8S 9S TS",
    "tableau2": "AH 2H 3H 4H 5H",
    "tableau3": "6H 7H 8H 9H TH",
    "tableau4": "AD 2D 3D 4D 5D",
    "tableau5": "6D 7D 8D 9D TD",
    "tableau6": "AC 2C 3C 4C 5C",
    "tableau7": "6C 7C 8C 9C TC",
    "tableau8": "JS QS JH QH",
    "tableau9": "JD QD JC QC",
    "cell0": "KS",
    "cell1": "KH",
    "cell2": "KD",
    "cell3": "KC",
}


# ------------------------------------------------------------------ 1-2: the pack and the deal
def test_sh1_one_pack_of_52_cards():
    s = new_game(SH, seed=5)
    assert every_card_once(s) and len(Seahaven.CARDS) == 52
    assert {c.deck for c in Seahaven.CARDS} == {0}


def test_sh2_ten_columns_of_five_cards_all_face_up():
    s = new_game(SH, seed=5)
    for i in range(10):
        assert [up for _, up in s.piles()[f"tableau{i}"]] == [True] * 5
    assert "stock" not in s.piles() and "waste" not in s.piles()
    assert all(s.piles()[f"foundation{i}"] == [] for i in range(4))


def test_sh2_the_last_two_cards_go_face_up_into_the_middle_two_of_four_cells():
    s = new_game(SH, seed=8)
    order = s._shuffled_deck(8)[::-1]  # the deal takes cards from the deck's end
    assert [s.piles()[f"tableau{i}"][row][0] for row in range(5) for i in range(10)] == order[:50]
    assert s.piles()["cell1"] == [(order[50], True)]
    assert s.piles()["cell2"] == [(order[51], True)]
    assert s.piles()["cell0"] == [] and s.piles()["cell3"] == []


# ------------------------------------------------------------------ 3: foundations
def test_sh3_any_ace_starts_any_empty_foundation():
    s = sh({"tableau0": "AD", "cell0": "AC", "tableau1": "2D"})
    legal = s.legal_moves()
    for f in range(4):
        assert Move("tableau0", f"foundation{f}") in legal
        assert Move("cell0", f"foundation{f}") in legal
    with pytest.raises(IllegalMove, match="Only an Ace can start a foundation"):
        s.push("t1-f0")


def test_sh3_foundations_build_up_in_suit_to_the_king():
    s = sh(
        {
            "foundation0": "AH 2H 3H",
            "tableau0": "4H",
            "tableau1": "4C",
            "foundation1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
            "cell0": "KD",
        }
    )
    s.push("t0-f0")
    assert tops(s)["foundation0"] == "4H"
    with pytest.raises(IllegalMove, match="doesn't fit on the Four of hearts"):
        s.push("t1-f0")
    with pytest.raises(IllegalMove, match="complete"):
        s.push("c0-f1")


def test_sh3_cards_never_leave_a_foundation():
    s = sh({"foundation0": "AH 2H"})
    assert_foundation_cards_stay(s, "f0-c0")


# ------------------------------------------------------------------ 4: the columns
def test_sh4_columns_build_down_in_suit():
    s = sh({"tableau0": "9H", "tableau1": "8H", "tableau2": "8S", "tableau3": "7H", "cell0": "8D"})
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0") in legal
    assert Move("tableau2", "tableau0") not in legal and Move("cell0", "tableau0") not in legal
    assert Move("tableau3", "tableau0") not in legal
    with pytest.raises(IllegalMove, match="columns build down in suit"):
        s.push("t2-t0")
    s.push("t1-t0")
    assert texts(s, "tableau0") == ["9H", "8H"]


def test_sh4_one_card_moves_at_a_time_there_are_no_runs():
    s = sh({"tableau0": "TH", "tableau1": "5C 9H 8H"})
    assert all(m.count == 1 for m in s.legal_moves())
    for target in ("tableau0", "tableau5", "cell0"):
        with pytest.raises(IllegalMove, match="Only one card moves at a time"):
            s.push(Move("tableau1", target, 2))


# ------------------------------------------------------------------ 5-6: cells, empty columns
def test_sh5_an_empty_cell_takes_any_card():
    s = sh({"tableau0": "KD", "tableau1": "2C", "cell1": "7S"})
    legal = s.legal_moves()
    for src in ("tableau0", "tableau1", "cell1"):
        for cell in ("cell0", "cell2", "cell3"):
            assert Move(src, cell) in legal
    s.push("t0-c3")
    assert texts(s, "cell3") == ["KD"]


def test_sh5_a_cell_holds_one_card():
    s = sh({"tableau0": "KD", "cell1": "7S"})
    assert not any(m.target == "cell1" for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="That cell already holds a card"):
        s.push("t0-c1")
    with pytest.raises(ValueError, match="more than one card"):
        sh({"cell0": "7S 8S"})


def test_sh6_an_empty_column_takes_any_card():
    s = sh({"tableau0": "3D", "tableau1": "QS 4C", "cell0": "KH"})  # tableau2..5 are empty
    legal = s.legal_moves()
    for src in ("tableau0", "tableau1", "cell0"):
        for i in range(2, 6):
            assert Move(src, f"tableau{i}") in legal


# ------------------------------------------------------------------ 7: winning
def test_sh7_won_when_all_52_cards_are_on_the_foundations():
    s = sh(foundations_full_but_one() | {"cell2": "KC"}, rest={})
    assert not s.is_over()
    s.push("c2-f3")
    assert s.is_over() and s.result().status == "won"


# ------------------------------------------------------------------ 8: no position twice
def test_sh8_a_move_back_to_a_position_already_had_is_refused():
    s = sh({"tableau0": "TH 9H"})
    s.push("t0-c0")
    assert Move("cell0", "tableau0") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="already had: take moves back"):
        s.push("c0-t0")
    s.push("c0-c3")  # another cell: a new position
    assert Move("cell3", "cell0") not in s.legal_moves()
    assert Move("cell3", "tableau0") not in s.legal_moves()  # the deal as it was
    assert Move("cell3", "tableau1") in s.legal_moves()


def test_sh8_after_a_card_goes_to_a_foundation_every_position_is_new():
    s = sh({"tableau0": "TH 9H", "tableau1": "AS"})
    s.push("t0-c0")
    s.push("t1-f0")
    assert Move("cell0", "tableau0") in s.legal_moves()
    s.push("c0-t0")
    assert texts(s, "tableau0") == ["TH", "9H"]


def test_sh8_a_copy_without_history_refuses_the_same_repeats():
    s = sh({"tableau0": "TH 9H"})
    s.push("t0-c0")
    twin = s.copy(history=False)
    assert twin._generate_moves() == s._generate_moves() == s.legal_moves()
    assert Move("cell0", "tableau0") not in twin.legal_moves()


# ------------------------------------------------------------------ 9: the end
def test_sh9_no_legal_move_left_is_stuck():
    s = sh(STUCK, rest={})
    assert s.legal_moves() == []
    assert s.is_over() and s.result().status == "stuck"


def test_sh9_a_deal_with_a_move_left_goes_on():
    piles = dict(STUCK)
    piles["tableau9"] = "JD QD JC"  # the Queen of clubs in a cell, its King on a column
    piles["cell3"] = "QC"
    piles["tableau8"] = "JS QS JH QH KC"
    s = sh(piles, rest={})
    assert set(s.legal_moves()) == {Move("cell3", "tableau8"), Move("tableau7", "tableau9")}
    assert not s.is_over()
    s.push("c3-t8")
    assert not s.is_over()  # a cell is free now


# ------------------------------------------------------------------ 10: auto-move
def test_sh10_every_move_to_a_foundation_is_safe():
    s = sh(
        {"foundation0": "AH 2H", "tableau0": "3H", "cell0": "AC", "tableau1": "4S"},
        rest=["tableau9"],
    )  # the other cards under the King of clubs
    assert s.safe_move() in (Move("tableau0", "foundation0"), Move("cell0", "foundation1"))
    s.push(s.safe_move())
    s.push(s.safe_move())
    assert s.safe_move() is None


# ------------------------------------------------------------------ notation and refusals
def test_there_is_no_stock_to_turn():
    s = new_game(SH, seed=1)
    assert s.turn_move("stock") is None and s.turn_move("tableau0") is None
    with pytest.raises(IllegalMove, match="no pile called 'stock' in Seahaven"):
        s.push("s-w")


def test_refusals_say_why():
    s = sh({"tableau0": "9H", "cell0": "4C"})
    for move, words in [
        ("t5-t0", "no card on the 6th column"),
        ("t0-t0", "already there"),
        ("t0-c0", "already holds a card"),
    ]:
        with pytest.raises(IllegalMove, match=words):
            s.push(move)


# ------------------------------------------------------------------ fixed deals
# Deal numbers mean the same deal forever, on every platform: these are fixed.
FIXED_DEALS = {
    1: ("QS 8H 5H 5D 4D", "AS 6C AD TH QH", "3D 2S"),
    2: ("KS KH 4D 2S 3H", "3C 5H TH 2H 4S", "7S JC"),
    123456789: ("9C 5S 7C 8H TD", "TS 4D 9D 3D 9H", "7S AD"),
}


@pytest.mark.parametrize("seed", FIXED_DEALS)
def test_fixed_deals_never_change(seed):
    first, last, cells = FIXED_DEALS[seed]
    s = new_game(SH, seed=seed)
    assert " ".join(texts(s, "tableau0")) == first
    assert " ".join(texts(s, "tableau9")) == last
    assert " ".join(texts(s, "cell1") + texts(s, "cell2")) == cells


# ------------------------------------------------------------------ properties
# (the common ones, for every game: test_properties.py)
@given(st.integers(0, 2**40), st.integers(0, 2**40))
def test_property_every_random_game_ends_within_a_bound(seed, play):
    state = play_randomly(new_game(SH, seed=seed), random.Random(play), 5000)
    assert state.is_over() and state.result().status in ("won", "stuck")
