"""Where every pile lies on the canvas, how its cards fan out, and hit testing.

A pile is either a stack (only its top card shows; a count badge tells how many) or a fan
(each card offset from the one below; the fan is squeezed to stay inside its limit).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from enum import StrEnum

import pygame

from game.core import Card
from game.core.kinds import PileKind, split_pile_name
from game.core.language import _, pgettext
from game.ui.canvas import CANVAS
from game.ui.corner_letters import rank_text

#: a table's piles as the rules core gives them (``GameState.piles()``): each pile's cards,
#: bottom to top, with whether each lies face up
Piles = dict[str, list[tuple[Card, bool]]]


class Fan(StrEnum):
    """Which way a table's columns fan (the card art puts its corner indices where a fan
    leaves them in sight)."""

    DOWN = "down"  # solitaire columns: the top strip shows
    SIDE = "side"  # Russian Bank's houses: the left or right strip shows


class Badge(StrEnum):
    """Where a stacked pile's count is written."""

    NONE = ""
    BELOW = "below"
    RIGHT = "right"


class CaptionAt(StrEnum):
    """Where a pile's caption ("Reserve") is written."""

    RIGHT = ""  # beside it
    ABOVE = "above"  # over it (where the room beside it is a column's)


@dataclass
class PileGeom:
    name: str
    rect: pygame.Rect  # where the bottom card (or the empty slot) lies
    fan: tuple[int, int] = (0, 0)  # offset per face-up card
    fan_down: tuple[int, int] = (0, 0)  # offset per face-down card
    limit: int = 0  # farthest coordinate a card edge may reach along the fan (0: none)
    label: str = ""  # faint letter on the empty slot (a rank: "A", "K"; shown as ``slot``)
    badge: Badge = Badge.NONE  # where the card count shows
    fan_last: int = 0  # only the top this many cards fan (the rest lie under the first); 0: all
    caption: CaptionAt = CaptionAt.RIGHT  # where its caption is written

    @property
    def stacked(self) -> bool:
        return self.fan == (0, 0)

    @property
    def slot(self) -> str:
        """The letter on the empty slot, in the language spoken now."""
        return rank_text(self.label)

    def positions(self, faces: list[bool]) -> list[tuple[int, int]]:
        """The top-left corner of each card, bottom to top."""
        x, y = self.rect.topleft
        n = len(faces)
        if n == 0:
            return []
        if self.stacked:
            return [(x, y)] * n
        steps = [self.fan if up else self.fan_down for up in faces[:-1]]
        if self.fan_last:  # a waste showing the cards just turned: the others under them
            steps = [(0, 0)] * max(0, n - self.fan_last) + steps[max(0, n - self.fan_last) :]
        total_x = sum(s[0] for s in steps)
        total_y = sum(s[1] for s in steps)
        scale = 1.0
        if self.limit:
            if self.fan[1] > 0 and total_y:
                room = self.limit - self.rect.bottom
                scale = min(1.0, room / total_y) if room > 0 else 0.0
            elif self.fan[0] > 0 and total_x:
                room = self.limit - self.rect.right
                scale = min(1.0, room / total_x) if room > 0 else 0.0
            elif self.fan[0] < 0 and total_x:
                room = self.rect.left - self.limit
                scale = min(1.0, room / -total_x) if room > 0 else 0.0
        out = [(x, y)]
        fx, fy = float(x), float(y)
        for sx, sy in steps:
            fx += sx * scale
            fy += sy * scale
            out.append((round(fx), round(fy)))
        return out


