"""Where saved text lives: one tiny key -> value interface, three backends.

    Store.get(key) -> str | None;  Store.set(key, value);  Store.delete(key);  Store.keys()

- ``BrowserStore``: the page's ``localStorage``. Under pygbag it is reached through
  ``platform.window.localStorage``; under Pyodide through the ``js`` module. A missing key comes
  back from JavaScript as null (None under pygbag, ``jsnull`` under recent Pyodide): both read as
  None here. A full storage (``QuotaExceededError``) raises StorageFull.
- ``FileStore``: one file per key in a folder (by default the user's data folder from
  platformdirs). Every write goes to a temporary file in the same folder, is flushed to disk
  (fsync), and then replaces the old file with ``os.replace``, so a crash or power cut midway
  leaves the old value or the new one, never half of either. Only regular files are read,
  replaced or removed: a FIFO, directory or device found under a key's name is a read error
  (it never blocks) and is left alone. It also offers the stored bytes themselves
  (``get_bytes``, ``set_bytes``) and ``move``, so that a record is set aside byte for byte.
- ``MemoryStore``: a dict, for tests; an optional quota makes it raise StorageFull like a full
  localStorage.

Nothing here knows what the values mean; the records (records.py) and their Keeper
(keeper.py) do.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from types import ModuleType
from typing import Any, Protocol, runtime_checkable
from urllib.parse import unquote

from game.core.language import N_

APP_NAME = "patience-parlour"
DATA_DIR_ENV = "PARLOUR_DATA_DIR"  # overrides the desktop data folder (tests, portable installs)


class StorageError(Exception):
    """The storage could not do what was asked (it is unavailable, or the disk failed)."""


class StorageFull(StorageError):
    """The storage is full: the browser's localStorage quota, or a full disk."""


