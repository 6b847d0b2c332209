"""``python -m bench session-fuzz [--quick] [--cases N]``: random session actions on every
game, every option set and mixed seats, checking two promises (issue 25 item 4):

- a save and load (``Session.to_dict`` through JSON, ``Session.from_dict``) puts the player
  exactly where they were: everything a player can notice is the same (``observe``: the
  position and its save, whose turn, whether a person may move, undo, redo, call Stop! or
  knock, a call about to be made, what may be played, the move counter...), and so is what
  happens next by itself (the next automatic move, a computer's call being made);
- a refused action (a move the session refuses, undo or redo with nothing to take, a call
  with nothing to call on, Finish with no line) changes nothing a player can notice.

Actions: play one of the offered moves (or any move while a person may not move), play a move
that is not offered, undo, redo, let the computer seats think and play (``advance``), the next
automatic move (``follow_up``, as the client's every idle frame), call Stop! (knock), Finish
(after a slice of the solver's thinking), save and load. A case is a game, one of its option
sets (every combination of ``info(g).options``' choices), its seats (each a person or the
computer at a level), a deal and up to ``--actions`` actions; the option sets and seats are
taken in turn so that every one comes up. The computer and the solver think for a few
milliseconds at a time: how far they get depends on the machine, what is checked does not.

Printed: cases and failures per game, the first failures in full (reproducible with
``--case-seed``), and the last line one JSON object. tests/session/test_session_fuzz.py runs
the same checks at a size CI can afford.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import random
import sys
import time

from game.ai.players import levels
from game.core import GAMES, IllegalMove, Move, info
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


def reload(s: Session) -> Session:
    return Session.from_dict(json.loads(json.dumps(s.to_dict())))


class Failure(AssertionError):
    pass


SEEN: collections.Counter = collections.Counter()  # how often the checks met what they check


def _refused(s: Session, what: str, call) -> None:
    """``call`` must be refused (IllegalMove, or False) and change nothing noticeable."""
    before, events = observe(s), list(s.events)
    try:
        done = call()
    except IllegalMove:
        done = False
    if done:
        return
    SEEN["refusals"] += 1
    after = observe(s)
    if after != before or s.events != events:
        raise Failure(f"refused {what} changed {_differences(before, after) or 'the events'}")


def _step(s: Session, kind: str, n: int, rng: random.Random) -> Session:
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
            _refused(s, f"play({move}) while no person may move", lambda: s.play(move))
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
            _refused(s, f"play({tuple.__repr__(move)})", lambda: s.play(move))
    elif kind == "undo":
        if s.can_undo():
            if not s.undo():
                raise Failure("undo() said False although can_undo() said True")
        else:
            _refused(s, "undo()", s.undo)
    elif kind == "redo":
        if s.can_redo():
            try:
                ok = s.redo()
            except IllegalMove as e:
                raise Failure(f"redo() refused although can_redo() said True: {e}") from None
            if not ok:
                raise Failure("redo() said False although can_redo() said True")
        else:
            _refused(s, "redo()", s.redo)
    elif kind == "advance":
        s.advance(THINK_MS, max_moves=1)
    elif kind == "follow":
        s.follow_up()
    elif kind == "call":
        if s.can_call_stop():
            s.call_stop()
        else:
            _refused(s, "call_stop()", s.call_stop)
    elif kind == "finish":
        s.think_help(THINK_MS)
        if s.can_finish():
            s.finish()
        else:
            _refused(s, "finish()", s.finish)
    elif kind == "save":
        return _round_trip(s)
    return s


def _round_trip(s: Session) -> Session:
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
    SEEN["saves"] += 1
    SEEN["saves with a call about to be made"] += pending
    SEEN["saves with a call open to a person"] += s.can_call_stop()
    steps = [(s.follow_up(), loaded.follow_up())]
    SEEN["saves with an automatic move due"] += steps[0][0] is not None
    if pending:
        steps.append((s.advance(0, max_moves=1), loaded.advance(0, max_moves=1)))
    a, b = observe(s), observe(loaded)
    if a != b or steps[0][0] != steps[0][1] or (pending and steps[1][0] != steps[1][1]):
        raise Failure(f"after save and load the next step differs: {steps} {_differences(a, b)}")
    return loaded


def run_case(
    game_id: str, options: dict, seats: tuple, seed: int, actions: list[int], rng_seed: int = 0
) -> str | None:
    """Play one case; the failure in words (with the action that found it), else None."""
    rng = random.Random(rng_seed)
    s = Session.new(game_id, seed, seats, **options)
    done = []
    try:
        for a in actions:
            kind, n = ACTIONS[a % len(ACTIONS)], a // len(ACTIONS)
            done.append(kind)
            s = _step(s, kind, n, rng)
    except Failure as e:
        return (
            f"{game_id} {options} seats={list(seats)} deal {seed}, action {len(done)} "
            f"({' '.join(done[-6:])}): {e}"
        )
    return None


def cases(count: int, case_seed: int, actions: int):
    """``count`` cases: the games in turn, each game's option sets and seat choices in turn,
    random deals and actions."""
    rng = random.Random(case_seed)
    per_game = {g: 0 for g in GAMES}
    for i in range(count):
        game_id = GAMES[i % len(GAMES)]
        k = per_game[game_id]
        per_game[game_id] += 1
        sets = option_sets(game_id)
        options = sets[k % len(sets)]
        n = options.get("players", info(game_id).players[0])
        kinds = seat_kinds(game_id)
        seats = tuple(rng.choice(kinds) for _ in range(n))
        if not any(seat == "human" for seat in seats) and rng.random() < 0.7:
            seats = ("human",) + seats[1:]  # mostly a person at the table
        yield (
            game_id,
            options,
            seats,
            rng.randrange(1, 1_000_000),
            [rng.randrange(len(ACTIONS) * 40) for _ in range(actions)],
            rng.randrange(2**32),
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench session-fuzz",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="fewer cases (well under a minute)")
    parser.add_argument("--cases", type=int, help="cases in all (default 2,000; quick 200)")
    parser.add_argument("--actions", type=int, default=120, help="actions per case")
    parser.add_argument("--case-seed", type=int, default=25, help="the cases' random seed")
    parser.add_argument("--show", type=int, default=5, help="failures printed in full")
    args = parser.parse_args(argv)
    count = args.cases or (200 if args.quick else 2000)
    start = time.perf_counter()
    figures = {g: {"cases": 0, "actions": 0, "failures": 0} for g in GAMES}
    failures = []
    for game_id, options, seats, seed, acts, rng_seed in cases(count, args.case_seed, args.actions):
        f = figures[game_id]
        f["cases"] += 1
        f["actions"] += len(acts)
        failure = run_case(game_id, options, seats, seed, acts, rng_seed)
        if failure:
            f["failures"] += 1
            failures.append(failure)
    seconds = time.perf_counter() - start
    print(
        f"{count} cases of up to {args.actions} random session actions "
        f"(case seed {args.case_seed}), {seconds:.0f} s"
    )
    for game_id, f in figures.items():
        print(
            f"  {game_id:20} {f['cases']:6} cases {f['actions']:8} actions "
            f"{f['failures']:4} failures  ({len(option_sets(game_id))} option sets)"
        )
    print("  checked: " + ", ".join(f"{n:,} {what}" for what, n in SEEN.items()))
    for failure in failures[: args.show]:
        print("FAILURE", failure)
    total = {
        "cases": count,
        "actions": sum(f["actions"] for f in figures.values()),
        "failures": len(failures),
        "seconds": round(seconds, 1),
        "checked": dict(SEEN),
    }
    print(json.dumps({"session_fuzz": total, "games": figures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
