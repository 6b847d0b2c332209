"""``python -m bench core [--quick]``: how fast the rules core runs, per game.

Random playouts from fixed deals: each step asks ``legal_moves()`` (a fresh generation, since
the position just changed) and pushes one of them at random. Printed per game:
  generations_per_s  legal-move generations per second (time spent in legal_moves only)
  moves_per_s        random-playout moves per second (generation + choice + push)
Each deal's playout runs several times (the same moves each time) and its best time counts, as
timeit does: the figure is the code's speed, not the machine's other load; the median is
printed beside it. Playouts stop after --max-moves moves (a random solitaire
player can shuffle cards back and forth forever).

Then what the client does in the frame after every move: ``push(move)`` + ``legal_moves()`` +
``result()`` on the new position, timed as one step in CPU time, for every game and every
option set that changes what the rules compute (``VARIANTS``), over whole games played by two
policies: random legal moves, and a plain greedy player that reaches the endgames random play
rarely does (foundation moves first, then moves that turn a card up or take one from a waste,
reserve or cell, then the stock, then anything; a random move now and then). Caches are as the
client sees them: the new position's legal moves are not known yet, a game's caches of earlier
positions of the same deal may answer, nothing is left from other deals (a game module's
``clear_caches()``, when it has one, runs before each deal; start-up objects are frozen out of
the garbage collector, as the client does). Short games play more deals (``--min-steps``). The
slowest steps, and those over 2 ms, are timed again (replayed from the deal, best of three), so
that a moment of load on the machine does not pass for the rules' cost. Printed per game (all
its option sets and both policies): the steps' median, p99 and max in ms, and where the max
was; goal: max at most 8 ms natively (one 16.7 ms browser frame, the browser being about 2x
slower). The last line is one JSON object (each game's figures gain "after_move").
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time

from game.core import GAMES, game_class, new_game


def playout(game_id: str, deal: int, max_moves: int) -> tuple[int, float, float]:
    """One random game (the choices seeded by the deal number): (moves, seconds in
    legal_moves, seconds in total)."""
    rng = random.Random(deal)
    clock = time.perf_counter
    state = new_game(game_id, seed=deal)
    moves = 0
    generating = 0.0
    start = clock()
    for _ in range(max_moves):
        t0 = clock()
        legal = state.legal_moves()
        generating += clock() - t0
        if not legal:
            break
        state.push(rng.choice(legal))
        moves += 1
    return moves, generating, clock() - start


def measure(game_id: str, deals: int, max_moves: int, repeats: int) -> dict:
    """Each deal's playout runs ``repeats`` times (the same moves each time); its best time
    counts, as timeit does, so that other load on the machine shows as little as possible."""
    moves = generations = 0
    best_total = best_generating = median_total = 0.0
    for deal in range(deals):
        runs = [playout(game_id, deal, max_moves) for _ in range(repeats)]
        moves += runs[0][0]
        generations += runs[0][0] + 1
        best_total += min(r[2] for r in runs)
        best_generating += min(r[1] for r in runs)
        median_total += statistics.median(r[2] for r in runs)
    return {
        "moves": moves,
        "deals": deals,
        "moves_per_s": round(moves / best_total),
        "moves_per_s_median": round(moves / median_total),
        "generations_per_s": round(generations / best_generating),
    }


# ------------------------------------------------------------------ the step after a move
# game -> the option sets timed (the default first): those that change what the rules compute
VARIANTS = {
    "forty-thieves": [{}, {"supermove": True}, {"foundation_takeback": True}],
    "little-harp": [{"draw": d, "redeals": r} for d in (3, 1) for r in ("unlimited", 2, 0)],
    "spider": [{"suits": n} for n in (4, 2, 1)],
    "russian-bank": [{}, {"mode": "strict"}, {"own_waste_playable": True}, {"reserve_size": 11}],
    "chinese-patience": [
        {"players": n, "priorities": p} for n in (2, 3, 4) for p in ("standard", "free", "knock")
    ]
    + [{"equal_rank_loading": True}, {"players": 4, "play_for_places": True}],
}
POLICIES = ("random", "greedy")
RECHECK = 5  # the slowest steps of each option set and policy timed again, and up to
RECHECK_OVER, RECHECK_MS = 40, 2.0  # this many more that took longer than this


def variants(game_id: str) -> list[dict]:
    return VARIANTS.get(game_id, [{}])


def label(options: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items()) or "default"


def clear_caches(game_id: str) -> None:
    """Forget what a game keeps between positions outside the state (its module's
    ``clear_caches()``), as a fresh process would."""
    module = sys.modules[game_class(game_id).__module__]
    clear = getattr(module, "clear_caches", None)
    if clear is not None:
        clear()


def _greedy_rank(state, move) -> int:
    """How much the greedy player likes a move, from the move and the piles alone (nothing is
    pushed or asked of the rules, so no cache is warmed)."""
    if move.target.startswith("foundation"):
        return 4
    src = state.pile.get(move.source)
    if src is None:  # pass, stop
        return 0
    if src.kind in ("waste", "reserve", "cell") and move.target != "stock":
        return 3
    if src.kind == "tableau" and src.down and move.count >= len(src.cards) - src.down:
        return 3  # a face-down card turns up
    if src.kind in ("stock", "hand") or move.target == "stock":
        return 2
    return 1


def choose(policy: str, state, legal, rng, last):
    """The policy's move: random, or the greedy player's (never the last move straight back)."""
    if policy == "random" or rng.random() < 0.2:
        return rng.choice(legal)
    back = (last.target, last.source, last.count) if last is not None else None
    best, top = [], -1
    for m in legal:
        rank = _greedy_rank(state, m) if (m.source, m.target, m.count) != back else 0
        if rank > top:
            best, top = [m], rank
        elif rank == top:
            best.append(m)
    return rng.choice(best)


def timed_step(state, move) -> float:
    """CPU seconds of what the client does after a move."""
    clock = time.process_time
    t0 = clock()
    state.push(move)
    state.legal_moves()
    state.result()
    return clock() - t0


def step_game(
    game_id: str, options: dict, deal: int, policy: str, max_moves: int
) -> tuple[list[float], list]:
    """One whole game: each step's time, and the moves played."""
    clear_caches(game_id)
    rng = random.Random(f"{policy} {deal}")
    state = new_game(game_id, seed=deal, **options)
    times, moves, last = [], [], None
    legal = state.legal_moves()
    over = state.result() is not None
    while legal and not over and len(moves) < max_moves:
        last = choose(policy, state, legal, rng, last)
        times.append(timed_step(state, last))
        moves.append(last)
        legal = state.legal_moves()
        over = state.result() is not None
    return times, moves


