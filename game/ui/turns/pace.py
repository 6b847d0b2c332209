"""The computer's pace at a table with turns (Settings' ``pace``: how long the computer waits
between its moves), as the side panel shows it and says it when - or + changes it."""

from __future__ import annotations

from game.core.language import N_, NP_, _, pgettext
from game.session import PACES

#: the computer's pace (Settings.pace) as the side panel shows it
PACE_WORDS = {
    "slow": NP_("the computer's pace", "Slow"),
    "normal": NP_("the computer's pace", "Normal"),
    "fast": NP_("the computer's pace", "Fast"),
    "instant": NP_("the computer's pace", "Instant"),
}
#: ... said when it changes
PACE_SAID = {
    "slow": N_("The computer plays at a slow pace."),
    "normal": N_("The computer plays at a normal pace."),
    "fast": N_("The computer plays at a fast pace."),
    "instant": N_("The computer plays instantly."),
}


def pace_word(pace: str) -> str:
    """The pace in the panel's word ("Fast")."""
    return pgettext(*PACE_WORDS[pace]) if pace in PACE_WORDS else pace.capitalize()


def next_pace(pace: str, step: int) -> str:
    """The pace one step faster (``step`` +1: shorter pauses) or slower (-1), within the
    paces there are."""
    names = list(PACES)
    return names[min(len(names) - 1, max(0, names.index(pace) + step))]


def pace_said(pace: str) -> str:
    """What the table says when the pace changes to ``pace``."""
    return _(PACE_SAID[pace])


__all__ = ["PACE_SAID", "PACE_WORDS", "next_pace", "pace_said", "pace_word"]
