"""Canfield: one test per rule sentence and decision (game/core/rules/canfield.md, numbered as
there: the "Patience" program's manual; docs/rules/decisions.md, the manual's games, decision
3), the fixed deals, and the bound on a random game (the common properties:
test_properties.py)."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import IllegalMove, Move, from_dict, new_game
from game.core.games.canfield import Canfield, is_turn
from tests.support.positions import (
    assert_foundation_cards_stay,
    build,
    every_card_once,
    foundations_full_but_one,
    play_randomly,
    tops,
    whole,
)

CF = "canfield"


def cf(piles, base=1, **kw):
    """A hand-built Canfield position (the base rank given, as a save may give it)."""
    return build(CF, piles, vars={"base": base}, **kw)


def texts(state, pile):
    return [str(c) for c, _ in state.piles()[pile]]


def faces(state, pile):
    return [up for _, up in state.piles()[pile]]


# a position where nothing but going round the stock is left: the stock's cards that ever show
# on the waste (the third and the fourth) fit nowhere, and the Tens it hides never show
STUCK = {
    "foundation0": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    "foundation1": "AH 2H 3H 4H 5H 6H 7H 8H 9H",
    "foundation2": "AD 2D 3D 4D 5D 6D 7D 8D 9D",
    "foundation3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    "tableau0": "KH",
    "tableau1": "QH",
    "tableau2": "JH",
    "tableau3": "KD",
    "reserve": "QS JD",
    "stock": "KS QD TH TD",
}


# ------------------------------------------------------------------ 1-2: the pack and the deal
def test_cf1_one_pack_of_52_cards():
    s = new_game(CF, seed=5)
    assert every_card_once(s) and len(Canfield.CARDS) == 52
    assert {c.deck for c in Canfield.CARDS} == {0}


def test_cf2_a_reserve_of_13_cards_only_its_top_face_up_and_four_columns_of_one_card():
    s = new_game(CF, seed=5)
    assert faces(s, "reserve") == [False] * 12 + [True]
    for i in range(4):
        assert faces(s, f"tableau{i}") == [True]
    assert len(s.piles()["stock"]) == 34 and not any(faces(s, "stock"))
    assert s.piles()["waste"] == []


def test_cf2_the_reserve_is_dealt_first_then_the_columns_then_the_base_card_from_the_stock():
    s = new_game(CF, seed=9)
    deck = s._shuffled_deck(9)  # the deal takes cards from its end
    order = deck[::-1]
    assert [c for c, _ in s.piles()["reserve"]] == order[:13]
    assert [s.piles()[f"tableau{i}"][0][0] for i in range(4)] == order[13:17]
    assert s.piles()["foundation0"] == [(order[17], True)]
    assert [c for c, _ in s.piles()["stock"]][::-1] == order[18:]


# ------------------------------------------------------------------ 3-4: base rank, foundations
def test_cf3_the_base_card_sets_every_foundations_first_rank():
    for seed in range(1, 30):
        s = new_game(CF, seed=seed)
        base = s.piles()["foundation0"][0][0]
        assert s.base == base.rank
        others = [c for c in Canfield.CARDS if c.rank == base.rank and c is not base]
        for card in others:  # wherever they lie, they are what an empty foundation takes
            assert all(card.key in s.pile[f"foundation{i}"].wanted() for i in (1, 2, 3))
        assert len(s.pile["foundation1"].wanted()) == 4


def test_cf3_any_base_card_starts_any_empty_foundation_and_nothing_else_does():
    s = cf({"foundation0": "7S", "tableau0": "7H", "tableau1": "8D", "tableau2": "AC"}, base=7)
    legal = s.legal_moves()
    for f in (1, 2, 3):
        assert Move("tableau0", f"foundation{f}") in legal
        assert Move("tableau1", f"foundation{f}") not in legal
        assert Move("tableau2", f"foundation{f}") not in legal
    with pytest.raises(IllegalMove, match=r"base rank \(Seven\) can start a foundation"):
        s.push("t2-f1")
    s.push("t0-f2")
    assert tops(s)["foundation2"] == "7H"


def test_cf3_empty_foundations_show_the_base_rank():
    s = new_game(CF, seed=1)  # base: the Ten of clubs
    assert s.marks() == {"foundation1": "10", "foundation2": "10", "foundation3": "10"}
    s2 = cf({"foundation0": "QS", "foundation1": "QH", "tableau0": "QD"}, base=12)
    assert s2.marks() == {"foundation2": "Q", "foundation3": "Q"}
    s2.push("t0-f2")
    assert s2.marks() == {"foundation3": "Q"}


def test_cf3_the_base_rank_is_a_position_variable_that_survives_saves_and_pop():
    s = new_game(CF, seed=2)
    assert s.to_dict()["start"]["vars"] == {"base": s.base}
    s.push(s.legal_moves()[0])
    assert from_dict(json.loads(json.dumps(s.to_dict()))).base == s.base
    s.pop()
    assert s.base == new_game(CF, seed=2).base
    # with every foundation empty the saved variable alone says it
    s3 = cf({"tableau0": "5C"}, base=5, rest="stock")
    assert s3.marks() == {f"foundation{i}": "5" for i in range(4)}
    assert Move("tableau0", "foundation0") in s3.legal_moves()
    # left out of a save, the foundations say it; a save that contradicts them is refused
    assert build(CF, {"foundation3": "9D"}).base == 9
    with pytest.raises(ValueError, match="base"):
        build(CF, {"tableau0": "5C"})
    with pytest.raises(ValueError, match="base rank"):
        build(CF, {"foundation3": "9D"}, vars={"base": 4})


def test_cf4_foundations_build_up_in_suit_and_the_ace_follows_the_king():
    s = cf(
        {"foundation0": "TC JC QC KC", "tableau0": "AC", "tableau1": "2C", "tableau2": "AH"},
        base=10,
    )
    with pytest.raises(IllegalMove, match="doesn't fit on the King of clubs"):
        s.push("t2-f0")
    s.push("t0-f0")
    s.push("t1-f0")
    assert texts(s, "foundation0") == ["TC", "JC", "QC", "KC", "AC", "2C"]


def test_cf4_a_foundation_holds_thirteen_cards_from_the_base_up():
    s = cf(
        {
            "foundation0": "4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S",
            "tableau0": "3S",
            "foundation1": "4H",
            "tableau1": "4D",
        },
        base=4,
    )
    s.push("t0-f0")
    assert len(s.pile["foundation0"].cards) == 13
    with pytest.raises(IllegalMove, match="complete"):
        s.push("t1-f0")


def test_cf4_cards_never_leave_a_foundation():
    s = cf({"foundation0": "AS 2S", "tableau0": "3H"})
    assert_foundation_cards_stay(s, "f0-t0")


# ------------------------------------------------------------------ 5-7: the columns
def test_cf5_columns_build_down_in_alternating_colours():
    s = cf({"tableau0": "TS", "tableau1": "9H", "tableau2": "9D", "tableau3": "9C", "waste": "8S"})
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0") in legal and Move("tableau2", "tableau0") in legal
    assert Move("tableau3", "tableau0") not in legal  # black on black
    assert Move("waste", "tableau0") not in legal  # not one lower
    with pytest.raises(IllegalMove, match="alternating colours"):
        s.push("t3-t0")
    s.push("t1-t0")
    assert texts(s, "tableau0") == ["TS", "9H"]


def test_cf5_ranks_wrap_in_the_columns_a_king_on_an_ace_an_ace_on_a_two():
    s = cf({"tableau0": "AS", "tableau1": "KH", "tableau2": "2D", "tableau3": "AC"})
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0") in legal  # the King on the Ace
    assert Move("tableau3", "tableau2") in legal  # the Ace on the Two
    s.push("t1-t0")
    assert texts(s, "tableau0") == ["AS", "KH"]


def test_cf6_a_columns_top_card_moves_on_its_own():
    s = cf({"tableau0": "9H 8S 7D", "tableau1": "8C", "tableau2": "KS"})
    assert Move("tableau0", "tableau1") in s.legal_moves()
    s.push("t0-t1")
    assert texts(s, "tableau0") == ["9H", "8S"] and texts(s, "tableau1") == ["8C", "7D"]


def test_cf6_a_whole_column_moves_as_one_onto_a_card_its_bottom_card_fits():
    s = cf({"tableau0": "9H 8S 7D", "tableau1": "TC", "tableau2": "KS", "tableau3": "TH"})
    assert Move("tableau0", "tableau1", 3) in s.legal_moves()
    assert Move("tableau0", "tableau3", 3) not in s.legal_moves()  # the Nine of hearts on red
    s.push("t0-t1x3")
    assert texts(s, "tableau1") == ["TC", "9H", "8S", "7D"] and texts(s, "tableau0") == []
    assert str(s.peek()) == "t0-t1x3"


def test_cf6_part_of_a_column_never_moves():
    s = cf({"tableau0": "TS 9H 8S", "tableau1": "TC", "tableau2": "KS", "tableau3": "KH"})
    assert Move("tableau0", "tableau1", 2) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="Only a whole column moves as one"):
        s.push(Move("tableau0", "tableau1", 2))
    assert all(
        m.count in (1, len(s.pile[m.source].cards))
        for m in s.legal_moves()
        if m.source.startswith("tableau")
    )


def test_cf6_a_whole_column_goes_only_onto_a_column_never_to_a_foundation():
    # "Sequences can only be moved to normal piles" (the manual)
    s = cf({"foundation0": "AS", "tableau0": "3H 2S", "tableau1": "KD"})
    with pytest.raises(IllegalMove, match="Only a column takes a whole column"):
        s.push(Move("tableau0", "foundation0", 2))
    for target in ("reserve", "waste"):
        with pytest.raises(IllegalMove):
            s.push(Move("tableau0", target, 2))


def test_cf7_an_empty_column_takes_any_single_card():
    s = cf(
        {"tableau0": "9H 8S", "tableau1": "KD", "tableau2": "5C", "reserve": "3C QH", "waste": "4D"}
    )  # tableau3 is empty
    legal = s.legal_moves()
    for src in ("tableau0", "tableau1", "tableau2", "reserve", "waste"):
        assert Move(src, "tableau3") in legal


def test_cf7_an_empty_column_takes_a_single_card_not_a_whole_column():
    s = cf({"tableau0": "9H 8S", "tableau1": "KD", "tableau2": "5C"})
    assert Move("tableau0", "tableau3", 2) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="An empty column takes a single card"):
        s.push(Move("tableau0", "tableau3", 2))


# ------------------------------------------------------------------ 8: the reserve
def test_cf8_the_reserves_top_card_plays_to_the_foundations_and_the_columns():
    s = cf({"foundation0": "AS", "reserve": "KD 2S", "tableau0": "3H", "tableau1": "9C"})
    legal = s.legal_moves()
    assert Move("reserve", "foundation0") in legal and Move("reserve", "tableau0") in legal
    s.push("r-t0")
    assert texts(s, "tableau0") == ["3H", "2S"]


def test_cf8_the_reserves_next_card_turns_face_up_by_itself_and_pop_turns_it_back():
    s = cf({"reserve": "QH JC 5D", "tableau0": "6S"})
    before = whole(s)
    s.push("r-t0")
    assert faces(s, "reserve") == [False, True] and texts(s, "reserve") == ["QH", "JC"]
    s.pop()
    assert whole(s) == before and faces(s, "reserve") == [False, False, True]


def test_cf8_nothing_is_played_onto_the_reserve():
    s = cf({"reserve": "9C 5D", "tableau0": "4S"})
    assert not any(m.target == "reserve" for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="Nothing may be played onto the reserve"):
        s.push("t0-r")


# ------------------------------------------------------------------ 9-10: stock and waste
def test_cf9_the_stock_turns_three_cards_onto_the_waste_the_third_on_top():
    s = new_game(CF, seed=3)
    stock = [c for c, _ in s.piles()["stock"]]
    assert s.turn_move("stock") == Move("stock", "waste", 3)
    s.push("s-wx3")
    assert [c for c, _ in s.piles()["waste"]] == [stock[-1], stock[-2], stock[-3]]
    assert all(faces(s, "waste")) and len(s.piles()["stock"]) == 31
    with pytest.raises(IllegalMove, match="three cards at a time"):
        s.push("s-w")


def test_cf9_the_stocks_last_one_or_two_cards_turn_together():
    s = cf({"stock": "5H 6H", "tableau0": "KS"}, rest="waste")
    assert s.turn_move("stock") == Move("stock", "waste", 2)
    with pytest.raises(IllegalMove, match="last 2 cards turn together"):
        s.push(Move("stock", "waste", 3))
    s.push("s-wx2")
    assert texts(s, "waste")[-2:] == ["6H", "5H"]


def test_cf9_the_wastes_top_card_plays_to_the_foundations_and_the_columns():
    s = cf({"foundation0": "AD", "waste": "TS 2D", "tableau0": "3C", "tableau1": "JH"})
    legal = s.legal_moves()
    assert Move("waste", "foundation0") in legal and Move("waste", "tableau0") in legal
    s.push("w-f0")
    s.push("w-t1")
    assert texts(s, "tableau1") == ["JH", "TS"]


def test_cf10_clicking_the_empty_stock_turns_the_waste_back_order_kept():
    s = new_game(CF, seed=4)
    stock = [c for c, _ in s.piles()["stock"]]
    for _ in range(12):  # 34 cards: eleven packets of three and a last one
        s.push(s.turn_move("stock"))
    assert s.piles()["stock"] == [] and len(s.piles()["waste"]) == 34
    back = s.turn_move("stock")
    assert back == Move("waste", "stock", 34) and str(back) == "w-sx34"
    assert back in s.legal_moves()
    s.push(back)
    assert [c for c, _ in s.piles()["stock"]] == stock and not any(faces(s, "stock"))
    assert s.piles()["waste"] == []


def test_cf10_the_stock_goes_round_as_often_as_the_player_likes():
    s = new_game(CF, seed=4)
    start = s.piles()
    for _ in range(5):  # five times round: thirteen clicks each
        for _ in range(13):
            s.push(s.turn_move("stock"))
        assert s.piles() == start
    assert not s.is_over()


def test_cf10_the_waste_goes_back_only_whole_and_only_once_the_stock_is_empty():
    s = cf({"stock": "5H 6H 7H", "waste": "9C TC"}, rest="reserve")
    with pytest.raises(IllegalMove, match="only once the stock is empty"):
        s.push(Move("waste", "stock", 2))
    s.push("s-wx3")
    with pytest.raises(IllegalMove, match=r"whole waste \(5 cards\)"):
        s.push(Move("waste", "stock", 1))
    with pytest.raises(IllegalMove, match="Only the waste goes back"):
        s.push(Move("tableau0", "stock"))


def test_cf10_with_stock_and_waste_empty_clicking_the_stock_does_nothing():
    s = cf({"tableau0": "KS"}, rest="reserve")
    assert s.turn_move("stock") is None and s.turn_move("waste") is None


# ------------------------------------------------------------------ 11: winning
def test_cf11_won_when_all_52_cards_are_on_the_foundations():
    s = cf(foundations_full_but_one(ranks="89TJQKA234567") | {"reserve": "7C"}, base=8, rest={})
    assert not s.is_over()
    s.push("r-f3")
    assert s.is_over() and s.result().status == "won"


# ------------------------------------------------------------------ 12: no position twice
def test_cf12_a_column_move_back_to_a_position_already_had_is_refused():
    s = cf({"tableau0": "6S", "tableau1": "6C 5H", "tableau2": "KD"})
    s.push("t1-t0")  # the Five of hearts from one black Six to the other
    assert Move("tableau0", "tableau1") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="already had: take moves back"):
        s.push("t0-t1")
    s.pop()
    assert Move("tableau1", "tableau0") in s.legal_moves()


def test_cf12_turning_the_stock_is_never_refused_though_positions_come_round_again():
    s = cf({"stock": "5H 6H", "tableau0": "KS"}, rest="reserve")
    for _ in range(6):
        s.push(s.turn_move("stock"))
    assert [str(e.move) for e in s.history] == ["s-wx2", "w-sx2"] * 3


def test_cf12_a_position_from_many_moves_back_counts_too():
    s = cf({"tableau0": "6S", "tableau1": "6C", "tableau2": "KD", "waste": "5H"})
    s.push("w-t0")
    s.push("t0-t1")  # the Five of hearts on to the other black Six
    s.push("s-wx3")
    s.push("t1-t0")  # back on the first: a new position, the waste is not what it was
    while s.pile["stock"].cards:
        s.push(s.turn_move("stock"))
    s.push(s.turn_move("stock"))  # round again: the table as it was right after "w-t0"
    assert len(s.history) > 10
    assert Move("tableau0", "tableau1") not in s.legal_moves()  # as it was after "t0-t1"


def test_cf12_a_copy_without_history_refuses_the_same_repeats():
    s = cf({"tableau0": "6S", "tableau1": "6C 5H", "tableau2": "KD"})
    s.push("t1-t0")
    twin = s.copy(history=False)
    assert twin._generate_moves() == s._generate_moves() == s.legal_moves()
    assert Move("tableau0", "tableau1") not in twin.legal_moves()


# ------------------------------------------------------------------ 13: the end
def test_cf13_no_legal_move_left_is_stuck():
    piles = dict(STUCK)
    piles["reserve"] = "TD TH QS JD KS QD"
    del piles["stock"]
    s = cf(piles, rest={})
    assert s.legal_moves() == []
    assert s.is_over() and s.result() == s.result() and s.result().status == "stuck"


def test_cf13_only_going_round_the_stock_with_nothing_playable_is_stuck_at_once():
    s = cf(STUCK, rest={})
    assert s.legal_moves() == [Move("stock", "waste", 3)]
    r = s.result()
    assert r.status == "stuck" and "going round the stock" in r.reason
    assert s.is_over()
    assert len(s.piles()["stock"]) == 4  # said before the stock was ever gone through


def test_cf13_a_card_the_stock_will_show_keeps_the_deal_going():
    s = cf(STUCK | {"stock": "KS TD QD TH"}, rest={})  # the Ten of diamonds shows third
    assert s.legal_moves() == [Move("stock", "waste", 3)] and not s.is_over()
    s.push("s-wx3")
    assert Move("waste", "foundation2") in s.legal_moves()


def test_cf13_a_card_that_shows_only_after_the_waste_goes_back_keeps_the_deal_going():
    piles = dict(STUCK)
    del piles["stock"]
    s = cf(piles | {"waste": "TH QD TD KS"}, rest={})  # the next pass shows the Ten third
    assert s.legal_moves() == [Move("waste", "stock", 4)]
    assert not s.is_over()
    s2 = cf(piles | {"waste": "TD TH QD KS"}, rest={})  # the Tens stay hidden
    assert s2.is_over() and s2.result().status == "stuck"


def test_cf13_the_verdict_follows_push_pop_and_saves():
    going = cf(STUCK | {"stock": "KS TD QD TH"}, rest={})
    stuck = cf(STUCK, rest={})
    for s in (going, stuck):
        verdict = s.result()
        s.push(s.turn_move("stock"))
        assert from_dict(s.to_dict()).result() == s.result()
        s.pop()
        assert s.result() == verdict
    assert not going.is_over() and stuck.is_over()


# ------------------------------------------------------------------ 14: auto-move
def test_cf14_auto_move_sends_a_card_home_when_both_cards_that_could_go_on_it_are_home():
    # base Ace: the Three of hearts waits while a black Two is out; then it goes by itself
    s = cf(
        {
            "foundation0": "AH 2H",
            "foundation1": "AS 2S",
            "foundation2": "AC",
            "foundation3": "AD",
            "tableau0": "3H",
            "tableau1": "2C",
            "tableau2": "KD",
        }
    )
    assert Move("tableau0", "foundation0") in s.legal_moves()
    assert s.safe_move() == Move("tableau1", "foundation2")  # its red Aces are home
    s.push("t1-f2")
    assert s.safe_move() == Move("tableau0", "foundation0")


def test_cf14_auto_move_counts_ranks_round_from_the_base():
    # base Seven: the Seven itself could still take a black or red Six (the last cards home)
    s = cf({"foundation0": "7H", "tableau0": "7S", "tableau1": "8H", "tableau2": "KD"}, base=7)
    assert s.safe_move() is None
    s2 = cf(
        {"foundation0": "7H", "foundation1": "7D", "foundation2": "7S 8S", "tableau0": "8H"}, base=7
    )  # both black Sevens? the Seven of clubs is out
    assert s2.safe_move() is None
    s3 = cf(
        {
            "foundation0": "7H",
            "foundation1": "7D",
            "foundation2": "7S",
            "foundation3": "7C",
            "tableau0": "8H",
        },
        base=7,
    )
    assert s3.safe_move() == Move("tableau0", "foundation0")


# ------------------------------------------------------------------ notation and refusals
def test_turn_move_is_the_stock_and_nothing_else():
    s = new_game(CF, seed=6)
    assert s.turn_move("waste") is None and s.turn_move("reserve") is None
    assert s.turn_move("tableau0") is None
    assert is_turn(Move("stock", "waste", 3)) and is_turn(Move("waste", "stock", 9))
    assert not is_turn(Move("waste", "tableau0"))


def test_refusals_say_why():
    s = cf({"tableau0": "9H", "waste": "4C"}, rest="stock")
    for move, words in [
        ("w-s", "only once the stock is empty"),
        ("s-t0", "go to the waste"),
        ("t0-w", "Only the stock deals onto the waste"),
        ("t1-t0", "no card on the 2nd column"),
        (Move("waste", "tableau1", 2), "Only the top card"),
    ]:
        with pytest.raises(IllegalMove, match=words):
            s.push(move)


def test_saved_positions_that_canfield_cannot_reach_are_refused():
    with pytest.raises(ValueError, match="not a run"):
        cf({"tableau0": "9H 9S"})
    with pytest.raises(ValueError, match="reserve"):
        cf({"reserve": "9H 9S"}, down={"reserve": 0})
    with pytest.raises(ValueError, match="not built up in suit"):
        cf({"foundation0": "AS 3S"})
    with pytest.raises(ValueError, match="different ranks"):
        cf({"foundation0": "AS", "foundation1": "2H"})
    for bad in (True, -1, 14, "7", 7.0):
        with pytest.raises(ValueError, match="base"):
            cf({"tableau0": "9H"}, base=bad)


# ------------------------------------------------------------------ fixed deals
# Deal numbers mean the same deal forever, on every platform: these are fixed.
FIXED_DEALS = {
    1: ("TC", "3S 2S JS 9C", "JC 3H 9S 7C 4D 4S AC QH 5H KC 8C KS 9H", "7H"),
    2: ("7H", "4S 7D 9D 9C", "AH QS QH 7C AC 5D 8S JH 3C AD 6C KD 5C", "JD"),
    123456789: ("3H", "4C 6S 5D 8H", "KC QC JS QD 6C 7S KH AD 5C 5S KS 6H 9D", "JC"),
}


@pytest.mark.parametrize("seed", FIXED_DEALS)
def test_fixed_deals_never_change(seed):
    base, columns, reserve, stock_top = FIXED_DEALS[seed]
    s = new_game(CF, seed=seed)
    assert texts(s, "foundation0") == [base]
    assert " ".join(texts(s, f"tableau{i}")[0] for i in range(4)) == columns
    assert " ".join(texts(s, "reserve")) == reserve
    assert texts(s, "stock")[-1] == stock_top


# ------------------------------------------------------------------ properties
# (the common ones, for every game: test_properties.py)
@given(st.integers(0, 2**40), st.integers(0, 2**40))
def test_property_every_random_game_ends_within_a_bound(seed, play):
    state = play_randomly(new_game(CF, seed=seed), random.Random(play), 5000)
    assert state.is_over() and state.result().status in ("won", "stuck")
    # when the stock still goes round, nothing but turning is offered
    if state.result().status == "stuck" and state.legal_moves():
        assert all(is_turn(m) for m in state.legal_moves())
