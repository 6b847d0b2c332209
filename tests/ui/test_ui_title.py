"""The title screen (issue 26 items 4 and 9): the games grouped by who they are for (from each
game's ``players``), every game reached by the key written on its button and said in the hint
line, no keyboard hints on a touch device, "Who plays?" choosing the number of players with
its seat rows following at once, a disabled Continue without a gold edge or focus ring, and
the tag only on a game in progress (after a reload too). On the 1280x720 canvas, a phone held
upright and a phone held sideways. Screenshots: test-artifacts/title-groups-*.png,
title-who-plays-*.png."""

from __future__ import annotations

import pygame
import pytest

from game.core import GAMES, info
from game.storage import Saves
from game.ui import theme
from game.ui.app import App
from game.ui.canvas import CANVAS, PORTRAIT, SIDEWAYS
from game.ui.screens import TitleScene, game_key, players_words
from game.ui.screens import title as title_screen
from game.ui.table.scene import Table
from game.ui.who_plays import SeatPicker
from tests.support.client import Driver, Words, app_on_page, record_words

PAGES = {"landscape": (1280, 720), "upright": (390, 844), "sideways": (844, 390)}
CSS = {
    "upright": min(390 / PORTRAIT.w, 844 / PORTRAIT.h),  # CSS px per logical px
    "sideways": min(844 / SIDEWAYS.w, 390 / SIDEWAYS.h),
}


@pytest.fixture(params=list(PAGES))
def shape(request):
    with app_on_page(PAGES[request.param]) as ui:
        ui.app.settings.pace = "fast"
        yield request.param, ui


def frame(ui, drawn: Words) -> list[tuple[str, pygame.Rect, int]]:
    """Every text the title writes with theme.blit_text in a frame: (text, rect, size)."""
    drawn.clear()
    ui.app.draw()
    return [(p.text, p.rect, p.size) for p in drawn.written]


