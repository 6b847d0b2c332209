"""The Battle solitaire computer player as a player meets it: its model agrees with the rules
core, every level plays whole games legally, none looks at a face-down card, its choices are
repeatable, thinking in slices keeps to its budget and decides as the blocking call does, and
a computer seat finishes a whole game through the session."""

import random
import statistics

import pytest

from game.ai.players import computer_player, levels
from game.ai.players.battle_solitaire import LEVELS, Bot, visible_digest
from game.ai.players.battle_solitaire.model import PASS_MOVE, REFILL, TURN, Model
from game.core import PASS, Move, from_dict, new_game
from game.session import Session
from tests.support.calls_and_slices import think_slices

BS = "battle-solitaire"
MAX_MOVES = 5000


def play(state, bots, on_move=None):
    """Play to the end; every move is checked. Returns the number of moves."""
    moves = 0
    while not state.is_over():
        p = state.current_player
        move = bots[p].choose(state)
        assert move in state.legal_moves(), f"{bots[p]} played an illegal move {move}"
        state.push(move)
        if on_move:
            on_move(state, p, move)
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
    return moves


def positions(games=6, every=7):
    """Positions from games of mixed play (greedy, random, turning and passing)."""
    out = []
    rng = random.Random(3)
    for g in range(games):
        state = new_game(BS, seed=40 + g)
        bots = [Bot("greedy", seed=g), Bot("random", seed=g)]
        n = 0
        while not state.is_over() and n < 400:
            if n % every == 0:
                out.append(state.copy())
            moves = state.legal_moves()
            move = bots[n % 2].choose(state) if rng.random() < 0.7 else rng.choice(moves)
            state.push(move)
            n += 1
    return out


@pytest.fixture(scope="module")
def sample():
    return positions()


# ------------------------------------------------------------------ the model
def core_move(state, move):
    names = Model.pile_names(state.current_player)
    return PASS if move == PASS_MOVE else Move(names[move[0]], names[move[1]])


def test_the_models_moves_are_legal_in_the_core_and_cover_its_moves(sample):
    assert len(sample) > 100
    for state in sample:
        model = Model.from_state(state)
        offered = [core_move(state, m) for m in model.moves()]
        legal = state.legal_moves()
        for move in set(offered) - set(legal):  # only a repetition the bot itself avoids (its
            assert "already seen" in state.why_illegal(move)  # search never goes back)
        offered = [m for m in offered if m in legal]
        for move in legal:  # each core move, or one with the same effect, is in the model
            if move in offered:
                continue
            src, dst = state.pile[move.source], state.pile[move.target]
            if dst.kind == "foundation":  # another empty foundation
                assert not dst.cards and any(
                    m.source == move.source and m.target.startswith("foundation") for m in offered
                ), move
            else:  # another empty pile, or a lone card moving to an empty pile
                assert dst.kind == "house" and not dst.cards, move
                assert (src.kind == "house" and len(src.cards) == 1) or any(
                    m.source == move.source
                    and m.target.startswith("house")
                    and not state.pile[m.target].cards
                    for m in offered
                ), move


def test_the_model_plays_and_takes_back_as_the_core_does(sample):
    for state in sample[::3]:
        model = Model.from_state(state, oracle=True)
        key = model.key()
        for move in model.moves():
            token = model.do(move)
            if move != PASS_MOVE and state.is_legal(core_move(state, move)):
                after = state.copy(history=False)
                after.push(core_move(state, move))
                if after.current_player == state.current_player:
                    twin = Model.from_state(after, oracle=True)
                    assert (twin.h, twin.f, twin.pen, twin.hand, twin.waste, twin.refilled) == (
                        model.h,
                        model.f,
                        model.pen,
                        model.hand,
                        model.waste,
                        model.refilled,
                    )
                    assert twin.key() == model.key()
            model.undo(token)
            assert model.key() == key


