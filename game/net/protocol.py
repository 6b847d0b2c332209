"""The protocol the screens at one table speak (version 2), message by message, as
docs/remote.md tells it. Every message is one JSON object of at most 64 KB in UTF-8 with its
type ``t`` and its number ``i`` (1, 2, ... per link and direction); ``parse`` reads the text
once and ``check`` holds it to its type's fields. Anything else is ``Refused``: nothing changes.

Sitting down (a guest to the host, the host back):
    hello    v, token        a guest's first word: the protocol's version, its seat's token
                             (None: a new guest; a token: back at its seat after a reload)
    welcome  v, game, options, seats, seat, token, h, [match]
                             the host's table: the game and its options, every seat's kind,
                             the guest's seat and token, the host's commitment to its share
                             of the deal, the match's target
    full                     no seat for that screen (the table is full, or a token unknown)

The fair deal (every screen commits, then all reveal; ``deal_seed`` of every value):
    commit   h               a guest's commitment: sha256 of its value (``commitment``)
    reveal   s, hs           the host's value, and every screen's commitment
    secret   s               a guest's value
    deal     ss              every screen's value: the deal is ``deal_seed(game, ss)``
    table    ss, hs, moves, groups, turn
                             the whole table, for a guest back by its token

Playing (an action, for the seat to act, at the history's length ``n``; a guest's also with
``h``, the number of the last host message it had taken when it made it, so that the host
refuses an action made before the guest saw the table change (a refusal, another seat's
action: one in flight may otherwise come when the history is that long again); the host
relays each to every guest with ``by``, its seat, and without ``h``):
    move     n, m            a move (``Move`` text)
    undo     n, k            the last group of ``k`` moves taken back
    redo     n, m            the moves of the last undone group played again
    call     n, s            seat ``s`` calls Stop! (knocks) on the last move
    refused  r               the host refused the guest's message number ``r`` (another
                             seat's action came first): the guest takes it back

Staying:
    ping                     nothing to say for PING_EVERY seconds: this screen is here
    end      why, seat       the game is ended: "cheat", "left" or "version"
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets

from game.core import GAMES, IllegalMove, Move, info
from game.session import Action

PROTOCOL = 2  # 2: a guest's actions say which host messages they were made after (h)
MAX_BYTES = 64 * 1024  # a message's size, in UTF-8
MAX_MOVES = 20000  # moves in a table sent to a guest that rejoins
PING_EVERY = 2.0  # seconds without a message to a peer before a ping says this screen is here
AWAY_AFTER = 10.0  # seconds without a word from a screen before its seats count as away
ENDINGS = ("cheat", "left", "version")
ACTIONS = ("move", "undo", "redo", "call")

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX32 = re.compile(r"[0-9a-f]{32}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class Refused(Exception):
    """A message refused: nothing changed. ``reply``: the host answers a guest's action;
    ``late``: an honest action that another seat's came before (nobody is told)."""

    def __init__(self, why: str, reply: bool = False, late: bool = False):
        super().__init__(why)
        self.reply, self.late = reply, late


class Late(IllegalMove):
    """An action for a point of the game already past, or made while a call was being made."""


# ---------------------------------------------------------------------- the fields
def is_int(x, lo=0, hi=10**9) -> bool:
    return type(x) is int and lo <= x <= hi


def is_value(x) -> bool:
    """A screen's share of the deal: 32 hex digits."""
    return type(x) is str and _HEX32.fullmatch(x) is not None


def is_commitment(x) -> bool:
    return type(x) is str and _HEX64.fullmatch(x) is not None


def is_token(x) -> bool:
    return type(x) is str and _TOKEN.fullmatch(x) is not None


def _is_move_text(x) -> bool:
    return type(x) is str and 0 < len(x) <= 24


def _is_options(x) -> bool:
    return (
        type(x) is dict
        and len(x) <= 32
        and all(
            type(k) is str
            and len(k) <= 64
            and type(v) in (bool, int, str)
            and (type(v) is not str or len(v) <= 64)
            for k, v in x.items()
        )
    )


def _list_of(check, lo, hi):
    return lambda x: type(x) is list and lo <= len(x) <= hi and all(check(v) for v in x)


