"""The Russian Bank opponent as a player meets it: it plays only legal moves (or, at Easy and
Medium in STOP! mode, a deliberate priority slip), its games end, its Stop! calls are right,
Hard takes a win when it is there, and thinking in slices keeps to its budget."""

import random
import statistics

import pytest

from game.ai.players.russian_bank import LEVELS, opponent
from game.core import PASS, new_game
from tests.support.ai_positions import position
from tests.support.calls_and_slices import calls_on_a_sloppy_player, think_slices
from tests.support.positions import covering

# a few option sets chosen for how the options work together, then every other choice of
# every option from the game's description (covering: a new option is played at once)
OPTIONS = covering(
    "russian-bank",
    [
        {},
        {"mode": "strict"},
        {"own_waste_playable": True},
        {"reserve_size": 11},
        {"reserve_size": 12, "mode": "strict", "own_waste_playable": True},
    ],
)
MAX_MOVES = 6000


def play(state, bots, on_move=None):
    """Play to the end; every move is checked. Returns the number of moves."""
    moves = 0
    while not state.is_over():
        p = state.current_player
        bot = bots[p]
        move = bot.choose(state)
        legal = state.legal_moves()
        breached = move not in legal
        if not breached:
            state.push(move)
        else:
            assert state.options["mode"] == "stop", f"{bot} played {move} in strict mode"
            assert bot.level in ("easy", "medium"), f"{bot} broke a priority rule: {move}"
            assert move in state.breach_moves(), f"{bot} played an illegal move {move}"
            state.push(move, breach=True)
            assert state.breach is not None
            if bots[1 - p].calls_stop(state):
                assert state.call_stop().right
        if on_move:
            on_move(state, p, move, breached)
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
    return moves


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally_with_every_option(level):
    others = ["greedy", "hard", "random", "medium", "easy"]
    for i, options in enumerate(OPTIONS):
        state = new_game("russian-bank", seed=100 + i, **options)
        other = opponent(others[i % len(others)], seed=i)
        bots = [opponent(level, seed=i), other] if i % 2 else [other, opponent(level, seed=i)]
        play(state, bots)
        assert state.result().status in ("won", "stalemate")


def test_random_games_end_in_every_option():
    for i, options in enumerate(OPTIONS):
        state = new_game("russian-bank", seed=200 + i, **options)
        play(state, [opponent("random", seed=1), opponent("random", seed=2)])


def test_one_bot_can_play_both_seats_as_a_hint_giver():
    """The same Hard object answers for either player (the hint: "what would Hard do?")."""
    bot = opponent("hard")
    state = new_game("russian-bank", seed=7)
    play(state, [bot, bot])
    assert state.is_over()


def _slips(level, mode, seed):
    slips = [0]
    who = seed % 2

    def count(s, p, move, breached):
        slips[0] += p == who and breached

    bots = [opponent(level, seed=seed), opponent("greedy")]
    if who:
        bots.reverse()
    play(new_game("russian-bank", seed=300 + seed, mode=mode), bots, count)
    return slips[0]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_slip_now_and_then_in_stop_mode_never_in_strict(level):
    assert sum(_slips(level, "strict", seed) for seed in range(3)) == 0
    games = next((n for n in range(1, 21) if _slips(level, "stop", n)), None)
    assert games is not None, f"{level} never slipped in 20 games"


def test_stop_calls_are_right_and_hard_never_misses_one():
    """A sloppy player breaks priorities often; each level is asked after every move."""
    calls = {level: [0, 0] for level in ("easy", "medium", "hard")}  # [called, breaches]
    for level in calls:
        calls[level] = calls_on_a_sloppy_player(
            opponent(level, seed=5),
            opponent("greedy"),
            [new_game("russian-bank", seed=400 + seed) for seed in range(3)],
            1000,
            random.Random(level),
            f"{level} called Stop!",
        )
    assert calls["hard"][1] > 20
    assert calls["hard"][0] == calls["hard"][1], "Hard let a priority breach pass"
    for level in ("easy", "medium"):
        called, breaches = calls[level]
        assert breaches > 20 and 0 < called < breaches, (level, called, breaches)
    assert calls["easy"][0] / calls["easy"][1] < calls["medium"][0] / calls["medium"][1]


