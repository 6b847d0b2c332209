"""A shared table says what other screens did (``happened``), so a screen draws from facts:
another screen's move, undo and call as actions of that seat; a guest's actions the host
didn't take, taken back exactly (the state and the table's book as they were); a player who
sat down or left."""

from __future__ import annotations

import pytest

from game.ai.players import computer_player
from game.session import Action
from tests.net.test_remote import a_guest_who_may_breach_at_once, decide, same, table


def drained(screen):
    out, screen.happened = screen.happened, []
    return out


def test_a_move_and_an_undo_from_the_other_screen_arrive_as_that_seats_actions():
    host, (guest,) = table("russian-bank", ("human", "remote"))
    drained(host), drained(guest)
    bot = computer_player("russian-bank", "easy", seed=1)
    mover = host if host.accepting() else guest
    other = guest if mover is host else host
    seat, at = mover.to_move, len(mover.state.history)
    move = decide(bot, mover.state)
    mover.play(move)
    for _ in range(3):
        host.advance(1, max_moves=0)
        guest.advance(1)
    assert drained(other) == [("played", Action("move", seat, at, (mover.state.history[at].move,)))]
    assert drained(mover) == []  # its own move, confirmed: nothing happened to it from elsewhere
    if mover.undo():
        for _ in range(3):
            host.advance(1, max_moves=0)
            guest.advance(1)
        assert drained(other) == [("played", Action("undo", seat, at + 1, size=1))]
    same(host, [guest])


def test_a_guests_moves_the_host_refused_are_taken_back_exactly():
    # the guest breaches and plays on; the host's computer calls first: what the guest played
    # after the breach is taken back, its book (undo groups, the turn's start) as before it
    host, guest = a_guest_who_may_breach_at_once()
    guest.play(guest.state.breach_moves()[0])
    if not guest.accepting():
        pytest.skip("the breach ended the guest's turn")
    guest.play(next(iter(guest.candidate_moves())))
    for _ in range(10):
        host.advance(1, max_moves=0)
    host.advance(1000, max_moves=1)  # the host's computer calls on the breach
    drained(guest)
    guest.advance(1)
    happened = drained(guest)
    assert ("taken back", 1) in happened
    assert happened[-1][0] == "played" and happened[-1][1].kind == "call"
    for _ in range(5):
        host.advance(1, max_moves=0)
        guest.advance(1)
    same(host, [guest])
    assert guest.undo_groups == host.undo_groups and guest.turn_start == host.turn_start
    assert guest.redo_groups == [] and guest.faults == 0


def test_sitting_down_and_leaving_are_said():
    host, (guest,) = table("russian-bank", ("human", "remote"))
    assert ("joined", 1) in drained(host)
    guest.leave()
    for _ in range(3):
        host.advance(1, max_moves=0)
    assert drained(host) == [("left", 1)]
    host2, (guest2,) = table("russian-bank", ("human", "remote"))
    host2.leave()
    guest2.advance(1)
    assert ("left", None) in drained(guest2)
