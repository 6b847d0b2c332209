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
``--case-seed``), and the last line one JSON object. The checks are
testbed/session_fuzzing.py's; tests/session/test_session_fuzz.py runs them at a size CI can
afford.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time

from game.core import GAMES, info
from testbed.session_fuzzing import ACTIONS, option_sets, run_case, seat_kinds


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
    seen: collections.Counter = collections.Counter()  # how often the checks met what they check
    failures = []
    for game_id, options, seats, seed, acts, rng_seed in cases(count, args.case_seed, args.actions):
        f = figures[game_id]
        f["cases"] += 1
        f["actions"] += len(acts)
        failure = run_case(game_id, options, seats, seed, acts, rng_seed, seen)
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
    print("  checked: " + ", ".join(f"{n:,} {what}" for what, n in seen.items()))
    for failure in failures[: args.show]:
        print("FAILURE", failure)
    total = {
        "cases": count,
        "actions": sum(f["actions"] for f in figures.values()),
        "failures": len(failures),
        "seconds": round(seconds, 1),
        "checked": dict(seen),
    }
    print(json.dumps({"session_fuzz": total, "games": figures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
