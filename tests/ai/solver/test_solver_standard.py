"""Standard's solver model (game/ai/solver/models/standard_solitaire.py) against the core: the
same moves and positions on random games, deals won with lines that win in the core, and
verdicts that agree with a brute-force search of the core on small endgames."""

from __future__ import annotations

import random

from game.ai.solver.models import make_model
from game.core import Card, from_dict, new_game
from tests.support.model_check import (
    assert_line_wins,
    check_position,
    random_positions,
    solve,
    verdicts_against_brute_force,
)

SUITS = "SHDC"


def test_the_model_agrees_with_the_core_on_random_games():
    rng = random.Random(16)
    offered = 0
    for state in random_positions("standard-solitaire", {}, range(1, 7), 90, rng, every=2):
        offered += check_position(state)
    assert offered > 300


def test_a_deal_is_won_and_the_line_wins_in_the_core():
    state = new_game("standard-solitaire", 10001)
    assert_line_wins(state, solve(state, budget_s=20))


def endgame(rng, left: int, stock: int):
    """``left`` cards off the foundations (the top ranks of random suits and packs): ``stock``
    of them in the stock, the rest over the eight piles, all but the top of most piles face
    down."""
    heights = {(d, s): 13 for d in (0, 1) for s in range(4)}
    for _ in range(left):
        k = rng.choice([k for k, h in heights.items() if h > 1])
        heights[k] -= 1
    out = [Card(r, SUITS[s], d).code for (d, s), h in heights.items() for r in range(h + 1, 14)]
    rng.shuffle(out)
    piles = {
        f"foundation{d * 4 + s}": [Card(r, SUITS[s], d).code for r in range(1, h + 1)]
        for (d, s), h in heights.items()
    }
    piles["stock"] = [out.pop() for _ in range(stock)]
    cols = [[] for _ in range(8)]
    for i, code in enumerate(out):
        cols[i % 8].append(code)
    down = {"stock": stock}
    for i, col in enumerate(cols):
        piles[f"tableau{i}"] = col
        if len(col) > 1:
            down[f"tableau{i}"] = len(col) - 1 if rng.random() < 0.7 else rng.randrange(len(col))
    return from_dict(
        {
            "format": 1,
            "game": "standard-solitaire",
            "seed": None,
            "options": {},
            "start": {"piles": piles, "down": down, "vars": {}},
            "moves": [],
        }
    )


def test_verdicts_agree_with_a_brute_force_search_of_the_core():
    def states():
        for trial in range(30):
            rng = random.Random(trial)
            yield endgame(rng, left=rng.choice((30, 36)), stock=rng.choice((0, 0, 8)))

    won, lost = verdicts_against_brute_force(states(), 1000, 100_000)
    assert won >= 5 and lost >= 1, (won, lost)  # such endgames are mostly won


# -------------------------------------------------------- dead(): hopeless with the stock empty
def model_brute_force(state, limit: int) -> bool | None:
    """Is the position winnable? Every line of the model's exact moves (eager unset, its
    safe automatic moves, no dead-end test), merging positions by its key; None past
    ``limit`` positions. Independent of the core's stuck test, which uses the same relaxed
    game (standard_solitaire.hopeless) as the dead-end test checked here."""
    model = make_model(state)
    model.eager = False
    log: list = []
    model.autos(log)
    if model.won():
        return True
    seen = {model.key()}
    stack = [[model.moves(), 0]]
    path: list = []
    while stack:
        frame = stack[-1]
        if frame[1] >= len(frame[0]):
            stack.pop()
            if path:
                for m, rec in reversed(path.pop()):
                    model.undo(m, rec)
            continue
        m = frame[0][frame[1]]
        frame[1] += 1
        step = [(m, model.apply(m))]
        model.autos(step)
        if model.won():
            return True
        k = model.key()
        if k in seen:
            for x, rec in reversed(step):
                model.undo(x, rec)
            continue
        seen.add(k)
        if len(seen) > limit:
            return None
        path.append(step)
        stack.append([model.moves(), 0])
    return False


def jammed(rng, left: int, noise: float):
    """A position with the stock empty and ``left`` cards off the foundations (the top ranks
    of random suits and packs) dealt round the piles lowest first (rank plus up to ``noise``
    of shuffling), so high cards tend to lie on low ones; a random number face down."""
    heights = {(d, s): 13 for d in (0, 1) for s in range(4)}
    for _ in range(left):
        k = rng.choice([k for k, h in heights.items() if h > 1])
        heights[k] -= 1
    out = [(r, s, d) for (d, s), h in heights.items() for r in range(h + 1, 14)]
    out.sort(key=lambda c: c[0] + rng.random() * noise)
    piles = {
        f"foundation{d * 4 + s}": [Card(r, SUITS[s], d).code for r in range(1, h + 1)]
        for (d, s), h in heights.items()
    }
    piles["stock"] = []
    cols = [[] for _ in range(8)]
    for i, (r, s, d) in enumerate(out):
        cols[i % 8].append(Card(r, SUITS[s], d).code)
    down = {"stock": 0}
    for i, col in enumerate(cols):
        piles[f"tableau{i}"] = col
        if len(col) > 1:
            down[f"tableau{i}"] = rng.randrange(len(col))
    return from_dict(
        {
            "format": 1,
            "game": "standard-solitaire",
            "seed": None,
            "options": {},
            "start": {"piles": piles, "down": down, "vars": {}},
            "moves": [],
        }
    )


def test_dead_hopeless_with_the_stock_empty_agrees_with_a_brute_force_search():
    """dead(): with the stock empty, a position from which no move between the piles can
    put a card home or turn one up is lost; every one it calls dead is lost by an exhaustive
    search of the model's moves, and it fires on most of the lost ones."""
    fired = lost = won = 0
    for trial in range(90):
        rng = random.Random(trial)
        state = jammed(rng, rng.choice((40, 52, 60)), rng.choice((0.5, 1, 2)))
        model = make_model(state)
        model.autos([])
        dead = not model.won() and model.dead()
        truth = model_brute_force(state, 20_000)
        if truth is None:
            continue
        if dead:
            fired += 1
            assert truth is False, trial
        lost += truth is False
        won += truth is True
    assert fired >= 40 and won >= 3 and lost > fired, (fired, lost, won)


def test_dead_only_with_the_stock_empty_and_only_in_the_exact_search():
    for trial in range(40):
        state = jammed(random.Random(trial), 60, 0.5)
        model = make_model(state)
        model.autos([])
        if model.dead():
            break
    else:
        raise AssertionError("no dead position built")
    model.eager = True
    assert not model.dead()  # the eager searches skip the test (it proves nothing there)
    model.eager = False
    model.sp = 1  # a row still to deal: dealing helps
    assert not model.dead()


def test_no_position_along_a_won_line_is_dead():
    state = new_game("standard-solitaire", 10001)
    v = solve(state, budget_s=20)
    assert_line_wins(state, v)
    replica = state.copy(history=False)
    for mv in v.line:
        replica.push(mv)
        model = make_model(replica)
        assert model.won() or not model.dead(), mv
