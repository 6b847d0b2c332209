"""Help at the table (issue 26 items 8 and 9): a Rules button at every table (toolbar or side
panel, on every canvas shape) opening that game's rules and going back to the same position;
Hint at Chinese Patience's round table (what its Hard computer player would play); Battle
solitaire saying at the start that the first turn can decide the game, and a game played by
following Hint counted and shown as played with help, as a solitaire's is. Screenshots:
test-artifacts/table-rules-*.png, battle-solitaire-won-with-hint.png,
chinese-patience-hint.png."""

from __future__ import annotations

import pygame
import pytest

from game.core import GAMES, info
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.screens import RulesScene
from game.ui.table.scene import Table
from tests.support.client import app_on_page
from tests.support.deals import find

PAGES = {"landscape": (1280, 720), "upright": (390, 844), "sideways": (844, 390)}
CSS = {"landscape": 1.0, "upright": 390 / 768, "sideways": 390 / 720}
BS, CP = "battle-solitaire", "chinese-patience"


def people(ui, game_id, seed=7) -> Table:
    """The game's table, every seat a person, a fixed deal."""
    app = ui.app
    app.settings.set_seats(game_id, ("human",) * len(app.settings.seats(game_id)))
    t = app.open_game(game_id, new=True)
    t.start(seed)
    ui.settle()
    return t


def a_move(t):
    """A move a person may make now, not a turn-ending one (so the position is a player's)."""
    s = t.session
    return next(
        (m for m in s.candidate_moves() if m.source != m.target and m != s.state.end_turn_move()),
        None,
    )


@pytest.mark.parametrize("page", list(PAGES))
def test_every_table_has_a_rules_button_back_to_the_same_position(page):
    with app_on_page(PAGES[page]) as ui:
        for game_id in GAMES:
            t = people(ui, game_id)
            move = a_move(t)
            if move is not None:
                t.attempt(move)
                ui.settle()
            position, moves = str(t.state), len(t.state.history)
            b = t.button("Rules")
            assert b.visible and b.enabled, game_id
            assert 0 <= b.rect.left and b.rect.right <= CANVAS.w and b.rect.bottom <= CANVAS.h
            assert min(b.rect.w, b.rect.h) * CSS[page] >= (44 if page != "landscape" else 38)
            label = theme.text(b.label, b.size, theme.INK).get_rect(center=b.rect.center)
            assert b.rect.contains(label.inflate(8, 0)), (game_id, "the word fits")
            others = [o for o in t.buttons if o is not b and o.visible]
            assert not any(b.rect.colliderect(o.rect) for o in others), game_id
            assert not any(b.rect.colliderect(g.rect) for g in t.layout.piles.values())
            tap = ui.finger_tap if page != "landscape" else ui.click
            tap(b.rect.center)
            rules = ui.app.scene
            assert isinstance(rules, RulesScene) and rules.game == game_id, game_id
            if game_id in (BS, "little-harp"):
                ui.screenshot(f"table-rules-{game_id}-{page}.png")
            if game_id == CP:  # Esc goes back too
                ui.key(pygame.K_ESCAPE)
            else:
                tap(rules.button("Back").rect.center)
            assert ui.app.scene is t, game_id  # the same table, the same position
            assert str(t.state) == position and len(t.state.history) == moves
            ui.frames(1)


def test_chinese_patience_offers_hint_from_its_hard_player(ui):
    seed, _ = find(CP, lambda state: state.current_player == 0)
    ui.app.settings.set_seats(CP, ("human", "computer:medium"))
    ui.app.settings.set("pace", "instant")
    t = ui.app.open_game(CP, new=True)
    t.start(seed)
    ui.settle()
    assert t.session.is_local(t.session.to_move) and not t.session.assisted
    ui.click(ui.button("Hint"))
    assert t.hint is not None, t.message_text()
    move = t.hint[0]
    assert move in t.session.candidate_moves()
    assert t.message_text().startswith("Hint: ")
    assert t.session.assisted  # counted as played with help
    ui.frames(2)
    ui.screenshot("chinese-patience-hint.png")
    n = len(t.state.history)
    assert t.attempt(move)
    ui.settle()
    assert len(t.state.history) > n
    t.hint = None
    if t.session.is_local(t.session.to_move):  # H asks too
        ui.key(pygame.K_h)
        assert t.hint is not None


@pytest.mark.slow  # more than 3 s of CPU natively
def test_battle_solitaire_says_the_first_turn_can_decide_and_hint_counts_as_help(ui):
    """Deal 1: following Hint (what Hard would play), the first player plays every card in the
    first turn, as the issue found. The start says it can happen; the end says the game was
    played with help, and Statistics count it apart."""
    ui.app.settings.set_seats(BS, ("human", "computer:medium"))
    ui.app.settings.set("pace", "instant")
    t = ui.app.open_game(BS, new=True)
    t.start(1)
    ui.frames(2)
    s = t.session
    assert s.to_move == 0 and s.is_local(0)
    note = t.state.START_NOTE
    assert "first turn can decide the game" in note and t.message_text().endswith(note)
    assert "the first turn can decide the game" in info(BS).rules  # in the rules too
    ui.screenshot("battle-solitaire-first-turn-note.png")
    hints = 0
    for _ in range(400):
        if t.state.is_over():
            break
        if not t.accepting_input():
            ui.frames(1, 100)
            continue
        ui.click(ui.button("Hint"))
        assert t.hint is not None, t.message_text()
        hints += 1
        assert t.attempt(t.hint[0])
        ui.settle()
    assert t.state.is_over() and t.state.turn == 0  # the second player never moved
    ui.settle()
    assert t.modal is not None and "Played with help (Hint)." in t.modal.lines
    ui.frames(2)
    ui.screenshot("battle-solitaire-won-with-hint.png")
    stats = ui.app.saves.stats(BS)
    assert stats["played"] == 1 and stats["assisted"] == 1 and stats["won"] == 0
    assert stats["won_with_help"] == 1 and hints > 100


def test_new_game_at_the_round_table_chooses_the_number_of_players(ui):
    """The round table's New game asks who plays with the same dialog: 4 players chosen there,
    the next game is dealt for 4, laid out for 4."""
    from game.ui.board.places import layout_for

    t = people(ui, CP)
    assert t.state.player_count == 2
    ui.click(ui.button("New game"))
    ui.click(ui.modal_button("players=4"))
    assert len(t.modal.seats) == 4
    ui.click(ui.modal_button("play"))
    if t.modal is not None:  # a started game is given up first
        ui.click(ui.modal_button("yes"))
    ui.settle()
    assert t.state.player_count == 4 and len(t.session.seats) == 4
    assert t.layout is layout_for(CP, 4, panel_left=bool(t.layout.table_left))
    ui.screenshot("chinese-patience-new-game-4.png")
