"""Chinese Patience: one test per decision (docs/rules/decisions.md, Chinese Patience 1-14) and
per rule sentence of pagat's text, named after the rule numbers of
game/core/rules/chinese-patience.md; the seed's worked example of play rebuilt move by move;
its own properties for every option set (the common properties: test_properties.py)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import STOP, Card, IllegalMove, Match, Move, from_dict, info, new_game
from game.core.games.chinese_patience import ChineseResult, penalty_source
from tests.support.positions import every_card_once, games, option_sets, whole

CP = "chinese-patience"
SUITS = "SHDC"


def cp(piles, players=2, player=0, rest=None, down=None, vars=None, moves=(), **options):
    """A position: ``piles`` names cards bottom to top ("9C 8H"); the other cards go under the
    ``rest`` piles (default: every stock), shared out. Stocks lie face down unless ``down``
    says otherwise."""
    used = set()
    names = (
        [f"foundation{i}" for i in range(4)]
        + [f"tableau{i}" for i in range(4)]
        + [f"stock{p}" for p in range(players)]
        + [f"waste{p}" for p in range(players)]
    )
    layout = {n: [] for n in names}
    for name, text in piles.items():
        for code in text.split():
            card = Card.parse(code)
            assert card not in used, code
            used.add(card)
            layout[name].append(card.code)
    leftovers = [c.code for c in new_game(CP).CARDS if c not in used]
    rest = rest or [f"stock{p}" for p in range(players)]
    share = -(-len(leftovers) // len(rest))
    for name in rest:
        layout[name] = leftovers[:share] + layout[name]
        leftovers = leftovers[share:]
    downs = {f"stock{p}": len(layout[f"stock{p}"]) for p in range(players)}
    downs.update(down or {})
    data = {
        "format": 1,
        "game": CP,
        "seed": None,
        "options": {"players": players, **options},
        "start": {
            "piles": layout,
            "down": {k: v for k, v in downs.items() if v},
            "vars": {"current_player": player} | (vars or {}),
        },
        "moves": list(moves),
    }
    return from_dict(data)


def texts(state, pile):
    return " ".join(str(c) for c, _ in state.piles()[pile])


def faces(state, pile):
    return [up for _, up in state.piles()[pile]]


# a quiet table: kings on the columns take only queens, which the tests keep out of the way
KINGS = {"tableau0": "KS", "tableau1": "KC", "tableau2": "KH", "tableau3": "KD"}


# 1. players and cards ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cp1_one_pack_of_52_for_2_3_or_4_players(players):
    s = new_game(CP, seed=5, players=players)
    assert len(s.CARDS) == 52 and every_card_once(s)
    assert s.player_count == players
    assert {c.deck for c in s.CARDS} == {0}


def test_cp1_players_is_an_option_2_by_default_and_5_is_refused():
    assert new_game(CP, seed=1).player_count == 2
    assert info(CP).players == (2, 3, 4)
    with pytest.raises(ValueError):
        new_game(CP, seed=1, players=5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cp1_play_goes_round_to_the_left_clockwise(players):
    s = new_game(CP, seed=3, players=players)
    order = []
    for _ in range(players + 1):
        order.append(s.current_player)
        s._end_turn([])
    assert all(order[i + 1] == (order[i] + 1) % players for i in range(players))


# 2. the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize("players, each", [(2, 24), (3, 16), (4, 12)])
def test_cp2_four_tableau_cards_face_up_then_the_stocks_face_down(players, each):
    s = new_game(CP, seed=11, players=players)
    piles = s.piles()
    assert all(len(piles[f"tableau{i}"]) == 1 and piles[f"tableau{i}"][0][1] for i in range(4))
    for p in range(players):
        assert len(piles[f"stock{p}"]) == each and not any(faces(s, f"stock{p}"))
        assert piles[f"waste{p}"] == []
    assert all(piles[f"foundation{i}"] == [] for i in range(4))


def test_cp2_pile_names():
    assert list(new_game(CP, seed=1, players=3).piles()) == (
        [f"foundation{i}" for i in range(4)]
        + [f"tableau{i}" for i in range(4)]
        + ["stock0", "stock1", "stock2", "waste0", "waste1", "waste2"]
    )


def test_cp2_the_tableau_cards_are_dealt_first_then_one_at_a_time_from_the_dealers_left():
    from game.core.cards import Rng, shuffled

    s = new_game(CP, seed=21, players=3)
    deck = shuffled(list(s.CARDS), Rng(21, CP))
    assert [texts(s, f"tableau{i}") for i in range(4)] == [str(deck.pop()) for _ in range(4)]
    first = (s.dealer + 1) % 3
    assert s.pile[f"stock{first}"].cards[0] is deck[-1]  # the next card: bottom of that stock
    assert s.pile[f"stock{(first + 1) % 3}"].cards[0] is deck[-2]


def test_cp2_the_same_deal_number_gives_the_same_deal_forever():
    s = new_game(CP, seed=1)
    text = " ".join(texts(s, f"tableau{i}") for i in range(4))
    assert (text, texts(s, "stock0")[-2:], s.dealer) == (FIXED[0], FIXED[1], FIXED[2])
    assert new_game(CP, seed=1).piles() == s.piles()
    assert new_game(CP, seed=2).piles() != s.piles()


FIXED = ("4D AC 3C QD", "7C", 1)  # deal 1: the four columns, stock0's top card, the dealer


# 3. dealer and first player ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cp3_the_player_to_the_dealers_left_plays_first(players):
    dealers = set()
    for seed in range(30):
        s = new_game(CP, seed=seed, players=players)
        assert s.current_player == (s.dealer + 1) % players
        dealers.add(s.dealer)
    assert dealers == set(range(players))  # the first deal's dealer follows from the seed


def test_cp3_with_two_players_the_non_dealer_starts():
    s = new_game(CP, seed=4)
    assert s.current_player == 1 - s.dealer


def test_cp3_a_given_dealer_deals_the_same_cards_from_the_next_seat_and_is_kept_in_saves():
    a = new_game(CP, seed=8, players=3, dealer=0)
    b = new_game(CP, seed=8, players=3, dealer=1)
    assert (a.dealer, a.current_player, b.dealer, b.current_player) == (0, 1, 1, 2)
    assert texts(a, "tableau0") == texts(b, "tableau0")
    assert texts(a, "stock1") == texts(b, "stock2")  # each deal starts at the dealer's left
    assert a.options["dealer"] == 0 and from_dict(json.loads(json.dumps(a.to_dict()))) == a
    with pytest.raises(ValueError):
        new_game(CP, seed=8, players=3, dealer=3)


def test_cp3_in_a_match_the_deal_passes_to_the_left():
    m = Match(100, players=3)
    assert m.next_dealer() is None  # the first deal: from the seed
    first = new_game(CP, seed=3, players=3)
    m.record(ChineseResult("won", 0, 5, scores=(5, 0, 0)), dealer=first.dealer)
    assert m.next_dealer() == (first.dealer + 1) % 3
    second = new_game(CP, seed=4, players=3, dealer=m.next_dealer())
    assert second.current_player == (first.dealer + 2) % 3


# 4. foundations ----------------------------------------------------------------------------
def test_cp4_any_ace_starts_any_empty_foundation():
    s = cp(KINGS | {"waste0": "AH"})
    assert {m.target for m in s.legal_moves() if m.source == "waste0"} == {
        f"foundation{i}" for i in range(4)
    }


def test_cp4_foundations_build_up_in_suit_to_the_king():
    s = cp(KINGS | {"foundation0": "AH 2H", "foundation1": "AS 2S", "waste0": "3H"})
    assert Move("waste0", "foundation0") in s.legal_moves()
    with pytest.raises(IllegalMove, match="doesn't fit on the Two of spades"):
        s.push("w0-f1")


# 5. the tableau ----------------------------------------------------------------------------
def test_cp5a_columns_build_down_in_alternating_colours():
    s = cp({"tableau0": "8C", "tableau1": "KC", "tableau2": "KH", "tableau3": "KD", "waste0": "7H"})
    assert Move("waste0", "tableau0") in s.legal_moves()
    s = cp({"tableau0": "8C", "tableau1": "KC", "tableau2": "KH", "tableau3": "KD", "waste0": "7S"})
    with pytest.raises(IllegalMove, match="alternating colours"):
        s.push("w0-t0")


def test_cp5b_a_whole_column_moves_onto_the_outer_card_of_another():
    s = cp({"tableau0": "9C 8H", "tableau1": "TD", "tableau2": "KH", "tableau3": "KD"})
    assert Move("tableau0", "tableau1", 2) in s.legal_moves()
    s.push("t0-t1x2")
    assert texts(s, "tableau1") == "TD 9C 8H" and texts(s, "tableau0") == ""


def test_cp5b_a_one_card_column_moves_too():
    s = cp({"tableau0": "9C", "tableau1": "TD", "tableau2": "KH", "tableau3": "KD"})
    assert Move("tableau0", "tableau1") in s.legal_moves()


def test_cp5b_never_part_of_a_column_nor_into_an_empty_column():
    s = cp({"tableau0": "TS 9H 8C", "tableau1": "9D", "tableau2": "", "tableau3": "KD"})
    with pytest.raises(IllegalMove, match="Only a whole column"):
        s.push("t0-t1")  # the 8C alone onto the 9D
    with pytest.raises(IllegalMove, match="Only a whole column"):
        s.push("t0-t1x2")
    with pytest.raises(IllegalMove, match="outer card of another column"):
        s.push("t0-t2x3")


def test_cp5b_the_inner_card_decides_whether_a_column_fits():
    s = cp({"tableau0": "TS 9H", "tableau1": "8D", "tableau2": "KH", "tableau3": "KD"})
    with pytest.raises(
        IllegalMove,
        match="column starting with the Ten of spades doesn't fit on the Eight of diamonds",
    ):
        s.push("t0-t1x2")


def test_cp5c_a_columns_outer_card_moves_alone_only_to_a_foundation_or_another_waste():
    s = cp(KINGS | {"tableau0": "KS 5H", "foundation0": "AH 2H 3H 4H", "waste1": "6H"})
    legal = s.legal_moves()
    assert Move("tableau0", "foundation0") in legal and Move("tableau0", "waste1") in legal
    with pytest.raises(IllegalMove, match="own waste"):
        s.push("t0-w0")


def test_cp5d_an_empty_column_takes_any_card_from_the_stock_card_or_the_own_waste():
    s = cp(
        {
            "tableau0": "",
            "tableau1": "KC",
            "tableau2": "KH",
            "tableau3": "KD",
            "waste0": "7S",
            "stock0": "QS",
        }
    )
    assert Move("waste0", "tableau0") in s.legal_moves()
    s.push("s0-s0")
    assert Move("stock0", "tableau0") in s.legal_moves()


# 6. a turn ---------------------------------------------------------------------------------
def test_cp6a_a_turn_is_any_number_of_moves_one_at_a_time():
    s = cp(
        {
            "tableau0": "9C 8H",
            "tableau1": "TD",
            "tableau2": "KH",
            "tableau3": "KD",
            "waste0": "AS",
            "foundation0": "",
        }
    )
    s.push("w0-f0")
    s.push("t0-t1x2")
    assert s.current_player == 0


def test_cp6b_turning_the_stock_card_commits_it_nothing_else_until_it_is_placed():
    s = cp(KINGS | {"stock0": "5D", "waste0": "AS", "tableau0": "KS 9C", "tableau1": "TD"})
    assert Move("stock0", "stock0") in s.legal_moves()
    s.push("s0-s0")
    assert faces(s, "stock0")[-1] and not any(faces(s, "stock0")[:-1])
    assert all(m.source == "stock0" for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="Place your turned-up stock card, the Five of diamonds"):
        s.push("w0-f0")
    with pytest.raises(IllegalMove, match="already turned up"):
        s.push("s0-s0")


def test_cp6c_the_stock_card_must_go_to_a_foundation_if_it_fits_one():
    s = cp(KINGS | {"stock0": "3H", "foundation0": "AH 2H", "tableau0": "KS 4C", "waste1": "4H"})
    s.push("s0-s0")
    assert s.legal_moves() == [Move("stock0", "foundation0")]
    with pytest.raises(IllegalMove, match="fits a foundation: it must go there") as e:
        s.push("s0-w1")
    assert e.value.priority is None  # standard priorities: refused, never a breach


def test_cp6c_otherwise_onto_another_waste_into_the_tableau_or_onto_the_own_waste():
    s = cp(KINGS | {"stock0": "3H", "tableau0": "KS 4C", "waste1": "4H"})
    s.push("s0-s0")
    assert set(s.legal_moves()) == {
        Move("stock0", "waste1"),
        Move("stock0", "tableau0"),
        Move("stock0", "waste0"),
    }


def test_cp6d_the_stock_card_on_the_own_waste_ends_the_turn():
    s = cp(KINGS | {"stock0": "3H"})
    s.push("s0-s0")
    s.push("s0-w0")
    assert s.current_player == 1 and s.turn == 1 and texts(s, "waste0") == "3H"


def test_cp6d_placing_it_elsewhere_does_not_end_the_turn():
    s = cp(KINGS | {"stock0": "3H", "tableau0": "KS 4C"})
    s.push("s0-s0")
    s.push("s0-t0")
    assert s.current_player == 0 and Move("stock0", "stock0") in s.legal_moves()


def test_cp6_the_table_turns_the_stock_with_a_click_and_ends_the_turn_with_the_card():
    s = cp(KINGS | {"stock0": "3H"})
    assert s.turn_move("stock0") == Move("stock0", "stock0") and s.turn_move("stock1") is None
    assert s.end_turn_move() is None
    s.push("s0-s0")
    assert s.turn_move("stock0") is None and s.end_turn_move() == Move("stock0", "waste0")


# 7. the own waste --------------------------------------------------------------------------
def test_cp7_the_own_waste_top_goes_to_a_foundation_another_waste_or_the_tableau():
    s = cp(
        KINGS | {"waste0": "5C 4H", "foundation0": "AH 2H 3H", "waste1": "5H", "tableau0": "KS 5S"}
    )
    assert {m.target for m in s.legal_moves() if m.source == "waste0"} == {
        "foundation0",
        "waste1",
        "tableau0",
    }


def test_cp7_nothing_else_goes_onto_the_own_waste():
    s = cp(KINGS | {"waste0": "5C", "tableau0": "KS 4H"})
    with pytest.raises(IllegalMove, match="Only your turned-up stock card"):
        s.push("t0-w0")
    with pytest.raises(IllegalMove):
        s.push("w0-w0")


def test_cp7_only_the_top_card_of_the_waste_moves():
    s = cp(KINGS | {"waste0": "AS 5C"})
    assert not any(m.source == "waste0" for m in s.legal_moves())


# 8. loading --------------------------------------------------------------------------------
def test_cp8_loading_takes_the_same_suit_one_rank_higher_or_lower():
    s = cp(KINGS | {"waste1": "7H", "tableau0": "KS 6H", "waste0": "8H", "tableau1": "KC 7D"})
    loads = {m.source for m in s.legal_moves() if m.target == "waste1"}
    assert loads == {"tableau0", "waste0"}
    with pytest.raises(IllegalMove, match="same suit, one rank higher or lower"):
        s.push("t1-w1")


def test_cp8_never_onto_an_empty_waste_nor_ones_own():
    s = cp(KINGS | {"waste1": "", "tableau0": "KS 6H", "waste0": "7H"})
    with pytest.raises(IllegalMove, match="empty waste"):
        s.push("t0-w1")
    with pytest.raises(IllegalMove, match="own waste"):
        s.push("t0-w0")


def test_cp8_equal_rank_loading_also_takes_the_same_rank_in_another_suit():
    piles = KINGS | {"waste1": "7H", "tableau0": "KS 7C", "tableau1": "KC 7H"}
    piles["tableau1"] = "KC 6C"
    s = cp(piles, equal_rank_loading=True)
    assert Move("tableau0", "waste1") in s.legal_moves()
    assert Move("tableau1", "waste1") not in s.legal_moves()
    assert Move("tableau0", "waste1") not in cp(piles).legal_moves()


def test_cp8_the_seeds_long_sequence_loads_with_equal_ranks():
    """Onto an opponent's 10C: 9C 9D 9S 10S JS QS KS KH QH QC, each on the one before."""
    seq = "9C 9D 9S TS JS QS KS KH QH QC".split()
    s = cp(
        {
            "tableau0": "",
            "tableau1": "",
            "tableau2": "",
            "tableau3": "",
            "waste1": "TC",
            "stock0": " ".join(reversed(seq)),
        },
        rest=["stock1"],
        equal_rank_loading=True,
    )
    for code in seq:
        s.push("s0-s0")
        assert texts(s, "stock0").split()[-1] == code
        s.push("s0-w1")
    assert texts(s, "waste1").split()[-len(seq) :] == seq


