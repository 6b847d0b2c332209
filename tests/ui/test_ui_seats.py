"""Seats through the real client: two people at one screen (pass and play), and the computer
playing itself to watch. Everything by posted events, from the title screen."""

from __future__ import annotations

from game.core import STOP, Move
from tests.support.deals import find, slip_for_player_0


def quiet_turns(state):
    """Player 0 starts; each of the first two turns is: turn the hand card, put it on the
    waste (no foundation move due, no house to fill)."""
    for p in (0, 1):
        if state.current_player != p or state.legal_moves() != [Move(f"hand{p}", f"hand{p}")]:
            return None
        state.push(Move(f"hand{p}", f"hand{p}"))
        if Move(f"hand{p}", f"waste{p}") not in state.legal_moves():
            return None
        state.push(Move(f"hand{p}", f"waste{p}"))
    return True


def who_plays(ui, seats):
    """From the title: Russian Bank, then pick each seat in the Who plays? dialog."""
    ui.click(ui.button("russian-bank"))
    for i, seat in enumerate(seats):
        ui.click(ui.modal_button(f"seat{i}={seat}"))
    ui.screenshot("who-plays-" + "-".join(s.replace(":", "_") for s in seats) + ".png")
    ui.click(ui.modal_button("play"))
    return ui.app.scene


def test_two_people_at_one_screen_each_play_their_own_turn(ui):
    seed, _ = find("russian-bank", quiet_turns)
    t = who_plays(ui, ("human", "human"))
    assert t.session.seats == ("human", "human")
    assert ui.app.settings.seats("russian-bank") == ("human", "human")  # remembered
    t.start(seed)
    ui.frames(2)
    label, _ = t.chrome.turn_label()
    assert label == "Player 1's turn"
    ui.screenshot("hot-seat-player-1.png")
    for p in (0, 1):
        ui.click(ui.card_point(f"hand{p}"))  # each person clicks their own hand
        ui.settle()
        assert t.state.pile[f"hand{p}"].down < len(t.state.pile[f"hand{p}"].cards)
        ui.click(ui.button("End turn"))
        ui.settle()
        assert t.state.current_player == 1 - p
    assert t.chrome.turn_label()[0] == "Player 1's turn"
    assert [str(e.move) for e in t.state.history] == ["d0-d0", "d0-w0", "d1-d1", "d1-w1"]
    ui.screenshot("hot-seat-after-two-turns.png")
    assert "Player 2" in t.chrome.match_line(t.chrome.match.scores).title()


def test_the_person_not_moving_calls_stop(ui):
    seed, _ = find("russian-bank", slip_for_player_0, {"mode": "stop"})
    ui.app.settings.set_option("russian-bank", "mode", "stop")
    t = who_plays(ui, ("human", "human"))
    t.start(seed)
    ui.frames(2)
    ui.click(ui.card_point("hand0"))  # player 1 slips: an Ace had to go up first
    ui.settle()
    assert t.state.breach is not None
    assert t.button("Stop!").enabled  # the other person may call it
    ui.click(ui.button("Stop!"))
    ui.frames(2)
    assert t.state.peek() == STOP and t.state.current_player == 1
    assert t.chrome.banner is not None and "Player 2 caught player 1" in t.chrome.banner[0]
    ui.screenshot("hot-seat-stop.png")


def test_the_computer_plays_itself_to_watch(ui, monkeypatch):
    t = who_plays(ui, ("computer:easy", "computer:hard"))
    ui.app.settings.set("pace", "instant")
    assert not t.accepting_input()
    for _ in range(600):  # until both have played a while (before the game can end)
        ui.frames(1, dt=100)
        movers = {e.move.source[-1] for e in t.state.history if e.move.source != "pass"}
        if len(t.state.history) > 20 and movers >= {"0", "1"}:
            break
    assert len(t.state.history) > 20 and movers >= {"0", "1"} and not t.state.is_over()
    before = len(t.state.history)
    said = []  # (the computers play on in the click's frame: a Stop! call may speak after it)
    monkeypatch.setattr(
        t, "say", lambda text, *a, _say=t.say, **kw: (said.append(text), _say(text, *a, **kw))
    )
    # a click changes nothing and says why; (not while a computer weighs a Stop! call, when
    # the table says nothing: a CI run clicked in such a frame, and a call can be weighed for
    # longer than 50 frames of 16 ms: 6 deals in 400 were, so the clicks go on for 10 s)
    for _ in range(600):
        if t.session.pending_call is None and t.modal is None and not t.state.is_over():
            ui.click(ui.card_point("hand0"))
            if said:
                break
        ui.frames(1, dt=16)
    assert any("Wait" in text for text in said), said
    assert not t.button("Undo").enabled and not t.button("Stop!").enabled
    ui.screenshot("watch-the-computer.png")
    assert len(t.state.history) >= before
