"""The properties every game keeps, over random legal play (hypothesis), for every game and each
of its option sets, both read from the registry (``cases()``: a new game or option is covered
without editing a list): every card exactly once, pop restores exactly (breaches and Stop! or
knock calls included), saves round-trip, push accepts exactly the offered moves (and refuses the
rest in a sentence, changing nothing), every random game ends. What only one game has stays in
that game's file (Russian Bank's wrong calls, Battle solitaire's passing, a game's own bound)."""

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import PASS, STOP, IllegalMove, Move, from_dict, new_game
from tests.support.positions import cases, every_card_once, games, option_sets, play_randomly, whole

CASES = cases()
EXAMPLES = 30  # per game and property, shared out over its option sets (at least 2 each)
# games whose rules let cards go to and fro between columns for ever (the player stops): a
# new game is expected to end unless it is named here, with the reason
ENDLESS = {
    "forty-thieves": "columns build down in suit, an empty one takes any card",
    "indian-patience": "columns build down in other suits, an empty one takes any card",
}


def check(game_id, body, share=EXAMPLES):
    """Run ``body(data)`` under hypothesis with the case's share of the game's examples (the
    thorough profile's count for each case, when that is more)."""
    n = max(2, math.ceil(share / len(option_sets(game_id))))
    n = max(n, settings.default.max_examples) if settings.default.max_examples > 60 else n
    settings(max_examples=n, deadline=None)(given(st.data())(body))()


def reason_in_words(e: IllegalMove) -> str:
    reason = str(e)
    assert reason[0].isupper() and reason.endswith("."), reason
    assert "not allowed now" not in reason  # a real reason, not the safety net
    return reason


def saved_and_loaded(state):
    return from_dict(json.loads(json.dumps(state.to_dict())))  # JSON-safe


# ------------------------------------------------------------------ every card once
@pytest.mark.parametrize("game_id,options", CASES)
def test_every_card_is_present_exactly_once_after_any_legal_play(game_id, options):
    def body(data):
        state = data.draw(games(game_id, options, max_moves=150))
        assert every_card_once(state)
        # every pile as its rules say a saved position may hold it (faces, sizes, order)
        for pile in state.pile_list:
            assert 0 <= pile.down <= len(pile.cards)
            assert pile.check(pile.cards, pile.down) is None, pile.name

    check(game_id, body)


# ------------------------------------------------------------------ pop restores exactly
@pytest.mark.parametrize("game_id,options", CASES)
def test_pop_restores_the_whole_state_after_every_move_breach_and_call(game_id, options):
    """Random moves, and where priorities may be broken, breaches and right calls on them: each
    pop returns exactly to the whole state before the push (piles, faces, variables, history,
    the open breach, the moves, the result, the marks, the save)."""

    def body(data):
        state = data.draw(games(game_id, options, max_moves=60))
        start, undo = whole(state), []
        for _ in range(data.draw(st.integers(1, 40))):
            if state.is_over():
                break
            before = whole(state)
            breaches = state.breach_moves()
            if state.breach is not None and data.draw(st.booleans()):
                assert state.call_stop().right
            elif breaches and data.draw(st.integers(0, 3)) == 0:
                state.push(data.draw(st.sampled_from(breaches)), breach=True)
            else:
                state.push(data.draw(st.sampled_from(state.legal_moves())))
            undo.append(before)
        assert whole(saved_and_loaded(state)) == whole(state)
        while undo:
            state.pop()
            assert whole(state) == undo.pop()
        assert whole(state) == start

    check(game_id, body)


# ------------------------------------------------------------------ saves round-trip
@pytest.mark.parametrize("game_id,options", CASES)
def test_a_save_loads_to_an_equal_state_and_a_copy_plays_alike(game_id, options):
    def body(data):
        state = data.draw(games(game_id, options, max_moves=150))
        loaded = saved_and_loaded(state)
        assert loaded == state and whole(loaded) == whole(state)
        assert loaded.piles() == state.piles() and loaded.legal_moves() == state.legal_moves()
        assert loaded.current_player == state.current_player
        assert loaded.result() == state.result() and loaded.marks() == state.marks()
        twin = state.copy(history=False)
        assert twin.piles() == state.piles() and twin.legal_moves() == state.legal_moves()
        assert from_dict(twin.to_dict()) == twin

    check(game_id, body)


# ------------------------------------------------------------------ push accepts exactly
def every_move(state, counts):
    """Every pile to every pile, with counts 1, 2, 3, the whole source pile and ``counts``;
    pass and stop."""
    piles = state.piles()
    out = [
        Move(a, b, n)
        for a in piles
        for b in piles
        for n in sorted({1, 2, 3, len(piles[a]) or 1, *counts})
    ]
    return out + [PASS, STOP]


