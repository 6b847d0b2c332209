"""Russian Bank: one test per rule sentence / decision (docs/rules/decisions.md, Russian Bank
1-15)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import PASS, Card, IllegalMove, Match, Move, from_dict, new_game
from game.core.games.russian_bank.opening import first_player
from tests.support.positions import build, every_card_once, option_sets, tops, whole

RB = "russian-bank"
# houses with kings on top: they take only queens, which the tests keep out of play
TABLE = {f"house{i}": k for i, k in enumerate("KS KC KH KD KS KC KH KD".split())} | {
    "reserve1": "5S"
}


def rb(
    piles, player=0, mode="strict", rest=("reserve0", "reserve1"), vars=None, down=None, **options
):
    """A Russian Bank position; unnamed cards lie face down under the reserves."""
    return build(
        RB,
        TABLE | piles,
        rest=rest if isinstance(rest, dict) else list(rest),
        down=down,
        options={"mode": mode, **options},
        vars={"current_player": player} | (vars or {}),
    )


def cards(state, pile):
    return [(str(c), up) for c, up in state.piles()[pile]]


# 1. words and the deal --------------------------------------------------------------------
def test_rb1_deal_reserve_of_12_down_1_up_four_houses_each_hand_of_35():
    s = new_game(RB, seed=4)
    piles = s.piles()
    assert every_card_once(s)
    for p in (0, 1):
        assert [up for _, up in piles[f"reserve{p}"]] == [False] * 12 + [True]
        assert len(piles[f"hand{p}"]) == 35 and not any(up for _, up in piles[f"hand{p}"])
        assert piles[f"waste{p}"] == []
        own = (
            piles[f"reserve{p}"]
            + piles[f"hand{p}"]
            + [c for i in range(4 * p, 4 * p + 4) for c in piles[f"house{i}"]]
        )
        assert {c.deck for c, _ in own} == {p}  # each player deals from their own pack
    assert all(len(piles[f"house{i}"]) == 1 for i in range(8))
    assert all(piles[f"foundation{i}"] == [] for i in range(8))


def test_rb1_any_ace_starts_any_empty_foundation():
    s = rb({"reserve0": "AH"})
    assert {m.target for m in s.legal_moves()} == {f"foundation{i}" for i in range(8)}


def test_rb1_foundations_build_up_in_suit():
    s = rb({"reserve0": "3H", "foundation0": "AH 2H", "foundation1": "AS 2S"})
    assert s.legal_moves() == [Move("reserve0", "foundation0")]
    with pytest.raises(IllegalMove, match="doesn't fit on the Two of spades"):
        s.push("r0-f1")


# 2. who starts ----------------------------------------------------------------------------
def c(text):
    return Card.parse(text)


def test_rb2_the_lower_top_reserve_card_starts():
    houses = [[c("KS")] * 4, [c("KS")] * 4]
    assert first_player([c("5D"), c("9C")], houses) == 0
    assert first_player([c("KD"), c("AC")], houses) == 1  # King high, Ace low


def test_rb2_on_a_tie_the_houses_are_compared_from_the_reserve_outwards():
    houses = [[c("7S"), c("2C"), c("KS"), c("KS")], [c("7D"), c("9H"), c("AS"), c("AS")]]
    assert first_player([c("5D"), c("5C")], houses) == 0


def test_rb2_a_full_tie_lets_player_0_start():
    houses = [[c("7S")] * 4, [c("7D")] * 4]
    assert first_player([c("5D"), c("5C")], houses) == 0


def test_rb2_the_deal_applies_the_rule():
    starters = set()
    for seed in range(40):
        s = new_game(RB, seed=seed)
        piles = s.piles()
        rows = [[piles[f"house{i}"][-1][0] for i in range(4 * p, 4 * p + 4)] for p in (0, 1)]
        expected = first_player([piles["reserve0"][-1][0], piles["reserve1"][-1][0]], rows)
        assert s.current_player == expected
        starters.add(expected)
    assert starters == {0, 1}


# 3. priorities ----------------------------------------------------------------------------
def test_rb3a_a_reserve_card_that_fits_a_foundation_goes_there_before_any_other_move():
    s = rb({"reserve0": "2H", "foundation0": "AH", "house0": "AS", "hand0": "5C"})
    assert s.legal_moves() == [Move("reserve0", "foundation0")]
    with pytest.raises(
        IllegalMove, match="reserve card, the Two of hearts, must go to a foundation"
    ) as e:
        s.push("h0-f1")  # even another foundation move must wait
    assert e.value.priority == "a"


def test_rb3b_any_other_card_that_fits_a_foundation_goes_before_other_moves_or_turning():
    s = rb(
        {
            "reserve0": "9D",
            "house0": "AS",
            "house1": "AC",
            "house2": "9S",
            "house3": "8H",
            "hand0": "5C",
        }
    )
    legal = s.legal_moves()
    assert {m.source for m in legal} == {"house0", "house1"}
    assert all(m.target.startswith("foundation") for m in legal)  # the player chooses among them
    with pytest.raises(IllegalMove, match="the Ace of spades must go to a foundation") as e:
        s.push("d0-d0")
    assert e.value.priority == "b"
    with pytest.raises(IllegalMove, match="must go to a foundation") as e:
        s.push("h3-h2")  # obeys the building rule, but a foundation move comes first
    assert e.value.priority == "b"


def test_rb3c_empty_houses_are_filled_from_the_reserve_before_a_hand_card_is_turned():
    s = rb({"reserve0": "9D", "house3": "", "hand0": "5C"})
    assert Move("hand0", "hand0") not in s.legal_moves()
    assert Move("reserve0", "house3") in s.legal_moves()
    with pytest.raises(IllegalMove, match="fill the empty house") as e:
        s.push("d0-d0")
    assert e.value.priority == "c"
    s.push("r0-h3")
    assert Move("hand0", "hand0") in s.legal_moves()


# 4. modes: STRICT and STOP! ---------------------------------------------------------------
def test_rb4_stop_mode_is_the_default():
    assert new_game(RB, seed=1).options["mode"] == "stop"


def test_rb4_strict_mode_never_allows_a_priority_breaking_move():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="strict")
    assert s.breach_moves() == []
    with pytest.raises(IllegalMove, match="must go to a foundation"):
        s.push("d0-d0", breach=True)


def test_rb4_stop_mode_lets_a_priority_breaking_move_be_made_and_says_which():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    assert Move("hand0", "hand0") in s.breach_moves()
    assert Move("hand0", "hand0") not in s.legal_moves()
    with pytest.raises(IllegalMove):
        s.push("d0-d0")  # not without asking for it
    s.push("d0-d0", breach=True)
    assert s.breach.rule == "b" and s.breach.player == 0
    assert s.breach.compulsory == Move("house0", "foundation0")
    assert "the Ace of spades must go to a foundation" in s.breach.reason


def test_rb4_a_right_stop_call_takes_back_the_move_plays_the_compulsory_one_and_ends_the_turn():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    s.push("d0-d0", breach=True)
    call = s.call_stop()
    assert call.right and "Ace of spades" in call.message
    assert cards(s, "hand0")[-1] == ("5C", False)  # the hand card is face down again
    assert tops(s)["foundation0"] == "AS"
    assert s.current_player == 1


def test_rb4_a_wrong_stop_call_changes_nothing_and_is_reported():
    # with option wrong_call "free"; by default it costs a turn (below)
    s = rb({"reserve0": "9D", "hand0": "5C"}, mode="stop", wrong_call="free")
    s.push("d0-d0")
    before = s.to_dict()
    call = s.call_stop()
    assert not call.right and "Wrong call" in call.message
    assert s.to_dict() == before


def test_rb4_stop_must_come_before_the_offenders_next_action():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    s.push("d0-d0", breach=True)
    s.push("h0-f0")  # the offender moves on: the chance to call Stop! has passed
    assert s.breach is None and not s.call_stop().right


def test_rb4_a_foundation_card_put_on_the_waste_can_be_stopped_before_the_next_turn():
    s = rb({"reserve0": "9D", "foundation0": "AC", "hand0": "2C"}, mode="stop", down={"hand0": 0})
    s.push("d0-w0", breach=True)  # ends the turn although the 2C fits the foundation
    assert s.current_player == 1 and s.breach.rule == "b"
    assert s.call_stop().right
    assert tops(s)["foundation0"] == "2C" and s.current_player == 1


def test_rb4_a_building_rule_break_is_always_refused_with_its_reason():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    with pytest.raises(IllegalMove, match="doesn't fit on the King of hearts") as e:
        s.push("r0-h2", breach=True)
    assert e.value.priority is None


def test_rb4_moving_a_card_that_is_not_available_is_always_refused():
    s = rb({"reserve0": "9D", "reserve1": "8C", "hand0": "5C"}, mode="stop")
    with pytest.raises(IllegalMove, match="your opponent's reserve"):
        s.push("r1-h0", breach=True)
    with pytest.raises(IllegalMove, match="face down"):
        s.push("d0-h0", breach=True)
    with pytest.raises(IllegalMove, match="foundations stay"):
        s.push("f0-h0", breach=True)


def test_rb4_undo_of_a_stop_call_restores_the_breach_exactly_and_saves_replay_it():
    # Undoing a Stop! call returns to the position right after the breach, as if the call had
    # not been made: the breach is open to a call again; a second pop takes the breach back.
    # (This test once compared only saves, which list the moves, not the cards: it missed a pop
    # that left the hand card face down under a history saying it had been turned up.)
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    before_breach = whole(s)
    s.push("d0-d0", breach=True)
    after_breach = whole(s)
    s.call_stop()
    saved = json.loads(json.dumps(s.to_dict()))
    assert saved["moves"][-2:] == ["d0-d0!", "stop"]
    assert whole(from_dict(saved)) == whole(s)
    assert s.pop() == Move("stop", "stop", 0)
    assert whole(s) == after_breach
    assert cards(s, "hand0")[-1] == ("5C", True) and s.breach.move == Move("hand0", "hand0")
    assert whole(from_dict(s.to_dict())) == after_breach
    assert s.call_stop().right  # the breach is open to a call again, with the same effect
    assert whole(s)["piles"] == whole(from_dict(saved))["piles"]
    s.pop()
    assert s.pop() == Move("hand0", "hand0")
    assert whole(s) == before_breach


def test_rb4_after_an_undone_stop_call_the_game_goes_on_from_the_breach():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C 6C"}, mode="stop")
    s.push("d0-d0", breach=True)
    s.call_stop()
    s.pop()  # the call is taken back: the 6C lies face up on the hand
    s.push("h0-f0")  # the offender moves on
    s.push("d0-w0")
    assert cards(s, "waste0") == [("6C", True)]
    assert whole(from_dict(json.loads(json.dumps(s.to_dict())))) == whole(s)


# 4, option wrong_call: the price of a wrong call ------------------------------------------
def test_rb4_a_wrong_call_costs_a_turn_by_default_and_nothing_when_free():
    # issue 26 item 7: "turn" became the default (it was "free")
    assert new_game(RB, seed=1).options["wrong_call"] == "turn"
    assert new_game(RB, seed=1).call_price() == "a turn"
    assert new_game(RB, seed=1, wrong_call="free").call_price() == ""
    assert new_game(RB, seed=1, mode="strict").call_price() == ""
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop")
    s.push("d0-d0")
    assert s.call_stop().cost == "next turn" and s.lost_turns == (0, 1)
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="free")
    s.push("d0-d0")
    call = s.call_stop()
    assert not call.right and call.cost == "" and s.peek() == Move("hand0", "hand0")


def test_rb4_a_save_made_when_wrong_calls_were_free_by_default_keeps_them_free():
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="free")
    s.push("d0-d0")
    saved = json.loads(json.dumps(s.to_dict()))
    assert saved["options"]["wrong_call"] == "free"  # a save names every option
    again = from_dict(saved)
    assert again == s and again.options["wrong_call"] == "free" and again.call_price() == ""
    older = dict(
        saved, options={k: v for k, v in saved["options"].items() if k != "wrong_call"}
    )  # made before the option existed
    assert from_dict(older).call_price() == "a turn"  # it loads, under today's default


def test_rb4_with_a_price_a_wrong_call_in_the_other_players_turn_costs_the_callers_next_turn():
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="turn")
    s.push("d0-d0")
    before = s.piles()
    call = s.call_stop()  # player 2 calls on player 1's good move
    assert not call.right and call.cost == "next turn"
    assert "Player 2 misses their next turn" in call.message
    assert s.piles() == before and s.current_player == 0  # player 1 plays on
    s.push("d0-w0")  # player 1's turn ends; player 2's is missed: player 1 plays again
    assert s.current_player == 0 and s.turn == 2 and s.lost_turns == (0, 0)
    assert Move("hand0", "hand0") in s.legal_moves()


def test_rb4_with_a_price_each_wrong_call_costs_a_turn_and_the_other_plays_between():
    s = rb(
        {"reserve0": "9D", "house1": "9H", "hand0": "5C 6C 7C 8C"}, mode="stop", wrong_call="turn"
    )
    s.push("d0-d0")
    s.call_stop()
    s.push("d0-h1")  # player 1 plays on (the 8C onto the 9H); another wrong call
    assert s.call_stop().cost == "next turn" and s.lost_turns == (0, 2)
    s.push("d0-d0")
    s.push("d0-w0")  # player 2 misses one turn; player 1 plays a whole turn in between
    assert s.current_player == 0 and s.lost_turns == (0, 1) and not s.is_over()
    s.push("d0-d0")
    s.push("d0-w0")  # and then player 2 misses the other
    assert s.current_player == 0 and s.lost_turns == (0, 0) and s.turn == 4
    assert not s.is_over()


def test_rb4_with_a_price_a_wrong_call_at_the_start_of_the_callers_turn_ends_that_turn():
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="turn")
    s.push("d0-d0")
    s.push("d0-w0")  # player 2's turn begins; they call on player 1's last move
    assert s.current_player == 1
    call = s.call_stop()
    assert not call.right and call.cost == "turn" and "Player 2's turn ends" in call.message
    assert s.current_player == 0 and s.turn == 2


def test_rb4_with_a_price_a_right_call_costs_the_caller_nothing():
    s = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop", wrong_call="turn")
    s.push("d0-d0", breach=True)
    call = s.call_stop()
    assert call.right and call.cost == "" and s.lost_turns == (0, 0)
    assert s.current_player == 1  # the offender's turn ended; the caller plays


def test_rb4_a_wrong_calls_price_is_a_move_saves_replay_and_undo_takes_back():
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="turn")
    s.push("d0-d0")
    after_move = whole(s)
    s.call_stop()
    saved = json.loads(json.dumps(s.to_dict()))
    assert saved["moves"] == ["d0-d0", "stop"]
    assert whole(from_dict(saved)) == whole(s) and from_dict(saved).lost_turns == (0, 1)
    assert s.pop() == Move("stop", "stop", 0)
    assert whole(s) == after_move and s.lost_turns == (0, 0)
    free = dict(saved, options=dict(saved["options"], wrong_call="free"))
    with pytest.raises(ValueError, match="no priority rule was broken"):
        from_dict(free)  # a free wrong call is never recorded


def test_rb4_there_is_no_price_without_a_move_to_call_on():
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="turn")
    assert s.call_stop().cost == "" and s.history == []  # before the first move
    s.push("d0-d0")
    s.call_stop()
    assert s.call_stop().cost == "" and s.lost_turns == (0, 1)  # a call is no move to call on


@pytest.mark.parametrize("bad", [1, [0], [0, -1], [0, 1.0], None])
def test_rb4_a_save_with_impossible_missed_turns_is_refused(bad):
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="turn")
    data = json.loads(json.dumps(s.to_dict()))
    data["start"]["vars"]["lost_turns"] = bad
    with pytest.raises(ValueError, match="lost_turns"):
        from_dict(data)
    data["start"]["vars"]["lost_turns"] = [0, 2]
    assert from_dict(data).lost_turns == (0, 2)


def test_rb4_a_missed_turn_is_a_turn_without_progress_for_the_stalemate_rule():
    s = rb({"reserve0": "9D", "hand0": "5C 6C"}, mode="stop", wrong_call="turn")
    s.push("d0-d0")
    s.call_stop()
    s.push("d0-w0")  # player 1 got rid of nothing for good; player 2 missed a turn
    assert s.idle_turns == 2


# 5. one card at a time ----------------------------------------------------------------------
def test_rb5_cards_move_one_at_a_time_a_run_only_as_single_moves():
    s = rb({"reserve0": "9D", "house0": "9S 8H 7C", "house1": "TD", "hand0": "5C"})
    with pytest.raises(IllegalMove, match="one at a time"):
        s.push(Move("house0", "house1", 3))
    assert all(m.count == 1 for m in s.legal_moves())


@pytest.mark.parametrize("move", ["d0-d0x5", "d0-d0x2", "d0-w0x2", "d0-h1x2", "r0-h3x2"])
def test_rb5_a_hand_or_reserve_move_with_a_card_count_is_refused_and_changes_nothing(move):
    s = rb(
        {"reserve0": "9D", "house0": "9S", "house3": "", "hand0": "QD 8H"},
        mode="stop",
        down={"hand0": 1} if move[3] != "d" else None,
    )
    before = whole(s)
    for breach in (False, True):
        with pytest.raises(IllegalMove, match="one at a time"):
            s.push(move, breach=breach)
        assert whole(s) == before
    assert not s.is_legal(move) and "one at a time" in s.why_illegal(move)


# 6. house to house, and the repetition rule -------------------------------------------------
def test_rb6_moving_cards_between_houses_is_free_by_the_building_rule():
    s = rb({"reserve0": "9D", "house0": "9S", "house1": "8H", "house2": "8C", "hand0": "5C"})
    assert Move("house1", "house0") in s.legal_moves()
    assert Move("house2", "house0") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="alternating colours"):
        s.push("h2-h0")


def test_rb6_a_move_back_to_a_position_seen_this_turn_is_refused():
    s = rb({"reserve0": "", "house0": "9S 8H", "house3": "", "hand0": "5C"}, rest=["reserve1"])
    s.push("h0-h3")  # 8H into the empty house
    assert Move("house3", "house0") not in s.legal_moves()  # straight back: the same table
    with pytest.raises(IllegalMove, match="already seen this turn"):
        s.push("h3-h0")
    s.push("d0-d0")  # something else changes the table ...
    assert Move("house3", "house0") in s.legal_moves()  # ... so moving back is a new position


# 7. empty houses ------------------------------------------------------------------------------
def test_rb7_an_empty_house_takes_any_available_card():
    s = rb({"reserve0": "9D", "house3": "", "hand0": "5C"}, down={"hand0": 0})
    for source in ("reserve0", "hand0", "house0"):
        assert Move(source, "house3") in s.legal_moves()


def test_rb7_filling_an_empty_house_is_not_compulsory_without_a_reserve():
    s = rb({"reserve0": "", "house3": "", "hand0": "5C"}, rest=["reserve1"])
    assert Move("hand0", "hand0") in s.legal_moves()


# 8. the turn --------------------------------------------------------------------------------
def test_rb8_a_turn_ends_only_when_the_hand_card_goes_on_the_waste():
    s = rb({"reserve0": "9D", "house0": "9S", "house1": "8H", "hand0": "QD 4C"})
    s.push("d0-d0")
    assert cards(s, "hand0") == [("QD", False), ("4C", True)] and s.current_player == 0
    s.push("h1-h0")  # other moves first; the hand card stays available
    assert Move("hand0", "waste0") in s.legal_moves() and s.current_player == 0
    s.push("d0-w0")
    assert s.current_player == 1 and cards(s, "waste0") == [("4C", True)]


def test_rb8_after_playing_the_hand_card_the_next_one_may_be_turned():
    s = rb({"reserve0": "9D", "house0": "9S", "hand0": "QD 8H"})
    s.push("d0-d0")
    s.push("d0-h0")
    assert Move("hand0", "hand0") in s.legal_moves() and s.current_player == 0


def test_rb8_a_player_with_no_hand_no_waste_and_no_move_passes():
    s = rb({"reserve0": "9D"})
    assert s.legal_moves() == [PASS]
    s.push(PASS)
    assert s.current_player == 1
    s2 = rb({"reserve0": "9D", "hand0": "5C"})
    with pytest.raises(IllegalMove, match="hand card goes on your waste"):
        s2.push("pass")


def test_rb8_with_no_hand_and_no_waste_the_player_may_end_the_turn_at_will():
    # "you may make as many moves as you can and wish to": house moves are left, yet a pass is
    # allowed, so a turn is never dragged out by shuffling houses
    s = rb({"reserve0": "9D", "house0": "9S", "house1": "8H", "house3": ""})
    assert Move("house1", "house0") in s.legal_moves() and PASS in s.legal_moves()
    s.push(PASS)
    assert s.current_player == 1


def test_rb8_but_not_before_the_compulsory_foundation_moves():
    s = rb({"reserve0": "9D", "house0": "AS"}, mode="stop")
    assert PASS not in s.legal_moves() and PASS in s.breach_moves()
    with pytest.raises(IllegalMove, match="Ace of spades must go to a foundation") as e:
        s.push(PASS)
    assert e.value.priority == "b"
    s.push(PASS, breach=True)
    assert s.call_stop().right and s.pile["foundation0"].cards


# 9. the waste becomes the new hand ----------------------------------------------------------
def test_rb9_an_empty_hand_is_refilled_by_turning_the_waste_over_order_kept():
    s = rb({"reserve0": "9D", "waste0": "2C 3D 4S"})
    s.push("d0-d0")
    assert cards(s, "hand0") == [("4S", False), ("3D", False), ("2C", True)]
    assert cards(s, "waste0") == []


def test_rb9_the_waste_is_not_turned_over_at_the_end_of_the_previous_turn():
    s = rb({"reserve0": "9D", "hand0": "5C", "waste0": "2D"})
    s.push("d0-d0")
    s.push("d0-w0")
    assert cards(s, "hand0") == [] and cards(s, "waste0") == [("2D", True), ("5C", True)]


# 10. the reserve turns up by itself ---------------------------------------------------------
def test_rb10_the_next_reserve_card_turns_face_up_when_the_top_one_leaves():
    s = rb({"reserve0": "9C 5D", "house0": "6S", "hand0": "4C"})
    s.push("r0-h0")
    assert cards(s, "reserve0")[-1] == ("9C", True)
    assert cards(s, "reserve0")[-2][1] is False


# 11. loading --------------------------------------------------------------------------------
def test_rb11_loading_same_suit_one_higher_or_lower_on_the_opponents_reserve_or_waste():
    s = rb(
        {
            "reserve0": "9C",
            "house0": "6D",
            "house1": "8D",
            "house2": "8H",
            "house3": "KS JS",
            "reserve1": "7D",
            "waste1": "QS",
            "hand0": "4C",
        }
    )
    legal = s.legal_moves()
    assert Move("house0", "reserve1") in legal and Move("house1", "reserve1") in legal
    assert Move("house2", "reserve1") not in legal
    assert Move("house3", "waste1") in legal
    with pytest.raises(IllegalMove, match="same suit, one rank higher or lower"):
        s.push("h2-r1")


def test_rb11_never_on_an_empty_pile():
    s = rb({"reserve0": "9C", "house0": "6D", "hand0": "4C"})
    with pytest.raises(IllegalMove, match="can't load an empty waste"):
        s.push("h0-w1")


def test_rb11_never_on_your_own_piles_or_a_hand():
    s = rb({"reserve0": "7D", "house0": "6D", "hand0": "4C", "waste0": "5D"})
    with pytest.raises(IllegalMove, match="your own reserve"):
        s.push("h0-r0")
    with pytest.raises(IllegalMove, match="Only your turned-up hand card"):
        s.push("h0-w0")
    with pytest.raises(IllegalMove, match="onto a hand"):
        s.push("h0-d1")


def test_rb11_loading_is_never_compulsory():
    s = rb({"reserve0": "9C", "house0": "6D", "reserve1": "7D", "hand0": "4C"})
    assert Move("hand0", "hand0") in s.legal_moves()


# 12. variant: own waste playable ------------------------------------------------------------
def test_rb12_own_waste_top_is_available_only_in_the_variant():
    piles = {"reserve0": "9C", "waste0": "QH", "hand0": "4C"}
    assert Move("waste0", "house0") not in rb(piles).legal_moves()
    with pytest.raises(IllegalMove, match="waste can't be played"):
        rb(piles).push("w0-h0")
    assert Move("waste0", "house0") in rb(piles, own_waste_playable=True).legal_moves()


def test_rb12_own_waste_top_then_falls_under_priority_b():
    s = rb({"reserve0": "9C", "waste0": "AH", "hand0": "4C"}, own_waste_playable=True)
    assert all(m.source == "waste0" and m.target.startswith("foundation") for m in s.legal_moves())


# 13. variant: reserve size ------------------------------------------------------------------
@pytest.mark.parametrize("size", [11, 12, 13])
def test_rb13_reserve_size_11_12_or_13_and_the_hand_grows_to_match(size):
    piles = new_game(RB, seed=3, reserve_size=size).piles()
    assert len(piles["reserve0"]) == size and len(piles["hand0"]) == 48 - size


def test_rb13_other_reserve_sizes_are_refused():
    with pytest.raises(ValueError, match="reserve_size"):
        new_game(RB, seed=3, reserve_size=10)


# 14. winning, scoring, the match ------------------------------------------------------------
def test_rb14_a_player_with_reserve_hand_and_waste_empty_wins_and_scores():
    s = rb(
        {"reserve0": "5H", "foundation0": "AH 2H 3H 4H", "hand1": "2C 3C", "waste1": "9D"},
        rest=["reserve1"],
    )
    loser_reserve = len(s.piles()["reserve1"])
    s.push("r0-f0")
    result = s.result()
    assert s.is_over() and result.status == "won" and result.winner == 0
    assert result.points == 30 + 3 + 2 * loser_reserve
    assert s.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        s.push("d1-d1")


def test_rb14_houses_do_not_count_for_winning():
    s = rb(
        {"reserve0": "5H", "house0": "KS QH JS", "foundation0": "AH 2H 3H 4H"}, rest=["reserve1"]
    )
    s.push("r0-f0")
    assert s.result().winner == 0


def test_rb14_a_match_is_won_by_the_first_to_the_target_score():
    from game.core import Result

    match = Match(target=100)
    match.record(Result("won", 0, 60))
    match.record(Result("won", 1, 45))
    assert match.winner is None and not match.is_over()
    match.record(Result("stalemate", 0, 40))
    assert match.scores == [100, 45] and match.winner == 0 and match.games == 3
    assert Match.from_dict(json.loads(json.dumps(match.to_dict()))).scores == [100, 45]
    assert Match().target == 300


# 15. stalemate ------------------------------------------------------------------------------
def test_rb15_no_card_out_of_reserve_hand_or_waste_for_2max_plus_2_turns_is_a_stalemate():
    limit = 2 * 3 + 2  # the larger hand + waste is player 1's three cards
    s = rb(
        {"reserve0": "9D", "reserve1": "9H", "hand0": "5C", "hand1": "2S 3S 4S"},
        down={"hand0": 0},
        vars={"idle_turns": limit - 1},
    )
    s.push("d0-w0")
    result = s.result()
    assert result.status == "stalemate" and "for 8 turns" in result.reason
    c0 = 1 + 2 * len(s.piles()["reserve0"])
    c1 = 3 + 2 * len(s.piles()["reserve1"])
    assert c0 != c1 and result.winner == (0 if c0 < c1 else 1)
    assert result.points == abs(c0 - c1)  # the difference, no 30 bonus


def test_rb15_a_card_moved_out_for_good_resets_the_idle_count():
    s = rb({"reserve0": "9D", "house0": "9S", "hand0": "QD 8H"}, vars={"idle_turns": 5})
    s.push("d0-d0")
    s.push("d0-h0")
    assert s.progress
    s.push("d0-d0")
    s.push("d0-w0")
    assert s.idle_turns == 0
    s2 = rb({"reserve0": "9D", "hand0": "5C"}, vars={"idle_turns": 3})
    s2.push("d0-d0")
    s2.push("d0-w0")
    assert s2.idle_turns == 4


def test_rb15_a_card_that_comes_straight_back_is_not_progress():
    # player 0 moves a loaded card from the reserve to a house; player 1 loads it straight back
    s = rb(
        {
            "reserve0": "2S 9D 8D",
            "house0": "9S",
            "reserve1": "2H",
            "hand0": "QD 5C",
            "hand1": "QH 6C",
        },
        vars={"idle_turns": 0},
    )
    low = s.own_cards(0)
    s.push("r0-h0")  # the 8D out of the reserve: a new low for player 0
    assert s.progress and s.lows[0] == low - 1
    s.push("d0-d0")
    s.push("d0-w0")
    assert s.idle_turns == 0
    s.push("h0-r0")  # player 1 loads the 8D back onto the 9D
    s.push("d1-d1")
    s.push("d1-w1")
    assert s.idle_turns == 1  # loading is not a card out of player 1's own piles
    s.push("r0-h0")  # the same 8D out again: no new low, so no progress
    assert not s.progress


def loaded_player_plays_three_hand_cards(idle_turns=5):
    """Player 0, loaded earlier (four cards above their low), has five cards in hand + waste,
    the most of anyone: the limit is 2 x 5 + 2 = 12. Player 1 ends a turn (the 6th without a
    new low), then player 0 plays three hand cards to the houses (5 -> 2 cards, still no new
    low) and ends the turn."""
    s = rb(
        {"reserve0": "9D", "reserve1": "9H", "hand0": "5C 4C JS QD QH", "hand1": "7H"},
        player=1,
        vars={"idle_turns": idle_turns},
    )
    s.lows = (s.own_cards(0) - 4, s.own_cards(1))
    s.push("d1-d1")
    s.push("d1-w1")
    assert s.idle_turns == idle_turns + 1 and not s.is_over()
    for move in ("d0-d0", "d0-h0", "d0-d0", "d0-h1", "d0-d0", "d0-h0", "d0-d0", "d0-w0"):
        s.push(move)
    assert len(s.hands[0].cards) + len(s.wastes[0].cards) == 2 and not s.progress
    return s


def test_rb15_cards_played_without_a_new_low_never_bring_the_end_closer():
    """Issue 25 item 8: the limit stays at the largest 2 x max(hand + waste) + 2 since the last
    new low; playing cards out (5 -> 2 cards) no longer cuts it from 12 to 6 and ends the game
    at once."""
    s = loaded_player_plays_three_hand_cards()
    assert not s.is_over() and s.idle_turns == 7
    s2 = loaded_player_plays_three_hand_cards(idle_turns=10)  # the 12th idle turn: the end
    assert s2.result().status == "stalemate" and "for 12 turns" in s2.result().reason


def test_rb15_deal_594_a_players_best_turn_no_longer_ends_the_game():
    """Issue 25 item 8, the game that found it: player 1's turn takes hand + waste from 5 to 2
    cards without a new low; the limit used to fall from 12 to 6 and end the game there as a
    stalemate after 7 idle turns. The limit stays 12, and the game still ends."""
    from tests.support.rb_deal_594 import FATAL_TURN, MOVES, OPTIONS

    s = new_game(RB, seed=594, **OPTIONS)
    for text in MOVES:
        s.push(text)
    assert s.current_player == 1 and s.idle_turns == 6
    assert len(s.hands[1].cards) + len(s.wastes[1].cards) == 5  # the most: a limit of 12
    low = s.lows[1]
    for text in FATAL_TURN:
        s.push(text)
    assert len(s.hands[1].cards) + len(s.wastes[1].cards) == 2 and s.lows[1] == low
    assert not s.is_over() and s.idle_turns == 7 and s.idle_limit == 12
    assert from_dict(json.loads(json.dumps(s.to_dict()))) == s
    import random

    rng = random.Random(594)
    while not s.is_over():
        s.push(rng.choice(s.legal_moves()))
    assert s.result() is not None


def test_rb15_a_new_low_resets_the_count_and_the_limit():
    """After a turn with a new low the count starts again from 0 and the limit is taken afresh
    from the counts at that turn's end: here 2 x 5 + 2 = 12 (player 0's hand 4 + waste 1)."""
    s = rb(
        {
            "reserve0": "9D 8H",
            "reserve1": "9H",
            "house0": "9C",
            "hand0": "5C 4C JS QD QH",
            "hand1": "7H 6C 3S 2S",
        },
        vars={"idle_turns": 9},
    )
    s.push("r0-h0")  # the 8H out of the reserve for good: a new low
    s.push("d0-d0")
    s.push("d0-w0")
    assert s.idle_turns == 0 and not s.is_over()
    turns = 0
    while not s.is_over():
        p = s.current_player
        s.push(f"d{p}-d{p}")
        s.push(f"d{p}-w{p}")
        turns += 1
    assert turns == 12 and "for 12 turns" in s.result().reason


def test_rb15_a_position_repeating_at_a_turn_boundary_ends_the_game():
    piles = {"reserve0": "9D", "reserve1": "9H", "hand0": "5C 9C JD", "hand1": "7H"}
    first = rb(piles)
    first.push("d0-d0")
    first.push("d0-w0")
    assert not first.is_over()
    seen = list(first.boundaries)  # the position this turn ends in ...
    again = rb(piles, vars={"boundaries": seen})  # ... was already seen at a turn boundary
    again.push("d0-d0")
    again.push("d0-w0")
    assert again.idle_turns == 1
    assert again.result().status == "stalemate"
    assert "same position came back" in again.result().reason


def test_rb15_cycling_hands_end_in_a_stalemate():
    s = rb({"reserve0": "9D", "reserve1": "9H", "hand0": "5C 9C JD", "hand1": "7H"})
    while not s.is_over():
        s.push(f"d{s.current_player}-d{s.current_player}")
        s.push(f"d{s.current_player}-w{s.current_player}")
    assert s.result().status == "stalemate" and s.turn == 2 * 3 + 2


def test_rb15_an_even_stalemate_scores_nothing():
    s = rb(
        {"reserve0": "9D", "reserve1": "9H", "hand0": "5C"},
        vars={"idle_turns": 5},
        rest={"reserve0": 45, "reserve1": 45, "hand0": 1, "hand1": 2},
    )
    s.push("d0-d0")
    s.push("d0-w0")
    assert s.result().status == "stalemate"
    assert s.result().winner is None and s.result().points == 0


def test_rb_every_random_game_ends():
    import random

    rng = random.Random(5)
    for seed in range(12):
        s = new_game(
            RB,
            seed=seed,
            mode=rng.choice(["stop", "strict"]),
            own_waste_playable=rng.random() < 0.5,
            reserve_size=rng.choice([11, 12, 13]),
        )
        for _ in range(20000):
            if s.is_over():
                break
            s.push(rng.choice(s.legal_moves()))
        assert s.is_over()


def test_rb10_cards_loaded_on_a_reserve_stay_face_up_when_the_owner_plays_them():
    s = rb(
        {"reserve0": "9C", "house0": "JC 6D", "house1": "7S", "reserve1": "2S 7D", "hand0": "4C"},
        mode="strict",
    )
    s.push("h0-r1")  # load the 6D onto the opponent's 7D
    s = from_dict(s.to_dict())  # a reserve with two face-up cards saves and loads
    assert [up for _, up in s.piles()["reserve1"]][-3:] == [False, True, True]
    s.push("d0-d0")
    s.push("d0-w0")
    s.push("r1-h1")  # player 1 plays the loaded 6D onto a house
    assert [up for _, up in s.piles()["reserve1"]][-2:] == [False, True]  # the 7D stays up


# ------------------------------------------------------------------ undoing a Stop! call
@given(st.data())
def test_pop_after_any_push_breach_or_stop_call_restores_the_whole_state(data):
    """STOP! mode, random moves, breaches and calls (right and wrong): each pop returns exactly
    to the state before the last push, right call or wrong call with a price; popping a right
    call reopens its breach."""
    options = data.draw(st.sampled_from(option_sets(RB))) | {"mode": "stop"}
    state = new_game(RB, seed=data.draw(st.integers(0, 2**40)), **options)
    undo: list[dict] = []  # the whole state before each push or right call still in effect
    for _step in range(data.draw(st.integers(1, 80))):
        if state.is_over():
            break
        before = whole(state)
        breaches = state.breach_moves()
        if state.breach is not None and data.draw(st.booleans()):
            assert state.call_stop().right
        elif data.draw(st.integers(0, 9)) == 0:  # a wrong call: a free one changes nothing;
            if state.breach is not None:  # with a price (option wrong_call) it is a move
                continue
            call = state.call_stop()
            assert not call.right
            if not call.cost:
                assert whole(state) == before
                continue
        elif breaches and data.draw(st.integers(0, 3)) == 0:
            state.push(data.draw(st.sampled_from(breaches)), breach=True)
        else:
            state.push(data.draw(st.sampled_from(state.legal_moves())))
        after = whole(state)
        if data.draw(st.integers(0, 2)) == 0:  # take it back, check, and do it again
            state.pop()
            assert whole(state) == before
            assert whole(from_dict(state.to_dict())) == before
            if after["history"][-1][0] == "stop":  # a right call, or a wrong one's price
                again = state.call_stop()
                assert again.right or again.cost
            else:
                last = after["history"][-1]
                state.push(Move.parse(last[0]), breach=last[1] is not None)
            assert whole(state) == after
        undo.append(before)
    assert whole(from_dict(json.loads(json.dumps(state.to_dict())))) == whole(state)
    while undo:
        state.pop()
        assert whole(state) == undo.pop()
    assert not state.history
