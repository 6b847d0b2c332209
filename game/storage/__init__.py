"""Saved progress, in the browser's localStorage or a desktop file (no pygame here).

    from game.storage import Saves, default_store, MemoryStore, StorageFull
    saves = Saves()                       # default_store(): localStorage or the user data folder
    saves.save_game("forty-thieves", {"state": state.to_dict(), "redo": [...], "elapsed": 12.5})
    saves.load_game("forty-thieves")      # that dict again, validated, or None
    saves.load_game("forty-thieves", check=session_check)  # validated by the caller instead
    saves.record_result("forty-thieves", won=True, moves=140, seconds=300.0)
    saves.notices                         # sentences for the player (corrupt data, storage full)

Modules, by job: saves (``Saves``, the door), records (a record's kind, key and text),
formats (each kind's format and the migrations of older ones), checks and statistics (what a
stored record must be to be used; how a finished game counts), keeper (reading and writing
under the rule that nothing a player had is lost; keeping unusable records aside), notices
(what the player is told), stores (where the text lives). What survives what (kills
mid-write, full storage, read errors, damaged records...): docs/storage.md.
"""

from game.storage.formats import FORMATS, MIGRATIONS
from game.storage.records import MAX_RECORD, Kind, Unreadable
from game.storage.saves import Saves
from game.storage.statistics import empty_stats
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
    "Kind",
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
