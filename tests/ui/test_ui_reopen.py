"""What probing all ten games found (issue 25), through the real client: a table opened again
after its match has a score, another game's save under a game's key, a match whose scores don't
fit its seats, and the Settings rows after a game's player count changes."""

from __future__ import annotations

import json

import pygame
import pytest

from game.core import GAMES, Result, info, new_game
from game.session import Session
from game.storage import FileStore, MemoryStore, Saves
from game.ui.app import App
from game.ui.screens import SettingsScene, StatsScene, TitleScene
from tests.support.client import Driver, app_on_page
from tests.support.fakes import FakeLocalStorage

MATCH_GAMES = [g for g in GAMES if info(g).match is not None]
# the games where giving a game up scores it in the match (a game of two players)
CONCEDING = [g for g in MATCH_GAMES if new_game(g, 1).concede(0) is not None]


def fresh_app(store) -> Driver:
    """The client started again on the same storage (a restart, a reload of the page)."""
    app = App(Saves(store))
    app.settings.pace = "instant"
    pygame.event.clear()
    return Driver(app)


def test_the_lists_come_from_the_registry():
    assert "russian-bank" in CONCEDING and "battle-solitaire" in CONCEDING
    assert "chinese-patience" in MATCH_GAMES


# ----------------------------------------------------------------------------- item 1
@pytest.mark.parametrize("game_id", MATCH_GAMES)
def test_a_table_opens_again_after_its_match_has_a_score(game_id, monkeypatch):
    monkeypatch.setattr("game.ui.board.dealing.DEAL_MS", 0)
    store = MemoryStore()
    ui = fresh_app(store)
    t = ui.app.open_game(game_id)
    t.chrome.record_match(Result("won", 0, 12, "test"))  # the table's own way of scoring
    assert Saves(store).match(game_id)["scores"][0] == 12

    ui = fresh_app(store)  # restart, then open the game from the title screen
    ui.click(ui.button(game_id))
    ui.frames(5)
    t = ui.app.scene
    assert t.game_id == game_id and t.session is not None
    assert t.chrome.match.scores[0] == 12 and t.chrome.match.games == 1
    assert "12" in t.chrome.match_line()
    ui.screenshot(f"reopened-{game_id}.png")


@pytest.mark.parametrize("game_id", CONCEDING)
def test_a_game_given_up_scores_the_match_and_the_table_opens_again(game_id, monkeypatch):
    """The issue's reproduction, with clicks: a move, New game, give the game up, restart."""
    monkeypatch.setattr("game.ui.board.dealing.DEAL_MS", 0)
    store = MemoryStore()
    ui = fresh_app(store)
    ui.click(ui.button(game_id))
    ui.click(ui.modal_button("play"))  # who plays: as offered (you against the computer)
    t = ui.app.scene
    # a deal the person starts (the computer's first move would take thinking time)
    t.start(
        next(
            seed
            for seed in range(1, 1000)
            if Session.new(game_id, seed, t.session.seats).accepting()
        )
    )
    ui.frames(2)
    assert t.accepting_input()
    t.attempt(t.state.legal_moves()[0])  # any move of the person's: the deal is under way
    ui.settle()
    assert t.session.unfinished
    ui.click(ui.button("New game"))
    ui.click(ui.modal_button("play"))
    ui.click(ui.modal_button("yes"))  # give the deal up: the computer scores it
    saved = Saves(store).match(game_id)
    assert saved["games"] == 1 and saved["scores"][1] > 0

    ui = fresh_app(store)
    ui.click(ui.button(game_id))
    ui.frames(5)
    t = ui.app.scene
    assert t.game_id == game_id
    assert t.chrome.match.scores == saved["scores"]


# ----------------------------------------------------------------------------- item 2
def _stores(tmp_path):
    from game.storage import BrowserStore

    return {
        "file": lambda: FileStore(tmp_path / "saves"),
        "memory": MemoryStore,
        "local-storage": lambda: BrowserStore(FakeLocalStorage()),
    }


@pytest.mark.parametrize("kind", ["file", "memory", "local-storage"])
@pytest.mark.parametrize("game_id", GAMES)
def test_another_games_save_under_a_games_key_is_set_aside(game_id, kind, tmp_path, monkeypatch):
    monkeypatch.setattr("game.ui.board.dealing.DEAL_MS", 0)
    other = GAMES[(GAMES.index(game_id) + 1) % len(GAMES)]
    session = Session.new(other, 5)
    if session.accepting():
        session.play(session.state.legal_moves()[0])
    store = _stores(tmp_path)[kind]()
    text = json.dumps({"format": 1, "data": session.to_dict()})
    store.set(f"parlour/game/{game_id}", text)

    ui = fresh_app(store)
    t = ui.app.open_game(game_id)
    ui.frames(5)
    assert t.state.game_id == game_id  # this game's table plays this game: a new deal
    told = [n for n in ui.app.notices if "couldn't be read" in n]
    assert len(told) == 1 and info(game_id).title in told[0]
    assert "a new game starts" in told[0] and "kept aside" in told[0]
    aside = f"parlour.aside/game/{game_id}"
    if kind == "file":
        assert store.get_bytes(aside) == text.encode()
    else:
        assert store.get(aside) == text
    saved = Saves(store).load_game(game_id)  # what is saved now is this game's new deal
    assert saved["state"]["game"] == game_id


