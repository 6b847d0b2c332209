"""Several Apps at one shared table in one process (friends online): each on a screen of its
own, joined by one in-memory relay, driven by input on its own screen (``Screens``; the
``screens`` fixture of tests/ui/conftest.py makes one); the page's window as game/ui/online
reads it (``Page``); Who plays? and Join a friend by input; a phone's canvases and what every
word and button of a screen drawn on one must be (``check_readable``)."""

from __future__ import annotations

import pygame

from game.core import Move
from game.net import MemoryRelay
from game.net import protocol as protocol_module
from game.storage import MemoryStore, Saves
from game.ui import theme
from game.ui.app import App
from game.ui.canvas import CANVAS
from game.ui.online import JoinDialog, RoomScene, SharedTableScene, page_link
from game.ui.who_plays import SeatPicker
from tests.support.client import Driver, Words


class Page:
    """The browser's window as game/ui/online reads it: the address, its history, the clipboard."""

    def __init__(self, href="https://parlour.example/play/"):
        self.location = type("Location", (), {})()
        self.location.href = href
        self.history = self
        self.navigator = type("Navigator", (), {})()
        self.navigator.clipboard = self
        self.copied = []

    def replaceState(self, state, title, url):  # noqa: N802 (the browser's name)
        self.location.href = url

    def writeText(self, text):  # noqa: N802
        self.copied.append(text)


class Screens:
    """The Apps at one table, each on its own screen; frames run on all of them (only one
    ever has input waiting: events are posted and then that App's frame is run)."""

    def __init__(self, monkeypatch):
        self.relay = MemoryRelay()
        self.drivers: list[Driver] = []
        self.monkeypatch = monkeypatch
        self.page = Page()
        monkeypatch.setattr(page_link, "page_window", lambda: self.page)

    def app(self, store=None, page: Page | None = None) -> Driver:
        """A new App (a page opened, or reloaded with the same storage)."""
        if page is not None:
            self.page = page
        app = App(
            Saves(store if store is not None else MemoryStore()),
            screen=pygame.Surface(CANVAS.size).convert(),
            open_room=self.relay.open,
        )
        app.settings.pace = "fast"
        ui = Driver(app)
        self.drivers.append(ui)
        return ui

    def drop(self, ui: Driver) -> None:
        self.drivers.remove(ui)

    def run(self, frames: int = 20, dt: float = 50) -> None:
        for _ in range(frames):
            for ui in self.drivers:
                ui.app.step(dt)

    def agree(self) -> None:
        """Frames until every table is the same and no card is moving."""
        for _ in range(200):
            self.run(1)
            tables = [ui.app.scene for ui in self.drivers]
            if all(
                isinstance(t, SharedTableScene) and t.session is t.shared.session for t in tables
            ) and not any(t.anim.busy for t in tables):
                states = [t.state.to_dict() for t in tables]
                if all(s == states[0] for s in states):
                    return
        raise AssertionError("the screens never agreed")


def play_a_move(ui: Driver) -> Move:
    """The player at this screen plays a legal move by dragging its card (or clicking the
    pile that turns a card)."""
    t = ui.app.scene
    for move in t.state.legal_moves():
        if move.source == move.target:
            if move == t.state.turn_move(move.source):
                ui.click(ui.card_point(move.source))
                return move
            continue
        if move.count == 1 and move.source in t.layout.piles and move.target in t.layout.piles:
            end = t.layout.top_rect(move.target, t.faces(move.target)).center
            ui.drag(ui.card_point(move.source), end)
            return move
    raise AssertionError("no move to play by input")


def type_keys(ui: Driver, text: str) -> None:
    for ch in text:
        ui.post(pygame.KEYDOWN, key=pygame.key.key_code(ch.lower()), mod=0, unicode=ch, scancode=0)
        ui.post(pygame.KEYUP, key=pygame.key.key_code(ch.lower()), mod=0, unicode=ch, scancode=0)
    ui.frames(1)


def host_by_input(ui: Driver, game: str, seats: dict[str, str], players: int | None = None):
    """From the title: the game's button, Who plays? with friends online, Play."""
    ui.click(ui.button(game))
    picker = ui.app.scene.modal
    assert isinstance(picker, SeatPicker)
    if players:
        ui.click(ui.modal_button(f"players={players}"))
    for name, value in seats.items():
        ui.click(ui.modal_button(f"{name}={value}"))
    ui.screenshot(f"shared-who-plays-{game}.png")
    ui.click(ui.modal_button("play"))
    room = ui.app.scene
    assert isinstance(room, RoomScene)
    return room


def join_by_typing(ui: Driver, code: str) -> None:
    """From the title: J, the code typed, Enter."""
    ui.key(pygame.K_j)
    assert isinstance(ui.app.scene.modal, JoinDialog)
    type_keys(ui, code.lower())
    ui.screenshot("shared-join-dialog.png")
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.app.scene, RoomScene)


def fix_deal(monkeypatch, seed: int) -> None:
    monkeypatch.setattr(protocol_module, "deal_seed", lambda game_id, values: seed)


#: a phone's page (CSS px): held sideways (the 1552x720 canvas, 0.542 CSS px per logical
#: px) and upright (768x1662, 0.508)
PHONES = {"sideways": (844, 390), "portrait": (390, 844)}


def placed(words: Words) -> list[tuple[str, pygame.Rect]]:
    """The texts ``words`` saw placed, but the blank ones: (text, where)."""
    return [(s, r) for s, r, *_ in words.written if s.strip()]


def css_height(size: int, bold: bool, css: float) -> float:
    return theme.font(size, bold).get_height() * css


def check_readable(draw, box: pygame.Rect, buttons, words: Words, css: float) -> None:
    """What ``draw`` draws: every word at least 12 CSS px high, every button at least 44 CSS
    px each way with its label inside it, all inside ``box``; no button on another, no text
    on a button or on another text."""
    for b in buttons:
        b._cache.clear()
    words.clear()
    draw()
    assert words.texts
    for s, size, bold, _ in words.texts:
        assert css_height(size, bold, css) >= 12, (s, size, css_height(size, bold, css))
    buttons = [b for b in buttons if b.visible]
    for i, b in enumerate(buttons):
        assert min(b.rect.w, b.rect.h) * css >= 44, (b.name, b.rect)
        assert box.contains(b.rect), (b.name, b.rect, box)
        assert theme.measure(b.label, b.size, b.style != "normal") <= b.rect.w - 8, b.name
        assert b.rect.collidelist([o.rect for o in buttons[i + 1 :]]) == -1, b.name
    written = placed(words)
    for i, (s, rect) in enumerate(written):
        assert box.contains(rect), (s, rect, box)
        assert rect.collidelist([b.rect for b in buttons]) == -1, (s, rect)
        assert rect.collidelist([r for _, r in written[i + 1 :]]) == -1, (s, rect)