FIELDS = {  # type -> {field: check}; every message also has "t" and "i"
    "hello": {"v": lambda x: is_int(x, 0, 10**6), "token": lambda x: x is None or is_token(x)},
    "welcome": {
        "v": lambda x: is_int(x, 0, 10**6),
        "game": lambda x: x in GAMES,
        "options": _is_options,
        "seats": _list_of(lambda s: type(s) is str and len(s) <= 40, 1, 8),
        "seat": lambda x: is_int(x, 0, 7),
        "token": is_token,
        "h": is_commitment,
    },
    "full": {},
    "commit": {"h": is_commitment},
    "reveal": {"s": is_value, "hs": _list_of(is_commitment, 2, 8)},
    "secret": {"s": is_value},
    "deal": {"ss": _list_of(is_value, 2, 8)},
    "table": {
        "ss": _list_of(is_value, 2, 8),
        "hs": _list_of(is_commitment, 2, 8),
        "moves": _list_of(lambda m: type(m) is str and 0 < len(m) <= 25, 0, MAX_MOVES),
        "groups": _list_of(lambda n: is_int(n, 1, MAX_MOVES), 0, MAX_MOVES),
        "turn": lambda x: is_int(x, 0, MAX_MOVES),
    },
    "move": {"n": is_int, "m": _is_move_text},
    "undo": {"n": is_int, "k": lambda x: is_int(x, 1, 10**6)},
    "redo": {"n": is_int, "m": _list_of(_is_move_text, 1, 64)},
    "call": {"n": is_int, "s": lambda x: is_int(x, 0, 7)},
    "refused": {"r": is_int},
    "ping": {},
    "end": {"why": lambda x: x in ENDINGS, "seat": lambda x: x is None or is_int(x, 0, 7)},
}
# type -> {field a message may leave out: check}: an action's seat as the host relays it, and
# the host messages a guest had taken when it made it (the host requires it); the host's
# match target (a host from before targets were shared sent none)
OPTIONAL = {
    **{t: {"by": lambda x: is_int(x, 0, 7), "h": is_int} for t in ACTIONS},
    "welcome": {"match": lambda x: x is None or is_int(x, 1, 10**6)},
}
# who may send what: the host's messages to a guest, a guest's to the host
FROM_HOST = frozenset(
    {"welcome", "reveal", "deal", "table", "refused", "end", "full", "ping", *ACTIONS}
)
FROM_GUEST = frozenset({"hello", "commit", "secret", "end", "ping", *ACTIONS})


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def parse(text) -> dict:
    """A message's envelope checked: text of at most 64 KB in UTF-8, a JSON object with a
    message number (``check`` then checks its type and fields). Refused otherwise."""
    if type(text) is not str:
        raise Refused("not text")
    if len(text) > MAX_BYTES:
        raise Refused("too big")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise Refused("not UTF-8 text") from None
    if size > MAX_BYTES:
        raise Refused("too big")
    try:
        msg = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise Refused("not JSON") from None
    if type(msg) is not dict or not is_int(msg.get("i"), 1):
        raise Refused("not a message of this protocol")
    return msg


def check(msg: dict, allowed: frozenset) -> dict:
    """A numbered message checked for its type and fields (what ``parse`` leaves)."""
    if type(msg.get("t")) is not str or msg["t"] not in allowed:
        raise Refused("not a message of this protocol")
    fields, optional = FIELDS[msg["t"]], OPTIONAL.get(msg["t"], {})
    extra = set(msg) - set(fields) - set(optional) - {"t", "i"}
    if (
        extra
        or any(name not in msg or not ok(msg[name]) for name, ok in fields.items())
        or any(name in msg and not ok(msg[name]) for name, ok in optional.items())
    ):
        raise Refused(f"a malformed {msg['t']} message")
    return msg


def dumps(msg: dict) -> str:
    return json.dumps(msg, separators=(",", ":"))


# ---------------------------------------------------------------------- actions
def message_of(action: Action) -> dict:
    """An action made at a table, as its message (without ``i`` and ``by``)."""
    if action.kind == "undo":
        return {"t": "undo", "n": action.at, "k": action.size}
    if action.kind == "redo":
        return {"t": "redo", "n": action.at, "m": [str(m) for m in action.moves]}
    if action.kind == "call":
        return {"t": "call", "n": action.at, "s": action.seat}
    return {"t": "move", "n": action.at, "m": str(action.moves[0])}


def apply(session, msg: dict, seat: int) -> None:
    """Play an action message for ``seat`` (a seat at another screen) on ``session``, through
    the session's own methods, once it is for this point of the game (``Late`` otherwise);
    IllegalMove (nothing changed) when the rules refuse it."""
    s = session.state
    if msg["n"] != len(s.history):
        raise Late("an action for another point of the game")
    if s.is_over():
        raise IllegalMove("the game is over")
    if msg["t"] == "call":
        if msg["s"] != seat:
            raise IllegalMove("a call for another seat")
        session.call_stop(by=seat)
        return
    if s.current_player != seat:
        raise IllegalMove("not that seat's turn")
    if session.pending_call is not None:
        raise Late("a Stop! call is being made")
    if msg["t"] == "move":
        session.play(Move.parse(msg["m"]), by=seat)
    elif msg["t"] == "undo":
        session.undo(by=seat, size=msg["k"])
    else:
        session.redo(by=seat, moves=[Move.parse(m) for m in msg["m"]])


# ---------------------------------------------------------------------- the deal
def new_value() -> str:
    """A screen's share of the deal: 128 random bits (secrets), as 32 hex digits."""
    return secrets.token_hex(16)


def new_token() -> str:
    """A guest's seat token: what sits it down again after a reload."""
    return secrets.token_urlsafe(24)


def commitment(value: str) -> str:
    return hashlib.sha256(f"parlour-commit:{value}".encode()).hexdigest()


def values_match(values: list[str], commits: list[str]) -> bool:
    """Every revealed value is the one its screen committed to."""
    return len(values) == len(commits) and all(commitment(v) == h for v, h in zip(values, commits))


def deal_seed(game_id: str, values: list[str]) -> int:
    """The deal's number from every screen's revealed value (in screen order: the host first,
    then the guests in seat order): a deal number like any other (1 to 999,999)."""
    digest = hashlib.sha256(f"parlour-deal:{game_id}:{':'.join(values)}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % 999_999


def match_target(game_id: str, target) -> int | None:
    """A shared table's match target: one of the game's choices, the game's default for None
    (and from a host or a save from before targets were shared); None for a game without a
    match. ValueError for anything else."""
    match = info(game_id).match
    if match is None:
        return None
    if target is None:
        return match.default
    if type(target) is not int or target not in match.choices:
        raise ValueError(
            f"a match to {target!r}: the choices are {', '.join(map(str, match.choices))}"
        )
    return target


__all__ = [
    "ACTIONS",
    "AWAY_AFTER",
    "FROM_GUEST",
    "FROM_HOST",
    "Late",
    "MAX_BYTES",
    "PING_EVERY",
    "PROTOCOL",
    "Refused",
    "apply",
    "check",
    "commitment",
    "deal_seed",
    "match_target",
    "message_of",
    "new_value",
    "parse",
]
