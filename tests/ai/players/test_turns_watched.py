"""The computer's turn as a person at the table sees it (issue 26 items 2 and 7): Easy and
Medium break a priority now and then where a watchful person can catch it, and the person's
Stop! call on it through the session is right; Hard moves no card between houses for nothing.
Everything here is seeded and counted in moves and positions, never timed."""

from game.ai.players.russian_bank import evident, opponent
from game.ai.players.russian_bank.model import TURN, Model
from game.ai.players.russian_bank.planner import HARD, Evaluator, TurnSearch
from game.ai.race.search import unseen_faces
from game.core import new_game
from game.session import Session
from tests.support.ai_positions import position
from tests.support.positions import run_to_the_end

DEALS = (11, 12, 13)
FIRST_TURNS = 6  # Easy's turns watched per deal


def _person_move(session, helper):
    """The person plays as Greedy would (legal moves only) and never calls wrongly."""
    session.play(helper.choose(session.state))
    while session.follow_up():
        pass


def test_easy_breaks_a_priority_a_watchful_person_catches_within_its_first_turns():
    """On fixed deals, in Easy's first turns, Easy breaks a priority where it shows, and the
    person's Stop! call on it (Session.call_stop) is right: the move is taken back, the
    compulsory move played, and the turn comes to the person."""
    for seed in DEALS:
        s = Session.new("russian-bank", seed=seed, seats=("human", "computer:easy"))
        helper = opponent("greedy")
        caught = None
        for _ in range(2000):
            if s.is_over() or s.state.turn >= 2 * FIRST_TURNS:
                break
            if s.accepting():
                _person_move(s, helper)
                continue
            made = s.advance(60_000, max_moves=1)  # decides by positions, never by the clock
            assert made
            if s.state.breach is not None and s.state.breach.player == 1:
                assert evident(s.state), f"deal {seed}: a breach nobody could see"
                assert s.can_call_stop()
                call = s.call_stop()
                assert call.right, call.message
                assert s.to_move == 0 and s.accepting()
                caught = s.state.turn
                break
        assert caught is not None, f"deal {seed}: Easy broke no priority in {FIRST_TURNS} turns"


def _watch(level, seeds=range(20, 26), mode="stop"):
    """Turns of ``level`` against Greedy that never calls, and the turns with a breach a
    watchful person could catch (every breach the level makes is one)."""
    turns, caught, breaches = set(), set(), 0
    for i, seed in enumerate(seeds):
        state = new_game("russian-bank", seed=seed, mode=mode)
        me = i % 2
        bots = {me: opponent(level, seed=seed), 1 - me: opponent("greedy")}
        while not state.is_over():
            p = state.current_player
            move = bots[p].choose(state)
            if p == me:
                turns.add((seed, state.turn))
            if move in state.legal_moves():
                state.push(move)
            else:
                assert p == me and level in ("easy", "medium")
                state.push(move, breach=True)
                breaches += 1
                assert evident(state), f"{level} made a breach nobody could see: {move}"
                caught.add((seed, state.turn))
    return len(turns), len(caught), breaches


def test_how_often_each_level_breaks_a_priority_for_you_to_catch():
    """Easy: a catchable breach in at least one turn in three; Medium: now and then, less
    often; Hard never; nobody in strict mode."""
    easy_turns, easy_caught, _ = _watch("easy")
    medium_turns, medium_caught, _ = _watch("medium")
    hard_turns, hard_caught, hard_breaches = _watch("hard", seeds=range(20, 22))
    assert easy_caught / easy_turns >= 1 / 3, (easy_caught, easy_turns)
    assert 0 < medium_caught / medium_turns < easy_caught / easy_turns
    assert hard_breaches == 0
    assert _watch("easy", seeds=range(20, 22), mode="strict")[2] == 0


def _search(state):
    model = Model.from_state(state)
    search = TurnSearch(model, Evaluator(HARD, unseen_faces(state, state.current_player)), 400)
    return search


def test_a_house_move_that_changes_nothing_for_the_line_is_dropped():
    """The 8H moves from the 9S onto the 9C: the house tops want the same cards before and
    after, so turning the hand card is worth the same without it."""
    state = position(
        {
            "house0": ["9S0", "8H0"],
            "house1": ["9C0"],
            "house2": ["KS1"],
            "house3": ["KH1"],
            "house4": ["KD1"],
            "house5": ["KC1"],
            "house6": ["QS1"],
            "house7": ["QH1"],
            "reserve0": ["JD0"],
            "hand0": ["4D0", "3S0"],
            "reserve1": ["TD1"],
        }
    )
    search = _search(state)
    line = [(0, 1), TURN]
    assert search.line_value(line) is not None
    assert search.line_value(line) == search.line_value([TURN])
    assert run_to_the_end(search.prune(line)) == [TURN]
    assert search.pruned == 1


def test_every_house_move_hard_plans_is_needed():
    """On positions of real games, each house-to-house move of Hard's planned line is needed:
    without it (or with its card going straight to where it goes next) the rest of the line
    is refused or ends worse."""
    checked = 0
    for seed in (31, 32):
        state = new_game("russian-bank", seed=seed)
        bots = [opponent("hard", seed=1), opponent("hard", seed=2)]
        while not state.is_over() and checked < 40:
            if len(state.legal_moves()) > 1:
                search = _search(state)
                run_to_the_end(search.run())
                line = search.plan
                value = search.line_value(line)
                for i, (s, t) in enumerate(line):
                    if s < 8 and t < 8:
                        v = search.line_value(line[:i] + line[i + 1 :])
                        assert v is None or v < value - 1e-9, (seed, line, i)
                        checked += 1
            state.push(bots[state.current_player].choose(state))
    assert checked >= 10
