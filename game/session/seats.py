"""Who sits in each seat of a table: a seat kind from the registry (seat_kinds.py): a person
at this screen ("human"), the computer at a level ("computer:hard"), a person at another screen
("remote"). Levels are those of the game's computer player (game.ai.players).

    check_seats("russian-bank", ("human", "computer:hard"))   # the kinds, or ValueError
    default_seats("russian-bank")                               # ("human", "computer:medium")
    seat_words(seats, 1)                                        # "the computer" / "player 2"

The helpers below (is_human, level_of, seat_words, seat_title, describe) are thin wrappers over
the kinds' answers, kept for the client while it moves to the kinds themselves.
"""

from __future__ import annotations

from game.ai.players import levels
from game.core import info

from .seat_kinds import HUMAN, REMOTE, SeatKind, computer, seat_kind

DEFAULT_LEVEL = "medium"


def _kind(seat) -> SeatKind | None:
    try:
        return seat_kind(seat)
    except ValueError:
        return None


def level_of(seat) -> str | None:
    """The computer's level in a seat, or None for a person."""
    kind = _kind(seat)
    return kind.level if kind is not None else None


def is_human(seat) -> bool:
    """A person at this screen sits there (takes input here)."""
    kind = _kind(seat)
    return kind is not None and kind.local


def default_seats(game_id: str, players: int | None = None) -> tuple[SeatKind, ...]:
    """You in the first seat, the computer at the middle level in the others (people in all
    seats when the game has no computer player)."""
    d = info(game_id)
    n = players or d.players[0]
    offered = levels(game_id)
    other = computer(DEFAULT_LEVEL if DEFAULT_LEVEL in offered else offered[0]) if offered \
        else seat_kind(HUMAN)
    return (seat_kind(HUMAN),) + (other,) * (n - 1)


def check_seats(game_id: str, seats, players: int | None = None,
                remote: bool = False) -> tuple[SeatKind, ...]:
    """The seats as a tuple of kinds; ValueError when their number is not one the game allows or
    a seat is not a kind the game takes: "human", "computer:LEVEL" with a level the game's
    computer player knows, and (with ``remote``: a table connected to other screens) "remote"
    or "remote:computer:LEVEL"."""
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)):
        raise ValueError(f"seats must be a list of seat names, not {seats!r}")
    seats = tuple(seats)
    allowed = (players,) if players else info(game_id).players
    if len(seats) not in allowed:
        raise ValueError(f"{info(game_id).title} is played by "
                         f"{' or '.join(map(str, allowed))}, not {len(seats)}")
    kinds = []
    for seat in seats:
        kind = _kind(seat)
        try:
            if kind is None or (kind.remote and not remote):
                raise ValueError
            kind.check(game_id)
        except ValueError:
            offered = ", ".join(computer(lv) for lv in levels(game_id)) or "no computer seat"
            raise ValueError(f"unknown seat {seat!r} for {game_id}: 'human' or {offered}"
                             + (" or 'remote'" if remote else "")) from None
        kinds.append(kind)
    return tuple(kinds)


def _people_here(seats) -> int:
    return sum(1 for s in seats if is_human(s))


def seat_words(seats: tuple[str, ...], seat: int) -> str:
    """How the table names a seat: "you" / "the computer" (or "your friend") when one person
    here plays one other seat, else "player N" (people at one screen, the computer against
    itself, three or more seats)."""
    if _people_here(seats) == 1 and len(seats) == 2:
        kind = _kind(seats[seat])
        return kind.words if kind is not None else f"player {seat + 1}"
    return f"player {seat + 1}"


def seat_title(seats: tuple[str, ...], seat: int) -> str:
    """The seat as a heading: "You", "Computer", "Friend", "Player 2"."""
    words = seat_words(seats, seat)
    return {"you": "You", "the computer": "Computer", "your friend": "Friend"}.get(
        words, words.capitalize())


def describe(seats: tuple[str, ...]) -> str:
    """One line for the title screen: "You vs Computer (Medium)", "You vs A friend online"."""
    names = []
    here = _people_here(seats)
    for i, seat in enumerate(seats):
        kind = _kind(seat)
        if kind is None:
            names.append(f"Player {i + 1}")
        elif kind.local:
            names.append("You" if here == 1 else f"Player {i + 1}")
        else:
            names.append(kind.label)
    return " vs ".join(names)


__all__ = ["HUMAN", "REMOTE", "check_seats", "computer", "default_seats", "describe",
           "is_human", "level_of", "seat_kind", "seat_title", "seat_words"]
