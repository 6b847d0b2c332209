"""The session layer, between the rules core (and the AI) and the client; no pygame.

    from game.session import Session, Settings
    s = Session.new("russian-bank", seed=7, seats=("human", "computer:hard"))

Modules: session (one game at a table: seats, undo/redo, computer seats, the save and what the
statistics record), seat_kinds (the registry of seat kinds: a person here, the computer at a
level, a person at another screen), seats (who sits where, and how a table names them),
match_play (a table's match and the statistics per seat kind), remote (a table shared with
other screens over links: Session.host / Session.join), settings (the player's settings, typed
and checked), help (the solver's Hint, light and Finish for solitaires).
"""

from .seat_kinds import REMOTE, SeatKind, choices, seat_kind
from .seats import (HUMAN, check_seats, computer, default_seats, describe, level_of, seat_title,
                    seat_words)
from .session import FORMAT, Session, new_seed
from .settings import GENERAL, PACES, Settings

__all__ = ["FORMAT", "GENERAL", "HUMAN", "PACES", "REMOTE", "SeatKind", "Session", "Settings",
           "check_seats", "choices", "computer", "default_seats", "describe", "level_of",
           "new_seed", "seat_kind", "seat_title", "seat_words"]
