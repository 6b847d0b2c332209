"""The format of each kind of record, and how a record of an older format is brought up to it.

``format`` is per kind (FORMATS). When a record's shape changes, raise its format and add a
function to MIGRATIONS that turns the old data into the new; records are migrated when read
(``opened``). A record of a format newer than FORMATS says is never misread: ``opened`` raises
Newer, and the reader keeps it aside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.storage.records import Kind, Newer, Unreadable, dumps, loads
from game.storage.statistics import stats_1_to_2

FORMATS: dict[Kind, int] = {
    Kind.GAME: 1,
    Kind.STATS: 2,
    Kind.MATCH: 1,
    Kind.SETTINGS: 1,
    Kind.SHARED: 1,
}
# (kind, format) -> function turning data of that format into data of format + 1
MIGRATIONS: dict[tuple[Kind, int], Callable[[Any], Any]] = {(Kind.STATS, 1): stats_1_to_2}


def written(kind: Kind, data: Any) -> str:
    """The stored text of a record of ``kind``: its data in the current format. TypeError or
    ValueError for data that is not JSON (a bug of the caller)."""
    return dumps({"format": FORMATS[kind], "data": data})


def opened(kind: Kind, text: str) -> Any:
    """The data of a record's text, migrated to the current format. Raises Unreadable (or
    whatever a migration raises) when it can't be used, Newer for a newer format."""
    envelope = loads(text)
    if (
        not isinstance(envelope, dict)
        or type(envelope.get("format")) is not int
        or "data" not in envelope
    ):
        raise Unreadable("not a saved record")
    version: int = envelope["format"]
    data = envelope["data"]
    current = FORMATS[kind]
    if version > current:
        raise Newer(version)
    while version < current:
        migrate = MIGRATIONS.get((kind, version))
        if migrate is None:
            raise Unreadable(f"no way to read format {version} of {kind}")
        data = migrate(data)
        version += 1
    return data


__all__ = ["FORMATS", "MIGRATIONS", "opened", "written"]
