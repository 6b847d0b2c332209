"""A phone held sideways (game/ui/canvas.py): an 844x390 page picks the 1280x720 table with a
rail on its right (1552x720). The table is drawn as on the 1280x720 canvas; its buttons (a
one-player table's toolbar, a side panel's buttons) become a column in the rail, at least 44
CSS px high. Every table takes a move by two taps.
Screenshots: test-artifacts/sideways-*.png."""

from __future__ import annotations

import pygame
import pytest

from game.core import GAMES, info
from game.ui import theme
from game.ui.canvas import CANVAS, SIDEWAYS, TABLE_W, choose
from game.ui.chromes.solitaire import BAR_H
from game.ui.layouts import layout_data
from game.ui.screens import SettingsScene, StatsScene
from game.ui.turns.panel import PANEL_X
from tests.support.client import app_on_page, merge_artifact, record_words
from tests.support.phone_tables import buttons_of, open_for_people, pile_area, tap_tap_move

PAGE = (844, 390)
CSS = min(PAGE[0] / SIDEWAYS.w, PAGE[1] / SIDEWAYS.h)  # 0.542 CSS px per logical px


@pytest.fixture
def sideways():
    with app_on_page(PAGE) as ui:
        yield ui


def test_a_sideways_phone_page_picks_the_table_with_a_rail():
    assert choose(*PAGE).size == SIDEWAYS.size == (1552, 720)
    assert SIDEWAYS.rail == 272 and SIDEWAYS.table_w == TABLE_W
    assert choose(667, 375).size == (1280, 720)  # 16:9: no room for a rail
    assert choose(1920, 1080).size == (1280, 720) and choose(2560, 1080).size == (1280, 720)
    assert choose(844, 330).size == (1680, 720)  # the browser's bar showing: the rail capped


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_sideways_keeps_its_cards_and_takes_big_taps(sideways, game_id):
    ui = sideways
    t = open_for_people(ui, game_id)
    lay = t.layout
    for name, g in lay.piles.items():  # the table as on the 1280x720 canvas
        assert 0 <= g.rect.left and g.rect.right <= TABLE_W, name
        assert 0 <= g.rect.top and g.rect.bottom <= CANVAS.h, name
    buttons = buttons_of(t)
    for b in buttons:
        assert 0 <= b.rect.left and b.rect.right <= CANVAS.w, b.name
        assert 0 <= b.rect.top and b.rect.bottom <= CANVAS.h, b.name
    in_rail = [b for b in buttons if b.rect.left >= TABLE_W]
    assert {b.name for b in in_rail} >= {"Menu", "Undo", "Redo"}
    for b in buttons:  # every button in the rail is a thumb's size, and so is End turn
        if b in in_rail or b.name == "End turn":  # (Battle solitaire's, on the table)
            assert min(b.rect.w, b.rect.h) * CSS >= 44, (b.name, b.rect)
        else:
            assert b.name in ("slower", "faster"), b.name  # two small ones beside the pace
    for g in lay.piles.values():
        assert not any(g.rect.colliderect(b.rect) for b in buttons)
    move = tap_tap_move(ui, t)
    assert move is not None, f"{game_id}: no move made by two taps"
    ui.frames(2)
    ui.screenshot(f"sideways-{game_id}.png")


def test_the_screens_sideways_stay_on_the_canvas(sideways):
    ui = sideways
    for scene in (SettingsScene(ui.app), StatsScene(ui.app)):
        ui.app.show(scene)
        ui.frames(1)
        for b in buttons_of(scene):
            assert 0 <= b.rect.left and b.rect.right <= CANVAS.w, b.name
        ui.screenshot(f"sideways-{type(scene).__name__}.png")
    ui.app.title()
    ui.frames(1)
    ui.screenshot("sideways-title.png")


def css_height(size: int, bold: bool = False) -> float:
    return theme.font(size, bold).get_height() * CSS


