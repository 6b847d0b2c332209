"""Issue 25 item 4: a reload puts the player exactly where they were (a computer's Stop! call
or knock about to be made, a safe card about to go home), and a refused action changes
nothing (not the right to call Stop!)."""

from __future__ import annotations

import json

import pytest

from game.core import STOP, IllegalMove, Move, new_game
from game.session import Session
from tests.core.games.test_russian_bank import rb
from tests.session.test_session import knock_session
from tests.support.positions import build


def reload(s: Session) -> Session:
    return Session.from_dict(json.loads(json.dumps(s.to_dict())))


def test_the_computers_stop_call_about_to_be_made_survives_a_reload():
    state = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    s = Session(state, ("human", "computer:hard"))
    s.play(Move("hand0", "hand0"))  # the slip: the AS had to go to a foundation first
    assert s.pending_call == 1
    loaded = reload(s)
    assert loaded.pending_call == 1
    assert not loaded.accepting() and not loaded.can_undo() and not loaded.undo()
    assert loaded.state.breach is not None  # the slip stands until the call is made
    assert loaded.advance(100, max_moves=1) == [STOP]
    kind, seat, call = loaded.events[-1]
    assert kind == "call" and seat == 1 and call.right and loaded.to_move == 1


def test_russian_bank_deal_1_the_slip_and_the_call_due_survive_a_reload():
    """The issue's case: deal 1, the person slips (d0-d0 while a card must go to a foundation)
    and the computer's call is due; after a reload the call is still due, the person can't
    move or undo, and the call takes the slip back."""
    s = Session.new("russian-bank", 1, seats=("human", "computer:hard"))
    s.play(Move.parse("h5-h7"))
    s.play(Move.parse("d0-d0"))
    assert s.state.breach is not None and s.pending_call == 1
    loaded = reload(s)
    assert loaded.pending_call == 1 and not loaded.accepting() and not loaded.can_undo()
    assert loaded.advance(100, max_moves=1) == [STOP] and loaded.events[-1][2].right
    assert loaded.state.to_dict()["moves"][-3:] == ["h5-h7", "d0-d0!", "stop"]


def test_a_computers_knock_about_to_be_made_survives_a_reload():
    s = knock_session(("human", "computer:hard", "computer:hard"))
    s.play(Move("waste0", "waste1"))  # a breach: the 3H had to go to its foundation
    caller = s.pending_call
    assert caller in (1, 2)
    loaded = reload(s)
    assert loaded.pending_call == caller and not loaded.accepting() and not loaded.can_undo()
    assert loaded.advance(100, max_moves=1) == [STOP]
    assert loaded.events[-1][:2] == ("call", caller) and loaded.events[-1][2].right


@pytest.mark.parametrize("pending", [0, 2, -1, True, "1", 1.0])
def test_a_saved_call_that_could_not_be_pending_is_refused(pending):
    state = rb({"reserve0": "9D", "house0": "AS", "hand0": "5C"}, mode="stop")
    s = Session(state, ("human", "computer:hard"))
    s.play(Move("hand0", "hand0"))
    with pytest.raises(ValueError, match="Stop! call"):
        Session.from_dict(s.to_dict() | {"pending_call": pending})
    calm = Session(rb({"reserve0": "9D", "hand0": "5C"}, mode="stop"), ("human", "computer:hard"))
    calm.play(Move("hand0", "hand0"))  # no breach: no call can be pending
    with pytest.raises(ValueError, match="Stop! call"):
        Session.from_dict(calm.to_dict() | {"pending_call": 1})


def test_a_refused_move_keeps_the_right_to_call_stop():
    """Russian Bank deal 4, a person against Easy: the computer's d1-w1 breaks priority (b)
    and ends its turn; the person's refused f0-f0 must not take the call away."""
    state = new_game("russian-bank", seed=4)
    state.push("d1-d1", breach=True)
    state.push("d1-w1", breach=True)
    s = Session(state, ("human", "computer:easy"))
    assert s.accepting() and s.can_call_stop()
    before = s.to_dict()
    with pytest.raises(IllegalMove):
        s.play(Move("foundation0", "foundation0"))
    assert s.can_call_stop() and s.to_dict() == before
    assert s.call_stop().right


def test_a_safe_card_about_to_go_home_goes_after_a_reload():
    state = build("forty-thieves", {"tableau0": "AS0 5D0", "tableau1": "6D0"})
    s = Session(state)
    s.play(Move("tableau0", "tableau1"))  # frees the AS; it goes home with the next frame
    loaded = reload(s)
    assert loaded.follow_up() == Move("tableau0", "foundation0")
    assert loaded.undo_groups == [2] and loaded.follow_up() is None
    assert loaded.undo() and loaded.state.history == []


def test_a_deals_own_aces_still_going_home_stay_part_of_the_deal_after_a_reload():
    s = Session.new(
        "forty-thieves",
        seed=next(
            n for n in range(1, 500) if new_game("forty-thieves", seed=n).safe_move() is not None
        ),
    )
    loaded = reload(s)
    while loaded.follow_up():
        pass
    while s.follow_up():
        pass
    assert loaded.dealt == s.dealt > 0 and loaded.to_dict() == s.to_dict()
    assert not loaded.can_undo()
