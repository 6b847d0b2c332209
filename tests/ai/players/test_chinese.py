"""The Chinese Patience computer players as a player meets them: only legal moves (or, at Easy
and Medium with "knock" priorities, a deliberate slip), games that end for 2, 3 and 4 players
and every option, right knocks, and never a look at a hidden card: each level's choice is the
same whatever the hidden cards are."""

import random
import time

import pytest

from game.ai.players import computer_player, levels
from game.ai.players.chinese_patience import LEVELS, Bot, player
from game.ai.players.chinese_patience.model import Model, core_move
from game.core import Move, from_dict, new_game
from tests.support.calls_and_slices import calls_on_a_sloppy_player
from tests.support.positions import covering

CP = "chinese-patience"
# option sets chosen for how the options work together, then any choice of any option they
# leave out, from the game's description (covering: a new option is played at once)
OPTIONS = covering(
    CP,
    [
        {},
        {"players": 3},
        {"players": 4, "priorities": "knock"},
        {"players": 2, "priorities": "free", "equal_rank_loading": True},
        {"players": 3, "priorities": "knock", "play_for_places": True},
    ],
)
MAX_MOVES = 5000


def play(state, bots, on_move=None):
    """Play to the end, checking every move; the other seats are asked to knock, from the
    offender's left. Returns the number of moves."""
    moves = 0
    n = state.player_count
    while not state.is_over():
        p = state.current_player
        bot = bots[p]
        move = bot.choose(state)
        breached = move not in state.legal_moves()
        if breached:
            assert state.options["priorities"] == "knock", f"{bot} played {move}"
            assert bot.level in ("easy", "medium"), f"{bot} broke a priority: {move}"
            assert move in state.breach_moves(), f"{bot} played an illegal move {move}"
            state.push(move, breach=True)
            for step in range(1, n):
                q = (p + step) % n
                if state.breach is not None and bots[q].calls_stop(state):
                    assert state.call_stop().right
                    break
        else:
            state.push(move)
        if on_move:
            on_move(state, p, move, breached)
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
    return moves


def test_the_levels_offered_and_the_hidden_ones():
    assert levels(CP) == ("easy", "medium", "hard")
    for level in LEVELS:
        assert computer_player(CP, level).level == level
    with pytest.raises(ValueError):
        player("expert")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally_with_every_option(level):
    others = ["greedy", "hard", "random", "medium", "easy"]
    for i, options in enumerate(OPTIONS):
        state = new_game(CP, seed=100 + i, **options)
        n = state.player_count
        bots = [player(others[(i + q) % 5], seed=q) for q in range(n)]
        bots[i % n] = player(level, seed=i)
        play(state, bots)
        assert state.result().status in ("won", "stalemate")


# ------------------------------------------------------------------ never a hidden card
def scramble(state, rng):
    """The same table with the hidden cards shuffled among the hidden places: every stock's
    face-down cards and every waste's cards under its top."""
    twin = state.copy(history=False)
    slots = []
    for pile in twin.pile_list:
        if pile.kind == "stock":
            slots += [(pile, i) for i in range(pile.down)]
        elif pile.kind == "waste":
            slots += [(pile, i) for i in range(len(pile.cards) - 1)]
    cards = [pile.cards[i] for pile, i in slots]
    rng.shuffle(cards)
    for (pile, i), card in zip(slots, cards):
        pile.cards[i] = card
    return twin


def positions(count, rng):
    """Positions from real games at every stage, for every option."""
    out = []
    for i in range(count):
        options = OPTIONS[i % len(OPTIONS)]
        state = new_game(CP, seed=500 + i, **options)
        for _ in range(rng.randrange(0, 160)):
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
        if not state.is_over():
            out.append(state)
    return out


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "oracle"])
def test_no_level_ever_uses_a_card_it_could_not_see(level):
    rng = random.Random(level)
    for state in positions(14, rng):
        chosen = Bot(level, seed=3).choose(state)
        for _ in range(3):
            twin = scramble(state, rng)
            assert twin.piles() != state.piles() or state.pile["stock0"].down < 2
            assert Bot(level, seed=3).choose(twin) == chosen
            assert Bot(level, seed=3).calls_stop(twin) == Bot(level, seed=3).calls_stop(state)


def test_the_model_sees_only_the_table():
    state = positions(3, random.Random(4))[-1]
    m = Model.from_state(state)
    hidden = scramble(state, random.Random(1))
    assert Model.from_state(hidden).key() == m.key()
    seen = m.visible()
    for pile in state.pile_list:
        if pile.kind in ("stock", "waste"):
            below = pile.cards[: pile.down] if pile.kind == "stock" else pile.cards[:-1]
            assert not any(c.key in seen for c in below)


def test_the_oracle_does_read_its_own_stock():
    state = new_game(CP, seed=9)
    oracle = Model.from_state(state, oracle=True)
    assert oracle.slist == [c.key for c in state.pile[f"stock{state.current_player}"].cards]


