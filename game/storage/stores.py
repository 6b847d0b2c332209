"""Where saved text lives: one tiny key -> value interface, three backends.

    Store.get(key) -> str | None;  Store.set(key, value);  Store.delete(key);  Store.keys()

- ``BrowserStore``: the page's ``localStorage``. Under pygbag it is reached through
  ``platform.window.localStorage``; under Pyodide through the ``js`` module. A missing key comes
  back from JavaScript as null (None under pygbag, ``jsnull`` under recent Pyodide): both read as
  None here. A full storage (``QuotaExceededError``) raises StorageFull.
- ``FileStore``: one file per key in a folder (by default the user's data folder from
  platformdirs). Every write goes to a temporary file in the same folder, is flushed to disk
  (fsync), and then replaces the old file with ``os.replace``, so a crash or power cut midway
  leaves the old value or the new one, never half of either.
- ``MemoryStore``: a dict, for tests; an optional quota makes it raise StorageFull like a full
  localStorage.

Nothing here knows what the values mean; ``saves.py`` does.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from typing import Protocol
from urllib.parse import unquote

APP_NAME = "patience-parlour"
DATA_DIR_ENV = "PARLOUR_DATA_DIR"  # overrides the desktop data folder (tests, portable installs)


class StorageError(Exception):
    """The storage could not do what was asked (it is unavailable, or the disk failed)."""


class StorageFull(StorageError):
    """The storage is full: the browser's localStorage quota, or a full disk."""


class Store(Protocol):
    """String keys to string values."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def delete(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


def _check(key, value=""):
    if not isinstance(key, str) or not key:
        raise TypeError(f"a storage key must be a non-empty str, not {key!r}")
    if not isinstance(value, str):
        raise TypeError(f"a stored value must be a str, not {type(value).__name__}")


# --------------------------------------------------------------------------------- memory
class MemoryStore:
    """Keeps everything in a dict. ``quota``: the most characters (keys plus values, as
    localStorage counts) it holds before ``set`` raises StorageFull; None for no limit."""

    warning: str | None = None

    def __init__(self, quota: int | None = None, warning: str | None = None):
        self.data: dict[str, str] = {}
        self.quota = quota
        self.warning = warning  # a sentence for the player, when this stands in for real storage

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> str | None:
        _check(key)
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        _check(key, value)
        if self.quota is not None:
            old = self.data.get(key)
            after = self.used() - (len(key) + len(old) if old is not None else 0) + len(key) + len(value)
            if after > self.quota:
                raise StorageFull(f"storage quota of {self.quota} characters exceeded")
        self.data[key] = value

    def delete(self, key: str) -> None:
        _check(key)
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# --------------------------------------------------------------------------------- files
_SUFFIX = ".save"
_SAFE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
_MAX_NAME = 240  # bytes: file names are limited to 255 on most file systems
_TEMP_PREFIX = ".tmp-"


class FileStore:
    """One file per key in ``folder``; writes are atomic (temp file, fsync, os.replace)."""

    warning: str | None = None

    def __init__(self, folder: str | os.PathLike):
        self.folder = os.fspath(folder)
        try:
            os.makedirs(self.folder, exist_ok=True)
        except OSError as e:
            raise StorageError(f"can't create the save folder {self.folder}: {e}") from e
        self._remove_stale_temp_files()

    def path(self, key: str) -> str:
        """The file of a key: lowercase letters, digits, "-" and "_" stay, every other
        character becomes %XX (its UTF-8 bytes). So a key never names a file outside the folder
        or a hidden file, and two keys never share a file, even where file names ignore case."""
        name = "".join(c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode("utf-8",
                                                                                  "surrogatepass"))
                       for c in key)
        if len(name) > _MAX_NAME:
            raise ValueError(f"storage key too long for a file name: {key[:40]!r}...")
        return os.path.join(self.folder, name + _SUFFIX)

    def get(self, key: str) -> str | None:
        _check(key)
        try:
            with open(self.path(key), "rb") as f:
                raw = f.read()
        except FileNotFoundError:
            return None
        except OSError as e:
            raise StorageError(f"can't read {self.path(key)}: {e}") from e
        # Undecodable bytes become U+FFFD: the caller then sees unreadable data, not a crash.
        return raw.decode("utf-8", errors="replace")

    def set(self, key: str, value: str) -> None:
        _check(key, value)
        final = self.path(key)
        temp = os.path.join(self.folder, f"{_TEMP_PREFIX}{os.getpid()}-{time.monotonic_ns()}")
        data = value.encode("utf-8", errors="surrogatepass")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                         0o644)
            try:
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, final)
        except OSError as e:
            try:
                os.unlink(temp)
            except OSError:
                pass
            if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
                raise StorageFull(f"the disk is full: {e}") from e
            raise StorageError(f"can't write {final}: {e}") from e
        # The folder itself is not fsynced: after a power cut the rename may be lost, which
        # leaves the previous save, complete. That saves ~3 ms per move on a slow disk.

    def delete(self, key: str) -> None:
        _check(key)
        try:
            os.unlink(self.path(key))
        except FileNotFoundError:
            pass
        except OSError as e:
            raise StorageError(f"can't delete {self.path(key)}: {e}") from e

    def keys(self) -> list[str]:
        try:
            names = os.listdir(self.folder)
        except OSError as e:
            raise StorageError(f"can't list {self.folder}: {e}") from e
        return sorted(unquote(n[:-len(_SUFFIX)], errors="surrogatepass") for n in names
                      if n.endswith(_SUFFIX) and not n.startswith("."))

    def _remove_stale_temp_files(self, older_than: float = 60.0) -> None:
        """Temp files left by a crash midway through a write; never a live save."""
        now = time.time()
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name.startswith(_TEMP_PREFIX):
                path = os.path.join(self.folder, name)
                try:
                    if now - os.stat(path).st_mtime > older_than:
                        os.unlink(path)
                except OSError:
                    pass


# --------------------------------------------------------------------------------- browser
def _is_null(value) -> bool:
    """JavaScript null/undefined as the bridges hand them over: None (pygbag, old Pyodide) or
    pyodide.ffi.jsnull (Pyodide 0.28 and later)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or (
        not isinstance(value, str) and str(value) in ("null", "undefined"))


