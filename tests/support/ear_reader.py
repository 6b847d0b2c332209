"""A blind player's ears and hands on the game's page (issue 46): keys in; out, only what a
screen reader gets from Chromium: the accessibility tree (the DevTools protocol's
``Accessibility.getFullAXTree``: the focused node's name, the mirror's nodes) and the lines put
into the live regions. Nothing of the game's Python is read; the only other thing asked of the
page is the test driver's frame count, to know the game has seen a key.

    ear = Listener(client)             # a ClientPage, its first frame drawn
    ear.press("Tab"); ear.focused()    # "Screen reader"
    ear.heard                          # every line heard so far: (text, urgent)
"""

from __future__ import annotations

import re
import time

#: the hint's plan as the ear says it (game/ui/ear/table_words.py ``plan_words``)
PLAN = re.compile(r"(?:(\d+) cards from )?.+? from (.+?) (?:onto .+?, |to )(.+)\.$")
TURN = re.compile(r"Turn a card from (.+)\.$")


def parse_plan(words: str) -> tuple[str, str | None, int] | None:
    """(source pile, target pile or None for a turn, cards moved), or None: not a plan."""
    m = TURN.match(words)
    if m:
        return m.group(1), None, 1
    m = PLAN.match(words)
    if m:
        return m.group(2), m.group(3), int(m.group(1) or 1)
    return None


class Listener:
    def __init__(self, client) -> None:
        self.client, self.page = client, client.page
        self.cdp = self.page.context.new_cdp_session(self.page)
        self.seen: set[int] = set()  # the text nodes of lines already heard
        self.heard: list[tuple[str, bool]] = []
        self.pressed_at = 0  # how much had been heard when the last key was pressed

    # ------------------------------------------------------------------ the tree
    def tree(self) -> list[dict]:
        return self.cdp.send("Accessibility.getFullAXTree")["nodes"]

    def listen(self, nodes: list[dict] | None = None) -> list[tuple[str, bool]]:
        """The lines put into the live regions since the last look, in order."""
        nodes = nodes if nodes is not None else self.tree()
        by_id = {n["nodeId"]: n for n in nodes}
        new = []
        for region in nodes:
            if region.get("role", {}).get("value") != "log":
                continue
            props = {p["name"]: p["value"].get("value") for p in region.get("properties", [])}
            urgent = props.get("live") == "assertive"
            for line in region.get("childIds", []):
                node = by_id.get(line)
                if node is None:
                    continue
                key = node.get("backendDOMNodeId")
                text = _text(node, by_id)
                if key is not None and key not in self.seen and text:
                    self.seen.add(key)
                    new.append((text, urgent))
        self.heard.extend(new)
        return new

    def focused(self, nodes: list[dict] | None = None) -> str:
        """The name of the node a screen reader is on (the focused one)."""
        for n in nodes if nodes is not None else self.tree():
            props = {p["name"]: p["value"].get("value") for p in n.get("properties", [])}
            if props.get("focused") and n.get("role", {}).get("value") != "RootWebArea":
                return n.get("name", {}).get("value", "")
        return ""

    def names(self, role: str = "button") -> list[str]:
        return [
            n.get("name", {}).get("value", "")
            for n in self.tree()
            if not n.get("ignored") and n.get("role", {}).get("value") == role
        ]

    # ------------------------------------------------------------------ the hands
    def press(self, key: str, frames: int = 2) -> list[tuple[str, bool]]:
        """A key, then the game's next frames; what was heard meanwhile."""
        self.listen()
        self.pressed_at = len(self.heard)
        self.page.keyboard.press(key)
        self.client.wait_frames(frames)
        return self.listen()

    def wait_for(self, test, timeout_s: float = 30, key: str | None = None) -> str:
        """Listen (pressing ``key`` each time, if given) until a line heard passes ``test``,
        counting what the last key brought; that line."""
        end = time.monotonic() + timeout_s
        if key is None:
            for text, _urgent in self.heard[self.pressed_at :]:
                if test(text):
                    return text
        while time.monotonic() < end:
            for text, _urgent in self.press(key) if key else self._wait():
                if test(text):
                    return text
        raise AssertionError(f"not heard in {timeout_s} s; last: {self.heard[-8:]}")

    def _wait(self) -> list[tuple[str, bool]]:
        self.client.wait_frames(2)
        return self.listen()

    def walk_to(self, pile: str, key: str = "Tab", limit: int = 40) -> None:
        """Tab (or ``key``) until the focus is on ``pile`` ("Column 3")."""
        for _ in range(limit):
            nodes = self.tree()
            self.listen(nodes)
            if self.focused(nodes).startswith(pile + ":"):
                return
            self.page.keyboard.press(key)
            self.client.wait_frames(2)
        raise AssertionError(f"{pile} not reached: on {self.focused()!r}")


def _text(node: dict, by_id: dict) -> str:
    name = node.get("name", {}).get("value", "")
    if name:
        return name
    return " ".join(_text(by_id[c], by_id) for c in node.get("childIds", []) if c in by_id).strip()


__all__ = ["Listener", "parse_plan"]