class Store(Protocol):
    """String keys to string values. ``get`` raises StorageError when the storage can't be
    read (never for what the value holds). A store may also offer ``get_bytes(key)``,
    ``set_bytes(key, data)`` and ``move(key, to_key)`` (a BytesStore, as FileStore is): Saves
    then keeps unusable records aside byte for byte by renaming them."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def delete(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


@runtime_checkable
class BytesStore(Store, Protocol):
    """A store that also offers the stored bytes themselves and a rename (FileStore): Saves
    then reads records as bytes and keeps unusable ones aside byte for byte, by renaming."""

    def get_bytes(self, key: str) -> bytes | None: ...

    def set_bytes(self, key: str, data: bytes) -> None: ...

    def move(self, key: str, to_key: str) -> None: ...


fcntl: ModuleType | None  # advisory locks on temp files (POSIX); Windows keeps the age rule
try:
    import fcntl
except ImportError:  # Windows, WebAssembly
    fcntl = None


def describe(error: BaseException) -> str:
    """An exception as a short text, even when its own ``str`` fails (a JS object's might)."""
    try:
        text = str(error)
    except Exception:
        text = ""
    return text or type(error).__name__


def _check(key: object, value: object = "") -> None:
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
        self.warning = warning  # a sentence for the player (English: Saves translates it), when
        #                         this stands in for real storage

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> str | None:
        _check(key)
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        _check(key, value)
        if self.quota is not None:
            old = self.data.get(key)
            after = (
                self.used()
                - (len(key) + len(old) if old is not None else 0)
                + len(key)
                + len(value)
            )
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
_TEMP_AGE = 60.0  # seconds: where temp files can't be locked, older ones are leftovers
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


def _regular(path: str) -> bool | None:
    """True for a regular file (symbolic links followed), None when nothing is there, False
    for anything else (a FIFO, directory, device or socket: never read, replaced or removed).
    Raises OSError when it can't be told."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        try:
            os.lstat(path)
        except (FileNotFoundError, NotADirectoryError):
            return None
        return None if os.path.islink(path) else False  # a dangling link: nothing stored


class FileStore:
    """One file per key in ``folder``; writes are atomic (temp file, fsync, os.replace)."""

    warning: str | None = None

    def __init__(self, folder: str | os.PathLike[str]):
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
        name = "".join(
            c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass"))
            for c in key
        )
        if len(name) > _MAX_NAME:
            raise ValueError(f"storage key too long for a file name: {key[:40]!r}...")
        return os.path.join(self.folder, name + _SUFFIX)

    def get(self, key: str) -> str | None:
        raw = self.get_bytes(key)
        # Undecodable bytes become U+FFFD: the caller then sees unreadable data, not a crash.
        # (Saves reads get_bytes, so that it can keep such a file aside as it is.)
        return None if raw is None else raw.decode("utf-8", errors="replace")

    def get_bytes(self, key: str) -> bytes | None:
        """The file's bytes as stored, or None. StorageError when it can't be read, including
        when it is not a regular file (opened without blocking, so a FIFO can't hang us)."""
        _check(key)
        path = self.path(key)
        try:
            kind = _regular(path)
            if kind is None:
                return None
            if not kind:
                raise StorageError(f"{path} is not a regular file")
            fd = os.open(path, _READ_FLAGS)
        except FileNotFoundError:
            return None
        except OSError as e:
            raise StorageError(f"can't read {path}: {e}") from e
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the checks
                raise StorageError(f"{path} is not a regular file")
            chunks: list[bytes] = []
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    return b"".join(chunks)
                chunks.append(chunk)
        except OSError as e:
            raise StorageError(f"can't read {path}: {e}") from e
        finally:
            os.close(fd)

    def set(self, key: str, value: str) -> None:
        _check(key, value)
        self.set_bytes(key, value.encode("utf-8", errors="surrogatepass"))

    def set_bytes(self, key: str, data: bytes) -> None:
        """Store exactly these bytes (atomically). Refuses to replace a non-regular file."""
        _check(key)
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError(f"set_bytes takes bytes, not {type(data).__name__}")
        final = self.path(key)
        temp = fd = None
        try:
            if _regular(final) is False:
                raise StorageError(f"{final} is not a regular file; it is left alone")
            temp, fd = self._new_temp_file()
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
            if fcntl is None:  # Windows can't rename an open file
                os.close(fd)
                fd = None
            os.replace(temp, final)
            temp = None
        except OSError as e:
            if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
                raise StorageFull(f"the disk is full: {e}") from e
            raise StorageError(f"can't write {final}: {e}") from e
        finally:
            if temp is not None:
                try:
                    os.unlink(temp)
                except OSError:
                    pass
            if fd is not None:
                os.close(fd)  # after the rename: the lock keeps cleaners off until then
        # The folder itself is not fsynced: after a power cut the rename may be lost, which
        # leaves the previous save, complete. That saves ~3 ms per move on a slow disk.

    def _new_temp_file(self) -> tuple[str, int]:
        """A new temp file, open for writing and (where the system has flock) locked for as
        long as it is open, so that another window's start-up clean never takes it. The lock is
        taken after the file is created: if a cleaner got there in between (it holds the lock,
        or has removed the file), this file is dropped and another made."""
        for _ in range(8):
            temp = os.path.join(self.folder, f"{_TEMP_PREFIX}{os.getpid()}-{os.urandom(6).hex()}")
            fd = os.open(
                temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644
            )
            if fcntl is None:
                return temp, fd
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # a cleaner holds it and will remove it
                os.close(fd)
                continue
            except OSError:  # no locks on this file system: the age rule protects the file
                return temp, fd
            try:
                if os.path.samestat(os.fstat(fd), os.stat(temp)):
                    return temp, fd
            except OSError:
                pass
            os.close(fd)  # a cleaner removed it before the lock was ours
        raise StorageError(f"can't make a temporary file in {self.folder}")

    def move(self, key: str, to_key: str) -> None:
        """Rename the record of ``key`` to ``to_key`` (replacing it): the bytes stay exactly as
        they are and no room is needed. Both must be regular files (or ``to_key`` absent)."""
        _check(key)
        _check(to_key)
        source, target = self.path(key), self.path(to_key)
        try:
            if not _regular(source):
                raise StorageError(f"{source} is not a regular file (or is gone)")
            if _regular(target) is False:
                raise StorageError(f"{target} is not a regular file; it is left alone")
            os.replace(source, target)
        except OSError as e:
            raise StorageError(f"can't move {source} to {target}: {e}") from e

    def delete(self, key: str) -> None:
        _check(key)
        path = self.path(key)
        try:
            if _regular(path) is False:
                raise StorageError(f"{path} is not a regular file; it is left alone")
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as e:
            raise StorageError(f"can't delete {path}: {e}") from e

    def keys(self) -> list[str]:
        try:
            names = os.listdir(self.folder)
        except OSError as e:
            raise StorageError(f"can't list {self.folder}: {e}") from e
        return sorted(
            unquote(n[: -len(_SUFFIX)], errors="surrogatepass")
            for n in names
            if n.endswith(_SUFFIX) and not n.startswith(".")
        )

    def _remove_stale_temp_files(self) -> None:
        """Remove temp files left by writes that were killed midway, whatever their age: a
        temp file is stale when no process holds its lock (the kernel drops the lock of a
        process that dies). A writer holds its lock until its file is renamed into place, so a
        write in progress in another window is never touched. Where locks don't exist
        (Windows, some network file systems), only temp files older than a minute go. Only
        regular files are ever removed."""
        now = time.time()
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name.startswith(_TEMP_PREFIX):
                try:
                    self._remove_if_stale(os.path.join(self.folder, name), now)
                except OSError:
                    pass

    @staticmethod
    def _remove_if_stale(path: str, now: float) -> None:
        before = os.lstat(path)
        if not stat.S_ISREG(before.st_mode):
            return
        old = now - before.st_mtime > _TEMP_AGE
        if fcntl is None:
            if old:
                os.unlink(path)  # Windows: fails while a writer has it open
            return
        fd = os.open(path, _READ_FLAGS | getattr(os, "O_NOFOLLOW", 0))
        try:
            if not os.path.samestat(os.fstat(fd), before):
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return  # a live writer holds it
            except OSError:  # locks unsupported here
                if not old:
                    return
            # Still the same file under that name? (Its writer may have renamed it into place
            # just before we took the lock.) Writers never touch a name again once they lose it.
            if os.path.samestat(os.lstat(path), before):
                os.unlink(path)
        finally:
            os.close(fd)


# --------------------------------------------------------------------------------- browser
def _is_null(value: object) -> bool:
    """JavaScript null/undefined as the bridges hand them over: None (pygbag, old Pyodide) or
    pyodide.ffi.jsnull (Pyodide 0.28 and later). Never raises, whatever ``value`` is."""
    if value is None or isinstance(value, str):
        return value is None
    try:
        if type(value).__name__ in ("JsNull", "JsUndefined"):
            return True
        return str(value) in ("null", "undefined")
    except Exception:  # a JS object whose toString throws
        return False


def find_local_storage() -> Any:
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
        raise StorageError(f"localStorage is not available: {describe(e)}") from e
    if _is_null(storage):
        raise StorageError("localStorage is not available")
    return storage


class BrowserStore:
    """The browser's localStorage (values are UTF-16 strings; a few MB per site)."""

    warning: str | None = None

    def __init__(self, local_storage: Any = None):
        self.ls = find_local_storage() if local_storage is None else local_storage

    def get(self, key: str) -> str | None:
        """The stored string, or None. Anything else the bridge hands back (a number, bytes, a
        JS object) is not the stored text, so it is a StorageError (a read error), as is any
        exception getItem throws: never a value to be taken for damaged data."""
        _check(key)
        try:
            value = self.ls.getItem(key)
        except Exception as e:
            raise StorageError(f"localStorage.getItem failed: {describe(e)}") from None
        if isinstance(value, str):
            return str.__str__(value)  # a plain str, even from a str subclass
        if _is_null(value):
            return None
        raise StorageError(f"localStorage.getItem gave back a {type(value).__name__}, not text")

    def set(self, key: str, value: str) -> None:
        _check(key, value)
        try:
            self.ls.setItem(key, value)
        except Exception as e:
            # pygbag turns the JS DOMException into a plain Exception carrying its message,
            # Pyodide into a JsException whose name is QuotaExceededError: look at both.
            try:
                text = f"{getattr(e, 'name', '')} {describe(e)}".lower()
            except Exception:
                text = describe(e).lower()
            if "quota" in text:
                raise StorageFull(f"localStorage is full: {describe(e)}") from e
            raise StorageError(f"localStorage.setItem failed: {describe(e)}") from e

    def delete(self, key: str) -> None:
        _check(key)
        try:
            self.ls.removeItem(key)
        except Exception as e:
            raise StorageError(f"localStorage.removeItem failed: {describe(e)}") from e

    def keys(self) -> list[str]:
        try:
            count = int(self.ls.length)
            found = [self.ls.key(i) for i in range(count)]
            return [
                str.__str__(k) if isinstance(k, str) else str(k) for k in found if not _is_null(k)
            ]
        except Exception as e:
            raise StorageError(f"can't list localStorage: {describe(e)}") from None


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
    can be used, a MemoryStore whose ``warning`` tells the player progress won't be kept (in
    English: Saves translates it when it tells the player)."""
    if sys.platform == "emscripten":
        try:
            return BrowserStore()
        except StorageError:
            return MemoryStore(
                warning=N_(
                    "This browser doesn't let the game save (its storage "
                    "is blocked), so progress will be lost when the page "
                    "closes."
                )
            )
    try:
        return FileStore(data_dir())
    except (StorageError, OSError):
        return MemoryStore(
            warning=N_(
                "The save folder can't be used, so progress will be lost when the game closes."
            )
        )


__all__ = [
    "APP_NAME",
    "DATA_DIR_ENV",
    "BrowserStore",
    "FileStore",
    "MemoryStore",
    "Store",
    "StorageError",
    "StorageFull",
    "data_dir",
    "default_store",
    "describe",
    "find_local_storage",
]
