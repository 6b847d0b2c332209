"""Each solitaire's winnability, from the solver's verdicts on many deals:
``python -m bench winnability run|report``.

    python -m bench winnability run --game seahaven --start 1 --count 2000 --budget 1
    python -m bench winnability run --game spider --option suits=2 --count 300 --budget 3
    python -m bench winnability report            # the table, from every verdict recorded
    python -m bench winnability report --write    # ... and the game's data files

``run`` solves deals ``start .. start+count-1`` (the budget in CPU time, so it can run in the
background beside other work) and adds one line per deal to the records
(bench/data/verdicts.jsonl: the list's name, the deal, the verdict, the CPU seconds and the
budget). A deal already recorded as decided is skipped; an unknown one is searched again only
with a larger budget. ``python -m bench solver --record FILE`` adds the benchmark's verdicts
in the same form.

``import`` adds the verdicts the winnable-deals builds left in game/ai/data/winnable.json (each
list's searched range: listed deals won, its lost deals proved lost, the rest undecided).

``report`` counts, per game and option set, the deals won, proved lost and undecided, and
gives the winnability as an interval: at least the share won (its 95% Wilson interval's
lower end, every undecided deal counted as lost), at most the share won or undecided (the
upper end, every undecided deal counted as won). "Winnable" means what the solver means: a
player who could see every card (the stock's order, the face-down cards) could win it.
``--write`` writes the figures to game/ai/data/winnability.json (the Rules screen shows them)
and adds every deal won to the winnable-deals lists (game/ai/data/winnable.json).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from testbed.verdicts import figures, read

RECORDS = Path(__file__).with_name("data") / "verdicts.jsonl"


def run(game: str, options: dict, start: int, count: int, budget: float, records: Path) -> None:
    from game.ai.deals import entry_name
    from game.ai.solver.driver import solve
    from game.core import new_game

    name = entry_name(game, options)
    known = read([records]).get(name, {})
    records.parent.mkdir(parents=True, exist_ok=True)
    with open(records, "a", encoding="utf-8") as out:
        for deal in range(start, start + count):
            old = known.get(deal)
            if old is not None and (old[0] != "unknown" or old[1] >= budget):
                continue
            # each deal on its own (a Solver's own memory), on CPU time
            v = solve(new_game(game, deal, **options), budget_s=budget, clock=time.process_time)
            out.write(
                json.dumps(
                    {
                        "entry": name,
                        "deal": deal,
                        "status": v.status,
                        "cpu_s": round(v.seconds, 3),
                        "budget_s": budget,
                    }
                )
                + "\n"
            )
            out.flush()
            print(f"{name} {deal}: {v.status} ({v.seconds:.2f} s)", flush=True)


def import_lists(records: Path) -> int:
    """Add to the records the verdicts the winnable-deals builds left in game/ai/data/
    winnable.json: for each list whose build recorded the deals it searched, every deal of
    that range is won (listed), proved lost (in the build's lost list) or undecided (budget
    recorded as 0: any later run replaces it). Returns how many verdicts were added."""
    from game.ai import deals as deals_module

    with open(deals_module.DATA, encoding="utf-8") as f:
        data = json.load(f)
    known = read([records])
    lines = []
    for name, entry in data.get("games", {}).items():
        searched, lost = entry.get("searched"), entry.get("lost")
        if not (isinstance(searched, list) and len(searched) == 2 and isinstance(lost, list)):
            continue
        won = set(entry.get("won", []))
        for deal in range(searched[0], searched[1] + 1):
            if deal in known.get(name, {}):
                continue
            status = "won" if deal in won else "lost" if deal in lost else "unknown"
            lines.append(
                json.dumps(
                    {"entry": name, "deal": deal, "status": status, "cpu_s": None, "budget_s": 0}
                )
                + "\n"
            )
    with open(records, "a", encoding="utf-8") as out:
        out.write("".join(lines))  # one write: other runs may be adding lines meanwhile
    return len(lines)


def report(paths, write: bool) -> dict:
    from game.ai import deals as deals_module

    verdicts = read(paths)
    table = {name: figures(d) for name, d in sorted(verdicts.items())}
    print("| game | deals | won | proved lost | undecided | winnable (95%) |")
    print("|---|---|---|---|---|---|")
    for name, f in table.items():
        print(
            f"| {name} | {f['deals']:,} | {f['won']:,} | {f['lost']:,} | {f['unknown']:,} | "
            f"{100 * f['low']:.1f}% .. {100 * f['high']:.1f}% |"
        )
    if write:
        path = deals_module.WINNABILITY
        path.write_text(
            json.dumps({"format": deals_module.FORMAT, "games": table}, separators=(",", ":"))
            + "\n",
            encoding="utf-8",
        )
        print(f"wrote {path}")
        won = {
            "format": deals_module.FORMAT,
            "games": {
                name: {"won": sorted(d for d, (s, _) in deals.items() if s == "won")}
                for name, deals in verdicts.items()
            },
        }
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(won, f)
        data = deals_module.merge([f.name])
        Path(f.name).unlink()
        deals_module.DATA.write_text(
            json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8"
        )
        deals_module._load.cache_clear()
        print(f"wrote {deals_module.DATA}")
    return table


def main(argv: list[str]) -> int:
    from game.ai.deals import GAMES, parse_options

    parser = argparse.ArgumentParser(prog="python -m bench winnability")
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="solve deals and add their verdicts to the records")
    r.add_argument("--game", choices=GAMES, required=True)
    r.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    r.add_argument("--start", type=int, default=1)
    r.add_argument("--count", type=int, default=200)
    r.add_argument("--budget", type=float, default=2.0, help="CPU seconds a deal (default 2)")
    r.add_argument("--records", type=Path, default=RECORDS)
    i = sub.add_parser(
        "import",
        help="add the verdicts of the winnable-deals builds "
        "(game/ai/data/winnable.json) to the records",
    )
    i.add_argument("--records", type=Path, default=RECORDS)
    p = sub.add_parser("report", help="the winnability table from the records")
    p.add_argument("records", nargs="*", type=Path, default=[RECORDS])
    p.add_argument(
        "--write",
        action="store_true",
        help="write game/ai/data/winnability.json and add the deals won to the "
        "winnable-deals lists",
    )
    args = parser.parse_args(argv)
    if args.command == "import":
        print(f"{import_lists(args.records)} verdicts added to {args.records}")
    elif args.command == "run":
        run(
            args.game, parse_options(args.option), args.start, args.count, args.budget, args.records
        )
    else:
        report(args.records, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
