"""Seat kinds: who sits in a seat, as one small object from one registry.

    kind = seat_kind("computer:hard")     # the registry's one object for that seat
    kind.label, kind.local, kind.thinks_here   # "Computer (Hard)", False, True
    kind.calls(session, seat)             # its Stop!/Knock! decision (None: decided elsewhere)
    choices("chinese-patience", remote=True)   # what "Who plays?" may offer for a seat

A kind is also its saved form: it is a ``str`` ("human", "computer:hard", "remote"), so saves
and settings keep the very strings they always had, JSON writes it as that string, and a seat is
never compared with one of those strings outside this file: code asks the kind. The fixed words
of the saved forms are ``SeatWord``; a level after them is a ``Level`` (game.ai.players).

The kinds:

    "human"                  a person at this screen: takes input here (``Driven.INPUT``); the
                             saved word is "human", the code says "person"
    "computer:LEVEL"         the computer at a level, thinking here in slices (``SLICES``)
    "remote"                 a person at another screen: its moves come from the network's
                             inbox (``NETWORK``)
    "remote:computer:LEVEL"  the computer at another screen (a guest's view of the host's
                             computer seat): driven by the network, named as the computer

Each kind answers: ``label`` (for "Who plays?" and headings), ``choice`` (the same, short: a row
of choices, "Person", "Hard"), ``words`` (in a sentence: "the computer", "your friend"),
``heading`` (the seat as a heading when one person here plays it: "You", "Computer",
"Friend"), ``person`` (a person plays it, here or elsewhere), ``local`` (takes input at this
screen), ``thinks_here`` (the computer decides for it here, in slices), ``remote`` (it sits at
another screen: its moves arrive over the network), ``host_may_seat`` (a host's table may
have it: every kind but the guest's view of the host's computer), ``driven`` (what drives it,
from the answers before: a ``Driven``), ``level`` (the computer's, or None), ``stat_kind``
(what the statistics per seat kind count it under: ``PEOPLE`` or the level),
``calls(session, seat)`` (whether it calls Stop!/knocks on the last move now: the computer
decides; a person decides by input here or over the network, so None),
``seen_by_guest(mine)`` (how a guest's table holds this seat of the host's), ``player(game)``
(a kind that thinks here: what decides its moves).

The registry is the table ``KINDS``: each kind's saved word (``word``), or the prefix before a
level (``leveled``). A new kind is a class here and a row in that table (docs/remote.md, "Adding
a seat kind"). Each class keeps the one object of each of its seats, so that a seat is the same
object wherever it is read; a kind not in ``KINDS`` is no kind.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, Protocol

from game.ai.players import Level, computer_player, levels
from game.core import GameState, Move, info
from game.core.language import N_, NP_, _, pgettext


class SeatWord(StrEnum):
    """The fixed words of the seats' saved forms: a kind's whole word, or (a kind with a level)
    what comes before the level."""

    HUMAN = "human"
    COMPUTER = "computer:"
    REMOTE = "remote"
    REMOTE_COMPUTER = "remote:computer:"


class Driven(StrEnum):
    """What drives a seat: a person's input here, slices of thinking here, or the network."""

    INPUT = "input"
    SLICES = "slices"
    NETWORK = "network"


#: what the statistics per seat kind count a person's seat under (a computer's: its level)
PEOPLE = "person"

#: the computer's levels as a player reads them ("Hard"); a level not here: its word, capitalised
LEVEL_NAMES: dict[str, tuple[str, str]] = {
    Level.EASY: NP_("a computer's level", "Easy"),
    Level.MEDIUM: NP_("a computer's level", "Medium"),
    Level.HARD: NP_("a computer's level", "Hard"),
}


def level_name(level: str) -> str:
    """A computer's level in the current language ("Hard")."""
    name = LEVEL_NAMES.get(level)
    return pgettext(*name) if name else level.capitalize()


class Thinking(Protocol):
    """A decision being thought about (game.ai.jobs.Job): the move once decided, else None."""

    def think(self, budget_ms: float) -> Move | None: ...


class SeatPlayer(Protocol):
    """What decides the moves of a seat that thinks here (a computer player of game.ai)."""

    def start(self, state: GameState) -> Thinking: ...

    def calls_stop(self, state: GameState) -> bool: ...


