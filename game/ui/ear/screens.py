"""Screens for the ear: a scene's or a dialog's buttons, lines and heading as a ``View``.

Every button drawn is a node named as drawn (its label), in the order the keys walk them;
a scene or dialog adds the lines it draws (``ear_lines``) and its heading (``ear_title``)."""

from __future__ import annotations

from typing import Any

from game.core.language import current
from game.ui.ear.view import Node, Role, View

BUTTON = "b:"  # a button node's key: "b:" and the button's name


def button_nodes(row: Any) -> list[Node]:
    """The visible buttons of ``row`` (a Scene or a Modal), named as drawn."""
    return [
        Node(BUTTON + b.name, Role.BUTTON, b.label, disabled=not b.enabled)
        for b in row.buttons
        if b.visible and b.label
    ]


def choice_nodes(row: Any, choice: Any) -> list[Node]:
    """The visible buttons of ``row``, a choice among others named with its row: ``choice``
    gives a button's (row label, chosen) or None for a plain button. "Player 2: Hard",
    pressed where chosen (the WAI-ARIA toggle button)."""
    nodes = []
    for b in row.buttons:
        if not (b.visible and b.label):
            continue
        of = choice(b)
        if of is None:
            nodes.append(Node(BUTTON + b.name, Role.BUTTON, b.label, disabled=not b.enabled))
        else:
            label, chosen = of
            name = f"{label}: {b.label}" if label else b.label
            nodes.append(Node(BUTTON + b.name, Role.BUTTON, name, not b.enabled, bool(chosen)))
    return nodes


def focused_button(row: Any) -> str | None:
    """The key of the button the keys' focus is on, if any (a disabled one has none)."""
    i = row.focused
    if 0 <= i < len(row.buttons):
        b = row.buttons[i]
        if b.visible and b.enabled:
            return BUTTON + b.name
    return None


def row_view(row: Any, title: str, lines: list[str], nodes: list[Node] | None = None) -> View:
    """A screen or dialog: its heading, the lines it draws, then ``nodes`` (its buttons by
    default), the focus on the focused button."""
    text = [Node(f"t:{i}", Role.TEXT, line) for i, line in enumerate(lines) if line]
    heading = [Node("h:title", Role.HEADING, title)] if title else []
    body = button_nodes(row) if nodes is None else nodes
    return View(title, (*heading, *text, *body), focused_button(row), current())


def activate(row: Any, key: str) -> bool:
    """A screen reader pressed the node ``key`` itself: press that button (if it can be)."""
    if not key.startswith(BUTTON):
        return False
    for i, b in enumerate(row.buttons):
        if b.name == key[len(BUTTON) :] and b.visible and b.enabled:
            row.focused = i
            b.action()
            return True
    return False


__all__ = ["BUTTON", "activate", "button_nodes", "choice_nodes", "focused_button", "row_view"]