# 9. never moved ----------------------------------------------------------------------------
def test_cp9_foundation_cards_and_cards_on_another_waste_never_move():
    s = cp(KINGS | {"foundation0": "AH 2H", "waste1": "5C", "tableau0": "KS 6D"})
    with pytest.raises(IllegalMove, match="foundations stay there"):
        s.push("f0-t0")
    with pytest.raises(IllegalMove, match="another player's waste stay there"):
        s.push("w1-t0")
    with pytest.raises(IllegalMove, match="another player's stock"):
        s.push("s1-s1")


# 10. an empty stock ------------------------------------------------------------------------
def test_cp10_an_empty_stock_is_refilled_by_turning_the_waste_over_order_kept():
    s = cp(KINGS | {"stock0": "", "waste0": "2C 3D 4S"}, rest=["stock1"])
    s.push("s0-s0")
    assert texts(s, "stock0") == "4S 3D 2C" and texts(s, "waste0") == ""
    assert faces(s, "stock0") == [False, False, True]  # the first card wasted turns up


def test_cp10_until_then_the_waste_stays_and_may_be_loaded_and_played():
    s = cp(KINGS | {"stock1": "", "waste1": "2C 3D 4S", "tableau0": "KS 5S"}, rest=["stock0"])
    assert Move("tableau0", "waste1") in s.legal_moves()
    s.push("t0-w1")
    assert texts(s, "stock1") == "" and texts(s, "waste1") == "2C 3D 4S 5S"


