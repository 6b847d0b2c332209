"""Saved progress: round trips on every backend, migration, corrupt data, quota, atomic writes."""

import json
import math
import os
import platform
import subprocess
import sys
import textwrap

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import GAMES, Match, from_dict, info
from game.storage import (
    FORMATS,
    MIGRATIONS,
    BrowserStore,
    FileStore,
    MemoryStore,
    Saves,
    StorageError,
    StorageFull,
    data_dir,
    default_store,
)
from tests.support.fakes import BlockedWindow, FakeLocalStorage, FakeWindow, JsNull
from tests.support.stores import STORE_KINDS, make_store, played

GAME_KEY = "parlour/game/forty-thieves"
ASIDE_KEY = "parlour.aside/game/forty-thieves"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def saved_game(state, redo=(), elapsed=42.5, **extra):
    return {"state": state.to_dict(), "redo": list(redo), "elapsed": elapsed, **extra}


# ------------------------------------------------------------------------------ the stores
class TestStores:
    def test_missing_key_reads_none_and_delete_is_quiet(self, each_store):
        assert each_store.get("nothing/here") is None
        each_store.delete("nothing/here")
        assert each_store.keys() == []

    def test_set_get_overwrite_delete_keys(self, each_store):
        each_store.set("parlour/a", "1")
        each_store.set("parlour/b", "two")
        each_store.set("parlour/a", "one")
        assert each_store.get("parlour/a") == "one"
        assert sorted(each_store.keys()) == ["parlour/a", "parlour/b"]
        each_store.delete("parlour/a")
        assert each_store.get("parlour/a") is None
        assert each_store.keys() == ["parlour/b"]

    @settings(
        max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
    )
    @given(key=st.text(min_size=1, max_size=16), value=st.text(max_size=200))
    def test_any_key_and_value_round_trip(self, each_store, key, value):
        each_store.set(key, value)
        assert each_store.get(key) == value
        assert key in each_store.keys()
        each_store.delete(key)
        assert each_store.get(key) is None

    def test_file_keys_never_escape_the_folder(self, tmp_path):
        store = FileStore(tmp_path / "saves")
        for key in (
            "../../escape",
            "/etc/passwd",
            "..",
            ".hidden",
            "a/b\\c:d",
            "Aa",
            "aA",
            "%41a",
            "con",
            "\x00",
        ):
            store.set(key, "x")
            assert store.get(key) == "x"
        assert sorted(os.listdir(tmp_path)) == ["saves"]
        assert all(not n.startswith(".") for n in os.listdir(tmp_path / "saves"))
        assert sorted(store.keys()) == sorted(
            [
                "../../escape",
                "/etc/passwd",
                "..",
                ".hidden",
                "a/b\\c:d",
                "Aa",
                "aA",
                "%41a",
                "con",
                "\x00",
            ]
        )
        names = [n.lower() for n in os.listdir(tmp_path / "saves")]
        assert len(set(names)) == len(names)  # distinct even on a case-blind file system
        with pytest.raises(ValueError):
            store.set("k" * 300, "too long a key for a file name")

    def test_file_store_survives_a_new_process(self, tmp_path):
        FileStore(tmp_path / "saves").set("parlour/x", "kept")
        assert FileStore(tmp_path / "saves").get("parlour/x") == "kept"

    def test_undecodable_file_reads_as_text_not_a_crash(self, tmp_path):
        store = FileStore(tmp_path / "saves")
        store.set("k", "v")
        with open(store.path("k"), "wb") as f:
            f.write(b"\xff\xfe\x00garbage\x80")
        assert isinstance(store.get("k"), str)

    def test_memory_quota(self):
        store = MemoryStore(quota=10)
        store.set("ab", "12345678")
        with pytest.raises(StorageFull):
            store.set("c", "12345678")
        store.set("ab", "1")  # replacing a value frees its room first
        store.set("c", "12345")


