"""Seat kinds: who sits in a seat, as one small object from one registry.

    kind = seat_kind("computer:hard")     # the registry's one object for that seat
    kind.label, kind.local, kind.thinks_here   # "Computer (Hard)", False, True
    kind.calls(session, seat)             # its Stop!/Knock! decision (None: decided elsewhere)
    choices("chinese-patience", remote=True)   # what "Who plays?" may offer for a seat

A kind is also its saved form: it is a ``str`` ("human", "computer:hard", "remote"), so saves
and settings keep the very strings they always had, JSON writes it as that string, and a seat is
never compared with one of those strings outside this file: code asks the kind.

The kinds:

    "human"                  a person at this screen: takes input here ("input"); the saved
                             word is "human", the code says "person"
    "computer:LEVEL"         the computer at a level, thinking here in slices ("slices")
    "remote"                 a person at another screen: its moves come from the network's
                             inbox ("network")
    "remote:computer:LEVEL"  the computer at another screen (a guest's view of the host's
                             computer seat): driven by the network, named as the computer

Each kind answers: ``label`` (for "Who plays?" and headings), ``choice`` (the same, short: a row
of choices, "Person", "Hard"), ``words`` (in a sentence: "the computer", "your friend"),
``heading`` (the seat as a heading when one person here plays it: "You", "Computer",
"Friend"), ``person`` (a person plays it, here or elsewhere), ``local`` (takes input at this
screen), ``thinks_here`` (the computer decides for it here, in slices), ``remote`` (it sits at
another screen: its moves arrive over the network), ``host_may_seat`` (a host's table may
have it: every kind but the guest's view of the host's computer), ``driven`` (a word for what
drives it, from the answers before: "input", "slices" or "network"), ``level`` (the
computer's, or None), ``stat_kind`` (what the statistics per seat kind count it under:
"person" or the level), ``calls(session, seat)`` (whether it calls Stop!/knocks on the last
move now: the computer decides; a person decides by input here or over the network, so None),
``seen_by_guest(mine)`` (how a guest's table holds this seat of the host's), ``player(game)``
(a kind that thinks here: what decides its moves).

The registry is the table ``KINDS``: each kind's saved word (``word``), or the prefix before a
level (``leveled``). A new kind is a class here and a row in that table (docs/remote.md, "Adding
a seat kind").
"""

from __future__ import annotations

from game.ai.players import computer_player, levels
from game.core import info
from game.core.language import NP_, _, pgettext

#: the computer's levels as a player reads them ("Hard"); a level not here: its word, capitalised
LEVEL_NAMES = {
    "easy": NP_("a computer's level", "Easy"),
    "medium": NP_("a computer's level", "Medium"),
    "hard": NP_("a computer's level", "Hard"),
}


def level_name(level: str) -> str:
    """A computer's level in the current language ("Hard")."""
    name = LEVEL_NAMES.get(level)
    return pgettext(*name) if name else level.capitalize()


def _computer_label(level: str) -> str:
    # Translators: a seat's kind in "Who plays?" and headings; {level} is "Easy", "Hard"...
    return _("Computer ({level})").format(level=level_name(level))


class SeatKind(str):
    """One kind of seat; the string is its saved form. Made only by ``seat_kind``."""

    word = ""  # the saved form, or (``leveled``) what comes before the level
    leveled = False  # the saved form is ``word`` + a level
    person = False
    local = False
    thinks_here = False
    remote = False  # sits at another screen
    host_may_seat = True
    level: str | None = None

    @property
    def driven(self) -> str:
        """What drives the seat, in a word: "input" here, "slices" of thinking here, or
        "network"."""
        return "slices" if self.thinks_here else "network" if self.remote else "input"

    # A kind's words (label, words, heading, choice) are in the current language.
    @property
    def label(self) -> str:
        raise NotImplementedError

    @property
    def words(self) -> str:
        """The seat in a sentence when one person here plays it ("the computer")."""
        raise NotImplementedError

    heading = ""  # the seat as a heading when one person here plays it ("Computer")

    @property
    def choice(self) -> str:
        """The kind in a row of choices (Settings): "Person", "Easy", "Hard"."""
        return level_name(self.level) if self.level else self.label

    @property
    def stat_kind(self) -> str:
        return "person" if self.person else self.level

    def calls(self, session, seat: int) -> bool | None:
        """Whether this seat calls Stop! (knocks) on the last move now; None when the decision
        is made elsewhere (a person's input, here or at another screen)."""
        return None

    def check(self, game_id: str) -> None:
        """ValueError when this kind can't sit at the game's table."""

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        """What "Who plays?" offers of this kind for a seat of the game (``remote``: the page
        can connect to other screens)."""
        return []

    def player(self, game_id: str):
        """A kind that ``thinks_here``: the player that decides its moves, with ``start(state)
        -> job`` (``job.think(budget_ms)``: the move once decided, else None) and
        ``calls_stop(state)`` (game.ai.players)."""
        raise ValueError(f"nobody thinks for {self} here")

    def seen_by_guest(self, mine: bool) -> SeatKind:
        """This seat of a host's table as a guest's table holds it: the guest's own seat is
        its person here; every other person is at another screen."""
        return seat_kind(Person.word if mine else Remote.word)

    def __repr__(self) -> str:
        return f"<seat {str.__repr__(self)}>"

    def __reduce__(self):
        return seat_kind, (str(self),)