# 11. hidden information --------------------------------------------------------------------
def test_cp11_stock_cards_lie_face_down_until_turned_and_the_waste_shows_only_its_top():
    s = new_game(CP, seed=6)
    assert not any(up for p in range(2) for up in faces(s, f"stock{p}"))
    s.push(f"s{s.current_player}-s{s.current_player}")
    assert sum(up for up in faces(s, f"stock{s.current_player}")) == 1
    # the waste's cards below the top are not shown by the table (layouts stack wastes), and
    # the computer's view (game.ai.players.chinese_patience.model) keeps only the top:
    # tests/ai/players/test_chinese.py


# 12. the end -------------------------------------------------------------------------------
def test_cp12_the_first_player_with_no_stock_and_no_waste_wins_and_scores_the_others_cards():
    s = cp(
        KINGS
        | {"stock0": "", "waste0": "3H", "foundation0": "AH 2H", "stock1": "5C 6C", "waste1": "9D"},
        rest=["stock1"],
    )
    s.push("w0-f0")
    r = s.result()
    assert isinstance(r, ChineseResult) and s.is_over()
    assert (r.status, r.winner) == ("won", 0)
    assert r.points == s.own_cards(1) == r.scores[0] and r.scores[1] == 0
    assert r.places == (1, 2) and s.legal_moves() == []


