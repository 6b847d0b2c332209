"""The session layer, between the rules core (and the AI) and the client; no pygame.

    from game.session import Session, Settings
    s = Session.new("russian-bank", seed=7, seats=("human", "computer:hard"))

Modules: session (one game at a table: seats, undo/redo, computer seats, the save and what the
statistics record), actions (what happens at a table: the actions game/net sends on, the
events a screen draws from), saved (a session's save), seat_kinds (the registry of
seat kinds: a person here, the computer at a level, a person at another screen), seats (who
sits where, and how a table names them), match_play (a table's match and the statistics per
seat kind), settings (the player's settings, typed and checked), help (the solver's Hint, light
and Finish for solitaires). A table shared with other screens is the floor above: game/net.
"""

from game.session.actions import Action, ActionKind, Event
from game.session.seat_kinds import (
    PEOPLE,
    PERSON,
    REMOTE,
    Driven,
    SeatKind,
    SeatWord,
    choices,
    seat_kind,
)
from game.session.seats import check_seats, computer, default_seats, describe, seat_names
from game.session.session import FORMAT, Session, new_seed
from game.session.settings import GENERAL, PACES, Settings

__all__ = [
    "FORMAT",
    "GENERAL",
    "Action",
    "ActionKind",
    "Driven",
    "Event",
    "PACES",
    "PEOPLE",
    "PERSON",
    "REMOTE",
    "SeatKind",
    "SeatWord",
    "Session",
    "Settings",
    "check_seats",
    "choices",
    "computer",
    "default_seats",
    "describe",
    "new_seed",
    "seat_kind",
    "seat_names",
]
