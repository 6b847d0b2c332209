"""What a game says about itself: its description, declared once next to its rules.

    from game.core import info
    d = info("russian-bank")
    d.title, d.blurb, d.players        # "Russian Bank", "...", (2,)
    d.options                          # {"mode": "stop", "own_waste_playable": False, ...}
    d.option("mode").choices           # ("stop", "strict"), with labels a player understands
    d.rules                            # the in-game Rules screen's text (rules_text, below)
    d.table                            # the kind of table it needs: TableKind.SOLITAIRE ...

The title screen, Settings, Statistics, saves and the deal lists iterate these descriptions;
nothing outside a game's own files needs to know a game id.

A game's rules are written once, in ``game/core/rules/<game id>.md`` (package data, shipped with
the game): its numbered rules in a player's words, the numbers its tests are named after. Lines
that begin with ``>`` (Markdown quotes) are for developers (notation, code names, sources and
decisions) and the Rules screen leaves them out; ``rules_text`` makes the screen's text from the
rest (docs/rules/README.md describes the format).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from game.core.language import N_, current

RULES_DIR = Path(__file__).with_name("rules")
_STARTS_PARAGRAPH = re.compile(r"(\d+\.|-) ")  # a numbered rule or a list item


def rules_file(game_id: str, language: str | None = None) -> Path:
    """The one file that holds a game's rules (English), or its twin in ``language``
    (``<game id>.<code>.md``: the same numbered rules, docs/languages.md)."""
    if language and language != "en":
        return RULES_DIR / f"{game_id}.{language}.md"
    return RULES_DIR / f"{game_id}.md"


def player_text(markdown: str) -> str:
    """The Rules screen's text from a rules file: headings (``#`` and ``##``) as lines that begin
    with ``# ``, then one line per paragraph (a numbered rule or a list item starts one, a blank
    line ends one; their lines are joined), a blank line before each heading but the first;
    developer notes (lines that begin with ``>``) left out."""
    out: list[str] = []
    para: list[str] = []

    def end_paragraph() -> None:
        if para:
            out.append(" ".join(para))
            para.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        if line.startswith(">"):
            continue
        if not line:
            end_paragraph()
        elif line.startswith("#"):
            end_paragraph()
            if out:
                out.append("")
            out.append("# " + line.lstrip("#").strip())
        else:
            if _STARTS_PARAGRAPH.match(line):
                end_paragraph()
            para.append(line)
    end_paragraph()
    return "\n".join(out) + "\n"


def rules_text(game_id: str, language: str | None = None) -> str:
    """A game's rules as the Rules screen shows them, from its rules file in ``language`` (by
    default the language spoken now; English where the twin is missing)."""
    return _rules_text(game_id, current() if language is None else language)


@cache
def _rules_text(game_id: str, language: str) -> str:
    path = rules_file(game_id, language)
    if not path.is_file():
        path = rules_file(game_id)
    return player_text(path.read_text(encoding="utf-8"))


#: a choice of an option: a flag, a number, or a word (a StrEnum of the game's, which saves and
#: messages carry as its text)
OptionValue = bool | int | str


class TableKind(StrEnum):
    """The kind of table a game is played at (the client builds its chrome by it)."""

    SOLITAIRE = "solitaire"  # one player, with the solver's help
    DUEL = "duel"  # two players taking turns, with a side panel
    ROUND = "round"  # two to four players round a table


@dataclass(frozen=True)
class Option:
    """One rule option (or match setting): its name, default, allowed values and the words a
    player reads in Settings (English, marked ``N_`` where they are written: whoever shows
    them translates them, ``_(option.label)``)."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...]
    label: str  # "Russian Bank priorities"
    choice_labels: tuple[str, ...] = ()  # one per choice; str(choice) when left out
    # Translators: in Settings, beside a setting: when a change of it takes effect
    note: str = N_("new deals")  # when a change takes effect

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")

    @classmethod
    def flag(cls, name: str, label: str, choice_labels: tuple[str, ...] = ()) -> Option:
        """An option that is off or on, off by default (labels: off's, then on's)."""
        return cls(name, False, (False, True), label, choice_labels)

    def choice(self, value: object) -> OptionValue | None:
        """The choice ``value`` stands for, or None: one of the same type (True is not 1), or
        a word's text (a save's, a message's) for the word."""
        for c in self.choices:
            if value == c and (
                type(value) is type(c) or isinstance(c, StrEnum) and type(value) is str
            ):
                return c
        return None

    def allows(self, value: object) -> bool:
        """The value is one of the choices, of the same type (True is not 1)."""
        return self.choice(value) is not None

    def labelled(self) -> list[tuple[OptionValue, str]]:
        labels = self.choice_labels or tuple(str(c) for c in self.choices)
        return list(zip(self.choices, labels))


@dataclass(frozen=True)
class GameInfo:
    """A game's description. ``table`` names the kind of table the client builds for it
    ("solitaire": one player with the solver's help; "duel": players taking turns with a side
    panel); ``match`` is the match's target score, for games played as a match (``match_to``).
    ``title`` and ``blurb`` are English, marked ``N_`` where they are written: whoever shows
    them translates them, ``_(info.title)``. What most games are, one player at a solitaire's
    table, is the default: a solitaire's record says only what is its own."""

    id: str
    title: str
    blurb: str
    players: tuple[int, ...] = (1,)
    option_list: tuple[Option, ...] = ()
    table: TableKind = TableKind.SOLITAIRE
    match: Option | None = None

    @property
    def rules(self) -> str:
        """The in-game Rules screen's text, from ``game/core/rules/<id>.md``."""
        return rules_text(self.id)

    @property
    def options(self) -> dict[str, Any]:
        """Option name -> default (each value of its option's type: Any)."""
        return {o.name: o.default for o in self.option_list}

    def option(self, name: str) -> Option:
        for o in self.option_list:
            if o.name == name:
                return o
        raise KeyError(name)

    def check_options(self, options: object) -> dict[str, Any]:
        """All options, defaults filled in (a word as the game's StrEnum); ValueError naming
        what is wrong."""
        if not isinstance(options, dict):
            raise ValueError("options must be a mapping")
        out = self.options
        for name, value in options.items():
            try:
                option = self.option(name)
            except (KeyError, TypeError):
                known = ", ".join(self.options) or "none"
                raise ValueError(
                    f"unknown option {name!r} for {self.id} (options: {known})"
                ) from None
            choice = option.choice(value)
            if choice is None:
                raise ValueError(
                    f"option {name} must be one of {list(map(_plain, option.choices))}, "
                    f"not {value!r}"
                )
            out[name] = choice
        return out

    @property
    def multiplayer(self) -> bool:
        return max(self.players) > 1


def match_to(default: int, choices: tuple[int, ...]) -> Option:
    """The match setting of a game played as a match: the score that wins it, from
    ``choices``."""
    # Translators: a setting: the score that wins a match; "new matches": when a change counts
    return Option("match_target", default, choices, N_("Match to"), note=N_("new matches"))


def _plain(value: OptionValue) -> OptionValue:
    """A choice as plain data (a word as its text), for messages that show choices."""
    return str(value) if isinstance(value, StrEnum) else value


__all__ = [
    "GameInfo",
    "Option",
    "OptionValue",
    "TableKind",
    "match_to",
    "player_text",
    "rules_file",
    "rules_text",
]
