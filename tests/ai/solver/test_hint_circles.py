"""Hint never goes round in circles: followed hint after hint, it never returns to a position of
the last moves, nor puts a card straight back where a recent move took it from (issue 26, item
1: Forty Thieves deal 770491 hinted the Eight of clubs from one Nine of clubs to the other and
back, for ever). The solver thinks a fixed number of positions per hint, not a time, so the
hints are the same on a fast machine and a slow one."""

import pytest

from game.core import GAMES, info, new_game
from game.session.help import RECENT, SolverHelp

NODES = 3000  # positions the solver looks at before each hint


def follow_hints(state, steps: int):
    """Play ``steps`` hints; return the moves, asserting none goes back."""
    keys = [state.key()]
    took = []  # (cards, the pile they left) for each move played
    played = []
    helper = SolverHelp()
    for _ in range(steps):
        helper.restart(state)
        if helper.job is None:
            break
        for job in (helper.job, helper.prover):  # the full Solver and the prover beside it
            if job is not None:
                job.max_nodes = NODES
        while helper.thinking:
            helper.think(1000)
        move = helper.hint(state)
        if move is None:
            break
        won = helper.verdict is not None and helper.verdict.status == "won"
        src = state.pile[move.source].cards
        cards = tuple(c.id for c in src[len(src) - move.count :]) if move.count else ()
        if not won:
            assert (cards, move.target) not in took[-RECENT:], (
                f"hint {move} puts {cards} straight back after {played}"
            )
        state.push(move)
        if not won:
            assert state.key() not in keys[-RECENT:], f"hint {move} returns to a position: {played}"
        keys.append(state.key())
        took.append((cards, move.source))
        played.append(str(move))
    return played


def test_forty_thieves_770491_hints_never_go_back():
    played = follow_hints(new_game("forty-thieves", seed=770491), 30)
    assert len(played) == 30
    # the reported circle: t3-t8 then t8-t3 (the Eight of clubs between the two Nines of clubs)
    assert not any(a == "t3-t8" and b == "t8-t3" for a, b in zip(played, played[1:]))


SOLITAIRES = [g for g in GAMES if info(g).players == (1,)]


@pytest.mark.parametrize("game_id", SOLITAIRES)
def test_every_solitaire_hints_never_go_back(game_id):
    for seed in (3, 4):
        follow_hints(new_game(game_id, seed=seed), 15)
