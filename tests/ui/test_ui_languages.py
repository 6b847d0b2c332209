"""The game in German and French (issue 34), as a player sees it: every screen, every table and
the dialogs, in every language and canvas shape (landscape, a phone upright and sideways),
with every word each frame draws recorded. In every one: each text on the canvas, each
button's label inside its button, no text over another or over a button, and, in German and
French, no English word. The language chosen as players expect (``--lang``/``?lang=``,
Settings, the system's), and Settings' Language changes every word at once and is kept.
Screenshots: test-artifacts/lang-<code>-<shape>-<screen>.png."""

from __future__ import annotations

from contextlib import contextmanager

import pygame
import pytest

from game.core import GAMES, Result, info, language
from game.session.seat_kinds import PERSON, REMOTE
from game.storage import MemoryStore, Saves
from game.ui import theme
from game.ui.app import App
from game.ui.canvas import CANVAS, LANDSCAPE, choose
from game.ui.screens import RulesScene, SettingsScene, StatsScene
from tests.support.bank_table import ace_on_house, open_bank
from tests.support.client import Driver, record_words
from tests.support.deals import find_deal
from tests.support.language_words import LANGUAGES, english_only, words

SHAPES = {"landscape": (1280, 720), "upright": (390, 844), "sideways": (844, 390)}
CODES = ("en", *LANGUAGES)  # every language with a catalogue


@contextmanager
def speaking(code: str, shape: str, monkeypatch):
    """A Driver of an App speaking ``code`` (asked for, as ``--lang`` asks) on the canvas of
    ``shape``; then English and landscape again."""
    monkeypatch.setenv("PARLOUR_LANG", code)
    CANVAS.use(choose(*SHAPES[shape]))
    pygame.display.quit()
    app = App(Saves(MemoryStore()))
    pygame.event.clear()
    app.settings.pace = "instant"
    try:
        assert language.current() == code
        yield Driver(app)
    finally:
        language.use("en")
        CANVAS.use(LANDSCAPE)
        pygame.display.quit()


class Look:
    """What each screen drew, checked: on the canvas, labels in their buttons, nothing over
    anything else, and (not English) no English word."""

    def __init__(self, ui, code, shape, monkeypatch):
        self.ui, self.code, self.shape = ui, code, shape
        self.recorded = record_words(monkeypatch)
        self.foreign = english_only(code) if code != "en" else set()
        self.problems: list[str] = []
        self.seen = 0

    def screen(self, name: str, frames: int = 2, overlaps: bool = True) -> None:
        """Draw the screen shown now afresh and check every word it drew (a dialog's: its
        own words)."""
        app = self.ui.app
        scene = app.scene
        self.ui.frames(frames)
        for b in [*scene.buttons, *(scene.modal.buttons if scene.modal else [])]:
            b._cache.clear()
        if hasattr(scene, "art_key"):
            scene.art_key = None
        for layer in ("layer", "_layer"):
            if hasattr(scene, layer):
                setattr(scene, layer, None)
        self.recorded.clear()
        app._drawn = None
        app.draw()
        if scene.modal is not None:
            self.recorded.clear()
            scene.modal.draw(app.screen)
        self.check(name, scene, overlaps)
        self.ui.screenshot(f"lang-{self.code}-{self.shape}-{name}.png")
        self.seen += 1

    def check(self, name: str, scene, overlaps: bool = True) -> None:
        canvas = pygame.Rect(0, 0, CANVAS.w, CANVAS.h)
        top = scene.modal or scene
        buttons = [b for b in top.buttons if b.visible]
        written = [(p.text, p.rect) for p in self.recorded.written if p.text.strip()]
        if hasattr(scene, "scroll"):  # a screen that scrolls: only across must fit
            canvas = pygame.Rect(0, -100000, CANVAS.w, 200000)
        for text, rect in written:
            if not canvas.contains(rect):
                self.problems.append(f"{name}: off the canvas: {text!r} {rect}")
        for b in buttons:
            width = theme.measure(b.label, b.label_size, b.style != "normal")
            if width > b.rect.w - 6:
                self.problems.append(
                    f"{name}: too long for its button: {b.label!r} ({width} > {b.rect.w - 6})"
                )
        for i, (text, rect) in enumerate(written if overlaps else ()):
            for other, orect in written[i + 1 :]:  # (a text and its shadow: the same words)
                if other != text and overlap(rect, orect):
                    self.problems.append(f"{name}: {text!r} over {other!r}")
            for b in buttons:  # (a key's digit on a button lies inside it: meant so)
                if overlap(rect, b.rect) and not b.rect.contains(rect):
                    self.problems.append(f"{name}: {text!r} across the button {b.label!r}")
        if self.foreign:
            texts = [s for s, *_ in self.recorded.texts]
            for text in texts:
                english = words(text) & self.foreign
                if english:
                    self.problems.append(f"{name}: English {sorted(english)} in {text!r}")


def overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    """More than a sliver of ``a`` over ``b`` (their letters' boxes touching is not text over
    text)."""
    c = a.clip(b)
    return c.w > 2 and c.h > 2


def walk(ui, look: Look) -> None:
    """Every screen, every table and its dialogs, as a player reaches them."""
    app = ui.app
    look.screen("title")
    for game_id in ("russian-bank", "chinese-patience"):  # Who plays? (no game kept yet)
        ui.click(app.scene.button(game_id).rect.center, frames=2)
        assert app.scene.modal is not None, game_id
        look.screen(f"who-plays-{game_id}")
        app.scene.modal = None
    for tab in SettingsScene(app).tabs:
        app.show(SettingsScene(app, tab))
        look.screen(f"settings-{tab}")
    app.show(StatsScene(app))
    look.screen("statistics")
    for game_id in GAMES:
        app.show(RulesScene(app, game_id))
        look.screen(f"rules-{game_id}")
    for game_id in GAMES:
        app.title()
        t = app.open_game(game_id, new=True)
        t.modal = None
        ui.settle()
        look.screen(f"table-{game_id}", frames=4)
        hint = next((b for b in t.buttons if b.name == "Hint" and b.visible and b.enabled), None)
        if hint is not None:
            ui.click(hint.rect.center, frames=3)
            look.screen(f"hint-{game_id}")
        refused = refuse_a_move(t)
        if refused:
            look.screen(f"refused-{game_id}")
        if game_id in ("forty-thieves", "russian-bank"):  # the dialogs: Deal #, a question
            if hasattr(t.chrome, "ask_number"):
                t.chrome.ask_number()
                look.screen(f"deal-number-{game_id}")
                t.modal = None
            moves = t.state.legal_moves()
            if moves and t.accepting_input() and t.attempt(moves[0]):
                ui.settle()
                t.new_deal()
                if t.modal is not None:
                    look.screen(f"new-deal-{game_id}")
                    t.modal = None
        end_panel(t, "won")
        look.screen(f"won-{game_id}")
        end_panel(t, "stuck" if not info(game_id).multiplayer else "stalemate")
        look.screen(f"over-{game_id}")
    app.title()
    bank_stop(ui, app)
    look.screen("russian-bank-stop", overlaps=False)  # (the call's banner lies over all)
    app.title()
    app.host_table("russian-bank", (PERSON, REMOTE))
    ui.frames(3)
    look.screen("waiting-room")
    app.title()
    app.scene.modal = app.join_dialog(app.scene)
    look.screen("join-a-friend")


def refuse_a_move(t) -> bool:
    """Try a move the rules refuse (a card onto a pile that can't take it): the table says
    why."""
    state = t.state
    for src, pile in state.piles().items():
        if not pile:
            continue
        for dst in state.piles():
            if dst == src:
                continue
            from game.core import Move

            move = Move(src, dst, 1)
            if move not in state.legal_moves():
                if t.attempt(move) is False and t.message_text():
                    return True
    return False


def end_panel(t, status: str) -> None:
    """The table's end panel as a game ending so shows it (the real panel, its real words)."""
    real = t.state.result
    winner = 0 if status == "won" and info(t.game_id).multiplayer else None
    result = Result(
        status,
        winner,
        30 if winner is not None else 0,
        language._("No more moves.") if status == "stuck" else "",
    )
    t.state.result = lambda: result
    try:
        t.modal = None
        t.chrome.game_over()
    finally:
        t.state.result = real


def bank_stop(ui, app) -> None:
    """Russian Bank against the computer, a priority broken: the computer calls Stop!."""
    t = open_bank(ui, find_deal("russian-bank", ace_on_house), rb_mode="stop", level="hard")
    ui.click(ui.card_point("hand0"))
    ui.run_until(lambda: t.chrome.banner is not None, dt=50, limit=60)


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("code", CODES)
def test_every_screen_in_every_language_fits_and_speaks_it(code, shape, monkeypatch):
    with speaking(code, shape, monkeypatch) as ui:
        look = Look(ui, code, shape, monkeypatch)
        walk(ui, look)
        assert look.seen > 40
        assert not look.problems, f"{len(look.problems)} problems:\n" + "\n".join(
            look.problems[:60]
        )
