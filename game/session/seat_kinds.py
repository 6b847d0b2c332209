"""Seat kinds: who sits in a seat, as one small object from one registry.

    kind = seat_kind("computer:hard")     # the registry's one object for that seat
    kind.label, kind.local, kind.driven   # "Computer (Hard)", False, "slices"
    kind.calls(session, seat)             # its Stop!/Knock! decision (None: decided elsewhere)
    choices("chinese-patience", remote=True)   # what "Who plays?" may offer for a seat

A kind is also its saved form: it is a ``str`` ("human", "computer:hard", "remote"), so saves
and settings keep the very strings they always had, JSON writes it as that string, and code that
still compares a seat with "human" keeps working while it moves to the kind's answers.

The kinds:

    "human"                  a person at this screen: takes input here ("input")
    "computer:LEVEL"         the computer at a level, thinking here in slices ("slices")
    "remote"                 a person at another screen: its moves come from the network's
                             inbox ("network")
    "remote:computer:LEVEL"  the computer at another screen (a guest's view of the host's
                             computer seat): driven by the network, named as the computer

Each kind answers: ``label`` (for "Who plays?" and headings), ``choice`` (the same, short: a row
of choices, "Person", "Hard"), ``words`` (in a sentence: "the computer", "your friend"),
``heading`` (the seat as a heading when one person here plays it: "You", "Computer",
"Friend"), ``person`` (a person plays it, here or elsewhere), ``local`` (takes
input at this screen), ``driven`` ("input", "slices" or "network"), ``level`` (the computer's, or
None), ``stat_kind`` (what the statistics per seat kind count it under: "person" or the level),
``calls(session, seat)`` (whether it calls Stop!/knocks on the last move now: the computer
decides; a person decides by input here or over the network, so None).
"""

from __future__ import annotations

from game.ai.players import computer_player, levels

HUMAN = "human"
REMOTE = "remote"
_COMPUTER = "computer:"
_REMOTE_COMPUTER = "remote:computer:"


class SeatKind(str):
    """One kind of seat; the string is its saved form. Made only by ``seat_kind``."""

    family = ""  # "human", "computer", "remote"
    person = False
    local = False
    driven = "input"
    level: str | None = None
    remote = False  # sits at another screen

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
        return self.level.capitalize() if self.level else self.label

    @property
    def stat_kind(self) -> str:
        return "person" if self.person else self.level

    def calls(self, session, seat: int) -> bool | None:
        """Whether this seat calls Stop! (knocks) on the last move now; None when the decision
        is made elsewhere (a person's input, here or at another screen)."""
        return None

    def check(self, game_id: str) -> None:
        """ValueError when this kind can't sit at the game's table."""

    def __repr__(self) -> str:
        return f"<seat {str.__repr__(self)}>"

    def __reduce__(self):
        return seat_kind, (str(self),)


class Person(SeatKind):
    family, person, local, driven = "human", True, True, "input"
    label = "Person"
    words, heading = "you", "You"


class Computer(SeatKind):
    family, driven = "computer", "slices"

    @property
    def label(self) -> str:
        return f"Computer ({self.level.capitalize()})"

    words, heading = "the computer", "Computer"

    def calls(self, session, seat: int) -> bool:
        return bool(session._bot(seat).calls_stop(session.state))

    def check(self, game_id: str) -> None:
        computer_player(game_id, self.level)  # ValueError for a level the game doesn't know


class Remote(SeatKind):
    """A person at another screen."""

    family, person, driven, remote = "remote", True, "network", True
    label = "A friend online"
    words, heading = "your friend", "Friend"

    def check(self, game_id: str) -> None:
        from game.core import info
        if max(info(game_id).players) < 2:
            raise ValueError(f"{info(game_id).title} is played alone: no seat for a friend")


class RemoteComputer(Remote):
    """The computer at another screen: the host plays it, a guest sees its moves arrive."""

    family, person = "remote", False

    @property
    def label(self) -> str:
        return f"Computer ({self.level.capitalize()})"

    words, heading = "the computer", "Computer"

    def check(self, game_id: str) -> None:
        super().check(game_id)
        computer_player(game_id, self.level)


_KINDS: dict[str, SeatKind] = {}


def _make(cls, text: str, level: str | None = None) -> SeatKind:
    kind = cls(text)
    if level is not None:
        kind.level = level
    return kind


def seat_kind(seat) -> SeatKind:
    """The registry's kind for a seat's saved form ("human", "computer:hard", "remote",
    "remote:computer:hard") or a kind itself; ValueError for anything else."""
    if isinstance(seat, SeatKind):
        return seat
    if type(seat) is not str:
        raise ValueError(f"a seat is 'human', 'computer:LEVEL' or 'remote', not {seat!r}")
    kind = _KINDS.get(seat)
    if kind is None:
        if seat == HUMAN:
            kind = _make(Person, seat)
        elif seat == REMOTE:
            kind = _make(Remote, seat)
        elif seat.startswith(_COMPUTER) and _level_ok(seat[len(_COMPUTER):]):
            kind = _make(Computer, seat, seat[len(_COMPUTER):])
        elif seat.startswith(_REMOTE_COMPUTER) and _level_ok(seat[len(_REMOTE_COMPUTER):]):
            kind = _make(RemoteComputer, seat, seat[len(_REMOTE_COMPUTER):])
        else:
            raise ValueError(f"a seat is 'human', 'computer:LEVEL' or 'remote', not {seat!r}")
        if len(_KINDS) < 256:  # the registry holds the kinds in use (levels are few)
            _KINDS[seat] = kind
    return kind


def _level_ok(level: str) -> bool:
    return 0 < len(level) <= 32 and level.isascii() and level.isalnum()


def computer(level: str) -> SeatKind | str:
    """The computer at ``level`` (the plain text when it is no level at all, for check_seats to
    refuse in its words)."""
    try:
        return seat_kind(_COMPUTER + level)
    except (ValueError, TypeError):
        return f"{_COMPUTER}{level}"


def as_seen_by_guest(kind: SeatKind, mine: bool) -> SeatKind:
    """A host's seat as a guest's table holds it: the guest's own seat is its person here;
    the host's computer is the computer at another screen; every other person is remote."""
    if mine:
        return seat_kind(HUMAN)
    if kind.level is not None:
        return seat_kind(_REMOTE_COMPUTER + kind.level)
    return seat_kind(REMOTE)


def choices(game_id: str, remote: bool = False) -> list[SeatKind]:
    """The kinds "Who plays?" may offer for a seat of this game: a person here, the computer
    at each of the game's levels and, with ``remote`` (a page that can connect; never the
    first seat), a friend online."""
    from game.core import info
    out = [seat_kind(HUMAN)] + [computer(lv) for lv in levels(game_id)]
    if remote and max(info(game_id).players) > 1:
        out.append(seat_kind(REMOTE))
    return out


__all__ = ["HUMAN", "REMOTE", "Computer", "Person", "Remote", "RemoteComputer", "SeatKind",
           "as_seen_by_guest", "choices", "computer", "seat_kind"]
