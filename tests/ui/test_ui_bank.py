"""Russian Bank through the real client: your moves by posted events, the computer's paced
moves, STOP! both ways, undo within your turn, the end of a game and the match score."""

from __future__ import annotations

import pygame
import pytest

from game.core import STOP, Move, new_game
from game.ui.table.messages import readable
from tests.support.bank_table import (
    END,
    TURN,
    ace_on_house,
    breaching_computer,
    computer_breach,
    computer_starts,
    open_bank,
)
from tests.support.deals import find, find_deal


class Plain:
    """What a plain deal offers: the house the turned hand card fits, and a house it does not
    fit (a plain refusal, not a priority slip that STOP! mode would let through)."""

    def __init__(self, fits, refused):
        self.fits, self.refused = fits, refused


def plain(state):
    """You start; the only move is turning your hand card; the turned card then fits a house;
    after that the next card may be turned, and the turn then ends within a few moves (played
    as the tests below play them: anything but ending the turn first)."""
    if state.current_player != 0 or state.legal_moves() != [TURN]:
        return None
    state.push(TURN)
    fits = [h.name for h in state.houses if state.is_legal(Move("hand0", h.name))]
    slips = state.breach_moves()
    refused = [
        h.name
        for h in state.houses
        if not state.is_legal(Move("hand0", h.name)) and Move("hand0", h.name) not in slips
    ]
    if not (fits and refused):
        return None
    state.push(Move("hand0", fits[0]))
    if not state.is_legal(TURN):
        return None
    state.push(TURN)
    for _ in range(3):
        if state.legal_moves() == [END]:
            break
        move = next((m for m in state.legal_moves() if m != END), None)
        if move is None:
            return None
        state.push(move)
    if state.legal_moves() != [END]:
        return None
    state.push(END)
    return Plain(fits[0], refused[0]) if state.current_player == 1 else None


def test_turn_flow_hand_card_end_turn_and_the_computers_reply(ui):
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    assert t.state.current_player == 0
    ui.screenshot("russian-bank-start.png")
    ui.click(ui.card_point("hand0"))
    hand = t.state.pile["hand0"]
    assert hand.down == len(hand.cards) - 1  # the top card is turned up
    card = hand.top
    assert ui.shows_card(ui.card_rect("hand0"), card)
    # play it on a house by dragging it there
    ui.drag(ui.card_point("hand0"), ui.card_point(deal.fits))
    ui.frames(20)
    assert t.state.pile[deal.fits].top is card
    # turn another, end the turn by dragging the hand card to your waste
    ui.click(ui.card_point("hand0"))
    while (
        t.state.pile["hand0"].top
        and t.state.current_player == 0
        and t.state.legal_moves() != [Move("hand0", "waste0")]
    ):
        move = next(m for m in t.state.legal_moves() if m.target != "waste0")
        assert t.attempt(move)
        ui.frames(20)
    if t.state.current_player == 0:
        ui.drag(ui.card_point("hand0"), ui.card_point("waste0"))
        ui.frames(2)
    assert t.state.current_player == 1
    mark = len(t.state.history)
    # the computer's moves come one at a time, at the chosen pace
    ui.frames(3, 50)
    assert len(t.state.history) == mark  # not before the pace delay (350 ms)
    assert ui.run_until(lambda: len(t.state.history) > mark)
    assert len(t.state.history) == mark + 1
    assert ui.run_until(lambda: t.state.current_player == 0 or t.state.is_over())
    ui.frames(2)
    ui.screenshot("russian-bank-mid-game.png")
    # the computer's turn can be followed: its last moves are in the panel, in words
    assert t.chrome.log and t.chrome.log[0].startswith("Computer: ")
    assert t.chrome.log[0].endswith("on their waste, ending the turn")


def test_refused_move_shows_the_reason_and_changes_nothing(ui):
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    ui.click(ui.card_point("hand0"))
    state = t.state
    target = deal.refused
    reason = state.why_illegal(Move("hand0", target))
    n = len(state.history)
    card = state.pile["hand0"].top
    ui.drag(ui.card_point("hand0"), ui.card_point(target))
    assert len(state.history) == n
    assert t.message_text() == readable(reason)
    ui.frames(20)
    assert ui.shows_card(ui.card_rect("hand0"), card)
    ui.screenshot("russian-bank-refused.png")