@pytest.mark.parametrize("game_id,options", CASES)
def test_legal_moves_and_push_agree_on_every_pile_to_every_pile(game_id, options):
    """Every move between piles: push accepts it iff it is offered; a refusal says why in a
    sentence (why_illegal and the rules' own _refusal agree) and changes nothing; an accepted
    move saves and loads, and pop takes it back exactly."""

    def body(data):
        state = data.draw(games(game_id, options, max_moves=100))
        legal = set(state.legal_moves())
        start, key, n = whole(state), state.key(), len(state.history)
        counts = data.draw(st.lists(st.integers(1, 14), max_size=2))
        for move in every_move(state, counts):
            try:
                state.push(move)
            except IllegalMove as e:
                assert move not in legal, f"push refused {move}, which is offered: {e}"
                reason = reason_in_words(e)
                assert state.why_illegal(move) == reason and not state.is_legal(move)
                try:
                    assert state._refusal(move) is not None
                except IllegalMove:
                    pass
                assert state.key() == key and len(state.history) == n  # nothing changed
            else:
                assert move in legal, f"push accepted {move}, which legal_moves() lacks"
                assert state.peek() == move
                assert whole(saved_and_loaded(state)) == whole(state)
                state.pop()
                assert whole(state) == start
                assert state._refusal(move) is None
        assert whole(state) == start

    check(game_id, body, share=20)


def candidate_moves(state, draw):
    """Moves to try on a position: the offered ones (breaches too), a sample of every pile to
    every pile with counts 1, 2, 3, 5 (hand moves with counts, runs where none are allowed, ...),
    the special moves, their texts, and things that are not moves at all. (Malformed Moves can't
    be made: test_bad_input.)"""
    names = list(state.piles())
    every = [Move(a, b, n) for a in names for b in names for n in (1, 2, 3, 5)]
    sample = draw(st.lists(st.sampled_from(every), max_size=60))
    moves = [
        *state.legal_moves(),
        *state.breach_moves(),
        *sample,
        PASS,
        STOP,
        Move("hand0", "hand0", 5),
        Move("hand1", "waste1", 2),
        Move("stock", "waste", 2),
        Move("nowhere", "tableau0"),
        Move("pass", "pass", 0),
    ]
    texts = [str(m) for m in moves[:20] if not m.source.startswith("nowhere")]
    odd = [
        None,
        5,
        1.5,
        "",
        "t0-t1x0",
        "d0-d0x-1",
        "x-y",
        ("tableau0", "tableau1", 1),
        ["hand0", "hand0"],
        "pass!",
        "stop ",
    ]
    return moves + texts + odd


@pytest.mark.parametrize("game_id,options", CASES)
def test_push_accepts_exactly_the_offered_moves_and_every_push_saves_and_loads(game_id, options):
    """push(m) succeeds iff m is in legal_moves(); push(m, breach=True) iff also in
    breach_moves(); a refusal says why in a sentence (naming the priority exactly for a breach)
    and changes nothing; is_legal and why_illegal agree; every accepted move leaves a state whose
    save loads to the same state."""

    def body(data):
        state = data.draw(games(game_id, options, max_moves=60))
        before = whole(state)
        legal, breaches = state.legal_moves(), state.breach_moves()
        # the rules that let a priority be broken: Russian Bank's STOP! mode, Chinese
        # Patience's knocks
        stop_mode = (
            state.options.get("mode") == "stop" or state.options.get("priorities") == "knock"
        )
        assert not set(legal) & set(breaches)
        assert not breaches or stop_mode
        for move in candidate_moves(state, data.draw):
            as_move = move if isinstance(move, Move) else None
            if isinstance(move, str):
                try:
                    as_move = Move.parse(move)
                except ValueError:
                    pass
            offered = as_move in legal
            for breach in (False, True):
                ok = offered or (breach and as_move in breaches)
                try:
                    state.push(move, breach=True) if breach else state.push(move)
                except IllegalMove as e:
                    assert not ok, f"push refused {move!r}, which is offered: {e}"
                    reason = reason_in_words(e)
                    if stop_mode and as_move is not None:
                        assert bool(e.priority) == (as_move in breaches)
                    if not breach:
                        assert state.why_illegal(move) == reason and not state.is_legal(move)
                else:
                    assert ok, f"push accepted {move!r}, which is not offered"
                    assert state.peek() == as_move
                    assert (state.breach is not None) == (not offered and breach)
                    assert whole(saved_and_loaded(state)) == whole(state)
                    state.pop()
                assert whole(state) == before
            assert state.is_legal(move) == offered
            assert (state.why_illegal(move) is None) == offered
            if as_move is not None:  # the rules' reasons agree with the generated moves
                try:
                    assert (state._refusal(as_move) is None) == offered
                except IllegalMove:
                    assert not offered

    check(game_id, body, share=20)


# ------------------------------------------------------------------ every game ends
@pytest.mark.parametrize("game_id,options", CASES)
def test_every_game_played_by_random_legal_moves_ends(game_id, options):
    """However the moves are chosen, the game ends (a game's own tighter bound is in its
    file): won, stuck or a stalemate, with its result."""
    if game_id in ENDLESS:
        pytest.skip(f"{game_id} need not end: {ENDLESS[game_id]}")

    def body(data):
        state = new_game(game_id, seed=data.draw(st.integers(0, 2**40)), **options)
        play_randomly(state, random.Random(data.draw(st.integers(0, 2**40))), 30000)
        assert state.is_over() and state.result() is not None
        assert state.result().status in ("won", "stuck", "stalemate")
        assert saved_and_loaded(state).result() == state.result()

    check(game_id, body, share=10)
