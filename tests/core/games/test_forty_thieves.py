"""Forty Thieves: one test per rule sentence / decision (docs/rules/decisions.md, FT 1-6)."""

import pytest

from game.core import IllegalMove, Move, new_game
from tests.support.positions import (
    assert_foundation_cards_stay,
    build,
    every_card_once,
    foundations_full_but_one,
    tops,
)

FT = "forty-thieves"


def test_ft1_two_packs_ten_columns_of_four_face_up_rest_in_stock():
    s = new_game(FT, seed=7)
    piles = s.piles()
    assert every_card_once(s)
    for i in range(10):
        assert len(piles[f"tableau{i}"]) == 4
        assert all(up for _, up in piles[f"tableau{i}"])
    assert len(piles["stock"]) == 64 and not any(up for _, up in piles["stock"])
    assert piles["waste"] == [] and all(piles[f"foundation{i}"] == [] for i in range(8))


def test_ft1_foundations_start_with_an_ace():
    s = build(FT, {"tableau0": "AH", "tableau1": "2H"})
    assert Move("tableau0", "foundation3") in s.legal_moves()
    with pytest.raises(IllegalMove, match="Only an Ace can start a foundation"):
        s.push(Move("tableau1", "foundation0"))


def test_ft1_foundations_build_up_in_suit_to_the_king():
    s = build(
        FT,
        {
            "foundation0": "AH 2H 3H",
            "tableau0": "4H",
            "tableau1": "4S",
            "foundation1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
            "tableau2": "KS",
        },
    )
    s.push("t0-f0")
    assert tops(s)["foundation0"] == "4H"
    with pytest.raises(IllegalMove, match="doesn't fit on the Four of hearts"):
        s.push("t1-f0")
    with pytest.raises(IllegalMove, match="complete"):
        s.push("t2-f1")


def test_ft2_columns_build_down_in_suit():
    s = build(FT, {"tableau0": "9H", "tableau1": "8H", "tableau2": "8S", "tableau3": "7H"})
    assert Move("tableau1", "tableau0") in s.legal_moves()
    assert Move("tableau2", "tableau0") not in s.legal_moves()
    assert Move("tableau3", "tableau0") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="columns build down in suit"):
        s.push("t2-t0")
    s.push("t1-t0")
    assert [str(c) for c, _ in s.piles()["tableau0"]] == ["9H", "8H"]


def test_ft2_one_card_at_a_time():
    s = build(FT, {"tableau0": "TH", "tableau1": "5C 9H 8H"})
    with pytest.raises(IllegalMove, match="one card"):
        s.push(Move("tableau1", "tableau0", 2))
    assert all(m.count == 1 for m in s.legal_moves())


def test_ft2_option_supermove_moves_a_run_with_enough_empty_columns():
    # k empty columns besides the target let a run of 2**k cards move card by card
    piles = {"tableau0": "TH", "tableau1": "5C 9H 8H 7H", "tableau2": "9H"} | {
        f"tableau{i}": k for i, k in zip(range(3, 9), "KC KD KS KH KC KD".split())
    }
    s = build(FT, piles, options={"supermove": True})  # tableau9 is the one empty column
    assert Move("tableau1", "tableau0", 3) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="needs more empty columns"):
        s.push(Move("tableau1", "tableau0", 3))
    with pytest.raises(IllegalMove, match="needs more empty columns"):
        s.push(Move("tableau1", "tableau9", 2))  # no free column left to go through
    s.push(Move("tableau1", "tableau2", 2))
    assert [str(c) for c, _ in s.piles()["tableau2"]] == ["9H", "8H", "7H"]
    s2 = build(
        FT, {k: v for k, v in piles.items() if k != "tableau8"}, options={"supermove": True}
    )  # two empty columns: up to four cards
    assert Move("tableau1", "tableau0", 3) in s2.legal_moves()
    s2.push(Move("tableau1", "tableau0", 3))
    assert [str(c) for c, _ in s2.piles()["tableau0"]] == ["TH", "9H", "8H", "7H"]
    assert Move("tableau0", "tableau8", 2) in s2.legal_moves()  # one column free besides it


def test_ft2_supermove_moves_only_runs_in_suit():
    s = build(FT, {"tableau0": "TH", "tableau1": "9H 8S"}, options={"supermove": True})
    with pytest.raises(IllegalMove, match="not a run"):
        s.push(Move("tableau1", "tableau0", 2))


def test_ft3_an_empty_column_takes_any_card():
    s = build(FT, {"tableau0": "5D", "waste": "QS"}, down={})
    for i in range(1, 10):
        assert Move("tableau0", f"tableau{i}") in s.legal_moves()
        assert Move("waste", f"tableau{i}") in s.legal_moves()


def test_ft4_the_stock_turns_one_card_onto_the_waste():
    s = new_game(FT, seed=3)
    top = s.piles()["stock"][-1][0]
    s.push("s-w")
    assert s.piles()["waste"] == [(top, True)]
    assert len(s.piles()["stock"]) == 63


def test_ft4_the_waste_top_is_playable_to_foundations_and_columns():
    s = build(FT, {"waste": "6C AD", "tableau0": "7C"})
    assert Move("waste", "foundation0") in s.legal_moves()
    s.push("w-f0")
    assert Move("waste", "tableau0") in s.legal_moves()
    s.push("w-t0")
    assert tops(s)["tableau0"] == "6C"


def test_ft4_no_redeal():
    s = build(FT, {"waste": "KS"}, rest="waste")
    assert Move("stock", "waste") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="no redeal"):
        s.push("s-w")


def test_ft5_cards_never_come_back_off_a_foundation():
    s = build(FT, {"foundation0": "AH 2H", "tableau0": "3S"})
    assert_foundation_cards_stay(s, "f0-t0")


def test_ft5_option_foundation_takeback_returns_a_card_to_a_column():
    s = build(
        FT,
        {"foundation0": "AH 2H", "tableau0": "3H", "tableau1": "3S"},
        options={"foundation_takeback": True},
    )
    assert Move("foundation0", "tableau0") in s.legal_moves()
    assert Move("foundation0", "tableau1") not in s.legal_moves()
    s.push("f0-t0")
    assert tops(s)["tableau0"] == "2H" and tops(s)["foundation0"] == "AH"
    with pytest.raises(IllegalMove, match="only come back onto a column"):
        s.push("f0-w")


def test_ft6_won_when_all_104_cards_are_on_the_foundations():
    s = build(FT, foundations_full_but_one(packs=2) | {"tableau4": "KC"}, rest={})
    assert not s.is_over()
    s.push("t4-f7")
    assert s.is_over() and s.result().status == "won"


def test_ft_no_legal_move_left_is_stuck():
    s = build(
        FT,
        {
            "tableau0": "2H",
            "tableau1": "2S",
            "tableau2": "2D",
            "tableau3": "2C",
            "tableau4": "5H",
            "tableau5": "5S",
            "tableau6": "5D",
            "tableau7": "5C",
            "tableau8": "8H",
            "tableau9": "8S",
        },
        rest="waste",
    )
    assert s.legal_moves() == []
    assert s.is_over() and s.result().status == "stuck"
