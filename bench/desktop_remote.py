"""``python -m bench desktop-remote [--quick] [--pace SECONDS]``: a desktop app and a browser
page at one table (issue 36), played and measured.

The real desktop client (``python -m game``, SDL's dummy video driver:
testbed/desktop_client.py) and a page of the shipped site (build/web/) in Chromium, in a
private network namespace made for the run (testbed/netns.py: needs root) with a real Nostr
relay on 127.0.0.1 (testbed/nostr_relay.py; both through testbed/private_network.py). The
desktop speaks the relay path only, so every message goes through the relay. Everything the
players do goes through their screen (clicks, the code typed into Join a friend, the link
opened); the moves are chosen by a computer player reading the rules core's state
(testbed/remote_play.py's helpers).

Two rounds: the desktop hosts and the page joins by the link; then the page hosts and the
desktop joins by the code. Figures (the last line printed is one JSON object with all):

- ``link_to_table_ms``: the friend's screen from its first frame with the code in hand (the
  page opened at ``#join=CODE``; the desktop's Join pressed) to its table drawn, the deal agreed.
- ``move_ms``: a move dropped on one screen (the click that plays it) to the frame that shows
  it on the other, each way: ``desktop_to_browser`` and ``browser_to_desktop`` (median, p95,
  max; goal p95 <= 300 ms through a local relay). Both clocks are this machine's. Moves come
  at ``--pace`` (default 1.5 s, a quick person): faster than 0.8 a second the relay path paces
  its events (game/net/paths.py) and moves wait for a ride.
- ``desktop_frame_ms``: the desktop's frame (App.step) times over the whole game while the
  messages flow: p50, p95, p99, max, and ``over_16_7``, how many frames took longer than a
  60 Hz frame; ``desktop_net_ms``: in the frame, the time spent in the network floor's
  transport (TwoPaths.poll and send, the carrier's poll and publish), its max per frame: what
  the network costs the frame (goal: never what makes a frame miss 16.7 ms).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from testbed.desktop_client import DesktopScreen
from testbed.measuring import percentile, spread
from testbed.remote_play import Screen, agree, greedy, host, play_game

NET_TIMER = r"""
def _net_timer():
    import time
    from game.net.paths import TwoPaths
    from game.net.desktop.carrier import RelayCarrier

    spent = {}   # frame -> ms in the transport

    def timed(original):
        def wrapper(*args, **kw):
            t0 = time.perf_counter()
            try:
                return original(*args, **kw)
            finally:
                f = driver.frames
                spent[f] = spent.get(f, 0.0) + (time.perf_counter() - t0) * 1000
        wrapper.timed = True
        return wrapper

    for cls, names in ((TwoPaths, ("poll", "send")), (RelayCarrier, ("poll", "publish"))):
        for name in names:
            if not getattr(getattr(cls, name), "timed", False):
                setattr(cls, name, timed(getattr(cls, name)))
    return spent


