"""The game by ear on the desktop (issue 46): keys in, the voice's words and views out.

Every test here listens at the voice's boundary (a ``Recorder`` given to the App: what the
platform's speech would be told) and presses only keys; the table is never asked directly,
except to check at the end that what was heard was true."""

from __future__ import annotations

import os
import re

import pygame
import pytest

from game.core import new_game
from game.storage import MemoryStore, Saves
from game.ui.app import App
from game.ui.ear.voice import Recorder
from tests.support.bank_table import breaching_computer, computer_breach, open_bank
from tests.support.client import Driver
from tests.support.deals import find_deal, solver_deal


@pytest.fixture
def ear(monkeypatch):
    """A Driver of an App whose voice records, the Screen reader setting on."""
    monkeypatch.setattr("game.ui.board.dealing.DEAL_MS", 0)
    voice = Recorder()
    app = App(Saves(MemoryStore()), voice=voice)
    pygame.event.clear()
    app.settings.set("screen_reader", True)
    app.settings.animations = False
    driver = Driver(app)
    driver.frames(2)
    driver.voice = voice
    return driver


def heard(ui) -> list[str]:
    return ui.voice.words


def last(ui) -> str:
    return ui.voice.words[-1]


def focus_name(ui) -> str:
    view = ui.voice.views[-1]
    node = view.node(view.focus)
    return node.name if node else ""


def press(ui, key, unicode: str = "", mod: int = 0, frames: int = 1) -> None:
    ui.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    ui.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
    ui.frames(frames)


def test_the_title_is_said_and_each_button_is_a_node_named_as_drawn(ear):
    assert heard(ear)[0] == "Patience Parlour."
    view = ear.voice.views[-1]
    names = [n.name for n in view.nodes if n.role == "button"]
    assert "Forty Thieves" in names and "Settings" in names and "Russian Bank" in names
    press(ear, pygame.K_TAB)
    assert focus_name(ear) == names[0]
    press(ear, pygame.K_TAB)
    assert focus_name(ear) == names[1]


def test_off_nothing_is_said_and_no_view_is_made():
    voice = Recorder()
    app = App(Saves(MemoryStore()), voice=voice)
    ui = Driver(app)
    ui.frames(3)
    assert voice.said == [] and voice.views == []


def test_settings_by_keys_read_each_choice_with_its_row_and_state(ear):
    ear.app.show(__import__("game.ui.screens", fromlist=["SettingsScene"]).SettingsScene(ear.app))
    ear.frames(1)
    assert last(ear) == "Settings."
    names = {n.name: n.pressed for n in ear.voice.views[-1].nodes if n.role == "button"}
    assert names["Card animations: On"] is False and names["Card animations: Off"] is True
    assert names["Screen reader: On"] is True


def open_table(ui, game: str, seed: int):
    table = ui.app.open_game(game)
    table.start(seed)
    ui.settle()
    return table


def test_the_reading_keys_read_the_table(ear):
    open_table(ear, "forty-thieves", 91)
    state = new_game("forty-thieves", 91)
    press(ear, pygame.K_p)
    assert last(ear) == "Stock: 64 cards, all face down; Waste: empty."
    press(ear, pygame.K_o)
    assert last(ear).startswith("Foundation 1: ") and "Foundation 8: " in last(ear)
    press(ear, pygame.K_i)
    assert last(ear) == "Choose a pile first (arrows or Tab)."
    for _ in range(11):  # stock, waste, 8 foundations, then the first column
        press(ear, pygame.K_TAB)
    top = state.pile["tableau0"].top
    assert focus_name(ear).startswith("Column 1: 4 cards, top: ")
    press(ear, pygame.K_i)
    assert last(ear).startswith("Column 1: ") and last(ear).endswith(top.words("name").capitalize())
    press(ear, pygame.K_a)
    assert re.match(r"\d+ moves?: ", last(ear)) and "Turn a card from Stock" in last(ear)
    press(ear, pygame.K_g)
    assert last(ear).startswith("Forty Thieves. Deal 91, moves 0")
    press(ear, pygame.K_l)
    assert "light is off" in last(ear)