def test_cp12_the_tableau_does_not_count():
    s = cp(
        {
            "tableau0": "KS QH JS",
            "tableau1": "KC",
            "tableau2": "KH",
            "tableau3": "KD",
            "stock0": "",
            "waste0": "3H",
            "foundation0": "AH 2H",
        },
        rest=["stock1"],
    )
    s.push("w0-f0")
    assert s.result().winner == 0


def test_cp12_playing_for_places_goes_on_skipping_the_players_out():
    s = cp(
        KINGS
        | {"stock0": "", "waste0": "3H", "foundation0": "AH 2H", "stock1": "9S", "stock2": "9C"},
        players=3,
        rest=["stock1", "stock2"],
        play_for_places=True,
    )
    before = [s.own_cards(q) for q in (1, 2)]
    s.push("w0-f0")
    assert not s.is_over() and s.finished == (0,) and s.current_player == 1
    assert s.scores == (sum(before), 0, 0)
    for _ in range(2):  # player 0 is skipped from now on
        s._end_turn([])
        assert s.current_player != 0
    assert s.marks() == {"stock0": "1st"}


def test_cp12_the_last_player_in_takes_last_place_and_each_scores_what_was_left():
    s = cp(
        KINGS
        | {
            "stock0": "",
            "waste0": "3H",
            "foundation0": "AH 2H",
            "stock1": "",
            "waste1": "5C",
            "foundation1": "AC 2C 3C 4C",
        },
        players=3,
        rest=["stock2"],
        play_for_places=True,
    )
    s.push("w0-f0")
    left = s.own_cards(2)
    assert s.current_player == 1
    s.push("w1-f1")
    r = s.result()
    assert r.winner == 0 and r.places == (1, 2, 3)
    assert r.scores == (left + 1, left, 0) and r.points == left + 1


def test_cp12_without_places_three_players_end_with_the_first_out():
    s = cp(
        KINGS | {"stock0": "", "waste0": "3H", "foundation0": "AH 2H"},
        players=3,
        rest=["stock1", "stock2"],
    )
    s.push("w0-f0")
    r = s.result()
    assert r.winner == 0 and r.points == s.own_cards(1) + s.own_cards(2)