class TestBrowserStore:
    """pygbag's platform.window.localStorage and Pyodide's js.localStorage, natively."""

    @pytest.mark.parametrize("null", [None, JsNull()], ids=["pygbag-None", "pyodide-jsnull"])
    def test_default_store_is_local_storage_under_emscripten(self, emscripten, null):
        ls = FakeLocalStorage(null=null)
        emscripten.setattr(platform, "window", FakeWindow(ls), raising=False)
        store = default_store()
        assert isinstance(store, BrowserStore)
        assert store.get("parlour/settings") is None
        saves = Saves()
        saves.save_settings({"sound": False})
        assert json.loads(ls.items["parlour/settings"])["data"] == {"sound": False}
        assert Saves().settings() == {"sound": False}
        assert saves.notices == []

    def test_pyodide_js_module_is_used_without_pygbag(self, emscripten):
        import types

        ls = FakeLocalStorage(null=JsNull(), style="pyodide")
        emscripten.delattr(platform, "window", raising=False)
        emscripten.setitem(sys.modules, "js", types.SimpleNamespace(localStorage=ls))
        saves = Saves()
        assert isinstance(saves.store, BrowserStore)
        state, redo = played()
        saves.save_game("forty-thieves", saved_game(state, redo))
        assert GAME_KEY in ls.items
        assert from_dict(Saves().load_game("forty-thieves")["state"]) == state

    def test_blocked_local_storage_plays_on_with_a_warning(self, emscripten):
        emscripten.setattr(platform, "window", BlockedWindow(), raising=False)
        saves = Saves()
        assert isinstance(saves.store, MemoryStore)
        assert any("blocked" in n for n in saves.notices)
        saves.save_game("forty-thieves", saved_game(played()[0]))
        assert saves.load_game("forty-thieves") is not None  # kept for this session at least

    @pytest.mark.parametrize("style", ["pygbag", "pyodide"])
    def test_quota_error_becomes_storage_full(self, style):
        store = BrowserStore(FakeLocalStorage(quota=20, style=style))
        store.set("k", "small")
        with pytest.raises(StorageFull):
            store.set("k2", "x" * 100)
        assert store.get("k") == "small"

    def test_other_js_errors_are_storage_errors(self):
        class Broken(FakeLocalStorage):
            def setItem(self, key, value):
                raise Exception("SecurityError: The operation is insecure.")

        with pytest.raises(StorageError) as info:
            BrowserStore(Broken()).set("k", "v")
        assert not isinstance(info.value, StorageFull)


def test_desktop_default_store_is_a_file_in_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("PARLOUR_DATA_DIR")
    expected = platformdirs.user_data_dir("patience-parlour", appauthor=False)
    assert data_dir() == expected
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "d"))
    store = default_store()
    assert isinstance(store, FileStore) and store.folder == str(tmp_path / "d")


def test_unusable_data_folder_falls_back_to_memory_with_a_warning(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker / "saves"))
    saves = Saves()
    assert isinstance(saves.store, MemoryStore)
    assert saves.notices and "lost" in saves.notices[0]


