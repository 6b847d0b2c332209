"""The tests' shared helpers. Hand-built positions for rule tests: name the cards that matter,
the rest go somewhere harmless, ``build("forty-thieves", {"tableau0": "9H 8H", "waste": "KS"})``;
comparing whole states (``whole``); the foundations before the winning move
(``foundations_full_but_one``) and a rule several games share (``assert_foundation_cards_stay``);
the games and their option sets from the registries (``option_sets``, ``option_variants``,
``covering``, ``cases``); random play (``games``, a hypothesis strategy, and ``play_randomly``);
a search that yields between slices driven to its end (``run_to_the_end``)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import strategies as st

from game.core import GAMES, Card, IllegalMove, from_dict, game_class, info, new_game


def build(
    game_id: str,
    piles: dict[str, str],
    rest: str | dict = "stock",
    down=None,
    options=None,
    vars=None,
    moves=(),
):
    """A position from pile texts ("AS 2S 3S", bottom to top; a card without a pack digit takes
    the first unused copy). Every other card goes under the named cards of ``rest`` (a pile name,
    a list of pile names sharing them, or a dict of pile name -> count). ``down``: face-down
    counts; the stock and hands default to all face down, reserves to all but the top."""
    used: set[Card] = set()

    def take(code: str) -> Card:
        if len(code) == 3:
            card = Card.parse(code)
        else:
            card = next(
                c for c in (Card.parse(code + "0"), Card.parse(code + "1")) if c not in used
            )
        assert card not in used, f"{code} used twice"
        used.add(card)
        return card

    cls = game_class(game_id)
    layout = {name: [take(code).code for code in text.split()] for name, text in piles.items()}
    leftovers = [c.code for c in cls.CARDS if c not in used]
    if isinstance(rest, str):
        rest = [rest]
    if isinstance(rest, list):  # share the leftovers out evenly
        share = -(-len(leftovers) // len(rest)) if rest else 0
        rest = {name: share for name in rest}
    for name, n in rest.items():  # leftovers go under the named cards
        layout[name] = leftovers[:n] + layout.get(name, [])
        leftovers = leftovers[n:]
    assert not leftovers, "rest must take every remaining card"
    names = [name for name, _ in cls.LAYOUT]
    layout = {n: layout.get(n, []) for n in names}
    downs = {}
    for name, cards in layout.items():
        if name == "stock" or name.startswith("hand"):
            downs[name] = len(cards)
        elif name.startswith("reserve"):
            downs[name] = max(len(cards) - 1, 0)
    downs.update(down or {})
    data = {
        "format": 1,
        "game": game_id,
        "seed": None,
        "options": options or {},
        "start": {
            "piles": layout,
            "down": {k: v for k, v in downs.items() if v},
            "vars": vars or {},
        },
        "moves": list(moves),
    }
    return from_dict(data)


def tops(state) -> dict[str, str]:
    """Top card of every non-empty pile, as text."""
    return {name: str(cards[-1][0]) for name, cards in state.piles().items() if cards}


def assert_foundation_cards_stay(state, move: str) -> None:
    """Cards on the foundations stay there: no legal move takes one off, and ``move``, which
    would, is refused."""
    assert not any(m.source.startswith("foundation") for m in state.legal_moves())
    with pytest.raises(IllegalMove, match="stay there"):
        state.push(move)


def foundations_full_but_one(packs: int = 1, ranks: str = "A23456789TJQK") -> dict[str, str]:
    """The foundation piles of a game's last move: every card of ``packs`` packs on its own
    suit's foundation (spades, hearts, diamonds, clubs; again for a second pack), built in
    the order of ``ranks``, but the last card of the last pile (a club: ``ranks[-1]``)."""
    piles = {f"foundation{i}": " ".join(r + "SHDC"[i % 4] for r in ranks) for i in range(4 * packs)}
    piles[f"foundation{4 * packs - 1}"] = " ".join(r + "C" for r in ranks[:-1])
    return piles


def every_card_once(state) -> bool:
    cards = [c for pile in state.piles().values() for c, _ in pile]
    return len(cards) == len(state.CARDS) and set(cards) == set(state.CARDS)


def whole(state) -> dict:
    """Everything a state is, to compare two states completely: the piles with their faces, every
    variable, the history (moves, breaches, what a Stop! call replaced), the open breach, the
    legal moves (the cached list and a fresh generation), the breach moves, the result, the
    marks and the save. (Comparing saves alone misses cards that disagree with the moves.)"""

    def entry(e):
        return (str(e.move), e.breach, entry(e.restore) if e.restore is not None else None)

    return {
        "piles": state.piles(),
        "down": {p.name: p.down for p in state.pile_list},
        "vars": {name: getattr(state, name) for name in state.VARS},
        "history": [entry(e) for e in state.history],
        "breach": state.breach,
        "legal": state.legal_moves(),
        "generated": state._generate_moves(),
        "breach_moves": state.breach_moves(),
        "result": state.result(),
        "marks": state.marks(),
        "key": state.key(),
        "save": state.to_dict(),
    }


# ------------------------------------------------------------------ from the registries
def option_sets(game_id: str) -> list[dict]:
    """Every option set of a game: each combination of its options' choices (from its
    description, so that a new game or option is covered at once)."""
    opts = info(game_id).option_list
    return [
        dict(zip((o.name for o in opts), combo))
        for combo in itertools.product(*(o.choices for o in opts))
    ]


def option_variants(game_id: str) -> list[dict]:
    """The default options, then each option's other choices one at a time (every choice
    once, fewer sets than every combination)."""
    default = info(game_id).options
    return [default] + [
        default | {o.name: c}
        for o in info(game_id).option_list
        for c in o.choices
        if c != o.default
    ]


def covering(game_id: str, chosen: list[dict]) -> list[dict]:
    """``chosen`` (option sets a test picked for how options work together), then one
    ``option_variants`` set for each choice none of them has: every choice of every option is
    played, a new option's too, without editing the test."""
    default = info(game_id).options
    out = list(chosen)
    for variant in option_variants(game_id)[1:]:
        name, value = next((k, v) for k, v in variant.items() if v != default[k])
        if not any((default | o)[name] == value for o in out):
            out.append(variant)
    return out


