"""The players of a table with turns, without pygame: their names, their match and the
statistics per seat kind. The chromes (game/ui/chromes/duel.py, round.py) only draw them.

    play = MatchPlay(session, target=300, saved=saves.match(game_id))
    play.names.name(1), play.names.title(1)   # "the computer", "Computer" (seats.SeatNames)
    play.match                                # game.core.Match: the saved one for these seats
    keep = play.record(result)                # a finished game scored: the dict to keep
    play.line()                               # "Match to 300: You 42 · Computer 30"
    play.count_kinds(record)                  # each seat's game under its kind; lines to show

The storage stays with the caller: ``saved`` is what it kept (``Match.to_dict()`` and the
seats), ``record`` returns what to keep, ``count_kinds`` writes through the caller's
``record(key, won=, moves=, seconds=)``. A match belongs to its seats: a match saved for other
seats is not this table's (another match begins).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.ai.players import Level
from game.core import Match, Result
from game.core.language import _, capital, ngettext
from game.session.seat_kinds import PEOPLE, level_name
from game.session.seats import SeatNames, player_heading, seat_names
from game.session.session import Session

#: the statistics per seat kind, in this order
KIND_ORDER: tuple[str, ...] = (PEOPLE, Level.EASY, Level.MEDIUM, Level.HARD)


class Recorder(Protocol):
    """Where a seat kind's game is counted (game.storage's ``Saves.record_result``): the new
    statistics of the record ``key``."""

    def __call__(self, key: str, *, won: bool, moves: int, seconds: float) -> dict[str, Any]: ...


class MatchPlay:
    """The match of the table a session is played at, and how its seats are named.

    ``unseated``: a match saved without its seats (a duel's, from before seats were saved) is
    taken for any seats; else it is another table's."""

    def __init__(
        self,
        session: Session,
        target: int,
        saved: dict[str, Any] | None = None,
        unseated: bool = False,
    ) -> None:
        self.session = session
        self.target = target
        self.names = seat_names(session.seats, session.info.table)
        self.notice = ""  # what to tell the player about the saved match (unreadable)
        self.match = self._read(saved, unseated)

    def new_match(self) -> Match:
        return Match(self.target, players=len(self.session.seats))

    def _read(self, saved: dict[str, Any] | None, unseated: bool) -> Match:
        seats = self.session.seats
        if saved:
            theirs = saved.get("seats") or (seats if unseated else ())
            if tuple(theirs) == tuple(seats):
                try:
                    match = Match.from_dict(saved)
                    if match.players == len(seats):
                        return match
                except ValueError:
                    self.notice = _("The saved match score could not be read; a new match begins.")
        return self.new_match()

    # ------------------------------------------------------------------ scoring
    def record(self, result: Result) -> dict[str, Any]:
        """Score a finished (or given up) game; a match already won makes way for a new one.
        Returns what to keep: the match and its seats."""
        if self.match.is_over():
            self.match = self.new_match()
        self.match.record(result, dealer=getattr(self.session.state, "dealer", None))
        return self.kept()

    def kept(self) -> dict[str, Any]:
        return self.match.to_dict() | {"seats": list(self.session.seats)}

    def next_dealer(self) -> int | None:
        return self.match.next_dealer()

    @property
    def game_number(self) -> int:
        """The game of the match being played (the last one, once it is counted)."""
        return self.match.games + (0 if self.session.recorded else 1)

    def conceded(self) -> Result | None:
        """The result of the one person at the table giving the game up now (the other seat
        wins it, in a game of a match for two), else None."""
        s = self.session
        return s.state.concede(s.you) if s.you is not None and not s.is_over() else None

    def abandon_note(self, next_seats: Sequence[str] | None = None) -> str:
        """What giving the game up means for the match, in a sentence ("" when nothing).
        ``next_seats``: the seats of the game about to start instead; other seats play another
        match, so the points go to this one and the note says the new one starts from 0."""
        s = self.session
        result = s.state.concede(s.you) if s.you is not None else None
        if result is None or result.winner is None:
            return ""
        name, points = self.names.name(result.winner), result.points
        if next_seats is not None and tuple(next_seats) != tuple(s.seats):
            scores = list(self.match.scores)
            scores[result.winner] += result.points
            # Translators: a game given up, for a match of other seats; {name} is a seat ("the
            # computer", "player 2"), {line} the match in a line ("Match to 300: You 0 · ...")
            return ngettext(
                "In the match of these seats, {name} scores it as a win: {points} "
                "point ({line}). The new seats play a new match, from 0.",
                "In the match of these seats, {name} scores it as a win: {points} "
                "points ({line}). The new seats play a new match, from 0.",
                points,
            ).format(name=name, points=points, line=self.line(scores))
        # Translators: a game given up; {name} is a seat ("the computer", "player 2")
        return ngettext(
            "In the match, {name} scores it as a win: {points} point.",
            "In the match, {name} scores it as a win: {points} points.",
            points,
        ).format(name=name, points=points)

    # ------------------------------------------------------------------ in words
    def line(self, scores: Sequence[int] | None = None) -> str:
        """The match in a line: "Match to 300: You 42 · Computer 30" (with ``scores``, those
        scores: before the match was recorded)."""
        scores = self.match.scores if scores is None else scores
        parts = [f"{self.names.short(i)} {scores[i]}" for i in range(len(scores))]
        # Translators: {target} is the points that win the match, {scores} "You 42 · Computer 30"
        return _("Match to {target}: {scores}").format(
            target=self.match.target, scores=" · ".join(parts)
        )

    def over_line(self) -> str | None:
        """Who won the match, once it is won."""
        seat = self.match.winner
        if not self.match.is_over() or seat is None:
            return None
        if self.names.is_you(seat):
            return _("You win the match!")
        # Translators: {name} is a seat ("the computer", "player 2")
        return capital(_("{name} wins the match.").format(name=self.names.name(seat)))

    def winner_title(self, result: Result) -> str:
        """The end screen's title for a game someone won (ValueError for a game nobody won)."""
        winner = result.winner
        if winner is None:
            raise ValueError("nobody won this game")
        if self.names.is_you(winner):
            # Translators: the end screen's title
            return _("You won!")
        # Translators: the end screen's title; {name} is a seat ("the computer", "player 2")
        return capital(_("{name} won").format(name=self.names.name(winner)))

    # ------------------------------------------------------------------ statistics per seat
    def count_kinds(self, record: Recorder) -> list[str]:
        """Count the finished game for each seat under its kind ("person", or the computer's
        level: the records ``<game>/<kind>``), through the caller's
        ``record(key, won=, moves=, seconds=)`` (the new record); lines for the end screen
        ([] when the storage failed)."""
        s = self.session
        kinds: dict[str, dict[str, Any]] = {}
        for kind, won in s.seat_results():
            try:
                kinds[kind] = record(
                    f"{s.state.game_id}/{kind}",
                    won=won,
                    moves=s.move_count,
                    seconds=round(s.elapsed, 2),
                )
            except Exception:  # noqa: BLE001 (the storage said so already; play goes on)
                return []
        return kind_lines(kinds)


def kind_lines(kinds: dict[str, dict[str, Any]]) -> list[str]:
    """The statistics per seat kind in a line: every seat's game is counted under its kind
    (two Medium seats: two games a round), so said as such: "people" and "Medium computers",
    not "Medium won 1 of 2"."""

    def order(item: tuple[str, dict[str, Any]]) -> int:
        return KIND_ORDER.index(item[0]) if item[0] in KIND_ORDER else len(KIND_ORDER) + 5

    def part(kind: str, counts: dict[str, int]) -> str:
        if kind == PEOPLE:
            # Translators: a part of "All rounds, each seat counted: ..."
            return _("people won {won} of {played}").format(**counts)
        # Translators: a part of "All rounds, each seat counted: ..."; {level} is "Medium"...
        return _("{level} computers won {won} of {played}").format(level=level_name(kind), **counts)

    parts = [
        part(k, {"won": v["won"], "played": v["played"]})
        for k, v in sorted(kinds.items(), key=order)
    ]
    # Translators: the statistics per seat kind on the end screen; {parts} is "people won 3 of
    # 5, Medium computers won 2 of 5"
    return (
        [_("All rounds, each seat counted: {parts}.").format(parts=", ".join(parts))]
        if parts
        else []
    )


def scores_line(seats: Sequence[str], scores: Sequence[int]) -> str:
    """A kept match's scores with its seats named ("You 42 · Computer 30", the Statistics
    screen); by number when the seats don't fit the scores (a match kept without its seats,
    which are now chosen otherwise)."""
    seats = tuple(seats)
    names = SeatNames(seats) if len(seats) == len(scores) else None
    return " · ".join(
        f"{names.title(i) if names else player_heading(i)} {n}" for i, n in enumerate(scores)
    )


__all__ = ["KIND_ORDER", "MatchPlay", "Recorder", "kind_lines", "scores_line"]
