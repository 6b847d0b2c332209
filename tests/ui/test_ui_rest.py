"""At rest the loop sleeps (issue 33, game/ui/sleep_at_rest.py): each screen says how long it can go
without a frame, the frame loop waits that long for input (natively in pygame.event.wait),
and input that ends a rest is the next frame's first. The browser's side is tested in
tests/web/test_client_browser.py (a click after 10 s at rest)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core import new_game
from game.storage import Saves
from game.ui import sleep_at_rest as rest
from game.ui.app import App
from game.ui.chromes.solitaire import CLOCK_LATE_MS
from game.ui.sleep_at_rest import REST_MIN_MS
from tests.support.client import run_coroutine


def idle(ui, t, limit: int = 400) -> None:
    """Frames until the table waits for the person and nothing moves."""
    for _ in range(limit):
        ui.frames(1, 50)
        if t.session.accepting() and not t.anim.busy and not t.input.busy:
            break
    ui.frames(3, 50)


def find_seed(game_id: str, predicate, options=None) -> int:
    return next(s for s in range(1, 3000) if predicate(new_game(game_id, s, **(options or {}))))


def test_the_title_at_rest_waits_for_input_only(ui):
    while ui.app.rest_ms() == 0:  # card faces made a little each frame, then nothing to do
        ui.frames(1)
    assert ui.app.rest_ms() == rest.REST_MAX_MS
    ui.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    ui.frames(1)
    assert ui.app.rest_ms() == 0  # input: the next frame comes as usual


def test_a_duel_waiting_for_the_person_rests_and_the_computer_does_not(ui):
    app = ui.app
    app.settings.set("pace", "slow")
    seed = find_seed("russian-bank", lambda s: s.current_player == 0, {"mode": "stop"})
    t = app.open_game("russian-bank", new=True)
    t.start(seed, {"mode": "stop"})
    idle(ui, t)
    assert t.session.is_local(t.session.to_move)
    assert app.rest_ms() == rest.REST_MAX_MS  # nothing happens until the person plays

    seed = find_seed("russian-bank", lambda s: s.current_player == 1, {"mode": "stop"})
    t.start(seed, {"mode": "stop"})  # the computer begins: it thinks every frame
    s, waits = t.session, []
    for _ in range(400):
        ui.frames(1, 16)
        waits.append(app.rest_ms())
        if s.decided:
            break
    assert s.decided and waits[0] == 0
    for _ in range(5):
        ui.frames(1, 16)
    due = t.next_action_at - app.time_ms
    assert due > rest.REST_MIN_MS  # (slow pace: its move waits)
    assert 0 < app.rest_ms() <= due + 1e-6  # the loop rests until then, not beyond


def test_a_message_and_a_hint_go_at_their_time_not_a_frame_late(ui):
    app = ui.app
    t = app.open_game("forty-thieves", new=True)
    t.session.help = None
    idle(ui, t)
    t.say("Something to read.", "info", 700)
    ui.frames(2, 16)
    assert 0 < app.rest_ms() <= 700


def test_a_solitaire_rests_until_its_clock_s_next_second(ui):
    app = ui.app
    seed = find_seed("forty-thieves", lambda s: any(m.source != "stock" for m in s.legal_moves()))
    t = app.open_game("forty-thieves")
    t.start(seed)
    t.session.help = None
    idle(ui, t)
    move = next(m for m in t.state.legal_moves() if m.source != "stock")
    assert t.attempt(move)
    idle(ui, t)
    left = 1000 * (1 - t.session.elapsed % 1)
    assert app.rest_ms() == pytest.approx(left + CLOCK_LATE_MS, abs=1)


def test_at_rest_the_clock_s_second_costs_one_picture_and_no_frame_before_it(ui):
    """Waking a moment before the second turned found nothing to draw and ran frames until it
    did (2.8 steps a second at rest in the page); now each second is its picture and the step
    after it."""
    app = ui.app
    t = app.open_game("forty-thieves")
    t.start(find_seed("forty-thieves", lambda s: any(m.source == "stock" for m in s.legal_moves())))
    t.session.help = None
    idle(ui, t)
    assert t.attempt(next(m for m in t.state.legal_moves() if m.source == "stock"))
    idle(ui, t)
    while t.message_text():  # (the message line's own timer: gone first)
        ui.frames(1, 100)
    ui.frames(1, 16)  # (at rest from here)
    steps = drawn = 0
    lived = 0.0
    while lived < 5000:  # five seconds as the page lives them: rests and frames, its timer and
        # SDL's ticks in whole milliseconds (a rest may end a millisecond short of what was asked)
        wait = app.rest_ms()
        dt = int(wait) - 1 if wait >= REST_MIN_MS else 16
        ui.frames(1, dt)
        lived += dt
        steps += 1
        drawn += not app.quiet
    assert 4 <= drawn <= 6 and steps <= 2 * drawn + 1, (drawn, steps)


def test_the_solver_thinking_means_no_rest(ui):
    app = ui.app
    app.settings.set("winnable_light", True)
    t = app.open_game("forty-thieves", new=True)
    t.start(10001)  # a deal the solver thinks about for its whole budget (undecided)
    ui.frames(5, 16)
    assert t.session.help is not None and t.session.help.thinking
    assert t.rest_ms() == 0


def test_no_joystick_is_watched(ui):
    """Found with the browser bench: SDL's joystick part makes Chromium poll the gamepads for
    the page all the time (1% of a core at rest). The game uses none."""
    assert not pygame.joystick.get_init()


def test_a_minimised_window_draws_nothing_and_rests(ui, monkeypatch):
    flips = []
    real = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real())[1])
    ui.post(pygame.WINDOWMINIMIZED)
    ui.frames(3)
    assert ui.app.hidden and flips == []
    assert ui.app.rest_ms() == rest.HIDDEN_REST_MS  # (no shared table: nothing goes on)
    ui.post(pygame.WINDOWRESTORED)
    ui.frames(1)
    assert not ui.app.hidden and len(flips) == 1  # shown again: drawn


def test_the_native_loop_rests_and_the_waking_click_is_the_next_frame(store, monkeypatch):
    """main() at the title: once the card faces are made it rests (looking for input each
    slice); a click that comes during a rest is handled in the very next frame."""
    from game.ui import app as app_module

    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests go on using pygame
    pygame.init()
    pygame.event.clear()
    rests, steps, apps = [], [], []
    real_rest = rest.rest

    async def resting(ms):
        rests.append(ms)
        if len(rests) == 3:  # a click on Quit comes during the third rest
            pos = apps[-1].scene.button("Quit").rect.center
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        await real_rest(min(ms, 5))  # (the test needn't sleep long: it ends on the event)

    monkeypatch.setattr(rest, "rest", resting)
    real_step = App.step
    monkeypatch.setattr(
        App,
        "step",
        lambda self, dt=1000 / 60: (
            apps.append(self),
            steps.append(len(rests)),
            real_step(self, dt),
        )[2],
    )
    run_coroutine(
        app_module.main(Saves(store)), 2000, "the loop never rested, or the click didn't quit"
    )
    assert all(ms >= rest.REST_MIN_MS for ms in rests)
    assert len(rests) == 3 and steps[-1] == 3 and steps.count(3) == 1  # Quit, the next frame


def test_a_rest_ends_at_the_first_input(store):
    pygame.init()
    pygame.event.clear()
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    )
    t0 = time.perf_counter()
    run_coroutine(rest.rest(5000), 10**6, "the rest never ended")
    assert time.perf_counter() - t0 < 1.0  # (not the 5 s: the key was there)
    assert pygame.event.peek(pygame.KEYDOWN)  # left for the frame to read
    pygame.event.clear()


def test_a_real_rest_costs_no_cpu(store):
    """Two seconds at rest natively: the process's own CPU time stays small (about 1% of a
    core here, SDL's audio thread included; 60 frames a second cost more)."""
    pygame.init()
    pygame.event.clear()
    app = App(Saves(store))
    while app.rest_ms() == 0:
        app.step()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < 2.0:
        app.step()
        run_coroutine(rest.rest(app.rest_ms()), 10**6, "the rest never ended")
    cpu = time.process_time() - cpu0
    assert cpu < 0.2, f"{cpu:.2f} s of CPU in 2 s at rest"
