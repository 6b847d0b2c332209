"""Standard solitaire: a test per rule sentence and decision (docs/rules/standard-solitaire.md,
ST 1-6; shared/rules/DECISIONS.md, seed-004 common part and decision 1), on hand-built
positions; then the properties over random play, and the pinned first deal."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import GAMES, IllegalMove, Move, from_dict, info, new_game
from game.core.standard_solitaire import DEAL_ROW

from .positions import build, every_card_once, tops, whole

ST = "standard-solitaire"


def faces(state, pile):
    return [(str(c), up) for c, up in state.piles()[pile]]


def table(piles, under=(), **kw):
    """A position: the named cards as given, every other card face down under the piles named
    in ``under`` (shared out evenly; the stock when none are named)."""
    if not under:
        return build(ST, piles, **kw)
    named = sum(len(text.split()) for text in piles.values())
    left = 104 - named
    counts = {name: left // len(under) + (i < left % len(under)) for i, name in enumerate(under)}
    return build(ST, piles, rest=counts, down=counts | kw.pop("down", {}), **kw)


# ----------------------------------------------------------------- 1. the deal
def test_st1_two_packs_eight_piles_of_three_only_the_top_face_up():
    s = new_game(ST, seed=7)
    assert every_card_once(s) and len(s.CARDS) == 104
    for i in range(8):
        assert [up for _, up in s.piles()[f"tableau{i}"]] == [False, False, True]
    assert "tableau8" not in s.piles()


def test_st1_the_other_80_cards_are_the_stock_face_down():
    s = new_game(ST, seed=7)
    assert len(s.piles()["stock"]) == 80 and not any(up for _, up in s.piles()["stock"])


def test_st1_no_reserve_penalty_or_work_piles_and_eight_empty_foundations():
    s = new_game(ST, seed=7)
    names = set(s.piles())
    assert names == {"stock"} | {f"foundation{i}" for i in range(8)} | {
        f"tableau{i}" for i in range(8)}
    assert all(s.piles()[f"foundation{i}"] == [] for i in range(8))


def test_st1_the_first_deal_never_changes():
    s = new_game(ST, seed=1)
    assert {name: " ".join(c.code for c, _ in cards) for name, cards in s.piles().items()
            if name.startswith("tableau")} == {
        "tableau0": "KC0 8C1 AH0", "tableau1": "3C0 7S1 AH1", "tableau2": "KS1 4C0 2S0",
        "tableau3": "7S0 2S1 2C1", "tableau4": "JD0 9D1 QH0", "tableau5": "QC0 6D1 8C0",
        "tableau6": "AC0 QD1 5C0", "tableau7": "JD1 KH1 JH1"}
    assert [c.code for c, _ in s.piles()["stock"][-8:]] == [
        "KS0", "9C0", "JS1", "6H1", "6C0", "2C0", "AS1", "TH1"]


def test_st1_the_description():
    d = info(ST)
    assert ST in GAMES and d.title == "Standard" and d.players == (1,)
    assert d.options == {} and d.table == "solitaire" and d.rules.startswith("# Standard")


# ----------------------------------------------------------------- 2. building
def test_st2_piles_build_down_in_alternating_colours():
    s = build(ST, {"tableau0": "9S", "tableau1": "8H", "tableau2": "8D", "tableau3": "8C",
                   "tableau4": "7H", "tableau5": "8S"})
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0") in legal and Move("tableau2", "tableau0") in legal
    assert Move("tableau3", "tableau0") not in legal and Move("tableau5", "tableau0") not in legal
    assert Move("tableau4", "tableau0") not in legal
    with pytest.raises(IllegalMove, match="doesn't fit on the 9S: piles build down in "
                                          "alternating colours"):
        s.push("t3-t0")
    s.push("t1-t0")
    assert faces(s, "tableau0") == [("9S", True), ("8H", True)]


def test_st2_an_alternating_run_moves_as_one():
    s = build(ST, {"tableau0": "TH", "tableau1": "QD 9C 8D 7S", "tableau2": "9S"},
              down={"tableau1": 1})
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0", 3) in legal  # 9C 8D 7S onto the TH
    assert Move("tableau1", "tableau2", 2) in legal  # 8D 7S onto the 9S
    s.push(Move("tableau1", "tableau0", 3))
    assert faces(s, "tableau0") == [("TH", True), ("9C", True), ("8D", True), ("7S", True)]
    assert faces(s, "tableau1") == [("QD", True)]


def test_st2_a_whole_pile_moves_as_one():
    s = build(ST, {"tableau0": "TH", "tableau1": "9C 8D 7S"})
    s.push(Move("tableau1", "tableau0", 3))
    assert s.piles()["tableau1"] == [] and len(s.piles()["tableau0"]) == 4


def test_st2_only_an_alternating_run_moves_together():
    s = build(ST, {"tableau0": "TH", "tableau1": "9C 8C 7H"})
    assert Move("tableau1", "tableau0", 3) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="not a run down in alternating colours"):
        s.push(Move("tableau1", "tableau0", 3))


def test_st2_face_down_cards_never_move():
    s = build(ST, {"tableau0": "TH", "tableau1": "9C 8D 7S", "tableau2": "QS"},
              down={"tableau1": 1})
    with pytest.raises(IllegalMove, match="not 3 face-up cards"):
        s.push(Move("tableau1", "tableau2", 3))


def test_st2_an_empty_pile_takes_any_card_or_run():
    s = build(ST, {"tableau0": "5D 4C 3H", "tableau1": "QS", "tableau2": "KH", "tableau3": "2C",
                   "tableau4": "9H", "tableau5": "JD", "tableau6": "3S"})
    legal = s.legal_moves()
    for n in (1, 2, 3):
        assert Move("tableau0", "tableau7", n) in legal
    for i in range(1, 7):
        assert Move(f"tableau{i}", "tableau7") in legal


def test_st2_runs_go_only_onto_piles():
    s = build(ST, {"foundation0": "AH", "tableau0": "3S 2H"})
    with pytest.raises(IllegalMove, match="one at a time"):
        s.push(Move("tableau0", "foundation0", 2))


# ----------------------------------------------------------------- 3. the stock
def test_st3_the_stock_deals_one_card_face_up_onto_every_pile_left_to_right():
    row = "9C 8C 7C 6C 5C 4C 3C 2C".split()
    kings = "KH KD KS KC KH KD KS KC".split()
    s = build(ST, {f"tableau{i}": k for i, k in enumerate(kings)}
              | {"stock": " ".join(reversed(row))})
    s.push(DEAL_ROW)
    for i, code in enumerate(row):
        assert faces(s, f"tableau{i}") == [(kings[i], True), (code, True)]
    assert len(s.piles()["stock"]) == 104 - 16


def test_st3_a_row_goes_onto_empty_piles_too():
    s = build(ST, {"tableau3": "KH", "stock": "2D 3D 4D 5D 6D 7D 8D 9D"}, rest="stock")
    s.push("s-t0")
    assert all(len(s.piles()[f"tableau{i}"]) == (2 if i == 3 else 1) for i in range(8))


def test_st3_fewer_cards_at_the_end_go_left_to_right():
    kings = "KH KD KS KC KH KD KS KC".split()
    s = table({f"tableau{i}": k for i, k in enumerate(kings)} | {"stock": "4D 3D 2D"},
              under=[f"tableau{i}" for i in range(8)])
    s.push("s-t0")
    assert [tops(s)[f"tableau{i}"] for i in range(8)] == ["2D", "3D", "4D", *kings[3:]]
    assert s.piles()["stock"] == []


def test_st3_dealing_a_row_is_clicking_the_stock_written_s_t0():
    s = new_game(ST, seed=4)
    assert s.turn_move("stock") == DEAL_ROW == Move.parse("s-t0")
    assert DEAL_ROW in s.legal_moves() and str(DEAL_ROW) == "s-t0"
    assert [m for m in s.legal_moves() if m.source == "stock"] == [DEAL_ROW]
    for other in ("s-t3", "s-f0", "s-t0x8"):
        with pytest.raises(IllegalMove, match="deals a row"):
            s.push(other)


def test_st3_no_redeal():
    s = table({"tableau0": "KH"}, under=["tableau0"])
    assert s.piles()["stock"] == [] and DEAL_ROW not in s.legal_moves()
    with pytest.raises(IllegalMove, match="no redeal"):
        s.push(DEAL_ROW)


# ----------------------------------------------------------------- 4. foundations
def test_st4_any_ace_starts_any_empty_foundation():
    s = build(ST, {"tableau0": "AH", "foundation0": "AS"})
    targets = {m.target for m in s.legal_moves() if m.source == "tableau0"}
    assert {f"foundation{i}" for i in range(1, 8)} <= targets
    assert "foundation0" not in targets


def test_st4_eight_foundations_build_up_in_suit_to_the_king():
    ranks = "A 2 3 4 5 6 7 8 9 T J Q".split()
    s = build(ST, {"foundation5": " ".join(r + "D" for r in ranks), "tableau0": "KD",
                   "foundation6": "AC 2C", "tableau1": "3S", "tableau2": "4C"})
    assert Move("tableau0", "foundation5") in s.legal_moves()
    with pytest.raises(IllegalMove, match="doesn't fit on the 2C"):
        s.push("t1-f6")
    with pytest.raises(IllegalMove, match="Only an Ace"):
        s.push("t2-f0")
    s.push("t0-f5")
    assert len(s.piles()["foundation5"]) == 13


def test_st4_cards_on_the_foundations_stay_there():
    s = build(ST, {"foundation0": "AH 2H", "tableau0": "3S"})
    assert not any(m.source.startswith("foundation") for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="stay there"):
        s.push("f0-t0")


# ----------------------------------------------------------------- 5. face-down cards
def test_st5_a_face_down_card_left_on_top_turns_face_up_by_itself():
    s = build(ST, {"tableau0": "5C 4D 7H", "tableau1": "8S"}, down={"tableau0": 2})
    before = whole(s)
    s.push("t0-t1")
    assert faces(s, "tableau0") == [("5C", False), ("4D", True)]
    s.pop()
    assert whole(s) == before and faces(s, "tableau0")[1] == ("4D", False)


def test_st5_a_run_leaving_turns_the_card_under_it_up():
    s = build(ST, {"tableau0": "5C 9S 8H", "tableau1": "TD"}, down={"tableau0": 1})
    s.push(Move("tableau0", "tableau1", 2))
    assert faces(s, "tableau0") == [("5C", True)]


# ----------------------------------------------------------------- 6. the end
def test_st6_won_when_all_104_cards_are_on_the_foundations():
    ranks = "A23456789TJQK"
    piles = {f"foundation{i}": " ".join(r + "SHDC"[i % 4] for r in ranks) for i in range(8)}
    piles["foundation7"] = " ".join(r + "C" for r in ranks[:-1])
    s = build(ST, piles | {"tableau4": "KC"}, rest={})
    assert not s.is_over()
    s.push("t4-f7")
    assert s.is_over() and s.result().status == "won" and s.legal_moves() == []


def test_st6_no_legal_move_left_is_stuck():
    s = table({f"tableau{i}": "2S 2H 2D 2C 2S 2H 2D 2C".split()[i] for i in range(8)},
              under=[f"tableau{i}" for i in range(8)])
    assert s.legal_moves() == []
    assert s.is_over() and s.result().status == "stuck"
    assert s.result().reason == "No more moves."


SHUTTLE = {"tableau0": "9H", "tableau1": "9D", "tableau2": "KS 8S 7H", "tableau3": "2S",
           "tableau4": "2C", "tableau5": "2S", "tableau6": "2C", "tableau7": "2H"}


def test_st6_only_moving_runs_to_and_fro_is_stuck():
    # the 8S 7H may go onto either red Nine and back, and nothing else can ever happen
    s = table(SHUTTLE, under=[f"tableau{i}" for i in range(8)])
    assert Move("tableau2", "tableau0", 2) in s._rule_moves()
    assert s.legal_moves() == [] and s.is_over()
    assert s.result().status == "stuck" and "stock is empty" in s.result().reason
    with pytest.raises(IllegalMove, match="stuck"):
        s.push(Move("tableau2", "tableau0", 2))


def test_st6_not_stuck_while_the_stock_has_cards():
    s = table(SHUTTLE | {"stock": "KD"}, under=[f"tableau{i}" for i in range(8)])
    assert not s.is_over() and DEAL_ROW in s.legal_moves()


def test_st6_not_stuck_when_moves_between_piles_lead_to_a_helpful_one():
    # nothing helps at once; but the 8C may go onto a red Nine, and the 2H under it goes home
    piles = dict(SHUTTLE, tableau0="2H 8C", tableau7="9H", foundation0="AH")
    s = table(piles, under=[f"tableau{i}" for i in range(7)])
    assert not any(s.helps(m) for m in s.legal_moves())  # nothing helps at once
    assert not s.is_over()
    s.push("t2-t0")  # the 7H onto the 8C
    s.push("t0-t1x2")  # the 8C 7H onto the 9D: the 2H shows
    assert Move("tableau0", "foundation0") in s.legal_moves()


def test_st6_a_saved_stuck_deal_is_still_stuck_when_loaded():
    s = table(SHUTTLE, under=[f"tableau{i}" for i in range(8)])
    assert from_dict(json.loads(json.dumps(s.to_dict()))).result().status == "stuck"


# ----------------------------------------------------------------- auto-moves
def test_st_auto_moves_send_home_only_what_nothing_can_need():
    s = build(ST, {"foundation0": "AH 2H 3H", "foundation1": "AH 2H 3H", "tableau0": "4H",
                   "foundation2": "AS 2S", "foundation3": "AC 2C 3C", "tableau1": "3S"})
    # the 4H: a black Three could still go on it (3C and 3S are not home in both copies); the
    # 3S: a red Two could (no 2D is home)
    assert s.safe_move() is None and Move("tableau0", "foundation0") in s.legal_moves()
    s2 = build(ST, {"foundation0": "AS 2S 3S", "foundation1": "AS 2S 3S",
                    "foundation2": "AC 2C 3C", "foundation3": "AC 2C 3C",
                    "foundation4": "AH 2H 3H", "tableau0": "4H"})
    assert s2.safe_move() == Move("tableau0", "foundation4")
    s3 = build(ST, {"tableau0": "AD", "tableau1": "QS"})
    assert s3.safe_move() is not None and s3.safe_move().source == "tableau0"


# ----------------------------------------------------------------- properties
@st.composite
def games(draw, max_moves=150):
    state = new_game(ST, seed=draw(st.integers(0, 2**40)))
    for _ in range(draw(st.integers(0, max_moves))):
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[draw(st.integers(0, len(moves) - 1))])
    return state


@given(games())
def test_every_card_is_present_exactly_once(state):
    assert every_card_once(state)
    for name, cards in state.piles().items():
        if name.startswith("tableau") and cards:
            assert cards[-1][1], "the top card of a pile is face up"


@settings(max_examples=30)
@given(st.data())
def test_pop_restores_everything_exactly(data):
    state = data.draw(games(max_moves=60))
    before = []
    for _ in range(20):
        moves = state.legal_moves()
        if not moves:
            break
        before.append(whole(state))
        state.push(data.draw(st.sampled_from(moves)))
    while before:
        state.pop()
        assert whole(state) == before.pop()


@given(games())
def test_saves_round_trip(state):
    loaded = from_dict(json.loads(json.dumps(state.to_dict())))
    assert whole(loaded) == whole(state)


@settings(max_examples=30)
@given(st.data())
def test_legal_moves_and_push_agree(data):
    state = data.draw(games())
    legal = set(state.legal_moves())
    before = whole(state)
    names = list(state.piles())
    for move in [Move(a, b, n) for a in names for b in names for n in (1, 2, 3)]:
        try:
            state.push(move)
        except IllegalMove as e:
            assert move not in legal, f"{move} refused: {e}"
            assert str(e)[0].isupper() and str(e).endswith(".") and "not allowed" not in str(e)
        else:
            assert move in legal, f"{move} accepted"
            state.pop()
        assert state._refusal(move) is None if move in legal else state._refusal(move)
    assert whole(state) == before


@settings(max_examples=20)
@given(st.integers(0, 2**40), st.integers(0, 2**40))
def test_every_random_game_ends(seed, play):
    choose = random.Random(play)
    state = new_game(ST, seed=seed)
    for _ in range(3000):
        if state.is_over():
            break
        state.push(choose.choice(state.legal_moves()))
    assert state.is_over() and state.legal_moves() == []
