"""The dealing animation (issue 18): a new deal's cards fly from the deck to their piles in
under a second; a click or a key lands them at once and then acts; the table is playable
after; nothing else waits; an idle table is not drawn again once they have landed. (The other
UI tests run without it: conftest's app fixture sets DEAL_MS to 0.)"""

from __future__ import annotations

import pygame
import pytest

from game.core import Move
from game.ui.board import dealing as deal
from game.ui.board.dealing import DealFlight

FRAME = 1000 / 60


@pytest.fixture(autouse=True)
def dealing(app, monkeypatch):  # after the app fixture, which turns it off
    monkeypatch.setattr(deal, "DEAL_MS", 800)


def dealt(t) -> bool:
    return any(isinstance(f, DealFlight) for f in t.anim.flights)


def in_layer(t, rect, card) -> bool:
    """Is the card's face (its top strip) drawn at rect in the table's cached layer?"""
    strip = pygame.Rect(8, 6, rect.w - 16, 20)  # within the strip a covered card shows
    layer = t.view.layer().subsurface(strip.move(rect.topleft))
    face = t.art.face(card).subsurface(strip).copy()
    flat = pygame.Surface(strip.size).convert()
    flat.blit(face, (0, 0))
    return pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(flat, "RGB")


def new_deal(ui, game_id="forty-thieves", seed=7):
    ui.app.settings.auto_move = False
    t = ui.app.open_game(game_id)
    ui.settle()
    t.start(seed)
    ui.frames(1)
    return t


def test_the_cards_fly_from_the_stock_to_their_columns_in_under_a_second(ui):
    t = new_deal(ui)
    assert dealt(t)
    column = [c for c, _ in t.piles()["tableau9"]]
    top = ui.card_rect("tableau9")
    assert {c.id for c in column} <= t.anim.hidden()  # not in the layer while dealt
    ui.app.draw()
    assert not ui.shows_card(top, column[-1])  # the last card is not there yet
    ui.frames(12)  # 0.2 s in: some cards are on their way
    ui.screenshot("deal-forty-thieves-midway.png")
    ui.frames(12)  # 0.4 s in: the first cards have landed (drawn into the table's layer)
    first = t.piles()["tableau0"][0][0]
    assert in_layer(t, ui.card_rect("tableau0", 0), first)
    t.view.invalidate()  # the layer made anew mid-deal: the landed cards are laid again
    ui.frames(1)
    assert in_layer(t, ui.card_rect("tableau0", 0), first)
    assert not in_layer(t, top, column[-1]) and not ui.shows_card(top, column[-1])
    frames = 26
    while t.anim.busy and frames < 200:
        ui.frames(1)
        frames += 1
    assert frames * FRAME <= 1000
    ui.app.draw()
    assert ui.shows_card(top, column[-1])
    # at rest: frames draw nothing (the table's frame_key is unchanged); only the solver's
    # verdict, found in the background at its own time, may change the toolbar once or twice
    ui.frames(1)
    drawn = 0
    for _ in range(10):
        ui.frames(1)
        drawn += ui.app.draw_ms > 0
    assert drawn <= 2


def test_a_click_lands_the_deal_at_once_and_then_acts(ui):
    t = new_deal(ui)
    ui.frames(3)
    assert dealt(t)
    ui.click(ui.card_point("stock"))
    assert not dealt(t)
    assert t.state.peek() == Move("stock", "waste")  # the click turned the stock too
    ui.settle()
    column = t.piles()["tableau0"]
    ui.app.draw()
    assert ui.shows_card(ui.card_rect("tableau0"), column[-1][0])


def test_a_key_lands_the_deal_at_once_and_the_table_is_playable(ui):
    t = new_deal(ui)
    ui.frames(2)
    ui.key(pygame.K_TAB)
    assert not dealt(t) and not t.anim.busy
    move = next(m for m in t.state.legal_moves() if m.source.startswith("tableau"))
    ui.drag(ui.card_point(move.source), ui.card_point(move.target), steps=3)
    ui.settle()
    assert t.state.peek() == move


def test_no_dealing_animation_with_animations_off(ui):
    ui.app.settings.animations = False
    t = new_deal(ui)
    assert not t.anim.busy


def test_a_table_without_a_stock_is_dealt_from_the_middle_and_the_computer_waits(ui):
    ui.app.settings.set_seats("russian-bank", ("human", "computer:easy"))
    from tests.support.deals import find_deal

    seed = find_deal("russian-bank", lambda s: s.current_player == 1)
    t = new_deal(ui, "russian-bank", seed)
    ui.app.settings.pace = "instant"
    flight = next(f for f in t.anim.flights if isinstance(f, DealFlight))
    starts = {p0 for _, _, p0, _ in flight.cards}
    assert len(starts) == 1  # one deck
    hand = {c.id for c, _ in t.piles()["hand1"]}
    houses = {c.id for i in range(8) for c, _ in t.piles()[f"house{i}"]}
    assert houses <= flight.ids and not hand & flight.ids  # a stacked hand is there at once
    ui.frames(20)
    ui.screenshot("deal-russian-bank-midway.png")
    assert t.state.history == []  # the computer starts once the cards have landed
    ui.settle()
    for _ in range(100):
        if t.state.history:
            break
        ui.frames(1, 50)
    assert t.state.history
