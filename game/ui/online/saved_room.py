"""The room this page is in, kept in the storage's shared slot (never a game's own save), so
that a reload comes back to it; and read back, checked.
"""

from __future__ import annotations

from game.net import SharedTable


def keep(app, shared) -> None:
    """The room this page is in, into the storage's shared slot (never the game's own save):
    a reload comes back to it (SharedTable.save)."""
    try:
        data = shared.save()
    except Exception:  # noqa: BLE001 (nothing to keep yet)
        data = None
    if data is not None:
        app.saves.save_shared(data)
    app.collect_notices()


def _check_kept(data) -> dict:
    """A kept shared table as the rooms would take it up again (ValueError otherwise)."""
    SharedTable.resume(None, data)
    return data


def kept_table(app) -> dict | None:
    """The shared table kept in the storage, checked (a bad one is set aside, with a notice)."""
    try:
        kept = app.saves.load_shared(check=_check_kept)
    except Exception:  # noqa: BLE001 (the storage promises not to raise)
        kept = None
    app.collect_notices()
    return kept
