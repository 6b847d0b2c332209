"""Standard solitaire: a test per rule sentence and decision (game/core/rules/standard-solitaire.md,
ST 1-7; docs/rules/decisions.md, the manual's games: common part and decision 1), on hand-built
positions; then the bound on a random game, and the pinned first deal (the common properties:
test_properties.py)."""

import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import GAMES, IllegalMove, Move, from_dict, info, new_game
from game.core.alternating import QUIET_LIMIT, SEARCH_LIMIT, hopeless, search
from game.core.games.standard_solitaire import DEAL_ROW
from game.core.piles import ACE_KEYS
from tests.support.positions import (
    assert_foundation_cards_stay,
    build,
    every_card_once,
    foundations_full_but_one,
    play_randomly,
    tops,
    whole,
)

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
        f"tableau{i}" for i in range(8)
    }
    assert all(s.piles()[f"foundation{i}"] == [] for i in range(8))


def test_st1_the_first_deal_never_changes():
    s = new_game(ST, seed=1)
    assert {
        name: " ".join(c.code for c, _ in cards)
        for name, cards in s.piles().items()
        if name.startswith("tableau")
    } == {
        "tableau0": "KC0 8C1 AH0",
        "tableau1": "3C0 7S1 AH1",
        "tableau2": "KS1 4C0 2S0",
        "tableau3": "7S0 2S1 2C1",
        "tableau4": "JD0 9D1 QH0",
        "tableau5": "QC0 6D1 8C0",
        "tableau6": "AC0 QD1 5C0",
        "tableau7": "JD1 KH1 JH1",
    }
    assert [c.code for c, _ in s.piles()["stock"][-8:]] == [
        "KS0",
        "9C0",
        "JS1",
        "6H1",
        "6C0",
        "2C0",
        "AS1",
        "TH1",
    ]


def test_st1_the_description():
    d = info(ST)
    assert ST in GAMES and d.title == "Standard" and d.players == (1,)
    assert d.options == {} and d.table == "solitaire" and d.rules.startswith("# Standard")


# ----------------------------------------------------------------- 2. building
def test_st2_piles_build_down_in_alternating_colours():
    s = build(
        ST,
        {
            "tableau0": "9S",
            "tableau1": "8H",
            "tableau2": "8D",
            "tableau3": "8C",
            "tableau4": "7H",
            "tableau5": "8S",
        },
    )
    legal = s.legal_moves()
    assert Move("tableau1", "tableau0") in legal and Move("tableau2", "tableau0") in legal
    assert Move("tableau3", "tableau0") not in legal and Move("tableau5", "tableau0") not in legal
    assert Move("tableau4", "tableau0") not in legal
    with pytest.raises(
        IllegalMove,
        match="doesn't fit on the Nine of spades: piles build down in alternating colours",
    ):
        s.push("t3-t0")
    s.push("t1-t0")
    assert faces(s, "tableau0") == [("9S", True), ("8H", True)]


def test_st2_an_alternating_run_moves_as_one():
    s = build(
        ST, {"tableau0": "TH", "tableau1": "QD 9C 8D 7S", "tableau2": "9S"}, down={"tableau1": 1}
    )
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
    s = build(
        ST, {"tableau0": "TH", "tableau1": "9C 8D 7S", "tableau2": "QS"}, down={"tableau1": 1}
    )
    with pytest.raises(IllegalMove, match="not 3 face-up cards"):
        s.push(Move("tableau1", "tableau2", 3))


