"""What the browser tests and benchmarks know of the client's insides, kept in this one place.

The real client runs in a page (testbed/site.py: ClientSite; testbed/client_page.py:
ClientPage) or in the desktop app driven alike (testbed/desktop_client.py: DesktopPage);
players' input goes through the browser. To find where to click and to check what happened, the
tests read a few things of the running game, all through the probes below, evaluated in the
page's Python:

    probe["app"]()                   the running App     .scene (the screen)  .notices
    scene.session, scene.state       a table's session and rules-core state (to_dict, piles)
    scene.layout.card_rects(pile, scene.faces(pile))     where a pile's cards are drawn
    scene.button(name), scene.modal  buttons of a screen or of its open dialog (.buttons)
    scene.message_text()             the bottom line of a table
    scene.session.help.verdict       the solver's verdict
    scene.chrome.light_at            where the "still winnable?" light is drawn
    scene.input.drag, scene.anim.busy, scene.session.auto_pending   a drag; cards moving
    app.settings, app.open_game(id), scene.play_number(deal)   (natively: native_light_times)
    app.sound                        the sound's owner: unlocked, problem, effects loaded, play

The product keeps no handle on its App: the probes find the running one by noting it at each
of its frames (``App.step`` wrapped once the probes are set up; ``Client.setup`` waits for a
frame). When the client's insides change, only PROBES (and maybe ``Client``) need to follow.
Everything else the tests assert on is the rules core's state (rebuilt here with
``game.core.from_dict``), localStorage and the pixels on the screen.
"""

from __future__ import annotations

from testbed.client_page import ClientPage

PROBES = r"""
def _probe_setup():
    from game.ui import app as ui_app

    step = ui_app.App.step
    running = getattr(step, "running", None)  # (set up again in the same page: the same list)
    if running is None:
        running = []

        def noted(self, *args, _step=step, **kw):
            running[:] = [self]  # the App whose frame runs
            return _step(self, *args, **kw)

        noted.running = running
        ui_app.App.step = noted

    def app():
        return running[0] if running else None

    def scene():
        return app().scene

    def verdict():
        help = getattr(getattr(scene(), "session", None), "help", None)
        return getattr(help, "verdict", None)

    def view():
        # the screen, its dialog, the notices and, on a table, the state and its message
        a = app()
        s = a.scene
        out = {"scene": type(s).__name__, "modal": type(s.modal).__name__ if s.modal else None,
               "notices": list(a.notices)}
        if getattr(s, "session", None) is not None:
            state = s.state
            out.update(game=state.game_id, state=state.to_dict(), player=state.current_player,
                       over=state.is_over(), message=s.message_text())
        return out

    def moves():
        s = scene()
        return len(s.state.history) if getattr(s, "session", None) is not None else None

    def state():
        return scene().state.to_dict()

    def card(pile, index=-1):
        # the rectangle (x, y, w, h) of a pile's card (-1: the top one); the pile's place
        # when it is empty
        s = scene()
        rects = s.layout.card_rects(pile, s.faces(pile))
        r = rects[index] if rects else s.layout.piles[pile].rect
        return [r.x, r.y, r.w, r.h]

    def button(name):
        # (x, y, w, h, enabled) of a button of the open dialog, else of the screen
        s = scene()
        b = (s.modal or s).button(name)
        return [b.rect.x, b.rect.y, b.rect.w, b.rect.h, bool(b.enabled and b.visible)]

    def buttons():
        # every shown button of the open dialog, else of the screen: [name, x, y, w, h]
        s = scene()
        return [[b.name, b.rect.x, b.rect.y, b.rect.w, b.rect.h]
                for b in (s.modal or s).buttons if b.visible]

    def light():
        # the solver light: (the verdict's status, None while thinking; where it is drawn)
        v = verdict()
        at = getattr(getattr(scene(), "chrome", None), "light_at", None)
        return [v.status if v is not None else None, list(at) if at else None]

    def dragging():
        return bool(getattr(getattr(scene(), "input", None), "drag", None))

    def settled():
        # no card is moving (flights, automatic moves to the foundations)
        s = scene()
        if getattr(s, "session", None) is None:
            return True
        return not s.anim.busy and not s.session.auto_pending

    flips = [0, 0]

    def flips_so_far():
        # how many times the screen was flipped (pygame.display.flip or update) since the
        # first call; the first call wraps those two functions to count (and to note the
        # page's frame that flipped last: last_flip_frame)
        import js
        import pygame

        display = pygame.display
        if not getattr(display.flip, "counted", False):
            for name in ("flip", "update"):
                def counted(*args, _original=getattr(display, name), **kw):
                    flips[0] += 1
                    flips[1] = js.parlour.frames + 1  # (counted once the step returns)
                    return _original(*args, **kw)

                counted.counted = True
                setattr(display, name, counted)
        return flips[0]

    def dot_of_the_i(sizes):
        # For each [size, bold]: an "i" drawn by the game's text cache (theme.text), the
        # most transparent row from its dot down to its stem, over the glyph's full opacity:
        # 0 when a clear gap parts the dot from the stem, 1 when they have run together.
        from game.ui import theme

        out = []
        for size, bold in sizes:
            surf = theme.text("i", size, (255, 255, 255), bold)
            w, h = surf.get_size()
            rows = [max(surf.get_at((x, y))[3] for x in range(w)) for y in range(h)]
            peak = max(rows)
            inked = [y for y, a in enumerate(rows) if a >= peak / 2]
            out.append(round(min(rows[inked[0]:inked[-1] + 1]) / peak, 2))
        return out

    plays = []

    def sound():
        # the sound's owner (game/ui/sound.py): unlocked by the player's input, why it is
        # silent, the effects loaded, the mixer (frequency, format, channels; None without
        # one) and the effects asked for since the first call, each with whether it started
        import pygame

        s = app().sound
        if not getattr(s.play, "recorded", False):
            def play(name, _original=s.play):
                started = _original(name)
                plays.append([name, started])
                return started

            play.recorded = True
            s.play = play
        mixer = pygame.mixer.get_init()
        return {"unlocked": s.unlocked, "problem": s.problem, "loaded": sorted(s._sounds),
                "mixer": list(mixer) if mixer else None, "plays": list(plays)}

    def room():
        # a shared table's room (friends online), as this screen sees it, or None
        a, s = app(), scene()
        shared = getattr(s, "shared", None) or getattr(a, "shared", None)
        if shared is None:
            return None
        session = shared.session
        ready = bool(shared.ready)
        modal = getattr(s, "modal", None)
        return {"code": shared.code, "role": shared.role, "ready": ready,
                "scene": type(s).__name__, "modal": type(modal).__name__ if modal else None,
                "local": list(session.local_seats) if ready else [],
                "away": list(session.away()) if ready else [],
                "ended": getattr(session, "ended", None), "status": shared.status,
                "paths": shared.paths(),
                "relay_events": getattr(shared.transport, "sent_events", None),
                "message": s.message_text() if hasattr(s, "message_text") else None}

    return {"flips": flips_so_far, "last_flip_frame": lambda: flips[1], "room": room,
            "dot_of_the_i": dot_of_the_i, "sound": sound, "dragging": dragging,
            "settled": settled, "view": view, "moves": moves, "state": state, "card": card,
            "button": button, "buttons": buttons, "light": light, "app": app,
            "scene": lambda: type(scene()).__name__}


probe = _probe_setup()
"""