def test_hard_plays_its_last_hand_card_instead_of_throwing_it_away():
    state = position(
        {
            "hand0": ["5C0"],
            "house0": ["6H0"],
            "house1": ["9S0"],
            "waste1": ["6C0"],
            "reserve1": ["8S1"],
        },
        up=("hand0",),
    )
    assert any(m.target == "waste0" for m in state.legal_moves())
    move = opponent("hard").choose(state)
    state.push(move)
    assert state.result().winner == 0


def test_hard_takes_the_last_card_to_a_foundation():
    state = position({"reserve0": ["4D0"], "house0": ["5S0"]}, fits=("D0",))
    move = opponent("hard").choose(state)
    state.push(move)
    assert move.target.startswith("foundation") and state.result().winner == 0


def test_hard_finds_a_two_move_win_over_a_tempting_load():
    state = position(
        {
            "reserve0": ["4D0"],
            "house0": ["5S0", "3H0"],
            "house1": ["4C0"],
            "house2": ["KS1"],
            "house3": ["KH1"],
            "house4": ["KD1"],
            "house5": ["KC1"],
            "house6": ["TD1"],
            "house7": ["TS1"],
            "reserve1": ["9S1"],
        }
    )
    assert all(m.source != "reserve0" for m in state.legal_moves())  # no win in one
    bot = opponent("hard")
    for _ in range(2):
        state.push(bot.choose(state))
    assert state.result() is not None and state.result().winner == 0


def test_hard_plans_the_turn_and_follows_its_plan():
    bot = opponent("hard", seed=1)
    decisions = [0]

    def note(s, p, move, breached):
        decisions[0] += p == 0

    play(new_game("russian-bank", seed=11), [bot, opponent("greedy")], note)
    assert 0 < bot.searches < decisions[0] / 2, (bot.searches, decisions[0])


def _position_key(s):
    piles = s.piles()
    houses = tuple(sorted(tuple(c.code for c, _ in piles[f"house{i}"]) for i in range(8)))
    rest = tuple(
        (len(cards), sum(up for _, up in cards))
        for name, cards in piles.items()
        if not name.startswith("house")
    )
    return houses, rest


def test_hard_never_moves_cards_back_and_forth():
    """Within one turn Hard never comes back to a position it has been in."""
    for seed in range(3):
        seen = set()

        def check(s, p, move, breached, seen=seen, seed=seed):
            if p != 0:
                seen.clear()
            elif s.current_player == 0:
                key = _position_key(s)
                assert key not in seen, f"deal {500 + seed}: {move} brings a position back"
                seen.add(key)

        play(
            new_game("russian-bank", seed=500 + seed), [opponent("hard"), opponent("greedy")], check
        )


def test_start_leaves_the_callers_state_alone():
    state = new_game("russian-bank", seed=3)
    for _ in range(5):
        state.push(state.legal_moves()[0])
    before = state.to_dict()
    job = opponent("hard").start(state)
    while job.think(1.0) is None:
        pass
    assert state.to_dict() == before
    assert job.move in state.legal_moves()


def test_sliced_thinking_decides_as_the_blocking_call_does():
    for seed in range(4):
        state = new_game("russian-bank", seed=600 + seed)
        for _ in range(40):  # somewhere into the game
            if state.is_over():
                break
            state.push(opponent("greedy").choose(state))
        blocking = opponent("hard").choose(state)
        job = opponent("hard").start(state)
        calls = 0
        while job.think(0.0) is None:
            calls += 1
        assert job.move == blocking
        assert job.done and job.think(5.0) == blocking


