"""Two paths, one link: a room's transport over a page's direct connections and its relays.

    transport = TwoPaths(carrier, "guest")  # carrier: the page's (browser.py) or a test's
    transport.poll()         # once a frame: the room's events (events.py), whichever path
    transport.send(peer, text); transport.close()
    transport.path(peer)     # "direct", "relays", or "" (not connected yet)
    transport.ping_every(peer)   # the session's heartbeat for that screen (slower on relays)

Where two browsers can't open a WebRTC connection (strict NATs, many mobile networks, no TURN
server), the game's messages go through the Nostr relays the pages meet on. A *carrier* is
what a page offers (docs/remote.md, "The relay path", has the wire):

    carrier.me                     this page's key (64 hex digits; new at every load)
    carrier.poll() -> [(kind, key, data)]   (the kinds: ``Carried``)
        (UP, key, role)            a direct connection to that screen is up (it proved its key)
        (DOWN, key, "")            it went down
        (DIRECT, key, frame)       a frame that came over it
        (POST, key, frame)         a frame from the relays (signature and seal checked)
        (RELAYS, "", "N/M")        N of the page's M relays are reached now
        (STATUS, "", "failed: why")     the room couldn't be opened
    carrier.send(key, frame)       over the direct connection to that screen
    carrier.publish(frame, to)     to every relay, signed, and sealed for the screen with key
                                   ``to`` alone (the key the two pages share), or, with "",
                                   for everyone in the room (the room's key)
    carrier.set_bye(frame)         what to say on both paths when the page closes (it may
                                   close without Python: a tab closed)
    carrier.close()                leave, saying it
    carrier.direct                 (optional, True if absent) False where there is no direct
                                   path at all (the desktop's): texts take the relays at once

This file is everything above the carrier: the frames (JSON, the same on both paths), the
numbering, acknowledgements and resending that deliver each text once and in order whichever
path carried it, meeting (hello, a round trip before a screen counts as joined), leaving
(``bye``, or long silence), and which path each screen is on. Nothing from a carrier is
trusted: anything malformed, too big, from a screen that left, or for another screen is
dropped; ``poll``, ``send`` and ``close`` never raise.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol, TypedDict

from game.net.events import ROLES, Event, EventKind, Status


class Path(StrEnum):
    """How texts to a screen go now: ``TwoPaths.path``'s word (WAITING: no path yet)."""

    DIRECT = "direct"
    RELAYS = "relays"
    WAITING = ""


class Carried(StrEnum):
    """What a carrier tells (the first of its events' three strings: the module's docstring)."""

    UP = "up"
    DOWN = "down"
    DIRECT = "direct"
    POST = "post"
    RELAYS = "relays"
    STATUS = "status"


class Piece(StrEnum):
    """The first character of a frame's item: a piece of a longer text, or its last."""

    MORE = "+"
    LAST = "="


class Carrier(Protocol):
    """What a page offers (the module's docstring; the optional ``me``, ``set_bye`` and
    ``direct`` are asked for with care)."""

    def poll(self) -> Sequence[object]: ...

    def send(self, key: str, text: str) -> None: ...

    def publish(self, text: str, to: str) -> None: ...

    def close(self) -> None: ...


class Frame(TypedDict):
    """A frame's fields, as ``read_frame`` checked them (docs/remote.md, "Frames")."""

    to: str
    role: str
    seq: int
    items: list[str]
    ack: int
    hello: bool
    bye: bool


VERSION = 1
EVERYONE = "*"
DIRECT, RELAYS = Path.DIRECT, Path.RELAYS
KEY = re.compile(r"[0-9a-f]{64}")

DIRECT_WAIT_S = 2.0  # a screen met without a direct path, or whose path went down: this
#                      long, then the relays carry its texts
RESEND_S = {DIRECT: 2.0, RELAYS: 6.0}  # unacknowledged this long: sent again
RESEND_MAX_S = 12.0  # (on the relays the wait doubles up to this)
ACK_DELAY_S = {DIRECT: 0.1, RELAYS: 3.0}  # an acknowledgement alone waits this long for a ride
BATCH_S = 0.08  # on the relays, at most one frame to a screen in this long
RELAY_RATE = 0.8  # events a page publishes to one screen per second, at most, in the long
RELAY_BURST = 20  # run (public relays' limits: about 60 a minute), after a burst of this many
HELLO_EVERY_S = 20.0  # alone in the room: hello to everyone this often
HELLO_FIRST_S = (0.0, 1.5, 5.0)  # ... and at these times after opening
HELLO_TRIES = 10  # hellos to a screen met that doesn't answer (a replayed hello's key)
REACH_WAIT_S = 10.0  # no relay reached this long after opening: "offline" (still trying)
LEAVE_S = 30.0  # a joined screen silent this long (a relay reached) has left
PING_EVERY_S = {DIRECT: 2.0, RELAYS: 5.0}  # the session's heartbeat on each path
KEEPALIVE_S = {DIRECT: 5.0, RELAYS: 6.0}  # nothing sent to a joined screen this long: an
#                                            empty frame says this page is here (a screen
#                                            the session doesn't talk to yet isn't left)

