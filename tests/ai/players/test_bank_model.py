"""The search's compact model must agree with the rules core: every move it offers is legal in
the core, and every legal core move has a model move with the same result (the model offers one
of several interchangeable empty houses or foundations, and never moves a lone house card to an
empty house, which changes nothing)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.players.russian_bank.model import PASS_MOVE, Model
from game.core import PASS, Move, new_game


def to_core(move, names):
    return PASS if move == PASS_MOVE else Move(names[move[0]], names[move[1]])


def check_agreement(state):
    legal = state.legal_moves()
    names = Model.pile_names(state.current_player)
    for oracle in (False, True):
        model = Model.from_state(state, oracle=oracle)
        before = (
            model.key(),
            [list(h) for h in model.h],
            list(model.f),
            list(model.hand),
            list(model.waste),
            list(model.res),
            model.up,
        )
        results = {}
        for move in model.moves():
            core_move = to_core(move, names)
            if core_move not in legal:  # only the core's "position already seen" may differ
                assert "already seen" in (state.why_illegal(core_move) or ""), core_move
            token = model.do(move)
            if move[0] != 17 or move[1] != 17:  # turning a hidden card: nothing to compare
                results[model.key()] = core_move
            model.undo(token)
        assert (
            model.key(),
            model.h,
            model.f,
            model.hand,
            model.waste,
            model.res,
            model.up,
        ) == before, "undo did not restore the position"
        turns = {
            m
            for m in legal
            if m == PASS
            or (
                m.source.startswith("hand")
                and (m.target == m.source or m.target.startswith("waste"))
            )
        }
        assert turns <= {to_core(m, names) for m in model.moves()}
        for core_move in legal:
            if core_move in turns:
                continue
            after = state.copy(history=False)
            after.push(core_move)
            key = Model.from_state(after, oracle=oracle).key()
            lone = (
                core_move.source.startswith("house")
                and core_move.target.startswith("house")
                and len(state.piles()[core_move.source]) == 1
                and not state.piles()[core_move.target]
            )
            assert key in results or lone, f"no model move does what {core_move} does"


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 600),
    own_waste=st.booleans(),
    reserve=st.sampled_from([11, 12, 13]),
    mode=st.sampled_from(["stop", "strict"]),
)
def test_model_moves_agree_with_the_core(seed, steps, own_waste, reserve, mode):
    rng = random.Random(seed)
    state = new_game(
        "russian-bank", seed=seed, own_waste_playable=own_waste, reserve_size=reserve, mode=mode
    )
    for i in range(steps):
        if state.is_over():
            break
        if i % 50 == 0:
            check_agreement(state)
        breaches = state.breach_moves()
        if breaches and rng.random() < 0.1:
            state.push(rng.choice(breaches), breach=True)
        else:
            state.push(rng.choice(state.legal_moves()))
    if not state.is_over():
        check_agreement(state)


def test_hidden_cards_stay_hidden_unless_oracle():
    state = new_game("russian-bank", seed=5)
    me = state.current_player
    fair, oracle = Model.from_state(state), Model.from_state(state, oracle=True)
    assert fair.res[-1] == oracle.res[-1] >= 0  # the top reserve card lies face up
    assert all(k == -1 for k in fair.res[:-1]) and all(k == -1 for k in fair.hand)
    assert all(k > 0 for k in oracle.res + oracle.hand)
    assert len(fair.hand) == len(state.piles()[f"hand{me}"])
