"""Bad input never crashes: malformed saves raise ValueError with a reason; nonsense moves raise
IllegalMove (a ValueError) and leave the state as it was."""

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import GAMES, PASS, STOP, IllegalMove, Move, from_dict, new_game


def saved(game_id="forty-thieves", moves=12):
    state = new_game(game_id, seed=9)
    for _ in range(moves):
        if not state.legal_moves():
            break
        state.push(state.legal_moves()[-1])
    return state.to_dict()


def broken(change, game_id="forty-thieves"):
    data = copy.deepcopy(saved(game_id))
    replaced = change(data)  # a change may return a whole new value instead
    return data if replaced is None else replaced


CASES = {
    "not an object": lambda d: [d],
    "unknown format version": lambda d: d.update(format=99),
    "no format": lambda d: d.pop("format"),
    "unknown game": lambda d: d.update(game="klondike"),
    "game not text": lambda d: d.update(game=["forty-thieves"]),
    "unknown option": lambda d: d["options"].update(jokers=True),
    "option of the wrong type": lambda d: d["options"].update(supermove="yes"),
    "options not an object": lambda d: d.update(options=[1]),
    "negative deal number": lambda d: d.update(seed=-1),
    "deal number as text": lambda d: d.update(seed="7"),
    "no start position": lambda d: d.pop("start"),
    "start not an object": lambda d: d.update(start=[]),
    "missing pile": lambda d: d["start"]["piles"].pop("tableau3"),
    "unknown pile": lambda d: d["start"]["piles"].update(tableau10=[]),
    "pile not a list": lambda d: d["start"]["piles"].update(waste="KS0"),
    "card of the wrong type": lambda d: d["start"]["piles"]["tableau0"].append(7),
    "card that doesn't exist": lambda d: d["start"]["piles"]["tableau0"].append("ZZ0"),
    "card without its pack": lambda d: d["start"]["piles"]["tableau0"].__setitem__(0, "AS"),
    "duplicated card": lambda d: d["start"]["piles"]["tableau0"].append(
        d["start"]["piles"]["tableau1"][0]
    ),
    "missing card": lambda d: d["start"]["piles"]["tableau0"].pop(),
    "face-down count too big": lambda d: d["start"]["down"].update(stock=500),
    "face-down count as bool": lambda d: d["start"]["down"].update(tableau0=True),
    "stock face up": lambda d: d["start"]["down"].update(stock=3),
    "foundation out of order": lambda d: d["start"]["piles"].update(
        foundation0=[d["start"]["piles"]["tableau0"].pop()]
    ),
    "unknown variable": lambda d: d["start"]["vars"].update(score=3),
    "moves not a list": lambda d: d.update(moves="t0-f0"),
    "move not text": lambda d: d["moves"].append(3),
    "move that is no move": lambda d: d["moves"].append("t0-"),
    "illegal move": lambda d: d["moves"].append("f0-t0"),
    "priority breach in a solitaire": lambda d: d["moves"].append("s-w!"),
}


@pytest.mark.parametrize("case", CASES)
def test_malformed_saves_raise_a_clear_value_error(case):
    data = broken(CASES[case])
    with pytest.raises(ValueError) as e:
        from_dict(data)
    assert type(e.value) in (ValueError, IllegalMove) and str(e.value)


RB_CASES = {
    "current player 2": lambda d: d["start"]["vars"].update(current_player=2),
    "seen as text": lambda d: d["start"]["vars"].update(seen="abc"),
    "outcome malformed": lambda d: d["start"]["vars"].update(outcome=["won"]),
    "reserve top face down": lambda d: d["start"]["down"].update(
        reserve0=len(d["start"]["piles"]["reserve0"])
    ),
    "stop without a breach, calls free": lambda d: (
        (d["options"].update(wrong_call="free"), d["moves"].append("stop")) and None
    ),
    "stop before any move": lambda d: d.update(moves=["stop"]),
    "breach that breaks nothing": lambda d: d["moves"].append(
        from_dict(d).legal_moves()[0].__str__() + "!"
    ),
    "reserve size of 14": lambda d: d["options"].update(reserve_size=14),
    "mode unknown": lambda d: d["options"].update(mode="lenient"),
}


