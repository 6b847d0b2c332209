"""Seat kinds: one registry answers who sits in a seat; old saves and settings keep loading."""

from __future__ import annotations

import json
import pickle

import pytest

from game.core import GAMES, info
from game.session import Session, Settings
from game.session.seat_kinds import choices, seat_kind
from game.session.seats import SeatNames, check_seats, computer, default_seats, describe


def test_every_kind_answers_from_one_registry():
    person, bot, friend = seat_kind("human"), seat_kind("computer:hard"), seat_kind("remote")
    hosted = seat_kind("remote:computer:easy")
    assert seat_kind("human") is person and computer("hard") is bot  # one object a kind
    assert (person.label, bot.label, friend.label, hosted.label) == (
        "Person",
        "Computer (Hard)",
        "A friend online",
        "Computer (Easy)",
    )
    assert [k.local for k in (person, bot, friend, hosted)] == [True, False, False, False]
    assert [k.person for k in (person, bot, friend, hosted)] == [True, False, True, False]
    assert [k.driven for k in (person, bot, friend, hosted)] == [
        "input",
        "slices",
        "network",
        "network",
    ]
    assert [k.thinks_here for k in (person, bot, friend, hosted)] == [False, True, False, False]
    assert [k.remote for k in (person, bot, friend, hosted)] == [False, False, True, True]
    assert [k.host_may_seat for k in (person, bot, friend, hosted)] == [True, True, True, False]
    assert [k.level for k in (person, bot, friend, hosted)] == [None, "hard", None, "easy"]
    assert [k.stat_kind for k in (person, bot, friend, hosted)] == [
        "person",
        "hard",
        "person",
        "easy",
    ]


def test_a_kind_is_its_saved_string():
    kinds = check_seats("russian-bank", ("human", "computer:hard"))
    assert kinds == ("human", "computer:hard") and json.dumps(kinds) == '["human", "computer:hard"]'
    assert kinds[1] == "computer:hard" and kinds[1].startswith("computer:")
    assert pickle.loads(pickle.dumps(kinds[1])) is kinds[1]


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "Human",
        "computer:",
        "computer:very hard",
        "robot",
        3,
        None,
        ["human"],
        "remote:computer:",
        "x" * 10000,
    ],
)
def test_anything_else_is_no_kind(bad):
    with pytest.raises(ValueError):
        seat_kind(bad)


def test_remote_seats_only_where_a_table_is_connected():
    with pytest.raises(ValueError, match="unknown seat 'remote'"):
        check_seats("russian-bank", ("human", "remote"))
    assert check_seats("russian-bank", ("human", "remote"), remote=True)[1].driven == "network"
    with pytest.raises(ValueError):
        check_seats("forty-thieves", ("remote",), remote=True)  # nobody to play with
    with pytest.raises(ValueError):
        check_seats("russian-bank", ("human", "remote:computer:genius"), remote=True)
    with pytest.raises(ValueError):  # a plain session never waits on a network that isn't there
        Session.new("russian-bank", seed=1, seats=("human", "remote"))
    s, problems = Settings.from_dict({"games": {"russian-bank": {"seats": ["human", "remote"]}}})
    assert s.seats("russian-bank") == default_seats("russian-bank") and problems


def test_old_saves_and_settings_load_as_kinds():
    s, problems = Settings.from_dict({"level": "hard"})  # a flat settings dict of old
    assert not problems and s.seats("russian-bank") == ("human", "computer:hard")
    assert seat_kind(s.seats("russian-bank")[1]).level == "hard"
    game = Session.new("russian-bank", seed=4, seats=("human", "computer:easy"))
    data = json.loads(json.dumps(game.to_dict()))
    assert data["seats"] == ["human", "computer:easy"]
    again = Session.from_dict(data)
    assert again.seats[1].driven == "slices" and again.seats[0].local
    old = dict(data, format=1)
    old.pop("seats")
    assert Session.from_dict(old, seats=["human", "computer:hard"]).seats[1].level == "hard"


def test_the_names_answer_through_the_kinds():
    seats = SeatNames(("human", "computer:medium"))
    assert seats.name(0) == "you" and seats.name(1) == "the computer"
    assert seats.title(1) == "Computer" and describe(seats.seats) == "You vs Computer (Medium)"
    friend = SeatNames(("human", "remote"))
    assert friend.name(1) == "your friend" and friend.title(1) == "Friend"
    assert describe(friend.seats) == "You vs A friend online"
    assert SeatNames(("human", "human")).name(1) == "player 2"
    assert describe(("human", "human")) == "Player 1 vs Player 2"
    assert seat_kind("computer:easy").level == "easy" and seat_kind("human").level is None
    assert [seat_kind(s).local for s in ("human", "remote", "computer:easy")] == [
        True,
        False,
        False,
    ]


def test_the_session_asks_the_kinds():
    s = Session.new(
        "chinese-patience", seed=3, players=3, seats=("human", "computer:easy", "computer:hard")
    )
    assert s.local_seats == [0] and s.you == 0
    assert s.seats[1].thinks_here and not s.seats[0].thinks_here
    assert s.seat_results() == [("person", False), ("easy", False), ("hard", False)]


@pytest.mark.parametrize("game_id", GAMES)
def test_choices_offer_what_each_game_takes(game_id):
    offered = choices(game_id, remote=True)
    assert offered[0] == "human"
    assert ("remote" in offered) == (max(info(game_id).players) > 1)
    for kind in offered:
        kind.check(game_id)