#: the settings the tests and the benchmark start from: no automatic moves to the foundations
#: (so a test's move count is the player's alone), the computer at a fast pace
TEST_SETTINGS = {"auto_move": False, "pace": "fast"}


def client_settings(level: str | None = None, **changes) -> dict:
    """The settings as the game saves them (game.session.Settings): the test settings with
    ``changes`` (names of game.session.GENERAL, or last_game); ``level``: the Russian Bank
    opponent (the second seat)."""
    from game.session import Settings, computer

    settings = Settings()
    for name, value in {**TEST_SETTINGS, **changes}.items():
        if name == "last_game":
            settings.last_game = value
        else:
            settings.set(name, value)
    if level is not None:
        settings.set_seats("russian-bank", ("human", computer(level)))
    return settings.to_dict()


def saved_game(game_id: str, seed: int, level: str | None = None, **options) -> dict:
    """A fresh deal as the game saves it (game.session.Session.to_dict)."""
    from game.session import Session, computer

    seats = ("human", computer(level)) if level else None
    return Session.new(game_id, seed, seats, **options).to_dict()


def stored(records: dict) -> dict:
    """localStorage items as the game writes them: {"settings": {...}, "game/<id>": {...},
    "match": {...}} through game.storage.Saves on a memory store: key -> string."""
    from game.storage import MemoryStore, Saves

    store = MemoryStore()
    saves = Saves(store)
    for what, data in records.items():
        if what == "settings":
            saves.save_settings(data)
        elif what == "match":
            saves.save_match(data)
        elif what.startswith("game/"):
            saves.save_game(what.split("/", 1)[1], data)
        else:
            raise ValueError(what)
    return dict(store.data)


