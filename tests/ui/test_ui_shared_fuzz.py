"""Random input on both screens of a shared table (friends online, issue 23): two Apps joined
by an in-memory relay, each given the random clicks, drags, keys, wheel, fingers and window
events of testbed/client_fuzzing.py on its own screen, frame by frame, on each game for two or more,
with now and then a silence of 11 s between the screens (each sees the other away). Nothing
raises, the sessions catch no fault of their own, and while the table is still shared both
screens hold the same game."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core import GAMES, info
from game.ui.online import SharedTableScene
from testbed.client_fuzzing import Fuzzer
from tests.support.shared_screens import host_by_input, join_by_typing

SHARED = [g for g in GAMES if max(info(g).players) > 1]


def shared(fuzzers) -> bool:
    """Every screen still at its shared table (or reading the Rules over it)."""
    return all(
        isinstance(f.app.shared, SharedTableScene) and not f.app.shared.closed for f in fuzzers
    )


@pytest.mark.slow  # more than 3 s of CPU natively
@pytest.mark.parametrize("game_id", SHARED)
def test_random_input_on_both_screens_of_a_shared_table(screens, game_id):  # noqa: F811
    """Each time the input leaves the table (Menu, New game, End the game...), two new
    pages meet at a new shared table, until 1,500 frames were played shared."""
    rng = random.Random(game_id)
    frames = tables = 0
    modals: set[str] = set()
    while frames < 1500:
        for ui in list(screens.drivers):
            screens.drop(ui)
        host, guest = screens.app(), screens.app()
        room = host_by_input(host, game_id, {"seat1": "remote"})
        join_by_typing(guest, room.shared.code)
        screens.agree()
        tables += 1
        fuzzers = [Fuzzer(ui.app, rng, jumps=False) for ui in (host, guest)]
        while frames < 1500 and shared(fuzzers):
            # the links' clock: a frame's time, now and then a silence long enough to be away
            screens.now[0] += 0.017 + (11.0 if rng.random() < 0.01 else 0.0)
            for fuzzer in fuzzers:
                pygame.event.clear()  # the other screen's input never reaches this one
                fuzzer.frame()
            frames += 1
            for fuzzer in fuzzers:
                table = fuzzer.app.shared
                assert table is None or table.session.faults == 0, table.session.last_fault
        modals |= fuzzers[0].modals | fuzzers[1].modals
    print(f"{game_id}: {frames} frames shared at {tables} tables; dialogs met {sorted(modals)}")
    if shared(fuzzers):  # still shared: both screens hold the same game
        for fuzzer in fuzzers:
            if fuzzer.app.scene is not fuzzer.app.shared:
                fuzzer.app.show(fuzzer.app.shared)  # (back from the Rules)
        screens.agree()
