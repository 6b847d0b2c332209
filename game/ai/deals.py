"""Deal numbers proved winnable, for the "winnable deals only" setting.

    from game.ai.deals import winnable_deals
    winnable_deals("indian-patience")            # [3, 4, 5, ...] sorted deal numbers
    winnable_deals("forty-thieves", supermove=True)

The list ships as a small data file (game/ai/data/winnable.json) built by

    python -m game.ai.deals build [--count 200] [--budget 10] [--game forty-thieves] [--start 1]

which solves deals start .. start+count-1 and keeps those the solver WON (each winning line was
replayed through the core before being believed), together with every deal the list held
before (a deal proved winnable stays winnable; deal numbers never change). A deal missing from
the list may be winnable too: the list holds only what was proved within the budget.

Forty Thieves' options only add moves (supermove lets a run move as one; foundation_takeback
lets a foundation card come back), so a deal winnable without them is winnable with them: the
default list is returned for every option set (its model says ``options_only_add_moves``).
Other games keep a list per option set that was built (``--option suits=1``: the entry
"spider suits=1"), and none for the others.

    python -m game.ai.deals merge FILE...

adds the deals listed as won in other files of this format (separate builds, e.g. written with
``--out``) to the data file: the union per game and option set, nothing dropped.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO, TypedDict

from game.ai.solver.models import load_models
from game.ai.solver.verdict import Status

#: a data file's content, or a part of it (JSON: anything a file may hold)
JSON = dict[str, Any]


class Winnability(TypedDict):
    """How many deals of a game and option set are winnable (see ``winnability``)."""

    deals: int
    won: int
    lost: int
    unknown: int
    low: float
    high: float


DATA = Path(__file__).with_name("data") / "winnable.json"
# each game's winnability from the solver's verdicts (bench/winnability.py writes it)
WINNABILITY = Path(__file__).with_name("data") / "winnability.json"
FORMAT = 1
GAMES = tuple(load_models())  # every game the solver plays


def _games(path: Path) -> JSON:
    """The "games" of a data file of this format; {} when it is missing or damaged."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


@lru_cache(maxsize=1)
def _load() -> JSON:
    return _games(DATA)


def entry_name(game_id: str, options: dict[str, Any] | None = None) -> str:
    """The list's name for a game and option set: the game id, then each option that is not
    the default as " name=value" (sorted). Unknown games or options raise ValueError."""
    from game.core import info

    described = info(game_id)
    full = described.check_options(dict(options or {}))
    defaults = described.options
    return game_id + "".join(f" {k}={full[k]}" for k in sorted(full) if full[k] != defaults[k])


def winnable_deals(game_id: str, **options: Any) -> list[int]:
    """Deal numbers proved winnable for ``game_id`` with these options (sorted; empty if none
    are known). Unknown games or options raise ValueError, like new_game."""
    from game.core import new_game

    new_game(game_id, 0, **options)  # checks the game and the options
    name = entry_name(game_id, options)
    data = _load()
    entry = data.get(name)
    model = load_models().get(game_id)
    if entry is None and model is not None and model.options_only_add_moves:
        entry = data.get(game_id)
    if not isinstance(entry, dict):
        return []
    won = entry.get("won", [])
    return sorted(d for d in won if type(d) is int and d >= 0)


@lru_cache(maxsize=1)
def _figures() -> JSON:
    return _games(WINNABILITY)


def winnability(game_id: str, **options: Any) -> Winnability | None:
    """How many deals of this game and option set are winnable, from the solver's verdicts
    (bench/winnability.py): ``deals`` searched, ``won``, ``lost``, ``unknown``, and the 95%
    interval ``low`` .. ``high`` (shares, every undecided deal counted as lost for ``low``
    and as won for ``high``). None when it was not measured."""
    try:
        name = entry_name(game_id, options)
    except ValueError:
        return None
    entry = _figures().get(name)
    keys = ("deals", "won", "lost", "unknown", "low", "high")
    if not isinstance(entry, dict) or not all(
        isinstance(entry.get(k), (int, float)) and not isinstance(entry.get(k), bool) for k in keys
    ):
        return None
    if not (0 <= entry["low"] <= entry["high"] <= 1 and entry["deals"] > 0):
        return None
    return Winnability(
        deals=entry["deals"],
        won=entry["won"],
        lost=entry["lost"],
        unknown=entry["unknown"],
        low=entry["low"],
        high=entry["high"],
    )


def measured(game_id: str) -> list[tuple[dict[str, Any], Winnability]]:
    """Every option set of the game whose winnability was measured, as (the options that are
    not the default, ``winnability``'s figures): the defaults first."""
    from game.core import info

    out: list[tuple[dict[str, Any], Winnability]] = []
    for name in _figures():
        game, *rest = name.split(" ")
        if game != game_id:
            continue
        try:
            options = info(game_id).check_options(parse_options(rest))
        except ValueError:
            continue
        f = winnability(game_id, **options)
        if f is not None:
            defaults = info(game_id).options
            out.append(({k: v for k, v in options.items() if v != defaults[k]}, f))
    return sorted(out, key=lambda row: (len(row[0]), sorted(row[0].items())))