@pytest.mark.parametrize("case", RB_CASES)
def test_malformed_russian_bank_saves_raise_a_clear_value_error(case):
    with pytest.raises(ValueError):
        from_dict(broken(RB_CASES[case], "russian-bank"))


def test_protected_flag_on_an_impossible_column_is_refused():
    def change(d):
        d["start"]["vars"]["protected"] = [True] * 10

    with pytest.raises(ValueError, match="protected"):
        from_dict(broken(change, "indian-patience"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            yield from paths(v, prefix + (i,))


@given(game_id=st.sampled_from(GAMES), data=st.data(), value=json_values)
def test_fuzzed_saves_either_load_or_raise_value_error(game_id, data, value):
    d = saved(game_id, moves=6)
    where = data.draw(st.sampled_from(list(paths(d))))
    if not where:
        d = value
    else:
        node = d
        for step in where[:-1]:
            node = node[step]
        if data.draw(st.booleans()) and isinstance(node, dict):
            del node[where[-1]]
        else:
            node[where[-1]] = value
    try:
        state = from_dict(json.loads(json.dumps(d)))
    except ValueError:
        return
    assert sum(len(p) for p in state.piles().values()) == len(state.CARDS)
    state.legal_moves()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "nonsense",
    [
        None,
        5,
        "",
        "t99-f0",
        "x-y",
        "t0-t0",
        "s-f0",
        "w-w",
        "t0-t1x0",
        "d0-d0x-2",
        ("tableau0", "tableau1", 1),
        Move("tableau0", "tableau1", 10**9),
        Move("hand0", "hand0", 5),
        Move("hand0", "waste0", 2),
        Move("reserve7", "house0"),
        Move("house0", "nowhere"),
    ],
)
def test_nonsense_moves_are_refused_and_change_nothing(game_id, nonsense):
    state = new_game(game_id, seed=3)
    before = state.to_dict()
    with pytest.raises(IllegalMove) as e:
        state.push(nonsense)
    assert str(e.value).endswith(".") and str(e.value)[0].isupper()
    assert state.to_dict() == before


@pytest.mark.parametrize("count", [None, "2", 1.0, 2.5, True, False, 0, -1, 1j])
def test_a_move_whose_count_is_not_a_whole_number_from_1_is_refused_when_made(count):
    with pytest.raises(ValueError, match="count is how many cards move") as e:
        Move("tableau0", "tableau1", count)
    assert type(e.value) is ValueError
    with pytest.raises(ValueError, match="count"):
        Move("tableau0", "tableau1")._replace(count=count)
    with pytest.raises(ValueError, match="count"):
        Move._make(("tableau0", "tableau1", count))


@pytest.mark.parametrize(
    "args",
    [
        ("pass", "pass"),
        ("pass", "pass", 1),
        ("stop", "house0", 0),
        ("house0", "stop", 0),
        ("pass", "stop", 0),
    ],
)
def test_pass_and_stop_are_the_only_moves_with_count_0(args):
    with pytest.raises(ValueError, match="moves no cards"):
        Move(*args)
    assert PASS == Move("pass", "pass", 0) and STOP == Move("stop", "stop", 0)
    assert PASS.count == STOP.count == 0 and Move.parse("pass") == PASS and str(STOP) == "stop"


@pytest.mark.parametrize("args", [(None, "tableau0"), ("tableau0", 3), (b"t0", "t1")])
def test_a_move_names_its_piles_in_text(args):
    with pytest.raises(ValueError, match="pile names"):
        Move(*args)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("move", [PASS, STOP, "pass", "stop"])
def test_a_pass_or_a_call_in_a_game_without_them_is_refused_in_words(game_id, move):
    state = new_game(game_id, seed=2)
    as_move = Move.parse(move) if isinstance(move, str) else move
    if as_move in state.legal_moves():
        return  # a game with a pass (Russian Bank with nothing left, Battle solitaire)
    with pytest.raises(IllegalMove) as e:
        state.push(move)
    assert str(e.value)[0].isupper() and str(e.value).endswith(".")
    assert "pile called" not in str(e.value)


@pytest.mark.parametrize(
    "args",
    [
        ("klondike", 1),
        ("forty-thieves", -1),
        ("forty-thieves", True),
        ("forty-thieves", "7"),
        (None, 1),
    ],
)
def test_new_game_refuses_bad_arguments(args):
    with pytest.raises(ValueError):
        new_game(*args)


def test_new_game_refuses_unknown_options():
    with pytest.raises(ValueError, match="unknown option 'jokers'"):
        new_game("indian-patience", seed=1, jokers=True)
    with pytest.raises(ValueError):
        new_game("forty-thieves", seed=1, supermove=1)


def test_pop_with_no_moves_says_so():
    with pytest.raises(IndexError, match="no move"):
        new_game("forty-thieves", seed=1).pop()


def forged(*fields):
    """A Move made without its constructor's checks (as a bug or a hand-made object could)."""
    return tuple.__new__(Move, fields)


def offered(state):
    """Every move the game offers now, with or without ``breach=True``."""
    return state.legal_moves() + state.breach_moves()


def forgeries(state):
    """For each offered move, look-alikes with a count, a pile or a shape the game doesn't
    have; none of them is an offered move by value (the same texts and the same whole count)."""
    out = []
    for m in offered(state)[:6]:
        for count in (True, False, 1.0, None, "1", 0, -1, 10**9, 1j):
            out.append(forged(m.source, m.target, count))
        out += [
            forged(m.source, "nowhere", 1),
            forged(None, m.target, 1),
            forged(m.source.encode(), m.target, m.count),
            forged(m.source, m.target),
            forged(m.source, m.target, m.count, 1),
            forged(),
        ]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_push_accepts_exactly_the_offered_moves_whatever_object_it_is_handed(game_id):
    """Issue 25 item 6: push compares by value, not by Move's constructor having checked the
    move: a look-alike Move with a count or pile the game doesn't have is refused in words and
    changes nothing; one equal in value to an offered move is that move."""
    for seed in (3, 11):
        state = new_game(game_id, seed=seed)
        for _ in range(8):  # a few positions into the game
            moves = state.legal_moves()
            if not moves:
                break
            before = state.to_dict()
            for fake in forgeries(state):
                assert not state.is_legal(fake), (fake,)
                assert state.why_illegal(fake)[0].isupper()
                for breach in (False, True):
                    with pytest.raises(IllegalMove) as e:
                        state.push(fake, breach=breach)
                    assert str(e.value)[0].isupper() and str(e.value).endswith("."), fake
                    assert state.to_dict() == before
            same = forged(*moves[0])  # equal by value to an offered move: that move
            state.push(same)
            assert type(state.peek()) is Move and state.peek() == moves[0]
            assert str(state.to_dict()["moves"][-1]) == str(moves[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_saved_breach_or_call_that_never_happened_is_refused(game_id):
    """A save is replayed by the rules (GameState._replay): a move marked "!" must have broken
    a priority, and a "stop" must be a call the game made (right, or a wrong one it records
    at a price); anything else is a damaged save, in every game."""
    data = new_game(game_id, seed=3).to_dict()
    plain = str(from_dict(data).legal_moves()[0])
    with pytest.raises(ValueError, match="broke no priority rule"):
        from_dict({**data, "moves": [plain + "!"]})
    state = from_dict({**data, "moves": [plain]})
    if not state.call_stop().right and len(state.history) == 1:  # a wrong call: not recorded
        with pytest.raises(ValueError, match="no priority rule was broken"):
            from_dict({**data, "moves": [plain, "stop"]})
