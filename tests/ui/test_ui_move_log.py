"""The move log of the tables with turns, through the real client (issue 26 item 2): "'Last
moves' keeps 3 lines, cuts long ones ('...ending the tu...'), and is empty after a reload ...
the log must be scrollable, complete for the current and previous turn, survive a reload, and
a player must be able to step through the computer's last turn."

A Hard computer plays a whole turn of many moves; then the log lists every one of them (read
from the game's history), wrapped, never cut; the wheel, a finger and the keys scroll it back
to the oldest; a new App on the same store shows the same log; Replay turn shows the position
before the computer's turn and steps through exactly its moves, and leaves the game as it was.
Screenshots: test-artifacts/move-log-*.png (landscape, upright, sideways)."""

from __future__ import annotations

import pygame

from game.ai.players import computer_player
from game.core import new_game
from game.storage import Saves
from game.ui.app import App
from game.ui.turns.turn_replay import TurnReplay
from tests.support.client import Driver, app_on_page
from tests.support.deals import find_deal

RB = "russian-bank"
MANY = 12  # the computer's first turn has at least this many moves


def hard_starts_with_a_long_turn(state):
    """The computer (seat 1) starts, and Hard's first turn has MANY moves or more."""
    if state.current_player != 1:
        return None
    bot, n = computer_player(RB, "hard"), 0
    while state.current_player == 1 and not state.is_over() and n < 200:
        state.push(bot.choose(state))
        n += 1
    return n >= MANY and not state.is_over()


def deal():
    return find_deal(RB, hard_starts_with_a_long_turn, {"mode": "strict"})


def open_after_the_computers_turn(ui, seed):
    s = ui.app.settings
    s.set_option(RB, "mode", "strict")
    s.set_seats(RB, ("human", "computer:hard"))
    s.set("pace", "instant")
    t = ui.app.open_game(RB)
    t.start(seed)
    for _ in range(4000):  # bounded: the computer thinks in slices, a move a pace
        if t.state.current_player == 0 or t.state.is_over():
            break
        ui.frames(1, 50)
    assert t.state.current_player == 0 and not t.state.is_over()
    ui.frames(3, 50)
    return t


def computer_moves(t) -> int:
    """The moves of the computer's turn, from the game itself (it began the game)."""
    return t.session.turn_start - t.session.dealt


def check_the_log_lists_the_turn(t):
    n = computer_moves(t)
    assert n >= MANY
    log = t.chrome.log
    theirs = [line for line in log if line.startswith("Computer: ")]
    assert len(theirs) == n, log
    assert log[0].endswith("on their waste, ending the turn")
    view = t.chrome.log_view
    width = view.rect.w - 12
    lines = view.content(view._content[0][3], width)
    assert lines[0][0] == "Computer's turn" and any(x[0] == "Your turn (now)" for x in lines)
    numbered = [x[0] for x in lines if x[3] == 0 and x[0][:1].isdigit()]
    assert len(numbered) == n and numbered[-1].startswith(f"{n}. ")
    for text, *_ in lines:  # wrapped, never cut
        assert not text.endswith("..."), text
    return lines