# ------------------------------------------------------------------------------ round trips
class TestRoundTrips:
    @pytest.mark.parametrize("game_id", ["forty-thieves", "indian-patience", "russian-bank"])
    def test_game_resumes_exactly_with_undo_history(self, each_store, game_id):
        state, redo = played(game_id, seed=11, moves=40)
        Saves(each_store).save_game(game_id, saved_game(state, redo, elapsed=61.25, hints=2))
        loaded = Saves(each_store).load_game(game_id)  # a fresh Saves: as after a page reload
        assert loaded == saved_game(state, redo, elapsed=61.25, hints=2)
        again = from_dict(loaded["state"])
        assert again == state and again.key() == state.key()
        assert again.legal_moves() == state.legal_moves()
        assert [str(e.move) for e in again.history] == [str(e.move) for e in state.history]
        for text in reversed(loaded["redo"]):  # redo works on the resumed game
            again.push(text)
        for _ in redo:  # and undo goes back through the whole history
            again.pop()
        assert again.key() == state.key()

    def test_clear_game(self, each_store):
        saves = Saves(each_store)
        saves.save_game("forty-thieves", saved_game(played()[0]))
        saves.clear_game("forty-thieves")
        assert saves.load_game("forty-thieves") is None
        assert Saves(each_store).load_game("forty-thieves") is None
        saves.clear_game("forty-thieves")  # clearing nothing is fine

    def test_games_are_kept_apart(self, each_store):
        saves = Saves(each_store)
        ft, _ = played("forty-thieves")
        ip, _ = played("indian-patience")
        saves.save_game("forty-thieves", saved_game(ft))
        saves.save_game("indian-patience", saved_game(ip))
        saves.clear_game("forty-thieves")
        assert saves.load_game("forty-thieves") is None
        assert from_dict(saves.load_game("indian-patience")["state"]) == ip

    def test_settings_and_match(self, each_store):
        saves = Saves(each_store)
        assert saves.settings() == {} and saves.match() is None
        saves.save_settings({"sound": True, "speed": 2, "theme": "green", "games": ["a"]})
        match = Match(target=300)
        match.scores = [45, 12]
        match.games = 3
        saves.save_match(match.to_dict())
        fresh = Saves(each_store)
        assert fresh.settings() == {"sound": True, "speed": 2, "theme": "green", "games": ["a"]}
        assert Match.from_dict(fresh.match()).to_dict() == match.to_dict()
        fresh.save_match(None)
        assert Saves(each_store).match() is None
        assert fresh.notices == [] and saves.notices == []

    def test_statistics(self, each_store):
        saves = Saves(each_store)
        zero = saves.stats("forty-thieves")
        assert zero == {
            "played": 0,
            "won": 0,
            "win_rate": 0.0,
            "streak": 0,
            "best_streak": 0,
            "best_time": None,
            "fewest_moves": None,
            "assisted": 0,
            "won_with_help": 0,
        }
        saves.record_result("forty-thieves", won=False, moves=80, seconds=100.0)
        s = saves.record_result("forty-thieves", won=True, moves=150, seconds=400.0)
        assert s["records"] == ["best_streak", "best_time", "fewest_moves"]
        s = saves.record_result("forty-thieves", won=True, moves=120, seconds=500.0)
        assert s["records"] == ["best_streak", "fewest_moves"]
        assert (s["best_time"], s["fewest_moves"], s["streak"], s["best_streak"]) == (
            400.0,
            120,
            2,
            2,
        )
        # a win with help is counted apart: not a win of the player's own, the streak left as
        # it was, no time or move record (issue 18)
        s = saves.record_result("forty-thieves", won=True, moves=90, seconds=60.0, assisted=True)
        assert (s["best_time"], s["fewest_moves"], s["streak"], s["assisted"]) == (400.0, 120, 2, 1)
        assert s["won"] == 2 and s["won_with_help"] == 1 and s["win_rate"] == 2 / 3
        s = saves.record_result("forty-thieves", won=False, moves=10, seconds=5.0)
        assert s["streak"] == 0 and s["best_streak"] == 2 and s["records"] == []
        after = Saves(each_store).stats("forty-thieves")
        assert after == {
            "played": 5,
            "won": 2,
            "win_rate": 0.5,
            "streak": 0,
            "best_streak": 2,
            "best_time": 400.0,
            "fewest_moves": 120,
            "assisted": 1,
            "won_with_help": 1,
        }
        assert Saves(each_store).stats("indian-patience")["played"] == 0

    def test_record_result_rejects_nonsense(self, each_store):
        with pytest.raises(ValueError):
            Saves(each_store).record_result("forty-thieves", True, -1, 3.0)
        with pytest.raises(ValueError):
            Saves(each_store).record_result("forty-thieves", True, 3, float("nan"))

    def test_identical_saves_are_written_once(self):
        ls = FakeLocalStorage()
        saves = Saves(BrowserStore(ls))
        data = saved_game(played()[0])
        for _ in range(5):
            saves.save_game("forty-thieves", data)
        assert ls.sets == 1

    def test_saved_text_is_versioned_ascii_json(self, each_store):
        saves = Saves(each_store)
        saves.save_settings({"name": "Zoë ♠ 🂡"})
        text = each_store.get("parlour/settings")
        assert text.isascii()
        envelope = json.loads(text)
        assert envelope == {"format": 1, "data": {"name": "Zoë ♠ 🂡"}}
        assert Saves(each_store).settings() == {"name": "Zoë ♠ 🂡"}


