"""Who sits in each seat of a table: a person ("human") or the computer at a level
("computer:hard"). Levels are those of the game's computer player (game.ai.players).

    check_seats("russian-bank", ("human", "computer:hard"))   # the tuple, or ValueError
    default_seats("russian-bank")                               # ("human", "computer:medium")
    seat_words(seats, 1)                                        # "the computer" / "Player 2"
"""

from __future__ import annotations

from game.ai.players import computer_player, levels
from game.core import info

HUMAN = "human"
DEFAULT_LEVEL = "medium"


def computer(level: str) -> str:
    return f"computer:{level}"


def level_of(seat: str) -> str | None:
    """The computer's level in a seat, or None for a person."""
    return seat.split(":", 1)[1] if seat.startswith("computer:") else None


def is_human(seat: str) -> bool:
    return seat == HUMAN


def default_seats(game_id: str, players: int | None = None) -> tuple[str, ...]:
    """You in the first seat, the computer at the middle level in the others (people in all
    seats when the game has no computer player)."""
    d = info(game_id)
    n = players or d.players[0]
    offered = levels(game_id)
    other = computer(DEFAULT_LEVEL if DEFAULT_LEVEL in offered else offered[0]) if offered \
        else HUMAN
    return (HUMAN,) + (other,) * (n - 1)


def check_seats(game_id: str, seats, players: int | None = None) -> tuple[str, ...]:
    """The seats as a tuple; ValueError when their number is not one the game allows or a seat
    is neither "human" nor "computer:LEVEL" with a level the game's computer player knows."""
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)):
        raise ValueError(f"seats must be a list of seat names, not {seats!r}")
    seats = tuple(seats)
    allowed = (players,) if players else info(game_id).players
    if len(seats) not in allowed:
        raise ValueError(f"{info(game_id).title} is played by "
                         f"{' or '.join(map(str, allowed))}, not {len(seats)}")
    for seat in seats:
        if seat == HUMAN:
            continue
        level = level_of(seat) if isinstance(seat, str) else None
        try:
            computer_player(game_id, level)
        except ValueError:
            offered = ", ".join(computer(lv) for lv in levels(game_id)) or "no computer seat"
            raise ValueError(f"unknown seat {seat!r} for {game_id}: 'human' or {offered}") \
                from None
    return seats


def seat_words(seats: tuple[str, ...], seat: int) -> str:
    """How the table names a seat: "you" / "the computer" when one person plays the computer,
    else "player N" (people at one screen, or the computer against itself)."""
    humans = sum(1 for s in seats if is_human(s))
    if humans == 1 and len(seats) == 2:
        return "you" if is_human(seats[seat]) else "the computer"
    return f"player {seat + 1}"


def seat_title(seats: tuple[str, ...], seat: int) -> str:
    """The seat as a heading: "You", "Computer", "Player 2"."""
    words = seat_words(seats, seat)
    return {"you": "You", "the computer": "Computer"}.get(words, words.capitalize())


def describe(seats: tuple[str, ...]) -> str:
    """One line for the title screen: "You vs Computer (Medium)"."""
    names = []
    humans = sum(1 for s in seats if is_human(s))
    for i, seat in enumerate(seats):
        if is_human(seat):
            names.append("You" if humans == 1 else f"Player {i + 1}")
        else:
            names.append(f"Computer ({level_of(seat).capitalize()})")
    return " vs ".join(names)


__all__ = ["HUMAN", "check_seats", "computer", "default_seats", "describe", "is_human",
           "level_of", "seat_title", "seat_words"]
