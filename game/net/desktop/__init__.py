"""The desktop's transport for remote seats (issue 36): the relay path, spoken by Python.

    from game.net import desktop
    if desktop.available():                     # the desktop's libraries are installed
        transport = desktop.open_room("K7PQ2M", "host", wake=callback)   # or "guest"
        transport.poll(); transport.send(peer, text); transport.close()  # events.py's shape

As game/net/browser.py is the page's, this is the desktop app's: ``TwoPaths`` (paths.py, the
browser's own code above its carrier) over a ``RelayCarrier`` (carrier.py), which speaks the
browser's wire (wire.py) to the same Nostr relays. So a desktop app and a browser page sit at
one table, either one hosting. The app has one room at a time: opening another closes the one
before.

The relays: those given (``python -m game --relay wss://...``, repeatable, which sets
$PARLOUR_RELAYS), else the five public relays Trystero picks for the page's app id, so that a
desktop and a page opened without ``?relay=`` meet (DEFAULT_RELAYS; tests/web/test_net.py checks
them against Trystero's own pick).

This folder isn't packed into the web game (DESKTOP-ONLY): docs/remote.md, "The desktop".
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from game.net.events import CODE, ROLES
from game.net.paths import TwoPaths, relay_rate

if TYPE_CHECKING:  # (imported when a room opens: its libraries may be missing)
    from game.net.desktop.carrier import RelayCarrier

RELAYS_ENV = "PARLOUR_RELAYS"  # space-separated relay addresses (python -m game --relay)
#: with relays of one's own ($PARLOUR_RELAYS): the events a second the app may publish to each
#: screen on them (python -m game --relay-rate; default: public relays' limit, paths.py)
RELAY_RATE_ENV = "PARLOUR_RELAY_RATE"
#: Trystero 0.25.4's pick for the app id "patience-parlour" (getRelays(..., 5, true)), the
#: relays a page opened without ?relay= uses
DEFAULT_RELAYS = (
    "wss://strfry.shock.network",
    "wss://yabu.me/v2",
    "wss://social.amanah.eblessing.co",
    "wss://nostr-relay.corb.net",
    "wss://relay.mostr.pub",
)

_current: RelayCarrier | None = None  # the carrier of the room open now


def available() -> bool:
    """True where the desktop's network libraries are installed."""
    try:
        from game.net.desktop import carrier  # noqa: F401 (its libraries import)
    except ImportError:
        return False
    return True


def relay_address(url: object) -> bool:
    """Whether ``url`` can be a relay's address: ws:// or wss://."""
    return isinstance(url, str) and url.startswith(("ws://", "wss://"))


def relays() -> list[str]:
    """The relays to meet on: $PARLOUR_RELAYS's ws:// or wss:// addresses, else the default."""
    given = [u for u in os.environ.get(RELAYS_ENV, "").split() if relay_address(u)]
    return given or list(DEFAULT_RELAYS)


def open_room(
    code: str,
    role: str,
    wake: Callable[[], object] | None = None,
    urls: Iterable[str] | None = None,
) -> TwoPaths:
    """Join the room of ``code`` as ``role`` ("host" or "guest") on the relays (``urls``, else
    ``relays()``): the room's transport. ``wake()`` is called from the network's threads
    whenever something came. A code that isn't 4 to 12 capitals or digits, or another role,
    is a ValueError."""
    global _current
    if not (isinstance(code, str) and CODE.fullmatch(code)):
        raise ValueError(f"a room code is 4 to 12 letters A-Z or digits, not {code!r}")
    if role not in ROLES:
        raise ValueError(f"role is 'host' or 'guest', not {role!r}")
    from game.net.desktop.carrier import RelayCarrier

    if _current is not None:
        _current.close()
    _current = RelayCarrier(code, relays() if urls is None else urls, wake=wake)
    own = bool(os.environ.get(RELAYS_ENV, "").split())
    return TwoPaths(_current, role, relay_rate=relay_rate(os.environ.get(RELAY_RATE_ENV), own))
