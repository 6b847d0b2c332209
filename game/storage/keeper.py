"""Reading and writing records so that nothing a player had is lost: the Keeper.

Reading never raises and never trusts the data: bytes that are not UTF-8, text that is not
JSON, a wrong shape, a format this build does not know, a record over MAX_RECORD characters, a
record its check refuses... the record is set aside, byte for byte, to ``parlour.aside/<same
path>`` (the latest unusable copy of each record is kept there), a sentence for the player goes
to ``notices``, and play starts clean.

The rule: nothing a player had is ever overwritten (or deleted) unless it was first kept aside
byte for byte. So:

- a *read error* (the storage failed: permission denied, a FIFO or directory in place of the
  file, localStorage's getItem throwing or handing back something that is not text) is not
  damaged data: the record is left as it is, the player is told once, and this Keeper refuses
  to write or delete that key until a later read of it succeeds (normally: until the next
  start);
- damaged data that can't be kept aside (no room) stays where it is, and writes to its key are
  refused until the copy can be made (tried again at each write);
- a key this Keeper never read is looked at once before its first write: if what is there can't
  be read the write is refused, and if it is unusable it is set aside first.

Writing never raises because of the storage: a full localStorage or disk becomes a notice and
the game goes on. A record over MAX_RECORD characters is not written (a notice; the previous
record stays). JSON only: nothing is ever loaded with pickle or eval.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

from game.core.language import _
from game.storage import notices
from game.storage.formats import opened, written
from game.storage.notices import Case, Doing
from game.storage.records import MAX_RECORD, Kind, Newer, Record, Unreadable
from game.storage.stores import BytesStore, StorageError, StorageFull, Store, describe

T = TypeVar("T")
Raw = str | bytes  # a record exactly as stored: bytes from a store that offers them, else text


class _Unread:
    """In Keeper's locks: the key's last read failed."""


_UNREAD = _Unread()


class Keeper:
    """Reads and writes the records of one Store under the rule (the module docstring), and
    says what the player should know in ``notices``."""

    def __init__(self, store: Store):
        self.store = store
        self.notices: list[str] = []  # sentences for the player; the client shows and clears them
        self._failing: set[Kind] = set()  # kinds whose last write failed (one notice a failure)
        self._written: dict[str, str] = {}  # key -> text last written, to skip identical writes
        self._seen: set[str] = set()  # keys whose stored record this Keeper has read or written
        self._locked: dict[str, _Unread | Raw] = {}  # keys not to overwrite: -> _UNREAD, or the
        #                                              raw record still waiting to be set aside
        self._too_large: set[str] = set()  # keys whose last write was refused for its size
        warning = getattr(self.store, "warning", None)
        if warning:
            self.notices.append(_(warning))  # (marked where it is written: stores.py)

    # ------------------------------------------------------------------------- reading
    def read(self, record: Record, check: Callable[[Any], T | None]) -> T | None:
        """The record's data (migrated) as ``check`` hands it back, or None when there is none
        or it can't be used (it is then kept aside, and a notice says so). Never raises."""
        key = record.key
        try:
            text, raw, problem = self._fetch(key)
        except Exception as e:  # a read error, whatever the store raised: not damaged data
            self._cannot_read(record, e)
            return None
        # Read: the caller now has what is stored, so writing over it is the caller's choice.
        self._locked.pop(key, None)
        self._seen.add(key)
        if raw is None:
            return None
        damaged = notices.said(record, Case.DAMAGED)
        if problem is not None or text is None:
            print(f"parlour storage: {key} is unusable: {problem}", file=sys.stderr)
            self._set_aside(record, raw, damaged)
            return None
        try:
            data = opened(record.kind, text)
        except Newer:
            self._set_aside(record, raw, notices.said(record, Case.NEWER))
            return None
        except Exception as e:  # whatever the stored text does to the parsers, play goes on
            print(f"parlour storage: {key} is unreadable: {describe(e)}", file=sys.stderr)
            self._set_aside(record, raw, damaged)
            return None
        try:
            result = check(data)
            if result is None:
                raise Unreadable("the check handed back nothing")
            return result
        except Exception as e:
            print(
                f"parlour storage: {key} is unusable: {type(e).__name__}: {describe(e)}",
                file=sys.stderr,
            )
            self._set_aside(record, raw, damaged)
            return None

    def has_written(self, record: Record) -> bool:
        """Whether this Keeper wrote the record (and it has not been removed or lost since)."""
        return record.key in self._written

    def _fetch(self, key: str) -> tuple[str | None, Raw | None, str | None]:
        """(text, raw, problem) for what is stored under ``key``: raw is exactly what is stored
        (bytes from a store that has ``get_bytes``, else the str), text its text (None when
        there is nothing, or when ``problem`` says why it is unusable as it stands). Raises
        whatever the store raises: the caller treats that as a read error."""
        if isinstance(self.store, BytesStore):
            raw = self.store.get_bytes(key)
            if raw is None:
                return None, None, None
            if not isinstance(raw, bytes):
                raise StorageError(f"the storage gave back a {type(raw).__name__}, not bytes")
            if len(raw) > MAX_RECORD:
                return None, raw, f"it is larger than {MAX_RECORD:,} bytes"
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                return None, raw, f"not UTF-8 text: {e}"
            return text, raw, None
        stored = self.store.get(key)
        if stored is None:
            return None, None, None
        if not isinstance(stored, str):
            raise StorageError(f"the storage gave back a {type(stored).__name__}, not text")
        stored = str.__str__(stored)
        if len(stored) > MAX_RECORD:
            return None, stored, f"it is larger than {MAX_RECORD:,} characters"
        return stored, stored, None

    def _cannot_read(self, record: Record, error: Exception) -> None:
        """A read error: leave the record alone and refuse to write over it."""
        key = record.key
        print(
            f"parlour storage: can't read {key}: {type(error).__name__}: {describe(error)}",
            file=sys.stderr,
        )
        self._locked[key] = _UNREAD
        self._written.pop(key, None)
        self._notice(notices.said(record, Case.UNREAD, error=describe(error)))

    # ------------------------------------------------------------------------- keeping aside
    def _set_aside(self, record: Record, raw: Raw, notice: str | None) -> bool:
        """Keep an unusable record aside, byte for byte, under ASIDE (replacing an older
        unusable copy of it), and remove it from its key. If that can't be done the record
        stays where it is and its key is locked until it can (``_may_replace`` tries again).
        True when the record is aside."""
        key = record.key
        self._written.pop(key, None)
        try:
            self._copy_aside(record, raw)
        except Exception as e:
            self._locked[key] = raw
            if notice is not None and isinstance(e, StorageFull):
                self._notice(notices.no_room_aside(notice))
            elif notice is not None:
                self._notice(notices.cannot_keep_aside(notice, describe(e)))
            return False
        self._locked.pop(key, None)
        self._seen.add(key)
        if notice is not None:
            self._notice(notices.kept_aside(notice))
        return True

    def _copy_aside(self, record: Record, raw: Raw) -> None:
        """Move the record to its place aside: by a rename where the store can (a file store:
        it keeps the very bytes and needs no room), else by a copy and then a removal."""
        store = self.store
        if isinstance(store, BytesStore):
            store.move(record.key, record.aside)
            return
        if not isinstance(raw, str):  # (only a store that offers bytes hands them back)
            raise StorageError("the storage handed back bytes it can't store")
        store.set(record.aside, raw)
        try:
            store.delete(record.key)
        except StorageError:
            pass  # the copy is kept: writing over the record later loses nothing

    def _may_replace(self, record: Record) -> bool:
        """Whether the record may be written over or deleted now (see the module docstring).
        Never raises."""
        key = record.key
        lock = self._locked.get(key)
        if lock is _UNREAD:
            return False
        if lock is not None:  # damaged, waiting for room to be set aside: try again
            try:
                _text, raw, _problem = self._fetch(key)
            except Exception:
                return False
            if raw is not None and raw == lock:
                if not self._set_aside(record, raw, None):
                    return False
                self._notice(notices.said(record, Case.ASIDE_NOW))
                return True
            self._locked.pop(key, None)  # someone else replaced or removed it: look afresh
            self._seen.discard(key)
        if key in self._seen:
            return True
        return self._look_before_writing(record)

    def _look_before_writing(self, record: Record) -> bool:
        """A record never read in this Keeper is looked at before it is written over: a read
        error refuses the write, an unusable record is set aside first."""
        key = record.key
        try:
            text, raw, problem = self._fetch(key)
        except Exception as e:
            self._cannot_read(record, e)
            return False
        self._seen.add(key)
        if raw is None:
            return True
        try:
            if problem is not None or text is None:
                raise Unreadable(problem)
            opened(record.kind, text)
            return True
        except Newer:
            why = notices.said(record, Case.NEWER_REPLACED)
        except Exception:
            why = notices.said(record, Case.DAMAGED_REPLACED)
        return self._set_aside(record, raw, why)

    # ------------------------------------------------------------------------- writing
    def write(self, record: Record, data: Any) -> None:
        """Write the record, unless that would lose what is stored (the module docstring) or
        it is too large; what the storage says goes to the notices. Raises only for data that
        is not JSON (a bug of the caller)."""
        key = record.key
        text = written(record.kind, data)  # TypeError/ValueError: a bug
        if self._written.get(key) == text:
            return
        if len(text) > MAX_RECORD:
            if key not in self._too_large:
                self._too_large.add(key)
                self._notice(notices.too_large(record, len(text)))
            return
        if not self._may_replace(record):
            return
        try:
            self.store.set(key, text)
        except StorageError as e:
            if record.kind not in self._failing:
                self._failing.add(record.kind)
                full = isinstance(e, StorageFull)
                self._notice(notices.storage_full() if full else notices.cannot_save(describe(e)))
            return
        self._failing.discard(record.kind)
        self._too_large.discard(key)
        self._written[key] = text

    def delete(self, record: Record) -> None:
        """Remove the record, unless that would lose what is stored (the module docstring)."""
        key = record.key
        self._written.pop(key, None)
        if not self._may_replace(record):
            return
        try:
            self.store.delete(key)
        except StorageError as e:
            self._notice(notices.cannot_remove(describe(e)))

    # ------------------------------------------------------------------------- telling
    def _notice(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)

    def report_bug(self, doing: Doing, error: Exception) -> None:
        """A bug (not the storage) kept the game from ``doing`` what it was doing."""
        print(
            f"parlour storage: failed to {doing}: {type(error).__name__}: {describe(error)}",
            file=sys.stderr,
        )
        self._notice(notices.bug(doing, f"{type(error).__name__}: {describe(error)}"))


__all__ = ["Keeper"]