class Person(SeatKind):
    """A person at this screen."""

    word = "human"
    person, local = True, True

    @property
    def label(self) -> str:
        # Translators: a seat's kind in "Who plays?": a person at this screen
        return _("Person")

    @property
    def words(self) -> str:
        # Translators: the seat of the one person at this screen, as the subject of a sentence
        return pgettext("a seat in a sentence", "you")

    @property
    def heading(self) -> str:
        # Translators: the seat of the one person at this screen, as a heading
        return pgettext("a seat as a heading", "You")

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [seat_kind(cls.word)]


class Computer(SeatKind):
    """The computer at a level, thinking at this screen."""

    word, leveled = "computer:", True
    thinks_here = True

    @property
    def label(self) -> str:
        return _computer_label(self.level)

    @property
    def words(self) -> str:
        # Translators: the computer's seat, as the subject of a sentence
        return pgettext("a seat in a sentence", "the computer")

    @property
    def heading(self) -> str:
        return pgettext("a seat as a heading", "Computer")

    def calls(self, session, seat: int) -> bool:
        return bool(session._bot(seat).calls_stop(session.state))

    def check(self, game_id: str) -> None:
        computer_player(game_id, self.level)  # ValueError for a level the game doesn't know

    def player(self, game_id: str):
        return computer_player(game_id, self.level)

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [computer(level) for level in levels(game_id)]

    def seen_by_guest(self, mine: bool) -> SeatKind:
        return seat_kind(RemoteComputer.word + self.level)  # the host plays it


class Remote(SeatKind):
    """A person at another screen."""

    word = "remote"
    person, remote = True, True

    @property
    def label(self) -> str:
        # Translators: a seat's kind in "Who plays?": a person at another screen
        return _("A friend online")

    @property
    def words(self) -> str:
        # Translators: the seat of a friend at another screen, as the subject of a sentence
        return pgettext("a seat in a sentence", "your friend")

    @property
    def heading(self) -> str:
        return pgettext("a seat as a heading", "Friend")

    def check(self, game_id: str) -> None:
        if max(info(game_id).players) < 2:
            raise ValueError(f"{info(game_id).title} is played alone: no seat for a friend")

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [seat_kind(cls.word)] if remote and max(info(game_id).players) > 1 else []


class RemoteComputer(Remote):
    """The computer at another screen: the host plays it, a guest sees its moves arrive."""

    word, leveled = "remote:computer:", True
    person, host_may_seat = False, False

    @property
    def label(self) -> str:
        return _computer_label(self.level)

    @property
    def words(self) -> str:
        return pgettext("a seat in a sentence", "the computer")

    @property
    def heading(self) -> str:
        return pgettext("a seat as a heading", "Computer")

    def check(self, game_id: str) -> None:
        super().check(game_id)
        computer_player(game_id, self.level)

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return []  # (a guest's view only)


#: the registry: every kind of seat, as its saved form names it
KINDS: tuple[type[SeatKind], ...] = (Person, Computer, Remote, RemoteComputer)
PERSON, REMOTE = Person.word, Remote.word  # the saved forms code asks for by name
_MADE: dict[str, SeatKind] = {}


def _level_ok(level: str) -> bool:
    return 0 < len(level) <= 32 and level.isascii() and level.isalnum()


def _make(seat: str) -> SeatKind | None:
    for cls in KINDS:
        if not cls.leveled and seat == cls.word:
            return cls(seat)
        if cls.leveled and seat.startswith(cls.word) and _level_ok(seat[len(cls.word) :]):
            kind = cls(seat)
            kind.level = seat[len(cls.word) :]
            return kind
    return None


def seat_kind(seat) -> SeatKind:
    """The registry's kind for a seat's saved form ("human", "computer:hard", "remote",
    "remote:computer:hard") or a kind itself; ValueError for anything else."""
    if isinstance(seat, SeatKind):
        return seat
    kind = _MADE.get(seat) if type(seat) is str else None
    if kind is None:
        kind = _make(seat) if type(seat) is str else None
        if kind is None:
            raise ValueError(f"a seat is 'human', 'computer:LEVEL' or 'remote', not {seat!r}")
        if len(_MADE) < 256:  # the kinds in use (levels are few)
            _MADE[seat] = kind
    return kind


def computer(level: str) -> SeatKind | str:
    """The computer at ``level`` (the plain text when it is no level at all, for check_seats to
    refuse in its words)."""
    try:
        return seat_kind(Computer.word + level)
    except (ValueError, TypeError):
        return f"{Computer.word}{level}"


def choices(game_id: str, remote: bool = False) -> list[SeatKind]:
    """The kinds "Who plays?" may offer for a seat of this game: a person here, the computer
    at each of the game's levels and, with ``remote`` (a page that can connect; never the
    first seat), a friend online."""
    return [kind for cls in KINDS for kind in cls.offered(game_id, remote)]


__all__ = [
    "KINDS",
    "LEVEL_NAMES",
    "PERSON",
    "REMOTE",
    "Computer",
    "Person",
    "Remote",
    "RemoteComputer",
    "SeatKind",
    "choices",
    "computer",
    "level_name",
    "seat_kind",
]