def test_st2_an_empty_pile_takes_any_card_or_run():
    s = build(
        ST,
        {
            "tableau0": "5D 4C 3H",
            "tableau1": "QS",
            "tableau2": "KH",
            "tableau3": "2C",
            "tableau4": "9H",
            "tableau5": "JD",
            "tableau6": "3S",
        },
    )
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
    s = build(
        ST, {f"tableau{i}": k for i, k in enumerate(kings)} | {"stock": " ".join(reversed(row))}
    )
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
    s = table(
        {f"tableau{i}": k for i, k in enumerate(kings)} | {"stock": "4D 3D 2D"},
        under=[f"tableau{i}" for i in range(8)],
    )
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
    s = build(
        ST,
        {
            "foundation5": " ".join(r + "D" for r in ranks),
            "tableau0": "KD",
            "foundation6": "AC 2C",
            "tableau1": "3S",
            "tableau2": "4C",
        },
    )
    assert Move("tableau0", "foundation5") in s.legal_moves()
    with pytest.raises(IllegalMove, match="doesn't fit on the Two of clubs"):
        s.push("t1-f6")
    with pytest.raises(IllegalMove, match="Only an Ace"):
        s.push("t2-f0")
    s.push("t0-f5")
    assert len(s.piles()["foundation5"]) == 13


def test_st4_cards_on_the_foundations_stay_there():
    s = build(ST, {"foundation0": "AH 2H", "tableau0": "3S"})
    assert_foundation_cards_stay(s, "f0-t0")


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
    s = build(ST, foundations_full_but_one(packs=2) | {"tableau4": "KC"}, rest={})
    assert not s.is_over()
    s.push("t4-f7")
    assert s.is_over() and s.result().status == "won" and s.legal_moves() == []


def test_st6_no_legal_move_left_is_stuck():
    s = table(
        {f"tableau{i}": "2S 2H 2D 2C 2S 2H 2D 2C".split()[i] for i in range(8)},
        under=[f"tableau{i}" for i in range(8)],
    )
    assert s.legal_moves() == []
    assert s.is_over() and s.result().status == "stuck"
    assert s.result().reason == "No more moves."


SHUTTLE = {
    "tableau0": "9H",
    "tableau1": "9D",
    "tableau2": "KS 8S 7H",
    "tableau3": "2S",
    "tableau4": "2C",
    "tableau5": "2S",
    "tableau6": "2C",
    "tableau7": "2H",
}


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


def test_st7_every_deal_ends_after_300_moves_in_a_row_that_do_not_help():
    # the 8S 7H shuttles between the red Nines while the stock still has a row to deal
    s = table(
        SHUTTLE | {"stock": "KD"},
        under=[f"tableau{i}" for i in range(8)],
        vars={"quiet": QUIET_LIMIT - 2},
    )
    s.push("t2-t0x2")
    assert s.quiet == QUIET_LIMIT - 1 and not s.is_over()
    s.push("t0-t1x2")
    assert s.quiet == QUIET_LIMIT and s.is_over() and s.legal_moves() == []
    assert s.result().status == "stuck" and f"last {QUIET_LIMIT} moves" in s.result().reason
    with pytest.raises(IllegalMove, match="over"):
        s.push(DEAL_ROW)
    s.pop()
    assert not s.is_over() and s.quiet == QUIET_LIMIT - 1
    s.push(DEAL_ROW)  # a helpful move starts the count again
    assert s.quiet == 0
    saved = from_dict(json.loads(json.dumps(s.to_dict())))
    assert saved.quiet == 0 and whole(saved) == whole(s)
    with pytest.raises(ValueError, match="quiet"):
        table(SHUTTLE, under=["tableau0"], vars={"quiet": QUIET_LIMIT + 1})