class Table(Protocol):
    """What a kind asks of the table its seat is at (a Session)."""

    @property
    def state(self) -> GameState: ...

    def bot(self, seat: int) -> SeatPlayer: ...


class SeatKind(str):
    """One kind of seat; the string is its saved form. Made only by ``seat_kind``.

    Its names are marked English (``LABEL``: N_, ``WORDS`` and ``HEADING``: NP_), said in the
    current language by ``label``, ``words`` and ``heading``."""

    word = ""  # the saved form, or (``leveled``) what comes before the level
    leveled = False  # the saved form is ``word`` + a level
    person = False
    local = False
    thinks_here = False
    remote = False  # sits at another screen
    host_may_seat = True
    level: Level | None = None
    LABEL: ClassVar[str] = ""  # for "Who plays?" and headings
    WORDS: ClassVar[tuple[str, str]] = ("", "")  # in a sentence when one person here plays it
    HEADING: ClassVar[tuple[str, str]] = ("", "")  # as a heading when one person here plays it
    _made: ClassVar[dict[str, SeatKind]] = {}  # each class's own: its seats made so far

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._made = {}

    @classmethod
    def made(cls, seat: str, level: Level | None) -> SeatKind:
        """The one object of this kind for ``seat`` (its saved form)."""
        kind = cls._made.get(seat)
        if kind is None:
            kind = cls._made[seat] = cls(seat)
            kind.level = level
        return kind

    @property
    def driven(self) -> Driven:
        """What drives the seat: input here, slices of thinking here, or the network."""
        if self.thinks_here:
            return Driven.SLICES
        return Driven.NETWORK if self.remote else Driven.INPUT

    # A kind's words (label, words, heading, choice) are in the current language.
    @property
    def label(self) -> str:
        return _(self.LABEL)

    @property
    def words(self) -> str:
        """The seat in a sentence when one person here plays it ("the computer")."""
        return pgettext(*self.WORDS)

    @property
    def heading(self) -> str:
        """The seat as a heading when one person here plays it ("Computer")."""
        return pgettext(*self.HEADING)

    @property
    def choice(self) -> str:
        """The kind in a row of choices (Settings): "Person", "Easy", "Hard"."""
        return level_name(self.level) if self.level else self.label

    @property
    def stat_kind(self) -> str:
        """What the statistics per seat kind count this seat under: a person's ``PEOPLE``,
        the computer's its level (another kind: its word)."""
        if self.person:
            return PEOPLE
        return self.level or self.word

    def calls(self, session: Table, seat: int) -> bool | None:
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

    def player(self, game_id: str) -> SeatPlayer:
        """A kind that ``thinks_here``: the player that decides its moves, with ``start(state)
        -> job`` (``job.think(budget_ms)``: the move once decided, else None) and
        ``calls_stop(state)`` (game.ai.players)."""
        raise ValueError(f"nobody thinks for {self} here")

    def seen_by_guest(self, mine: bool) -> SeatKind:
        """This seat of a host's table as a guest's table holds it: the guest's own seat is
        its person here; every other person is at another screen."""
        return seat_kind(SeatWord.HUMAN if mine else SeatWord.REMOTE)

    def __repr__(self) -> str:
        return f"<seat {str.__repr__(self)}>"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return seat_kind, (str(self),)


class Person(SeatKind):
    """A person at this screen."""

    word = SeatWord.HUMAN
    person, local = True, True
    # Translators: a seat's kind in "Who plays?": a person at this screen
    LABEL = N_("Person")
    # Translators: the seat of the one person at this screen, as the subject of a sentence
    WORDS = NP_("a seat in a sentence", "you")
    # Translators: the seat of the one person at this screen, as a heading
    HEADING = NP_("a seat as a heading", "You")

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [seat_kind(cls.word)]


class TheComputer(SeatKind):
    """What every seat the computer plays shares, here or at another screen: its names, and a
    level the game's computer player knows."""

    level: Level  # (every seat the computer plays has one)
    # Translators: the computer's seat, as the subject of a sentence
    WORDS = NP_("a seat in a sentence", "the computer")
    HEADING = NP_("a seat as a heading", "Computer")

    @property
    def label(self) -> str:
        # Translators: a seat's kind in "Who plays?" and headings; {level} is "Easy", "Hard"...
        return _("Computer ({level})").format(level=level_name(self.level))

    def check(self, game_id: str) -> None:
        super().check(game_id)
        computer_player(game_id, self.level)  # ValueError for a level the game doesn't know


