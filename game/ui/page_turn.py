"""The page turned: a phone held upright turned sideways, or back.

pygbag can't resize its canvas after start-up (canvas.py), so a canvas chosen for a phone held
upright would be drawn tiny once the phone is turned (and the landscape one tiny the other way
round). ``PageTurn`` looks at the page's shape twice a second; when it now asks for the other
canvas, the game in play is saved and the page reloads into the right shape, back on the same
table at the same position (the address's ``#table=<game>`` says which; the saved game says
where). Only turning matters: a page that merely grows or shrinks (a browser's bar showing or
hiding) keeps its canvas. On the desktop there is no page and nothing happens.

    turn = PageTurn(window)     # window: platform.window in the browser, None elsewhere
    turn.check(app)             # once a frame; reloads when the page turned
    turn.table_to_reopen()      # at start-up: the game to go straight back to, or None
"""

from __future__ import annotations

import sys

from game.ui.canvas import CANVAS, choose

WEB = sys.platform == "emscripten"  # in a browser page (Pyodide or pygbag)


def page_window():
    """The page's window in the browser (pygbag's ``platform.window``); None elsewhere."""
    if not WEB:
        return None
    try:
        import platform

        return platform.window
    except Exception:  # noqa: BLE001
        return None


CHECK_EVERY_MS = 500
MARK = "#table="


class PageTurn:
    def __init__(self, window=None):
        self.window = window
        self._since = 0.0
        self.turning = False  # the reload has been asked for

    def wanted_portrait(self) -> bool | None:
        """Whether the page's shape asks for the portrait canvas now (None: no page)."""
        try:
            return choose(float(self.window.innerWidth), float(self.window.innerHeight)).portrait
        except Exception:  # noqa: BLE001 (no page, or it can't be read)
            return None

    def check(self, app, dt: float = 1000 / 60) -> bool:
        """Once a frame: True (and the page reloading) when the page has turned."""
        if self.window is None or self.turning:
            return False
        self._since += dt
        if self._since < CHECK_EVERY_MS:
            return False
        self._since = 0.0
        wanted = self.wanted_portrait()
        if wanted is None or wanted == CANVAS.portrait:
            return False
        self.turning = True
        game_id = app.scene.game_id
        app.scene.leave()  # a table saves its game on leaving
        app.save_settings()
        try:
            location = self.window.location
            location.hash = MARK[1:] + game_id if game_id else ""
            location.reload()
        except Exception:  # noqa: BLE001 (can't reload: play on in the old shape)
            self.turning = False
            app.scene.enter()
            return False
        return True

    def table_to_reopen(self) -> str | None:
        """At start-up: the game whose table was open when the page turned (the mark is
        taken off the address, so a later reload starts at the title as usual)."""
        try:
            mark = str(self.window.location.hash or "")
        except Exception:  # noqa: BLE001
            return None
        if not mark.startswith(MARK):
            return None
        try:
            self.window.history.replaceState(
                None, "", str(self.window.location.pathname) + str(self.window.location.search)
            )
        except Exception:  # noqa: BLE001
            pass
        return mark[len(MARK) :] or None


__all__ = ["PageTurn"]
