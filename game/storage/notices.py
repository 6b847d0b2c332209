"""What the player is told about their saved progress: a record damaged, newer, unreadable,
kept aside, too large, the storage full... One whole sentence each, in English here (marked
``N_``) and translated when said, in the current language.

    said(Record(Kind.GAME, "canfield"), Case.NEWER_REPLACED)   # "Your saved Canfield game ..."

The sentences about a record (``SAID``) are by its kind and the case, since German and French
verbs, participles and pronouns follow the record's gender and number.
"""

from __future__ import annotations

from enum import StrEnum

from game.core import info
from game.core.language import N_, _
from game.storage.records import MAX_RECORD, Kind, Record


class Case(StrEnum):
    """What happened to a record, as its notice says it."""

    DAMAGED = "damaged"  # it can't be used: play starts clean
    NEWER = "newer"  # a newer version wrote it: play starts clean
    UNREAD = "unread"  # the storage can't read it now: it is left untouched
    ASIDE_NOW = "aside now"  # a damaged record waiting for room is now kept aside
    NEWER_REPLACED = "newer, replaced"  # found newer just before a write: being replaced
    DAMAGED_REPLACED = "damaged, replaced"  # found damaged just before a write: being replaced
    TOO_LARGE = "too large"  # too large to write: the last one that fitted is kept


class Doing(StrEnum):
    """What the game was keeping when a bug stopped it (for the log and the notice)."""

    SAVE_GAME = "save the game"
    KEEP_SHARED = "keep the shared table"


# What notices say of a record, by its kind and case. English here, translated when said
# (``said``).
SAID: dict[Kind, dict[Case, str]] = {
    Kind.GAME: {
        # Translators: a notice; {title} is a game's name
        Case.DAMAGED: N_("Your saved {title} game couldn't be read, so a new game starts."),
        Case.NEWER: N_(
            "Your saved {title} game was saved by a newer version of the game, so a new "
            "game starts."
        ),
        # Translators: {error} is what the storage said (in English)
        Case.UNREAD: N_(
            "Your saved {title} game can't be read right now ({error}). The stored copy "
            "is left untouched, and nothing is saved over it until the game is "
            "restarted."
        ),
        Case.ASIDE_NOW: N_(
            "Your saved {title} game, which couldn't be read, is now kept aside, and "
            "saving goes on."
        ),
        Case.NEWER_REPLACED: N_(
            "Your saved {title} game was saved by a newer version of the game, "
            "and is being replaced."
        ),
        Case.DAMAGED_REPLACED: N_(
            "Your saved {title} game couldn't be read, and is being replaced."
        ),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        Case.TOO_LARGE: N_(
            "This {title} game has grown too long to save ({size}). The last save "
            "that fitted is kept; moves from now on are not saved."
        ),
    },
    Kind.STATS: {
        Case.DAMAGED: N_(
            "Your {title} statistics couldn't be read, so they start again from zero."
        ),
        Case.NEWER: N_(
            "Your {title} statistics was saved by a newer version of the game, so they "
            "start again from zero."
        ),
        # Translators: {error} is what the storage said (in English)
        Case.UNREAD: N_(
            "Your {title} statistics can't be read right now ({error}). The stored copy "
            "is left untouched, and nothing is saved over it until the game is "
            "restarted."
        ),
        Case.ASIDE_NOW: N_(
            "Your {title} statistics, which couldn't be read, is now kept aside, and "
            "saving goes on."
        ),
        Case.NEWER_REPLACED: N_(
            "Your {title} statistics was saved by a newer version of the game, "
            "and is being replaced."
        ),
        Case.DAMAGED_REPLACED: N_(
            "Your {title} statistics couldn't be read, and is being replaced."
        ),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        Case.TOO_LARGE: N_(
            "Your {title} statistics can't be saved: too large ({size}). What was "
            "saved before is kept."
        ),
    },
    Kind.MATCH: {
        Case.DAMAGED: N_("The saved {title} match score couldn't be read, so a new match starts."),
        Case.NEWER: N_(
            "The saved {title} match score was saved by a newer version of the game, so "
            "a new match starts."
        ),
        # Translators: {error} is what the storage said (in English)
        Case.UNREAD: N_(
            "The saved {title} match score can't be read right now ({error}). The "
            "stored copy is left untouched, and nothing is saved over it until the game "
            "is restarted."
        ),
        Case.ASIDE_NOW: N_(
            "The saved {title} match score, which couldn't be read, is now kept "
            "aside, and saving goes on."
        ),
        Case.NEWER_REPLACED: N_(
            "The saved {title} match score was saved by a newer version of the "
            "game, and is being replaced."
        ),
        Case.DAMAGED_REPLACED: N_(
            "The saved {title} match score couldn't be read, and is being replaced."
        ),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        Case.TOO_LARGE: N_(
            "The saved {title} match score can't be saved: too large ({size}). What "
            "was saved before is kept."
        ),
    },
    Kind.SETTINGS: {
        Case.DAMAGED: N_("Your settings couldn't be read, so the defaults are used."),
        Case.NEWER: N_(
            "Your settings was saved by a newer version of the game, so the defaults are used."
        ),
        # Translators: {error} is what the storage said (in English)
        Case.UNREAD: N_(
            "Your settings can't be read right now ({error}). The stored copy is left "
            "untouched, and nothing is saved over it until the game is restarted."
        ),
        Case.ASIDE_NOW: N_(
            "Your settings, which couldn't be read, is now kept aside, and saving goes on."
        ),
        Case.NEWER_REPLACED: N_(
            "Your settings was saved by a newer version of the game, and is being replaced."
        ),
        Case.DAMAGED_REPLACED: N_("Your settings couldn't be read, and is being replaced."),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        Case.TOO_LARGE: N_(
            "Your settings can't be saved: too large ({size}). What was saved before is kept."
        ),
    },
    Kind.SHARED: {
        Case.DAMAGED: N_(
            "The shared table you were at couldn't be read, so it can't be joined again."
        ),
        Case.NEWER: N_(
            "The shared table you were at was saved by a newer version of the game, so "
            "it can't be joined again."
        ),
        # Translators: {error} is what the storage said (in English)
        Case.UNREAD: N_(
            "The shared table you were at can't be read right now ({error}). The stored "
            "copy is left untouched, and nothing is saved over it until the game is "
            "restarted."
        ),
        Case.ASIDE_NOW: N_(
            "The shared table you were at, which couldn't be read, is now kept "
            "aside, and saving goes on."
        ),
        Case.NEWER_REPLACED: N_(
            "The shared table you were at was saved by a newer version of the "
            "game, and is being replaced."
        ),
        Case.DAMAGED_REPLACED: N_(
            "The shared table you were at couldn't be read, and is being replaced."
        ),
        # Translators: {size} is how large it is: "2.3 MB; the limit is 2 MB"
        Case.TOO_LARGE: N_(
            "The shared table you were at can't be saved: too large ({size}). What "
            "was saved before is kept."
        ),
    },
}


