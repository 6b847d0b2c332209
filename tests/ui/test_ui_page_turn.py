"""A phone turned while the game runs (game/ui/page_turn.py): pygbag can't resize its canvas, so the
page reloads in the shape it now asks for, the game saved, and comes back to the same table at
the same position. A page that only grows or shrinks keeps its canvas. The page's window is a
stand-in here; tests/web/test_client_browser.py turns a real page in Chromium."""

from __future__ import annotations

from game.core import Move
from game.storage import Saves
from game.ui.app import App
from game.ui.canvas import CANVAS
from game.ui.page_turn import PageTurn


class Location:
    def __init__(self, hash_=""):
        self.hash, self.pathname, self.search = hash_, "/index.html", ""
        self.reloads = 0

    def reload(self):
        self.reloads += 1


class History:
    def __init__(self, location):
        self.location = location

    def replaceState(self, state, title, url):  # noqa: N802 (the DOM's name)
        self.location.hash = url.partition("#")[2]


class Window:
    """The little of ``platform.window`` that PageTurn reads."""

    def __init__(self, w, h, hash_=""):
        self.innerWidth, self.innerHeight = w, h
        self.location = Location(hash_)
        self.history = History(self.location)


def test_turning_the_phone_saves_the_game_and_reloads_into_the_same_table(ui, store):
    assert not CANVAS.portrait
    ui.app.open_game("forty-thieves", new=True)
    ui.settle()
    t = ui.table
    t.session.play(Move.parse("s-w"))
    ui.settle()
    position, moves = str(t.state), len(t.state.history)
    window = Window(844, 390)  # a phone on its side: the landscape canvas is right
    ui.app.page_turn = PageTurn(window)
    ui.frames(60)
    assert window.location.reloads == 0
    window.innerWidth, window.innerHeight = 844, 330  # the browser's bar showed: no reload
    ui.frames(60)
    assert window.location.reloads == 0
    window.innerWidth, window.innerHeight = 390, 844  # turned upright
    ui.frames(31)
    assert window.location.reloads == 1
    assert window.location.hash == "table=forty-thieves"
    ui.frames(60)
    assert window.location.reloads == 1  # asked once
    # the reloaded page: a new App on the same storage, the address still marked
    again = App(Saves(store))
    again.page_turn = PageTurn(Window(390, 844, "#table=forty-thieves"))
    again.reopen_after_turn()
    back = again.scene
    assert getattr(back, "game_id", None) == "forty-thieves"
    assert str(back.state) == position and len(back.state.history) == moves
    assert again.page_turn.window.location.hash == ""  # a later reload starts at the title


def test_without_the_mark_the_page_starts_at_the_title(store):
    from game.ui.screens import TitleScene

    app = App(Saves(store))
    app.page_turn = PageTurn(Window(390, 844, "#somewhere"))
    app.reopen_after_turn()
    assert isinstance(app.scene, TitleScene)
    app.page_turn = PageTurn(Window(390, 844, "#table=no-such-game"))
    app.reopen_after_turn()
    assert isinstance(app.scene, TitleScene)


def test_the_desktop_has_no_page_to_turn(ui):
    assert ui.app.page_turn.window is None
    ui.frames(40)
    assert ui.app.page_turn.turning is False