class Client:
    """A ClientPage with the game's places by name: click a button, drag a card, read state."""

    def __init__(self, page: ClientPage):
        self.page = page

    # ----------------------------------------------------------------- life
    def open(self, storage: dict | None = None, clear: bool = True, address: str = "") -> Client:
        self.page.open(storage=storage or {}, clear=clear, address=address)
        self.setup()
        return self

    def reload(self) -> Client:
        self.page.reload()
        self.setup()
        return self

    def setup(self) -> None:
        """The probes, then a frame of the game (so that they know the running App)."""
        self.page.exec(PROBES)
        self.page.wait_frames(1)

    def probe(self, name: str, *args):
        return self.page.eval(f"probe[{name!r}]({', '.join(repr(a) for a in args)})")

    def wait(self, expr: str, timeout_s: float = 30, what: str = "", polling="raf") -> float:
        """Wait for a Python expression (probe["..."]() available) to be true; returns
        performance.now() in the page then."""
        return self.page.wait(expr, timeout_s, polling=polling, what=what)

    def wait_stamp(self, expr: str, timeout_s: float = 30, what: str = "", polling="raf"):
        """As ``wait``; returns (performance.now() in the page, frames run so far)."""
        return self.page.wait_stamp(expr, timeout_s, polling=polling, what=what)

    # ----------------------------------------------------------------- reading
    def view(self) -> dict:
        return self.probe("view")

    def scene(self) -> str:
        return self.probe("scene")

    def state(self):
        """The table's position, rebuilt here with the rules core."""
        from game.core import from_dict

        return from_dict(self.probe("state"))

    def moves(self) -> int:
        return self.probe("moves")

    def card(self, pile: str, index: int = -1) -> tuple[int, int, int, int]:
        return tuple(self.probe("card", pile, index))

    def card_point(self, pile: str, index: int = -1) -> tuple[float, float]:
        """A point on the visible part of a card: its middle if on top, else its top strip."""
        x, y, w, h = self.card(pile, index)
        n = len(self.state().piles()[pile])
        if index in (-1, n - 1) or n == 0:
            return (x + w / 2, y + h / 2)
        return (x + w / 2, y + 6)

    def button(self, name: str) -> tuple:
        return tuple(self.probe("button", name))

    def light(self):
        return self.probe("light")

    # ----------------------------------------------------------------- acting
    def click_button(self, name: str, frames: int = 3) -> None:
        x, y, w, h, enabled = self.button(name)
        if not enabled:
            raise AssertionError(f"button {name!r} is disabled")
        self.page.mouse_click(x + w / 2, y + h / 2, frames=frames)

    def open_game(self, game_id: str) -> None:
        """From the title: click the game's button (and Play if asked who plays), wait for
        its table."""
        self.click_button(game_id)
        self.wait(
            "probe['scene']() != 'TitleScene' or probe['view']()['modal'] is not None",
            what=f"the {game_id} table or who plays it",
        )
        if self.view()["modal"] is not None:
            self.click_button("play")
        self.wait(f"probe['view']().get('game') == {game_id!r}", what=f"the {game_id} table")
        self.settled()  # a new deal is shown being dealt

    def to_title(self) -> None:
        """From anywhere: Esc until the title shows."""
        for _ in range(4):
            if self.scene() == "TitleScene":
                return
            self.page.key("Escape", frames=3)
        assert self.scene() == "TitleScene"

    def play_deal(self, number: int) -> None:
        """On a solitaire table: the "Deal #" dialog by keyboard (D, the digits, Enter)."""
        self.page.key("d")
        self.wait("probe['view']()['modal'] is not None", what="the Deal # dialog")
        self.page.type(str(number), frames=1)
        self.page.key("Enter")
        self.wait(
            f"probe['view']()['modal'] is None and probe['state']()['seed'] == {number}",
            what=f"deal {number}",
        )
        self.settled()

    def settled(self, timeout_s: float = 10) -> None:
        """Wait until no card is moving (flights, auto-moves) and one more frame ran."""
        self.wait("probe['settled']()", timeout_s, what="the cards to settle")
        self.page.wait_frames(2)


def native_light_times(game_id: str, deals, cap_s: float, warm_up: int | None = None):
    """The "still winnable?" light on the desktop: the real client natively (SDL's dummy video
    driver), its frame loop as ``game.ui.app.main`` runs it (clock.tick(60), then App.step),
    each deal opened as the Deal # dialog opens it (after ``warm_up``, a deal played for a
    second first: the card art made, the code warm). Returns ({deal: wall-clock seconds to the
    verdict}, {deal: frames to the verdict}, {deal: its status, None when the cap came
    first})."""
    import time

    from testbed.headless import headless

    headless()
    from game.storage import MemoryStore, Saves
    from game.ui.app import FPS, App

    store = MemoryStore()
    Saves(store).save_settings(client_settings(winnable_light=True))
    app = App(Saves(store))
    table = app.open_game(game_id)
    if warm_up is not None:
        table.play_number(warm_up)
        for _ in range(60):
            app.step(min(app.clock.tick(FPS), 100))
    times, frames, statuses = {}, {}, {}
    for deal in deals:
        table.play_number(deal)
        help = table.session.help
        t0, n = time.perf_counter(), 0
        while help.verdict is None and time.perf_counter() - t0 < cap_s:
            dt = app.clock.tick(FPS)
            app.step(min(dt, 100))
            n += 1
        if help.verdict is not None:
            times[deal], frames[deal] = time.perf_counter() - t0, n
        statuses[deal] = getattr(help.verdict, "status", None)
    return times, frames, statuses
