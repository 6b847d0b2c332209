"""The session's vocabularies are typed (StrEnums) and their words are the very texts saves,
settings and the network carry: a change of a word here is a change of every player's saves."""

from __future__ import annotations

import json

import pytest

from game.ai.players import Level
from game.session import PEOPLE, ActionKind, Driven, Event, SeatWord, Session, Settings, seat_kind
from game.session.match_play import KIND_ORDER
from game.storage import MemoryStore, Saves

#: the settings below as the storage wrote them before the seat kinds were typed (issue 45)
SETTINGS_TEXT = (
    '{"format":1,"data":{"four_colour":false,"animations":true,"pace":"fast","auto_move":true,'
    '"winnable_only":false,"winnable_light":false,"sound":true,"card_back":"blue",'
    '"felt":"green","left_handed":false,"screen_reader":false,"last_game":null,"games":{"russian-bank":{"options":'
    '{"mode":"strict"},"seats":["human","computer:hard"]},"chinese-patience":{"seats":["human",'
    '"computer:easy","computer:medium"],"options":{"players":3}}}}}'
)


def test_the_words_are_the_texts_saves_carry():
    assert [str(w) for w in SeatWord] == ["human", "computer:", "remote", "remote:computer:"]
    assert [str(d) for d in Driven] == ["input", "slices", "network"]
    assert [str(k) for k in ActionKind] == ["move", "undo", "redo", "call"]
    assert [str(e) for e in Event] == ["call", "pass", "turn"]
    assert PEOPLE == "person" and KIND_ORDER == ("person", "easy", "medium", "hard")


def test_settings_with_seats_are_saved_byte_for_byte_as_before():
    settings, problems = Settings.from_dict({"level": "hard", "rb_mode": "strict"})  # of old
    settings.set("pace", "fast")
    settings.set_seats("chinese-patience", ("human", "computer:easy", "computer:medium"))
    settings.set_option("chinese-patience", "players", 3)
    store = MemoryStore()
    Saves(store).save_settings(settings.to_dict())
    assert not problems and store.data == {"parlour/settings": SETTINGS_TEXT}
    again, problems = Settings.from_dict(Saves(store).settings())
    assert not problems and again == settings


def test_a_sessions_seats_are_saved_as_their_words():
    s = Session.new("russian-bank", seed=4, seats=("human", "computer:easy"))
    store = MemoryStore()
    Saves(store).save_game("russian-bank", s.to_dict())
    assert '"seats":["human","computer:easy"]' in store.data["parlour/game/russian-bank"]
    back = Session.from_dict(json.loads(store.data["parlour/game/russian-bank"])["data"])
    assert back.seats == s.seats and back.seats[1] is seat_kind("computer:easy")


def test_a_level_is_a_level():
    assert seat_kind("computer:hard").level is Level.HARD
    assert seat_kind("remote:computer:easy").level is Level.EASY
    assert (
        seat_kind("computer:hard").stat_kind == "hard" and seat_kind("remote").stat_kind == PEOPLE
    )


@pytest.mark.parametrize("seat", ["computer:genius", "remote:computer:genius", "computer:Hard"])
def test_a_word_that_is_no_level_is_no_seat(seat):
    with pytest.raises(ValueError):
        seat_kind(seat)