@pytest.mark.parametrize("game_id", GAMES)
def test_sideways_the_panel_rail_bar_and_message_read_at_12_css_px(sideways, monkeypatch, game_id):
    """Issue 26: held sideways the side panel's text was about 7 CSS px. Every word drawn in
    the side panel, on the rail's buttons, in the solitaire's top bar and in the message line
    is at least 12 CSS px high (size 32: a line of 23 logical px); the panel's texts stay in
    the panel's column (its buttons are in the rail) and on the canvas."""
    ui = sideways
    t = open_for_people(ui, game_id)
    t.modal = None
    words = (
        "Both drew the Nine of clubs, so again; you drew the Ten of spades, the computer "
        "the Queen of clubs: the computer starts."
    )  # two lines at 12 CSS px
    t.say(words, "info")
    recorded = record_words(monkeypatch)
    t.view.invalidate()
    ui.frames(1)
    panel = getattr(t.chrome, "side_panel", False)
    checked = 0
    for s, rect, size, bold in recorded.written:
        if not s.strip():
            continue
        in_panel = panel and rect.left >= PANEL_X
        on_bar = not panel and rect.bottom <= BAR_H
        message = s in words
        if in_panel or on_bar or message:
            assert css_height(size, bold) >= 12, (s, size, css_height(size, bold))
            assert rect.right <= CANVAS.w and rect.bottom <= CANVAS.h, (s, rect)
            if in_panel:
                assert rect.right <= TABLE_W, (s, rect)  # not under the rail's buttons
            checked += 1
    assert checked >= (6 if panel else 2)  # the panel's lines / the bar and the message
    shown = [r for s, r, *_ in recorded.written if s.strip() and s in words]
    assert len(shown) == 2  # two lines at this size, every word drawn
    band = shown[0].union(shown[1])
    band.width = TABLE_W  # (the band the lines stand on)
    for s, rect, *_ in recorded.written:  # the panel's texts stay clear of the message
        if panel and rect.left >= PANEL_X and s not in words:
            assert not rect.colliderect(band), (s, rect, band)
    for b in t.buttons:
        if b.visible and b.rect.left >= TABLE_W:
            assert css_height(b.size, b.style != "normal") >= 12, (b.name, b.size)
    ui.screenshot(f"sideways-text-{game_id}.png")


#: a word each game writes under a pile's top card in a special state (its core's ``marks``;
#: on an empty place it is the place's own letter), the longest it can be: tried on every
#: pile where it can stand
#: the layout options that put a word on the table (game/ui/layouts/__init__.py)
WORD_OPTIONS = ("badge", "caption", "empty")
MARK_WORDS = {"indian-patience": ("tableau", "protected"), "spider": ("stock", "5 deals left")}


@pytest.mark.parametrize("game_id", GAMES)
def test_sideways_the_table_s_own_words_read_at_12_css_px_clear_of_everything(
    sideways, monkeypatch, game_id
):
    """Issue 26: sideways, a pile's count, "Reserve" beside it, a word on an empty place and a
    mark's tag were the 1280x720 table's 16 to 20 (6.5 to 7.6 CSS px). Every such word, on
    every pile, empty or holding 104 cards or marked, is at least 12 CSS px high and lies on
    the table clear of every other pile's cards (a fan out to its limit), of every button
    (the turn button with its arrow), of the seats' names, of the message line and of every
    other word. Every text a frame of the table draws is at least 12 CSS px too, its chrome's
    included (the seats' names, the round table's "to play" tag; what the chromes draw is
    listed in test-artifacts/sideways-chrome-words.json)."""
    ui = sideways
    t = open_for_people(ui, game_id)
    t.modal = None
    lay, view = t.layout, t.view
    # every text drawn, marked where the chromes draw it (their decorate, draw, draw_over)
    recorded = record_words(monkeypatch, chrome=t.chrome)
    t.say(f"{info(game_id).title}: deal 7.", "info")
    view.invalidate()
    ui.app.draw()
    for s, size, bold, chrome in recorded.texts:  # the chrome's too: the names, the tag
        assert css_height(size, bold) >= 12, (s, size, css_height(size, bold), chrome)
    chrome_words = sorted(
        {
            (s, size, round(css_height(size, bold), 1))
            for s, size, bold, chrome in recorded.texts
            if chrome
        }
    )
    merge_artifact("sideways-chrome-words.json", {game_id: chrome_words})
    # what else is on the table: the piles' cards, the buttons, the names, the message line
    table = pygame.Rect(0, 0, lay.table_right, CANVAS.h)
    names = [t.chrome.title(seat) for seat in range(len(t.session.seats))] if lay.seat_names else []
    name_rects = [r for s, r, *_ in recorded.written if s in names]
    assert len(name_rects) >= len(names)  # (Battle solitaire's turn button names one too)
    obstacles = [(b.name, b.rect) for b in t.buttons if b.visible]
    if lay.turn_button is not None:  # with the arrow at its sides (24 px and its edge)
        obstacles.append(("turn button", lay.turn_button.inflate(2 * 28, 0)))
    obstacles += [(f"name {r}", r) for r in name_rects]
    message = [r for s, r, *_ in recorded.written if s == f"{info(game_id).title}: deal 7."]
    assert message
    obstacles.append(("message", message[0].inflate(0, 4)))
    kind, word = MARK_WORDS.get(game_id, ("", ""))
    words = []  # (pile, state, text, where)
    for name, g in lay.piles.items():
        states = {"empty": view.words(name, 0, False), "full": view.words(name, 104, True)}
        if kind and name.startswith(kind):
            states["marked"] = view.words(name, 1, True, g.rect.copy(), word)
        for state, found in states.items():
            for s, size, bold, _, rect, box in found:
                area = box or rect
                words.append((name, state, s, area))
                assert css_height(size, bold) >= 12, (name, state, s, size)
                assert table.contains(area), (name, state, s, area)
                for other, og in lay.piles.items():
                    if other != name:
                        assert not area.colliderect(pile_area(og)), (name, s, other)
                for what, r in obstacles:
                    assert not area.colliderect(r), (name, s, what)
    # (a table whose layout asks for no word, as Seahaven's, writes none)
    asks = any(k in o for _, _, _, o in layout_data(game_id)["piles"] for k in WORD_OPTIONS)
    assert words or not asks, "no word on the table"
    for i, (name, state, s, area) in enumerate(words):
        for other, ostate, os, oarea in words[i + 1 :]:
            if name != other or state == ostate:
                assert not area.colliderect(oarea), ((name, state, s), (other, ostate, os))
    ui.screenshot(f"sideways-words-{game_id}.png")


