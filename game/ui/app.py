"""The client: one App, a frame loop that yields every frame, and scenes.

    asyncio.run(main())            # the browser (pygbag) and the desktop alike

``App.step(dt_ms)`` runs one frame: read input, update, draw, flip. The frame loop in ``main``
calls it 60 times a second; tests call it directly after posting real pygame events.
Mouse and finger input are turned into one pointer in logical coordinates (the canvas's:
1280x720, or the portrait canvas chosen at start-up, see canvas.py). No module keeps a handle
on the running App: whoever makes one holds it (``main``'s frame loop, a test; the browser
tests' probes note it at its frames, testbed/client.py).
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import time
import warnings
from collections.abc import Hashable

import pygame

from game.core.language import _
from game.session import Settings
from game.storage import Saves
from game.ui import language_choice
from game.ui import sleep_at_rest as resting
from game.ui.canvas import CANVAS, choose_for_page
from game.ui.ear.ear import Ear
from game.ui.ear.voice import SILENT
from game.ui.ear.voices import reader_running, voice_for
from game.ui.page_turn import WEB, PageTurn, page_window
from game.ui.sound import Sounds
from game.ui.widgets import Scene

FPS = 60
# the player's own input: sound may play from the first one on (browsers' autoplay rules)
UNLOCKING = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN)

# kept free in every frame for the runtime: the browser's own work (compositing the canvas,
# the animation-frame callback) takes more than a desktop window's
FRAME_MARGIN_MS = 6.0 if sys.platform == "emscripten" else 3.0
NOTICE_MS = 6000  # each storage or settings notice is shown this long, oldest first


_PAGE = object()  # App(open_room=...) not given: the page's own (online.room_opener)


class App:
    def __init__(
        self, saves=None, flags: int | None = None, screen=None, open_room=_PAGE, voice=None
    ):
        language_choice.choose("")  # what was asked for, else the system's (the settings' below)
        pygame.init()
        # No joystick or gamepad plays this game. Without SDL's joystick part the browser
        # stops polling the gamepads for the page: about 1% of a core in Chromium's browser
        # process, all the time, measured (BENCHMARKS.md, issue 33).
        pygame.joystick.quit()
        if screen is None:
            if flags is None:
                flags = 0 if WEB else pygame.SCALED | pygame.RESIZABLE
            try:
                screen = pygame.display.set_mode(CANVAS.size, flags)
            except pygame.error:
                screen = pygame.display.set_mode(CANVAS.size)
            self.said_language()
            if not WEB:
                fit_window()
        self.screen = screen
        self.saves = saves if saves is not None else Saves()
        self.notices: list[str] = []  # sentences for the player, shown one at a time
        self._notice_since: float | None = None
        self.collect_notices()
        try:
            stored = self.saves.settings() or {}
        except Exception:  # a broken store must never stop the game
            stored = {}
        if isinstance(stored, dict) and stored.get("language"):  # chosen in Settings
            language_choice.choose(stored["language"])
            self.said_language()
        self.settings, problems = Settings.from_dict(stored)
        for problem in problems:
            self.notice(problem)
        self.sound = Sounds(self.settings)  # silent until the player's first input
        self.window = page_window()
        self.ear = self.make_ear(voice)
        self.page_turn = PageTurn(self.window)  # the phone turned: reload in its shape
        self.time_ms = 0.0
        self.running = True
        self.clock = pygame.time.Clock()
        self.tables: dict = {}
        self.pointer_finger = None
        self.keyboard_used = False
        self.frame_ms = 0.0
        self.frame_start = time.perf_counter()
        self.draw_ms = 0.0
        self._drawn: tuple[int, Hashable] | None = None  # the frame key of what is shown
        self.quiet = False  # the last frame had no input and drew nothing
        self.hidden = False  # the page is hidden (the browser's) or the window minimised
        self.minimised = False
        from game.ui import online

        # opens a room of screens playing together (friends online): the browser's transport
        # where the page can connect, None on the desktop (not offered); tests give their own
        self.open_room = online.room_opener() if open_room is _PAGE else open_room
        self.shared = None  # the shared table open now (online.SharedTableScene), if any
        from game.ui.screens import TitleScene

        self.scene: Scene = TitleScene(self)
        self.scene.enter()
        try:  # a shared table kept from before a reload sits down again; a #join= link joins
            online.at_start(self)
        except Exception as e:  # noqa: BLE001 (start-up goes on at the title)
            # Translators: a notice at start-up; {error} is what went wrong (the program's words)
            self.notice(_("The shared table could not be opened again ({error}).").format(error=e))

    def make_ear(self, voice) -> Ear:
        """The ear (game/ui/ear): on with the Screen reader setting, or by itself where a
        screen reader runs (the desktop's); its voice the page's or the platform's, or
        ``voice`` (tests)."""
        # on where a screen reader runs (asked once: it may look at processes), else as set;
        # from then on the setting's changes rule
        self.ear_setting = self.settings.screen_reader
        on = self.ear_setting or reader_running(WEB)
        if voice is None:
            voice, problem = voice_for(self.window, WEB, on)
            if problem:
                self.notice(problem)
        ear = Ear(voice, on)
        self.tell_switch(ear)
        return ear

    @staticmethod
    def tell_switch(ear: Ear) -> None:
        """The page's Screen reader switch shows whether the ear listens (only the page's
        voice has a switch)."""
        set_switch = getattr(ear.voice, "set_switch", None)
        if set_switch is not None:
            set_switch(ear.on)

    def ear_requests(self) -> None:
        """What a screen reader asked for itself: the page's switch, a mirrored button
        pressed; and the setting changed in Settings."""
        ear = self.ear
        for kind, value in ear.requests():
            if kind == "switch":
                self.settings.set("screen_reader", value == "on")
                self.save_settings()
            elif kind == "activate" and ear.on:
                target = self.scene.modal or self.scene
                target.ear_activate(value)
        wanted = self.settings.screen_reader
        if wanted != self.ear_setting:
            self.ear_setting = wanted
            if wanted and ear.voice is SILENT:  # (the desktop's speech, asked for now)
                voice, problem = voice_for(self.window, WEB, True)
                ear.voice = voice or SILENT
                if problem:
                    self.notice(problem)
            ear.switch(wanted)
            self.tell_switch(ear)

    def ear_show(self, drawn: bool) -> None:
        """After a frame that drew: the screen as the ear has it (sent only if it changed)."""
        ear = self.ear
        if ear.on and (drawn or ear.view is None):
            target = self.scene.modal or self.scene
            ear.show(target, target.ear_view, target.ear_key())
            problem = getattr(ear.voice, "problem", "")
            if problem:  # the desktop's speech stopped answering: said once, then silence
                self.notice(problem)
                ear.voice = SILENT

    def said_language(self) -> None:
        """What is said outside the scenes, again in the language spoken now: the window's
        title (the desktop's; in the browser the page's, which SDL had made "pygame window":
        a screen reader says it as the page's name)."""
        # Translators: the game's name, the window's title (the page's in the browser)
        pygame.display.set_caption(_("Patience Parlour"))

    # ----------------------------------------------------------------- scenes
    def show(self, scene: Scene) -> None:
        self.scene.leave()
        self.scene = scene
        self._notice_since = None  # a notice on screen gets its full time on the new screen
        scene.enter()

    def open_game(self, game_id: str, new: bool = False):
        """The table of a game: the one in memory, else the saved deal, else a new deal."""
        from game.ui.chromes import chrome_for
        from game.ui.table.scene import Table

        table = self.tables.get(game_id)
        if table is None:
            table = Table(self, game_id, chrome_for(game_id))
            self.tables[game_id] = table
        if new:
            table.new_deal(confirm=False)
        self.settings.last_game = game_id
        self.save_settings()
        self.show(table)
        return table

    def reopen_after_turn(self) -> None:
        """At start-up: back to the table that was open when the page turned (page.py)."""
        from game.core import GAMES
        from game.ui.screens import TitleScene

        game_id = self.page_turn.table_to_reopen()
        if game_id in GAMES and isinstance(self.scene, TitleScene):  # (not a shared table)
            self.open_game(game_id)

    def title(self) -> None:
        if self.shared is not None:  # a shared table left for the title: the room is left
            self.shared.close_room()
        from game.ui.screens import TitleScene

        self.show(TitleScene(self))

    # ----------------------------------------------------------------- the way between scenes
    # (the App is the top of the client: a scene asks it for another scene, so that no scene
    # imports another's module upward)
    def show_rules(self, table) -> None:
        """A table's Rules button: that game's rules, Back returning to the table as it was."""
        from game.ui.screens import RulesScene

        self.show(RulesScene(self, table.game_id, back=table))

    def join_dialog(self, scene):
        """Join a friend: the dialog where the room code is typed, over ``scene``."""
        from game.ui.online import JoinDialog

        return JoinDialog(scene)

    def host_table(self, game_id: str, seats) -> None:
        """A table with a friend seat: a new room, then its waiting room."""
        from game.ui.online import host_table

        host_table(self, game_id, seats)

    def save_settings(self) -> None:
        try:
            self.saves.save_settings(self.settings.to_dict())
        except Exception as e:  # reported, never fatal
            # Translators: a notice; {error} is what went wrong (the system's words)
            self.notice(_("Settings could not be saved: {error}").format(error=e))
        self.collect_notices()

    def notice(self, text: str) -> None:
        """Queue a sentence for the player (each is shown once, in order)."""
        if text and text not in self.notices:
            self.notices.append(text)

    def collect_notices(self) -> None:
        """Take the storage's notices into the queue."""
        store = self.saves.notices
        if store:
            for text in store:
                self.notice(text)
            store.clear()

    def current_notice(self, shown: bool = True) -> str:
        """The notice to show now: the oldest, for NOTICE_MS from when it was first shown;
        then it is dropped and the next one comes. ``shown=False`` only asks (its time starts
        when it is drawn)."""
        if (
            self.notices
            and self._notice_since is not None
            and self.time_ms - self._notice_since >= NOTICE_MS
        ):
            self.notices.pop(0)
            self._notice_since = None
        if not self.notices:
            return ""
        if self._notice_since is None and shown:
            self._notice_since = self.time_ms
            self.ear.say(self.notices[0], urgent=True)  # (a notice is said as it is shown)
        return self.notices[0]

    def quit(self) -> None:
        self.running = False

    # ----------------------------------------------------------------- input
    def to_logical(self, fx: float, fy: float) -> tuple[int, int]:
        """A finger's normalised window position to canvas coordinates (SCALED letterbox)."""
        cw, ch = CANVAS.size
        ww, wh = pygame.display.get_window_size() if not WEB else (cw, ch)
        ww, wh = max(ww, 1), max(wh, 1)
        scale = min(ww / cw, wh / ch)
        ox, oy = (ww - cw * scale) / 2, (wh - ch * scale) / 2
        return (int((fx * ww - ox) / scale), int((fy * wh - oy) / scale))

    def dispatch(self, event) -> None:
        target = self.scene.modal or self.scene
        t = event.type
        if t == pygame.QUIT:
            self.running = False
        elif t in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN) and not WEB:
            self.minimised = True  # (in a page, the page's own hidden is the truth: rest.py)
        elif t in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED):
            self.minimised = False
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
        self.frame_start = time.perf_counter()
        self.time_ms += dt
        events = pygame.event.get()
        for event in events:
            if event.type in UNLOCKING:
                self.sound.unlock()
            self.dispatch(event)
            if not self.running:
                return
        self.ear_requests()
        self.hidden = self.minimised or resting.page_hidden(self.window)
        if self.hidden:  # only what must go on: friends at a shared table still hear us
            if self.shared is not None:
                self.shared.background()
            self.quiet, self._drawn = True, None  # (drawn again when shown)
            return
        self.sound.warm()
        if self.page_turn.check(self, dt):
            return  # the page reloads in its new shape, the game saved
        scene = self.scene
        if self.shared is not None and self.shared is not scene:
            self.shared.background()  # (Rules open over a shared table: friends still hear)
        scene.update(dt)
        if scene.modal is not None:
            scene.modal.update(dt)
        # A screen at rest is not drawn again: when no input came and what the scene shows
        # is the same (its frame_key), the last picture stands. An idle table then costs
        # next to nothing (in the browser the canvas keeps what was drawn).
        key = (id(scene), scene.frame_key())
        drawn = bool(events) or key[1] is None or key != self._drawn
        if drawn:
            t0 = time.perf_counter()
            self.draw()
            pygame.display.flip()
            self.draw_ms = (time.perf_counter() - t0) * 1000
            self._drawn = key
        else:
            self.draw_ms = 0.0  # at rest the next frame most likely draws nothing either
        self.ear_show(drawn)
        self.quiet = not drawn

    def rest_ms(self) -> float:
        """How long the frame loop may wait for input before the next frame (rest.py): 0
        after a frame with input or a new picture, or while something moves or thinks; else
        until the first timer the screens set, at most REST_MAX_MS."""
        if self.hidden:
            return resting.HIDDEN_REST_MS if self.shared is None else resting.HIDDEN_SHARED_REST_MS
        scene = self.scene
        if not self.quiet or self.sound.warming:
            return 0.0
        waits = [resting.REST_MAX_MS, scene.rest_ms()]
        if scene.modal is not None:
            waits.append(scene.modal.rest_ms())
        if self.shared is not None and self.shared is not scene:
            waits.append(self.shared.rest_ms())  # (Rules over a shared table: its room)
        if self.notices:  # the notice shown goes at its time
            since = self._notice_since
            waits.append(0.0 if since is None else since + NOTICE_MS - self.time_ms)
        return max(0.0, min(waits))

    def spare_ms(self) -> float:
        """What is left of this frame (1000/FPS ms) once what it has done so far and a draw
        like the last one are counted: the share background work (the solver) may take."""
        spent = (time.perf_counter() - self.frame_start) * 1000
        return 1000 / FPS - spent - self.draw_ms - FRAME_MARGIN_MS

    def draw(self) -> None:
        scene = self.scene
        scene.draw(self.screen)
        if scene.modal is not None:
            scene.modal.draw(self.screen)

    def screenshot(self, path: str) -> None:
        self.draw()
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        pygame.image.save(self.screen, path)