def test_the_models_moves_are_the_cores_legal_moves():
    rng = random.Random(7)
    for state in positions(40, rng):
        p = state.current_player
        model = Model.from_state(state)
        mine = {core_move(m, state, p) for m in model.moves()}
        legal = set(state.legal_moves())
        assert mine <= legal
        # the core offers every empty column and foundation; the model one of them
        assert {m for m in legal if state.pile[m.target].cards or m.source == m.target} <= mine
        for kind in ("tableau", "foundation"):
            to_empty = {
                m.source
                for m in legal
                if m.target.startswith(kind) and not state.pile[m.target].cards
            }
            assert to_empty == {
                m.source
                for m in mine
                if m.target.startswith(kind) and not state.pile[m.target].cards
            }


# ------------------------------------------------------------------ knocks and slips
def test_knocks_are_right_and_hard_never_misses_one():
    calls = {level: [0, 0] for level in ("easy", "medium", "hard")}
    for level in calls:
        calls[level] = calls_on_a_sloppy_player(
            player(level, seed=5),
            player("greedy"),
            [new_game(CP, seed=400 + seed, priorities="knock") for seed in range(3)],
            600,
            random.Random(level),
            f"{level} knocked",
        )
    assert calls["hard"][1] > 10 and calls["hard"][0] == calls["hard"][1]
    for level in ("easy", "medium"):
        called, breaches = calls[level]
        assert 0 < called < breaches, f"{level} knocked {called} times of {breaches}"


def _slips(level, options, seed):
    count = [0]

    def note(state, p, move, breached):
        count[0] += p == 0 and breached

    play(new_game(CP, seed=300 + seed, **options), [player(level, seed=seed), player("hard")], note)
    return count[0]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_slip_now_and_then_with_knocks_never_otherwise(level):
    assert sum(_slips(level, {}, seed) for seed in range(2)) == 0
    games = next((n for n in range(12) if _slips(level, {"priorities": "knock"}, n)), None)
    assert games is not None, f"{level} never slipped"


# ------------------------------------------------------------------ thinking
def test_hard_takes_the_win_when_it_is_there():
    state = new_game(CP, seed=1)
    piles = {name: [(c.code) for c, _ in cards] for name, cards in state.piles().items()}
    data = state.to_dict()
    p = state.current_player
    # the player on turn holds one card, the Ace of its waste; the rest elsewhere
    every = [c for cards in piles.values() for c in cards]
    ace = next(c for c in every if c.startswith("AS"))
    rest = [c for c in every if c != ace]
    layout = {name: [] for name in piles}
    layout[f"waste{p}"] = [ace]
    layout[f"stock{1 - p}"] = rest[:40]
    for i in range(4):
        layout[f"tableau{i}"] = rest[40 + 3 * i : 43 + 3 * i]
    data["start"] = {
        "piles": layout,
        "down": {f"stock{1 - p}": 40},
        "vars": {"current_player": p, "dealer": 1 - p},
    }
    data["moves"] = []
    position = from_dict(data)
    assert Bot("hard").choose(position).target.startswith("foundation")


def test_thinking_in_slices_keeps_to_its_budget_and_decides_the_same():
    rng = random.Random(11)
    longest = 0.0
    for state in positions(12, rng):
        blocking = Bot("hard", seed=2).choose(state)
        job = Bot("hard", seed=2).start(state)
        while True:
            t = time.thread_time()  # CPU time: a busy machine's other processes don't count
            move = job.think(2.0)
            longest = max(longest, (time.thread_time() - t) * 1000)
            if job.done:
                break
        assert move == blocking
    assert longest < 60  # a slice overruns its budget by at most a few moves tried


def test_a_plan_is_followed_only_on_the_table_it_expected():
    state = new_game(CP, seed=21)
    bot = Bot("hard", seed=1)
    for _ in range(60):
        if state.is_over():
            break
        move = bot.choose(state)
        assert move in state.legal_moves()
        state.push(move)


def test_the_same_position_gets_the_same_choice():
    for state in positions(6, random.Random(3)):
        for level in ("easy", "random", "medium", "hard"):
            assert Bot(level, seed=4).choose(state) == Bot(level, seed=4).choose(state)
            assert isinstance(Bot(level, seed=4).choose(state), Move)


def test_easy_slips_where_a_watchful_player_can_knock_in_about_one_turn_in_three():
    """Issue 26 item 7 for Chinese Patience: with "knock" priorities Easy breaks a priority in
    about a third of its turns, always with its turn going on (a breach that ended the turn
    would leave nothing to see); Medium in about one turn in eleven; Hard never. (The same
    measure, over more games: ./build.sh bench ai --game chinese-patience.)"""
    from testbed.slips import watch_slips

    share = {}
    for level in ("easy", "medium", "hard"):
        w = watch_slips(level, games=6)
        assert w["slips_that_ended_the_turn"] == 0, level
        share[level] = w["turns_with_a_slip"]
    assert share["easy"] >= 0.25 and 0.03 <= share["medium"] <= 0.2 and share["hard"] == 0, share