def label_rect(b) -> pygame.Rect:
    """Where a button's label lies (centred, as Button.surface draws it)."""
    w, h = theme.text(b.label, b.size, theme.INK, bold=b.style != "normal").get_size()
    return pygame.Rect(0, 0, w, h).move(b.rect.centerx - w // 2, b.rect.centery + 1 - h // 2)


def test_the_games_are_grouped_by_players_and_nothing_overlaps(shape, monkeypatch):
    name, ui = shape
    drawn = record_words(monkeypatch)
    play_a_move(ui.app.open_game("forty-thieves"))  # a game in progress: its tag shows
    ui.app.title()
    title = ui.app.scene
    ui.key(pygame.K_TAB)  # a key was pressed: the keys show on every shape
    texts = frame(ui, drawn)
    # the groups: one player, two players, two to four players, from the descriptions
    wanted = {}
    for g in GAMES:
        wanted.setdefault(players_words(info(g).players), []).append(g)
    assert (
        {t for t, _, _ in title.headings}
        == set(wanted)
        == {"One player", "Two players", "Two to four players"}
    )
    assert [t for t, _, _ in title.headings] == ["One player", "Two players", "Two to four players"]
    for heading, rect, _ in title.headings:
        shown = next(r for t, r, _ in texts if t == heading)
        assert rect.left <= shown.left and shown.right <= rect.right, heading  # it fits
        assert shown.bottom <= rect.bottom, heading
        for g in wanted[heading]:  # each game under its own heading, in its columns
            b = title.button(g).rect
            assert rect.left <= b.left and b.right <= rect.right, (heading, g)
            above = [
                (r.bottom, t)
                for t, r, _ in title.headings
                if r.bottom <= b.top and r.left <= b.centerx <= r.right
            ]
            assert max(above)[1] == heading, (g, "under", max(above)[1])
    # every button and heading on the canvas, none overlapping another
    buttons = [b for b in title.buttons if b.visible]
    boxes = [b.rect for b in buttons] + [r for _, r, _ in title.headings]
    for i, r in enumerate(boxes):
        assert r.left >= 0 and r.top >= 0 and r.right <= CANVAS.w and r.bottom <= CANVAS.h, r
        for other in boxes[i + 1 :]:
            assert not r.colliderect(other), (r, other)
    # each label fits its button, clear of the key written on it and of its tag
    inside = {}
    for b in buttons:
        label = label_rect(b)
        assert b.rect.contains(label), (b.name, b.label)
        for t, r, _ in texts:
            if b.rect.contains(r):
                inside.setdefault(b.name, []).append(t)
                assert not r.colliderect(label), (b.name, t)
    # any other text (the hint line, the game's blurb) overlaps no button
    for t, r, _ in texts:
        if not any(b.rect.contains(r) for b in buttons):
            assert not any(r.colliderect(b.rect) for b in buttons), t
            assert r.left >= 0 and r.right <= CANVAS.w and r.bottom <= CANVAS.h, t
    for i, g in enumerate(title.order[:10]):  # its key on each of the first ten games' buttons
        assert game_key(i) in inside.get(g, []), g
    assert [g for g in GAMES if "in progress" in inside.get(g, [])] == ["forty-thieves"]
    if name in CSS:  # a phone: buttons a thumb's size, text 12 CSS px
        for b in buttons:
            assert min(b.rect.w, b.rect.h) * CSS[name] >= 44, (b.name, b.rect)
        for t, _, size in texts:
            assert theme.font(size).get_height() * CSS[name] >= 12, (t, size)
    ui.screenshot(f"title-groups-{name}.png")


def test_every_game_opens_by_the_key_on_its_button_0_the_tenth(ui, monkeypatch):
    title = ui.app.scene
    assert sorted(title.order) == sorted(GAMES) and len(GAMES) >= 10  # (1-9, 0: ten keys)
    assert game_key(10) == ""  # an eleventh game and beyond: Tab and Enter
    drawn = record_words(monkeypatch)
    texts = [t for t, _, _ in frame(ui, drawn)]
    line = next(t for t in texts if t.startswith("Keys:"))
    assert (
        "1-9 and 0 choose " + ("a game" if len(GAMES) == 10 else "one of the first ten games")
        in line
    )
    digits = [
        pygame.K_1,
        pygame.K_2,
        pygame.K_3,
        pygame.K_4,
        pygame.K_5,
        pygame.K_6,
        pygame.K_7,
        pygame.K_8,
        pygame.K_9,
        pygame.K_0,
    ]
    for i, g in enumerate(title.order[:10]):
        ui.key(digits[i])
        scene = ui.app.scene
        if info(g).multiplayer:  # a new game of several seats: who plays?
            assert isinstance(scene.modal, SeatPicker) and scene.modal.game_id == g, g
            ui.key(pygame.K_ESCAPE)
            assert scene.modal is None
        else:
            assert isinstance(scene, Table) and scene.game_id == g, (digits[i], g)
            ui.key(pygame.K_ESCAPE)
        assert isinstance(ui.app.scene, TitleScene)
        title = ui.app.scene


@pytest.mark.parametrize("page", ["upright", "sideways"])
def test_a_phone_shows_no_keyboard_hints_until_a_key_is_pressed(page, monkeypatch):
    with app_on_page(PAGES[page]) as ui:
        drawn = record_words(monkeypatch)
        title = ui.app.scene
        ui.finger_tap((CANVAS.w // 2, 10))  # a tap on nothing
        texts = frame(ui, drawn)
        games = [title.button(g).rect for g in GAMES]
        assert not [t for t, _, _ in texts if t.startswith("Keys")]
        assert not [t for t, r, _ in texts if any(g.contains(r) for g in games)]
        ui.screenshot(f"title-touch-{page}.png")
        ui.key(pygame.K_TAB)  # a keyboard after all: each game's key shows
        texts = frame(ui, drawn)
        assert [t for t, r, _ in texts if games[0].contains(r)]


def test_a_page_with_a_finger_for_a_pointer_shows_no_keyboard_hints(store, monkeypatch):
    class Query:
        matches = True

    class Window:
        def matchMedia(self, query):  # noqa: N802 (the DOM's name)
            assert query == "(pointer: coarse)"
            return Query()

    monkeypatch.setattr(title_screen, "page_window", lambda: Window())
    app = App(Saves(store))
    ui = Driver(app)
    drawn = record_words(monkeypatch)
    texts = [t for t, _, _ in frame(ui, drawn)]
    assert not any(t.startswith("Keys") for t in texts) and "1" not in texts
    Query.matches = False  # a mouse: the hints show
    app.title()
    texts = [t for t, _, _ in frame(ui, drawn)]
    assert any(t.startswith("Keys") for t in texts) and "1" in texts


@pytest.mark.parametrize("page", list(PAGES))
def test_who_plays_chooses_the_number_of_players_and_its_rows_follow(page, monkeypatch):
    g = next(g for g in GAMES if len(info(g).players) > 2)  # Chinese Patience
    with app_on_page(PAGES[page]) as ui:
        app = ui.app
        tap = ui.finger_tap if page != "landscape" else ui.click
        tap(app.scene.button(g).rect.center)
        picker = app.scene.modal
        assert isinstance(picker, SeatPicker) and picker.title == f"Who plays {info(g).title}?"
        counts = [b.name for b in picker.buttons if b.name.startswith("players=")]
        assert counts == [f"players={n}" for n in info(g).players]
        assert len(picker.seats) == 2 and picker.button("seat1=computer:medium")
        tap(picker.button("players=4").rect.center)
        picker = app.scene.modal
        assert len(picker.seats) == 4  # the rows follow at once
        assert picker.button("seat3=human") and picker.button("seat3=computer:medium")
        tap(picker.button("seat1=computer:easy").rect.center)
        tap(picker.button("seat3=computer:hard").rect.center)
        check_dialog(picker, page, monkeypatch, ui)
        ui.frames(1)
        ui.screenshot(f"title-who-plays-4-{page}.png")
        tap(picker.button("players=3").rect.center)  # fewer: the first seats are kept
        picker = app.scene.modal
        assert picker.seats == ["human", "computer:easy", "computer:medium"]
        check_dialog(picker, page, monkeypatch, ui)
        tap(picker.button("play").rect.center)
        t = app.scene
        assert isinstance(t, Table) and t.game_id == g
        assert t.state.player_count == 3 and t.session.seats == (
            "human",
            "computer:easy",
            "computer:medium",
        )
        assert app.settings.options(g)["players"] == 3  # and kept for the next game
        ui.settle()
        ui.screenshot(f"title-who-plays-3-table-{page}.png")
    # a game for exactly two: no number to choose
    with app_on_page(PAGES["landscape"]) as ui:
        two = next(g for g in GAMES if info(g).players == (2,))
        ui.click(ui.app.scene.button(two).rect.center)
        assert not [b for b in ui.app.scene.modal.buttons if b.name.startswith("players=")]


def check_dialog(picker, page, monkeypatch, ui) -> None:
    """Inside the canvas and the dialog, no two buttons overlapping, each label inside; the
    rows' names clear of the buttons; on a phone, buttons a thumb's size and text 12 CSS px."""
    assert picker.rect.top >= 0 and picker.rect.bottom <= CANVAS.h
    for i, b in enumerate(picker.buttons):
        assert picker.rect.contains(b.rect), b.name
        assert b.rect.contains(label_rect(b)), b.name
        for other in picker.buttons[i + 1 :]:
            assert not b.rect.colliderect(other.rect), (b.name, other.name)
        if page in CSS:
            assert min(b.rect.w, b.rect.h) * CSS[page] >= 44, (b.name, b.rect)
    drawn = record_words(monkeypatch)
    picker.draw(ui.app.screen)  # the dialog's own words
    for t, r, size, _ in drawn.written:
        assert picker.rect.contains(r), t
        assert not any(r.colliderect(b.rect) for b in picker.buttons), t
        if page in CSS:
            assert theme.font(size).get_height() * CSS[page] >= 12, (t, size)


def test_a_disabled_continue_has_no_gold_edge_and_no_focus_ring(ui):
    title = ui.app.scene
    b = title.button("continue")
    assert not b.enabled  # nothing saved yet
    names = []
    for _ in range(len(title.buttons) + 2):  # Tab goes round every button but Continue
        ui.key(pygame.K_TAB)
        names.append(title.buttons[title.focused].name)
    assert "continue" not in names and set(GAMES) <= set(names)
    title.focused = title.buttons.index(b)  # a focus left on it (it was disabled since)
    ui.app.draw()
    screen = ui.app.screen
    edge = screen.get_at((b.rect.centerx, b.rect.top))[:3]
    ring = screen.get_at((b.rect.centerx, b.rect.top - 5))[:3]
    assert edge != theme.GOLD[:3] and ring != theme.FOCUS[:3]
    ui.screenshot("title-continue-disabled.png")


def play_a_move(t) -> None:
    s = t.session
    move = next(m for m in s.state.legal_moves() if m.source != m.target)
    s.play(move)
    t.changed()


def tags(ui, monkeypatch) -> set[str]:
    """The games whose buttons carry the tag of a game in progress."""
    drawn = record_words(monkeypatch)
    title = ui.app.scene
    texts = frame(ui, drawn)
    return {
        g
        for g in GAMES
        for t, r, _ in texts
        if t == "in progress" and title.button(g).rect.contains(r)
    }


def test_only_a_game_in_progress_is_tagged_after_a_reload_too(store, monkeypatch):
    from tests.support.deals import find_deal
    from tests.support.ui_strategy import choose, position, strategy_stuck

    app = App(Saves(store))
    ui = Driver(app)
    t = app.open_game("forty-thieves")
    play_a_move(t)
    app.open_game("indian-patience")  # opened, nothing played
    app.title()
    assert tags(ui, monkeypatch) == {"forty-thieves"}
    app = App(Saves(store))  # the page reloaded: only the saves are left
    ui = Driver(app)
    assert app.scene.saved["indian-patience"]  # saved, but no game to resume
    assert tags(ui, monkeypatch) == {"forty-thieves"}
    ui.screenshot("title-tag-in-progress.png")
    # a deal played to a stuck end, left at its end screen: over, so not in progress
    seed = find_deal("forty-thieves", strategy_stuck)
    t = app.open_game("forty-thieves")
    t.start(seed)
    seen = {position(t.state)}
    while not t.state.is_over():
        t.session.play(choose(t.state, seen))
        seen.add(position(t.state))
    t.changed()
    ui.settle()
    assert t.modal is not None and t.modal.title == "No more moves"
    app.title()
    assert tags(ui, monkeypatch) == set()
    app = App(Saves(store))
    ui = Driver(app)
    assert app.scene.saved["forty-thieves"] and tags(ui, monkeypatch) == set()
    ui.screenshot("title-tags-after-reload.png")