def sideways_dialogs(t):
    """Each kind of dialog of widgets.py, with its longest words."""
    from game.ui.dialogs import Confirm, EndPanel, NumberEntry
    from game.ui.who_plays import SeatPicker

    entry = NumberEntry(t, lambda n: None, "123456789")
    entry.error = "Type a number first."
    five = [
        (w, lambda: None, "primary" if i == 2 else "normal")
        for i, w in enumerate(("Back", "Undo", "Restart", "New deal", "Menu"))
    ]
    return {
        "confirm": Confirm(
            t,
            "Start a new game?",
            "This game is still in play: leaving it "
            "counts it as played and lost, and the match's score stays as it "
            "is. A new game starts at once.",
            "New game",
            lambda: None,
        ),
        "deal-number": entry,
        "no-more-moves": EndPanel(
            t,
            "No more moves",
            [
                "Moves 137 · time 12:41",
                "Played 12 · won 3 (25%) · streak 0 · best streak 2",
                "This deal counts as played and lost: taking moves back doesn't change that.",
                "Back to winnable takes the moves back to the last position the solver proved "
                "winnable.",
            ],
            five,
        ),
        "win": EndPanel(
            t,
            "You won!",
            [
                "Moves 212 · time 8:03",
                "Won 3 of 10 (30%) · streak 2 · best streak 4",
                "Played with help (Hint): counted apart in Statistics.",
            ],
            [("New deal", lambda: None, "primary"), ("Menu", lambda: None, "normal")],
            good=True,
        ),
        "round-end": EndPanel(
            t,
            "Player 2 won the round",
            [
                "1st Player 2 · 2nd Player 1 · 3rd Computer (Medium) · 4th Computer (Hard)",
                "Scores: Player 1 12 · Player 2 30 · Medium 0 · Hard 4",
                "Match to 100: Player 2 leads with 64",
                "People won 0 of 1 · Medium won 1 of 2",
                "Played with help (Hint).",
            ],
            [
                ("Next game", lambda: None, "primary"),
                ("New game", lambda: None, "normal"),
                ("Menu", lambda: None, "normal"),
            ],
            centerx=454,
        ),
        "who-plays": SeatPicker(
            t, "chinese-patience", ["human", "medium", "hard", "easy"], lambda seats: None
        ),
    }


@pytest.mark.parametrize(
    "kind", ["confirm", "deal-number", "no-more-moves", "win", "round-end", "who-plays"]
)
def test_every_dialog_sideways_reads_at_12_css_px_with_buttons_a_thumb_s_size(
    sideways, monkeypatch, kind
):
    """Issue 26: sideways, the dialogs were the desktop's (words 9 to 10 CSS px, buttons 26 to
    27 high). Each kind (a confirmation, Deal #, the end panels, Who plays?) has every word
    at least 12 CSS px, every button at least 44 CSS px each way, all inside the dialog, on
    the canvas, none on another; no text over a button but its own label."""
    ui = sideways
    t = open_for_people(ui, "forty-thieves")
    t.modal = sideways_dialogs(t)[kind]
    recorded = record_words(monkeypatch)
    for b in t.modal.buttons:
        b._cache.clear()
    recorded.clear()
    t.modal.draw(ui.app.screen)
    written = [(s, r) for s, r, *_ in recorded.written]
    box = t.modal.rect
    assert pygame.Rect(0, 0, CANVAS.w, CANVAS.h).contains(box), box
    assert recorded.texts
    for s, size, bold, _ in recorded.texts:
        assert css_height(size, bold) >= 12, (s, size, css_height(size, bold))
    buttons = [b for b in t.modal.buttons if b.visible]
    for i, b in enumerate(buttons):
        assert min(b.rect.w, b.rect.h) * CSS >= 44, (b.name, b.rect)
        assert box.contains(b.rect), (b.name, b.rect)
        assert theme.measure(b.label, b.size, b.style != "normal") <= b.rect.w - 8, b.name
        assert b.rect.collidelist([o.rect for o in buttons[i + 1 :]]) == -1, b.name
    for s, rect in written:
        assert box.contains(rect), (s, rect)
        assert rect.collidelist([b.rect for b in buttons]) == -1, (s, rect)
    for i, (s, rect) in enumerate(written):
        assert rect.collidelist([r for _, r in written[i + 1 :]]) == -1, (s, rect)
    ui.app.draw()
    ui.screenshot(f"sideways-dialog-{kind}.png")