# The end in the frame after a move: positions from play (the bench's random and greedy
# players) where the first version's search, 5,000 arrangements at most, took 0.16 to 0.4 s
# natively. Now a few ms: a relaxed game's proof, then the real moves, up to SEARCH_LIMIT.
GAVE_UP = {  # random deal 920 after 168 moves: 0.21 s, then "not stuck" (it gave up)
    "foundation0": "AD 2D",
    "foundation1": "AH",
    "foundation2": "AC 2C",
    "foundation3": "AS",
    "foundation4": "AS",
    "foundation5": "AC 2C 3C 4C 5C",
    "foundation6": "AH",
    "foundation7": "AD 2D 3D 4D 5D",
    "tableau0": "TH 9C 8D TC KH KS JH QD 4C KH QC JH TS 9D",
    "tableau1": "KC QH JS TD 9S 8D 7C 6H 5C",
    "tableau2": "8S JC 6C 4H 3C 7D QD QH JC",
    "tableau3": "6D 8H 7S 6D 5S 4D",
    "tableau4": "3S 9H 8C KD QS JD TS 9H 8C 7H 6C 5H 4S 3H",
    "tableau5": "3D 2S 6S JS 8H 7S 6H 5S 4H 3S",
    "tableau6": "2H KS QC QS JD TC 9D 8S 7D 6S 5D 4S 3H",
    "tableau7": "KD",
}
GAVE_UP_UNDER = ["tableau0", "tableau2", "tableau3", "tableau4", "tableau5", "tableau6"]
FAR = {  # random deal 1387 after 60 moves: 0.2 s, "not stuck" (a helpful move, far away)
    "foundation0": "AS",
    "foundation1": "AC 2C",
    "foundation2": "AC",
    "foundation3": "AH 2H",
    "foundation4": "AH",
    "foundation5": "AS",
    "foundation7": "AD 2D",
    "tableau0": "JD JH TD 9C KC QH JC 3D KD 4H TC 9D 8S",
    "tableau1": "6S TC 5C QH 4S KD QC 2H 3H 8H 7C",
    "tableau2": "9D JH TH 9S 8D 7S 6H",
    "tableau3": "9S TS QS 5S 6S 3S 7D JS TD",
    "tableau4": "KH 6C 5D 9C 8D 4H 4S 5H 4C",
    "tableau5": "QS AD 9H 4D 7S KC QD 8C JC 4D 6H 5S",
    "tableau6": "2C 3C 3D QC 6D 8C 7H KH 6D QD",
    "tableau7": "2S 5C 7D 2D JS JD TS 9H",
}
BEYOND = {  # greedy deal 753 after 34 moves: 0.16 s, "stuck" (all of its 4,000-odd arrangements)
    "foundation0": "AC 2C",
    "foundation1": "AH 2H",
    "foundation2": "AD 2D 3D",
    "foundation3": "AS 2S",
    "foundation5": "AH 2H",
    "foundation6": "AD 2D 3D 4D 5D",
    "foundation7": "AS 2S 3S",
    "tableau0": "QC 6S JD 9C JC JS JC",
    "tableau1": "TH 9S 7D 7C 9H 8S QC 8C 7H",
    "tableau2": "6C 6D 6H TS 7S 2C 5S KH 4H KD",
    "tableau3": "8S 8D KS 3H 7H TS 3C 9H",
    "tableau4": "4S 3H QS KC KC 5H 7C JS QD 8C",
    "tableau5": "TH 9C 8H QH 5H 8D 6H 4C 5D",
    "tableau6": "4D 3C QD 6D 4C KD 7D TD 7S 6S",
    "tableau7": "TD 4S 5S 6C KS 8H TC 9D JH",
}
BEYOND_UNDER = [f"tableau{i}" for i in (0, 1, 2, 4, 5, 6, 7)]
SLOW = {
    "gave up": (GAVE_UP, GAVE_UP_UNDER),
    "far": (FAR, [f"tableau{i}" for i in range(8)]),
    "beyond": (BEYOND, BEYOND_UNDER),
}


def search_input(s):
    """What the stuck search is asked: the piles, the faces the foundations take."""
    wants = set()
    for f in s.foundations:
        if not f.cards:
            wants.update(ACE_KEYS)
        elif f.cards[-1].rank < 13:
            wants.add(f.cards[-1].key + 1)
    return tuple((p.down > 0, tuple(c.key for c in p.cards[p.down :])) for p in s.tableau), wants


def full_search(s, limit=10**7):
    """The real moves with (nearly) no limit: True, a helpful move is reached; False, none."""
    piles, wants = search_input(s)
    return search(piles, wants, s.Tableau.accepts_empty, None, limit)


def end_ms(piles, under, runs=3) -> float:
    """CPU time of what the client asks in the frame after a move, the legal moves and the
    result, on a fresh copy of the position (cold caches): the best of ``runs``, in ms (other
    load on the machine only adds)."""
    best = float("inf")
    for _ in range(runs):
        s = table(piles, under=under)
        start = time.process_time()
        s.legal_moves()
        s.result()
        best = min(best, time.process_time() - start)
    return best * 1e3


