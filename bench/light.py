"""How many moves into a game the "still winnable?" light first gives a verdict:
``python -m bench light [--game ID] [--deals N] [--per-move S] [--moves M] [--no-carry]
[--no-prover]``.

A player plays each deal (fixed deals from 10001) by the solver's own Hint
(game/session/help.py), one move after another; before each move the light
(``SolverHelp``, as at the table: the full Solver and the prover beside it, in slices)
thinks for ``--per-move`` seconds of CPU (the player's pace). The figure is the number of
moves played before the light first says "winnable" or "not winnable" (0: at the deal).
``--no-carry`` turns off the memory of proofs carried from one position's search to the next
(game/ai/solver/memory.py: SolverHelp's ``keep_proofs``), ``--no-prover`` the exact search
beside the full Solver (SolverHelp's ``prover_share``); with both off the light is as it was
before issue 35, so the figures with and without them say what they bring. A deal the light
never decides within ``--moves`` moves (or before the game ends) counts as never.

Prints per game: decided at the deal, within 10, 25 and ``--moves`` moves, and the median
move of the first verdict (never counted as above every other); the last line is one JSON
object with every figure. Timings depend on the machine: say which when quoting.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

FIRST_DEAL = 10001
SLICE_MS = 20  # the light's slice (a frame's spare time at the table is a few ms)
DEFAULT_GAMES = ("forty-thieves", "standard-solitaire", "canfield", "spider")


def first_verdict(
    game: str, deal: int, options: dict, per_move: float, moves: int, carry=True, prover=True
) -> tuple:
    """(moves played before the first verdict or None, that verdict or None)."""
    from game.core import new_game
    from game.session.help import PROVER_SHARE, SolverHelp

    state = new_game(game, deal, **options)
    # as at the table: a 10 s budget a position, in slices, a memory of the deal's own (no
    # line or proof of another deal); on CPU time
    help = SolverHelp(
        clock=time.process_time, keep_proofs=carry, prover_share=PROVER_SHARE if prover else 0
    )
    for played in range(moves + 1):
        if state.is_over():
            return None, None
        help.restart(state)
        t0 = time.process_time()
        while help.thinking and time.process_time() - t0 < per_move:
            help.think(SLICE_MS)
        v = help.verdict
        if v is not None and v.decided:
            return played, v.status
        if played == moves:
            break
        move = help.hint(state)
        if move is None:
            return None, None
        state.push(move)
    return None, None


def run_game(
    game: str,
    options: dict,
    deals: list,
    per_move: float,
    moves: int,
    verbose: bool,
    carry=True,
    prover=True,
) -> dict:
    rows = []
    for deal in deals:
        t0 = time.process_time()
        at, status = first_verdict(game, deal, options, per_move, moves, carry, prover)
        rows.append((deal, at, status))
        if verbose:
            print(
                f"  {game} {deal}: {'never' if at is None else f'move {at}'}"
                f" {status or ''} ({time.process_time() - t0:.1f} s CPU)",
                flush=True,
            )
    n = len(rows)
    ats = [r[1] for r in rows]

    def share(limit):
        return round(sum(1 for a in ats if a is not None and a <= limit) / n, 4)

    ordered = sorted(moves + 1 if a is None else a for a in ats)
    median = statistics.median(ordered)
    return {
        "deals": n,
        "per_move_s": per_move,
        "moves": moves,
        "options": options,
        "at_deal": share(0),
        "within_10": share(10),
        "within_25": share(25),
        "within_moves": share(moves),
        "median_first_verdict": None if median > moves else median,
        "first_verdicts": {str(d): a for d, a, _ in rows},
        "won": sum(1 for r in rows if r[2] == "won"),
        "lost": sum(1 for r in rows if r[2] == "lost"),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench light")
    parser.add_argument(
        "--game",
        action="append",
        help="this game (repeat; default: " + ", ".join(DEFAULT_GAMES) + ")",
    )
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--deals", type=int, default=10, help="deals per game (default 10)")
    parser.add_argument("--first", type=int, default=FIRST_DEAL)
    parser.add_argument(
        "--per-move",
        type=float,
        default=1.0,
        help="seconds of CPU the light thinks before each move (default 1)",
    )
    parser.add_argument("--moves", type=int, default=60, help="moves played at most (default 60)")
    parser.add_argument(
        "--no-carry",
        action="store_true",
        help="without the memory of proofs carried between positions",
    )
    parser.add_argument(
        "--no-prover",
        action="store_true",
        help="without the exact search beside the full Solver (with "
        "--no-carry: the light as it was before issue 35)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args(argv)
    from game.ai.deals import parse_options

    options = parse_options(args.option)
    figures = {
        "bench": "light",
        "python": platform.python_version(),
        "processor": platform.processor(),
        "carry": not args.no_carry,
        "prover": not args.no_prover,
        "games": {},
    }
    for game in args.game or DEFAULT_GAMES:
        name = game + "".join(f" {k}={v}" for k, v in options.items())
        print(
            f"{name}: {args.deals} deals from {args.first}, {args.per_move:g} s a move, "
            f"at most {args.moves} moves, carry {'off' if args.no_carry else 'on'}, "
            f"prover {'off' if args.no_prover else 'on'}",
            flush=True,
        )
        r = run_game(
            game,
            options,
            list(range(args.first, args.first + args.deals)),
            args.per_move,
            args.moves,
            args.verbose,
            not args.no_carry,
            not args.no_prover,
        )
        figures["games"][name] = r
        print(
            f"  decided at the deal {100 * r['at_deal']:.0f}%, within 10 moves "
            f"{100 * r['within_10']:.0f}%, within 25 {100 * r['within_25']:.0f}%, within "
            f"{args.moves} {100 * r['within_moves']:.0f}%; median first verdict: "
            f"{'never' if r['median_first_verdict'] is None else r['median_first_verdict']}"
            f" (won {r['won']}, lost {r['lost']})",
            flush=True,
        )
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
