"""Issue 25 item 4, as a property: random session actions (play, a move not offered, undo,
redo, the computer's turn, the next automatic move, Stop!/knock, Finish, save and load) on
every game and option set. A save and load changes nothing a player can notice, nor what
happens next by itself; a refused action changes nothing. The checks are
testbed/session_fuzzing.py's (``./build.sh bench session-fuzz`` runs them at full size)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import GAMES, info
from testbed.session_fuzzing import ACTIONS, option_sets, run_case, seat_kinds

EVERY_OPTION_SET = [(g, options) for g in GAMES for options in option_sets(g)]


def players(game_id, options):
    return options.get("players", info(game_id).players[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_set_of_every_game_survives_random_actions_and_reloads(game_id):
    rng = random.Random(game_id)
    for options in option_sets(game_id):
        kinds = seat_kinds(game_id)
        seats = ("human",) + tuple(rng.choice(kinds) for _ in range(players(game_id, options) - 1))
        actions = [rng.randrange(len(ACTIONS) * 40) for _ in range(30)]
        failure = run_case(
            game_id, options, seats, rng.randrange(1, 10**6), actions, rng.randrange(2**32)
        )
        assert failure is None, failure


@st.composite
def session_cases(draw):
    game_id = draw(st.sampled_from(GAMES))
    options = draw(st.sampled_from(option_sets(game_id)))
    seats = tuple(
        draw(st.sampled_from(seat_kinds(game_id))) for _ in range(players(game_id, options))
    )
    return (
        game_id,
        options,
        seats,
        draw(st.integers(1, 10**6)),
        draw(st.lists(st.integers(0, len(ACTIONS) * 40 - 1), max_size=80)),
        draw(st.integers(0, 2**32 - 1)),
    )


@settings(max_examples=40, deadline=None)
@given(case=session_cases())
def test_property_reloads_change_nothing_noticeable_and_refusals_change_nothing(case):
    failure = run_case(*case)
    assert failure is None, failure