class Layout:
    """The piles of one game on the canvas, built from the game's layout data (layouts/)."""

    def __init__(self, data: dict, shift: int = 0):
        """``shift``: the whole table moved this far right (a side panel on the left)."""
        self.card_w, self.card_h = data["card"]
        self.fan = Fan(data.get("fan", Fan.DOWN))
        self.own_backs = bool(data.get("own_backs", False))
        self.table_left = shift
        self.table_right = data.get("table_right", CANVAS.table_w) + shift
        self.seat_names = [(x + shift, y) for x, y in data.get("seats", ())]
        button = data.get("turn_button")
        self.turn_button = None if button is None else pygame.Rect(button).move(shift, 0)
        self.piles: dict[str, PileGeom] = {}
        #: the piles' captions and the words on their empty places, as the layout data gives
        #: them (marked, English: ``captions`` and ``empty_words`` say them)
        self.caption_messages: dict[str, tuple | str] = {}
        self.empty_messages: dict[str, tuple | str] = {}
        size = (self.card_w, self.card_h)
        for name, x, y, opts in data["piles"]:
            fan = tuple(opts.get("fan", (0, 0)))
            limit = opts.get("limit", 0)
            if limit and fan[0] and not fan[1]:  # a sideways fan's limit is an x
                limit += shift
            self.piles[name] = PileGeom(
                name,
                pygame.Rect((x + shift, y), size),
                fan=fan,
                fan_down=tuple(opts.get("fan_down", (0, 0))),
                limit=limit,
                label=opts.get("slot", ""),
                badge=Badge(opts.get("badge", Badge.NONE)),
                fan_last=opts.get("fan_last", 0),
                caption=CaptionAt(opts.get("caption_at", CaptionAt.RIGHT)),
            )
            if "caption" in opts:
                self.caption_messages[name] = opts["caption"]
            if "empty" in opts:
                self.empty_messages[name] = opts["empty"]
        #: the least of a face-up card that a fan leaves in sight (its step: down fans' y,
        #: side fans' x); 0 when nothing fans. The card art sizes its corner index by it.
        self.reveal = min(
            (abs(g.fan[1]) or abs(g.fan[0]) for g in self.piles.values() if g.fan != (0, 0)),
            default=0,
        )

    @property
    def captions(self) -> dict[str, str]:
        """Each captioned pile's caption ("Reserve"), in the language spoken now."""
        return {name: said(m) for name, m in self.caption_messages.items()}

    @property
    def empty_words(self) -> dict[str, str]:
        """The word on each pile's empty place that has one ("empty"), in the language
        spoken now."""
        return {name: said(m) for name, m in self.empty_messages.items()}

    def card_rects(self, name: str, faces: list[bool]) -> list[pygame.Rect]:
        return [
            pygame.Rect(p, (self.card_w, self.card_h)) for p in self.piles[name].positions(faces)
        ]

    def top_rect(self, name: str, faces: list[bool]) -> pygame.Rect:
        rects = self.card_rects(name, faces)
        return rects[-1] if rects else self.piles[name].rect.copy()

    def extent(self, name: str, faces: list[bool]) -> pygame.Rect:
        rects = self.card_rects(name, faces)
        if not rects:
            return self.piles[name].rect.copy()
        return rects[0].unionall(rects[1:])

    def hit(self, pos, table: dict[str, list]) -> tuple[str, int] | None:
        """(pile name, card index) under ``pos``; index -1 for an empty pile's slot."""
        for name, geom in self.piles.items():
            cards = table.get(name, [])
            faces = [up for _, up in cards]
            rects = self.card_rects(name, faces)
            for i in range(len(rects) - 1, -1, -1):
                if rects[i].collidepoint(pos):
                    return name, i
            if not rects and geom.rect.collidepoint(pos):
                return name, -1
        return None

    @property
    def focus_order(self) -> list[str]:
        return list(self.piles)


def said(message) -> str:
    """A word of the layout data in the language spoken now: marked with NP_ (a context and
    the English), or with N_."""
    if isinstance(message, tuple):
        return pgettext(*message)
    return _(message) if message else message


_LAYOUTS: dict[tuple, Layout] = {}


def layout_for(game_id: str, players: int | None = None, panel_left: bool = False) -> Layout:
    """The game's layout for the canvas in use (made once per game and shape; for a game whose
    layout data is given per number of players, once per number: ``players``, else the
    smallest). ``panel_left``: a landscape table whose side panel lies right of its
    ``table_right`` is moved right, so the panel can lie on the left (the left-handed
    setting); a portrait table has its panel below and is not moved."""
    key = (game_id, players, CANVAS.size, panel_left)
    layout = _LAYOUTS.get(key)
    if layout is None:
        from game.ui.layouts import layout_data

        data = layout_data(game_id, players, portrait=CANVAS.portrait, sideways=bool(CANVAS.rail))
        right = data.get("table_right", CANVAS.table_w)
        shift = CANVAS.table_w - right if panel_left and not CANVAS.portrait else 0
        layout = _LAYOUTS[key] = Layout(data, shift)
    return layout


def card_sizes() -> set[tuple[int, int, str, int]]:
    """Every (card width, height, fan, reveal) the games' tables use on this canvas (for
    making card art early)."""
    from game.core import GAMES

    return {(L.card_w, L.card_h, L.fan, L.reveal) for L in map(layout_for, GAMES)}


__all__ = [
    "Badge",
    "CaptionAt",
    "Fan",
    "Layout",
    "PileGeom",
    "Piles",
    "card_sizes",
    "layout_for",
    "seated",
]


def seated(layout: Layout, seat: int, players: int) -> Layout:
    """The layout as seen from ``seat``: each seat's own piles (a kind with one pile per
    seat: hand0, hand1) and its name where seat 0's were, the others turned round with
    them; the shared piles (foundations, houses) stay where they are."""
    numbers: dict[PileKind, set[int]] = {}
    for name in layout.piles:
        kind, number = split_pile_name(name)
        if number is not None:
            numbers.setdefault(kind, set()).add(number)
    own = {kind for kind, found in numbers.items() if found == set(range(players))}

    def where(name: str) -> str:  # the pile whose place ``name`` takes
        kind, number = split_pile_name(name)
        if number is not None and kind in own:
            return f"{kind}{(number - seat) % players}"
        return name

    out = copy.copy(layout)
    out.piles = {
        name: dataclasses.replace(layout.piles[where(name)], name=name) for name in layout.piles
    }
    out.caption_messages = {
        name: layout.caption_messages[where(name)]
        for name in layout.piles
        if where(name) in layout.caption_messages
    }
    out.empty_messages = {
        name: layout.empty_messages[where(name)]
        for name in layout.piles
        if where(name) in layout.empty_messages
    }
    names = layout.seat_names
    if len(names) == players:
        out.seat_names = [names[(k - seat) % players] for k in range(players)]
    return out