def retime(game_id: str, options: dict, deal: int, moves: list, at: int, runs: int = 3) -> float:
    """The step ``at`` of a game timed again, replayed from the deal as it was played (the
    same caches): its best of ``runs``."""
    best = float("inf")
    for _ in range(runs):
        clear_caches(game_id)
        state = new_game(game_id, seed=deal, **options)
        state.legal_moves()
        state.result()
        for m in moves[:at]:
            state.push(m)
            state.legal_moves()
            state.result()
        best = min(best, timed_step(state, moves[at]))
    return best


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def measure_steps(game_id: str, deals: int, max_moves: int, min_steps: int = 0) -> dict:
    """The step after a move over every variant and policy: per variant and policy, and for
    the game as a whole (ms). Each variant and policy plays ``deals`` deals, and more (ten times
    as many at most) while it has timed fewer than ``min_steps`` steps: short games (a random
    Standard deal is stuck in forty moves) get as many end positions as long ones."""
    out: dict = {"variants": {}}
    every: list[float] = []
    worst = None
    for options in variants(game_id):
        row = out["variants"][label(options)] = {}
        for policy in POLICIES:
            steps = []  # (seconds, deal, index)
            games = {}
            ended = 0
            played = 0
            while played < deals or (len(steps) < min_steps and played < 10 * deals):
                times, moves = step_game(game_id, options, played, policy, max_moves)
                games[played] = moves
                ended += len(moves) < max_moves
                steps += [(t, played, i) for i, t in enumerate(times)]
                played += 1
            steps.sort(reverse=True)
            again = RECHECK + sum(
                1 for t, _, _ in steps[RECHECK : RECHECK + RECHECK_OVER] if t * 1e3 > RECHECK_MS
            )
            for k, (_, deal, i) in enumerate(steps[:again]):
                steps[k] = (retime(game_id, options, deal, games[deal], i), deal, i)
            values = sorted(t for t, _, _ in steps) or [0.0]
            every += values
            top = max(steps) if steps else (0.0, 0, 0)
            if worst is None or top[0] > worst[0]:
                worst = (top[0], label(options), policy, top[1], top[2] + 1)
            row[policy] = {
                "steps": len(values),
                "games_ended": ended,
                "games": played,
                "median_ms": round(statistics.median(values) * 1e3, 3),
                "p99_ms": round(percentile(values, 0.99) * 1e3, 3),
                "max_ms": round(values[-1] * 1e3, 3),
                "max_at": f"deal {top[1]} move {top[2] + 1}",
            }
    every.sort()
    out.update(
        {
            "steps": len(every),
            "median_ms": round(statistics.median(every) * 1e3, 3),
            "p99_ms": round(percentile(every, 0.99) * 1e3, 3),
            "max_ms": round(every[-1] * 1e3, 3),
            "max_at": f"{worst[1]}, {worst[2]}, deal {worst[3]} move {worst[4]}",
        }
    )
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench core",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="fewer deals (well under a minute)")
    parser.add_argument("--deals", type=int, help="deals per game")
    parser.add_argument("--max-moves", type=int, default=2500, help="moves per playout at most")
    parser.add_argument("--repeats", type=int, help="runs per game; the best counts")
    parser.add_argument(
        "--step-deals", type=int, help="deals per variant and policy for the step after a move"
    )
    parser.add_argument(
        "--min-steps",
        type=int,
        help="more deals (up to ten times --step-deals) until this many steps",
    )
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--steps-only", action="store_true", help="only the step after a move")
    args = parser.parse_args(argv)
    deals = args.deals or (20 if args.quick else 100)
    repeats = args.repeats or (3 if args.quick else 5)
    step_deals = args.step_deals or (3 if args.quick else 20)
    min_steps = args.min_steps if args.min_steps is not None else (400 if args.quick else 4000)
    games = [g for g in GAMES if not args.game or g in args.game]
    gc.collect()
    gc.freeze()  # as the client does after start-up
    figures: dict = {}
    print(
        f"Python {platform.python_version()} ({sys.implementation.name}) on "
        f"{platform.machine()}, {deals} deals x {repeats} runs per game"
    )
    for game_id in games:
        if args.steps_only:
            figures[game_id] = {}
            continue
        figures[game_id] = measure(game_id, deals, args.max_moves, repeats)
        f = figures[game_id]
        print(
            f"{game_id:16} {f['generations_per_s']:>9,} generations/s "
            f"{f['moves_per_s']:>9,} moves/s (median {f['moves_per_s_median']:,}; "
            f"{f['moves']:,} moves)"
        )
    print(
        f"\nThe step after a move (push + legal_moves + result, CPU time), {step_deals} deals "
        f"per option set and policy ({', '.join(POLICIES)}; more for short games, up to "
        f"{min_steps:,} steps), at most {args.max_moves} moves; goal: max <= 8 ms"
    )
    for game_id in games:
        f = figures[game_id]["after_move"] = measure_steps(
            game_id, step_deals, args.max_moves, min_steps
        )
        print(
            f"{game_id:18} median {f['median_ms']:7.3f} ms  p99 {f['p99_ms']:8.3f} ms  "
            f"max {f['max_ms']:8.3f} ms  ({f['steps']:,} steps; max at {f['max_at']})"
            f"{'' if f['max_ms'] <= 8 else '  OVER'}"
        )
        if len(f["variants"]) > 1 or args.game:
            for name, row in f["variants"].items():
                for policy, r in row.items():
                    print(
                        f"    {name:38} {policy:6} median {r['median_ms']:7.3f}  p99 "
                        f"{r['p99_ms']:8.3f}  max {r['max_ms']:8.3f} ms  ({r['steps']:,} "
                        f"steps, {r['games_ended']}/{r['games']} ended)"
                    )
    figures["python"] = platform.python_version()
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
