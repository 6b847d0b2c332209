"""What several computer players' tests share: asking a level to call on a sloppy player's
breaches, and timing a search's thinking slices."""

from __future__ import annotations

import random
import time


def calls_on_a_sloppy_player(
    bot, other, deals, max_moves: int, rng: random.Random, word: str = "called"
) -> list[int]:
    """[right calls, breaches]: ``bot`` (seat 0 moves) is asked ``calls_stop`` after each move
    of a sloppy player at seat 0 (a breach half the time there is one, else a random legal
    move); ``other`` plays the other seats. Asserts the bot never calls on a fair move and
    that each call it makes is right."""
    called = breaches = 0
    for state in deals:
        moves = 0
        while not state.is_over() and moves < max_moves:
            if state.current_player == 0:
                offered = state.breach_moves()
                if offered and rng.random() < 0.5:
                    state.push(rng.choice(offered), breach=True)
                else:
                    state.push(rng.choice(state.legal_moves()))
                calls = bot.calls_stop(state)
                if state.breach is None:
                    assert not calls, f"{word} on a fair move"
                else:
                    breaches += 1
                    if calls:
                        called += 1
                        assert state.call_stop().right
            else:
                state.push(other.choose(state))
            moves += 1
    return [called, breaches]


def think_slices(bots, deals, max_moves: int, budget_ms: float = 3.0) -> tuple[list[float], int]:
    """(the CPU ms of each ``think(budget_ms)`` call, how many decisions took more than one
    call), playing ``deals`` with ``bots`` (one per seat) up to ``max_moves`` each. CPU time:
    other processes of a busy machine do not stretch it."""
    cpu, sliced = [], 0
    for state in deals:
        moves = 0
        while not state.is_over() and moves < max_moves:
            job = bots[state.current_player].start(state)
            calls = 0
            while True:
                c = time.thread_time()
                move = job.think(budget_ms)
                cpu.append((time.thread_time() - c) * 1000)
                calls += 1
                if job.done:
                    break
            sliced += calls > 1
            state.push(move)
            moves += 1
    return cpu, sliced
