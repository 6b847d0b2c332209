"""The client: one App, a frame loop that yields every frame, and scenes.

    asyncio.run(main())            # the browser (pygbag) and the desktop alike

``App.step(dt_ms)`` runs one frame: read input, update, draw, flip. The frame loop in ``main``
calls it 60 times a second; tests call it directly after posting real pygame events.
Mouse and finger input are turned into one pointer in logical (1280x720) coordinates.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys

import pygame

from . import theme
from .services import Saves

FPS = 60
WEB = sys.platform == "emscripten"

DEFAULT_SETTINGS = {
    "four_colour": False,
    "auto_move": True,  # safe cards go to the foundations by themselves
    "animations": True,
    "level": "medium",  # the Russian Bank opponent
    "rb_mode": "stop",  # "stop" or "strict"
    "pace": "normal",  # how fast the computer's moves are shown
    "own_waste_playable": False,
    "reserve_size": 13,
    "match_target": 300,
    "supermove": False,  # Forty Thieves option
    "winnable_only": False,  # new deals come from the solver's list of winnable deals
    "winnable_light": False,  # a game the light spoke in counts as assisted
    "last_game": None,
}
PACES = {"slow": 1400, "normal": 800, "fast": 350, "instant": 60}  # ms between computer moves
LEVELS = ("easy", "medium", "hard")


#: the App running now (the last one made): a handle for tests and for the browser harness
current: "App | None" = None


class App:
    def __init__(self, saves=None, flags: int | None = None, screen=None):
        global current
        current = self
        pygame.init()
        if screen is None:
            if flags is None:
                flags = 0 if WEB else pygame.SCALED | pygame.RESIZABLE
            try:
                screen = pygame.display.set_mode((theme.W, theme.H), flags)
            except pygame.error:
                screen = pygame.display.set_mode((theme.W, theme.H))
            pygame.display.set_caption("Patience Parlour")
        self.screen = screen
        self.saves = saves if saves is not None else Saves()
        self.settings = dict(DEFAULT_SETTINGS)
        try:
            stored = self.saves.settings() or {}
        except Exception:  # a broken store must never stop the game
            stored = {}
        for k, v in stored.items():
            if k in DEFAULT_SETTINGS and (type(v) is type(DEFAULT_SETTINGS[k])
                                          or DEFAULT_SETTINGS[k] is None):
                self.settings[k] = v
        self.notices: list[str] = list(getattr(self.saves, "notices", []) or [])
        self.time_ms = 0.0
        self.running = True
        self.clock = pygame.time.Clock()
        self.tables: dict = {}
        self.pointer_finger = None
        self.keyboard_used = False
        self.frame_ms = 0.0
        from .screens import TitleScene
        self.scene = None
        self.show(TitleScene(self))

    # ----------------------------------------------------------------- scenes
    def show(self, scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        scene.enter()

    def open_game(self, game_id: str, new: bool = False):
        """The table of a game: the one in memory, else the saved deal, else a new deal."""
        from .table import make_table
        table = self.tables.get(game_id)
        if table is None:
            table = make_table(self, game_id)
            self.tables[game_id] = table
        if new:
            table.new_deal(confirm=False)
        self.settings["last_game"] = game_id
        self.save_settings()
        self.show(table)
        return table

    def title(self) -> None:
        from .screens import TitleScene
        self.show(TitleScene(self))

    def save_settings(self) -> None:
        try:
            self.saves.save_settings(dict(self.settings))
        except Exception as e:  # reported, never fatal
            self.notice(f"Settings could not be saved: {e}")
        self.collect_notices()

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def collect_notices(self) -> None:
        store = getattr(self.saves, "notices", None)
        if store:
            self.notices.extend(store)
            store.clear()

    def quit(self) -> None:
        self.running = False

    # ----------------------------------------------------------------- input
    def to_logical(self, fx: float, fy: float) -> tuple[int, int]:
        """A finger's normalised window position to canvas coordinates (SCALED letterbox)."""
        ww, wh = pygame.display.get_window_size() if not WEB else (theme.W, theme.H)
        ww, wh = max(ww, 1), max(wh, 1)
        scale = min(ww / theme.W, wh / theme.H)
        ox, oy = (ww - theme.W * scale) / 2, (wh - theme.H * scale) / 2
        return (int((fx * ww - ox) / scale), int((fy * wh - oy) / scale))

    def dispatch(self, event) -> None:
        target = self.scene.modal or self.scene
        t = event.type
        if t == pygame.QUIT:
            self.running = False
        elif t == pygame.MOUSEBUTTONDOWN and not getattr(event, "touch", False):
            if event.button == 1:
                self.keyboard_used = False
                target.pointer_down(event.pos)
            elif event.button in (4, 5):
                target_scene = self.scene
                if target is target_scene:
                    target_scene.wheel(1 if event.button == 4 else -1)
        elif t == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            target.pointer_move(event.pos)
        elif t == pygame.MOUSEBUTTONUP and not getattr(event, "touch", False):
            if event.button == 1:
                target.pointer_up(event.pos)
        elif t == pygame.MOUSEWHEEL:
            if target is self.scene:
                self.scene.wheel(event.y)
        elif t == pygame.FINGERDOWN:
            if self.pointer_finger is None:
                self.pointer_finger = event.finger_id
                self.keyboard_used = False
                pos = self.to_logical(event.x, event.y)
                target.pointer_move(pos)
                target.pointer_down(pos)
        elif t == pygame.FINGERMOTION:
            if event.finger_id == self.pointer_finger:
                target.pointer_move(self.to_logical(event.x, event.y))
        elif t == pygame.FINGERUP:
            if event.finger_id == self.pointer_finger:
                self.pointer_finger = None
                target.pointer_up(self.to_logical(event.x, event.y))
        elif t == pygame.KEYDOWN:
            self.keyboard_used = True
            target.key(event)

    # ----------------------------------------------------------------- the frame
    def step(self, dt: float = 1000 / FPS) -> None:
        """One frame: events, update (dt milliseconds of game time), draw, flip."""
        self.time_ms += dt
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        scene = self.scene
        scene.update(dt)
        if scene.modal is not None:
            scene.modal.update(dt)
        self.draw()
        pygame.display.flip()

    def draw(self) -> None:
        scene = self.scene
        scene.draw(self.screen)
        if scene.modal is not None:
            scene.modal.draw(self.screen)

    def screenshot(self, path: str) -> None:
        self.draw()
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        pygame.image.save(self.screen, path)


def settle_memory() -> None:
    """Once after start-up: move everything made so far (modules, fonts, card art, the title
    screen) out of the garbage collector's sight. A full collection then walks only what was
    made since, so the rare one that happens during play stays short (natively about 5 ms for
    the whole start-up heap, a few times that in WebAssembly). Objects that are frozen are
    still freed by reference counting; only cycles among them would be kept."""
    gc.collect()
    gc.freeze()


async def main(saves=None) -> None:
    """The frame loop: one frame, then yield to the browser (or the desktop event loop)."""
    app = App(saves)
    settle_memory()
    while app.running:
        # In the browser the runtime paces ``await asyncio.sleep(0)`` to the page's animation
        # frames, so the clock only measures; tick(FPS) would busy-wait a core there.
        dt = app.clock.tick() if WEB else app.clock.tick(FPS)
        app.step(min(dt, 100))
        await asyncio.sleep(0)
    if hasattr(app.scene, "leave"):
        app.scene.leave()
    if not WEB:
        pygame.quit()