def test_a_bad_key_and_a_refused_move_are_said_urgently_and_change_nothing(ear):
    table = open_table(ear, "forty-thieves", 91)
    before = table.state.key()
    press(ear, pygame.K_q, "q")
    assert ear.voice.said[-1] == (
        "The key Q does nothing here. I, O, P, A, L and G read the table.",
        True,
    )
    # pick up column 1's top card and put it on a column it doesn't fit
    for _ in range(11):
        press(ear, pygame.K_TAB)
    press(ear, pygame.K_RETURN)
    assert "1 card picked up" in focus_name(ear)
    state = new_game("forty-thieves", 91)
    bad = next(
        c.name
        for c in state.tableau[1:]
        if state.why_illegal(__import__("game.core", fromlist=["Move"]).Move("tableau0", c.name))
    )
    while not focus_name(ear).startswith(f"Column {int(bad[7:]) + 1}:"):
        press(ear, pygame.K_TAB)
    press(ear, pygame.K_RETURN)
    text, urgent = ear.voice.said[-1]
    assert urgent and "doesn't fit" in text
    assert table.state.key() == before


def parse_plan(words: str) -> tuple[str, str | None, int]:
    """A hint's plan as the ear says it: (source pile, target pile or None, cards)."""
    m = re.match(r"Turn a card from (.+)\.$", words)
    if m:
        return m.group(1), None, 1
    m = re.match(r"(?:(\d+) cards from )?.+? from (.+?) (?:onto .+?, |to )(.+)\.$", words)
    assert m, words
    return m.group(2), m.group(3), int(m.group(1) or 1)


def walk_to(ui, pile: str, limit: int = 40) -> None:
    for _ in range(limit):
        if focus_name(ui).startswith(pile + ":"):
            return
        press(ui, pygame.K_TAB)
    raise AssertionError(f"{pile} not reached by Tab: {focus_name(ui)}")


@pytest.mark.slow
def test_a_forty_thieves_deal_won_by_ear_alone(ear):
    """Each move chosen from what was heard (the Hint's plan: which cards, from where, to
    where), made with Tab, Enter and +; the light read with L until it says winnable."""
    seed, _verdict = solver_deal("forty-thieves")
    ear.app.settings.set("winnable_light", True)
    table = open_table(ear, "forty-thieves", seed)
    for _ in range(600):
        press(ear, pygame.K_l)
        if last(ear) == "Light: winnable.":
            break
    assert last(ear) == "Light: winnable."
    for _ in range(400):
        if ear.app.scene.modal is not None:
            break
        said = len(heard(ear))
        press(ear, pygame.K_h)
        news = heard(ear)[said:]
        hint = next(i for i, w in enumerate(news) if w.startswith("Hint: "))
        source, target, count = parse_plan(news[hint + 1])
        walk_to(ear, source)
        said = len(heard(ear))
        press(ear, pygame.K_RETURN)
        ear.settle()
        if target is None:  # turned from the stock (and what then goes home by itself)
            assert re.match(r"Turned .+ to Waste", heard(ear)[said]), heard(ear)[said:]
            continue
        assert "picked up" in focus_name(ear), focus_name(ear)
        for _ in range(count - 1):
            press(ear, pygame.K_PLUS, "+")
        if count > 1:
            assert last(ear).startswith(f"{count} cards picked up"), last(ear)
        walk_to(ear, target)
        press(ear, pygame.K_RETURN)
        ear.settle()
    assert table.state.result() is not None and table.state.result().winner == 0
    assert any(w.startswith("You won") or "won" in w.lower() for w in heard(ear)[-5:])
    log = "\n".join(heard(ear))
    if os.environ.get("PARLOUR_EAR_LOG"):  # a file to read the whole game in, as heard
        with open(os.environ["PARLOUR_EAR_LOG"], "w") as f:
            f.write(log)
    assert "Hint: " in log and " onto " in log