class Computer(TheComputer):
    """The computer at a level, thinking at this screen."""

    word, leveled = SeatWord.COMPUTER, True
    thinks_here = True

    def calls(self, session: Table, seat: int) -> bool:
        return bool(session.bot(seat).calls_stop(session.state))

    def player(self, game_id: str) -> SeatPlayer:
        player: SeatPlayer = computer_player(game_id, self.level)
        return player

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [seat_kind(cls.word + level) for level in levels(game_id)]

    def seen_by_guest(self, mine: bool) -> SeatKind:
        return seat_kind(SeatWord.REMOTE_COMPUTER + self.level)  # the host plays it


class Remote(SeatKind):
    """A person at another screen."""

    word = SeatWord.REMOTE
    person, remote = True, True
    # Translators: a seat's kind in "Who plays?": a person at another screen
    LABEL = N_("A friend online")
    # Translators: the seat of a friend at another screen, as the subject of a sentence
    WORDS = NP_("a seat in a sentence", "your friend")
    HEADING = NP_("a seat as a heading", "Friend")

    def check(self, game_id: str) -> None:
        super().check(game_id)
        if max(info(game_id).players) < 2:
            raise ValueError(f"{info(game_id).title} is played alone: no seat for a friend")

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return [seat_kind(cls.word)] if remote and max(info(game_id).players) > 1 else []


class RemoteComputer(TheComputer, Remote):
    """The computer at another screen: the host plays it, a guest sees its moves arrive."""

    word, leveled = SeatWord.REMOTE_COMPUTER, True
    person, host_may_seat = False, False

    @classmethod
    def offered(cls, game_id: str, remote: bool) -> list[SeatKind]:
        return []  # (a guest's view only)


#: the registry: every kind of seat, as its saved form names it
KINDS: tuple[type[SeatKind], ...] = (Person, Computer, Remote, RemoteComputer)
PERSON, REMOTE = SeatWord.HUMAN, SeatWord.REMOTE  # the saved forms code asks for by name


def _level(text: str) -> Level | None:
    try:
        return Level(text)
    except ValueError:
        return None


def _made(seat: str) -> SeatKind | None:
    """The registry's kind for a saved form, or None when no kind in ``KINDS`` reads it."""
    for cls in KINDS:
        if not cls.leveled:
            if seat == cls.word:
                return cls.made(seat, None)
        elif seat.startswith(cls.word):
            level = _level(seat[len(cls.word) :])
            if level is not None:
                return cls.made(seat, level)
    return None


def seat_kind(seat: object) -> SeatKind:
    """The registry's kind for a seat's saved form ("human", "computer:hard", "remote",
    "remote:computer:hard") or a kind itself; ValueError for anything else."""
    if isinstance(seat, SeatKind):
        return seat
    kind = _made(str.__str__(seat)) if isinstance(seat, str) else None
    if kind is None:
        raise ValueError(f"a seat is 'human', 'computer:LEVEL' or 'remote', not {seat!r}")
    return kind


def computer(level: str) -> SeatKind | str:
    """The computer at ``level`` (the plain text when it is no level at all, for check_seats to
    refuse in its words)."""
    try:
        return seat_kind(SeatWord.COMPUTER + level)
    except (ValueError, TypeError):
        return f"{SeatWord.COMPUTER}{level}"


def choices(game_id: str, remote: bool = False) -> list[SeatKind]:
    """The kinds "Who plays?" may offer for a seat of this game: a person here, the computer
    at each of the game's levels and, with ``remote`` (a page that can connect; never the
    first seat), a friend online."""
    return [kind for cls in KINDS for kind in cls.offered(game_id, remote)]


__all__ = [
    "KINDS",
    "LEVEL_NAMES",
    "PEOPLE",
    "PERSON",
    "REMOTE",
    "Computer",
    "Driven",
    "Person",
    "Remote",
    "RemoteComputer",
    "SeatKind",
    "SeatPlayer",
    "SeatWord",
    "Table",
    "TheComputer",
    "Thinking",
    "choices",
    "computer",
    "level_name",
    "seat_kind",
]
