"""docs/remote.md, "Adding a seat kind", walked for real: a kind the docs add as their example
(the computer playing any legal move at random, for every game with more than one seat) is
written here exactly as the walk says, registered by its row in the registry, and then sits at
a plain table, in a save, in "Who plays?" and at a table shared with another screen, where a
guest sees it as its own remote view. Nothing else in game/ is touched: if a step of the walk
stops being enough, this test fails."""

from __future__ import annotations

import random

import pytest

from game import net
from game.core import info
from game.session import Session, check_seats, choices, seat_kind, seat_kinds
from game.session.seat_kinds import KINDS, Remote, SeatKind
from tests.net.test_remote import play_out, same, table


# ---------------------------------------------------------------- step 1: the player
class _Decided:
    def __init__(self, move):
        self.move = move

    def think(self, budget_ms):
        return self.move


class RandomPlayer:
    """Decides at once: any legal move. Never slips, never calls."""

    breach_rate = 0

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def start(self, state):
        return _Decided(self.rng.choice(state.legal_moves()))

    def calls_stop(self, state) -> bool:
        return False


# ---------------------------------------------------------------- step 2: the kinds
class AtRandom(SeatKind):
    """The computer playing any legal move (step 2 of the walk)."""

    word = "random"
    thinks_here = True
    label = "Computer (Random)"
    words, heading = "the computer", "Computer"
    stat_kind = "random"

    def check(self, game_id: str) -> None:
        if max(info(game_id).players) < 2:
            raise ValueError("played alone: no seat for the computer")

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [seat_kind(cls.word)] if max(info(game_id).players) > 1 else []

    def player(self, game_id: str):
        return RandomPlayer()

    def calls(self, session, seat: int) -> bool:
        return False

    def seen_by_guest(self, mine: bool) -> SeatKind:
        return seat_kind(RemoteAtRandom.word)


class RemoteAtRandom(Remote):
    """The same seat at a guest's table: the host plays it, its moves arrive."""

    word = "remote:random"
    person, host_may_seat = False, False
    label = "Computer (Random)"
    words, heading = "the computer", "Computer"


@pytest.fixture
def registered(monkeypatch):
    """Step 3: a row each in the registry (KINDS)."""
    monkeypatch.setattr(seat_kinds, "KINDS", KINDS + (AtRandom, RemoteAtRandom))


def test_the_new_kind_plays_a_whole_game_at_one_screen_and_is_saved(registered):
    s = Session.new("russian-bank", seed=12, seats=("random", "computer:easy"))
    assert type(s.seats[0]) is AtRandom and s.seats[0].thinks_here and not s.seats[0].local
    for _ in range(20000):
        s.advance(50)
        if s.is_over():
            break
    assert s.is_over()
    back = Session.from_dict(s.to_dict())
    assert back.seats == ("random", "computer:easy") and type(back.seats[0]) is AtRandom
    assert back.state == s.state and back.seat_results()[0][0] == "random"


def test_who_plays_offers_it_where_it_may_sit(registered):
    assert choices("russian-bank")[-1] == "random" and "random" in choices("russian-bank", True)
    assert "random" not in choices("forty-thieves")
    with pytest.raises(ValueError):
        check_seats("forty-thieves", ("random",))


def test_at_a_shared_table_the_host_plays_it_and_the_guest_sees_it(registered):
    host, guests = table("chinese-patience", ("human", "remote", "random"), players=3)
    (guest,) = guests
    assert type(guest.seats[2]) is RemoteAtRandom and guest.seats[2].label == "Computer (Random)"
    assert not guest.seats[2].local and guest.seats[2].remote
    play_out(host, guests)
    same(host, guests)
    assert host.is_over() and guest.is_over() and host.faults == guest.faults == 0


def test_without_its_row_it_is_no_kind():
    with pytest.raises(ValueError):
        seat_kind("random")
    assert "random" not in choices("russian-bank")
    assert net.host  # (the floor above needs nothing of it either)
