"""Every game describes itself once (game.core.info): the client, settings and saves iterate
these descriptions instead of naming games."""

import pytest

from game.core import GAMES, GameInfo, Move, info, new_game
from game.core.info import Option, TableKind, match_to
from tests.support.positions import build


def test_every_game_has_a_description_with_title_players_options_rules_and_table():
    assert {"forty-thieves", "indian-patience", "russian-bank"} <= set(GAMES)
    for game_id in GAMES:
        d = info(game_id)
        assert isinstance(d, GameInfo) and d.id == game_id
        assert d.title and d.blurb and d.rules.startswith("# ")
        assert d.players and all(isinstance(n, int) and n >= 1 for n in d.players)
        assert d.table in ("solitaire", "duel", "round")
        for option in d.option_list:
            assert option.label and option.allows(option.default)
            assert len(option.labelled()) == len(option.choices)


def test_every_game_has_its_rules_file_linked_from_the_rules_index():
    """game/core/rules/<game id>.md, the numbered rules its tests are named after, naming the
    game's module, and a row in docs/rules/README.md (docs/adding-a-game.md). What the file
    holds: test_rules_files.py."""
    from pathlib import Path

    from game.core.info import rules_file

    index = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "README.md").read_text(
        encoding="utf-8"
    )
    for game_id in GAMES:
        page = rules_file(game_id)
        assert page.is_file(), f"game/core/rules/{game_id}.md is missing"
        assert f"game/core/games/{game_id.replace('-', '_')}.py" in page.read_text(encoding="utf-8")
        assert f"(../../game/core/rules/{game_id}.md)" in index, (
            f"docs/rules/README.md does not link game/core/rules/{game_id}.md"
        )


def test_info_fields_as_the_contract_names_them():
    d = info("russian-bank")
    assert d.title == "Russian Bank" and d.players == (2,)
    assert d.options == {
        "mode": "stop",
        "own_waste_playable": False,
        "reserve_size": 13,
        "wrong_call": "turn",
    }
    assert d.match is not None and d.match.default == 300
    assert info("forty-thieves").options == {"supermove": False, "foundation_takeback": False}
    assert info("indian-patience").options == {}


def test_unknown_games_and_options_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown game"):
        info("klondike")
    with pytest.raises(ValueError, match="unknown option"):
        new_game("forty-thieves", 1, speed=3)
    with pytest.raises(ValueError, match="must be one of"):
        new_game("russian-bank", 1, reserve_size=99)
    with pytest.raises(ValueError, match="must be one of"):
        new_game("russian-bank", 1, own_waste_playable=1)  # 1 is not True


def test_an_option_refuses_a_default_that_is_not_a_choice():
    with pytest.raises(ValueError):
        Option("x", 3, (1, 2), "X")


def test_a_flag_is_off_or_on_and_off_by_default():
    flag = Option.flag("x", "X", ("Off", "On"))
    assert (flag.default, flag.choices, flag.labelled()) == (
        False,
        (False, True),
        [(False, "Off"), (True, "On")],
    )
    assert Option.flag("y", "Y").labelled() == [(False, "False"), (True, "True")]


def test_a_solitaire_s_description_says_only_what_is_its_own():
    """One player at a solitaire's table unless a game says otherwise; a match's setting is
    the same record in every game played as a match, but for its scores."""
    d = GameInfo("x", "X", "A game.")
    assert (d.players, d.table, d.option_list, d.match) == ((1,), TableKind.SOLITAIRE, (), None)
    assert match_to(300, (100, 300, 500)) == info("russian-bank").match
    assert match_to(100, (50, 100, 200)) == info("battle-solitaire").match
    target = match_to(100, (50, 100, 200))
    assert (target.name, target.label, target.note) == ("match_target", "Match to", "new matches")


def test_the_state_takes_its_id_title_and_options_from_the_description():
    s = new_game("russian-bank", 5, mode="strict")
    assert s.game_id == "russian-bank" and s.title == info("russian-bank").title
    assert s.options == {
        "mode": "strict",
        "own_waste_playable": False,
        "reserve_size": 13,
        "wrong_call": "turn",
    }
    assert s.player_count == 2
    assert new_game("forty-thieves", 5).player_count == 1


def test_games_without_calls_have_no_breaches_and_every_call_is_wrong():
    s = new_game("forty-thieves", 5)
    assert s.breach is None and s.breach_moves() == []
    call = s.call_stop()
    assert not call.right and s.history == []


def test_marks_name_the_protected_piles_of_indian_patience():
    s = new_game("indian-patience", 3)
    assert s.marks() == {}
    s.protected = (True,) + (False,) * 9
    assert s.marks() == {"tableau0": "protected"}


def test_safe_move_sends_an_ace_home_and_keeps_a_card_something_could_still_need():
    s = build("forty-thieves", {"tableau0": "AS0", "tableau1": "3H0", "foundation0": "AH0 2H0"})
    move = s.safe_move()
    assert move is not None and move.source == "tableau0"
    s.push(move)
    # the Three of hearts: a Two of hearts (the other copy) could still want to go on it
    assert s.safe_move() is None
    both = build(
        "forty-thieves", {"tableau1": "3H0", "foundation0": "AH0 2H0", "foundation1": "AH1 2H1"}
    )
    assert both.safe_move() == Move("tableau1", "foundation0")


def test_safe_move_in_indian_patience_waits_for_the_other_suits():
    # a Three of hearts takes the Twos of spades, diamonds and clubs
    s = build(
        "indian-patience",
        {
            "tableau1": "3H0",
            "foundation0": "AH0 2H0",
            "foundation1": "AH1 2H1",
            "foundation2": "AS0 2S0",
            "foundation3": "AS1 2S1",
        },
    )
    assert s.safe_move() is None