def find_local_storage():
    """The page's localStorage: pygbag's ``platform.window`` first, then Pyodide's ``js``.
    Raises StorageError when there is none (not in a browser, or the browser blocks it)."""
    import platform

    window = getattr(platform, "window", None)
    try:
        if window is not None:
            storage = window.localStorage
        else:
            import js  # Pyodide

            storage = js.localStorage
    except Exception as e:  # ImportError, AttributeError, a JS SecurityError (storage blocked)
        raise StorageError(f"localStorage is not available: {e}") from e
    if _is_null(storage):
        raise StorageError("localStorage is not available")
    return storage


class BrowserStore:
    """The browser's localStorage (values are UTF-16 strings; a few MB per site)."""

    warning: str | None = None

    def __init__(self, local_storage=None):
        self.ls = find_local_storage() if local_storage is None else local_storage

    def get(self, key: str) -> str | None:
        _check(key)
        try:
            value = self.ls.getItem(key)
        except Exception as e:
            raise StorageError(f"localStorage.getItem failed: {e}") from e
        if _is_null(value):
            return None
        return value if isinstance(value, str) else str(value)

    def set(self, key: str, value: str) -> None:
        _check(key, value)
        try:
            self.ls.setItem(key, value)
        except Exception as e:
            # pygbag turns the JS DOMException into a plain Exception carrying its message,
            # Pyodide into a JsException whose name is QuotaExceededError: look at both.
            text = f"{getattr(e, 'name', '')} {e}".lower()
            if "quota" in text:
                raise StorageFull(f"localStorage is full: {e}") from e
            raise StorageError(f"localStorage.setItem failed: {e}") from e

    def delete(self, key: str) -> None:
        _check(key)
        try:
            self.ls.removeItem(key)
        except Exception as e:
            raise StorageError(f"localStorage.removeItem failed: {e}") from e

    def keys(self) -> list[str]:
        try:
            count = int(self.ls.length)
            found = [self.ls.key(i) for i in range(count)]
        except Exception as e:
            raise StorageError(f"can't list localStorage: {e}") from e
        return [k if isinstance(k, str) else str(k) for k in found if not _is_null(k)]


# --------------------------------------------------------------------------------- choice
def data_dir() -> str:
    """The desktop save folder: $PARLOUR_DATA_DIR, else platformdirs' user data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return override
    import platformdirs

    return platformdirs.user_data_dir(APP_NAME, appauthor=False)


def default_store() -> Store:
    """localStorage in the browser (pygbag or Pyodide), a FileStore on the desktop. If neither
    can be used, a MemoryStore whose ``warning`` tells the player progress won't be kept."""
    if sys.platform == "emscripten":
        try:
            return BrowserStore()
        except StorageError:
            return MemoryStore(warning="This browser doesn't let the game save (its storage is "
                                       "blocked), so progress will be lost when the page closes.")
    try:
        return FileStore(data_dir())
    except (StorageError, OSError):
        return MemoryStore(warning="The save folder can't be used, so progress will be lost "
                                   "when the game closes.")


__all__ = ["APP_NAME", "DATA_DIR_ENV", "BrowserStore", "FileStore", "MemoryStore", "Store",
           "StorageError", "StorageFull", "data_dir", "default_store", "find_local_storage"]
