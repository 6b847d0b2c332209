"""The players of a table with turns, without pygame (game/session/match_play.py, and the
seats' names in seats.py): the names in sentences and headings, the match read from what the
storage kept and scored, giving a game up, the statistics per seat kind."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.core import Match, Result
from game.core.games.chinese_patience import ChineseResult
from game.session import Session
from game.session.match_play import MatchPlay, kind_lines
from game.session.seats import NumberedNames, SeatNames, seat_names

RB, BS, CP = "russian-bank", "battle-solitaire", "chinese-patience"


def test_no_pygame_here():
    code = "import sys, game.session.match_play, game.session.seats; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ----------------------------------------------------------------------------- names
@pytest.mark.parametrize(
    "seats, names, titles",
    [
        (("human", "computer:hard"), ["you", "the computer"], ["You", "Computer"]),
        (("computer:easy", "human"), ["the computer", "you"], ["Computer", "You"]),
        (("human", "remote"), ["you", "your friend"], ["You", "Friend"]),
        (("human", "human"), ["player 1", "player 2"], ["Player 1", "Player 2"]),
        (("computer:easy", "computer:hard"), ["player 1", "player 2"], ["Player 1", "Player 2"]),
        (
            ("human", "computer:easy", "computer:hard"),
            ["player 1", "player 2", "player 3"],
            ["Player 1", "Player 2", "Player 3"],
        ),
    ],
)
def test_a_duel_names_its_seats_by_kind_when_one_person_faces_one_seat(seats, names, titles):
    n = seat_names(seats, "duel")
    assert type(n) is SeatNames
    assert [n.name(i) for i in range(len(seats))] == names
    assert [n.title(i) for i in range(len(seats))] == titles
    assert [n.short(i) for i in range(len(seats))] == titles
    assert [n.is_you(i) for i in range(len(seats))] == [w == "you" for w in names]


@pytest.mark.parametrize(
    "seats, names, titles, shorts",
    [
        (
            ("human", "computer:medium"),
            ["you", "player 2"],
            ["You", "Player 2 (Medium)"],
            ["You", "P2"],
        ),
        (
            ("human", "computer:easy", "remote:computer:hard", "remote"),
            ["you", "player 2", "player 3", "player 4"],
            ["You", "Player 2 (Easy)", "Player 3 (Hard)", "Player 4"],
            ["You", "P2", "P3", "P4"],
        ),
        (
            ("human", "human", "computer:hard"),
            ["player 1", "player 2", "player 3"],
            ["Player 1", "Player 2", "Player 3 (Hard)"],
            ["P1", "P2", "P3"],
        ),
    ],
)
def test_the_round_table_names_its_seats_by_number(seats, names, titles, shorts):
    n = seat_names(seats, "round")
    assert type(n) is NumberedNames
    assert [n.name(i) for i in range(len(seats))] == names
    assert [n.title(i) for i in range(len(seats))] == titles
    assert [n.short(i) for i in range(len(seats))] == shorts
    assert [n.is_you(i) for i in range(len(seats))] == [w == "you" for w in names]


# ----------------------------------------------------------------------------- the match
def play_for(game_id, seats, saved=None, unseated=False, target=300, players=None, seed=3):
    options = {"players": players} if players else {}
    return MatchPlay(Session.new(game_id, seed, seats, **options), target, saved, unseated)


def test_a_new_table_starts_a_new_match_of_its_seats():
    play = play_for(RB, ("human", "computer:medium"))
    assert (play.match.target, play.match.scores, play.match.games) == (300, [0, 0], 0)
    assert play.line() == "Match to 300: You 0 · Computer 0"
    assert play.game_number == 1 and play.notice == ""
    three = play_for(CP, ("human", "computer:easy", "computer:hard"), target=100, players=3)
    assert three.match.players == 3 and three.line() == "Match to 100: You 0 · P2 0 · P3 0"


def test_the_saved_match_is_the_one_of_the_same_seats():
    seats = ("human", "computer:medium")
    saved = {"target": 300, "scores": [42, 30], "games": 2, "seats": list(seats)}
    play = play_for(RB, seats, saved)
    assert play.match.scores == [42, 30] and play.match.games == 2
    assert play.line() == "Match to 300: You 42 · Computer 30" and play.game_number == 3
    other = play_for(RB, ("human", "computer:hard"), saved)  # other seats: another match
    assert other.match.scores == [0, 0] and other.notice == ""


def test_a_match_saved_without_seats_counts_where_the_table_says_so():
    old = {"target": 300, "scores": [12, 5], "games": 1}  # Russian Bank's, before seats
    assert play_for(RB, ("human", "computer:hard"), old, unseated=True).match.scores == [12, 5]
    assert play_for(RB, ("human", "computer:hard"), old).match.scores == [0, 0]
    four = {"target": 100, "scores": [3, 0, 5, 1], "games": 2}  # too many scores: a new one
    assert play_for(RB, ("human", "computer:hard"), four, unseated=True).match.scores == [0, 0]


def test_a_saved_match_that_cannot_be_read_says_so_and_a_new_one_begins():
    seats = ("human", "computer:medium")
    play = play_for(RB, seats, {"target": "x", "scores": [1, 2], "games": 1, "seats": list(seats)})
    assert play.match.scores == [0, 0]
    assert play.notice == "The saved match score could not be read; a new match begins."


def test_a_finished_game_is_scored_and_what_to_keep_has_its_seats():
    seats = ("human", "computer:medium")
    play = play_for(RB, seats, target=100)
    kept = play.record(Result("won", 1, 40, "test"))
    assert kept == {"target": 100, "scores": [0, 40], "games": 1, "seats": list(seats)}
    assert play.over_line() is None
    play.record(Result("won", 0, 120, "test"))
    assert play.match.is_over() and play.over_line() == "You win the match!"
    assert play.winner_title(Result("won", 0, 1, "")) == "You won!"
    assert play.winner_title(Result("won", 1, 1, "")) == "The computer won"
    kept = play.record(Result("won", 1, 10, "test"))  # a won match makes way for a new one
    assert kept["scores"] == [0, 10] and kept["games"] == 1


def test_the_round_tables_match_keeps_the_dealer_and_scores_every_seat():
    seats = ("human", "computer:easy", "computer:medium")
    play = play_for(CP, seats, target=100, players=3)
    dealer = play.session.state.dealer
    kept = play.record(ChineseResult("won", 2, 9, "test", scores=(1, 0, 9), places=(2, 3, 1)))
    assert kept["scores"] == [1, 0, 9] and kept["dealer"] == dealer
    assert play.next_dealer() == (dealer + 1) % 3
    assert play.over_line() is None
    assert play_for(CP, seats, kept, target=100, players=3).match.scores == [1, 0, 9]


def test_giving_a_game_up_scores_it_for_the_other_seat_and_says_so():
    seats = ("human", "computer:medium")
    seed = next(s for s in range(1, 500) if Session.new(RB, s, seats).accepting())
    s = Session.new(RB, seed, seats)
    s.play(s.state.legal_moves()[0])
    play = MatchPlay(s, 300)
    points = s.state.concede(0).points
    assert play.conceded().winner == 1
    assert play.abandon_note() == (
        f"In the match, the computer scores it as a win: {points} points."
    )
    assert play.abandon_note(seats) == play.abandon_note()
    assert play.abandon_note(("human", "computer:hard")) == (
        f"In the match of these seats, the computer scores it as a win: {points} points "
        f"(Match to 300: You 0 · Computer {points}). The new seats play a new match, from 0."
    )
    watched = MatchPlay(Session.new(RB, seed, ("computer:easy", "computer:hard")), 300)
    assert watched.conceded() is None and watched.abandon_note() == ""
    round_table = play_for(CP, ("human", "computer:easy"), target=100)
    assert round_table.conceded() is None and round_table.abandon_note() == ""


# ----------------------------------------------------------------------------- per seat kind
def test_every_seat_is_counted_under_its_kind_through_the_callers_storage():
    seats = ("human", "computer:medium", "computer:medium")
    play = play_for(CP, seats, target=100, players=3)
    kept: dict[str, dict] = {}

    def record(key, won, moves, seconds):
        entry = kept.setdefault(key, {"played": 0, "won": 0})
        entry["played"] += 1
        entry["won"] += int(won)
        return dict(entry)

    assert play.count_kinds(record) == [
        "All rounds, each seat counted: people won 0 of 1, Medium computers won 0 of 2."
    ]
    assert set(kept) == {f"{CP}/person", f"{CP}/medium"}

    def broken(key, **_):
        raise OSError("full")

    assert play.count_kinds(broken) == []


def test_kind_lines_in_order_people_first():
    assert kind_lines(
        {
            "hard": {"won": 1, "played": 3},
            "person": {"won": 2, "played": 3},
            "easy": {"won": 0, "played": 3},
        }
    ) == [
        "All rounds, each seat counted: people won 2 of 3, Easy computers won 0 of 3, "
        "Hard computers won 1 of 3."
    ]
    assert kind_lines({}) == []


def test_a_match_object_round_trips_as_before():
    play = play_for(BS, ("human", "computer:easy"), target=100)
    play.record(Result("won", 0, 30, "test"))
    again = Match.from_dict(play.kept())
    assert again.scores == [30, 0] and again.target == 100
