"""Saved progress, in the browser's localStorage or a desktop file (no pygame here).

    from game.storage import Saves, default_store, MemoryStore, StorageFull
    saves = Saves()                       # default_store(): localStorage or the user data folder
    saves.save_game("forty-thieves", {"state": state.to_dict(), "redo": [...], "elapsed": 12.5})
    saves.load_game("forty-thieves")      # that dict again, validated, or None
    saves.load_game("forty-thieves", check=session_check)  # validated by the caller instead
    saves.record_result("forty-thieves", won=True, moves=140, seconds=300.0)
    saves.notices                         # sentences for the player (corrupt data, storage full)

What survives what (kills mid-write, full storage, read errors, damaged records...):
docs/storage.md.
"""

from game.storage.saves import FORMATS, MAX_RECORD, MIGRATIONS, Saves, Unreadable, empty_stats
from game.storage.stores import (
    BrowserStore,
    FileStore,
    MemoryStore,
    StorageError,
    StorageFull,
    Store,
    data_dir,
    default_store,
    find_local_storage,
)

__all__ = [
    "FORMATS",
    "MAX_RECORD",
    "MIGRATIONS",
    "BrowserStore",
    "FileStore",
    "MemoryStore",
    "Saves",
    "StorageError",
    "StorageFull",
    "Store",
    "Unreadable",
    "data_dir",
    "default_store",
    "empty_stats",
    "find_local_storage",
]