def first_line_shown(view) -> int:
    """The index of the first content line drawn wholly inside the log's place."""
    return -(-view.scroll // view.step)


def test_a_hard_turn_is_logged_in_full_scrolls_survives_a_reload_and_replays(ui, store):
    seed = deal()
    t = open_after_the_computers_turn(ui, seed)
    ui.screenshot("move-log-landscape.png")
    check_the_log_lists_the_turn(t)
    view = t.chrome.log_view
    assert view.max_scroll > 0 and view.scroll == view.max_scroll  # the newest in sight
    assert first_line_shown(view) > 0  # the oldest out of sight...
    for _ in range(40):  # ... until the wheel scrolls back
        ui.post(
            pygame.MOUSEWHEEL,
            x=0,
            y=1,
            flipped=False,
            precise_x=0.0,
            precise_y=1.0,
            touch=False,
            which=0,
        )
    ui.frames(2)
    assert view.scroll == 0 and first_line_shown(view) == 0
    ui.screenshot("move-log-landscape-scrolled-to-the-oldest.png")
    ui.key(pygame.K_PAGEDOWN)
    assert view.scroll > 0
    ui.click(view.rect.center)  # a click on the log: the arrows scroll it
    ui.key(pygame.K_END)
    assert view.scroll == view.max_scroll
    ui.key(pygame.K_UP)
    assert view.scroll == view.max_scroll - view.step

    # a reload: a new App on the same store shows the same log
    before = list(t.chrome.log)
    saved = t.state.to_dict()
    app2 = App(Saves(store))
    app2.settings.pace = "instant"
    ui2 = Driver(app2)
    t2 = app2.open_game(RB)
    ui2.frames(2)
    assert t2.state.to_dict() == saved
    assert t2.chrome.log == before
    ui2.screenshot("move-log-landscape-after-reload.png")

    # Replay turn: the position before the computer's turn, then exactly its moves
    n = computer_moves(t2)
    start = new_game(RB, seed, mode="strict")
    ui2.click(ui2.button("Replay turn"))
    replay = t2.modal
    assert isinstance(replay, TurnReplay) and len(replay.steps) == n
    assert t2.piles() == start.piles()
    ui2.frames(2)
    ui2.screenshot("move-log-replay-before.png")
    for k in range(n):
        ui2.key(pygame.K_RIGHT)
        ui2.frames(2)
        start.push(t2.state.history[k].move)
        assert t2.piles() == start.piles(), k
        if k == n // 2:
            ui2.frames(20)
            ui2.screenshot("move-log-replay-middle.png")
    assert not replay.button("Next").enabled
    ui2.key(pygame.K_RIGHT)
    assert t2.piles() == start.piles()  # no further than the turn
    ui2.key(pygame.K_LEFT)
    start.pop()
    assert t2.piles() == start.piles()
    for _ in range(30):  # nothing plays while it is open: the game waits
        ui2.frames(1, 100)
    assert t2.state.to_dict() == saved
    ui2.key(pygame.K_ESCAPE)
    assert t2.modal is None
    assert t2.state.to_dict() == saved and t2.piles() == t2.state.piles()
    assert t2.accepting_input()


def test_replay_plays_the_turn_at_the_reading_pace_and_back_returns(ui):
    t = open_after_the_computers_turn(ui, deal())
    n = computer_moves(t)
    saved = t.state.to_dict()
    ui.click(ui.button("Replay turn"))
    replay = t.modal
    ui.click(ui.modal_button("Play"))
    assert replay.playing
    for _ in range(n * 40):  # bounded: a move a reading pace (game time, not the machine's)
        if replay.at == n:
            break
        ui.frames(1, 100)
    assert replay.at == n and not replay.playing
    assert t.piles() == t.state.piles()  # after its last move: the position it left
    ui.click(ui.modal_button("Back"))
    assert t.modal is None and t.state.to_dict() == saved


def test_the_log_upright_uses_the_panel_and_a_finger_scrolls_it():
    with app_on_page((390, 844)) as ui:
        t = open_after_the_computers_turn(ui, deal())
        ui.screenshot("move-log-upright.png")
        check_the_log_lists_the_turn(t)
        view = t.chrome.log_view
        assert view.rect.h >= 5 * view.step  # the room left in the panel, not 1-2 lines
        assert view.scroll == view.max_scroll > 0
        for _ in range(12):
            ui.finger_drag(
                (view.rect.centerx, view.rect.y + 10), (view.rect.centerx, view.rect.bottom - 10)
            )
            if view.scroll == 0:
                break
        assert view.scroll == 0 and first_line_shown(view) == 0
        ui.screenshot("move-log-upright-scrolled-to-the-oldest.png")
        ui.finger_tap(ui.button("Replay turn"))
        assert isinstance(t.modal, TurnReplay)
        ui.finger_tap(ui.modal_button("Next"))
        ui.frames(20)
        ui.screenshot("move-log-upright-replay.png")
        ui.finger_tap(ui.modal_button("Back"))
        assert t.modal is None


def test_the_log_sideways():
    with app_on_page((844, 390)) as ui:
        t = open_after_the_computers_turn(ui, deal())
        ui.screenshot("move-log-sideways.png")
        check_the_log_lists_the_turn(t)
        view = t.chrome.log_view
        assert view.rect.h >= 5 * view.step
        ui.click(ui.button("Replay turn"))
        ui.key(pygame.K_RIGHT)
        ui.frames(20)
        ui.screenshot("move-log-sideways-replay.png")
        ui.key(pygame.K_ESCAPE)
        assert t.modal is None


def test_the_round_table_logs_and_replays_the_computers_turn(ui):
    s = ui.app.settings
    s.set_seats("chinese-patience", ("human", "computer:hard"))
    s.set("pace", "instant")
    t = ui.app.open_game("chinese-patience")
    seed = find_deal("chinese-patience", lambda st: st.current_player == 1 or None, {"players": 2})
    t.start(seed, {"players": 2}, ("human", "computer:hard"))
    for _ in range(4000):
        if t.state.current_player == 0 or t.state.is_over():
            break
        ui.frames(1, 50)
    assert t.state.current_player == 0
    ui.frames(3, 50)
    n = t.session.turn_start - t.session.dealt
    theirs = [line for line in t.chrome.log if line.startswith("Player 2 (Hard): ")]
    assert n >= 1 and len(theirs) == n
    ui.screenshot("move-log-round-table.png")
    saved = t.state.to_dict()
    ui.click(ui.button("Replay turn"))
    assert len(t.modal.steps) == n
    for _ in range(n):
        ui.key(pygame.K_RIGHT)
    assert t.piles() == t.state.piles()
    ui.key(pygame.K_ESCAPE)
    assert t.modal is None and t.state.to_dict() == saved


def test_calls_are_in_the_log_and_survive_a_reload(ui, store):
    """A right Stop! call (the history keeps it in place of the move it caught) and a wrong
    call that cost a turn are said in the log, in the turn they were made on, after a reload
    too."""
    from tests.support.bank_table import ace_on_house, computer_starts, open_bank
    from tests.support.deals import find

    seed, house = find(RB, ace_on_house)
    t = open_bank(ui, seed, rb_mode="stop", level="hard")  # Hard always calls
    ace = t.state.pile[house].top
    ui.click(ui.card_point("hand0"))  # breaks (b): the Ace had to go up first
    assert ui.run_until(lambda: t.chrome.banner is not None, dt=50, limit=40)
    log = t.chrome.log
    assert log[0].startswith("Computer: called Stop! on your move (")
    assert f"the {ace.name} to a foundation instead, and the turn ends" in log[0]
    assert log[1].startswith("You: turned up the ")  # the move it caught, in your turn
    lines = [x[0] for x in t.chrome.log_view.content(18, 328)]
    assert lines[0] == "Your turn" and lines[1].startswith("1. turned up the ")
    assert lines[2].startswith("2. Computer: called Stop! on your move")
    ui.screenshot("move-log-stop-call.png")
    app2 = App(Saves(store))
    t2 = app2.open_game(RB)
    assert t2.chrome.log[:2] == log[:2]

    ui.app.settings.set_option(RB, "wrong_call", "turn")
    t = open_bank(ui, find(RB, computer_starts)[0], rb_mode="stop", level="hard")
    assert ui.run_until(lambda: t.state.history)
    assert t.state.breach is None and t.chrome.can_call_stop()  # Hard plays fair
    ui.key(pygame.K_x)  # a wrong call: it costs your next turn
    assert t.chrome.log[0] == (
        "You: called Stop! wrongly (no priority broken): the next turn is missed"
    )
    t.save()
    assert App(Saves(store)).open_game(RB).chrome.log == t.chrome.log