def test_cp12_a_match_goes_to_the_target_score_adding_every_players_points():
    m = Match(target=100, players=3)
    m.record(ChineseResult("won", 0, 60, scores=(60, 25, 0)))
    assert m.winner is None and m.scores == [60, 25, 0]
    m.record(ChineseResult("won", 0, 45, scores=(45, 0, 0)))
    assert m.winner == 0 and m.is_over() and m.games == 2
    assert Match.from_dict(json.loads(json.dumps(m.to_dict()))).scores == [105, 25, 0]
    assert info(CP).match.default == 100


# 13. priorities and knocks -----------------------------------------------------------------
def test_cp13_standard_is_the_default_and_has_no_breaches():
    s = cp(KINGS | {"waste0": "3H", "foundation0": "AH 2H", "tableau0": "KS 9C"})
    assert s.options["priorities"] == "standard" and s.breach_moves() == []
    assert Move("stock0", "stock0") in s.legal_moves()  # waste cards need not go up first


def test_cp13_free_lets_the_stock_card_go_anywhere_it_fits():
    s = cp(KINGS | {"stock0": "3H", "foundation0": "AH 2H", "waste1": "4H"}, priorities="free")
    s.push("s0-s0")
    assert set(s.legal_moves()) == {
        Move("stock0", "foundation0"),
        Move("stock0", "waste1"),
        Move("stock0", "waste0"),
    }
    assert s.breach_moves() == []


KNOCK = {"priorities": "knock"}


def test_cp13_knock_1_foundation_moves_from_waste_or_tableau_come_first():
    s = cp(
        KINGS | {"waste0": "3H", "foundation0": "AH 2H", "tableau0": "KS 4C", "waste1": "4H"},
        **KNOCK,
    )
    assert s.legal_moves() == [Move("waste0", "foundation0")]
    assert Move("waste0", "waste1") in s.breach_moves()
    with pytest.raises(IllegalMove, match="Priority 1") as e:
        s.push("w0-w1")
    assert e.value.priority == "1"


def test_cp13_knock_2_then_loads_onto_another_waste():
    s = cp(
        KINGS | {"waste0": "3H", "tableau0": "KS 4C", "waste1": "4H", "tableau1": "QD"},
        rest=["stock0", "stock1"],
        **KNOCK,
    )
    assert s.legal_moves() == [Move("waste0", "waste1")]
    with pytest.raises(IllegalMove, match="Priority 2") as e:
        s.push("w0-t0")
    assert e.value.priority == "2"


def test_cp13_knock_3_then_waste_to_tableau_and_joins_before_the_stock():
    s = cp(
        {"tableau0": "9C", "tableau1": "TD", "tableau2": "KH", "tableau3": "KD", "waste0": "5S"},
        **KNOCK,
    )
    assert s.legal_moves() == [Move("tableau0", "tableau1")]
    with pytest.raises(IllegalMove, match="Priority 3") as e:
        s.push("s0-s0")
    assert e.value.priority == "3"
    s = cp(
        {"tableau0": "", "tableau1": "TD", "tableau2": "KH", "tableau3": "KD", "waste0": "5S"},
        **KNOCK,
    )
    assert s.legal_moves() == [Move("waste0", "tableau0")]  # an empty column is filled first


def test_cp13_knock_4_the_stock_card_by_the_same_order():
    s = cp(KINGS | {"stock0": "3H", "waste1": "4H", "tableau0": "KS 4C"}, **KNOCK)
    s.push("s0-s0")
    assert s.legal_moves() == [Move("stock0", "waste1")]
    with pytest.raises(IllegalMove, match="Priority 4") as e:
        s.push("s0-t0")
    assert e.value.priority == "4"


def test_cp13_knock_5_the_own_waste_only_when_it_fits_nowhere():
    s = cp(KINGS | {"stock0": "3H", "tableau0": "KS 4C"}, **KNOCK)
    s.push("s0-s0")
    with pytest.raises(IllegalMove, match="Priority 5") as e:
        s.push("s0-w0")
    assert e.value.priority == "5"
    s = cp(KINGS | {"stock0": "3H"}, **KNOCK)
    s.push("s0-s0")
    assert s.legal_moves() == [Move("stock0", "waste0")]


def knock_position(players=2, **extra):
    """Player 0 may move the 3H to the foundation (priority 1) or load it."""
    piles = (
        KINGS
        | {
            "waste0": "9S 3H",
            "foundation0": "AH 2H",
            "waste1": "4H",
            "stock0": "5C",
            "stock1": "6C 7C 8C",
        }
        | extra
    )
    return cp(piles, players=players, rest=[f"stock{p}" for p in range(players)], **KNOCK)


def test_cp13_a_breach_may_be_played_and_says_which_priority():
    s = knock_position()
    s.push("w0-w1", breach=True)
    b = s.breach
    assert b is not None and b.rule == "1" and b.player == 0
    assert b.compulsory == Move("waste0", "foundation0") and "Priority 1" in b.reason