BUGS: dict[Doing, str] = {  # a notice: the game couldn't keep what it was keeping
    # Translators: {error} is what went wrong (in English)
    Doing.SAVE_GAME: N_("The game couldn't save the game ({error})."),
    # Translators: {error} is what went wrong (in English)
    Doing.KEEP_SHARED: N_("The game couldn't keep the shared table ({error})."),
}


def title(game_id: str) -> str:
    """A game's title for notices, in the current language (the id itself for a game this
    version does not have)."""
    try:
        return _(info(game_id).title)
    except ValueError:
        return game_id


def said(record: Record, case: Case, **fields: str) -> str:
    """The notice of ``case`` about ``record``, in the current language."""
    game = record.game
    sentence = _(SAID[record.kind][case])
    return sentence.format(title=title(game) if game else "", **fields)


def too_large(record: Record, size: int) -> str:
    """A record of ``size`` characters is too large to write."""
    # Translators: how large a record is, in a notice: "2.3 MB; the limit is 2 MB"
    megabytes = _("{size} MB; the limit is {limit} MB").format(
        size=f"{size / 1e6:.1f}", limit=f"{MAX_RECORD / 1e6:g}"
    )
    return said(record, Case.TOO_LARGE, size=megabytes)


def kept_aside(notice: str) -> str:
    """A record that couldn't be read (``notice`` says so) is now kept aside."""
    # Translators: {notice} is a whole sentence about a record that couldn't be read
    return _("{notice} A copy is kept aside.").format(notice=notice)


def no_room_aside(notice: str) -> str:
    """A record that couldn't be read can't be kept aside: there is no room."""
    # Translators: {notice} is a whole sentence about a record that couldn't be
    # read (your saved game, your statistics...); "it" is that record
    return _(
        "{notice} There is no room to keep a copy of it, so it is left "
        "where it is, and nothing is saved over it until that can be "
        "done."
    ).format(notice=notice)


def cannot_keep_aside(notice: str, error: str) -> str:
    """A record that couldn't be read can't be kept aside: the storage said ``error``."""
    # Translators: {notice} is a whole sentence about a record that couldn't be
    # read (your saved game, your statistics...); "it" is that record; {error} is
    # what the storage said (in English)
    return _(
        "{notice} A copy of it can't be kept aside ({error}), so it is "
        "left where it is, and nothing is saved over it until that can "
        "be done."
    ).format(notice=notice, error=error)


def storage_full() -> str:
    return _(
        "The storage is full, so progress can't be saved right now. "
        "Clearing this site's data in the browser (or freeing disk "
        "space) makes room."
    )


def cannot_save(error: str) -> str:
    # Translators: {error} is what the storage said (in English)
    return _("Progress can't be saved right now ({error}).").format(error=error)


def cannot_remove(error: str) -> str:
    # Translators: {error} is what the storage said (in English)
    return _("An old save can't be removed ({error}).").format(error=error)


def bug(doing: Doing, error: str) -> str:
    """A bug kept the game from ``doing`` what it was doing; ``error`` what went wrong."""
    return _(BUGS[doing]).format(error=error)


__all__ = [
    "BUGS",
    "SAID",
    "Case",
    "Doing",
    "bug",
    "cannot_keep_aside",
    "cannot_remove",
    "cannot_save",
    "kept_aside",
    "no_room_aside",
    "said",
    "storage_full",
    "title",
    "too_large",
]