# ------------------------------------------------------------------------------ migration
class TestMigration:
    def test_old_format_is_migrated_on_read(self, each_store, monkeypatch):
        # format 1 stored streaks as "run"/"longest_run"; format 2 renamed them; format 3 added
        # the assisted count
        each_store.set(
            "parlour/stats/forty-thieves",
            json.dumps(
                {
                    "format": 1,
                    "data": {
                        "played": 4,
                        "won": 2,
                        "run": 1,
                        "longest_run": 2,
                        "best_time": 300.0,
                        "fewest_moves": 99,
                    },
                }
            ),
        )

        def one_to_two(d):
            d = dict(d)
            d["streak"], d["best_streak"] = d.pop("run"), d.pop("longest_run")
            return d

        monkeypatch.setitem(FORMATS, "stats", 3)
        monkeypatch.setitem(MIGRATIONS, ("stats", 1), one_to_two)
        monkeypatch.setitem(MIGRATIONS, ("stats", 2), lambda d: {**d, "assisted": 0})
        saves = Saves(each_store)
        s = saves.stats("forty-thieves")
        assert (s["played"], s["won"], s["streak"], s["best_streak"], s["assisted"]) == (
            4,
            2,
            1,
            2,
            0,
        )
        assert saves.notices == []
        saves.record_result("forty-thieves", True, 50, 200.0)
        assert json.loads(each_store.get("parlour/stats/forty-thieves"))["format"] == 3

    def test_game_migration_reaches_the_rules_check(self, each_store, monkeypatch):
        state, redo = played()
        old = {"position": state.to_dict(), "undone": redo}  # an imagined format 1
        each_store.set(GAME_KEY, json.dumps({"format": 1, "data": old}))
        monkeypatch.setitem(FORMATS, "game", 2)
        monkeypatch.setitem(
            MIGRATIONS, ("game", 1), lambda d: {"state": d["position"], "redo": d["undone"]}
        )
        loaded = Saves(each_store).load_game("forty-thieves")
        assert from_dict(loaded["state"]) == state and loaded["redo"] == redo

    @pytest.mark.parametrize(
        "migration",
        [None, lambda d: 1 / 0, lambda d: {"played": "many"}],
        ids=["missing", "raises", "wrong-shape"],
    )
    def test_failed_migration_sets_the_record_aside(self, each_store, monkeypatch, migration):
        text = json.dumps({"format": 2, "data": {"played": 1}})
        each_store.set("parlour/stats/forty-thieves", text)
        monkeypatch.setitem(FORMATS, "stats", 3)  # an imagined next format
        if migration is not None:
            monkeypatch.setitem(MIGRATIONS, ("stats", 2), migration)
        saves = Saves(each_store)
        assert saves.stats("forty-thieves")["played"] == 0
        assert each_store.get("parlour.aside/stats/forty-thieves") == text
        assert each_store.get("parlour/stats/forty-thieves") is None
        assert len(saves.notices) == 1

    def test_newer_format_is_kept_aside_not_misread(self, each_store):
        text = json.dumps({"format": 99, "data": {"whatever": "the future holds"}})
        each_store.set(GAME_KEY, text)
        saves = Saves(each_store)
        assert saves.load_game("forty-thieves") is None
        assert "newer version" in saves.notices[0]
        assert each_store.get(ASIDE_KEY) == text


# ------------------------------------------------------------------------------ corrupt data
def assert_clean_start(each_store, saves, key, aside, text, loaded):
    """After reading unusable text: nothing returned, the text kept aside, the player told."""
    assert loaded is None
    assert each_store.get(aside) == text
    assert each_store.get(key) is None
    assert len(saves.notices) == 1 and "kept aside" in saves.notices[0]