def test_the_fair_model_sees_no_face_down_card(sample):
    for state in sample[::4]:
        m = Model.from_state(state)
        assert all(k == -1 for k in m.hand)  # a hand lies face down
        assert all(k == -1 for k in m.pen[:-1])
        if m.hand:
            assert m.leaf_kind(TURN)  # turning a card ends what the search can know
        elif m.waste and not m.refilled:
            assert REFILL in m.moves() and m.leaf_kind(REFILL)


# ------------------------------------------------------------------ whole games
def test_the_levels_offered_and_the_ones_kept_for_measuring():
    assert levels(BS) == ("easy", "medium", "hard")
    for level in LEVELS:
        assert computer_player(BS, level).level == level
    with pytest.raises(ValueError):
        computer_player(BS, "grandmaster")


@pytest.mark.parametrize(
    "pairing",
    [
        ("hard", "easy"),
        ("medium", "oracle"),
        ("greedy", "hard"),
        ("random", "medium"),
        ("easy", "greedy"),
    ],
)
def test_no_level_ever_makes_an_illegal_move_in_whole_games(pairing):
    state = new_game(BS, seed=101 + LEVELS.index(pairing[0]))
    play(state, [Bot(pairing[0], seed=1), Bot(pairing[1], seed=2)])
    assert state.result().status in ("won", "stalemate")


def test_one_bot_can_play_both_seats():
    bot = Bot("hard")
    state = new_game(BS, seed=7)
    play(state, [bot, bot])
    assert state.is_over()


def test_hard_plans_and_follows_its_plan():
    bot = Bot("hard", seed=1)
    decisions = [0]

    def note(s, p, move):
        decisions[0] += p == 0

    play(new_game(BS, seed=11), [bot, Bot("greedy")], note)
    assert 0 < bot.searches < decisions[0], (bot.searches, decisions[0])


def test_hard_never_moves_cards_back_and_forth():
    """Within one turn Hard never comes back to a position it has been in."""
    for seed in range(2):
        seen = set()

        def check(s, p, move, seen=seen, seed=seed):
            if p != 0 or s.current_player != 0:
                seen.clear()
                return
            piles = s.piles()
            houses = tuple(sorted(tuple(c.code for c, _ in piles[f"house{i}"]) for i in range(8)))
            key = (
                houses,
                tuple(len(cards) for name, cards in piles.items() if not name.startswith("house")),
                s.refilled,
            )
            assert key not in seen, f"deal {20 + seed}: {move} brings a position back"
            seen.add(key)

        play(new_game(BS, seed=20 + seed), [Bot("hard"), Bot("greedy")], check)


def test_hard_takes_a_win_two_moves_away():
    # the last card, the 5H, fits nowhere until the QH moves off its pile and empties it
    from tests.support.positions import build

    table = {f"house{i}": k for i, k in enumerate("KS KC KH KD KS KC KH QH".split())}
    state = build(
        BS, table | {"reserve0": "5H", "hand0": ""}, rest=["hand1"], vars={"current_player": 0}
    )
    assert not any(m.source == "reserve0" for m in state.legal_moves())
    bot = Bot("hard")
    for _ in range(2):
        state.push(bot.choose(state))
    assert state.result() is not None and state.result().winner == 0


def test_every_level_presses_the_button_when_nothing_else_is_left():
    from tests.support.positions import build

    table = {f"house{i}": k for i, k in enumerate("KS KC KH KD KS KC KH KD".split())}
    state = build(
        BS, table | {"reserve0": "9D", "hand0": ""}, rest=["hand1"], vars={"current_player": 0}
    )
    assert state.legal_moves() == [PASS]
    for level in LEVELS:
        assert Bot(level).choose(state) == PASS


# ------------------------------------------------------------------ no peeking
def shuffle_hidden(state, seed):
    """The same position with each player's face-down cards shuffled among their face-down
    places (what a player can see is unchanged: the faces up, and each card's back)."""
    data = state.to_dict()
    data["start"] = {
        "piles": {n: [c.code for c, _ in cards] for n, cards in state.piles().items()},
        "down": {p.name: p.down for p in state.pile_list if p.down},
        "vars": {name: state._var_to_json(name, getattr(state, name)) for name in state.VARS},
    }
    data["moves"] = []
    rng = random.Random(seed)
    for p in (0, 1):
        places = [
            (name, i)
            for name in (f"hand{p}", f"reserve{p}")
            for i in range(data["start"]["down"].get(name, 0))
        ]
        codes = [data["start"]["piles"][n][i] for n, i in places]
        rng.shuffle(codes)
        for (n, i), code in zip(places, codes):
            data["start"]["piles"][n][i] = code
    return from_dict(data)


