"""The public contract of game.core: games, deals, cards, moves and notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import GAMES, Card, IllegalMove, Move, Result, from_dict, new_game
from tests.support.positions import games, option_sets


def test_every_game_is_listed_by_title():
    assert {"forty-thieves", "indian-patience", "russian-bank"} <= set(GAMES)
    titles = [new_game(g, 1).title for g in GAMES]
    assert titles == sorted(titles)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_deal_number_gives_the_same_deal(game_id):
    assert new_game(game_id, seed=77).piles() == new_game(game_id, seed=77).piles()
    assert new_game(game_id, seed=77).piles() != new_game(game_id, seed=78).piles()


# Deal numbers must mean the same deal forever, on every platform: these are fixed.
FIXED_DEALS = {
    ("forty-thieves", 1): "5D AS TD 7C 6C",  # tableau0 bottom to top, then the stock's top
    ("forty-thieves", 2): "JS KD KH 6H 8H",
    ("forty-thieves", 123456789): "5H KH KC 2S 5C",
    ("indian-patience", 1): "TD 7H QD 9C",
    ("indian-patience", 2): "AD JH 6S 2D",
    ("indian-patience", 123456789): "2C 7C 3C TH",
    ("russian-bank", 1): "3S 4S KS 2H TH 9H 7S 5C JD 6D 0",  # reserve tops, houses, starter
    ("russian-bank", 2): "TH 9S 9C 4H 5H 6H 5C QC TS KS 1",
    ("russian-bank", 123456789): "QS 3H 5S 9C 4S 4H 6S 4C 2H TC 1",
}


@pytest.mark.parametrize("game_id, seed", FIXED_DEALS)
def test_deal_stability_fixed_seeds_give_fixed_first_cards(game_id, seed):
    s = new_game(game_id, seed=seed)
    p = s.piles()
    if game_id == "russian-bank":
        cards = [p["reserve0"][-1][0], p["reserve1"][-1][0]] + [
            p[f"house{i}"][0][0] for i in range(8)
        ]
        text = " ".join(map(str, cards)) + f" {s.current_player}"
    else:
        text = " ".join(str(c) for c, _ in p["tableau0"]) + f" {p['stock'][-1][0]}"
    assert text == FIXED_DEALS[(game_id, seed)]


def test_options_change_the_deal_only_where_they_should():
    assert (
        new_game("russian-bank", seed=5, reserve_size=11).piles()
        != new_game("russian-bank", seed=5).piles()
    )
    assert (
        new_game("forty-thieves", seed=5, supermove=True).piles()
        == new_game("forty-thieves", seed=5).piles()
    )


def test_pile_names():
    solitaire = (
        ["stock", "waste"]
        + [f"foundation{i}" for i in range(8)]
        + [f"tableau{i}" for i in range(10)]
    )
    assert list(new_game("forty-thieves").piles()) == solitaire
    assert list(new_game("indian-patience").piles()) == solitaire
    bank = (
        [f"foundation{i}" for i in range(8)]
        + [f"house{i}" for i in range(8)]
        + [f"{k}{p}" for p in (0, 1) for k in ("reserve", "hand", "waste")]
    )
    assert list(new_game("russian-bank").piles()) == bank


def test_solitaires_have_one_player_and_no_result_while_playing():
    for game_id in GAMES[:2]:
        s = new_game(game_id, seed=1)
        assert s.current_player == 0 and s.result() is None and not s.is_over()


def test_cards():
    c = Card(10, "H", 1)
    assert str(c) == "TH" and c.rank == 10 and c.suit == "H" and c.deck == 1 and c.red
    assert Card.parse("TH1") is c and Card(10, "H", 1) is c  # one object per card
    assert str(Card.parse("as")) == "AS" and Card.parse("QD").deck == 0
    assert Card(12, "D").name == "Queen of diamonds"
    with pytest.raises(AttributeError):
        c.rank = 3
    for bad in ("", "1H", "TX", "TH2", 5, None):
        with pytest.raises(ValueError):
            Card.parse(bad)
    with pytest.raises(ValueError):
        Card(14, "H")


@pytest.mark.parametrize(
    "text, move",
    [
        ("t3-f0", Move("tableau3", "foundation0")),
        ("s-w", Move("stock", "waste")),
        ("w-t5", Move("waste", "tableau5")),
        ("t2-t5x3", Move("tableau2", "tableau5", 3)),
        ("d0-d0", Move("hand0", "hand0")),
        ("d1-w1", Move("hand1", "waste1")),
        ("r0-h7", Move("reserve0", "house7")),
        ("h2-r1", Move("house2", "reserve1")),
        ("pass", Move("pass", "pass", 0)),
        ("stop", Move("stop", "stop", 0)),
    ],
)
def test_move_notation(text, move):
    assert Move.parse(text) == move and str(move) == text


@pytest.mark.parametrize("bad", ["", "t3", "t3-", "-f0", "q1-f0", "t3-f0x0", "t3-f0x", 7, None])
def test_move_notation_refuses_what_is_not_a_move(bad):
    with pytest.raises(ValueError):
        Move.parse(bad)


@given(st.data())
def test_every_legal_move_round_trips_through_its_notation(data):
    game_id = data.draw(st.sampled_from(GAMES))
    state = data.draw(games(game_id, data.draw(st.sampled_from(option_sets(game_id)))))
    for move in state.legal_moves():
        assert Move.parse(str(move)) == move
        assert hash(move) == hash(Move.parse(str(move)))
    assert sorted(state.legal_moves()) == sorted(set(state.legal_moves()))  # comparable


def test_illegal_moves_explain_themselves_in_a_sentence():
    s = new_game("forty-thieves", seed=1)
    reason = s.why_illegal("f0-t0")
    assert reason and reason[0].isupper() and reason.endswith(".")
    assert s.why_illegal(s.legal_moves()[0]) is None
    with pytest.raises(IllegalMove) as e:
        s.push("f0-t0")
    assert str(e.value) == reason and isinstance(e.value, ValueError)


def test_the_save_names_its_format_and_round_trips():
    s = new_game("indian-patience", seed=8)
    s.push("s-w")
    d = s.to_dict()
    assert d["format"] == 1 and d["game"] == "indian-patience" and d["moves"] == ["s-w"]
    assert from_dict(d) == s and from_dict(d).peek() == Move("stock", "waste")


def test_result_object():
    r = Result("won", 0, 47, "x")
    assert (r.status, r.winner, r.points) == ("won", 0, 47)
