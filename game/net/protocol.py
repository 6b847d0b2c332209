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
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, TypeAlias

from game.core import GAMES, IllegalMove, Move, info
from game.session import Action, Session

PROTOCOL = 2  # 2: a guest's actions say which host messages they were made after (h)
MAX_BYTES = 64 * 1024  # a message's size, in UTF-8
MAX_MOVES = 20000  # moves in a table sent to a guest that rejoins
PING_EVERY = 2.0  # seconds without a message to a peer before a ping says this screen is here
AWAY_AFTER = 10.0  # seconds without a word from a screen before its seats count as away


class MessageType(StrEnum):
    """A message's type, its ``t``: the very word on the wire."""

    HELLO = "hello"
    WELCOME = "welcome"
    FULL = "full"
    COMMIT = "commit"
    REVEAL = "reveal"
    SECRET = "secret"
    DEAL = "deal"
    TABLE = "table"
    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    CALL = "call"
    REFUSED = "refused"
    PING = "ping"
    END = "end"


class Ending(StrEnum):
    """Why an ``end`` says the game is ended (its ``why``)."""

    CHEAT = "cheat"  # a screen's share of the deal didn't match its commitment
    LEFT = "left"  # a player left
    VERSION = "version"  # a screen of another version of the protocol


ENDINGS = tuple(Ending)
#: the actions: the session's Action kinds, each played by the message of the same word
ACTIONS = frozenset({MessageType.MOVE, MessageType.UNDO, MessageType.REDO, MessageType.CALL})

#: a message: a JSON object (its values are whatever JSON holds until ``check`` has held them
#: to their type's fields)
Message: TypeAlias = dict[str, Any]
#: a field's check: True for a JSON value the field may hold
FieldCheck: TypeAlias = Callable[[Any], bool]

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
def is_int(x: object, lo: int = 0, hi: int = 10**9) -> bool:
    return type(x) is int and lo <= x <= hi


def is_value(x: object) -> bool:
    """A screen's share of the deal: 32 hex digits."""
    return type(x) is str and _HEX32.fullmatch(x) is not None


def is_commitment(x: object) -> bool:
    return type(x) is str and _HEX64.fullmatch(x) is not None


def is_token(x: object) -> bool:
    return type(x) is str and _TOKEN.fullmatch(x) is not None


def _is_move_text(x: object) -> bool:
    return type(x) is str and 0 < len(x) <= 24


def _is_options(x: object) -> bool:
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


def _list_of(check: FieldCheck, lo: int, hi: int) -> FieldCheck:
    return lambda x: type(x) is list and lo <= len(x) <= hi and all(check(v) for v in x)


FIELDS: dict[MessageType, dict[str, FieldCheck]] = {  # every message also has "t" and "i"
    MessageType.HELLO: {
        "v": lambda x: is_int(x, 0, 10**6),
        "token": lambda x: x is None or is_token(x),
    },
    MessageType.WELCOME: {
        "v": lambda x: is_int(x, 0, 10**6),
        "game": lambda x: x in GAMES,
        "options": _is_options,
        "seats": _list_of(lambda s: type(s) is str and len(s) <= 40, 1, 8),
        "seat": lambda x: is_int(x, 0, 7),
        "token": is_token,
        "h": is_commitment,
    },
    MessageType.FULL: {},
    MessageType.COMMIT: {"h": is_commitment},
    MessageType.REVEAL: {"s": is_value, "hs": _list_of(is_commitment, 2, 8)},
    MessageType.SECRET: {"s": is_value},
    MessageType.DEAL: {"ss": _list_of(is_value, 2, 8)},
    MessageType.TABLE: {
        "ss": _list_of(is_value, 2, 8),
        "hs": _list_of(is_commitment, 2, 8),
        "moves": _list_of(lambda m: type(m) is str and 0 < len(m) <= 25, 0, MAX_MOVES),
        "groups": _list_of(lambda n: is_int(n, 1, MAX_MOVES), 0, MAX_MOVES),
        "turn": lambda x: is_int(x, 0, MAX_MOVES),
    },
    MessageType.MOVE: {"n": is_int, "m": _is_move_text},
    MessageType.UNDO: {"n": is_int, "k": lambda x: is_int(x, 1, 10**6)},
    MessageType.REDO: {"n": is_int, "m": _list_of(_is_move_text, 1, 64)},
    MessageType.CALL: {"n": is_int, "s": lambda x: is_int(x, 0, 7)},
    MessageType.REFUSED: {"r": is_int},
    MessageType.PING: {},
    MessageType.END: {
        "why": lambda x: x in ENDINGS,
        "seat": lambda x: x is None or is_int(x, 0, 7),
    },
}
# type -> {field a message may leave out: check}: an action's seat as the host relays it, and
# the host messages a guest had taken when it made it (the host requires it); the host's
# match target (a host from before targets were shared sent none)
OPTIONAL: dict[MessageType, dict[str, FieldCheck]] = {
    **{t: {"by": lambda x: is_int(x, 0, 7), "h": is_int} for t in ACTIONS},
    MessageType.WELCOME: {"match": lambda x: x is None or is_int(x, 1, 10**6)},
}
# who may send what: the host's messages to a guest, a guest's to the host
FROM_HOST = frozenset(
    {
        MessageType.WELCOME,
        MessageType.REVEAL,
        MessageType.DEAL,
        MessageType.TABLE,
        MessageType.REFUSED,
        MessageType.END,
        MessageType.FULL,
        MessageType.PING,
        *ACTIONS,
    }
)
FROM_GUEST = frozenset(
    {
        MessageType.HELLO,
        MessageType.COMMIT,
        MessageType.SECRET,
        MessageType.END,
        MessageType.PING,
        *ACTIONS,
    }
)


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def parse(text: object) -> Message:
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