def cases(sets=option_sets) -> list:
    """pytest params (game, options) for every game and each of its option sets."""
    return [
        pytest.param(g, o, id="-".join([g, *(f"{k}={v}" for k, v in o.items())]))
        for g in GAMES
        for o in sets(g)
    ]


# ------------------------------------------------------------------ random play
def play_randomly(state, rng: random.Random, limit: int, choose=None):
    """Random legal moves (``choose(rng, moves)``, a uniform choice by default) until the game
    is over or ``limit`` moves were made; the state."""
    choose = choose or (lambda r, moves: r.choice(moves))
    for _ in range(limit):
        if state.is_over():
            break
        state.push(choose(rng, state.legal_moves()))
    return state


@st.composite
def games(draw, game_id, options, max_moves=120):
    """A deal and a random legal line of play through it; where priorities may be broken (a
    Stop! or knock option) sometimes a breach, sometimes a call on it."""
    state = new_game(game_id, seed=draw(st.integers(0, 2**40)), **options)
    for _ in range(draw(st.integers(0, max_moves))):
        moves = state.legal_moves()
        if not moves:
            break
        breaches = state.breach_moves()
        if breaches and draw(st.integers(0, 5)) == 0:
            state.push(breaches[draw(st.integers(0, len(breaches) - 1))], breach=True)
            if state.breach is not None and draw(st.booleans()):
                assert state.call_stop().right
        else:
            state.push(moves[draw(st.integers(0, len(moves) - 1))])
    return state


def run_to_the_end(generator):
    """Drive a generator (a search that yields between slices) to its end: what it returns."""
    try:
        while True:
            next(generator)
    except StopIteration as stop:
        return stop.value