PIECE = 24_000  # characters of a text in one item (a longer text goes in pieces)
FRAME_CHARS = 30_000  # characters of items in one frame (a relay event stays under 64 KB)
MAX_FRAME = 65_536  # a frame longer than this is dropped unread
MAX_ITEMS = 256  # items in one frame
MAX_AHEAD = 512  # items kept that came before the ones missing
MAX_TEXT = 1 << 20  # a text put together from pieces
MAX_SCREENS = 16
MAX_SEQ = 1 << 40
PIECES = tuple(Piece)


def frame(
    to: str, role: str, seq: int, items: list[str], ack: int, hello: bool = False, bye: bool = False
) -> str:
    """A frame's text (docs/remote.md, "Frames")."""
    out: dict[str, object] = {"v": VERSION, "to": to, "r": role, "s": seq, "m": items, "a": ack}
    if hello:
        out["h"] = 1
    if bye:
        out["bye"] = 1
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False)


def read_frame(text: object) -> Frame | None:
    """A frame's fields, checked, or None for anything that is no frame."""
    if not isinstance(text, str) or len(text) > MAX_FRAME:
        return None
    try:
        f = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(f, dict) or f.get("v") != VERSION:
        return None
    to, role, seq, items, ack = (f.get(k) for k in ("to", "r", "s", "m", "a"))
    if not (isinstance(to, str) and (to == EVERYONE or KEY.fullmatch(to))):
        return None
    if role not in ROLES:
        return None
    if not (type(seq) is int and 1 <= seq <= MAX_SEQ and type(ack) is int and 0 <= ack <= MAX_SEQ):
        return None
    if not (
        isinstance(items, list)
        and len(items) <= MAX_ITEMS
        and all(isinstance(x, str) and 1 <= len(x) <= PIECE + 1 and x[0] in PIECES for x in items)
    ):
        return None
    return {
        "to": to,
        "role": role,
        "seq": seq,
        "items": items,
        "ack": ack,
        "hello": f.get("h") == 1,
        "bye": f.get("bye") == 1,
    }


def pieces(text: str) -> list[str]:
    """A text as items: ``+`` pieces, then the ``=`` last one."""
    parts = [text[i : i + PIECE] for i in range(0, len(text), PIECE)] or [""]
    return [Piece.MORE + p for p in parts[:-1]] + [Piece.LAST + parts[-1]]