def test_double_click_sends_the_ace_to_a_foundation(ui):
    seed, house = find("russian-bank", ace_on_house)
    t = open_bank(ui, seed)
    ace = t.state.pile[house].top
    assert ace.rank == 1
    ui.double_click(ui.card_point(house))
    ui.frames(10)
    assert any(f.top is ace for f in t.state.foundations)


def test_the_opening_words_name_the_ace_that_must_go_up_first(ui):
    """The first words at the table never tell a beginner to touch the hand while an Ace
    dealt to a house must go to a foundation first (that would be a breach the computer
    calls Stop! on)."""
    seed, house = find("russian-bank", ace_on_house)
    t = open_bank(ui, seed, rb_mode="stop")
    ace = t.state.pile[house].top
    words = t.message_text()
    assert words.startswith("Your top reserve card is lower: you start.")
    assert "Click your hand" not in words and ace.name in words and "foundation" in words
    seed = find_deal("russian-bank", plain)  # nothing compulsory: turning the hand is allowed
    t = open_bank(ui, seed)
    assert "Click your hand to turn up a card." in t.message_text()


def test_the_computer_calls_stop_on_your_priority_breach(ui):
    seed, house = find("russian-bank", ace_on_house)
    t = open_bank(ui, seed, rb_mode="stop", level="hard")  # Hard always calls
    ace = t.state.pile[house].top
    ui.click(ui.card_point("hand0"))  # breaks (b): the Ace had to go up first
    assert t.state.breach is not None and t.state.breach.rule == "b"
    assert t.session.pending_call == 1  # the computer will call
    assert ui.run_until(lambda: t.chrome.banner is not None, dt=50, limit=40)
    assert t.state.peek() == STOP
    assert any(f.top is ace for f in t.state.foundations)  # the compulsory move was played
    assert t.state.current_player == 1  # and your turn ended
    assert "Stop!" in t.chrome.banner[0] and "foundation" in t.chrome.banner[1]
    ui.screenshot("russian-bank-stop.png")
    assert not t.can_undo()


def test_strict_mode_has_no_stop_button(ui):
    """Issue 18: in strict mode no priority can be broken, so a call could only be wrong."""
    t = open_bank(ui, find_deal("russian-bank", ace_on_house), rb_mode="strict")
    assert not t.button("Stop!").visible and not t.session.has_calls
    t2 = open_bank(ui, find_deal("russian-bank", ace_on_house), rb_mode="stop")
    assert t2.button("Stop!").visible


def test_strict_mode_refuses_the_breach_with_the_priority(ui):
    t = open_bank(ui, find_deal("russian-bank", ace_on_house), rb_mode="strict")
    ui.click(ui.card_point("hand0"))
    assert not t.state.history
    assert t.message_text().startswith("Priority:")


def test_you_call_stop_on_the_computer(ui, monkeypatch):
    t = open_bank(ui, find_deal("russian-bank", computer_breach), rb_mode="stop")
    breaching_computer(t, monkeypatch)
    assert t.state.current_player == 1
    assert not t.button("Stop!").enabled
    assert ui.run_until(lambda: t.state.history)
    assert t.state.breach is not None and t.state.breach.player == 1
    assert t.button("Stop!").enabled
    ui.click(ui.button("Stop!"))
    assert t.state.peek() == STOP
    assert t.state.current_player == 0
    assert "caught the computer" in t.chrome.banner[0]
    assert not t.can_undo()  # a Stop! call is not taken back
    # a wrong call: now the last move was the right call, nobody breached
    assert not t.button("Stop!").enabled


def test_the_computers_slip_waits_for_your_stop_call(ui, monkeypatch):
    """Issue 26 item 7: at the Normal pace the computer's next move used to come 800 ms after
    its slip, too soon to see it and call. Now it waits at least CALL_WINDOW_MS; the call is
    then right."""
    from game.session.pace import CALL_WINDOW_MS

    t = open_bank(ui, find_deal("russian-bank", computer_breach), rb_mode="stop", pace="normal")
    breaching_computer(t, monkeypatch)
    assert ui.run_until(lambda: t.state.history)
    assert t.state.breach is not None and t.state.breach.player == 1
    mark, start = len(t.state.history), ui.app.time_ms
    while ui.app.time_ms - start < CALL_WINDOW_MS - 100:
        ui.frames(1, 50)
        assert len(t.state.history) == mark, "the computer moved on before a call could come"
    ui.click(ui.button("Stop!"))
    assert t.state.peek() == STOP and t.state.current_player == 0


