"""The saved files stay byte for byte what they were: each kind of record, written through the
public API, is compared with the exact text the code wrote before the storage was split by job
(issue 45). A change here is a change of every player's saves: it needs a format and a
migration (game/storage/formats.py), never an edit of these literals."""

from __future__ import annotations

import json

import pytest

from game.core import Match, new_game
from game.storage import FORMATS, Kind, MemoryStore, Saves

CANFIELD_STATE = (
    '{"format":1,"game":"canfield","seed":1,"options":{},"start":{"piles":{"stock":["AH0","KD0",'
    '"AS0","7D0","3D0","6D0","6H0","8H0","8D0","3C0","5S0","4C0","2D0","6S0","KH0","TD0","7S0",'
    '"6C0","8S0","JD0","4H0","5C0","QC0","TH0","QS0","2H0","5D0","9D0","AD0","2C0","QD0","JH0",'
    '"TS0","7H0"],"waste":[],"foundation0":["TC0"],"foundation1":[],"foundation2":[],'
    '"foundation3":[],"tableau0":["3S0"],"tableau1":["2S0"],"tableau2":["JS0"],"tableau3":'
    '["9C0"],"reserve":["JC0","3H0","9S0","7C0","4D0","4S0","AC0","QH0","5H0","KC0","8C0","KS0",'
    '"9H0"]},"down":{"stock":34,"reserve":12},"vars":{"base":10}},"moves":["s-wx3"]}'
)

WRITTEN = {
    "parlour/game/canfield": (
        '{"format":1,"data":{"state":' + CANFIELD_STATE + ',"redo":[],"elapsed":12.5}}'
    ),
    "parlour/stats/canfield": (
        '{"format":2,"data":{"played":2,"won":1,"streak":1,"best_streak":1,"assisted":1,'
        '"won_with_help":0,"best_time":300.25,"fewest_moves":140}}'
    ),
    "parlour/match/russian-bank": (
        '{"format":1,"data":{"target":300,"scores":[0,0],"games":0,'
        '"seats":["human","computer:hard"]}}'
    ),
    "parlour/settings": (
        '{"format":1,"data":{"four_colour":true,"pace":"fast","last_game":"canfield",'
        '"site":"https://caf\\u00e9.example","games":{"russian-bank":{"seats":["human",'
        '"computer:hard"],"match_target":300}}}}'
    ),
    "parlour/shared": (
        '{"format":1,"data":{"code":"K7Q-\\u00c9T","session":{"seats":["human","remote"],'
        '"elapsed":0.5}}}'
    ),
}

SETTINGS = {
    "four_colour": True,
    "pace": "fast",
    "last_game": "canfield",
    "site": "https://café.example",
    "games": {"russian-bank": {"seats": ["human", "computer:hard"], "match_target": 300}},
}
SHARED = {"code": "K7Q-ÉT", "session": {"seats": ["human", "remote"], "elapsed": 0.5}}


def write_every_kind(saves: Saves) -> None:
    """A game, its statistics (a win and a game played with help), a match with its seats, the
    settings and the shared table kept, as the client writes them."""
    state = new_game("canfield", seed=1)
    state.push(state.legal_moves()[0])
    saves.save_game("canfield", {"state": state.to_dict(), "redo": [], "elapsed": 12.5})
    saves.record_result("canfield", won=True, moves=140, seconds=300.25)
    saves.record_result("canfield", won=False, moves=20, seconds=31.0, assisted=True)
    seats = {"seats": ["human", "computer:hard"]}
    saves.save_match(Match(300, players=2).to_dict() | seats, "russian-bank")
    saves.save_settings(SETTINGS)
    saves.save_shared(SHARED)


def test_every_kind_of_record_is_written_as_before():
    store = MemoryStore()
    saves = Saves(store)
    write_every_kind(saves)
    assert store.data == WRITTEN
    assert saves.notices == []


def test_the_texts_written_read_back_as_what_was_saved():
    store = MemoryStore()
    store.data.update(WRITTEN)
    saves = Saves(store)
    assert saves.load_game("canfield")["state"] == json.loads(CANFIELD_STATE)
    stats = saves.stats("canfield")
    assert (stats["won"], stats["assisted"], stats["best_time"]) == (1, 1, 300.25)
    assert saves.match("russian-bank")["seats"] == ["human", "computer:hard"]
    assert saves.settings() == SETTINGS and saves.load_shared() == SHARED
    assert saves.notices == [] and store.data == WRITTEN


@pytest.mark.parametrize("key", sorted(WRITTEN))
def test_a_damaged_record_is_kept_aside_as_the_very_text(key):
    """The room kept aside for an unusable record holds exactly what was stored."""
    store = MemoryStore()
    damaged = WRITTEN[key][:-1]  # cut short: not JSON
    store.set(key, damaged)
    saves = Saves(store)
    write_every_kind(saves)
    aside = "parlour.aside/" + key.removeprefix("parlour/")
    assert store.get(aside) == damaged
    assert {k: v for k, v in store.data.items() if k != aside} == WRITTEN
    assert len(saves.notices) == 1 and "kept aside" in saves.notices[0]


def test_the_kinds_are_the_words_of_the_keys_and_each_has_a_format():
    assert [str(kind) for kind in Kind] == ["game", "stats", "match", "settings", "shared"]
    assert set(FORMATS) == set(Kind)
    assert FORMATS == {"game": 1, "stats": 2, "match": 1, "settings": 1, "shared": 1}
