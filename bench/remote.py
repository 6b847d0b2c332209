"""``python -m bench remote [--quick] [--no-direct]``: friends online in Chromium, played and
measured; ``--no-direct`` in a namespace where the pages can't connect to each other directly
(loopback only: everything goes through the relay, as between two phones on mobile networks).

Pages of the shipped site (build/web/ as ./build.sh web builds it), each in a browser context of
its own (its own localStorage, as another person's browser), inside a private network namespace
made for the run (testbed/netns.py: needs root) with a real Nostr relay on 127.0.0.1
(testbed/nostr_relay.py; both through testbed/private_network.py), each page opened with
``?relay=ws://127.0.0.1:PORT&ice=none``.
Everything the players do goes through the browser: mouse clicks on the canvas (a card, then
where it goes; the title's buttons; Who plays?; Stop!; Undo), a link opened, a reload, a tab
killed. The moves are chosen here by a computer player reading the rules core's state from the
page (testbed/client.py's probes), then played by those clicks (testbed/remote_play.py).

Figures (the last line printed is one JSON object with all of them):

- ``link_to_table_ms``: a friend's page opened with ``#join=CODE``: from its first frame to its
  table drawn, the deal agreed (goal <= 3 s).
- ``move_ms`` (median, p95, max): a move dropped on one screen (the click that plays it) to the
  frame that shows it on the other screen (goal: p95 <= 150 ms). Both clocks are the pages'
  ``performance.timeOrigin + now()``: one machine, one clock. Split in two: ``to_arrival_ms``,
  the click to the first message from another screen that page's net.js got after it (the
  ``parlournet`` event: a heartbeat may come first, rarely), and ``arrival_to_shown_ms``, from
  there to the frame that shows the move.
- ``--cpu-slowdown N``: both pages' CPU N times slower (Chromium's CPU throttling), a stand-in
  for phones slower than this machine.
- ``reload_ms``: a page reloaded mid-game (F5), from the reload to its table back at the same
  position (goal <= 5 s).
- ``killed_away_ms``: a tab killed (its renderer crashed: no goodbye) to the other screen showing
  that player as away (goal <= 12 s).
- ``shared_rest``: both people's pages at the table with nobody playing (issue 33): the CPU of
  every Chromium process (two browsers, a page each) and each page's game steps a second.
- ``relay_events_per_minute``: the events each page published to the relays per minute of the
  game played by clicks (goal <= 60: public relays' limits); ``paths``: how the screens
  reached each other. ``--pace 1.5`` plays a move every 1.5 s (a quick person); without it the
  moves come as fast as the clicks go, several a second, and the relay path paces its events
  (game/net/paths.py: at most 0.8 a second after a burst of 20), so moves wait for a ride.

Through the relay only the goals are: link to table <= 10 s, a move p95 <= 300 ms.

The same helpers (testbed/remote_play.py) drive tests/web/test_remote_browser.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from testbed.chromium_processes import OwnBrowser, cpu_percent
from testbed.measuring import spread
from testbed.remote_play import Screen, agree, greedy, host, kill, play_game


def shared_rest(a: Screen, b: Screen, seconds: float = 10.0) -> dict:
    """Both screens at the shared table, nobody playing (one waits for the other's move):
    the CPU of every Chromium process (both people's browsers) over the wall time, from 4 s
    after the last move on; and each page's game steps a second (its room's heartbeats)."""
    time.sleep(4.0)
    frames = [s.c.page.frames() for s in (a, b)]
    cpu, wall = cpu_percent(seconds)
    return {
        "seconds": round(wall, 1),
        "cpu_percent_both_pages": round(cpu, 1),
        "steps_per_s": [round((s.c.page.frames() - f) / wall, 1) for s, f in zip((a, b), frames)],
    }


def slow_down(screen: Screen, rate: float) -> None:
    """This page's CPU ``rate`` times slower (Chromium's throttling, kept across reloads)."""
    if rate != 1:
        page = screen.c.page.page
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def measure(
    url: str, relay, browser, moves: int = 60, pace_s: float = 0.0, slowdown: float = 1
) -> dict:
    """The figures (see the module's docstring); run inside a private network namespace
    (with or without a direct path between the pages: the namespace's), the friend in a
    Chromium of their own."""
    out: dict = {}
    own = OwnBrowser(browser)
    try:
        a = Screen(browser, url, relay.url, "host", paced=True).open()
        slow_down(a, slowdown)
        code = host(a, "russian-bank", {"seat1": "remote"})
        b = Screen(own, url, relay.url, "friend", paced=True).open(f"#join={code}")
        slow_down(b, slowdown)
        first = b.c.page.marks().get("firstFrame", 0.0)
        drawn = b.wait_table()
        out["link_to_table_ms"] = round(drawn - first, 1)
        a.wait_table()
        out["paths"] = sorted(set(a.room()["paths"] + b.room()["paths"]))
        owner = {a.seat(): 0, b.seat(): 1}
        sent = [s.room()["relay_events"] for s in (a, b)]
        t0 = time.monotonic()
        played = play_game(
            [a, b],
            owner,
            greedy("russian-bank"),
            moves=moves,
            on_move=(lambda count: time.sleep(pace_s)) if pace_s else None,
        )
        minutes = (time.monotonic() - t0) / 60
        out["relay_events_per_minute"] = [
            round((s.room()["relay_events"] - n) / minutes, 1) for s, n in zip((a, b), sent)
        ]
        out["play_minutes"] = round(minutes, 2)
        out["shared_rest"] = shared_rest(a, b)
        out["move_ms"] = spread(played["latencies"])
        out["to_arrival_ms"] = spread([a for a, _ in played["arrivals"]])
        out["arrival_to_shown_ms"] = spread([s for _, s in played["arrivals"]])
        position = agree([a, b])
        t0 = b.reload()
        b.wait_table(what="the reloaded page's table")
        agree([a, b], len(position["moves"]), what="the reloaded page back")
        out["reload_ms"] = round(b.now() - t0, 1)
        t0 = kill(b, own)
        at = a.c.wait("1 in probe['room']()['away']", 30, what="the friend shown away")
        out["killed_away_ms"] = round(a.epoch(at) - t0, 1)
    finally:
        own.close()
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench remote")
    parser.add_argument("--quick", action="store_true", help="fewer moves")
    parser.add_argument(
        "--no-direct",
        action="store_true",
        help="pages that can't connect directly: everything through the relay",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="a pause after each move (1.5: a quick person, 40 moves a minute); "
        "default: moves as fast as the clicks go",
    )
    parser.add_argument(
        "--cpu-slowdown",
        type=float,
        default=1.0,
        metavar="N",
        help="both pages' CPU N times slower (a stand-in for slower phones)",
    )
    args = parser.parse_args(argv)
    from testbed.private_network import in_private_network
    from testbed.site import build_site

    moves = 20 if args.quick else 100

    def body(url, relay, browser):
        return measure(url, relay, browser, moves, args.pace, args.cpu_slowdown)

    out = in_private_network(build_site(), body, timeout=1800, direct=not args.no_direct)
    out["cpu_slowdown"] = args.cpu_slowdown
    m = out["move_ms"]
    goals = (10000, 300) if args.no_direct else (3000, 150)
    print(
        f"{'through the relay only' if args.no_direct else 'direct where it connects'} "
        f"(paths {out['paths']}): link to table {out['link_to_table_ms']} ms (goal <= "
        f"{goals[0]}); a move to the other screen: median {m['median']} ms, p95 {m['p95']} "
        f"ms (goal <= {goals[1]}), max {m['max']} ms ({m['n']} moves; click to arrival: "
        f"median {out['to_arrival_ms'].get('median')} ms, arrival to shown: median "
        f"{out['arrival_to_shown_ms'].get('median')} ms, p95 "
        f"{out['arrival_to_shown_ms'].get('p95')} ms); relay events sent "
        f"per minute of play {out['relay_events_per_minute']} (goal <= 60); reload back at "
        f"the table {out['reload_ms']} ms (goal <= 5000); at the table with nobody playing: "
        f"{out['shared_rest']['cpu_percent_both_pages']} % of a core for both pages' "
        f"Chromiums ({out['shared_rest']['steps_per_s']} game steps/s); a killed tab shown "
        "away after "
        f"{out['killed_away_ms']} ms (goal <= 12000)"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
