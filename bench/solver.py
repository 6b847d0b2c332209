"""Solver benchmark: ``python -m bench solver [--quick]``.

On fixed seeded deals of each game (deal numbers 10001.. , disjoint from the shipped
winnable-deals list which starts at 1) it runs the solver with the full budget and records the
time each verdict took, then prints per game:

- share of deals decided (won or proved lost) within 1 s and within the budget (10 s);
- of the decided ones, the share won;
- nodes (positions made) per second;
- median time to a verdict (decided deals only);
- winnability: won / deals with its 95% Wilson interval counting every unknown as lost (a lower
  bound), (won + unknown) / deals counting every unknown as won (an upper bound), and won /
  decided (the estimate if unknown deals are like decided ones);
- the lines the core refused ("faults": a found line the core's replay refused is reported as
  "unknown", never as a win; there should be none).

``--record FILE`` adds each deal's verdict to FILE, the records bench/winnability.py reads
(testbed/verdicts.py).

``--quick`` runs fewer deals with a 1 s budget (under a minute). The last line printed is one
JSON object with every figure. Timings depend on the machine and its load: say so when quoting.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

from testbed.measuring import wilson

FIRST_DEAL = 10001
DEFAULT_GAMES = ("forty-thieves", "indian-patience")  # what runs without --game


def games() -> tuple:
    """Every game the solver plays (each model file registers its game)."""
    from game.ai.solver.models import load_models

    return tuple(load_models())


def variants(game: str) -> list[dict]:
    """The option sets a game is measured with, each reported apart (a model's
    ``bench_variants``: Spider's three ``suits`` settings); the defaults otherwise."""
    from game.ai.solver.models import load_models

    return [dict(v) for v in getattr(load_models()[game], "bench_variants", ({},))]


def run_game(
    game: str,
    deals: list[int],
    budget: float,
    verbose: bool,
    options: dict | None = None,
    record=None,
    clock=time.perf_counter,
) -> dict:
    from game.ai.deals import entry_name
    from game.ai.solver.driver import Solver
    from game.core import new_game

    options = options or {}
    rows, faults = [], []
    for deal in deals:
        state = new_game(game, deal, **options)
        t0 = time.perf_counter()
        # each deal on its own (a Solver's own memory: no line or proof of another)
        v = Solver(state, budget_s=budget, clock=clock).run()
        wall = time.perf_counter() - t0
        rows.append((deal, v.status, v.seconds, v.nodes, wall))
        if v.status == "unknown" and v.reason != "budget spent":
            faults.append(deal)  # a line the core refused (never reported as a win)
        if record is not None:  # the records bench/winnability.py reads
            with open(record, "a", encoding="utf-8") as out:
                out.write(
                    json.dumps(
                        {
                            "entry": entry_name(game, options),
                            "deal": deal,
                            "status": v.status,
                            "cpu_s": round(v.seconds, 3),
                            "budget_s": budget,
                        }
                    )
                    + "\n"
                )
        if verbose:
            print(
                f"  {game} {deal}: {v.status:7} {v.seconds:6.2f} s {v.nodes:8} nodes  {v.reason}",
                flush=True,
            )
    n = len(rows)
    decided = [r for r in rows if r[1] != "unknown"]
    won = [r for r in rows if r[1] == "won"]
    unknown = n - len(decided)
    in_1s = [r for r in decided if r[2] <= 1.0]
    nodes = sum(r[3] for r in rows)
    secs = sum(r[2] for r in rows)
    lo = wilson(len(won), n)
    hi = wilson(len(won) + unknown, n)
    mid = wilson(len(won), len(decided))
    return {
        "deals": n,
        "first_deal": deals[0],
        "budget_s": budget,
        "options": options,
        "won": len(won),
        "lost": len(decided) - len(won),
        "unknown": unknown,
        "decided_1s": round(len(in_1s) / n, 4),
        "decided_budget": round(len(decided) / n, 4),
        "won_of_decided_1s": round(sum(1 for r in in_1s if r[1] == "won") / len(in_1s), 4)
        if in_1s
        else None,
        "won_of_decided": round(len(won) / len(decided), 4) if decided else None,
        "nodes_per_s": round(nodes / secs) if secs else 0,
        "median_verdict_s": round(statistics.median(r[2] for r in decided), 3) if decided else None,
        "winnability_lower": [round(len(won) / n, 4), round(lo[0], 4), round(lo[1], 4)],
        "winnability_upper": [round((len(won) + unknown) / n, 4), round(hi[0], 4), round(hi[1], 4)],
        "winnability_of_decided": [
            round(len(won) / len(decided), 4) if decided else None,
            round(mid[0], 4),
            round(mid[1], 4),
        ],
        "seconds": round(sum(r[4] for r in rows), 1),
        "won_deals": [r[0] for r in won],
        "lost_deals": [r[0] for r in decided if r[1] == "lost"],
        "faults": faults,
    }


def _load():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench solver")
    parser.add_argument("--quick", action="store_true", help="20 deals a game, 1 s budget")
    parser.add_argument("--deals", type=int, help="deals per game (default 200)")
    parser.add_argument("--budget", type=float, help="seconds per deal (default 10)")
    parser.add_argument(
        "--first", type=int, default=FIRST_DEAL, help=f"first deal number (default {FIRST_DEAL})"
    )
    parser.add_argument(
        "--game",
        choices=games(),
        action="append",
        help="this game (repeat; default: " + ", ".join(DEFAULT_GAMES) + ")",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="measure only with this rule option (repeat), e.g. suits=1",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="add each deal's verdict to FILE (the records of "
        "bench/winnability.py, e.g. bench/data/verdicts.jsonl)",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="count the budget in this process's CPU time, not wall clock "
        "(figures that hold on a loaded machine)",
    )
    args = parser.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    count = args.deals or (20 if args.quick else 200)
    budget = args.budget or (1.0 if args.quick else 10.0)
    chosen = args.game or list(DEFAULT_GAMES)
    figures = {
        "bench": "solver",
        "quick": args.quick,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "cpus": os.cpu_count(),
        "load_average": _load(),
        "cpu_clock": args.cpu,
        "games": {},
    }
    from game.ai.deals import parse_options

    chosen_options = parse_options(args.option)
    runs = [
        (g, o)
        for g in chosen
        for o in variants(g)
        if all(o.get(k, v) == v for k, v in chosen_options.items())
    ]
    runs = [(g, {**o, **chosen_options}) for g, o in runs]
    for game, options in dict.fromkeys((g, tuple(sorted(o.items()))) for g, o in runs):
        options = dict(options)
        name = game + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{name}: {count} deals from {args.first}, budget {budget:g} s", flush=True)
        r = run_game(
            game,
            list(range(args.first, args.first + count)),
            budget,
            args.verbose,
            options,
            args.record,
            clock,
        )
        figures["games"][name] = r

        def pct(x):
            return "n/a" if x is None else f"{100 * x:.1f}%"

        print(
            f"  decided within 1 s:        {pct(r['decided_1s'])}"
            f"  (won of those {pct(r['won_of_decided_1s'])})"
        )
        print(
            f"  decided within {budget:g} s:{' ' * (10 - len(f'{budget:g}'))}"
            f"{pct(r['decided_budget'])}  (won of those {pct(r['won_of_decided'])})"
        )
        print(
            f"  won {r['won']}, lost (proved) {r['lost']}, unknown {r['unknown']}"
            f"  (lines the core refused: {len(r['faults'])})"
        )
        print(f"  nodes per second:          {r['nodes_per_s']}")
        print(f"  median time to a verdict:  {r['median_verdict_s']} s")
        w = r["winnability_lower"]
        print(f"  winnability >= {pct(w[0])} (95% CI {pct(w[1])}..{pct(w[2])}, unknown as lost)")
        w = r["winnability_upper"]
        print(f"  winnability <= {pct(w[0])} (95% CI {pct(w[1])}..{pct(w[2])}, unknown as won)")
        w = r["winnability_of_decided"]
        print(f"  won of decided {pct(w[0])} (95% CI {pct(w[1])}..{pct(w[2])})", flush=True)
    figures["load_average_after"] = _load()
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