def test_think_keeps_to_its_budget():
    """Each think(3) call returns within the budget plus a small margin, and a real search is
    spread over several calls. (The margin is checked on the CPU time of the call, which a busy
    machine's other processes do not stretch.)"""
    cpu, sliced = think_slices(
        [opponent("hard"), opponent("oracle")],
        [new_game("russian-bank", seed=700 + seed) for seed in range(2)],
        400,
    )
    assert sliced > 10, "no decision needed more than one slice"
    assert statistics.median(cpu) <= 3.0 + 1.0
    cpu.sort()
    assert cpu[int(0.99 * len(cpu))] <= 3.0 + 5.0, cpu[-20:]


def test_a_finished_game_has_no_move_to_choose():
    state = position({"reserve0": ["4D0"], "house0": ["5S0"]}, fits=("D0",))
    state.push(state.legal_moves()[0])
    with pytest.raises(ValueError):
        opponent("hard").choose(state)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        opponent("grandmaster")


def test_pass_when_nothing_else_is_possible():
    """A player with nothing in hand or waste and no move passes (every level)."""
    state = position(
        {
            "reserve0": ["9D0", "KS0"],
            "house0": ["KH0"],
            "house1": ["KD0"],
            "house2": ["KC0"],
            "house3": ["KS1"],
            "house4": ["KH1"],
            "house5": ["KC1"],
            "house6": ["KD1"],
            "house7": ["2H1"],
            "reserve1": ["7C1"],
        }
    )
    legal = state.legal_moves()
    assert legal == [PASS], legal
    for level in LEVELS:
        assert opponent(level).choose(state) == PASS


def _record(state, bots, stop_after=None):
    """Play on, recording (player, move, breached, Stop! called); stop after ``stop_after``
    moves."""
    log = []
    while not state.is_over() and (stop_after is None or len(log) < stop_after):
        p = state.current_player
        move = bots[p].choose(state)
        breached = move not in state.legal_moves()
        if breached:
            state.push(move, breach=True)
        else:
            state.push(move)
        called = breached and bots[1 - p].calls_stop(state)
        if called:
            state.call_stop()
        log.append((p, str(move), breached, called))
        assert len(log) < MAX_MOVES
    return log


@pytest.mark.parametrize("level", ["easy", "medium", "random"])
def test_a_deal_played_the_same_way_is_played_the_same_by_the_computer(level):
    """Deal # gives the same game: the same player moves meet the same computer moves, slips
    and Stop! calls (the levels' randomness is drawn from the position)."""
    games = [
        _record(new_game("russian-bank", seed=31), [opponent(level), opponent("greedy")])
        for _ in range(2)
    ]
    assert games[0] == games[1]
    assert any(breached for _, _, breached, _ in games[0]) or level == "random"
    other_seed = _record(
        new_game("russian-bank", seed=31), [opponent(level, seed=9), opponent("greedy")]
    )
    assert other_seed != games[0], "the seed should change the computer's choices"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_game_resumed_with_a_new_computer_player_goes_on_as_before(level):
    """A reload makes a new opponent object; the rest of the game is what it would have been."""
    whole = _record(new_game("russian-bank", seed=32), [opponent("greedy"), opponent(level)])
    mid_turn = [i for i in range(1, len(whole)) if whole[i - 1][0] == whole[i][0] == 1]
    turn_start = [i for i in range(1, len(whole)) if whole[i - 1][0] == 0 and whole[i][0] == 1]
    assert len(mid_turn) > 10 and len(turn_start) > 10
    for cut in mid_turn[3], mid_turn[len(mid_turn) // 2], turn_start[len(turn_start) // 2]:
        state = new_game("russian-bank", seed=32)
        bots = [opponent("greedy"), opponent(level)]
        first = _record(state, bots, stop_after=cut)
        rest = _record(state.copy(), [opponent("greedy"), opponent(level)])
        assert first + rest == whole, f"{level} played differently after move {cut}"