def test_cp13_a_knock_the_move_stands_penalty_cards_and_the_turn_ends():
    s = knock_position()
    stock1 = list(s.pile["stock1"].cards)
    s.push("w0-w1", breach=True)
    call = s.call_stop()
    assert call.right and s.peek() == STOP
    assert texts(s, "waste1").endswith("4H 3H")  # the move stands
    middle = stock1[len(stock1) // 2]
    assert s.pile["stock0"].cards[0] is middle  # to the bottom of the offender's stock
    assert middle not in s.pile["stock1"].cards and not faces(s, "stock0")[0]
    assert s.current_player == 1 and s.breach is None


def test_cp13_each_other_player_gives_one_penalty_card_from_the_offenders_left():
    s = knock_position(players=4)
    give = [s.pile[f"stock{q}"].cards[len(s.pile[f"stock{q}"].cards) // 2] for q in (1, 2, 3)]
    n = s.own_cards(0)
    s.push("w0-w1", breach=True)
    s.call_stop()
    assert s.own_cards(0) == n - 1 + 3
    assert s.pile["stock0"].cards[:3] == give[::-1]  # player 1's first, so it ends lowest
    assert s.current_player == 1


@pytest.mark.parametrize(
    "stock, waste, expected",
    [
        ("5C 6C 7C", "", ("stock", 1)),
        ("5C 6C 7C 8C", "", ("stock", 2)),
        ("5C 6C", "", ("stock", 0)),
        ("5C", "", ("stock", 0)),
        ("", "5C 6C 7C", ("waste", 1)),
        ("", "5C", ("waste", 0)),
        ("", "", None),
    ],
)
def test_cp13_the_penalty_card_comes_from_the_middle_of_the_stock_or_else_the_waste(
    stock, waste, expected
):
    assert penalty_source(stock.split(), waste.split()) == expected


def test_cp13_a_wrong_knock_changes_nothing():
    s = knock_position()
    s.push("w0-f0")
    before = whole(s)
    call = s.call_stop()
    assert not call.right and "Wrong knock" in call.message
    assert whole(s) == before


def test_cp13_the_knock_must_come_before_the_next_action():
    s = knock_position()
    s.push("w0-w1", breach=True)
    s.push("w0-f0") if Move("waste0", "foundation0") in s.legal_moves() else s.push("s0-s0")
    assert s.breach is None and not s.call_stop().right


def test_cp13_a_stock_card_put_on_the_own_waste_can_be_knocked_before_the_next_player_moves():
    s = cp(KINGS | {"stock0": "3H", "tableau0": "KS 4C"}, **KNOCK)
    s.push("s0-s0")
    s.push("s0-w0", breach=True)
    assert s.current_player == 1 and s.breach.rule == "5"
    assert s.call_stop().right
    assert s.current_player == 1  # the turn had passed already: it stays with player 1


def test_cp13_a_stock_card_turned_as_a_breach_is_turned_down_again_by_the_knock():
    s = knock_position()
    s.push("s0-s0", breach=True)
    assert s.breach.rule == "1"
    top = s.pile["stock0"].top
    s.call_stop()
    assert s.pile["stock0"].top is top and not any(faces(s, "stock0"))


def test_cp13_popping_a_knock_returns_exactly_to_the_breach_open_again():
    s = knock_position(players=3)
    s.push("w0-w1", breach=True)
    after = whole(s)
    s.call_stop()
    knocked = whole(s)
    s.pop()
    assert whole(s) == after and s.breach is not None
    assert s.call_stop().right and whole(s) == knocked
    saved = json.loads(json.dumps(s.to_dict()))
    assert saved["moves"] == ["w0-w1!", "stop"] and whole(from_dict(saved)) == whole(s)
    s.pop()
    s.pop()
    assert whole(s) == whole(knock_position(players=3))


def test_cp13_a_giver_left_with_no_cards_goes_out():
    s = cp(
        KINGS | {"waste0": "9S 3H", "foundation0": "AH 2H", "waste1": "4C", "stock1": ""},
        rest=["stock0"],
        **KNOCK,
    )
    s.push("s0-s0", breach=True)  # the 3H had to go up first
    s.call_stop()
    assert s.result().winner == 1 and texts(s, "waste1") == ""
    assert s.pile["stock0"].cards[0] == Card.parse("4C")


def test_cp13_a_slip_with_the_last_card_is_knocked_too_and_the_offender_is_back_in():
    s = cp(
        KINGS | {"stock0": "", "waste0": "3H", "foundation0": "AH 2H", "waste1": "4H"},
        rest=["stock1"],
        **KNOCK,
    )
    s.push("w0-w1", breach=True)
    assert s.is_over() and s.breach is not None
    assert s.call_stop().right
    assert not s.is_over() and s.finished == () and s.scores == (0, 0)
    assert s.own_cards(0) == 1 and s.current_player == 1
    s.pop()
    assert s.is_over() and s.result().winner == 0  # taking the knock back: out again
    # (the table offers no knock once the game is over: game.session)


def test_cp13_standard_and_free_have_no_knocks():
    s = cp(KINGS | {"waste0": "3H", "foundation0": "AH 2H", "waste1": "4H"})
    s.push("w0-w1")
    assert s.breach is None and not s.call_stop().right
    assert not s.calls_allowed and knock_position().calls_allowed


# 14. every game ends -----------------------------------------------------------------------
BURIED = [f"tableau{i}" for i in range(4)]  # the other cards lie under the kings, out of play


def test_cp14_no_new_low_for_2max_plus_2_rounds_is_a_stalemate():
    s = cp(KINGS | {"stock0": "9C", "waste0": "", "stock1": "9D 9H", "waste1": ""}, rest=BURIED)
    # cards only go round: each turns a card onto the waste and later turns the waste over
    for _ in range(200):
        if s.is_over():
            break
        p = s.current_player
        s.push(f"s{p}-s{p}")
        s.push(f"s{p}-w{p}")
    r = s.result()
    assert r.status == "stalemate" and r.winner == 0 and r.points == 1
    assert "rounds" in r.reason or "came back" in r.reason


def test_cp14_the_limit_counts_rounds_of_every_player_still_in():
    s = cp(KINGS | {"stock0": "9C", "stock1": "9D", "stock2": "9H 9S"}, players=3, rest=BURIED)
    s.boundaries = ()
    for turns in range(1, 100):  # noqa: B007  (the turn it ended in, asserted below)
        p = s.current_player
        s.push(f"s{p}-s{p}")
        s.push(f"s{p}-w{p}")
        s.boundaries = ()  # (positions repeat here; this test is about the count)
        if s.is_over():
            break
    assert turns == (2 * 2 + 2) * 3
    r = s.result()
    assert r.winner is None and r.points == 0 and r.scores == (0, 0, 0)  # 1 = 1: no winner


def test_cp13_a_knock_on_a_stock_card_turned_from_the_turned_over_waste_leaves_it_face_down():
    """Found by the property tests (issue 24): player 1's stock was empty, turning a card
    turned the waste over as the new stock (rule 10) with its top card face up, a breach of
    priority 1; the knock put the waste back as the stock but left it unturned (5 cards, 2 of
    them face up once the penalty cards lay under it), which no saved position can hold."""
    s = cp(
        KINGS
        | {
            "foundation0": "AS 2S 3S 4S",
            "tableau3": "5S",
            "waste1": "9S TS",
            "stock0": "9C 8C",
            "stock2": "9H 8H",
            "stock3": "9D 8D",
        },
        players=4,
        player=1,
        rest=BURIED,
        priorities="knock",
    )
    assert not s.stocks[1].cards
    s.push("s1-s1", breach=True)  # the Five of spades should have gone home first
    assert s.breach is not None and len(s.stocks[1].cards) == 2 and s.stocks[1].down == 1
    call = s.call_stop()
    assert call.right
    stock = s.stocks[1]
    assert len(stock.cards) == 5 and stock.down == 5  # the two turned back and three penalties
    assert stock.check(stock.cards, stock.down) is None
    assert from_dict(s.copy(history=False).to_dict()) == s.copy(history=False)


def test_cp14_cards_played_without_a_new_low_never_bring_the_end_closer():
    """Player 1, loaded up to 5 cards, plays three of them home without a new low (their low
    is 2): the limit stays where it was, (2 x 5 + 2) x 2 = 24 rounds' turns, and is not cut to
    (2 x 2 + 2) x 2 = 12, which used to end the game at once after 16 idle turns."""
    s = cp(
        KINGS
        | {
            "foundation0": "AD",
            "stock0": "9C",
            "waste0": "8C",
            "stock1": "9H 9S",
            "waste1": "4D 3D 2D",
        },
        player=1,
        rest=BURIED,
        vars={"idle_turns": 15, "idle_limit": 24, "lows": [2, 2]},
    )
    for move in ("w1-f0", "w1-f0", "w1-f0", "s1-s1", "s1-w1"):
        s.push(move)
    assert s.own_cards(1) == 2 and s.lows == (2, 2)
    assert not s.is_over() and s.idle_turns == 16 and s.idle_limit == 24
    assert from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_cp14_a_new_low_takes_the_limit_afresh():
    s = cp(
        KINGS
        | {
            "foundation0": "AD",
            "stock0": "9C",
            "waste0": "8C",
            "stock1": "9H 9S",
            "waste1": "4D 3D 2D",
        },
        player=1,
        rest=BURIED,
        vars={"idle_turns": 15, "idle_limit": 24, "lows": [2, 5]},
    )
    for move in ("w1-f0", "w1-f0", "w1-f0", "s1-s1", "s1-w1"):
        s.push(move)
    assert s.lows == (2, 2) and s.idle_turns == 0
    assert s.idle_limit == (2 * 2 + 2) * 2


def test_cp14_a_position_repeated_at_a_turn_boundary_ends_the_game():
    s = cp(KINGS | {"stock0": "9C", "stock1": "9D"}, rest=BURIED)
    for _ in range(4):
        p = s.current_player
        s.push(f"s{p}-s{p}")
        s.push(f"s{p}-w{p}")
    assert s.is_over() and "came back" in s.result().reason


def test_cp14_the_stalemate_winner_scores_the_differences():
    s = cp(
        KINGS | {"stock0": "9C", "stock1": "9D 8D", "stock2": "9H 8H 7H"}, players=3, rest=BURIED
    )
    s._stalemate([], "test")
    assert s.result().scores == (3, 0, 0) and s.result().winner == 0


# the seed's worked example of play --------------------------------------------------------
def example():
    """The seed's "Example of play": A (player 0) to move. The columns 9C 8H / 8C 7H 6S 5D /
    7D / KS; foundations spades to the 5, hearts to the 6, the diamond Ace, clubs to the 3;
    A's waste ends 5C 6C 7C, B's 3D; A's stock will give 4D 7S 2D 10D 8D 10S."""
    stock = "TS 8D TD 2D 7S 4D"
    return cp(
        {
            "tableau0": "9C 8H",
            "tableau1": "8C 7H 6S 5D",
            "tableau2": "7D",
            "tableau3": "KS",
            "foundation0": "AS 2S 3S 4S 5S",
            "foundation1": "AH 2H 3H 4H 5H 6H",
            "foundation2": "AD",
            "foundation3": "AC 2C 3C",
            "waste0": "QC 5C 6C 7C",
            "waste1": "JD 3D",
            "stock0": stock,
        },
        rest=["stock1", "stock0"],
    )


def test_example_moving_part_of_a_column_to_free_the_7h_is_illegal():
    s = example()
    with pytest.raises(IllegalMove, match="Only a whole column"):
        s.push("t1-t2x2")  # 6S-5D onto the 7D


def test_example_played_move_by_move():
    s = example()
    s.push("w0-t0")  # the 7C from A's waste onto the 8H
    s.push("w0-t2")  # the 6C revealed onto the 7D
    assert texts(s, "waste0").endswith("5C")
    assert s.legal_moves() == [Move("stock0", "stock0")]  # nothing else: A turns a card
    s.push("s0-s0")
    assert str(s.pile["stock0"].top) == "4D"
    s.push("s0-w1")  # the 4D onto B's 3D
    s.push("t1-w1")  # and the 5D from the tableau
    s.push("t1-f0")  # the 6S, then the 7H to their foundations
    s.push("t1-f1")
    assert Move("tableau2", "tableau1", 2) in s.legal_moves()
    s.push("t2-t1x2")  # the third column (7D 6C) onto the 8C
    assert texts(s, "tableau2") == ""
    s.push("s0-s0")
    assert s.legal_moves() == [Move("stock0", "foundation0")]  # the 7S must go up
    s.push("s0-f0")
    s.push("s0-s0")
    s.push("s0-f2")  # the 2D
    s.push("s0-s0")
    s.push("s0-t2")  # the 10D into the empty column
    s.push("t0-t2x3")  # 9C 8H 7C onto it
    s.push("s0-s0")
    s.push("s0-t0")  # the 8D into the new space
    s.push("s0-s0")
    assert str(s.pile["stock0"].top) == "TS"
    assert set(s.legal_moves()) == {Move("stock0", "waste0")}  # the 10S has nowhere to go
    s.push("s0-w0")
    assert s.current_player == 1
    assert [texts(s, f"tableau{i}") for i in range(4)] == ["8D", "8C 7D 6C", "TD 9C 8H 7C", "KS"]
    assert texts(s, "waste1").endswith("3D 4D 5D")
    # B: the 5D may go onto the 6C; the 3D is buried, so the diamonds wait for it
    assert Move("waste1", "tableau1") in s.legal_moves()
    assert not any(m.target == "foundation2" for m in s.legal_moves())
    # (the seed's B then loads the 6C and 7C back onto A's waste: that needs A's 5C on top,
    # but the seed's own narrative put the 10S there, so here they don't fit)
    assert Move("tableau1", "waste0") not in s.legal_moves()
    assert every_card_once(s)


# the contract ------------------------------------------------------------------------------
def test_info_describes_the_game_for_settings_and_the_table():
    d = info(CP)
    assert d.title == "Chinese Patience" and d.table == "round" and d.players == (2, 3, 4)
    assert d.options == {
        "players": 2,
        "priorities": "standard",
        "equal_rank_loading": False,
        "play_for_places": False,
    }
    assert d.rules.startswith("# ")


@pytest.mark.parametrize(
    "bad",
    [
        lambda d: d["start"]["vars"].update(current_player=2),
        lambda d: d["start"]["vars"].update(finished=[0, 0]),
        lambda d: d["start"]["vars"].update(lows=[1]),
        lambda d: d["start"]["vars"].update(outcome=["won"]),
        lambda d: d["start"]["down"].update(stock1=0),
        lambda d: d["options"].update(players=5),
        lambda d: d["options"].update(dealer=1 - d["start"]["vars"]["dealer"]),
        lambda d: d["moves"].append("stop"),
        lambda d: d["moves"].append("s0-s0!"),
    ],
)
def test_malformed_saves_are_refused(bad):
    s = new_game(CP, seed=3)
    s.push(f"s{s.current_player}-s{s.current_player}")
    data = json.loads(json.dumps(s.to_dict()))
    bad(data)
    with pytest.raises(ValueError):
        from_dict(data)


def test_a_knock_and_a_pass_are_not_moves():
    s = new_game(CP, seed=2)
    for move in ("pass", "stop"):
        with pytest.raises(IllegalMove) as e:
            s.push(move)
        assert str(e.value)[0].isupper() and "pile called" not in str(e.value)


# properties (the common ones, for every game and option set: test_properties.py) -----------
@settings(max_examples=30, deadline=None)
@given(st.data())
def test_property_no_pile_holds_more_than_a_pack(data):
    state = data.draw(games(CP, data.draw(st.sampled_from(option_sets(CP))), max_moves=150))
    assert all(len(p.cards) <= 52 for p in state.pile_list)


@settings(max_examples=25, deadline=None)
@given(
    options=st.sampled_from(option_sets(CP)), seed=st.integers(0, 2**40), play=st.integers(0, 2**40)
)
def test_property_every_random_game_ends(options, seed, play):
    rng = random.Random(play)
    state = new_game(CP, seed=seed, **options)
    for _ in range(20000):
        if state.is_over():
            break
        breaches = state.breach_moves()
        if breaches and rng.random() < 0.1:
            state.push(rng.choice(breaches), breach=True)
            if state.breach is not None and rng.random() < 0.5:
                state.call_stop()
        else:
            state.push(rng.choice(state.legal_moves()))
    r = state.result()
    assert state.is_over() and r.status in ("won", "stalemate")
    assert len(r.scores) == len(r.places) == options["players"]
    assert r.points == (r.scores[r.winner] if r.winner is not None else 0)
