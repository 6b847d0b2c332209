"""The portrait canvas (a phone held upright): every table and screen laid out for it, played by
touch with real posted events, and its sizes as a 390x844 page shows them (one logical pixel is
0.508 CSS pixel there): cards at least 36 CSS px wide, buttons at least 44 CSS px, text at
least 12 CSS px (the font's height). The figures go to test-artifacts/portrait-figures.json;
screenshots to test-artifacts/portrait-*.png. The left-handed setting (the side panel on the
left, landscape) is tested here too."""

from __future__ import annotations

import pygame
import pytest

from game.core import GAMES, info
from game.storage import MemoryStore, Saves
from game.ui import theme
from game.ui.app import App
from game.ui.canvas import CANVAS, LANDSCAPE, PORTRAIT, choose
from game.ui.dialogs import EndPanel
from game.ui.screens import RulesScene, SettingsScene, StatsScene, TitleScene
from tests.support.client import Driver, Words, app_on_page, merge_artifact, record_words
from tests.support.phone_tables import DEAL, buttons_of, open_for_people, tap_tap_move

PAGE = (390, 844)
CSS = min(PAGE[0] / PORTRAIT.w, PAGE[1] / PORTRAIT.h)  # CSS px per logical px: 0.508
FIGURES: dict = {}
#: the least card width per table, CSS px on a 390x844 page (measured: docs/ui.md). Before
#: issue 26 every table with ten columns or a side panel had 36.6: the side panels' tables
#: now take the room the panel left empty, as much as leaves the panel a line per seat's
#: counts, the match, four lines of the log and two of the tip (84 logical px: what Russian
#: Bank's row of hand, waste and reserve with their captions fits across, and Battle
#: solitaire's turn button between the rows; Chinese Patience's 80 for two players, 88 for
#: three with no seat on top, 72 for four, whose panel counts four seats), Forty Thieves,
#: Indian Patience and Seahaven lie in two bands of five columns (88); Standard's nine places
#: across (80), Little Harp's and Canfield's seven (100) and Spider's ten columns (72, its
#: long columns of face-down cards need the height of one band) are bound by the width.
CARD_FLOOR = {
    "russian-bank": 42.5,
    "chinese-patience-2": 40.5,
    "chinese-patience-3": 44.5,
    "chinese-patience-4": 36.5,
    "battle-solitaire": 42.5,
    "forty-thieves": 44.5,
    "indian-patience": 44.5,
    "standard-solitaire": 40.5,
    "little-harp": 50.5,
    "canfield": 50.5,
    "spider": 36.5,
    "seahaven": 44.5,
}
#: a table not listed above (a new game's) is held to the layouts' least, 72 logical px
#: (game/ui/layouts/__init__.py); list its own once measured
LEAST_CARD_CSS = 36.5


@pytest.fixture
def phone():
    """The App on the portrait canvas (as a 390x844 page picks it), then back to landscape."""
    with app_on_page(PAGE) as ui:
        yield ui


def smallest(words: Words) -> tuple[float, str]:
    """The smallest text rendered while ``words`` recorded: its height in CSS px, the text."""
    size, s = min((size, s) for s, size, _, _ in words.texts)
    return theme.font(size).get_height() * CSS, s


def check_buttons(scene) -> float:
    """Every shown button inside the canvas and at least 44 CSS px each way; the smallest."""
    smallest = 1e9
    for b in buttons_of(scene):
        assert 0 <= b.rect.left and b.rect.right <= CANVAS.w, b.name
        assert 0 <= b.rect.top and b.rect.bottom <= CANVAS.h, b.name
        side = min(b.rect.w, b.rect.h) * CSS
        assert side >= 44, f"{b.name}: {b.rect} is {side} CSS px"
        smallest = min(smallest, side)
    return smallest


def seat_counts(game_id):
    d = info(game_id)
    return d.option("players").choices if "players" in d.options else (None,)


