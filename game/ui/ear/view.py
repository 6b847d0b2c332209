"""What a screen shows, for the ear: a title, a list of nodes (the piles, the buttons, the lines
of text drawn) and which one has the keyboard's focus. Every scene gives one
(``Scene.ear_view``); the page's mirror (web/client/ear.js) builds the page's accessibility
tree from it, the desktop's voice reads its focus.

The view is plain data, compared whole: the mirror is rebuilt only when it changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Role(StrEnum):
    """What a node is to the ear (its ARIA role in the page's mirror)."""

    BUTTON = "button"  # a button drawn (pressed with Enter)
    PILE = "pile"  # a pile of cards on the table (focused with the arrows, Tab)
    TEXT = "text"  # a line of text drawn (a dialog's question, a screen's lines)
    HEADING = "heading"  # a screen's or a group's heading


@dataclass(frozen=True)
class Node:
    """One thing on the screen: ``key`` is unique in its view and stays the same while the
    thing does (focus follows it); ``name`` what is said of it, in the language spoken."""

    key: str
    role: Role
    name: str
    disabled: bool = False
    pressed: bool | None = None  # a switch's or a picked-up pile's state; None: not a switch

    def to_json(self) -> dict:
        data: dict = {"id": self.key, "role": str(self.role), "name": self.name}
        if self.disabled:
            data["disabled"] = True
        if self.pressed is not None:
            data["pressed"] = self.pressed
        return data


@dataclass(frozen=True)
class View:
    """A screen for the ear: its ``title`` (said when the screen comes), its ``nodes`` in the
    order the keys walk them, and the ``focus`` (a node's key, or None)."""

    title: str
    nodes: tuple[Node, ...] = ()
    focus: str | None = None
    lang: str = "en"
    extra: dict = field(default_factory=dict, compare=False)

    def node(self, key: str | None) -> Node | None:
        return next((n for n in self.nodes if n.key == key), None)

    def to_json(self) -> dict:
        return {
            "title": self.title,
            "lang": self.lang,
            "nodes": [n.to_json() for n in self.nodes],
            "focus": self.focus,
        }


__all__ = ["Node", "Role", "View"]