def test_a_wrong_stop_call_changes_nothing(ui):
    ui.app.settings.set_option("russian-bank", "wrong_call", "free")  # the default: a turn
    t = open_bank(ui, find_deal("russian-bank", computer_starts), pace="fast")
    assert t.state.current_player == 1
    assert ui.run_until(lambda: t.state.history)
    assert (
        t.state.breach is None and t.chrome.can_call_stop()
    )  # the stand-in plays only legal moves
    assert t.chrome.tip() == ""  # a wrong call costs nothing: no word about a price
    key = t.state.key()
    ui.key(pygame.K_x)
    assert t.state.key() == key
    assert t.message_text().startswith("Wrong call")


def test_a_wrong_stop_call_with_a_price_costs_your_next_turn_in_words(ui):
    """Option wrong_call "turn": the wrong call says its price, and the computer plays its next
    turn straight after this one, saying why."""
    ui.app.settings.set_option("russian-bank", "wrong_call", "turn")
    t = open_bank(ui, find_deal("russian-bank", computer_starts), pace="fast")
    assert ui.run_until(lambda: t.state.history)
    assert t.state.breach is None and t.chrome.can_call_stop()
    assert t.chrome.tip() == ("Stop! only on a broken priority: a wrong call costs you a turn.")
    ui.screenshot("bank-wrong-call-tip.png")
    ui.key(pygame.K_x)
    assert t.message_text() == (
        "Wrong call: the last move broke no priority rule. You miss your next turn."
    )
    assert not t.chrome.can_call_stop() and t.state.lost_turns == (1, 0)
    assert ui.run_until(lambda: t.state.turn == 2)
    assert t.state.current_player == 1
    assert t.message_text() == (
        "The computer plays again: you miss this turn for your wrong Stop! call."
    )
    ui.frames(1)
    ui.screenshot("bank-wrong-call-price.png")


def test_undo_and_redo_within_your_turn_only(ui):
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    ui.click(ui.card_point("hand0"))
    ui.drag(ui.card_point("hand0"), ui.card_point(deal.fits))
    ui.frames(10)
    assert len(t.state.history) == 2
    ui.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(t.state.history) == 1
    ui.click(ui.button("Redo"))
    assert len(t.state.history) == 2
    # end the turn: nothing of it may be taken back any more
    ui.click(ui.card_point("hand0"))
    while t.state.current_player == 0:
        moves = t.state.legal_moves()
        move = next((m for m in moves if m.target != "waste0"), moves[0])
        assert t.attempt(move)
        ui.frames(5)
    assert not t.can_undo()
    ui.click(ui.button("Undo"))
    assert t.state.current_player == 1


def test_keyboard_turns_and_ends(ui):
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    ui.key(pygame.K_t)
    assert t.state.pile["hand0"].down == len(t.state.pile["hand0"].cards) - 1
    ui.key(pygame.K_TAB)
    assert t.input.focus == "hand0"
    ui.key(pygame.K_RETURN)
    assert t.input.selected == ("hand0", len(t.state.pile["hand0"].cards) - 1)
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_e)
    assert t.state.current_player == 1 or t.state.peek() == Move("hand0", deal.fits)
    ui.key(pygame.K_MINUS)
    assert ui.app.settings.pace == "normal"


@pytest.mark.slow  # more than 3 s of CPU natively
def test_a_whole_game_ends_with_the_score_and_the_match(ui):
    from game.ai.players.russian_bank import opponent

    t = open_bank(ui, 5, pace="instant")
    me = opponent("greedy", seed=3)
    ui.play_to_the_end(t, me)
    result = t.state.result()
    assert result is not None and t.modal is not None
    assert t.chrome.match.games == 1 and sum(t.chrome.match.scores) == result.points
    assert ui.app.saves.match()["scores"] == t.chrome.match.scores
    stats = ui.app.saves.stats("russian-bank")
    assert stats["played"] == 1 and stats["won"] == (1 if result.winner == 0 else 0)
    ui.frames(30, 50)
    ui.screenshot("russian-bank-end.png")
    ui.click(ui.modal_button("Next game"))
    assert not t.state.history and t.modal is None


