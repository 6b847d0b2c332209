"""Stores of every kind for the storage tests (``make_store``), and a game with moves played
and some taken back (``played``)."""

import random

from game.core import new_game
from game.storage import BrowserStore, FileStore, MemoryStore
from tests.support.fakes import FakeLocalStorage, JsNull


def make_store(kind, tmp_path, quota=None):
    if kind == "memory":
        return MemoryStore(quota=quota)
    if kind == "file":
        return FileStore(tmp_path / "saves")
    if kind == "browser-pygbag":
        return BrowserStore(FakeLocalStorage(quota=quota or 5_000_000, null=None))
    if kind == "browser-pyodide":
        return BrowserStore(
            FakeLocalStorage(quota=quota or 5_000_000, null=JsNull(), style="pyodide")
        )
    raise ValueError(kind)


STORE_KINDS = ["memory", "file", "browser-pygbag", "browser-pyodide"]


def played(game_id="forty-thieves", seed=7, moves=30, undone=3, rng_seed=1):
    """A game with some moves played and a few taken back: (state, redo list as text)."""
    state = new_game(game_id, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal or state.is_over():
            break
        state.push(rng.choice(legal))
    redo = [str(state.pop()) for _ in range(min(undone, len(state.history)))]
    return state, redo
