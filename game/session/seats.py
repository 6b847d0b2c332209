"""Who sits in each seat of a table: a seat kind from the registry (seat_kinds.py): a person
at this screen ("human"), the computer at a level ("computer:hard"), a person at another screen
("remote"). Levels are those of the game's computer player (game.ai.players).

    check_seats("russian-bank", ("human", "computer:hard"))   # the kinds, or ValueError
    default_seats("russian-bank")                               # ("human", "computer:medium")
    seat_names(seats).name(1)                                   # "the computer" / "player 2"

The names of the seats (``SeatNames``: in a sentence, as a heading, in the match's line) are
the kinds' answers put together. What a seat is (a person here, the computer's level...) is the
kind's to say: ``seat_kind(seat).local``, ``.level``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.ai.players import Level, levels
from game.core import info
from game.core.language import _, pgettext
from game.session.seat_kinds import (
    PERSON,
    REMOTE,
    SeatKind,
    SeatWord,
    computer,
    level_name,
    seat_kind,
)

DEFAULT_LEVEL = Level.MEDIUM


def _kind(seat: object) -> SeatKind | None:
    try:
        return seat_kind(seat)
    except ValueError:
        return None


def default_seats(game_id: str, players: int | None = None) -> tuple[SeatKind, ...]:
    """You in the first seat, the computer at the middle level in the others (people in all
    seats when the game has no computer player)."""
    d = info(game_id)
    n = players or d.players[0]
    offered = levels(game_id)
    level = DEFAULT_LEVEL if DEFAULT_LEVEL in offered else offered[0] if offered else None
    other = seat_kind(PERSON if level is None else SeatWord.COMPUTER + level)
    return (seat_kind(PERSON),) + (other,) * (n - 1)


def check_seats(
    game_id: str, seats: object, players: int | None = None, remote: bool = False
) -> tuple[SeatKind, ...]:
    """The seats as a tuple of kinds; ValueError when their number is not one the game allows or
    a seat is not a kind the game takes: "human", "computer:LEVEL" with a level the game's
    computer player knows, and (with ``remote``: a table connected to other screens) "remote"
    or "remote:computer:LEVEL"."""
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)):
        raise ValueError(f"seats must be a list of seat names, not {seats!r}")
    seats = tuple(seats)
    allowed = (players,) if players else info(game_id).players
    if len(seats) not in allowed:
        numbers = str(allowed[0])
        for n in allowed[1:]:
            # Translators: numbers of players, "2 or 3" ({first} may be "2 or 3" itself)
            numbers = _("{first} or {second}").format(first=numbers, second=n)
        # Translators: {game} is a game's name, {allowed} "2 or 3", {n} a number of seats
        raise ValueError(
            _("{game} is played by {allowed}, not {n}").format(
                game=_(info(game_id).title), allowed=numbers, n=len(seats)
            )
        )
    kinds = []
    for seat in seats:
        kind = _kind(seat)
        try:
            if kind is None or (kind.remote and not remote):
                raise ValueError
            kind.check(game_id)
        except ValueError:
            offered = ", ".join(computer(lv) for lv in levels(game_id)) or "no computer seat"
            raise ValueError(
                f"unknown seat {seat!r} for {game_id}: 'human' or {offered}"
                + (" or 'remote'" if remote else "")
            ) from None
        kinds.append(kind)
    return tuple(kinds)


def _people_here(seats: Iterable[object]) -> int:
    return sum(1 for s in seats if (k := _kind(s)) is not None and k.local)


class SeatNames:
    """How a table names its seats, from their kinds. By kind when one person here plays one
    other seat ("you" and "the computer", "your friend"), else by number ("player 2": people
    at one screen, the computer against itself, three or more seats).

        names = seat_names(session.seats, info(game).table)
        names.name(1)     # in a sentence: "the computer", "your friend", "player 2"
        names.title(1)    # as a heading: "Computer", "Friend", "Player 2"
        names.short(1)    # in the match's line ("Match to 300: You 42 · Computer 30")
        names.is_you(0)   # the one person at this screen sits there
    """

    def __init__(self, seats: Iterable[str]):
        self.seats = tuple(seats)
        self.kinds = tuple(_kind(s) for s in self.seats)
        here = [i for i, k in enumerate(self.kinds) if k is not None and k.local]
        self.you = here[0] if len(here) == 1 else None  # the one person at this screen
        self.by_kind = len(here) == 1 and len(self.seats) == 2

    def is_you(self, seat: int) -> bool:
        return self.by_kind and seat == self.you

    def name(self, seat: int) -> str:
        kind = self.kinds[seat]
        if self.by_kind and kind is not None:
            return kind.words
        return player_words(seat)

    def title(self, seat: int) -> str:
        kind = self.kinds[seat]
        if self.by_kind and kind is not None:
            return kind.heading
        return player_heading(seat)

    def short(self, seat: int) -> str:
        return self.title(seat)

    def names(self) -> list[str]:
        return [self.name(seat) for seat in range(len(self.seats))]


class NumberedNames(SeatNames):
    """The round table's names: "you" for the one person at this screen, every other seat by
    its number, a computer's heading with its level ("Player 3 (Hard)"; "P3" in the match's
    line)."""

    def is_you(self, seat: int) -> bool:
        return seat == self.you

    def name(self, seat: int) -> str:
        return pgettext("a seat in a sentence", "you") if seat == self.you else player_words(seat)

    def title(self, seat: int) -> str:
        if seat == self.you:
            return pgettext("a seat as a heading", "You")
        kind = self.kinds[seat]
        level = kind.level if kind is not None else None
        if level:
            # Translators: a computer's seat round a table, as a heading: "Player 3 (Hard)"
            return pgettext("a seat as a heading", "Player {n} ({level})").format(
                n=seat + 1, level=level_name(level)
            )
        return player_heading(seat)

    def short(self, seat: int) -> str:
        if seat == self.you:
            return pgettext("a seat as a heading", "You")
        # Translators: a seat by its number in the match's line ("You 42 · P2 30 · P3 12");
        # keep it very short
        return pgettext("a seat in the match's line", "P{n}").format(n=seat + 1)


def player_words(seat: int) -> str:
    """A seat by its number in a sentence: "player 2"."""
    # Translators: a seat by its number, as the subject of a sentence ("player 2 wins")
    return pgettext("a seat in a sentence", "player {n}").format(n=seat + 1)


def player_heading(seat: int) -> str:
    """A seat by its number as a heading: "Player 2"."""
    # Translators: a seat by its number, as a heading or a name in a list
    return pgettext("a seat as a heading", "Player {n}").format(n=seat + 1)


def seat_names(seats: Iterable[str], table: str = "duel") -> SeatNames:
    """The names of a table's seats, as the kind of table (a game description's ``table``)
    says them: by number round a table of several ("round"), else by kind where one person
    faces one other seat."""
    return NumberedNames(seats) if table == "round" else SeatNames(seats)


def describe(seats: Sequence[str]) -> str:
    """One line for the title screen: "You vs Computer (Medium)", "You vs A friend online"."""
    names = []
    here = _people_here(seats)
    for i, seat in enumerate(seats):
        kind = _kind(seat)
        if kind is None:
            names.append(player_heading(i))
        elif kind.local:
            names.append(pgettext("a seat as a heading", "You") if here == 1 else player_heading(i))
        else:
            names.append(kind.label)
    line = names[0] if names else ""
    for name in names[1:]:
        # Translators: who plays whom, on the title screen: "You vs Computer (Medium)" ({first}
        # may be such a line itself, with three or four seats)
        line = _("{first} vs {second}").format(first=line, second=name)
    return line


__all__ = [
    "PERSON",
    "REMOTE",
    "NumberedNames",
    "SeatNames",
    "check_seats",
    "computer",
    "default_seats",
    "describe",
    "player_heading",
    "player_words",
    "seat_kind",
    "seat_names",
]