CORRUPT = {
    "empty": "",
    "not json": "{'format': 1}",
    "truncated": None,  # filled in below from a real save
    "null": "null",
    "a list": "[1, 2]",
    "no format": '{"data": {}}',
    "format as text": '{"format": "1", "data": {}}',
    "NaN": '{"format": 1, "data": {"state": NaN}}',
    "deep nesting": '{"format": 1, "data": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "huge number": '{"format": 1, "data": {"state": ' + "9" * 10_000 + "}}",
    "no state": '{"format": 1, "data": {"redo": []}}',
    "state not a game": '{"format": 1, "data": {"state": {"game": "chess"}}}',
    "bad redo": None,
    "negative clock": None,
    "duplicated card": None,
    "illegal move": None,
    "other game": None,
}


def corrupt_text(name):
    state, redo = played()
    good = saved_game(state, redo)
    if CORRUPT[name] is not None:
        return CORRUPT[name]
    if name == "truncated":
        return json.dumps({"format": 1, "data": good})[:-40]
    if name == "bad redo":
        good["redo"] = [1, 2]
    elif name == "negative clock":
        good["elapsed"] = -3
    elif name == "duplicated card":
        piles = good["state"]["start"]["piles"]
        piles["tableau0"][0] = piles["tableau1"][0]
    elif name == "illegal move":
        good["state"]["moves"].append("f0-t0")
    elif name == "other game":
        good["state"] = played("indian-patience")[0].to_dict()
    return json.dumps({"format": 1, "data": good})


@pytest.mark.parametrize("name", list(CORRUPT))
def test_every_kind_of_corrupt_game_starts_clean(each_store, name):
    text = corrupt_text(name)
    each_store.set(GAME_KEY, text)
    saves = Saves(each_store)
    assert_clean_start(
        each_store, saves, GAME_KEY, ASIDE_KEY, text, saves.load_game("forty-thieves")
    )
    # play goes on: the next save works and is read back
    state, _ = played(moves=5)
    saves.save_game("forty-thieves", saved_game(state))
    assert from_dict(Saves(each_store).load_game("forty-thieves")["state"]) == state
    assert each_store.get(ASIDE_KEY) == text  # the unreadable copy is still kept


@pytest.mark.parametrize(
    "data",
    [
        {"played": 2, "won": 3},
        {"played": -1},
        {"played": 1.5},
        {"played": True},
        {"played": 3, "won": 1, "best_time": "fast"},
        {"played": 3, "won": 1, "best_time": -2},
        {"played": 3, "won": 1, "fewest_moves": 2.5},
        {"played": 3, "won": 1, "streak": 1},
        [],
        "stats",
    ],
    ids=repr,
)
def test_impossible_statistics_start_again(each_store, data):
    text = json.dumps({"format": 1, "data": data})
    each_store.set("parlour/stats/forty-thieves", text)
    saves = Saves(each_store)
    assert saves.stats("forty-thieves")["played"] == 0
    assert each_store.get("parlour.aside/stats/forty-thieves") == text
    assert len(saves.notices) == 1


@pytest.mark.parametrize(
    "data",
    [
        {"target": 0, "scores": [0, 0], "games": 0},
        {"target": 300, "scores": [1], "games": 0},
        {"target": 300, "scores": [-1, 0], "games": 1},
        [],
    ],
    ids=repr,
)
def test_corrupt_match_starts_a_new_match(each_store, data):
    each_store.set("parlour/match", json.dumps({"format": 1, "data": data}))
    saves = Saves(each_store)
    assert saves.match() is None and len(saves.notices) == 1


def test_corrupt_settings_fall_back_to_defaults(each_store):
    each_store.set("parlour/settings", '{"format": 1, "data": [1]}')
    saves = Saves(each_store)
    assert saves.settings() == {} and "defaults" in saves.notices[0]


# Hypothesis: whatever text is found under a key, reading never raises, and either gives data
# that is really usable or sets the text aside and says so.
def check_any_text(each_store, key, text, read):
    each_store.set(key, text)
    saves = Saves(each_store)
    result = read(saves)
    aside = "parlour.aside/" + key[len("parlour/") :]
    if each_store.get(key) is None:  # set aside
        assert each_store.get(aside) == text and len(saves.notices) == 1
    else:
        assert saves.notices == [] and each_store.get(key) == text
    return result


def fuzz_store():
    return MemoryStore()


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300))
def test_fuzz_any_text_as_a_saved_game(text):
    store = fuzz_store()
    result = check_any_text(store, GAME_KEY, text, lambda s: s.load_game("forty-thieves"))
    if result is not None:
        from_dict(result["state"])


def _mutations():
    state, redo = played(moves=12)
    good = json.dumps({"format": 1, "data": saved_game(state, redo)})
    return st.tuples(
        st.just(good),
        st.lists(
            st.tuples(
                st.integers(0, len(good) - 1),
                st.integers(0, 8),
                st.text(alphabet='{}[]":,0123456789.-eE tfnulrasTHSDC', max_size=6),
            ),
            min_size=1,
            max_size=4,
        ),
    )


@settings(max_examples=300, deadline=None)
@given(case=_mutations())
def test_fuzz_damaged_saved_games(case):
    """A real save with a few bytes replaced (a torn write, a bad disk, a meddling player)."""
    text, edits = case
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    store = fuzz_store()
    result = check_any_text(store, GAME_KEY, text, lambda s: s.load_game("forty-thieves"))
    if result is not None:
        state = from_dict(result["state"])
        assert state.game_id == "forty-thieves"
        assert isinstance(result.get("redo", []), list)  # optional: a mutation may rename it


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(data=json_values, kind=st.sampled_from(["stats", "match", "settings", "game"]))
def test_fuzz_well_formed_json_of_any_shape(data, kind):
    key = {
        "stats": "parlour/stats/forty-thieves",
        "match": "parlour/match",
        "settings": "parlour/settings",
        "game": GAME_KEY,
    }[kind]
    read = {
        "stats": lambda s: s.stats("forty-thieves"),
        "match": lambda s: s.match(),
        "settings": lambda s: s.settings(),
        "game": lambda s: s.load_game("forty-thieves"),
    }
    store = fuzz_store()
    result = check_any_text(store, key, json.dumps({"format": 1, "data": data}), read[kind])
    if kind == "stats":
        assert result["won"] <= result["played"] and 0.0 <= result["win_rate"] <= 1.0
        assert all(
            isinstance(result[k], int) and result[k] >= 0
            for k in ("played", "won", "streak", "best_streak", "assisted")
        )
        assert result["best_time"] is None or math.isfinite(result["best_time"])
    elif kind == "match" and result is not None:
        Match.from_dict(result)
    elif kind == "settings":
        assert isinstance(result, dict)


