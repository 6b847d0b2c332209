"""Invariants over random legal play (hypothesis): every card exactly once, undo restores
exactly (Stop! calls included), saves round-trip, push accepts exactly the offered moves,
Russian Bank games end."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from game.core import GAMES, PASS, STOP, IllegalMove, Move, from_dict, info, new_game

from .positions import every_card_once, whole

# every game's options, drawn from its own description: a new game is covered at once
OPTIONS = {g: st.fixed_dictionaries({o.name: st.sampled_from(o.choices)
                                     for o in info(g).option_list}) for g in GAMES}


@st.composite
def games(draw, game_id, max_moves=120):
    """A deal and a random legal line of play through it (in STOP! mode sometimes a
    priority-breaking move, sometimes a Stop! call)."""
    options = draw(OPTIONS[game_id])
    state = new_game(game_id, seed=draw(st.integers(0, 2**40)), **options)
    for _ in range(draw(st.integers(0, max_moves))):
        moves = state.legal_moves()
        if not moves:
            break
        breaches = state.breach_moves()
        if breaches and draw(st.integers(0, 9)) == 0:
            state.push(breaches[draw(st.integers(0, len(breaches) - 1))], breach=True)
            if draw(st.booleans()):
                assert state.call_stop().right
        else:
            state.push(moves[draw(st.integers(0, len(moves) - 1))])
    return state


def every_move_text(state):
    """Every move one could ask for: each pile to each pile, some runs, pass and stop."""
    names = list(state.piles())
    out = [Move(a, b) for a in names for b in names] + [PASS, STOP]
    out += [Move(a, b, n) for a in names for b in names if "tableau" in a for n in (2, 3)]
    return out


def game_ids():
    return st.sampled_from(GAMES)


@given(st.data())
def test_every_card_is_present_exactly_once_after_any_legal_play(data):
    state = data.draw(games(data.draw(game_ids())))
    assert every_card_once(state)


@given(st.data())
def test_pop_restores_to_dict_exactly_after_every_move(data):
    game_id = data.draw(game_ids())
    state = data.draw(games(game_id, max_moves=40))
    snapshots = []
    for _ in range(40):
        moves = state.legal_moves()
        if not moves:
            break
        snapshots.append((state.to_dict(), state.piles(), state.current_player))
        state.push(moves[data.draw(st.integers(0, len(moves) - 1))])
    while snapshots:
        state.pop()
        assert (state.to_dict(), state.piles(), state.current_player) == snapshots.pop()


@given(st.data())
def test_from_dict_of_to_dict_is_an_equal_state(data):
    state = data.draw(games(data.draw(game_ids())))
    saved = json.loads(json.dumps(state.to_dict()))  # JSON-safe
    loaded = from_dict(saved)
    assert loaded == state
    assert loaded.piles() == state.piles() and loaded.legal_moves() == state.legal_moves()
    assert loaded.current_player == state.current_player and loaded.result() == state.result()


@given(st.data())
def test_legal_moves_and_push_agree(data):
    state = data.draw(games(data.draw(game_ids()), max_moves=80))
    legal = set(state.legal_moves())
    before = state.to_dict()
    for move in every_move_text(state):
        if move in legal:
            state.push(move)  # never refused
            state.pop()
        else:
            try:
                state.push(move)
            except IllegalMove as e:
                assert str(e)  # a reason, in words
            else:
                raise AssertionError(f"push accepted {move}, which legal_moves() lacks")
        assert state.to_dict() == before


@given(st.data())
def test_a_copy_without_history_plays_like_the_original(data):
    state = data.draw(games(data.draw(game_ids())))
    twin = state.copy(history=False)
    assert twin.piles() == state.piles() and twin.legal_moves() == state.legal_moves()
    assert from_dict(twin.to_dict()) == twin


@given(options=OPTIONS["russian-bank"], seed=st.integers(0, 2**40), play=st.integers(0, 2**40))
def test_every_russian_bank_game_played_by_random_legal_moves_ends(options, seed, play):
    choices = random.Random(play)
    state = new_game("russian-bank", seed=seed, **options)
    for _ in range(30000):
        if state.is_over():
            break
        state.push(choices.choice(state.legal_moves()))
    assert state.is_over() and state.result().status in ("won", "stalemate")


# ------------------------------------------------------------------ push accepts exactly
def candidate_moves(state, draw):
    """Moves to try on a position: the offered ones (breaches too), a sample of every pile to
    every pile with counts 1, 2, 3, 5 (hand moves with counts, runs where none are allowed, ...),
    the special moves, their texts, and things that are not moves at all. (Malformed Moves can't
    be made: test_bad_input.)"""
    names = list(state.piles())
    every = [Move(a, b, n) for a in names for b in names for n in (1, 2, 3, 5)]
    sample = draw(st.lists(st.sampled_from(every), max_size=60))
    moves = [*state.legal_moves(), *state.breach_moves(), *sample, PASS, STOP,
             Move("hand0", "hand0", 5), Move("hand1", "waste1", 2), Move("stock", "waste", 2),
             Move("nowhere", "tableau0"), Move("pass", "pass", 0)]
    texts = [str(m) for m in moves[:20] if not m.source.startswith("nowhere")]
    odd = [None, 5, 1.5, "", "t0-t1x0", "d0-d0x-1", "x-y", ("tableau0", "tableau1", 1),
           ["hand0", "hand0"], "pass!", "stop "]
    return moves + texts + odd


@given(st.data())
def test_push_accepts_exactly_the_offered_moves_and_every_push_saves_and_loads(data):
    """push(m) succeeds iff m is in legal_moves(); push(m, breach=True) iff also in
    breach_moves(); a refusal says why in a sentence and changes nothing; is_legal and
    why_illegal agree; every accepted move leaves a state whose save loads to the same state."""
    game_id = data.draw(game_ids())
    state = data.draw(games(game_id, max_moves=60))
    before = whole(state)
    legal, breaches = state.legal_moves(), state.breach_moves()
    # the rules that let a priority be broken: Russian Bank's STOP! mode, Chinese Patience's knocks
    stop_mode = (state.options.get("mode") == "stop"
                 or state.options.get("priorities") == "knock")
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
                reason = str(e)
                assert reason[0].isupper() and reason.endswith(".")
                assert "not allowed now" not in reason  # a real reason, not the safety net
                if not breach:
                    assert state.why_illegal(move) == reason and not state.is_legal(move)
                    if stop_mode and as_move is not None:
                        assert bool(e.priority) == (as_move in breaches)
            else:
                assert ok, f"push accepted {move!r}, which is not offered"
                assert state.peek() == as_move
                assert (state.breach is not None) == (not offered and breach)
                assert whole(from_dict(json.loads(json.dumps(state.to_dict())))) == whole(state)
                state.pop()
            assert whole(state) == before
        assert state.is_legal(move) == offered
        assert (state.why_illegal(move) is None) == offered
        if as_move is not None:  # the rules' reasons agree with the generated moves
            try:
                assert (state._refusal(as_move) is None) == offered
            except IllegalMove:
                assert not offered


# ------------------------------------------------------------------ undoing a Stop! call
@given(st.data())
def test_pop_after_any_push_breach_or_stop_call_restores_the_whole_state(data):
    """STOP! mode, random moves, breaches and calls (right and wrong): each pop returns exactly
    to the state before the last push, right call or wrong call with a price; popping a right
    call reopens its breach."""
    options = data.draw(OPTIONS["russian-bank"]) | {"mode": "stop"}
    state = new_game("russian-bank", seed=data.draw(st.integers(0, 2**40)), **options)
    undo: list[dict] = []  # the whole state before each push or right call still in effect
    for step in range(data.draw(st.integers(1, 80))):
        if state.is_over():
            break
        before = whole(state)
        breaches = state.breach_moves()
        if state.breach is not None and data.draw(st.booleans()):
            assert state.call_stop().right
        elif data.draw(st.integers(0, 9)) == 0:  # a wrong call: a free one changes nothing;
            if state.breach is not None:  # with a price (option wrong_call) it is a move
                continue
            call = state.call_stop()
            assert not call.right
            if not call.cost:
                assert whole(state) == before
                continue
        elif breaches and data.draw(st.integers(0, 3)) == 0:
            state.push(data.draw(st.sampled_from(breaches)), breach=True)
        else:
            state.push(data.draw(st.sampled_from(state.legal_moves())))
        after = whole(state)
        if data.draw(st.integers(0, 2)) == 0:  # take it back, check, and do it again
            state.pop()
            assert whole(state) == before
            assert whole(from_dict(state.to_dict())) == before
            if after["history"][-1][0] == "stop":  # a right call, or a wrong one's price
                again = state.call_stop()
                assert again.right or again.cost
            else:
                last = after["history"][-1]
                state.push(Move.parse(last[0]), breach=last[1] is not None)
            assert whole(state) == after
        undo.append(before)
    assert whole(from_dict(json.loads(json.dumps(state.to_dict())))) == whole(state)
    while undo:
        state.pop()
        assert whole(state) == undo.pop()
    assert not state.history
