"""The rules core's words are StrEnums (never free strings), and each member is exactly the text
saves, messages and the other floors carry: a save written before the words became enums reads
the same, and a save written now holds the same text."""

import json
import random

from game.core import GAMES, Result, from_dict, info, new_game
from game.core.calls import CallCost
from game.core.games.chinese_patience.moves import Priority as KnockPriority
from game.core.games.chinese_patience.table import Priorities
from game.core.games.little_harp import Redeals
from game.core.games.russian_bank import Mode, WrongCall
from game.core.games.russian_bank import Priority as StopPriority
from game.core.info import TableKind
from game.core.kinds import PileKind, split_pile_name
from game.core.moves import Special
from game.core.result import Status


def values(enum) -> list[str]:
    return [member.value for member in enum]


def test_each_enum_holds_exactly_the_texts_saves_and_messages_carry():
    assert values(PileKind) == [
        "tableau",
        "stock",
        "waste",
        "foundation",
        "cell",
        "reserve",
        "house",
        "hand",
        "pile",
    ]
    assert values(Status) == ["won", "stuck", "stalemate"]
    assert values(TableKind) == ["solitaire", "duel", "round"]
    assert values(CallCost) == ["", "turn", "next turn"]
    assert values(Special) == ["pass", "stop"]
    assert values(Priorities) == ["standard", "free", "knock"]
    assert values(Mode) == ["stop", "strict"]
    assert values(WrongCall) == ["turn", "free"]
    assert values(Redeals) == ["unlimited"]
    assert values(StopPriority) == ["a", "b", "c"]
    assert values(KnockPriority) == ["1", "2", "3", "4", "5"]


def test_a_member_is_its_text_for_comparisons_dicts_and_json():
    assert Status.WON == "won" and hash(Status.WON) == hash("won")
    assert {"stuck": 1}[Status.STUCK] == 1
    assert json.dumps([Status.STALEMATE, PileKind.HOUSE, Priorities.KNOCK]) == (
        '["stalemate", "house", "knock"]'
    )
    assert f"{Mode.STRICT}" == "strict" and str(WrongCall.FREE) == "free"


def test_every_pile_of_every_game_is_named_by_a_kind():
    for game_id in GAMES:
        state = new_game(game_id, 1)
        for pile in state.pile_list:
            kind, _number = split_pile_name(pile.name)
            assert isinstance(kind, PileKind)
            assert pile.name.startswith(kind)


def test_the_words_among_a_games_options_are_its_enums_and_saves_keep_their_text():
    worded = {
        ("chinese-patience", "priorities"): Priorities,
        ("russian-bank", "mode"): Mode,
        ("russian-bank", "wrong_call"): WrongCall,
        ("little-harp", "redeals"): Redeals,
    }
    for (game_id, name), enum in worded.items():
        option = info(game_id).option(name)
        words = [c for c in option.choices if isinstance(c, str)]
        assert words == list(enum)
        for word in enum:
            state = new_game(game_id, 3, **{name: word.value})  # the text, as a save has it
            assert state.options[name] is word
            saved = json.loads(json.dumps(state.to_dict()))
            assert saved["options"][name] == word.value
            assert type(saved["options"][name]) is str
            assert from_dict(saved).options[name] is word


def test_an_ended_games_saved_outcome_is_text_and_reads_back_as_its_status():
    for game_id in ("russian-bank", "chinese-patience", "battle-solitaire"):
        state = new_game(game_id, 5)
        rng = random.Random(5)
        while not state.is_over():
            state.push(rng.choice(state.legal_moves()))
        result = state.result()
        assert isinstance(result, Result) and isinstance(result.status, Status)
        ended = state.copy(history=False)  # a save that starts at the end: its vars hold it
        saved = json.loads(json.dumps(ended.to_dict()))
        outcome = saved["start"]["vars"]["outcome"]
        assert outcome[0] == result.status.value and type(outcome[0]) is str
        again = from_dict(saved)
        assert again.result() == result and again.result().status is result.status
        assert again.to_dict() == saved