class Bucket:
    """Tokens for events on the relays: ``rate`` a second (RELAY_RATE: public relays'),
    RELAY_BURST at most (what is sent waits, and is batched, while there is none)."""

    def __init__(self, now: float, rate: float = RELAY_RATE):
        self.tokens, self.at, self.rate = float(RELAY_BURST), now, rate

    def take(self, now: float) -> bool:
        self.tokens = min(RELAY_BURST, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def relay_rate(asked: str | float | None, own_relays: bool) -> float:
    """The relays' rate a page keeps to: ``asked`` (events a second to one screen, a number
    or its text) where the player named relays of their own (``?relay=``, ``--relay``) and
    asked for more (a relay run for friends needs no public relay's limit), else RELAY_RATE.
    Anything else (no number, zero, negative, not finite) is RELAY_RATE."""
    if not own_relays or asked is None:
        return RELAY_RATE
    try:
        rate = float(asked)
    except ValueError:
        return RELAY_RATE
    return rate if math.isfinite(rate) and rate > 0 else RELAY_RATE


class Screen:
    """Another screen in the room, as this page knows it (by its key)."""

    def __init__(self, key: str, role: str, now: float, rate: float = RELAY_RATE):
        self.key = key
        self.role = role
        self.met = now
        self.joined = False  # a frame addressed to this page came from it (one that left
        #                      is no longer among the TwoPaths' screens)
        self.hello_at = -1e9  # when this page last said hello to it
        self.hellos = 0  # hellos said to it while it hadn't joined
        self.direct = False
        self.no_direct_since = now
        self.heard = now
        # sending: items numbered from 1; those after ``acked`` are kept until acknowledged
        self.out: list[str] = []  # items acked+1, acked+2, ...
        self.acked = 0
        self.cursor = 1  # the next number to transmit
        self.sent_at = -1e9  # when the first unacknowledged item was last transmitted
        self.framed_at = -1e9  # when any frame last went to it
        self.wait = RESEND_S[RELAYS]
        # receiving
        self.got = 0  # the last number received in order
        self.ahead: dict[int, str] = {}
        self.partial: list[str] = []
        self.partial_chars = 0
        self.ack_owed: float | None = None
        self.bucket = Bucket(now, rate)  # what may be published to it

    @property
    def last(self) -> int:
        return self.acked + len(self.out)


class TwoPaths:
    """A room's transport over a carrier (see the module's docstring)."""

    def __init__(
        self,
        carrier: Carrier,
        role: str,
        clock: Callable[[], float] = time.monotonic,
        relay_rate: float = RELAY_RATE,
    ):
        """``relay_rate``: the events a second this page may publish to one screen on the
        relays in the long run (public relays' limit by default; ``relay_rate()`` reads what
        the player asked for their own relays)."""
        if role not in ROLES:
            raise ValueError(f"role is 'host' or 'guest', not {role!r}")
        self.carrier = carrier
        self.role = role
        self.clock = clock
        self.relay_rate = relay_rate
        self.me = str(getattr(carrier, "me", "") or "")
        self.screens: dict[str, Screen] = {}
        self.left: set[str] = set()  # keys that left: never again
        self.reached: int | None = None  # relays reached now (None: not told yet)
        self.opened = self.clock()
        self._hellos = list(HELLO_FIRST_S)
        self._hello_at = self.opened
        self._said = ""  # the last status told the room: "", OPEN or OFFLINE
        self._events: list[Event] = []
        self.sent_events = 0  # frames published to the relays (the bench counts them)
        self._bucket = Bucket(self.opened, relay_rate)  # hellos to everyone (each screen its own)
        self.closed = False
        # how long a screen met waits for a direct path before the relays carry its texts
        self.direct_wait = DIRECT_WAIT_S if getattr(carrier, "direct", True) else 0.0
        # what the carrier says to everyone when the page closes (it may go first); a
        # carrier without one: silence, then LEAVE_S
        set_bye = getattr(carrier, "set_bye", None)
        try:
            if callable(set_bye):
                set_bye(self.bye())
        except Exception:  # noqa: BLE001 - a carrier that broke: the same silence
            pass

    # ------------------------------------------------------------------ the room's transport
    def poll(self) -> list[Event]:
        if self.closed:
            return []
        incoming: object
        try:
            incoming = self.carrier.poll()
        except Exception:  # noqa: BLE001 - a carrier that broke says nothing
            incoming = []
        now = self.clock()
        for x in incoming if isinstance(incoming, list) else ():
            try:
                self._carried(x, now)
            except Exception:  # noqa: BLE001 - never: but one bad event mustn't stop the rest
                continue
        self._tick(now)
        out, self._events = self._events, []
        return out

    def send(self, peer: str, text: str) -> None:
        s = self.screens.get(peer) if isinstance(peer, str) else None
        if self.closed or s is None or not s.joined or not isinstance(text, str):
            return
        s.out.extend(pieces(text))
        if self.path(peer) == DIRECT:  # at once, in as many frames as it takes
            now = self.clock()
            while s.cursor <= s.last:
                self._transmit(s, now)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.carrier.close()
        except Exception:  # noqa: BLE001
            pass

    def path(self, peer: str) -> Path:
        """How texts to that screen go now: DIRECT, RELAYS, or WAITING ("": no path yet)."""
        s = self.screens.get(peer)
        return Path.WAITING if s is None else self._path(s, self.clock())

    def ping_every(self, peer: str) -> float:
        """How often the session says it is here to that screen (less often on the relays:
        their rate limits)."""
        return PING_EVERY_S[RELAYS if self.path(peer) == RELAYS else DIRECT]

    def bye(self) -> str:
        """The frame a page sends everyone when it closes (the carrier sends it)."""
        return frame(EVERYONE, self.role, 1, [], 0, bye=True)

    # ------------------------------------------------------------------ what came
    def _carried(self, x: object, now: float) -> None:
        if not (
            isinstance(x, (list, tuple)) and len(x) == 3 and all(isinstance(v, str) for v in x)
        ):
            return
        kind, key, data = (str(v) for v in x)
        if kind == Carried.RELAYS:
            self._relays(data, now)
        elif kind == Carried.STATUS:
            if data.startswith(Status.FAILED):
                self._events.append((EventKind.STATUS, "", data[:300]))
        elif not KEY.fullmatch(key) or key == self.me or key in self.left:
            return
        elif kind == Carried.UP:
            if data in ROLES:
                s = self._screen(key, data, now)
                if s is not None:
                    s.direct = True
                    s.heard = now
                    s.cursor = s.acked + 1  # what waited goes now, on this path
                    self._join(s)
        elif kind == Carried.DOWN:
            s = self.screens.get(key)
            if s is not None and s.direct:
                s.direct = False
                s.no_direct_since = now
                s.cursor = s.acked + 1
        elif kind in (Carried.DIRECT, Carried.POST):
            f = read_frame(data)
            if f is not None:
                self._frame(key, f, now, direct=kind == Carried.DIRECT)

    def _relays(self, data: str, now: float) -> None:
        n, slash, m = data.partition("/")
        if not (slash and n.isdigit() and m.isdigit()):
            return
        if self.reached == 0 and int(n) > 0:
            for s in self.screens.values():  # silent while no relay was reached: not gone
                s.heard = max(s.heard, now)
        self.reached = int(n)
        if self.reached > 0:
            self._status(Status.OPEN)
        elif self._said:  # (before anything was reached: offline only after REACH_WAIT_S)
            self._status(Status.OFFLINE)

    def _screen(self, key: str, role: str, now: float) -> Screen | None:
        s = self.screens.get(key)
        if s is not None:
            return s if s.role == role else None  # a screen's role is its first
        if len(self.screens) >= MAX_SCREENS:
            idle = [k for k, v in self.screens.items() if not v.joined]
            if not idle:
                return None
            del self.screens[min(idle, key=lambda k: self.screens[k].met)]
        s = self.screens[key] = Screen(key, role, now, self.relay_rate)
        return s

    def _frame(self, key: str, f: Frame, now: float, direct: bool) -> None:
        if f["to"] not in (EVERYONE, self.me):
            return  # between two other screens
        s = self._screen(key, f["role"], now)
        if s is None:
            return
        s.heard = now
        if f["bye"]:
            self._leave(s)
            return
        if f["to"] == self.me:
            self._join(s)
        if f["hello"] and now - s.hello_at >= BATCH_S:
            self._hello(s, now)  # an answer: it learns this page is here
        if f["to"] != self.me:
            return  # a hello to everyone
        if f["ack"] > s.acked:
            done = min(f["ack"], s.last) - s.acked
            del s.out[:done]
            s.acked += done
            s.cursor = max(s.cursor, s.acked + 1)
            s.sent_at = now  # (the next one's wait starts now)
            s.wait = RESEND_S[RELAYS]
        if f["items"]:
            if s.ack_owed is None:
                s.ack_owed = now
            for i, item in enumerate(f["items"]):
                self._item(s, f["seq"] + i, item)

    def _item(self, s: Screen, seq: int, item: str) -> None:
        if seq <= s.got:
            return  # again (a resend, a replay)
        if seq > s.got + 1:
            if seq - s.got <= MAX_AHEAD:
                s.ahead[seq] = item
            return
        self._take(s, item)
        while s.got + 1 in s.ahead:
            self._take(s, s.ahead.pop(s.got + 1))

    def _take(self, s: Screen, item: str) -> None:
        s.got += 1
        if s.partial_chars + len(item) > MAX_TEXT:
            s.partial, s.partial_chars = [], 0  # too long a text: dropped whole
            return
        s.partial.append(item[1:])
        s.partial_chars += len(item)
        if item[0] == Piece.LAST:
            text = "".join(s.partial)
            s.partial, s.partial_chars = [], 0
            if s.joined:
                self._events.append((EventKind.TEXT, s.key, text))

    def _join(self, s: Screen) -> None:
        if not s.joined:
            s.joined = True
            self._events.append((EventKind.JOIN, s.key, s.role))
            if not self._said:  # (met before any relay said it was reached)
                self._status(Status.OPEN)

    def _leave(self, s: Screen) -> None:
        self.left.add(s.key)
        self.screens.pop(s.key, None)
        if s.joined:
            self._events.append((EventKind.LEAVE, s.key, ""))

    def _status(self, word: Status) -> None:
        """OPEN or OFFLINE to the room, once for each change."""
        if word != self._said:
            self._said = word
            self._events.append((EventKind.STATUS, "", word))

    # ------------------------------------------------------------------ what goes
    def _path(self, s: Screen, now: float) -> Path:
        if s.direct:
            return Path.DIRECT
        if now - s.no_direct_since >= self.direct_wait:
            return Path.RELAYS
        return Path.WAITING

    def _tick(self, now: float) -> None:
        for s in list(self.screens.values()):
            if s.joined and now - s.heard > LEAVE_S and (s.direct or self.reached != 0):
                self._leave(s)
                continue
            if not s.joined:  # met, no round trip yet: hello again (a few times)
                if s.hellos < HELLO_TRIES and now - s.hello_at >= RESEND_S[RELAYS] * 2 ** min(
                    s.hellos, 2
                ):
                    self._hello(s, now)
                continue
            path = self._path(s, now)
            if not path:
                continue
            if (
                s.cursor > s.acked + 1
                and s.out
                and now - s.sent_at >= (s.wait if path == RELAYS else RESEND_S[DIRECT])
            ):
                s.cursor = s.acked + 1  # unacknowledged: again
                if path == RELAYS:
                    s.wait = min(s.wait * 2, RESEND_MAX_S)
            if (
                s.cursor <= s.last
                or now - s.framed_at >= KEEPALIVE_S[path]
                or (s.ack_owed is not None and now - s.ack_owed >= ACK_DELAY_S[path])
            ):
                self._transmit(s, now)
        if self.reached == 0 and not self._said and now - self.opened >= REACH_WAIT_S:
            self._status(Status.OFFLINE)
        alone = not any(s.joined for s in self.screens.values())
        due = self._hellos[0] if self._hellos else None
        if due is not None and now - self.opened >= due:
            self._hellos.pop(0)
            self._hello(None, now)
        elif alone and now - self._hello_at >= HELLO_EVERY_S:
            self._hello(None, now)

    def _hello(self, s: Screen | None, now: float) -> None:
        """Hello to everyone (``s`` None), or to one screen (an answer)."""
        if s is None:
            if self._bucket.take(now):
                self._hello_at = now
                self._publish(frame(EVERYONE, self.role, 1, [], 0, hello=True), "")
            return
        if not s.direct and not s.bucket.take(now):
            return  # (said as soon as there is a token)
        s.hello_at = now
        if not s.joined:
            s.hellos += 1
        text = frame(s.key, self.role, s.acked + 1, [], s.got, hello=not s.joined)
        if s.direct:
            self._direct(s.key, text)
        else:
            self._publish(text, s.key)

    def _transmit(self, s: Screen, now: float) -> None:
        path = self._path(s, now)
        if not path or (path == RELAYS and (now - s.framed_at < BATCH_S or not s.bucket.take(now))):
            return
        items: list[str] = []
        chars = 0
        first = max(s.cursor, s.acked + 1)
        for item in s.out[first - s.acked - 1 :]:
            if items and (len(items) >= MAX_ITEMS or chars + len(item) > FRAME_CHARS):
                break
            items.append(item)
            chars += len(item)
        text = frame(s.key, self.role, first, items, s.got)
        if path == DIRECT:
            self._direct(s.key, text)
        else:
            self._publish(text, s.key)
        s.cursor = first + len(items)
        if items and first == s.acked + 1:
            s.sent_at = now
        s.framed_at = now
        s.ack_owed = None

    def _direct(self, key: str, text: str) -> None:
        try:
            self.carrier.send(key, text)
        except Exception:  # noqa: BLE001 - resent later
            pass

    def _publish(self, text: str, to: str) -> None:
        self.sent_events += 1
        try:
            self.carrier.publish(text, to)
        except Exception:  # noqa: BLE001 - resent later
            pass


__all__ = [
    "Bucket",
    "Carried",
    "Carrier",
    "DIRECT",
    "EVERYONE",
    "Frame",
    "Path",
    "Piece",
    "RELAYS",
    "Screen",
    "TwoPaths",
    "frame",
    "pieces",
    "read_frame",
    "relay_rate",
]
