"""Tournaments between a game's computer players, shared by every game's benchmark here:
``run_tournament`` (paired deals with the seats swapped, in processes; the win rate with its
95% Wilson interval), the decision timer a game's ``play_game`` calls (``timed_choice``), a
finished game seen from one seat (``seat_result``), the command-line options every game's
tournaments take (``add_tournament_options``, ``tournament_plan``) and a pairing's printed
line (``pairing_line``)."""

from __future__ import annotations

import functools
import time

from testbed.measuring import wilson


def timed_choice(bot, state, timer: dict | None):
    """``bot.choose(state)``, its time noted as (turn, seconds) in ``timer[bot.level]`` when
    the timer has that level."""
    t = time.perf_counter()
    move = bot.choose(state)
    elapsed = time.perf_counter() - t
    if timer is not None and bot.level in timer:
        timer[bot.level].append((state.turn, elapsed))
    return move


def seat_result(result, mine: int) -> tuple[str, int]:
    """A finished game seen from seat ``mine``: ("win", "loss" or "draw", points won minus
    lost)."""
    if result.winner is None:
        return "draw", 0
    if result.winner == mine:
        return "win", result.points
    return "loss", -result.points


def _play_job(play_game, job):
    return play_game(*job)


def run_tournament(
    play_game, pairing: str, games: int, jobs: int, first_seed: int, more=None
) -> dict:
    """Level A against level B (``pairing`` "A-B"): ``games // 2`` deals from ``first_seed``,
    each played twice with the seats swapped (paired seeds), in ``jobs`` processes.
    ``play_game(a, b, seed, swap)`` (a module-level function, for the processes) plays one
    game, ``a`` in the second seat with ``swap``, and returns the result from ``a``'s side:
    "outcome" ("win", "loss" or "draw"), "points" (won minus lost), "status". The figures: A's
    wins, losses and even stalemates (draws), its win rate with the 95% Wilson interval, its
    points per game, the stalemates, then ``more(results)``'s, and the seconds it took."""
    a, b = pairing.split("-")
    deals = max(1, games // 2)
    work = [(a, b, first_seed + d, swap) for d in range(deals) for swap in (False, True)]
    play = functools.partial(_play_job, play_game)
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play, work, chunksize=4)
    else:
        results = [play(w) for w in work]
    n = len(results)
    wins = sum(r["outcome"] == "win" for r in results)
    losses = sum(r["outcome"] == "loss" for r in results)
    lo, hi = wilson(wins, n)
    figures = {
        "games": n,
        "wins": wins,
        "losses": losses,
        "draws": n - wins - losses,
        "win_rate": round(wins / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "points_per_game": round(sum(r["points"] for r in results) / n, 2),
        "stalemates": sum(r["status"] == "stalemate" for r in results),
    }
    if more:
        figures.update(more(results))
    figures["seconds"] = round(time.perf_counter() - start, 1)
    return figures


def add_tournament_options(parser, full_games: int) -> None:
    """The options every game's tournaments take."""
    parser.add_argument("--quick", action="store_true", help="fewer games and pairings")
    parser.add_argument(
        "--games", type=int, help=f"games per pairing (default {full_games}; quick 24)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes for the tournaments")
    parser.add_argument("--pairings", help="comma-separated, e.g. hard-greedy,medium-greedy")
    parser.add_argument(
        "--timing-games", type=int, help="games per level timed (default 6; quick 2)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal of the tournaments")


def tournament_plan(
    parser, args, levels, full_games: int, full_pairings, quick_pairings
) -> tuple[int, list, int]:
    """(games per pairing, the pairings, games per level timed) from the options; an unknown
    level in a pairing is an error."""
    games = args.games or (24 if args.quick else full_games)
    pairings = (
        args.pairings.split(",")
        if args.pairings
        else (quick_pairings if args.quick else full_pairings)
    )
    timing_games = args.timing_games or (2 if args.quick else 6)
    for pairing in pairings:
        a, _, b = pairing.partition("-")
        if a not in levels or b not in levels:
            parser.error(f"unknown pairing {pairing!r} (levels: {', '.join(levels)})")
    return games, pairings, timing_games


def pairing_line(pairing: str, r: dict, more: str = "") -> str:
    """A pairing's figures in one printed line (``more``: the game's own, before the time)."""
    return (
        f"  {pairing:15} win {r['win_rate']:.3f}  95% CI [{r['ci95'][0]:.3f}, "
        f"{r['ci95'][1]:.3f}]  {r['wins']}-{r['losses']}-{r['draws']} of {r['games']}"
        f"  points/game {r['points_per_game']:+.1f}{more}  ({r['seconds']:.0f} s)"
    )
