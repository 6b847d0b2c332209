"""Settings: typed, every stored value checked against the descriptions, bad ones reset and
named (issue 17, finding 1)."""

import json

import pytest

from game.session import GENERAL, Settings


def test_defaults_come_from_the_descriptions():
    s, problems = Settings.from_dict({})
    assert problems == []
    assert s.options("russian-bank") == {
        "mode": "stop",
        "own_waste_playable": False,
        "reserve_size": 13,
        "wrong_call": "turn",
    }
    assert s.seats("russian-bank") == ("human", "computer:medium")
    assert s.seats("forty-thieves") == ("human",)
    assert s.match_target("russian-bank") == 300 and s.match_target("forty-thieves") is None
    assert s.pace_ms == 800


def test_changes_round_trip_through_json():
    s, _ = Settings.from_dict({})
    s.set("pace", "fast")
    s.set("four_colour", True)
    s.set_option("russian-bank", "reserve_size", 11)
    s.set_seats("russian-bank", ("human", "human"))
    s.set_match_target("russian-bank", 100)
    again, problems = Settings.from_dict(json.loads(json.dumps(s.to_dict())))
    assert problems == [] and again == s
    assert again.options("russian-bank")["reserve_size"] == 11


@pytest.mark.parametrize(
    "stored, what",
    [
        ({"games": {"russian-bank": {"options": {"reserve_size": 99}}}}, "Reserve size"),
        ({"games": {"russian-bank": {"match_target": 0}}}, "Match to"),
        ({"games": {"russian-bank": {"seats": ["human", "computer:genius"]}}}, "who plays"),
        ({"games": {"russian-bank": {"options": {"mode": "lenient"}}}}, "priorities"),
        ({"games": {"russian-bank": {"options": {"colour": "red"}}}}, "colour"),
        ({"pace": "warp"}, "pace"),
        ({"four_colour": 1}, "Suit colours"),
        ({"reserve_size": 99}, "Reserve size"),  # an older version's flat settings
        ({"match_target": 0}, "Match to"),
        ({"level": "genius"}, "who plays"),
        ({"rb_mode": "lenient"}, "priorities"),
        ({"last_game": "poker"}, "'poker'"),  # issue 25: these were dropped without a word
        ({"last_game": ["russian-bank"]}, "['russian-bank']"),
        ({"last_game": 3}, "Last game played"),
    ],
)
def test_a_value_outside_its_choices_is_reset_to_its_default_and_named(stored, what):
    s, problems = Settings.from_dict(stored)
    assert len(problems) == 1 and what in problems[0] and "reset to its default" in problems[0]
    defaults, _ = Settings.from_dict({})
    assert s == defaults


def test_the_good_values_around_a_bad_one_are_kept():
    s, problems = Settings.from_dict(
        {
            "pace": "fast",
            "games": {
                "russian-bank": {
                    "options": {"mode": "strict", "reserve_size": 99},
                    "match_target": 500,
                }
            },
        }
    )
    assert len(problems) == 1
    assert s.pace == "fast" and s.options("russian-bank")["mode"] == "strict"
    assert s.options("russian-bank")["reserve_size"] == 13 and s.match_target("russian-bank") == 500


def test_an_older_versions_flat_settings_are_read():
    s, problems = Settings.from_dict(
        {
            "four_colour": True,
            "supermove": True,
            "rb_mode": "strict",
            "reserve_size": 12,
            "level": "hard",
            "match_target": 500,
            "last_game": "russian-bank",
            "own_waste_playable": True,
        }
    )
    assert problems == []
    assert s.four_colour and s.last_game == "russian-bank"
    assert s.options("forty-thieves")["supermove"] is True
    assert s.options("russian-bank") == {
        "mode": "strict",
        "own_waste_playable": True,
        "reserve_size": 12,
        "wrong_call": "turn",
    }
    assert s.seats("russian-bank") == ("human", "computer:hard")
    assert s.match_target("russian-bank") == 500


def test_settings_that_are_not_an_object_give_the_defaults():
    for junk in (None, [], "x", 3):
        s, _ = Settings.from_dict(junk)
        assert s == Settings()


def test_setting_a_value_outside_its_choices_raises():
    s = Settings()
    with pytest.raises(ValueError):
        s.set("pace", "warp")
    with pytest.raises(ValueError):
        s.set_option("russian-bank", "reserve_size", 10)
    with pytest.raises(ValueError):
        s.set_seats("forty-thieves", ("human", "human"))
    assert {o.name for o in GENERAL} <= set(s.to_dict())


def test_no_last_game_yet_is_no_problem():
    for stored in ({}, {"last_game": None}):
        s, problems = Settings.from_dict(stored)
        assert s.last_game is None and problems == []
