"""Battle solitaire through the real client: you against the computer by posted events (turn
your hand's cards, drag a card, the turn button in the middle of the table naming whose turn it
is), the computer's turn, the refill of an empty hand, two people at one screen, and a whole
game to the end screen and the match. Russian Bank's table keeps its End turn in the panel."""

from __future__ import annotations

import pygame

from game.core import PASS, Move
from game.ui.layouts.battle_solitaire import LAYOUT
from tests.support.deals import find, find_deal

BS = "battle-solitaire"


def you_start_with_a_penalty_card_to_play(state):
    """You start, and your penalty pile's top card fits a shared pile at once: that pile."""
    if state.current_player != 0:
        return None
    return next(
        (
            m.target
            for m in state.legal_moves()
            if m.source == "reserve0" and m.target.startswith("house")
        ),
        None,
    )


def you_start(state):
    return state.current_player == 0


def open_battle(ui, seed, seats=("human", "computer:medium"), pace="instant"):
    ui.app.settings.set_seats(BS, seats)
    ui.app.settings.set("pace", pace)
    t = ui.app.open_game(BS)
    t.start(seed)
    ui.frames(2)
    return t


def test_you_turn_cards_play_one_and_press_the_turn_button_then_the_computer_plays(ui):
    seed, house = find(BS, you_start_with_a_penalty_card_to_play)
    t = open_battle(ui, seed)
    s = t.state
    assert ": you start." in t.message_text() and "You drew the" in t.message_text()
    assert t.message_text().endswith("the first turn can decide the game.")  # told at once
    button = t.button("End turn")
    assert button.rect == pygame.Rect(LAYOUT["turn_button"]) and button.enabled
    assert not t.button("Stop!").visible  # a game without calls shows no Stop! button
    ui.screenshot("battle-solitaire-start.png")
    # click your hand: its top card turns onto your reserve pile
    card = s.pile["hand0"].top
    ui.click(ui.card_point("hand0"))
    ui.frames(10)
    assert s.pile["waste0"].top is card and len(s.pile["hand0"].cards) == 34
    assert ui.shows_card(ui.card_rect("waste0"), card)
    assert t.chrome.log[0] == f"You: turned up the {card.name}"
    # drag your penalty pile's card onto the shared pile it fits
    penalty = s.pile["reserve0"].top
    ui.drag(ui.card_point("reserve0"), ui.card_point(house))
    ui.frames(20)
    assert s.pile[house].top is penalty
    assert s.pile["reserve0"].down == len(s.pile["reserve0"].cards) - 1
    # a refused move goes back and says why
    n = len(s.history)
    ui.drag(ui.card_point("waste0"), ui.card_point("foundation0"))
    if len(s.history) == n:
        assert t.message_text()
    else:
        ui.key(pygame.K_z, pygame.KMOD_CTRL)  # (it fitted: take it back)
    ui.frames(10)  # the card flies back home
    ui.screenshot("battle-solitaire-your-turn.png")
    # the turn button in the middle of the table ends the turn
    n = len(s.history)
    ui.click(ui.button("End turn"))
    assert s.history[n].move == PASS and s.current_player == 1  # (the computer may be off)
    assert not t.button("End turn").enabled and not t.can_undo()
    ui.frames(2)
    ui.screenshot("battle-solitaire-computers-turn.png")
    assert ui.run_until(lambda: s.current_player == 0 or s.is_over(), limit=3000)
    movers = {e.move.source[-1] for e in s.history[n:] if e.move != PASS}
    assert "1" in movers  # the computer played its own cards
    assert t.chrome.log and t.chrome.log[0].startswith("Computer: ")
    ui.frames(30, 50)
    ui.screenshot("battle-solitaire-after-the-computers-turn.png")


def test_clicking_your_empty_hand_turns_your_reserve_pile_back_once_a_turn(ui):
    t = open_battle(ui, find_deal(BS, you_start))
    s = t.state
    while s.pile["hand0"].cards:
        ui.click(ui.card_point("hand0"))  # T would do the same
    ui.frames(10)
    assert len(s.pile["waste0"].cards) == 35 - 0 and not s.pile["hand0"].cards
    first = s.pile["waste0"].cards[0]
    assert t.chrome.tip() == "Click your empty hand to turn your reserve pile back into it."
    ui.click(ui.card_point("hand0"))  # the empty hand's place
    assert s.peek() == Move("waste0", "hand0") and s.refilled
    assert len(s.pile["hand0"].cards) == 35 and s.pile["hand0"].top is first  # order kept
    assert t.chrome.log[0] == "You: turned your reserve pile back into your hand"
    ui.key(pygame.K_t)
    assert s.pile["waste0"].top is first
    while s.pile["hand0"].cards:
        ui.key(pygame.K_t)
    ui.frames(5)
    ui.click(ui.card_point("hand0"))  # not twice in a turn
    assert s.peek() == Move("hand0", "waste0")
    assert t.chrome.tip().startswith("Press the turn button")
    ui.screenshot("battle-solitaire-hand-used-up.png")
    ui.key(pygame.K_e)  # E presses the turn button
    assert s.current_player == 1


def test_two_people_at_one_screen_press_the_turn_button_in_turn(ui):
    t = open_battle(ui, find_deal(BS, you_start), seats=("human", "human"))
    s = t.state
    assert t.message_text().startswith("Player 1 drew the")
    for p in (0, 1, 0):
        assert t.chrome.turn_label()[0] == f"Player {p + 1}'s turn"
        ui.click(ui.card_point(f"hand{p}"))  # each person clicks their own hand
        ui.settle()
        assert s.peek() == Move(f"hand{p}", f"waste{p}")
        if p == 1:
            ui.screenshot("battle-solitaire-hot-seat-player-2.png")
        ui.click(ui.button("End turn"))
        ui.settle()
        assert s.current_player == 1 - p
    assert [str(e.move) for e in s.history] == ["d0-w0", "pass", "d1-w1", "pass", "d0-w0", "pass"]


def test_russian_bank_keeps_its_end_turn_in_the_panel(ui):
    t = ui.app.open_game("russian-bank")
    ui.frames(2)
    button = t.button("End turn")
    assert button.rect == pygame.Rect(928, 376, 340, 42) and button.label == "End turn"
    assert t.chrome.turn_button is None and t.button("Stop!").visible


def test_a_whole_game_against_the_computer_ends_with_the_score_and_the_match(ui):
    from game.ai.players.battle_solitaire import Bot

    t = open_battle(ui, 3, seats=("human", "computer:easy"))
    me = Bot("greedy", seed=3)
    ui.play_to_the_end(t, me)
    result = t.state.result()
    assert result is not None and t.modal is not None
    assert t.chrome.match.games == 1 and sum(t.chrome.match.scores) == result.points
    assert t.chrome.match.target == 100
    assert ui.app.saves.match(BS)["scores"] == t.chrome.match.scores
    stats = ui.app.saves.stats(BS)
    assert stats["played"] == 1 and stats["won"] == (1 if result.winner == 0 else 0)
    ui.frames(30, 50)
    ui.screenshot("battle-solitaire-end.png")
    ui.click(ui.modal_button("Next game"))
    assert not t.state.history and t.modal is None