def check(msg: Message, allowed: frozenset[MessageType]) -> MessageType:
    """A numbered message (what ``parse`` leaves) checked for its type, one of ``allowed``,
    and its fields: its type. Refused otherwise."""
    t = msg.get("t")
    if type(t) is not str or t not in allowed:
        raise Refused("not a message of this protocol")
    kind = MessageType(t)
    fields, optional = FIELDS[kind], OPTIONAL.get(kind, {})
    extra = set(msg) - set(fields) - set(optional) - {"t", "i"}
    if (
        extra
        or any(name not in msg or not ok(msg[name]) for name, ok in fields.items())
        or any(name in msg and not ok(msg[name]) for name, ok in optional.items())
    ):
        raise Refused(f"a malformed {kind} message")
    return kind


def dumps(msg: Message) -> str:
    return json.dumps(msg, separators=(",", ":"))


# ---------------------------------------------------------------------- actions
#: each action's own fields in its message (after its type and ``n``)
_ACTION_FIELDS: dict[MessageType, Callable[[Action], Message]] = {
    MessageType.MOVE: lambda a: {"m": str(a.moves[0])},
    MessageType.UNDO: lambda a: {"k": a.size},
    MessageType.REDO: lambda a: {"m": [str(m) for m in a.moves]},
    MessageType.CALL: lambda a: {"s": a.seat},
}
#: how a seat's move, undo and redo are played: the session's own methods
_PLAYS: dict[MessageType, Callable[[Session, Message, int], object]] = {
    MessageType.MOVE: lambda session, msg, seat: session.play(Move.parse(msg["m"]), by=seat),
    MessageType.UNDO: lambda session, msg, seat: session.undo(by=seat, size=msg["k"]),
    MessageType.REDO: lambda session, msg, seat: session.redo(
        by=seat, moves=[Move.parse(m) for m in msg["m"]]
    ),
}


def message_of(action: Action) -> Message:
    """An action made at a table, as its message (without ``i`` and ``by``)."""
    kind = MessageType(action.kind)
    return {"t": kind, "n": action.at, **_ACTION_FIELDS[kind](action)}


def apply(session: Session, msg: Message, seat: int) -> None:
    """Play an action message for ``seat`` (a seat at another screen) on ``session``, through
    the session's own methods, once it is for this point of the game (``Late`` otherwise);
    IllegalMove (nothing changed) when the rules refuse it."""
    s = session.state
    if msg["n"] != len(s.history):
        raise Late("an action for another point of the game")
    if s.is_over():
        raise IllegalMove("the game is over")
    kind = MessageType(msg["t"])
    if kind == MessageType.CALL:
        if msg["s"] != seat:
            raise IllegalMove("a call for another seat")
        session.call_stop(by=seat)
        return
    if s.current_player != seat:
        raise IllegalMove("not that seat's turn")
    if session.pending_call is not None:
        raise Late("a Stop! call is being made")
    _PLAYS[kind](session, msg, seat)


# ---------------------------------------------------------------------- the deal
def new_value() -> str:
    """A screen's share of the deal: 128 random bits (secrets), as 32 hex digits."""
    return secrets.token_hex(16)


def new_token() -> str:
    """A guest's seat token: what sits it down again after a reload."""
    return secrets.token_urlsafe(24)


def commitment(value: str) -> str:
    return hashlib.sha256(f"parlour-commit:{value}".encode()).hexdigest()


def values_match(values: Sequence[str], commits: Sequence[str | None]) -> bool:
    """Every revealed value is the one its screen committed to."""
    return len(values) == len(commits) and all(commitment(v) == h for v, h in zip(values, commits))


def deal_seed(game_id: str, values: Sequence[str]) -> int:
    """The deal's number from every screen's revealed value (in screen order: the host first,
    then the guests in seat order): a deal number like any other (1 to 999,999)."""
    digest = hashlib.sha256(f"parlour-deal:{game_id}:{':'.join(values)}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % 999_999


def match_target(game_id: str, target: object) -> int | None:
    """A shared table's match target: one of the game's choices, the game's default for None
    (and from a host or a save from before targets were shared); None for a game without a
    match. ValueError for anything else."""
    match = info(game_id).match
    if match is None:
        return None
    if target is None:
        target = match.default  # (one of the choices: held to them all the same)
    if type(target) is not int or target not in match.choices:
        raise ValueError(
            f"a match to {target!r}: the choices are {', '.join(map(str, match.choices))}"
        )
    return target


__all__ = [
    "ACTIONS",
    "AWAY_AFTER",
    "ENDINGS",
    "FROM_GUEST",
    "FROM_HOST",
    "Ending",
    "Late",
    "MAX_BYTES",
    "Message",
    "MessageType",
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