@pytest.mark.parametrize("name", SLOW)
def test_st6_the_end_is_decided_in_a_few_ms_where_the_first_search_took_a_third_of_a_second(name):
    assert end_ms(*SLOW[name]) < 25  # 0.3 to 5 ms natively; the first version 160 to 400 ms


def test_st6_a_stuck_deal_the_first_search_gave_up_on_is_proved_stuck():
    s = table(GAVE_UP, under=GAVE_UP_UNDER)
    assert s.legal_moves() == [] and s.result().status == "stuck"
    assert "stock is empty" in s.result().reason
    assert hopeless(*search_input(s), s.Tableau.accepts_empty, None)  # proved at once
    assert full_search(s) is False  # and every arrangement says the same


def test_st6_a_helpful_move_far_away_keeps_the_deal_going():
    s = table(FAR, under=SLOW["far"][1])
    assert not s.is_over() and s.legal_moves()
    assert full_search(s) is True


def test_st7_where_the_search_cannot_tell_in_time_the_deal_goes_on_and_300_moves_end_it():
    s = table(BEYOND, under=BEYOND_UNDER)
    piles, wants = search_input(s)
    assert full_search(s) is False  # stuck in truth: no arrangement helps
    assert search(piles, wants, s.Tableau.accepts_empty, None) is None  # past SEARCH_LIMIT
    assert not s.is_over() and s.legal_moves()  # so never called stuck: not stuck yet
    s = table(BEYOND, under=BEYOND_UNDER, vars={"quiet": QUIET_LIMIT - 1})
    s.push(s.legal_moves()[0])
    assert s.is_over() and f"last {QUIET_LIMIT} moves" in s.result().reason


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 2**40))
def test_st6_the_quick_answers_agree_with_the_full_search_at_the_end_of_random_games(seed, play):
    # played to the end (or 3000 moves): along the way, whenever the stock is empty, the
    # relaxed game's proof and the limited search never contradict the full search
    choose = random.Random(play)
    s = new_game(ST, seed=seed)
    for _ in range(3000):
        if not s.stock.cards:
            piles, wants = search_input(s)
            takes = s.Tableau.accepts_empty
            truth = search(piles, wants, takes, None, 200 * SEARCH_LIMIT)
            if hopeless(piles, wants, takes, None):
                assert truth is not True
            quick = search(piles, wants, takes, None)
            assert quick is None or truth is None or quick == truth
        if s.is_over():
            break
        s.push(choose.choice(s.legal_moves()))


# ----------------------------------------------------------------- auto-moves
def test_st_auto_moves_send_home_only_what_nothing_can_need():
    s = build(
        ST,
        {
            "foundation0": "AH 2H 3H",
            "foundation1": "AH 2H 3H",
            "tableau0": "4H",
            "foundation2": "AS 2S",
            "foundation3": "AC 2C 3C",
            "tableau1": "3S",
        },
    )
    # the 4H: a black Three could still go on it (3C and 3S are not home in both copies); the
    # 3S: a red Two could (no 2D is home)
    assert s.safe_move() is None and Move("tableau0", "foundation0") in s.legal_moves()
    s2 = build(
        ST,
        {
            "foundation0": "AS 2S 3S",
            "foundation1": "AS 2S 3S",
            "foundation2": "AC 2C 3C",
            "foundation3": "AC 2C 3C",
            "foundation4": "AH 2H 3H",
            "tableau0": "4H",
        },
    )
    assert s2.safe_move() == Move("tableau0", "foundation4")
    s3 = build(ST, {"tableau0": "AD", "tableau1": "QS"})
    assert s3.safe_move() is not None and s3.safe_move().source == "tableau0"


# ----------------------------------------------------------------- properties
# (the common ones, for every game: test_properties.py)
@settings(max_examples=20)
@given(st.integers(0, 2**40), st.integers(0, 2**40))
def test_every_random_game_ends(seed, play):
    state = play_randomly(new_game(ST, seed=seed), random.Random(play), 3000)
    assert state.is_over() and state.legal_moves() == []