@settings(max_examples=200, deadline=None)
@given(
    state=st.dictionaries(
        st.sampled_from(["format", "game", "seed", "options", "start", "moves"]), json_values
    )
)
def test_fuzz_the_rules_check_raises_only_value_errors(state):
    """The saved state goes through game.core.from_dict, whose contract is ValueError on bad
    data: check that contract, since load_game relies on it to tell corrupt from a bug."""
    try:
        from_dict(state)
    except ValueError:
        pass


# ------------------------------------------------------------------------------ quota
@pytest.mark.parametrize("kind", [k for k in STORE_KINDS if k != "file"])  # file: full disk below
def test_full_storage_is_reported_once_and_never_fatal(kind, tmp_path):
    state, redo = played(moves=20)
    store = make_store(kind, tmp_path, quota=900)  # room for settings, not for a game
    saves = Saves(store)
    saves.save_settings({"sound": True})
    for i in range(5):
        saves.save_game("forty-thieves", saved_game(state, redo, elapsed=float(i)))  # no raise
    assert len(saves.notices) == 1 and "full" in saves.notices[0]
    assert saves.load_game("forty-thieves") is None
    assert Saves(store).settings() == {"sound": True}  # what was saved before is intact
    saves.record_result("forty-thieves", True, 10, 20.0)  # small records still fit
    assert Saves(store).stats("forty-thieves")["won"] == 1


def test_saving_recovers_after_room_is_made():
    store = MemoryStore(quota=1500)
    saves = Saves(store)
    state, _ = played(moves=20)
    store.set("someone-else", "x" * 1000)
    saves.save_game("forty-thieves", saved_game(state))
    assert len(saves.notices) == 1
    saves.notices.clear()  # the client showed it
    store.delete("someone-else")
    saves.save_game("forty-thieves", saved_game(state, elapsed=1.0))
    assert saves.notices == []
    assert from_dict(Saves(store).load_game("forty-thieves")["state"]) == state


def test_no_room_to_set_aside_keeps_the_record():
    store = MemoryStore()
    store.set(GAME_KEY, "garbage!")
    store.quota = store.used()  # full: no room for the aside copy
    saves = Saves(store)
    assert saves.load_game("forty-thieves") is None
    assert store.get(GAME_KEY) == "garbage!"  # not lost
    assert "no room" in saves.notices[0]


def test_save_game_never_raises_even_on_a_bug():
    saves = Saves(MemoryStore())
    saves.save_game("forty-thieves", {"state": object()})
    saves.save_game("forty-thieves", {"elapsed": float("inf")})
    assert saves.notices and "couldn't save" in saves.notices[0]