def test_continue_resumes_the_game_exactly(ui, store):
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    ui.click(ui.card_point("hand0"))
    ui.drag(ui.card_point("hand0"), ui.card_point(deal.fits))
    ui.frames(10)
    ui.key(pygame.K_z, pygame.KMOD_CTRL)
    saved = t.state.to_dict()
    from game.storage import Saves
    from game.ui.app import App

    app2 = App(Saves(store))
    t2 = app2.open_game("russian-bank")
    assert t2.state.to_dict() == saved
    play = Move("hand0", deal.fits)
    assert [[str(m) for m in g] for g in t2.session.redo_groups] == [[str(play)]]
    t2.redo()
    assert t2.state.peek() == play
    assert new_game("russian-bank", seed).seed == t2.state.seed


def test_hint_shows_what_hard_would_play(ui):
    """Issue 18: the README promised a Russian Bank hint (H, or the Hint button)."""
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    ui.click(ui.button("Hint"))
    assert t.hint is not None and t.hint[0] in t.state.legal_moves()
    assert t.message_text().startswith("Hint: ") and t.session.assisted
    ui.frames(1)
    ui.screenshot("russian-bank-hint.png")
    ui.click(ui.card_point("hand0"))  # the move made: the hint and its words go
    assert t.hint is None and not t.message_text().startswith("Hint: ")


def test_the_tip_names_the_compulsory_move_not_a_slip(ui):
    """Issue 18: the tip said "Click your hand to turn up a card" while an Ace waited for a
    foundation; following it earned a Stop!. In both modes it now names the move due, and End
    turn is not offered."""
    seed, house = find("russian-bank", ace_on_house)
    for mode in ("stop", "strict"):
        t = open_bank(ui, seed, rb_mode=mode)
        ace = t.state.pile[house].top
        tip = t.chrome.tip()
        assert tip.startswith(f"The {ace.name} must go to a foundation"), tip
        assert not t.chrome.can_end_turn()
        ui.double_click(ui.card_point(house))  # doing what it says
        ui.frames(10)
        assert t.state.breach is None and t.state.pile[house].top is not ace
        # next: the emptied house is due from the reserve (priority c), then the hand
        assert t.chrome.tip() in (
            "Fill the empty house from your reserve before turning a hand card.",
            "Click your hand to turn up a card.",
        )


def test_giving_a_game_up_gives_it_to_the_computer_in_the_match(ui):
    """Issue 18: abandoning a game cost nothing in the match. Now it is a win for the other
    player, as if they had played every card (the dialog says so first)."""
    seed, deal = find("russian-bank", plain)
    t = open_bank(ui, seed)
    ui.click(ui.card_point("hand0"))
    ui.frames(5)
    points = t.state.concede(0).points
    assert points == 30 + t.state.penalty_count(0)
    given_up = t.session
    ui.click(ui.button("New game"))
    ui.click(ui.modal_button("play"))  # who plays: as before
    assert "scores it as a win" in t.modal.body
    ui.click(ui.modal_button("yes"))
    assert ui.app.saves.match("russian-bank")["scores"] == [0, points]
    assert ui.app.saves.stats("russian-bank")["played"] == 1
    assert t.session is not given_up  # a new game is dealt


def test_the_pace_is_offered_only_where_a_computer_plays_at_this_screen(ui):
    """The computer's pace belongs to the computer: with two people at the table (here, or a
    friend at another screen) its buttons are off and the panel says there is no computer."""
    t = open_bank(ui, 3, level="medium", pace="normal")
    assert t.button("faster").enabled and t.chrome.pace_word() == "Normal"
    ui.key(pygame.K_PLUS)
    assert ui.app.settings.pace == "fast"
    t = ui.app.open_game("russian-bank")
    t.start(3, seats=("human", "human"))
    ui.frames(2)
    assert not t.button("faster").enabled and not t.button("slower").enabled
    assert not t.button("faster").visible and not t.button("slower").visible  # (issue 46)
    assert t.chrome.pace_word() == "No computer"
    ui.key(pygame.K_PLUS)
    assert ui.app.settings.pace == "fast" and "No computer" in t.message_text()
    ui.screenshot("bank-two-people-no-pace.png")
