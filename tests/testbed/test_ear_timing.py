"""The ear benchmark's driver (testbed/ear_timing.py) without a browser: the keys it presses for
a move, and how the page's stamps are given to the moves (which frame, which words, which
updates of the mirror belong to which move)."""

from __future__ import annotations

import pytest

from testbed.ear_timing import Move, match, move_keys, spread


def test_the_keys_a_player_by_ear_presses():
    assert move_keys("stock", "waste") == ["s"]
    assert move_keys("tableau0", "foundation3") == ["1", "f"]
    assert move_keys("waste", "foundation0") == ["w", "f"]
    assert move_keys("tableau9", "tableau2") == ["0", "Enter", "3", "Enter"]
    assert move_keys("waste", "tableau4", 1) == ["w", "Enter", "5", "Enter"]
    assert move_keys("tableau1", "tableau5", 3) == ["2", "Enter", "+", "+", "6", "Enter"]
    with pytest.raises(ValueError):
        move_keys("foundation0", "tableau1")


def test_stamps_go_to_the_move_whose_keys_came_before_them():
    moves = [Move(["tableau0", "foundation0", 1], ["1", "f"]), Move(["stock", "waste", 1], ["s"])]
    keys = [[100.0, "1"], [200.0, "f"], [500.0, "s"]]
    # the steps that changed the history: one before any key (not a move's), one per move
    marks = [[50.0, 60.0, 3], [210.0, 222.0, 4], [505.0, 530.0, 5]]
    said = [
        {"text": "Column 1", "urgent": False, "at": 101.0},  # the focus's: before the move's key
        {"text": "Ace of clubs to Foundation 1", "urgent": False, "at": 212.0},
        {"text": "Turned: Two of hearts", "urgent": False, "at": 515.0},
    ]
    shows = [[40.0, 9.0, 10], [102.0, 0.5, 10], [215.0, 1.5, 10], [516.0, 0.75, 10]]
    match(moves, keys, marks, said, shows)
    first, second = moves
    assert (first.first_key, first.key, first.frame, first.frame_end) == (100, 200, 210, 222)
    assert (first.words, first.text) == (212, "Ace of clubs to Foundation 1")
    assert first.shows == [0.5, 1.5]  # from its first key on; the one before it is no move's
    assert (second.key, second.frame, second.words, second.shows) == (500, 505, 515, [0.75])
    f = first.figures()
    assert (f["key_to_frame"], f["frame_to_words"], f["key_to_words"]) == (10, 2, 12)
    assert (f["frame_end_to_words"], f["show_ms"], f["shows"]) == (-10, 2.0, 2)


def test_a_move_not_said_before_the_next_key_is_unsaid():
    moves = [Move(["stock", "waste", 1], ["s"]), Move(["stock", "waste", 1], ["s"])]
    match(
        moves,
        [[10.0, "s"], [20.0, "s"]],
        [[30.0, 31.0, 2]],
        [{"text": "x", "urgent": True, "at": 25.0}],
        [],
    )
    assert moves[0].words is None and moves[0].frame is None
    assert (moves[1].words, moves[1].urgent, moves[1].frame) == (25, True, 30)
    with pytest.raises(ValueError):  # a keydown more (or fewer) than the keys pressed
        match(moves, [[10.0, "s"]], [], [], [])


def test_spread():
    assert spread([]) == {"n": 0, "p50": None, "p95": None, "max": None}
    assert spread([3.0, 1.0, 2.0, None]) == {"n": 3, "p50": 2.0, "p95": 3.0, "max": 3.0}
