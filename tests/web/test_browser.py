"""Our pure-Python packages in real WebAssembly (Pyodide) in headless Debian Chromium, saving to
the page's real localStorage through game.storage, across real page reloads."""

import json
import os
import random
import sys

from game.core import from_dict, new_game
from testbed.browser import PURE_PACKAGES
from testbed.core_timings import GAMES, ROWS, measure

ARTIFACTS = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "test-artifacts"
)

# Played the same way in the page and here: a seeded random game, saved after every move, and a
# few moves taken back (the redo list). A test of determinism across CPython builds too.
PLAY = """
import random
from game.core import new_game
from game.storage import Saves

def play(saves, game_id, seed, moves, undone):
    rng = random.Random(seed)
    state = new_game(game_id, seed=seed)
    for i in range(moves):
        legal = state.legal_moves()
        if not legal or state.is_over():
            break
        state.push(rng.choice(legal))
        saves.save_game(game_id, {"state": state.to_dict(), "redo": [], "elapsed": i * 1.5})
    redo = [str(state.pop()) for _ in range(undone)]
    saves.save_game(game_id, {"state": state.to_dict(), "redo": redo, "elapsed": 99.5})
    return state, redo
"""


def play_natively(game_id, seed, moves, undone):
    rng = random.Random(seed)
    state = new_game(game_id, seed=seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal or state.is_over():
            break
        state.push(rng.choice(legal))
    redo = [str(state.pop()) for _ in range(undone)]
    return state, redo


def fresh(page):
    page.page.evaluate("localStorage.clear()")


def test_runs_in_webassembly(pyodide_page):
    info = pyodide_page.run(
        "import sys, game.core, game.storage\n"
        "result = [sys.platform, sys.version_info[:2], 'pygame' in sys.modules]"
    )
    assert info[0] == "emscripten" and tuple(info[1]) >= (3, 11) and info[2] is False
    assert {"core", "ai", "storage"} <= set(PURE_PACKAGES)


def test_the_computer_opponent_plays_the_same_moves_in_webassembly(pyodide_page):
    """The opponent (game.ai) runs in the page, sliced, and decides exactly as natively."""
    script = """
from game.ai.players.russian_bank import opponent
from game.core import new_game

def play(level, seed, moves):
    state, bot, line = new_game("russian-bank", seed=seed), opponent(level, seed=1), []
    for _ in range(moves):
        if state.is_over():
            break
        job = bot.start(state)
        move = None
        while move is None:
            move = job.think(5)
        state.push(move, breach=move not in state.legal_moves())
        line.append(str(move))
    return line
"""
    in_page = pyodide_page.run(script + "result = [play('hard', 3, 60), play('medium', 4, 60)]")
    namespace: dict = {}
    exec(script, namespace)
    assert in_page == [namespace["play"]("hard", 3, 60), namespace["play"]("medium", 4, 60)]
    assert len(in_page[0]) == 60


def test_games_resume_exactly_after_a_page_reload(pyodide_page):
    page = pyodide_page
    fresh(page)
    before = page.run(
        PLAY
        + """
from game.storage import BrowserStore
saves = Saves()
assert isinstance(saves.store, BrowserStore), saves.store
played = {}
for game_id, seed, moves in [("forty-thieves", 2024, 60), ("indian-patience", 77, 50),
                             ("russian-bank", 5, 80)]:
    state, redo = play(saves, game_id, seed, moves, 4)
    played[game_id] = {"key": repr(state.key()), "redo": redo, "moves": len(state.history)}
saves.record_result("forty-thieves", won=True, moves=140, seconds=312.5)
saves.record_result("forty-thieves", won=False, moves=40, seconds=100.0)
saves.save_settings({"sound": False, "speed": "fast"})
saves.save_match({"target": 300, "scores": [64, 31], "games": 2})
result = {"played": played, "notices": saves.notices,
          "missing": saves.store.get("parlour/no-such-key")}
"""
    )
    assert before["notices"] == [] and before["missing"] is None
    stored = page.local_storage()  # the page's real localStorage, read by JavaScript
    assert {
        "parlour/game/forty-thieves",
        "parlour/game/indian-patience",
        "parlour/game/russian-bank",
        "parlour/stats/forty-thieves",
        "parlour/settings",
        "parlour/match/russian-bank",
    } <= set(stored)

    page.reload()  # a player pressing F5: a new Python, the same localStorage
    after = page.run("""
from game.core import from_dict
from game.storage import Saves
saves = Saves()
resumed = {}
for game_id in ("forty-thieves", "indian-patience", "russian-bank"):
    data = saves.load_game(game_id)
    state = from_dict(data["state"])
    key_before = repr(state.key())
    for text in reversed(data["redo"]):   # redo every move taken back
        state.push(text)
    resumed[game_id] = {"key": key_before, "redo": data["redo"],
                        "moves": len(data["state"]["moves"]),
                        "elapsed": data["elapsed"], "state": data["state"],
                        "after_redo": [str(e.move) for e in state.history]}
result = {"resumed": resumed, "stats": saves.stats("forty-thieves"), "settings": saves.settings(),
          "match": saves.match(), "notices": saves.notices}
""")
    assert after["notices"] == []
    for game_id, seed, moves in [
        ("forty-thieves", 2024, 60),
        ("indian-patience", 77, 50),
        ("russian-bank", 5, 80),
    ]:
        got, want = after["resumed"][game_id], before["played"][game_id]
        assert got["key"] == want["key"] and got["redo"] == want["redo"]
        assert got["moves"] == want["moves"] and got["elapsed"] == 99.5
        # the same game natively: WebAssembly and native CPython deal and play identically
        native, redo = play_natively(game_id, seed, moves, 4)
        assert from_dict(got["state"]) == native and repr(native.key()) == got["key"]
        for text in reversed(redo):
            native.push(text)
        assert got["after_redo"] == [str(e.move) for e in native.history]
    assert after["stats"] == {
        "played": 2,
        "won": 1,
        "win_rate": 0.5,
        "streak": 0,
        "best_streak": 1,
        "best_time": 312.5,
        "fewest_moves": 140,
        "assisted": 0,
        "won_with_help": 0,
    }
    assert after["settings"] == {"sound": False, "speed": "fast"}
    assert after["match"] == {"target": 300, "scores": [64, 31], "games": 2}


def test_corrupt_local_storage_is_set_aside_after_reload(pyodide_page):
    page = pyodide_page
    fresh(page)
    page.run(PLAY + "play(Saves(), 'forty-thieves', 3, 20, 0)")
    good = page.local_storage()["parlour/game/forty-thieves"]
    damaged = good.replace('"moves":["', '"moves":["zz-', 1)
    page.page.evaluate(
        """([a, b]) => {
        localStorage.setItem("parlour/game/forty-thieves", a);
        localStorage.setItem("parlour/stats/forty-thieves", b);
    }""",
        [damaged, "{not json"],
    )
    page.reload()
    result = page.run("""
from game.storage import Saves
saves = Saves()
result = {"game": saves.load_game("forty-thieves"), "stats": saves.stats("forty-thieves"),
          "notices": list(saves.notices)}
""")
    assert result["game"] is None and result["stats"]["played"] == 0
    assert len(result["notices"]) == 2 and all("kept aside" in n for n in result["notices"])
    stored = page.local_storage()
    assert stored["parlour.aside/game/forty-thieves"] == damaged
    assert stored["parlour.aside/stats/forty-thieves"] == "{not json"
    assert "parlour/game/forty-thieves" not in stored
    # play starts clean and saving works again
    page.reload()
    ok = page.run(
        PLAY
        + """
state, _ = play(Saves(), 'forty-thieves', 9, 10, 0)
saves = Saves()
result = [saves.load_game('forty-thieves') is not None, saves.notices]
"""
    )
    assert ok == [True, []]


def test_a_full_local_storage_is_reported_not_fatal(pyodide_page):
    page = pyodide_page
    fresh(page)
    page.run(PLAY + "play(Saves(), 'forty-thieves', 3, 10, 0)")
    # another game on the same site (itch.io serves many from one origin) filled the storage
    filled = page.page.evaluate("""() => {
        let size = 1 << 20, i = 0, error = "no quota";
        while (size >= 1 && i < 10000) {      // fill it to the last character
            try { localStorage.setItem("other-game/" + i, "x".repeat(size)); i++; }
            catch (e) { error = e.name; size = size >> 1; }
        }
        return [i, error];
    }""")
    assert filled[1] == "QuotaExceededError", filled
    result = page.run(
        PLAY
        + """
from game.storage import Saves, StorageFull
saves = Saves()
state, redo = play(saves, 'forty-thieves', 4, 40, 2)   # saves after every move: must not raise
try:
    saves.store.set("parlour/x", "y" * 600_000)
    raised = None
except StorageFull as e:
    raised = "StorageFull"
result = {"notices": saves.notices, "raised": raised}
"""
    )
    assert result["raised"] == "StorageFull"
    assert len(result["notices"]) == 1 and "full" in result["notices"][0]
    # the last save that fitted (early in the new game, while it was shorter than the old one)
    # is there whole: loading it works and says nothing
    check = page.run("""
from game.core import from_dict
saves = Saves()
data = saves.load_game('forty-thieves')
result = [len(from_dict(data['state']).history), saves.notices]
""")
    assert 1 <= check[0] < 40 and check[1] == []
    page.page.evaluate("""() => { for (const k of Object.keys(localStorage))
                                      if (k.startsWith("other-game/"))
                                          localStorage.removeItem(k); }""")


def test_webassembly_timings_beside_native(pyodide_page, capsys):
    """Not a timed test (no thresholds): prints the figures and checks both sides played the
    same games. The full benchmark is python -m bench web."""
    page = pyodide_page
    fresh(page)
    native = measure(quick=True)
    wasm = page.run("from testbed.core_timings import measure\nresult = measure(True)")
    lines = [f"{'':18}{'':24}{'native':>12}{'wasm':>12}"]
    for game_id in GAMES:
        assert native[game_id]["moves_played"] == wasm[game_id]["moves_played"]
        assert native[game_id]["moves_found"] == wasm[game_id]["moves_found"]
        for label, key, unit in ROWS:
            assert native[game_id][key] > 0 and wasm[game_id][key] > 0
            lines.append(
                f"{game_id:18}{label:24}{native[game_id][key]:>9} {unit:2}"
                f"{wasm[game_id][key]:>9} {unit:2}"
            )
    lines.append(
        f"{'save':18}{'save_game ms':24}{native['save']['save_game_ms']:>12}"
        f"{wasm['save']['save_game_ms']:>12}"
    )
    lines.append(
        f"{'save':18}{'load_game ms':24}{native['save']['load_game_ms']:>12}"
        f"{wasm['save']['load_game_ms']:>12}"
    )
    table = "\n".join(lines)
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "web-timings.txt"), "w") as f:
        f.write(
            f"native CPython {sys.version.split()[0]}, wasm Pyodide CPython {wasm['python']}"
            f" (quick run, busy machine)\n{table}\n{json.dumps({'native': native, 'wasm': wasm})}\n"
        )
    with capsys.disabled():
        print(
            f"\nWebAssembly (Pyodide CPython {wasm['python']}) beside native CPython "
            f"{sys.version.split()[0]}:\n{table}"
        )