def fit_window() -> None:
    """A desktop window taller or wider than the screen (the portrait canvas is 1662 high) is
    made smaller, the canvas scaled into it (pygame.SCALED)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":  # no screen to fit (tests, benchmarks)
        return
    try:
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        cw, ch = CANVAS.size
        scale = min(1.0, 0.9 * desk_w / cw, 0.85 * desk_h / ch)
        if scale < 1.0:
            with warnings.catch_warnings():  # the window of the display module, resized
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().size = (int(cw * scale), int(ch * scale))
    except Exception:  # no desktop to ask or an older pygame: the window as it is
        pass


def settle_memory() -> None:
    """Once after start-up: move everything made so far (modules, fonts, card art, the title
    screen) out of the garbage collector's sight. A full collection then walks only what was
    made since, so the rare one that happens during play stays short (natively about 5 ms for
    the whole start-up heap, a few times that in WebAssembly). Objects that are frozen are
    still freed by reference counting; only cycles among them would be kept."""
    gc.collect()
    gc.freeze()


async def main(saves=None) -> None:
    """The frame loop: one frame, then yield to the browser (or the desktop event loop). In
    the browser the canvas's shape is chosen first, from the page's (canvas.py); on the
    desktop the command line chose it (``python -m game --portrait``)."""
    if WEB:
        CANVAS.use(choose_for_page())
    app = App(saves)
    app.reopen_after_turn()
    settle_memory()
    rested = 0.0
    while app.running:
        # In the browser the runtime paces ``await asyncio.sleep(0)`` to the page's animation
        # frames, so the clock only measures; tick(FPS) would busy-wait a core there.
        dt = app.clock.tick() if WEB else app.clock.tick(FPS)
        app.step(min(dt, 100 + rested))  # (after a rest its time has passed: timers are due)
        if not app.running:  # (the window closed: no rest before the goodbye)
            break
        rested = app.rest_ms() if resting.CAN_REST else 0.0
        if rested >= resting.REST_MIN_MS:
            await resting.rest(rested)
        else:
            rested = 0.0
            await asyncio.sleep(0)
    app.scene.leave()
    if app.shared is not None:  # (a page's net.js says goodbye itself when the tab closes)
        app.shared.closing()
    if not WEB:
        pygame.quit()
