"""Random session actions and the two promises they check (issue 25 item 4), on one case: a
game, one of its option sets, its seats, a deal and a list of actions (``run_case``):

- a save and load (``Session.to_dict`` through JSON, ``Session.from_dict``) puts the player
  exactly where they were: everything a player can notice is the same (``observe``), and so is
  what happens next by itself (the next automatic move, a computer's call being made);
- a refused action changes nothing a player can notice.

``option_sets`` and ``seat_kinds`` give every choice a case can take. ``python -m bench
session-fuzz`` (bench/session_fuzz.py says what the actions are) runs thousands of cases;
tests/session/test_session_fuzz.py runs the same checks at a size CI can afford.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

from game.ai.players import levels
from game.core import IllegalMove, Move, info
from game.session import Session

ACTIONS = (
    "play",
    "play",
    "play",
    "play",
    "nonsense",
    "undo",
    "redo",
    "advance",
    "advance",
    "follow",
    "follow",
    "call",
    "finish",
    "save",
    "save",
)
THINK_MS = 5.0  # a computer's or the solver's slice


def option_sets(game_id: str) -> list[dict]:
    """Every combination of the game's option choices (the default set first)."""
    opts = info(game_id).option_list
    return [
        dict(zip([o.name for o in opts], values))
        for values in itertools.product(*[o.choices for o in opts])
    ]


def seat_kinds(game_id: str) -> tuple[str, ...]:
    return ("human",) + tuple(f"computer:{lv}" for lv in levels(game_id))


def observe(s: Session) -> dict:
    """What a player can notice of a session (what happens next by itself is compared by
    doing it: ``_round_trip``)."""
    state = s.state
    return {
        "state": state.to_dict(),
        "position": state.key(),
        "to_move": s.to_move,
        "over": s.is_over(),
        "result": state.result(),
        "accepting": s.accepting(),
        "can_undo": s.can_undo(),
        "can_redo": s.can_redo(),
        "can_call_stop": s.can_call_stop(),
        "has_calls": s.has_calls,
        "pending_call": s.pending_call,
        "candidates": [str(m) for m in s.candidate_moves()],
        "moves": s.move_count,
        "undo_groups": list(s.undo_groups),
        "redo": [[str(m) for m in g] for g in s.redo_groups],
        "turn_start": s.turn_start,
        "dealt": s.dealt,
        "finishing": [str(m) for m in s.finishing],
        "unfinished": s.unfinished,
        "recorded": s.recorded,
        "assisted": s.assisted,
        "seats": s.seats,
    }


def _differences(a: dict, b: dict) -> str:
    return ", ".join(f"{k}: {a[k]!r:.120} -> {b[k]!r:.120}" for k in a if a[k] != b.get(k))


class Failure(AssertionError):
    """A promise broken: what the check found, in words."""


def _refused(s: Session, what: str, call, seen: Counter) -> None:
    """``call`` must be refused (IllegalMove, or False) and change nothing noticeable."""
    before, events = observe(s), list(s.events)
    try:
        done = call()
    except IllegalMove:
        done = False
    if done:
        return
    seen["refusals"] += 1
    after = observe(s)
    if after != before or s.events != events:
        raise Failure(f"refused {what} changed {_differences(before, after) or 'the events'}")


def _step(s: Session, kind: str, n: int, rng: random.Random, seen: Counter) -> Session:
    """One action; returns the session to go on with (a new one after save and load)."""
    if kind == "play":
        if s.accepting():
            moves = s.candidate_moves()
            if moves:
                move = moves[n % len(moves)]
                try:
                    s.play(move)
                except IllegalMove as e:
                    raise Failure(f"an offered move {move} was refused: {e}") from None
                return s
        pile = sorted(s.state.pile)
        move = Move(rng.choice(pile), rng.choice(pile))
        if not s.accepting():
            _refused(s, f"play({move}) while no person may move", lambda: s.play(move), seen)
    elif kind == "nonsense":
        pile = sorted(s.state.pile) + ["nowhere"]
        fakes = [
            Move(rng.choice(pile), rng.choice(pile), rng.choice((1, 1, 2, 13))),
            tuple.__new__(Move, (rng.choice(pile), rng.choice(pile), True)),
            Move("pass", "pass", 0),
            Move("stop", "stop", 0),
        ]
        move = fakes[n % len(fakes)]
        if move not in s.candidate_moves() or type(move[2]) is not int:
            _refused(s, f"play({tuple.__repr__(move)})", lambda: s.play(move), seen)
    elif kind == "undo":
        if s.can_undo():
            if not s.undo():
                raise Failure("undo() said False although can_undo() said True")
        else:
            _refused(s, "undo()", s.undo, seen)
    elif kind == "redo":
        if s.can_redo():
            try:
                ok = s.redo()
            except IllegalMove as e:
                raise Failure(f"redo() refused although can_redo() said True: {e}") from None
            if not ok:
                raise Failure("redo() said False although can_redo() said True")
        else:
            _refused(s, "redo()", s.redo, seen)
    elif kind == "advance":
        s.advance(THINK_MS, max_moves=1)
    elif kind == "follow":
        s.follow_up()
    elif kind == "call":
        if s.can_call_stop():
            s.call_stop()
        else:
            _refused(s, "call_stop()", s.call_stop, seen)
    elif kind == "finish":
        s.think_help(THINK_MS)
        if s.can_finish():
            s.finish()
        else:
            _refused(s, "finish()", s.finish, seen)
    elif kind == "save":
        return _round_trip(s, seen)
    return s


def _round_trip(s: Session, seen: Counter) -> Session:
    """Save and load: the same to a player, and the same next automatic step."""
    data = json.loads(json.dumps(s.to_dict()))
    loaded = Session.from_dict(data)
    loaded.auto_move = s.auto_move  # a setting, not part of the game
    a, b = observe(s), observe(loaded)
    if a != b:
        raise Failure(f"save and load changed {_differences(a, b)}")
    if loaded.to_dict() != data:
        raise Failure("a loaded save does not save the same")
    # what happens next by itself: the next automatic move, a computer's call being made
    pending = s.pending_call is not None
    seen["saves"] += 1
    seen["saves with a call about to be made"] += pending
    seen["saves with a call open to a person"] += s.can_call_stop()
    steps = [(s.follow_up(), loaded.follow_up())]
    seen["saves with an automatic move due"] += steps[0][0] is not None
    if pending:
        steps.append((s.advance(0, max_moves=1), loaded.advance(0, max_moves=1)))
    a, b = observe(s), observe(loaded)
    if a != b or steps[0][0] != steps[0][1] or (pending and steps[1][0] != steps[1][1]):
        raise Failure(f"after save and load the next step differs: {steps} {_differences(a, b)}")
    return loaded


def run_case(
    game_id: str,
    options: dict,
    seats: tuple,
    seed: int,
    actions: list[int],
    rng_seed: int = 0,
    seen: Counter | None = None,
) -> str | None:
    """Play one case; the failure in words (with the action that found it), else None.
    ``seen`` counts how often the checks met what they check (refusals, saves with a call
    about to be made...)."""
    seen = Counter() if seen is None else seen
    rng = random.Random(rng_seed)
    s = Session.new(game_id, seed, seats, **options)
    done = []
    try:
        for a in actions:
            kind, n = ACTIONS[a % len(ACTIONS)], a // len(ACTIONS)
            done.append(kind)
            s = _step(s, kind, n, rng, seen)
    except Failure as e:
        return (
            f"{game_id} {options} seats={list(seats)} deal {seed}, action {len(done)} "
            f"({' '.join(done[-6:])}): {e}"
        )
    return None
