"""Indian Patience: one test per rule sentence / decision (docs/rules/decisions.md, Indian
Patience 1-6)."""

import pytest

from game.core import IllegalMove, Move, new_game
from tests.support.positions import build, every_card_once, tops

IP = "indian-patience"


def face(state, pile):
    return [(str(c), up) for c, up in state.piles()[pile]]


def test_ip1_ten_piles_of_one_face_down_then_two_face_up():
    s = new_game(IP, seed=11)
    assert every_card_once(s)
    for i in range(10):
        assert [up for _, up in s.piles()[f"tableau{i}"]] == [False, True, True]
    assert len(s.piles()["stock"]) == 74
    assert not any(s.is_protected(f"tableau{i}") for i in range(10))


def test_ip1_foundations_build_up_in_suit_from_ace_to_king():
    s = build(IP, {"tableau0": "AD", "tableau1": "3D", "foundation0": "AS"})
    assert Move("tableau0", "foundation1") in s.legal_moves()
    with pytest.raises(IllegalMove, match="Only an Ace"):
        s.push("t1-f1")
    s.push("t0-f1")
    with pytest.raises(IllegalMove, match="doesn't fit on the Ace of diamonds"):
        s.push("t1-f1")


def test_ip2_build_down_by_any_suit_but_the_same():
    s = build(IP, {"tableau0": "9H", "tableau1": "8S", "tableau2": "8H", "tableau3": "8D"})
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0") in legal and Move("tableau3", "tableau0") in legal
    assert Move("tableau2", "tableau0") not in legal
    with pytest.raises(IllegalMove, match="any suit but the same"):
        s.push("t2-t0")


def test_ip2_one_card_at_a_time():
    s = build(IP, {"tableau0": "TH", "tableau1": "9S 8D"})
    with pytest.raises(IllegalMove, match="one card"):
        s.push(Move("tableau1", "tableau0", 2))


def test_ip3_an_exposed_face_down_card_turns_up_and_is_protected():
    s = build(IP, {"tableau0": "5C 7H", "tableau1": "8S"}, down={"tableau0": 1})
    s.push("t0-t1")
    assert face(s, "tableau0") == [("5C", True)]
    assert s.is_protected("tableau0")


def test_ip3_a_protected_card_moves_only_to_a_foundation():
    s = build(
        IP,
        {"tableau0": "5C", "tableau1": "6H", "foundation0": "AC 2C 3C 4C"},
        vars={"protected": [True] + [False] * 9},
    )
    assert Move("tableau0", "tableau1") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="protected: it may only go to a foundation"):
        s.push("t0-t1")
    assert Move("tableau0", "foundation0") in s.legal_moves()


def test_ip3_nothing_may_be_played_on_a_protected_card():
    s = build(IP, {"tableau0": "5C", "tableau1": "4H"}, vars={"protected": [True] + [False] * 9})
    assert Move("tableau1", "tableau0") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="nothing may be played on it"):
        s.push("t1-t0")


def test_ip4_a_protected_card_to_a_foundation_refills_its_pile_down_up_up():
    s = build(
        IP,
        {"tableau0": "5C", "foundation0": "AC 2C 3C 4C", "stock": "9D 8S 7H 6D"},
        rest="waste",
        vars={"protected": [True] + [False] * 9},
    )
    s.push("t0-f0")
    assert face(s, "tableau0") == [("6D", False), ("7H", True), ("8S", True)]
    assert face(s, "stock") == [("9D", False)]
    assert not s.is_protected("tableau0")


def test_ip4_with_fewer_than_three_stock_cards_the_refill_is_all_face_up():
    s = build(
        IP,
        {"tableau0": "5C", "foundation0": "AC 2C 3C 4C", "stock": "8S 7H"},
        rest="waste",
        vars={"protected": [True] + [False] * 9},
    )
    s.push("t0-f0")
    assert face(s, "tableau0") == [("7H", True), ("8S", True)]
    assert s.piles()["stock"] == []


def test_ip5_protection_ends_when_the_stock_becomes_empty():
    s = build(
        IP,
        {"tableau0": "5C", "tableau1": "6H", "stock": "KS"},
        rest="waste",
        vars={"protected": [True] + [False] * 9},
    )
    s.push("s-w")
    assert not s.is_protected("tableau0")
    assert Move("tableau0", "tableau1") in s.legal_moves()


def test_ip5_protection_ends_when_a_refill_empties_the_stock():
    s = build(
        IP,
        {"tableau0": "5C", "tableau1": "JS", "foundation0": "AC 2C 3C 4C", "stock": "KS QD JH"},
        rest="waste",
        vars={"protected": [True] + [False] * 9},
    )
    s.push("t0-f0")  # the refill takes the last three cards: KS face down, QD JH up
    assert face(s, "tableau0") == [("JH", False), ("QD", True), ("KS", True)]
    assert not any(s.is_protected(f"tableau{i}") for i in range(10))


def test_ip5_after_the_stock_is_empty_an_exposed_card_is_not_protected():
    s = build(IP, {"tableau0": "5C 7H", "tableau1": "8S"}, rest="waste", down={"tableau0": 1})
    s.push("t0-t1")
    assert face(s, "tableau0") == [("5C", True)] and not s.is_protected("tableau0")


def test_ip5_after_the_stock_is_empty_an_empty_pile_takes_any_card():
    s = build(IP, {"tableau1": "8S"}, rest="waste")
    assert Move("tableau1", "tableau0") in s.legal_moves()
    assert Move("waste", "tableau0") in s.legal_moves()


def test_ip5_before_the_stock_is_empty_an_empty_pile_takes_nothing():
    s = build(IP, {"tableau1": "8S"})
    assert Move("tableau1", "tableau0") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="only once the stock is empty"):
        s.push("t1-t0")


def test_ip6_the_stock_turns_one_card_onto_the_waste():
    s = new_game(IP, seed=5)
    top = s.piles()["stock"][-1][0]
    s.push("s-w")
    assert s.piles()["waste"] == [(top, True)]


def test_ip6_the_waste_top_is_playable():
    s = build(IP, {"waste": "AS 8C", "tableau0": "9D"})
    assert Move("waste", "tableau0") in s.legal_moves()
    s.push("w-t0")
    assert tops(s)["tableau0"] == "8C"
    assert Move("waste", "foundation0") in s.legal_moves()


def test_ip6_no_redeal():
    s = build(IP, {"waste": "KS"}, rest="waste")
    assert Move("stock", "waste") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="no redeal"):
        s.push("s-w")


def test_ip6_refills_come_from_the_same_stock():
    s = new_game(IP, seed=2)
    before = len(s.piles()["stock"])
    s.push("s-w")
    assert len(s.piles()["stock"]) == before - 1


def test_ip_undo_takes_back_a_refill_and_the_protection_exactly():
    s = build(
        IP,
        {"tableau0": "5C", "foundation0": "AC 2C 3C 4C", "stock": "9D 8S 7H 6D"},
        rest="waste",
        vars={"protected": [True] + [False] * 9},
    )
    before = s.to_dict(), s.piles(), s.is_protected("tableau0")
    s.push("t0-f0")
    s.pop()
    assert (s.to_dict(), s.piles(), s.is_protected("tableau0")) == before
