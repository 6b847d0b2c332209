"""Making a shared table's side: the host's, a guest's, or either taken up again from a save.

table = host("russian-bank", seats=("human", "remote"), links=(a,))
table = join(b)             # or join(b, token)
table = resume(saved, link) # saved: table.save() before a reload
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.net.guest import GuestTable
from game.net.host import HostTable
from game.net.links import TextLink
from game.net.protocol import PROTOCOL
from game.net.shared_table import RemoteTable

SIDES: dict[str, type[HostTable] | type[GuestTable]] = {
    side.ROLE: side for side in (HostTable, GuestTable)
}


def host(
    game_id: str,
    seats: Iterable[object],
    links: Iterable[TextLink],
    *,
    match_target: int | None = None,
    **options: Any,
) -> HostTable:
    """A table for ``seats`` (at least one "remote", each played over the link given for it,
    in seat order); the deal is agreed once every guest has joined. Every screen plays its
    match to ``match_target`` (the game's default when None)."""
    return HostTable.start(game_id, seats, links, match_target=match_target, **options)


def join(link: TextLink, token: str | None = None) -> GuestTable:
    """Sit down at the host's table at the other end of ``link`` (with the ``token`` a guest
    was given: back at its seat, at the position the game has reached)."""
    return GuestTable.start(link, token)


def resume(data: object, link: TextLink | None = None) -> RemoteTable:
    """A shared table saved with ``save()``, after a reload: a guest joins again through
    ``link``; the host has its table back at once and takes each guest back as it comes, by
    its token (``attach`` its new link). ValueError when anything in ``data`` is wrong."""
    if not isinstance(data, dict) or data.get("remote") != PROTOCOL:
        raise ValueError("not a shared table's save")
    role = data.get("role")
    side = SIDES.get(role) if isinstance(role, str) else None
    if side is None:
        raise ValueError("a shared table's save is a host's or a guest's")
    return side.resume(data, link)


__all__ = ["host", "join", "resume"]
