"""Seahaven through the client, every move a posted mouse event: a whole deal won (a deal found
once and pinned; its winning line is found again here by a small search), and a deal that ends
stuck."""

from __future__ import annotations

import pygame
import pytest

from game.core import Move, new_game
from game.session import Session
from tests.support.client import assert_won
from tests.support.positions import build
from tests.support.searched_lines import open_deal, play_line, search, shortcut

WON_DEAL = 6  # the first deal from 1 that search() wins within 500 positions with this order


def canonical(state) -> tuple:
    """The position with the cells as a set: which cell holds a card changes nothing."""
    return (
        tuple(tuple(p.cards) for p in state.tableau),
        frozenset(c.cards[0] for c in state.cells if c.cards),
    )


def seahaven_order(state, m: Move):
    """Building moves first, then cards out of the cells, then into them; never a cell to
    another cell or a lone card to another empty column (they change nothing that matters)."""
    src, dst = state.pile[m.source], state.pile[m.target]
    if dst.kind == "foundation":
        return 0
    if dst.kind == "tableau" and dst.cards:
        return 1
    if src.kind == "cell":
        return 2 if dst.kind == "tableau" else None
    if dst.kind == "tableau":
        return 3 if len(src.cards) > 1 else None
    return 4


@pytest.mark.slow  # more than 3 s of CPU natively
def test_a_whole_seahaven_deal_won_through_the_ui(ui):
    state = new_game("seahaven", WON_DEAL)
    line = search(state, seahaven_order, key=canonical, max_nodes=500)
    assert line is not None, "the pinned deal is winnable"
    line = shortcut(state, line)
    assert any(m.target.startswith("cell") for m in line)
    assert any(m.source.startswith("cell") and m.target.startswith("tableau") for m in line)
    t = open_deal(ui, WON_DEAL, "seahaven")
    ui.screenshot("seahaven-deal.png")
    play_line(ui, t, line[: len(line) // 2])
    ui.screenshot("seahaven-half.png")
    play_line(ui, t, line[len(line) // 2 :])
    assert_won(ui, t, "seahaven")
    ui.frames(30, 40)
    ui.screenshot("seahaven-won.png")


def test_a_deal_with_no_move_left_ends_stuck(ui):
    # one free cell: the King of clubs goes up into it, and then nothing moves any more
    state = build(
        "seahaven",
        {
            "tableau0": "AS 2S 3S 4S 5S",
            "tableau1": "6S 7S 8S 9S TS",
            "tableau2": "AH 2H 3H 4H 5H",
            "tableau3": "6H 7H 8H 9H TH",
            "tableau4": "AD 2D 3D 4D 5D",
            "tableau5": "6D 7D 8D 9D TD",
            "tableau6": "AC 2C 3C 4C 5C",
            "tableau7": "6C 7C 8C 9C TC",
            "tableau8": "JS QS JH QH",
            "tableau9": "JD QD JC QC KC",
            "cell0": "KS",
            "cell1": "KH",
            "cell2": "KD",
        },
        rest={},
    )
    assert Move("tableau9", "cell3") in state.legal_moves()
    ui.app.saves.save_game("seahaven", Session(state).to_dict())
    ui.app.settings.auto_move = False
    t = ui.app.open_game("seahaven")
    ui.settle()
    assert not t.state.is_over() and t.modal is None
    ui.drag(ui.card_point("tableau9"), ui.card_point("cell3"), steps=3)
    ui.settle()
    assert str(t.state.peek()) == "t9-c3"
    assert t.state.is_over() and t.state.result().status == "stuck"
    assert t.modal is not None and t.modal.title == "No more moves"
    ui.screenshot("seahaven-stuck.png")
    # a deal that can no longer change is played and lost at once, not when the next deal is
    # asked for (issue 26 item 3: Statistics said "Played 0"), and the end screen says so
    assert "It counts as played and lost." in " ".join(t.modal.lines)
    stats = ui.app.saves.stats("seahaven")
    assert stats["played"] == 1 and stats["won"] == 0 and stats["streak"] == 0
    ui.click(ui.modal_button("Undo"))
    assert not t.state.is_over() and t.session.recorded  # taken back, but it stays counted
    ui.click(ui.button("New deal"))
    if t.modal is not None:
        ui.click(ui.modal_button("yes"))
    assert ui.app.saves.stats("seahaven")["played"] == 1  # not counted twice


def test_the_waste_key_on_a_table_without_a_waste_changes_nothing(ui):
    t = open_deal(ui, 3, "seahaven")
    ui.app.keyboard_used = True
    ui.key(pygame.K_3, frames=2)
    for key in (pygame.K_w, pygame.K_s):
        ui.key(key, frames=2)  # the focus ring is drawn: there is no waste to draw it on
        assert t.input.focus == "tableau2" and not t.state.history