def test_russian_bank_by_ear_the_computers_moves_and_a_stop_call_by_key(ear, monkeypatch):
    """The computer's moves are said as they happen, urgently and with its name; X calls
    Stop! on its broken priority and the banner is heard; then your turn is played from the
    Hint's plan with the keys. (When to call is the rules' to know: a seeing player's
    knowledge, taken from the core; everything asserted is what was heard.)"""
    seed = find_deal("russian-bank", computer_breach)
    table = open_bank(ear, seed, rb_mode="stop", pace="fast")
    breaching_computer(table, monkeypatch)
    said = len(heard(ear))
    assert ear.run_until(lambda: table.state.history, dt=50)
    ear.frames(2)
    news = ear.voice.said[said:]
    moved = [text for text, urgent in news if urgent and text.startswith("Computer: ")]
    assert moved, news
    assert table.state.breach is not None and table.state.breach.player == 1
    said = len(heard(ear))
    press(ear, pygame.K_x, "x")
    news = ear.voice.said[said:]
    assert ("Stop! You caught the computer.", True) in news, news
    # your turn now: a few moves from the Hint's plan, by Tab and Enter (T turns the hand)
    for _ in range(6):
        if table.state.current_player != 0:
            break
        said = len(heard(ear))
        press(ear, pygame.K_h)
        plans = [w for w in heard(ear)[said:] if re.match(r".+ from .+", w)]
        if not plans:
            break
        source, target, count = parse_plan(plans[-1])
        walk_to(ear, source)
        press(ear, pygame.K_RETURN)
        ear.settle()
        if target is not None:
            walk_to(ear, target)
            press(ear, pygame.K_RETURN)
            ear.settle()
    assert any(" to " in w or " onto " in w or w.startswith("Turned") for w in heard(ear)[-8:])


def test_tab_goes_on_from_the_piles_to_the_tables_buttons_and_enter_presses_one(ear):
    open_table(ear, "forty-thieves", 91)
    piles = len(ear.app.scene.layout.focus_order)
    for _ in range(piles):
        press(ear, pygame.K_TAB)
    assert focus_name(ear).startswith("Column 10:")
    names = []
    for _ in range(12):
        press(ear, pygame.K_TAB)
        names.append(focus_name(ear))
        if focus_name(ear).startswith("Stock:"):
            break
    assert names[:2] == ["Menu", "Hint"] and names[-1].startswith("Stock:"), names
    press(ear, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    press(ear, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert focus_name(ear) == names[-3]
    while focus_name(ear) != "Hint":
        press(ear, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    press(ear, pygame.K_RETURN)
    assert any(w.startswith("Hint: ") for w in heard(ear)[-3:]), heard(ear)[-3:]


def test_the_computers_turn_replayed_is_read_step_by_step(ear):
    seed = find_deal("russian-bank", lambda s: s.current_player == 1)
    open_bank(ear, seed, level="easy", pace="instant")
    assert ear.run_until(lambda: "Your turn." in heard(ear), dt=50)
    while focus_name(ear) != "Replay turn":
        press(ear, pygame.K_TAB)
    press(ear, pygame.K_RETURN)
    assert last(ear).startswith("Replay of Computer's last turn.") and "Before the turn" in last(
        ear
    )
    press(ear, pygame.K_RIGHT)
    assert last(ear).startswith("Move 1 of "), last(ear)
    press(ear, pygame.K_RIGHT)
    assert last(ear).startswith("Move 2 of 4. The Jack of diamonds onto"), heard(ear)[-3:]


def test_the_tables_view_is_made_once_a_move_not_each_frame_of_its_flight(ear, monkeypatch):
    import game.ui.table.scene as scene_module

    made = []
    real = scene_module.table_view
    monkeypatch.setattr(scene_module, "table_view", lambda t: made.append(1) or real(t))
    ear.app.settings.animations = True
    open_table(ear, "forty-thieves", 91)
    made.clear()
    frames_before = len(ear.voice.views)
    press(ear, pygame.K_s, "s", frames=30)  # a card turned and flown to the waste
    assert ear.app.scene.anim.busy is False
    assert 1 <= len(made) <= 3, len(made)
    assert len(ear.voice.views) - frames_before == 1