def test_no_level_but_the_oracle_looks_at_face_down_cards(sample):
    changed = 0
    for i, state in enumerate(sample[::5]):
        if state.is_over():
            continue
        twin = shuffle_hidden(state, i)
        assert visible_digest(twin) == visible_digest(state)
        changed += twin.key() != state.key()
        for level in ("easy", "medium", "hard", "greedy", "random"):
            assert Bot(level, seed=i).choose(state) == Bot(level, seed=i).choose(twin), (level, i)
    assert changed > 10  # the shuffles did move hidden cards


# ------------------------------------------------------------------ repeatable, sliced
def _record(state, bots, stop_after=None):
    log = []
    while not state.is_over() and (stop_after is None or len(log) < stop_after):
        p = state.current_player
        move = bots[p].choose(state)
        state.push(move)
        log.append((p, str(move)))
        assert len(log) < MAX_MOVES
    return log


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_game_resumed_with_a_new_computer_player_goes_on_as_before(level):
    whole = _record(new_game(BS, seed=32), [Bot("greedy"), Bot(level)])
    ones = [i for i in range(1, len(whole)) if whole[i - 1][0] == whole[i][0] == 1]
    assert len(ones) > 10
    for cut in ones[3], ones[len(ones) // 2]:
        state = new_game(BS, seed=32)
        first = _record(state, [Bot("greedy"), Bot(level)], stop_after=cut)
        rest = _record(state.copy(), [Bot("greedy"), Bot(level)])
        assert first + rest == whole, f"{level} played differently after move {cut}"
    if level == "easy":  # another seed, other choices (Hard has no random choices)
        assert _record(new_game(BS, seed=32), [Bot("greedy"), Bot(level, seed=9)]) != whole


def test_sliced_thinking_decides_as_the_blocking_call_does_and_leaves_the_state_alone():
    for seed in range(3):
        state = new_game(BS, seed=600 + seed)
        for _ in range(30 + 17 * seed):  # somewhere into the game
            if state.is_over():
                break
            state.push(Bot("greedy").choose(state))
        if state.is_over():
            continue
        before = state.to_dict()
        blocking = Bot("hard").choose(state)
        job = Bot("hard").start(state)
        while job.think(0.0) is None:
            pass
        assert job.move == blocking and job.think(5.0) == blocking
        assert state.to_dict() == before


def test_think_keeps_to_its_budget():
    """Each think(3) call returns within the budget plus a margin (checked on the CPU time of
    the call, which other processes of a busy machine do not stretch)."""
    cpu, sliced = think_slices([Bot("hard"), Bot("oracle")], [new_game(BS, seed=700)], 300)
    assert sliced >= 1, "no decision needed more than one slice"  # how many: the machine's speed
    assert statistics.median(cpu) <= 3.0 + 1.0
    cpu.sort()
    assert cpu[int(0.99 * len(cpu))] <= 3.0 + 5.0, cpu[-20:]


def test_a_finished_game_has_no_move_to_choose():
    state = new_game(BS, seed=5)
    play(state, [Bot("greedy"), Bot("greedy")])
    with pytest.raises(ValueError):
        Bot("hard").choose(state)


# ------------------------------------------------------------------ through the session
def test_a_computer_seat_finishes_a_whole_game_through_the_session():
    s = Session.new(BS, seed=12, seats=("computer:hard", "computer:easy"))
    played = []
    for _ in range(20000):
        if s.is_over():
            break
        played += s.advance(20.0)
    assert s.is_over() and s.state.result().status in ("won", "stalemate")
    assert [e.move for e in s.state.history] == played  # every move was the bot's own
    assert not s.accepting() and s.record() is None  # nobody's statistics: no person played