# ----------------------------------------------------------------------------- item 3
@pytest.mark.parametrize(
    "game_id, match",
    [
        (
            "chinese-patience",
            {
                "target": 100,
                "scores": [3, 0, 5, 1],
                "games": 2,
                "seats": ["human", "computer:medium"],
            },
        ),
        (
            "russian-bank",
            {
                "target": 300,
                "scores": [3, 0, 5],
                "games": 2,
                "seats": ["human", "computer:medium", "human"],
            },
        ),
        ("battle-solitaire", {"target": 100, "scores": [3, 0, 5], "games": 2}),
    ],
    ids=["four-scores-two-seats", "three-in-a-two-player-game", "three-without-seats"],
)
def test_statistics_open_with_a_match_that_does_not_fit_its_seats(game_id, match):
    store = MemoryStore()
    text = json.dumps({"format": 1, "data": match})
    store.set(f"parlour/match/{game_id}", text)
    ui = fresh_app(store)
    ui.click(ui.button("Statistics"))
    ui.frames(3)
    assert isinstance(ui.app.scene, StatsScene)
    title = info(game_id).title
    told = [n for n in ui.app.notices if title in n and "match" in n]
    assert len(told) == 1 and "kept aside" in told[0]
    assert store.get(f"parlour.aside/match/{game_id}") == text
    assert (
        ui.app.scene.match_text(game_id, ui.app.scene.matches[game_id])
        == f"{title} match: no match played yet."
    )
    ui.click(ui.button("Back"))
    assert isinstance(ui.app.scene, TitleScene)
    ui.click(ui.button(game_id))  # the table opens too, with a new match
    if ui.app.scene.modal is not None:
        ui.click(ui.modal_button("play"))
    ui.frames(3)
    assert ui.app.scene.chrome.match.games == 0


def test_statistics_name_the_players_of_a_match_saved_without_seats():
    """A match without its seats (as Russian Bank's was before seats were saved) whose scores
    are more than the seats now chosen: named by number, never a crash."""
    store = MemoryStore()
    store.set(
        "parlour/match/chinese-patience",
        json.dumps({"format": 1, "data": {"target": 100, "scores": [3, 0, 5, 1], "games": 2}}),
    )
    ui = fresh_app(store)
    ui.click(ui.button("Statistics"))
    ui.frames(3)
    scene = ui.app.scene
    assert scene.match_text("chinese-patience", scene.matches["chinese-patience"]) == (
        "Chinese Patience match to 100: Player 1 3 · Player 2 0 · Player 3 5 · Player 4 1 "
        "after 2 games"
    )


# ----------------------------------------------------------------------------- item 5
def seat_rows(scene, game_id):
    return sorted(
        {b.name.split("=")[0] for b in scene.buttons if b.name.startswith(f"{game_id}/seat")}
    )


def test_settings_rows_follow_the_number_of_players(ui):
    settings_rows_follow_the_number_of_players(ui)


def test_settings_rows_follow_the_number_of_players_upright():
    with app_on_page((390, 844)) as ui:
        settings_rows_follow_the_number_of_players(ui)


def settings_rows_follow_the_number_of_players(ui):
    ui.click(ui.button("Settings"))
    scene = ui.app.scene
    assert isinstance(scene, SettingsScene)
    ui.click(ui.button("tab-chinese-patience"))
    g = "chinese-patience"
    assert seat_rows(scene, g) == [f"{g}/seat0", f"{g}/seat1"]
    ui.click(ui.button(f"{g}/players=4"))
    assert seat_rows(scene, g) == [f"{g}/seat{i}" for i in range(4)]  # at once
    ui.click(ui.button(f"{g}/seat3=computer:hard"))
    ui.click(ui.button("tab-chinese-patience"))  # the tab opened again
    ui.click(ui.button(f"{g}/players=2"))
    ui.frames(3)  # every frame raised IndexError here
    assert seat_rows(scene, g) == [f"{g}/seat0", f"{g}/seat1"]
    assert ui.app.settings.seats(g) == ("human", "computer:medium")
    ui.click(ui.button(f"{g}/players=3"))
    ui.frames(2)
    assert seat_rows(scene, g) == [f"{g}/seat{i}" for i in range(3)]
    assert Saves(ui.app.saves.store).settings()["games"][g]["options"]["players"] == 3


def test_settings_rows_after_a_change_keep_the_keyboard_focus(ui):
    ui.click(ui.button("Settings"))
    scene = ui.app.scene
    ui.click(ui.button("tab-chinese-patience"))
    name = "chinese-patience/players=4"
    scene.focused = [b.name for b in scene.buttons].index(name)
    ui.key(pygame.K_RETURN)
    assert ui.app.settings.options("chinese-patience")["players"] == 4
    assert scene.buttons[scene.focused].name == name


@pytest.mark.parametrize("last", ["poker", ["russian-bank"], 7])
def test_a_last_game_that_is_not_a_game_is_reset_and_the_player_told(store, last):
    store.set("parlour/settings", json.dumps({"format": 1, "data": {"last_game": last}}))
    ui = fresh_app(store)
    assert ui.app.settings.last_game is None
    assert any("reset to its default" in n and repr(last) in n for n in ui.app.notices)
    ui.frames(3)
    assert not ui.app.scene.button("continue").enabled