@pytest.mark.parametrize("game_id,players", [(g, n) for g in GAMES for n in seat_counts(g)])
def test_every_table_upright_fits_a_phone_and_takes_a_move_by_touch(
    phone, monkeypatch, game_id, players
):
    ui = phone
    assert CANVAS.portrait and CANVAS.size == (768, 1662)
    t = open_for_people(ui, game_id, players)
    if players:
        assert t.state.player_count == players
    lay = t.layout
    # the cards: as wide as the table allows (CARD_FLOOR), every place on the canvas, none on
    # another
    floor = CARD_FLOOR.get(game_id + (f"-{players}" if players else ""), LEAST_CARD_CSS)
    assert lay.card_w * CSS >= floor, f"cards {lay.card_w * CSS:.1f} CSS px"
    rects = [g.rect for g in lay.piles.values()]
    for name, g in lay.piles.items():
        assert 0 <= g.rect.left and g.rect.right <= CANVAS.w, name
        assert 0 <= g.rect.top and g.rect.bottom <= CANVAS.h, name
        assert g.rect.collidelistall(rects) == [rects.index(g.rect)], f"{name} overlaps"
    # the words on empty places fit between their neighbours, on the canvas
    for name, word in lay.empty_words.items():
        g = lay.piles[name]
        for line in theme.wrap(word, CANVAS.text(20), g.rect.w + 8):
            r = pygame.Rect(0, 0, theme.measure(line, CANVAS.text(20)), 24)
            r.center = g.rect.center
            assert 0 <= r.left and r.right <= CANVAS.w, (name, word)
            others = [o.rect for n, o in lay.piles.items() if n != name]
            if lay.turn_button is not None:  # with the arrow at its sides
                others.append(lay.turn_button.inflate(2 * 26, 0))  # the tip: 26 px
            assert r.collidelist(others) == -1, (name, word)
    # the cards stay above the message line and the buttons (or the side panel)
    message = t.chrome.message_rect()
    assert message is not None
    for name, g in lay.piles.items():
        assert g.rect.bottom <= message.top, name
        if g.limit and g.fan[1] > 0:
            assert g.limit <= message.top, name
    for b in t.buttons:
        assert not b.rect.colliderect(message) or not b.visible, b.name
    # the table uses the height: the cards (a fan at its longest) reach down to the message
    # band, no strip of bare felt above it (issue 26: "the top half of the screen empty")
    reach = max(g.limit if g.limit and g.fan[1] > 0 else g.rect.bottom for g in lay.piles.values())
    assert message.top - reach <= 40, f"{message.top - reach} px of felt above the message"
    words = record_words(monkeypatch)  # the texts written on the table, where
    t.view.invalidate()
    ui.frames(1)
    # the players' names lie clear of every pile
    names = [t.chrome.title(seat) for seat in range(len(t.session.seats))] if lay.seat_names else []
    pile_rects = [g.rect for g in lay.piles.values()]
    for text, rect, *_ in words.written:
        if any(text and text in name for name in names):
            assert rect.collidelist(pile_rects) == -1, (text, rect)
            assert 0 <= rect.left and rect.right <= CANVAS.w, (text, rect)
    smallest_button = check_buttons(t)
    # the corner index: 11 CSS px high (7 before: the landscape table's, scaled down) where
    # the fans leave room, and always inside what a fanned card shows
    art = t.art
    ten_w, line_h = theme.font(art.rank_size, True).size("10")
    index_css = line_h * CSS
    pad = max(3, art.w // 20)
    if lay.fan == "down":
        assert index_css >= 11, f"the corner index is {index_css:.1f} CSS px high"
        assert not lay.reveal or pad - 1 + line_h <= lay.reveal, "a fan hides the index"
    else:  # side fans (Russian Bank's houses): as wide as the step leaves
        assert ten_w + pad < lay.reveal and index_css >= 8
    move = tap_tap_move(ui, t)
    assert move is not None, f"{game_id}: no move made by two taps"
    ui.frames(2)
    text_css, text = smallest(words)
    assert text_css >= 12, f"{text!r} is {text_css} CSS px high"
    name = game_id + (f"-{players}" if players else "")
    ui.screenshot(f"portrait-{name}.png")
    FIGURES[name] = {
        "card_css": lay.card_w * CSS,
        "card_height_css": lay.card_h * CSS,
        "smallest_button_css": smallest_button,
        "smallest_text_css": text_css,
        "card_index_css": round(index_css, 1),
        "move": str(move),
    }
    merge_artifact("portrait-figures.json", FIGURES)


def test_a_card_dragged_by_a_finger_on_the_upright_table_moves(phone):
    ui = phone
    t = open_for_people(ui, "forty-thieves")
    for seed in range(1, 50):  # a deal with a card to move from column to column
        t.start(seed)
        ui.settle()
        s = t.session
        move = next(
            (
                m
                for m in s.candidate_moves()
                if m.source.startswith("tableau")
                and m.target.startswith("tableau")
                and m.count == 1
            ),
            None,
        )
        if move is not None:
            break
    before = len(s.state.history)
    target = t.layout.top_rect(move.target, t.faces(move.target))
    ui.finger_drag(ui.card_point(move.source), target.center, steps=6)
    ui.settle()
    assert len(s.state.history) > before and s.state.history[before].move == move


def test_the_screens_upright_fit_a_phone(phone, monkeypatch):
    """Title, Settings (every tab, scrolled), Rules, Statistics, Who plays?, the deal number
    keypad, the end of a deal: inside the canvas, buttons 44 CSS px, text 12 CSS px."""
    ui = phone
    app = ui.app
    words = record_words(monkeypatch)
    shots = []
    app.show(TitleScene(app))
    ui.frames(1)
    check_buttons(app.scene)
    shots.append(("title", app.scene))
    settings = SettingsScene(app)
    app.show(settings)
    for tab in settings.tabs:
        settings.pick(tab)
        ui.frames(1)
        check_buttons(settings)
        if settings.max_scroll():  # a finger drag scrolls the rows; the last row shows
            area = settings.area
            ui.finger_drag((area.centerx, area.bottom - 20), (area.centerx, area.top + 20))
            assert settings.scroll > 0
            check_buttons(settings)
    ui.screenshot("portrait-settings.png")
    app.show(RulesScene(app, "russian-bank"))
    ui.frames(1)
    check_buttons(app.scene)
    ui.finger_tap(app.scene.button("next").rect.center)
    assert app.scene.game == GAMES[(GAMES.index("russian-bank") + 1) % len(GAMES)]
    ui.screenshot("portrait-rules.png")
    app.show(StatsScene(app))
    ui.frames(1)
    check_buttons(app.scene)
    ui.screenshot("portrait-statistics.png")
    title = TitleScene(app)
    app.show(title)
    ui.frames(1)
    ui.finger_tap(title.button("chinese-patience").rect.center)
    assert title.modal is not None
    check_buttons(title)
    ui.screenshot("portrait-who-plays.png")
    ui.finger_tap(title.modal.button("play").rect.center)
    t = app.scene
    assert t.game_id == "chinese-patience"
    app.open_game("forty-thieves")
    t = app.scene
    ui.finger_tap(t.button("Deal #").rect.center)
    assert t.modal is not None
    check_buttons(t)
    for key in "42":
        ui.finger_tap(t.modal.button(f"key{key}").rect.center)
    ui.screenshot("portrait-deal-number.png")
    ui.finger_tap(t.modal.button("ok").rect.center)
    ui.settle()
    assert t.state.seed == 42
    # the end of a deal, as a stuck deal shows it (four buttons in a row)
    t.modal = EndPanel(
        t,
        "No more moves",
        [
            "No more moves: deal 42 is stuck after 80 moves (12:34).",
            "Take moves back, restart the deal or try a new one.",
        ],
        [(label, t.restart, "normal") for label in ("Undo", "Restart", "New deal", "Menu")],
    )
    ui.frames(1)
    check_buttons(t)
    ui.screenshot("portrait-end.png")
    text_css, text = smallest(words)
    assert text_css >= 12, f"{text!r} is {text_css} CSS px high"


def test_the_page_shape_picks_the_canvas():
    assert choose(1280, 800).size == (1280, 720)
    assert choose(844, 390).size == (1552, 720)  # held sideways: the table and a rail
    assert choose(390, 844).size == (768, 1662)  # the page's shape, about twice its pixels
    assert choose(412, 915).size == (768, 1706)
    assert choose(390, 664).size == (768, 1400)  # never shorter than the layouts need
    assert choose(300, 900).size == (768, 1800)  # nor taller


# every game whose table has a side panel (a kind of table other than the solitaire's)
@pytest.mark.parametrize("game_id", [g for g in GAMES if info(g).table != "solitaire"])
def test_left_handed_puts_the_side_panel_on_the_left(ui, game_id):
    app = ui.app
    app.settings.set("left_handed", True)
    app.settings.set_seats(game_id, ("human",) * len(app.settings.seats(game_id)))
    t = app.open_game(game_id, new=True)
    t.start(DEAL)  # a fixed deal: a random one may offer no one-card move within a few turns
    ui.frames(2)
    lay = t.layout
    assert lay.table_left > 0
    for b in t.buttons:  # the panel's buttons on the left, the cards right of them
        if b is not getattr(t.chrome, "turn_button", None):
            assert b.rect.right < lay.table_left, b.name
    for g in lay.piles.values():
        assert lay.table_left <= g.rect.left and g.rect.right <= CANVAS.w
    # the panel is drawn there: its colour left, the felt where the landscape panel was
    screen = app.screen
    assert tuple(screen.get_at((20, 670)))[:3] == theme.PANEL
    assert tuple(screen.get_at((1270, 670)))[:3] != theme.PANEL
    ui.screenshot(f"left-handed-{game_id}.png")
    # a move still goes where the (moved) cards are
    move = next(
        (
            m
            for m in t.session.candidate_moves()
            if m.source in lay.piles
            and m.target in lay.piles
            and m.source != m.target
            and t.piles()[m.source]
        ),
        None,
    )
    if move is not None:
        before = len(t.state.history)
        ui.click(ui.card_point(move.source))
        ui.click(lay.top_rect(move.target, t.faces(move.target)).center)
        ui.settle()
        assert len(t.state.history) > before


def test_changing_the_left_handed_setting_lays_the_tables_out_again(ui):
    app = ui.app
    app.settings.set_seats("russian-bank", ("human", "human"))
    t = app.open_game("russian-bank", new=True)
    ui.frames(2)
    assert t.layout.table_left == 0
    settings = SettingsScene(app)
    app.show(settings)
    ui.click(settings.button("left_handed=True").rect.center)
    assert app.settings.left_handed
    t2 = app.open_game("russian-bank")
    assert t2 is not t and t2.layout.table_left > 0
    assert t2.state.seed == t.state.seed  # the same game, laid out again


@pytest.mark.parametrize(
    "page", [(390, 664), (412, 915), (360, 800)], ids=["short-1400", "tall-1706", "360x800"]
)
def test_other_phone_shapes_get_tables_that_fit(page):
    """A phone page of another shape (a browser's bars taking height, a taller phone): the
    canvas follows its shape and every table still fits it."""
    CANVAS.use(choose(*page))
    pygame.display.quit()
    try:
        app = App(Saves(MemoryStore()))
        ui = Driver(app)
        assert CANVAS.portrait and CANVAS.w == 768
        for game_id in GAMES:
            for players in seat_counts(game_id):
                t = open_for_people(ui, game_id, players)
                message = t.chrome.message_rect()
                for name, g in t.layout.piles.items():
                    assert g.rect.bottom <= message.top, (game_id, name)
                    if g.limit and g.fan[1] > 0:
                        assert g.limit <= message.top, (game_id, name)
                for b in t.buttons:
                    if b is getattr(t.chrome, "turn_button", None):  # on the table
                        assert b.rect.bottom <= message.top
                    elif b.visible:
                        assert b.rect.bottom <= CANVAS.h and b.rect.top >= message.bottom, (
                            game_id,
                            b.name,
                        )
                ui.frames(1)
        ui.screenshot(f"portrait-{page[0]}x{page[1]}-last.png")
    finally:
        CANVAS.use(LANDSCAPE)
        pygame.display.quit()


@pytest.mark.parametrize("players", [3, 4])
def test_the_round_table_s_names_stay_clear_of_the_cards_upright(phone, monkeypatch, players):
    """The computer seats' long names ("Player 2 (Medium)") beside the centre go in lines."""
    ui = phone
    app = ui.app
    app.settings.set_option("chinese-patience", "players", players)
    t = app.open_game("chinese-patience", new=True)
    words = record_words(monkeypatch)
    t.view.invalidate()
    ui.frames(1)
    names = [t.chrome.title(seat) for seat in range(players)]
    assert any("(" in name for name in names)  # computer seats: their level in the name
    piles = [g.rect for g in t.layout.piles.values()]
    drawn = [(s, r) for s, r, *_ in words.written if any(s and s in name for name in names)]
    assert len(drawn) >= players
    for text, rect in drawn:
        assert rect.collidelist(piles) == -1, (text, rect)
        assert 0 <= rect.left and rect.right <= CANVAS.w, (text, rect)


def test_upright_settings_rows_out_of_sight_are_reached_by_keys(phone):
    """Tab walks every row's choices, the hidden ones too, and scrolls each into sight; Enter
    picks it."""
    ui = phone
    app = ui.app
    settings = SettingsScene(app)
    app.show(settings)
    ui.frames(1)
    assert settings.max_scroll() > 0
    last = settings.rows[-1][3][-1][1]  # the last row's last choice, below the screen's edge
    assert not last.visible
    for _ in range(len(settings.buttons) + 2):
        ui.key(pygame.K_TAB)
        if settings.buttons[settings.focused] is last:
            break
    assert settings.buttons[settings.focused] is last
    assert last.visible and settings.area.contains(last.rect) and settings.scroll > 0
    name, value = last.name.split("=")
    ui.key(pygame.K_RETURN)
    assert str(getattr(app.settings, name)) == value


@pytest.mark.parametrize("game_id", GAMES)
def test_a_long_message_upright_shows_every_word(phone, monkeypatch, game_id):
    """A refusal's reason or who starts and why can take four lines on the narrow canvas: all
    of them are drawn (on a band), never cut after the second."""
    app = phone.app
    t = app.open_game(game_id, new=True)
    t.modal = None
    words = (
        "The Eight of clubs doesn't fit on the Nine of spades: piles build down in "
        "alternating colours, and only a King fills an empty pile, so it goes back."
    )
    t.say(words, "warn")
    recorded = record_words(monkeypatch)
    t.view.draw_message(app.screen)
    drawn = [p.text for p in recorded.written]
    assert len(drawn) > 2 and " ".join(drawn) == words
    phone.frames(1)
    phone.screenshot(f"portrait-long-message-{game_id}.png")


LONG_WORDS = (
    "The Eight of clubs doesn't fit on the Nine of spades: piles build down in "
    "alternating colours, and only a King fills an empty pile, so the Eight goes "
    "back to the column it came from."
)  # four lines upright


def pile_areas(lay) -> list[pygame.Rect]:
    """Where each pile's cards may lie: its place, its fan down to its limit (or across to
    it), its count below it."""
    out = []
    for g in lay.piles.values():
        r = g.rect.copy()
        if g.limit and g.fan[1] > 0:
            r.height = g.limit - r.top
        elif g.limit and g.fan[0] > 0:
            r.width = g.limit - r.left
        elif g.limit and g.fan[0] < 0:
            r.width, r.left = r.right - g.limit, g.limit
        if g.badge == "below":
            r.height += 30
        out.append(r)
    return out


@pytest.mark.parametrize("game_id,players", [(g, n) for g in GAMES for n in seat_counts(g)])
def test_a_long_message_upright_has_its_own_band(phone, monkeypatch, game_id, players):
    """Issue 26: Russian Bank's three-line opening covered the panel's header. Upright, a
    message of four lines (a refusal's reason; who starts and why) stands in a band of its
    own: clear of the cards' places and fans, the top bar, the panel's headline and turn box,
    and every button."""
    ui = phone
    t = open_for_people(ui, game_id, players)
    t.modal = None
    t.say(LONG_WORDS, "warn")
    words = record_words(monkeypatch)
    t.view.invalidate()
    ui.frames(1)
    lines = theme.wrap(LONG_WORDS, CANVAS.text(22), CANVAS.w - 40)
    assert len(lines) == 4
    drawn = [r for s, r, *_ in words.written if s in lines]
    assert len(drawn) == 4, "every line of the message is drawn"
    band = drawn[0].unionall(drawn[1:])
    assert band.collidelist(pile_areas(t.layout)) == -1, band
    for b in t.buttons:
        assert not b.visible or not band.colliderect(b.rect), b.name
    if t.layout.turn_button is not None:
        assert not band.colliderect(t.layout.turn_button)
    if hasattr(t.chrome, "portrait_headline"):  # a side panel below: its top is clear
        from game.ui.turns.panel import portrait_top

        top = portrait_top(t)
        assert band.bottom <= top
        head = [
            r
            for s, r, *_ in words.written
            if r.top >= top
            and s
            and t.chrome.portrait_headline().startswith(s.rstrip(".").split(" ·")[0])
        ]
        assert head and band.bottom < head[0].top
    else:  # the top bar (game, deal, moves, time, light)
        from game.ui.chromes.solitaire import P_BAR_H

        assert band.top > P_BAR_H
    name = game_id + (f"-{players}" if players else "")
    ui.screenshot(f"portrait-message-{name}.png")


def test_russian_bank_s_opening_upright_leaves_the_header_in_sight(phone, monkeypatch):
    """The opening against the computer (who starts and why, and what to do first): three
    lines, between the cards and the panel, the panel's headline and turn box in sight."""
    ui = phone
    t = ui.app.open_game("russian-bank", new=True)
    t.start(DEAL)
    ui.frames(3, 50)
    shown = t.message_text()
    assert "start" in shown
    lines = theme.wrap(shown, CANVAS.text(22), CANVAS.w - 40)
    assert len(lines) >= 3
    words = record_words(monkeypatch)
    t.view.invalidate()
    ui.frames(1)
    from game.ui.turns.panel import portrait_top

    drawn = [r for s, r, *_ in words.written if s in lines]
    assert len(drawn) == len(lines)
    band = drawn[0].unionall(drawn[1:])
    assert band.bottom <= portrait_top(t) and band.collidelist(pile_areas(t.layout)) == -1
    ui.screenshot("portrait-russian-bank-opening.png")
