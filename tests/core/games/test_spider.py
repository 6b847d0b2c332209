"""Spider: one test per rule and decision (game/core/rules/spider.md, numbered as there: sp1-sp9;
docs/rules/decisions.md, the manual's games, decision 4), on hand-built positions
for each ``suits`` setting where it matters; the first deals pinned; the bound on a random
game's length for every ``suits`` setting (the common properties: test_properties.py)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import Card, IllegalMove, Move, from_dict, info, new_game
from game.core.games.spider import CARD_SETS, DEAL, IDLE_LIMIT, SpiderCard, exhausted, hopeless
from tests.support.positions import every_card_once, play_randomly, whole
from tests.support.spider_positions import build, stuck_position

SP = "spider"
SUITS = (4, 2, 1)
RANKS = "A23456789TJQK"


def run(suit: str, high: int = 13, low: int = 1) -> str:
    """ "KS QS ... AS": a run down in one suit from ``high`` to ``low``."""
    return " ".join(RANKS[r - 1] + suit for r in range(high, low - 1, -1))


def faces(state, pile: str) -> list[str]:
    return [str(c) for c, _ in state.piles()[pile]]


def face_up(state, pile: str) -> list[bool]:
    return [up for _, up in state.piles()[pile]]


def suits_of(suits: int) -> str:
    return {4: "SHDC", 2: "SH", 1: "S"}[suits]


# ------------------------------------------------------------------ sp1 the cards and suits
@pytest.mark.parametrize("suits", SUITS)
def test_sp1_two_packs_worth_104_cards_each_exactly_once(suits):
    cards = CARD_SETS[suits]
    assert len(cards) == 104 and len(set(cards)) == 104
    assert len({c.code for c in cards}) == 104 and len({c.id for c in cards}) == 104
    by_face = {}
    for c in cards:
        by_face[str(c)] = by_face.get(str(c), 0) + 1
    assert set(by_face.values()) == {{4: 2, 2: 4, 1: 8}[suits]}  # copies of each card
    assert {c.suit for c in cards} == set(suits_of(suits))
    s = new_game(SP, seed=5, suits=suits)
    assert s.CARDS is cards and every_card_once(s)


def test_sp1_option_suits_4_by_default_or_2_or_1_with_words_a_player_reads():
    option = info(SP).option("suits")
    assert option.default == 4 and option.choices == (4, 2, 1)
    assert option.labelled() == [
        (4, "4 suits"),
        (2, "2 suits: spades and hearts"),
        (1, "1 suit: spades"),
    ]
    assert new_game(SP, seed=1).options == {"suits": 4}
    with pytest.raises(ValueError, match="suits must be one of"):
        new_game(SP, seed=1, suits=3)


def test_sp1_two_suits_are_spades_and_hearts_four_of_each_card():
    cards = CARD_SETS[2]
    assert sorted({c.deck for c in cards}) == [0, 1, 2, 3]
    assert sum(1 for c in cards if str(c) == "7H") == 4
    assert sum(1 for c in cards if str(c) == "7S") == 4


def test_sp1_one_suit_is_spades_eight_of_each_card():
    cards = CARD_SETS[1]
    assert [c.deck for c in cards if str(c) == "QS"] == list(range(8))


def test_sp1_the_copies_beyond_two_packs_are_cards_of_their_own():
    c = SpiderCard(7, "S", 5)
    assert c is SpiderCard(7, "S", 5) and isinstance(c, Card)
    assert (str(c), c.code, c.name, c.rank, c.suit, c.red) == (
        "7S",
        "7S5",
        "Seven of spades",
        7,
        "S",
        False,
    )
    assert SpiderCard(12, "H", 3).red and c in CARD_SETS[1] and c not in CARD_SETS[2]
    assert CARD_SETS[1][0] is Card(1, "S", 0)  # packs 0 and 1 are the ordinary cards
    with pytest.raises(ValueError):
        Card.parse("7S5")  # other games still know only the two packs
    with pytest.raises(ValueError):
        SpiderCard(7, "H", 5)  # hearts have four copies at most


@pytest.mark.parametrize("suits", SUITS)
def test_sp1_saves_name_every_copy_and_load_it_back(suits):
    s = new_game(SP, seed=8, suits=suits)
    s.push(DEAL)
    saved = json.loads(json.dumps(s.to_dict()))
    codes = [code for pile in saved["start"]["piles"].values() for code in pile]
    assert len(set(codes)) == 104
    loaded = from_dict(saved)
    assert loaded == s and loaded.piles() == s.piles()


def test_sp1_a_save_naming_a_card_the_setting_has_not_is_refused():
    saved = new_game(SP, seed=3, suits=4).to_dict()
    pile = saved["start"]["piles"]["tableau0"]
    pile[0] = "7S5"
    with pytest.raises(ValueError, match="7S5"):
        from_dict(saved)
    saved = new_game(SP, seed=3, suits=1).to_dict()
    saved["options"]["suits"] = 2  # eight spades of each rank are not a two-suit game
    with pytest.raises(ValueError, match="not played with|not a card"):
        from_dict(saved)


# ------------------------------------------------------------------ sp2 the deal
@pytest.mark.parametrize("suits", SUITS)
def test_sp2_ten_columns_six_cards_in_the_first_four_five_in_the_rest_only_the_top_face_up(suits):
    s = new_game(SP, seed=7, suits=suits)
    for i in range(10):
        ups = face_up(s, f"tableau{i}")
        assert len(ups) == (6 if i < 4 else 5)
        assert ups == [False] * (len(ups) - 1) + [True]


@pytest.mark.parametrize("suits", SUITS)
def test_sp2_the_other_fifty_cards_are_the_stock_face_down(suits):
    s = new_game(SP, seed=7, suits=suits)
    assert len(s.piles()["stock"]) == 50 and not any(face_up(s, "stock"))
    assert all(s.piles()[f"foundation{i}"] == [] for i in range(8))


def test_sp1_deal_n_has_the_same_ranks_in_the_same_places_in_every_setting():
    deals = [new_game(SP, seed=11, suits=suits).piles() for suits in SUITS]
    ranks = [{name: [c.rank for c, _ in pile] for name, pile in p.items()} for p in deals]
    assert ranks[0] == ranks[1] == ranks[2]


def test_sp2_piles_are_the_stock_eight_foundations_and_ten_columns_no_waste():
    assert list(new_game(SP).piles()) == (
        ["stock"] + [f"foundation{i}" for i in range(8)] + [f"tableau{i}" for i in range(10)]
    )


# Deal numbers mean the same deal forever: the first column (bottom to top, with packs), the
# last column and the stock's top card, per setting.
FIXED_DEALS = {
    (4, 1): "5S1 8D1 3D1 KD0 9H1 5H0 | 4S JC 3C KS 5S | 6H0",
    (4, 2): "KD1 KC0 AS1 5H1 5D0 JH0 | KD TH 2S TD QD | 8S0",
    (4, 123456789): "7H0 2H0 TH0 4C1 KS1 JH0 | 6S KC 3D 9S JH | 3C0",
    (2, 1): "5S2 8S3 3S3 KS1 9H2 5H0 | 4S JH 3H KS 5S | 6H0",
    (2, 2): "KS3 KH1 AS2 5H2 5S1 JH0 | KS TH 2S TS QS | 8S0",
    (2, 123456789): "7H0 2H0 TH0 4H3 KS2 JH0 | 6S KH 3S 9S JH | 3H1",
    (1, 1): "5S4 8S6 3S6 KS2 9S5 5S1 | 4S JS 3S KS 5S | 6S1",
    (1, 2): "KS6 KS3 AS4 5S5 5S2 JS1 | KS TS 2S TS QS | 8S0",
    (1, 123456789): "7S1 2S1 TS1 4S7 KS4 JS1 | 6S KS 3S 9S JS | 3S3",
}


@pytest.mark.parametrize("suits, seed", FIXED_DEALS)
def test_sp2_fixed_deals_never_change(suits, seed):
    p = new_game(SP, seed=seed, suits=suits).piles()
    text = (
        " ".join(c.code for c, _ in p["tableau0"])
        + " | "
        + " ".join(str(c) for c, _ in p["tableau9"])
        + f" | {p['stock'][-1][0].code}"
    )
    assert text == FIXED_DEALS[(suits, seed)]


# ------------------------------------------------------------------ sp3 building
@pytest.mark.parametrize("suits", SUITS)
def test_sp3_a_card_goes_on_any_card_one_rank_higher_whatever_its_suit(suits):
    s_ = suits_of(suits)
    other = s_[-1]
    s = build({"tableau0": "9" + s_[0], "tableau1": "8" + other, "tableau2": "8" + s_[0]}, suits)
    assert {Move("tableau1", "tableau0"), Move("tableau2", "tableau0")} <= set(s.legal_moves())
    s.push("t1-t0")
    assert faces(s, "tableau0") == ["9" + s_[0], "8" + other]


def test_sp3_only_one_rank_lower_fits():
    s = build({"tableau0": "9S", "tableau1": "7S", "tableau2": "TH", "tableau3": "9H"})
    for bad in ("t1-t0", "t2-t0", "t3-t0"):
        assert Move.parse(bad) not in s.legal_moves()
    with pytest.raises(
        IllegalMove,
        match="doesn't fit on the Nine of spades: columns build down, one rank lower, in any suit",
    ):
        s.push("t1-t0")


@pytest.mark.parametrize("suits", SUITS)
def test_sp3_an_empty_column_takes_any_card_or_run(suits):
    s_ = suits_of(suits)[0]
    s = build({"tableau0": f"5{s_} 9{s_} 8{s_} 7{s_}", "tableau2": "KS"}, suits)
    for n in (1, 2, 3):
        assert Move("tableau0", "tableau1", n) in s.legal_moves()
    s.push(Move("tableau0", "tableau1", 3))
    assert faces(s, "tableau1") == [f"9{s_}", f"8{s_}", f"7{s_}"]
    s.pop()
    s.push("t2-t1")  # a King too
    assert faces(s, "tableau1") == ["KS"]


# ------------------------------------------------------------------ sp4 runs
def test_sp4_a_run_in_one_suit_moves_as_one_move_with_a_count():
    s = build({"tableau2": "2C 8H 7H 6H", "tableau5": "9S"})
    assert Move("tableau2", "tableau5", 3) in s.legal_moves()
    s.push("t2-t5x3")
    assert faces(s, "tableau5") == ["9S", "8H", "7H", "6H"] and faces(s, "tableau2") == ["2C"]
    assert str(s.peek()) == "t2-t5x3"


def test_sp4_the_top_part_of_a_run_moves_too():
    s = build({"tableau0": "8H 7H 6H 5H", "tableau1": "7C", "tableau2": "8S"})
    assert Move("tableau0", "tableau1", 2) in s.legal_moves()  # 6H 5H onto the 7C
    assert Move("tableau0", "tableau2", 3) in s.legal_moves()  # 7H 6H 5H onto the 8S
    s.push("t0-t1x2")
    assert faces(s, "tableau1") == ["7C", "6H", "5H"]


def test_sp4_the_manuals_example_mixed_suits_do_not_move_together():
    # "a Nine of Clubs and Eight, Seven and Six of Hearts: only the top three cards can be
    # moved in one go. A Five of Clubs fits on this pile, however the cards can't be moved
    # together anymore."
    s = build({"tableau0": "9C 8H 7H 6H", "tableau1": "TD", "tableau2": "9D", "tableau3": "5C"})
    assert Move("tableau0", "tableau2", 3) in s.legal_moves()
    assert Move("tableau0", "tableau1", 4) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="not a run down in one suit"):
        s.push(Move("tableau0", "tableau1", 4))
    s.push("t3-t0")
    assert faces(s, "tableau0") == ["9C", "8H", "7H", "6H", "5C"]
    assert Move("tableau0", "tableau2", 4) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="only a run in one suit moves as one"):
        s.push(Move("tableau0", "tableau2", 4))


def test_sp4_two_suits_spades_and_hearts_do_not_run_together():
    s = build({"tableau0": "9S 8H 7S", "tableau1": "TS", "tableau2": "9H"}, suits=2)
    assert Move("tableau0", "tableau1", 3) not in s.legal_moves()
    assert Move("tableau0", "tableau2", 2) not in s.legal_moves()
    s2 = build({"tableau0": "9S 8S 7S", "tableau1": "TH"}, suits=2)
    assert Move("tableau0", "tableau1", 3) in s2.legal_moves()


def test_sp4_one_suit_every_run_down_is_in_suit():
    s = build({"tableau0": "9S 8S 7S 6S", "tableau1": "TS"}, suits=1)
    assert Move("tableau0", "tableau1", 4) in s.legal_moves()


def test_sp4_face_down_cards_never_move():
    s = build({"tableau0": "9S 8S", "tableau1": "TH"}, down={"tableau0": 1})
    assert Move("tableau0", "tableau1", 2) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="Only face-up cards move"):
        s.push(Move("tableau0", "tableau1", 2))


# ------------------------------------------------------------------ sp5 the stock
@pytest.mark.parametrize("suits", SUITS)
def test_sp5_a_deal_puts_one_card_face_up_onto_every_column(suits):
    s = new_game(SP, seed=4, suits=suits)
    stock = [c for c, _ in s.piles()["stock"]]
    before = {i: len(s.piles()[f"tableau{i}"]) for i in range(10)}
    assert DEAL in s.legal_moves() and str(DEAL) == "s-t0"
    s.push("s-t0")
    for i in range(10):
        pile = s.piles()[f"tableau{i}"]
        assert len(pile) == before[i] + 1
        assert pile[-1] == (stock[-1 - i], True)  # the stock's top card onto the first column
    assert len(s.piles()["stock"]) == 40 and not any(face_up(s, "stock"))
    s.pop()
    assert [c for c, _ in s.piles()["stock"]] == stock


def test_sp5_clicking_the_stock_means_the_deal():
    s = new_game(SP, seed=4)
    assert s.turn_move("stock") == DEAL == Move("stock", "tableau0")
    assert s.turn_move("tableau3") is None and s.turn_move("foundation0") is None


def test_sp5_no_deal_while_a_column_is_empty():
    s = build(
        {"tableau0": "5S", "tableau3": ""},
        rest=[
            "stock",
            "tableau1",
            "tableau2",
            "tableau4",
            "tableau5",
            "tableau6",
            "tableau7",
            "tableau8",
            "tableau9",
        ],
    )
    assert DEAL not in s.legal_moves()
    with pytest.raises(
        IllegalMove, match="A row can't be dealt while a column is empty: fill column 4 first."
    ):
        s.push(DEAL)


@pytest.mark.parametrize("bad", ["s-t3", "s-f0", "s-t0x10", Move("stock", "tableau0", 2)])
def test_sp5_the_stock_deals_only_whole_rows(bad):
    s = new_game(SP, seed=2)
    with pytest.raises(IllegalMove, match="one card onto every column at once"):
        s.push(bad)


def test_sp5_five_deals_then_the_stock_is_empty_no_redeal():
    s = new_game(SP, seed=9)
    marks = []
    for _ in range(5):
        marks.append(s.marks().get("stock"))
        s.push(DEAL)
    assert marks == ["5 deals left", "4 deals left", "3 deals left", "2 deals left", "1 deal left"]
    assert s.piles()["stock"] == [] and "stock" not in s.marks()
    assert DEAL not in s.legal_moves()
    with pytest.raises(IllegalMove, match="The stock is empty: there is no redeal."):
        s.push(DEAL)


# ------------------------------------------------------------------ sp6 turning up
@pytest.mark.parametrize("suits", SUITS)
def test_sp6_a_face_down_card_left_on_top_turns_face_up_by_itself(suits):
    s_ = suits_of(suits)
    s = build(
        {"tableau0": f"3{s_[0]} 7{s_[-1]}", "tableau1": f"8{s_[0]}"}, suits, down={"tableau0": 1}
    )
    assert face_up(s, "tableau0") == [False, True]
    s.push("t0-t1")
    assert face_up(s, "tableau0") == [True] and faces(s, "tableau0") == [f"3{s_[0]}"]
    assert s.history[-1].move == Move("tableau0", "tableau1")  # one move, the turn inside it
    s.pop()
    assert face_up(s, "tableau0") == [False, True]


# ------------------------------------------------------------------ sp7 the foundations
@pytest.mark.parametrize("suits", SUITS)
def test_sp7_a_full_suit_run_goes_off_by_itself(suits):
    suit = suits_of(suits)[-1]
    s = build({"tableau0": run(suit, 13, 2), "tableau1": "A" + suit}, suits)
    before = whole(s)
    s.push("t1-t0")
    assert faces(s, "foundation0") == [r + suit for r in RANKS]  # Ace at the bottom, King on top
    assert s.piles()["tableau0"] == [] and [e.move for e in s.history] == [
        Move("tableau1", "tableau0")
    ]
    s.pop()
    assert whole(s) == before


@pytest.mark.parametrize("suits", SUITS)
def test_sp7_the_card_the_run_uncovers_turns_face_up(suits):
    suit = suits_of(suits)[0]
    s = build(
        {"tableau0": "5" + suit + " " + run(suit, 13, 3), "tableau1": f"2{suit} A{suit}"},
        suits,
        down={"tableau0": 1},
    )
    s.push("t1-t0x2")
    assert faces(s, "tableau0") == ["5" + suit] and face_up(s, "tableau0") == [True]
    assert len(s.piles()["foundation0"]) == 13 and s.idle == 0


def test_sp7_a_run_completed_by_a_deal_goes_off_too():
    # the stock's top card goes onto the first column, the fourth from the top onto column 4
    tops = ["9C", "9C", "9D", run("H", 13, 2), "9D", "9S", "9S", "4C", "4C", "4D"]
    s = build({f"tableau{i}": t for i, t in enumerate(tops)} | {"stock": "AH 5D 5D 5S"})
    assert str(s.piles()["stock"][-4][0]) == "AH"
    s.push(DEAL)
    assert faces(s, "foundation0") == [r + "H" for r in RANKS] and s.piles()["tableau3"] == []
    assert [e.move for e in s.history] == [DEAL]


def test_sp7_a_king_to_ace_run_of_mixed_suits_stays():
    s = build({"tableau0": run("S", 13, 8) + " " + run("H", 7, 2), "tableau1": "AH"})
    s.push("t1-t0")
    assert len(s.piles()["tableau0"]) == 13 and all(
        f == [] for n, f in s.piles().items() if n.startswith("foundation")
    )
    s2 = build({"tableau0": run("S", 13, 8) + " " + run("H", 7, 2), "tableau1": "AH"}, suits=2)
    s2.push("t1-t0")
    assert len(s2.piles()["tableau0"]) == 13


def test_sp7_runs_go_to_the_first_empty_foundation():
    s = build(
        {
            "foundation0": " ".join(r + "D" for r in RANKS),
            "tableau0": run("C", 13, 2),
            "tableau1": "AC",
        }
    )
    s.push("t1-t0")
    assert faces(s, "foundation1") == [r + "C" for r in RANKS]


def test_sp7_nothing_goes_to_a_foundation_by_hand():
    s = build({"tableau0": "AS", "tableau1": run("H", 13, 1)[:-3], "tableau2": "KD"}, down={})
    assert not any(m.target.startswith("foundation") for m in s.legal_moves())
    assert s.safe_move() is None
    for bad in ("t0-f0", "t1-f0x12", "t2-f3"):
        with pytest.raises(
            IllegalMove,
            match="Only a whole run from King down to Ace in one suit goes to a foundation",
        ):
            s.push(bad)


def test_sp7_cards_never_come_back_off_a_foundation():
    s = build({"foundation0": " ".join(r + "S" for r in RANKS), "tableau0": "KH"})
    assert not any(m.source.startswith("foundation") for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="Runs on the foundations stay there."):
        s.push("f0-t1")


def test_sp7_a_saved_foundation_holds_a_whole_run_or_nothing():
    with pytest.raises(ValueError, match="whole run"):
        build({"foundation0": "AS 2S 3S"})
    with pytest.raises(ValueError, match="should have gone to a foundation"):
        build({"tableau0": run("S")})


# ------------------------------------------------------------------ sp8 winning
@pytest.mark.parametrize("suits", SUITS)
def test_sp8_won_when_all_eight_runs_are_off(suits):
    names = suits_of(suits)
    piles = {f"foundation{i}": " ".join(r + names[i % len(names)] for r in RANKS) for i in range(7)}
    last = names[7 % len(names)]
    s = build(piles | {"tableau0": run(last, 13, 2), "tableau1": "A" + last}, suits, rest={})
    assert not s.is_over() and s.result() is None
    s.push("t1-t0")
    assert s.is_over() and s.result().status == "won" and s.legal_moves() == []
    assert s.result().reason == "All eight runs are off."


# ------------------------------------------------------------------ sp9 the end
def test_sp9_no_legal_move_left_is_stuck():
    piles = stuck_position()
    tops = "2D 2C JD JC KD KC 9D 7D 4C 4D".split()
    s = build(
        piles | {f"tableau{i}": t for i, t in enumerate(tops)},
        rest={f"tableau{i}": 2 if i < 6 else 1 for i in range(10)},
    )
    assert s.piles()["stock"] == []
    assert s.legal_moves() == []
    assert s.is_over() and s.result().status == "stuck" and s.result().reason == "No more moves."


def test_sp9_only_moves_that_change_nothing_left_is_stuck():
    # the Five of diamonds may hop between the two Sixes for ever; nothing else moves
    piles = stuck_position()
    tops = ["9C 5D", "6C", "6D", "2D", "2C", "JD", "JC", "9D", "KD", "KC"]
    s = build(
        piles | {f"tableau{i}": t for i, t in enumerate(tops)},
        rest={f"tableau{i}": 2 if i < 5 else 1 for i in range(10)},
    )
    assert s.pile["tableau0"].down == 2 and s.piles()["stock"] == []
    assert hopeless(
        [(t.down > 0, tuple(c.key for c in t.cards[t.down :])) for t in s.tableau], False
    )
    assert s.legal_moves() == [] and s.is_over()
    assert s.result().status == "stuck"
    assert "only moves that change nothing are left" in s.result().reason
    with pytest.raises(
        IllegalMove,
        match="The deal is over. No move can ever deal a row, turn a card or take a run off again",
    ):
        s.push("t0-t1")


def test_sp9_a_search_proves_it_where_the_quick_reasoning_can_not():
    # an empty column: the Five goes there, and then nothing can take the Nine off the
    # face-down cards (the quick, relaxed reasoning thinks it could)
    piles = stuck_position()
    tops = ["", "9C 5D", "KD", "KC", "JD", "JC", "2D", "2C", "9D", "7D"]
    s = build(piles | {f"tableau{i}": t for i, t in enumerate(tops)}, rest={"tableau1": 16})
    columns = [(t.down > 0, tuple(c.key for c in t.cards[t.down :])) for t in s.tableau]
    assert not hopeless(columns, False) and exhausted(columns, False)
    assert s.legal_moves() == [] and s.result().status == "stuck"


def test_sp9_a_way_on_several_moves_away_keeps_the_game_going():
    # no single move turns a card, but three do: 5D to the empty column, 9C onto the TS, ...
    piles = stuck_position()
    tops = ["", "9C 5D", "KD", "KC", "JD", "JC", "2D", "2C", "TD", "7D"]
    s = build(piles | {f"tableau{i}": t for i, t in enumerate(tops)}, rest={"tableau1": 16})
    assert s.result() is None and s.legal_moves()
    s.push("t1-t0")
    assert s.result() is None
    s.push("t1-t8")
    assert s.pile["tableau1"].down == 15 and face_up(s, "tableau1")[-1] and s.idle == 0


def test_sp9_every_game_ends_after_idle_limit_moves_that_change_nothing_lasting():
    tops = "6S 6H 5D KC KC KD KD KH KH KS".split()
    s = build({f"tableau{i}": t for i, t in enumerate(tops)}, vars={"idle": IDLE_LIMIT - 2})
    s.push("t2-t0")
    assert s.idle == IDLE_LIMIT - 1 and not s.is_over()
    s.push("t0-t1")
    assert s.idle == IDLE_LIMIT and s.is_over() and s.legal_moves() == []
    assert s.result().status == "stuck"
    assert s.result().reason == (
        f"No row was dealt, no card turned up and no run taken off in the last {IDLE_LIMIT} moves."
    )
    with pytest.raises(IllegalMove, match="The deal is over"):
        s.push("t1-t0")
    s.pop()
    s.pop()
    assert not s.is_over() and s.idle == IDLE_LIMIT - 2
    s.push(DEAL)  # a deal, a card turned up or a run off starts the count again
    assert s.idle == 0


def test_sp9_a_saved_idle_count_is_checked():
    with pytest.raises(ValueError, match="idle"):
        build({"tableau0": "6S"}, vars={"idle": IDLE_LIMIT + 1})
    with pytest.raises(ValueError, match="idle"):
        build({"tableau0": "6S"}, vars={"idle": "3"})


# ------------------------------------------------------------------ properties
# (the common ones, for every game and option set: test_properties.py)
@pytest.mark.parametrize("suits", SUITS)
@settings(max_examples=2, deadline=None)
@given(play=st.integers(0, 2**32))
def test_property_every_random_game_ends_within_a_bound(suits, play):
    """Each move deals, turns a card, takes a run off (at most 5 + 44 + 8 in a deal) or adds one
    to the idle count, which ends the game at IDLE_LIMIT."""
    bound = (5 + 44 + 8 + 1) * IDLE_LIMIT + 5 + 44 + 8
    state = new_game(SP, seed=play % 1000, suits=suits)
    play_randomly(state, random.Random(play), bound + 1)
    assert state.is_over() and len(state.history) <= bound
    assert state.result().status in ("won", "stuck") and state.legal_moves() == []
