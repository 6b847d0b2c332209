"""The network floor: tables shared by several screens, without pygame. It stands on the
session (game/session) and the client (game/ui) stands on it.

    from game.net import host, join, pair
    a, b = pair()                     # two in-memory links joined to each other
    table = host("russian-bank", seats=("human", "remote"), links=(a,), mode="stop")
    guest = join(b)                   # its table comes from the host
    table.advance(10); guest.advance(10)   # read and answer the links (and, on the host,
                                           # play the computer seats); never blocks
    table.ready and guest.ready       # once the deal is agreed
    guest.play(move)                  # as at one screen; the others see it after advance

The files, from the wire up:
    protocol.py   the messages, one by one, as docs/remote.md tells them; parse and check
                  (once), the fair deal's commitments, an action message played on a session
    links.py      links (``send``/``receive`` of text), in memory (``pair``); a peer as this
                  screen knows it
    shared_table.py  what both sides of a shared table do: read the links, refuse, end, tell
                  (each side's table of what it does with each message type)
    host.py       the host's side (seats the guests, leads the deal, relays, plays computers)
    guest.py      a guest's side (plays at once; takes back exactly what the host didn't take)
    resume.py     host(), join(), resume()
    events.py     what a room's transport says (one shape, one check), the roles
    room.py       a room: screens meet by a code; the host's lobby, a guest's seat, Play again
    memory.py     rooms in memory (tests, demos)
    browser.py    the browser's transport (the page's window.parlourNet: Trystero, WebRTC)
    paths.py      two paths, one link: a room's transport over a carrier's direct connections
                  and its relays
    desktop/      the desktop's transport: the relay path in Python (threads; never packed
                  into the web game)
"""

from game.net.events import GUEST, HOST, Role, Status
from game.net.guest import GuestTable
from game.net.host import HostTable
from game.net.links import Link, pair
from game.net.memory import MemoryRelay
from game.net.protocol import PROTOCOL, Ending, MessageType, Refused
from game.net.resume import host, join, resume
from game.net.room import (
    CODE_LENGTH,
    CODE_LETTERS,
    GuestRoom,
    HostRoom,
    SharedTable,
    clean_code,
    new_code,
)
from game.net.shared_table import Happened, RemoteTable

__all__ = [
    "CODE_LENGTH",
    "CODE_LETTERS",
    "Ending",
    "GUEST",
    "GuestRoom",
    "GuestTable",
    "HOST",
    "Happened",
    "HostRoom",
    "HostTable",
    "Link",
    "MemoryRelay",
    "MessageType",
    "PROTOCOL",
    "Refused",
    "RemoteTable",
    "Role",
    "SharedTable",
    "Status",
    "clean_code",
    "host",
    "join",
    "new_code",
    "pair",
    "resume",
]