# ------------------------------------------------------------------------------ atomic writes
CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from game.storage import FileStore
    store = FileStore({folder!r})
    how = {how!r}
    real_write, real_replace = os.write, os.replace
    if how == "half":          # the process dies with half the new save written
        def write(fd, data):
            real_write(fd, bytes(data[:len(data) // 2]))
            os._exit(9)
        os.write = write
    elif how == "before-rename":   # everything written, the process dies before the rename
        def replace(a, b):
            os._exit(9)
        os.replace = replace
    store.set("parlour/game/forty-thieves", {new!r})
""")


@pytest.mark.parametrize("how", ["half", "before-rename"])
def test_a_write_interrupted_midway_leaves_the_old_save(tmp_path, how):
    folder = tmp_path / "saves"
    state, redo = played(moves=30)
    saves = Saves(FileStore(folder))
    saves.save_game("forty-thieves", saved_game(state, redo))
    old = FileStore(folder).get(GAME_KEY)
    newer, _ = played(moves=40, rng_seed=2)
    new = json.dumps({"format": 1, "data": saved_game(newer)})
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=ROOT, folder=str(folder), how=how, new=new)],
        capture_output=True,
        text=True,
    )
    assert child.returncode == 9, child.stderr  # it really died midway
    assert any(n.startswith(".tmp-") for n in os.listdir(folder))  # the torn temp file
    store = FileStore(folder)
    assert store.get(GAME_KEY) == old
    assert store.keys() == [GAME_KEY]
    loaded = Saves(store).load_game("forty-thieves")
    assert from_dict(loaded["state"]) == state and loaded["redo"] == redo
    # the next write works, and a later start clears the stale temp file
    Saves(store).save_game("forty-thieves", saved_game(newer))
    assert from_dict(Saves(FileStore(folder)).load_game("forty-thieves")["state"]) == newer
    for name in os.listdir(folder):
        os.utime(folder / name, (0, 0))
    FileStore(folder)
    assert not any(n.startswith(".tmp-") for n in os.listdir(folder))


def test_an_uninterrupted_child_write_lands(tmp_path):
    folder = tmp_path / "saves"
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD.format(root=ROOT, folder=str(folder), how="normal", new="fresh"),
        ],
        capture_output=True,
        text=True,
    )
    assert child.returncode == 0, child.stderr
    assert FileStore(folder).get(GAME_KEY) == "fresh"


def test_full_disk_is_storage_full(tmp_path, monkeypatch):
    import errno

    store = FileStore(tmp_path / "saves")
    old = json.dumps({"format": 1, "data": saved_game(played()[0])})  # a real record
    store.set(GAME_KEY, old)

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(StorageFull):
        store.set(GAME_KEY, "new")
    saves = Saves(store)
    saves.save_game("forty-thieves", saved_game(played()[0]))
    assert "full" in saves.notices[0]
    monkeypatch.undo()
    assert store.get(GAME_KEY) == old
    assert os.listdir(tmp_path / "saves") == [os.path.basename(store.path(GAME_KEY))]


def test_storage_code_never_uses_pickle_or_eval():
    import ast

    folder = os.path.join(ROOT, "game", "storage")
    for name in os.listdir(folder):
        if name.endswith(".py"):
            tree = ast.parse(open(os.path.join(folder, name), encoding="utf-8").read())
            for node in ast.walk(tree):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    modules = [a.name for a in node.names] + [getattr(node, "module", "") or ""]
                    assert not {"pickle", "marshal", "shelve", "dill"} & set(modules), name
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id not in ("eval", "exec", "compile"), name


def test_each_game_keeps_its_own_match_with_its_seats(each_store):
    saves = Saves(each_store)
    saves.save_match(
        {"target": 300, "scores": [30, 0], "games": 1, "seats": ["human", "human"]}, "russian-bank"
    )
    assert Saves(each_store).match("russian-bank") == {
        "target": 300,
        "scores": [30, 0],
        "games": 1,
        "seats": ["human", "human"],
    }
    assert Saves(each_store).match("forty-thieves") is None
    assert "parlour/match/russian-bank" in each_store.keys()


def test_the_russian_bank_match_saved_before_matches_were_per_game_is_still_read(each_store):
    each_store.set(
        "parlour/match",
        json.dumps({"format": 1, "data": {"target": 100, "scores": [40, 12], "games": 3}}),
    )
    saves = Saves(each_store)
    assert saves.match("russian-bank")["scores"] == [40, 12]
    saves.save_match({"target": 100, "scores": [70, 12], "games": 4}, "russian-bank")
    assert Saves(each_store).match("russian-bank")["scores"] == [70, 12]


def test_statistics_of_format_1_count_the_wins_with_help_apart(each_store):
    """Format 1 counted a win with help as a win; format 2 keeps it apart. A format 1 record
    whose wins outnumber the games played without help had that many wins with help."""
    each_store.set(
        "parlour/stats/forty-thieves",
        json.dumps(
            {
                "format": 1,
                "data": {
                    "played": 5,
                    "won": 4,
                    "streak": 4,
                    "best_streak": 4,
                    "assisted": 2,
                    "best_time": 300.0,
                    "fewest_moves": 99,
                },
            }
        ),
    )
    s = Saves(each_store).stats("forty-thieves")
    assert (s["won"], s["won_with_help"], s["streak"], s["best_streak"]) == (3, 1, 3, 3)
    assert s["win_rate"] == 1.0


# ------------------------------------------------------------------------------ issue 25
def _session_save(game_id):
    """What the client saves for a game: its session's to_dict, a move played if one may be."""
    from game.session import Session

    session = Session.new(game_id, 5)
    if session.accepting():
        session.play(session.state.legal_moves()[0])
    return session.to_dict()


@pytest.mark.parametrize("game_id", GAMES)
def test_another_games_save_under_a_key_is_set_aside_whatever_the_check(each_store, game_id):
    """The client passes its own check (Session.from_dict), which replaces the built-in one and
    knows nothing of the key: a record of another game stored under this game's key must still
    never be handed back (it was played on this game's table, and crashed drawing it)."""
    from game.session import Session

    key, aside = f"parlour/game/{game_id}", f"parlour.aside/game/{game_id}"
    for other in GAMES:
        if other == game_id:
            continue
        text = json.dumps({"format": 1, "data": _session_save(other)})
        each_store.set(key, text)
        saves = Saves(each_store)
        assert saves.load_game(game_id, check=lambda d: Session.from_dict(d)) is None, other
        assert each_store.get(aside) == text and each_store.get(key) is None
        assert len(saves.notices) == 1 and "kept aside" in saves.notices[0]
        assert info(game_id).title in saves.notices[0]
    # this game's own save still loads through the same check
    each_store.set(key, json.dumps({"format": 1, "data": _session_save(game_id)}))
    session = Saves(each_store).load_game(game_id, check=lambda d: Session.from_dict(d))
    assert session.state.game_id == game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_another_games_save_is_kept_aside_as_the_very_bytes_on_the_desktop(tmp_path, game_id):
    from game.session import Session

    store = FileStore(tmp_path / "saves")
    other = GAMES[(GAMES.index(game_id) + 3) % len(GAMES)]
    raw = json.dumps({"format": 1, "data": _session_save(other)}, indent=1).encode()
    store.set_bytes(f"parlour/game/{game_id}", raw)
    saves = Saves(store)
    assert saves.load_game(game_id, check=lambda d: Session.from_dict(d)) is None
    assert store.get_bytes(f"parlour.aside/game/{game_id}") == raw
    assert store.get_bytes(f"parlour/game/{game_id}") is None
    assert len(saves.notices) == 1


@pytest.mark.parametrize(
    "game_id, data",
    [
        (
            "chinese-patience",
            {
                "target": 100,
                "scores": [3, 0, 5, 1],
                "games": 2,
                "seats": ["human", "computer:medium"],
            },
        ),
        (
            "chinese-patience",
            {"target": 100, "scores": [3, 0], "games": 2, "seats": ["human", "human", "human"]},
        ),
        ("chinese-patience", {"target": 100, "scores": [1, 1, 1, 1, 1], "games": 2}),
        ("russian-bank", {"target": 300, "scores": [3, 0, 5], "games": 2}),
        (
            "battle-solitaire",
            {"target": 100, "scores": [3, 0, 5], "games": 1, "seats": ["human", "human", "human"]},
        ),
        ("forty-thieves", {"target": 100, "scores": [3, 0], "games": 1}),
    ],
    ids=[
        "4-scores-2-seats",
        "2-scores-3-seats",
        "5-players",
        "3-in-russian-bank",
        "3-in-battle-solitaire",
        "a-solitaire",
    ],
)
def test_a_match_that_does_not_fit_its_game_or_seats_is_set_aside(each_store, game_id, data):
    text = json.dumps({"format": 1, "data": data})
    key = f"parlour/match/{game_id}"
    each_store.set(key, text)
    saves = Saves(each_store)
    assert saves.match(game_id) is None
    assert each_store.get(f"parlour.aside/match/{game_id}") == text and each_store.get(key) is None
    assert len(saves.notices) == 1 and "kept aside" in saves.notices[0]
    with pytest.raises(ValueError):
        saves.save_match(data, game_id)  # nor is one written


def test_the_old_russian_bank_match_of_three_scores_is_set_aside(each_store):
    text = json.dumps({"format": 1, "data": {"target": 300, "scores": [1, 2, 3], "games": 2}})
    each_store.set("parlour/match", text)
    saves = Saves(each_store)
    assert saves.match("russian-bank") is None
    assert each_store.get("parlour.aside/match") == text and len(saves.notices) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_chinese_patience_match_of_each_size_is_kept(each_store, players):
    data = {
        "target": 100,
        "scores": list(range(players)),
        "games": 3,
        "dealer": players - 1,
        "seats": ["human"] + ["computer:hard"] * (players - 1),
    }
    Saves(each_store).save_match(data, "chinese-patience")
    saves = Saves(each_store)
    assert saves.match("chinese-patience") == data and saves.notices == []