net_spent = _net_timer()
"""


def play_each_way(a, b, moves: int, pace_s: float):
    """``moves`` moves by clicks at a's seat 0 and b's seat 1 (a quick person's pace); the
    latencies to the other screen, by who moved."""
    from game.core import from_dict

    choose = greedy("russian-bank")
    screens, owner = [a, b], {0: 0, 1: 1}
    by = {0: [], 1: []}
    for _ in range(moves):
        state = from_dict(agree(screens, what="before a move"))
        if state.is_over():
            break
        mover = state.current_player
        played = play_game(screens, owner, choose, moves=1)
        by[mover] += played["latencies"]
        time.sleep(pace_s)
    return by


def frame_figures(desk, frames_before: int) -> tuple[dict, dict]:
    steps = desk.c.page.eval("list(driver.step_ms)")
    steps = steps[-(desk.c.page.frames() - frames_before) :]
    spent = desk.c.page.eval("list(net_spent.values())")
    frames = {
        "n": len(steps),
        **{f"p{round(q * 100)}": round(percentile(steps, q), 2) for q in (0.5, 0.95, 0.99)},
        "max": round(max(steps), 2),
        "over_16_7": sum(1 for x in steps if x > 1000 / 60),
    }
    net = spread(spent)
    net["max"] = round(max(spent), 3) if spent else None
    return frames, net


def round_trip(url, relay_url, browser, desktop_hosts: bool, moves: int, pace_s: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        desk = DesktopScreen("desktop", Path(tmp) / "desktop", relays=[relay_url], paced=True)
        page = Screen(browser, url, relay_url, "browser", paced=True)
        a, b = (desk, page) if desktop_hosts else (page, desk)
        try:
            a.open()
            code = host(a, "russian-bank", {"seat1": "remote"})
            if desktop_hosts:
                b.open(f"#join={code}")
                start = b.epoch(b.c.page.marks().get("firstFrame", 0.0))
            else:
                b.open()
                start = b.now()
                _join_by_code(b, code)
            drawn = b.epoch(b.wait_table(90))
            a.wait_table(90)
            desk.c.page.exec(NET_TIMER)
            frames_before = desk.c.page.frames()
            by = play_each_way(a, b, moves, pace_s)
            frames, net = frame_figures(desk, frames_before)
            desk_seat = 0 if desktop_hosts else 1
            return {
                "link_to_table_ms": round(drawn - start, 1),
                "desktop_to_browser": by[desk_seat],
                "browser_to_desktop": by[1 - desk_seat],
                "desktop_frame_ms": frames,
                "desktop_net_ms": net,
            }
        finally:
            desk.close()


def _join_by_code(desk, code: str) -> None:
    """The desktop's Join a friend: the button, the code typed, Enter."""
    c = desk.c
    c.click_button("join")
    c.wait("probe['view']()['modal'] is not None", what="the Join a friend dialog")
    c.page.type(code, frames=1)
    c.page.key("Enter")


def measure(url: str, relay, browser, moves: int = 40, pace_s: float = 1.5) -> dict:
    """The figures (see the module's docstring); run inside a private network namespace."""
    out: dict = {"moves_each_round": moves, "pace_s": pace_s}
    hosting = round_trip(url, relay.url, browser, True, moves, pace_s)
    joining = round_trip(url, relay.url, browser, False, moves, pace_s)
    out["link_to_table_ms"] = {
        "desktop_hosts": hosting["link_to_table_ms"],
        "desktop_joins": joining["link_to_table_ms"],
    }
    out["move_ms"] = {
        "desktop_to_browser": spread(hosting["desktop_to_browser"] + joining["desktop_to_browser"]),
        "browser_to_desktop": spread(hosting["browser_to_desktop"] + joining["browser_to_desktop"]),
    }
    out["desktop_frame_ms"] = {
        "desktop_hosts": hosting["desktop_frame_ms"],
        "desktop_joins": joining["desktop_frame_ms"],
    }
    out["desktop_net_ms"] = {
        "desktop_hosts": hosting["desktop_net_ms"],
        "desktop_joins": joining["desktop_net_ms"],
    }
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench desktop-remote")
    parser.add_argument("--quick", action="store_true", help="fewer moves")
    parser.add_argument(
        "--pace",
        type=float,
        default=1.5,
        metavar="SECONDS",
        help="a pause after each move (default 1.5: a quick person)",
    )
    args = parser.parse_args(argv)
    from testbed.private_network import in_private_network
    from testbed.site import build_site

    moves = 12 if args.quick else 40

    def body(url, relay, browser):
        return measure(url, relay, browser, moves, args.pace)

    out = in_private_network(build_site(), body, timeout=1800)
    m, f, n = out["move_ms"], out["desktop_frame_ms"], out["desktop_net_ms"]
    print(
        f"link to table: desktop hosting {out['link_to_table_ms']['desktop_hosts']} ms, "
        f"desktop joining {out['link_to_table_ms']['desktop_joins']} ms; a move, p95: "
        f"desktop to browser {m['desktop_to_browser'].get('p95')} ms, browser to desktop "
        f"{m['browser_to_desktop'].get('p95')} ms (goal <= 300); the desktop's frames while "
        f"playing: p99 {f['desktop_hosts']['p99']} / {f['desktop_joins']['p99']} ms, max "
        f"{f['desktop_hosts']['max']} / {f['desktop_joins']['max']} ms, over 16.7 ms "
        f"{f['desktop_hosts']['over_16_7']} / {f['desktop_joins']['over_16_7']} frames; the "
        f"network's part of a frame, max {n['desktop_hosts']['max']} / "
        f"{n['desktop_joins']['max']} ms"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
