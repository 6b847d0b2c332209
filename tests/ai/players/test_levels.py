"""The computer players' levels as the session and saves meet them: a Level is the very text a
seat ("computer:hard") and a save carry, the API takes a Level or its text, an unknown level is
refused with the words it always had, and every game's settings table names every level."""

import pytest

from game.ai.players import (
    Level,
    battle_solitaire,
    chinese_patience,
    computer_player,
    levels,
    russian_bank,
)
from game.core import new_game

GAMES = {
    "russian-bank": russian_bank,
    "battle-solitaire": battle_solitaire,
    "chinese-patience": chinese_patience,
}


def test_a_level_is_the_text_seats_and_saves_carry():
    assert [level.value for level in Level] == [
        "easy",
        "medium",
        "hard",
        "greedy",
        "random",
        "oracle",
    ]
    assert Level.HARD == "hard" and f"computer:{Level.HARD}" == "computer:hard"
    assert {"hard": 1}[Level.HARD] == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_easy_medium_hard_and_lists_every_level(game_id):
    assert levels(game_id) == ("easy", "medium", "hard")
    assert all(isinstance(level, Level) for level in levels(game_id))
    package = GAMES[game_id]
    assert package.LEVELS == tuple(Level)
    assert tuple(package.SETTINGS) == tuple(Level)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_level_or_its_text_makes_the_same_player(game_id):
    for level in Level:
        by_text = computer_player(game_id, level.value, seed=3)
        by_level = computer_player(game_id, level, seed=3)
        assert by_text.level is level and by_level.level is level
        assert repr(by_text) == repr(by_level)
        assert repr(by_text).endswith(f"({level.value!r})")


def test_an_unknown_level_is_refused_with_the_levels_offered():
    with pytest.raises(
        ValueError,
        match=r"unknown level 'grandmaster' for russian-bank; levels: "
        r"easy, medium, hard$",
    ):
        computer_player("russian-bank", "grandmaster")
    with pytest.raises(ValueError, match="there is no computer player for 'forty-thieves'"):
        computer_player("forty-thieves", "hard")
    with pytest.raises(
        ValueError,
        match=r"unknown level 'Hard'; the levels are easy, medium, hard, greedy, random, oracle$",
    ):
        russian_bank.opponent("Hard")


@pytest.mark.parametrize("game_id", GAMES)
def test_only_easy_and_medium_slip_on_purpose(game_id):
    rates = {level: computer_player(game_id, level).breach_rate for level in Level}
    slipping = {level for level, rate in rates.items() if rate}
    assert slipping <= {Level.EASY, Level.MEDIUM}
    assert game_id == "battle-solitaire" or slipping == {Level.EASY, Level.MEDIUM}


def test_a_player_plays_only_its_own_game():
    with pytest.raises(TypeError, match="plays russian-bank, not battle-solitaire"):
        russian_bank.opponent("hard").start(new_game("battle-solitaire", seed=1))