def fastest(game_id: str) -> list[int]:
    """A few listed deals the solver won quickest when the list was built (for tests)."""
    entry = _load().get(game_id)
    return list(entry.get("fastest", [])) if isinstance(entry, dict) else []


def build(
    games: Iterable[str],
    start: int,
    count: int,
    budget_s: float,
    out: TextIO = sys.stdout,
    options: dict[str, Any] | None = None,
) -> JSON:
    """Solve deals start..start+count-1 of each game (with ``options``); return the data
    file's content."""
    from game.ai.solver.driver import solve
    from game.core import new_game

    options = dict(options or {})
    lists: JSON = {}
    result: JSON = {"format": FORMAT, "budget_s": budget_s, "games": lists}
    old = _load()
    for game in games:
        name = entry_name(game, options)
        won: list[int] = []
        lost: list[int] = []
        unknown: list[int] = []
        times: dict[int, float] = {}
        t0 = time.perf_counter()
        for deal in range(start, start + count):
            v = solve(new_game(game, deal, **options), budget_s=budget_s)
            {Status.WON: won, Status.LOST: lost}.get(v.status, unknown).append(deal)
            if v.status is Status.WON:
                times[deal] = v.seconds
            print(
                f"{name} {deal}: {v.status} ({v.seconds:.2f} s, {v.nodes} nodes)",
                file=out,
                flush=True,
            )
        fastest = sorted(times, key=lambda d: times[d])[:3]  # for tests: quick to solve again
        before = old.get(name, {}).get("won", []) if isinstance(old.get(name), dict) else []
        kept = sorted(set(d for d in before if type(d) is int) - set(won))
        won = sorted(set(won) | set(kept))  # proved before: still winnable
        if kept:
            print(f"{name}: {len(kept)} deals listed before kept: {kept}", file=out, flush=True)
        lists[name] = {
            "searched": [start, start + count - 1],
            "won": won,
            "lost": lost,
            "unknown": len(unknown),
            "fastest": fastest,
            "seconds": round(time.perf_counter() - t0, 1),
        }
        print(
            f"{name}: {len(won) - len(kept)} won, {len(lost)} lost, {len(unknown)} unknown of "
            f"{count} ({len(won)} listed)",
            file=out,
            flush=True,
        )
    for name, entry in old.items():  # keep what was built before for lists not rebuilt now
        if name not in lists:
            lists[name] = entry
    return result


def merge(paths: Iterable[Path], out: TextIO = sys.stdout) -> JSON:
    """The data file's content with the deals listed as won in each of ``paths`` (files of
    this format) added, list by list; nothing is dropped."""
    lists: JSON = {k: dict(v) for k, v in _load().items()}
    result: JSON = {"format": FORMAT, "games": lists}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"{path}: not a winnable-deals file of format {FORMAT}")
        for name, entry in data.get("games", {}).items():
            won = [d for d in entry.get("won", []) if type(d) is int and d >= 0]
            if name not in lists:  # a new list: its build's record comes along
                lists[name] = {**entry, "won": []}
            mine = lists[name]
            before = set(mine.get("won", []))
            mine["won"] = sorted(before | set(won))
            if not mine.get("fastest") and entry.get("fastest"):
                mine["fastest"] = entry["fastest"]
            print(
                f"{path}: {name}: {len(mine['won']) - len(before)} deals added "
                f"({len(mine['won'])} listed)",
                file=out,
            )
    return result


def parse_options(texts: Iterable[str]) -> dict[str, Any]:
    """``--option NAME=VALUE`` arguments as rule options: a JSON value (a number, true)
    where it reads as one, else the text."""
    options: dict[str, Any] = {}
    for text in texts:
        key, _, value = text.partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.deals")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="solve deals and write " + str(DATA))
    b.add_argument("--count", type=int, default=200, help="deals per game (default 200)")
    b.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    b.add_argument("--budget", type=float, default=10.0, help="seconds per deal (default 10)")
    b.add_argument("--game", choices=GAMES, action="append", help="only this game (repeat)")
    b.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option for these deals (repeat), e.g. suits=1",
    )
    b.add_argument("--out", type=Path, default=DATA, help="where to write the file")
    m = sub.add_parser("merge", help="add the deals won in other files to " + str(DATA))
    m.add_argument("files", nargs="+", type=Path)
    m.add_argument("--out", type=Path, default=DATA, help="where to write the file")
    sub.add_parser("show", help="print how many deals are listed")
    args = parser.parse_args(argv)
    if args.command == "show":
        for name, entry in sorted(_load().items()):
            print(f"{name}: {len(entry.get('won', []))} winnable deals listed")
        return 0
    if args.command == "merge":
        data = merge(args.files)
    else:
        data = build(
            args.game or list(GAMES),
            args.start,
            args.count,
            args.budget,
            options=parse_options(args.option),
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"))
    args.out.write_text(text + "\n", encoding="utf-8")
    _load.cache_clear()
    print(f"wrote {args.out} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
