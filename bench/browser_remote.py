"""``python -m bench remote [--quick] [--no-direct]``: friends online in Chromium, played and
measured; ``--no-direct`` in a namespace where the pages can't connect to each other directly
(loopback only: everything goes through the relay, as between two phones on mobile networks).

Pages of the shipped site (build/web/ as ./build.sh web builds it), each in a browser context of
its own (its own localStorage, as another person's browser), inside a private network namespace
made for the run (testbed/netns.py: needs root) with a real Nostr relay on 127.0.0.1
(testbed/nostr_relay.py), each page opened with ``?relay=ws://127.0.0.1:PORT&ice=none``.
Everything the players do goes through the browser: mouse clicks on the canvas (a card, then
where it goes; the title's buttons; Who plays?; Stop!; Undo), a link opened, a reload, a tab
killed. The moves are chosen here by a computer player reading the rules core's state from the
page (bench/browser_client.py's probes), then played by those clicks.

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

The same helpers drive tests/web/test_remote_browser.py.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

from game.core import PASS, STOP, Move, from_dict

SHARED_TABLE = "SharedTableScene"


class Screen:
    """One person's page: its own browser context, opened with the test relay."""

    def __init__(self, browser, url: str, relay_url, name: str):
        """``relay_url``: the test relay's address, or a list of them (all used at once)."""
        from .browser import ClientPage
        from .browser_client import Client

        self.name = name
        self.c = Client(ClientPage(browser, SimpleNamespace(url=url)))
        relays = [relay_url] if isinstance(relay_url, str) else list(relay_url)
        self.query = "?" + "&".join(f"relay={url}" for url in relays) + "&ice=none"

    def relay_only(self) -> Screen:
        """This person's page takes no direct connection (``?ice=relay``, no TURN server):
        everything goes through the relays, whatever the network allows."""
        self.query = self.query.replace("&ice=none", "&ice=relay")
        return self
        self.origin = 0.0

    def open(self, fragment: str = "", **settings) -> Screen:
        from .browser_client import client_settings, stored

        self.c.open(
            stored({"settings": client_settings(**settings)}), address=self.query + fragment
        )
        self.origin = self.c.page.page.evaluate("performance.timeOrigin")
        return self

    def reload(self) -> float:
        """F5; returns the epoch (ms) when it was pressed."""
        t0 = self.now()
        self.c.reload()
        self.origin = self.c.page.page.evaluate("performance.timeOrigin")
        return t0

    def now(self) -> float:
        """ms since the epoch, by the page's clock."""
        return self.c.page.page.evaluate("performance.timeOrigin + performance.now()")

    def epoch(self, page_ms: float) -> float:
        return self.origin + page_ms

    def room(self) -> dict | None:
        return self.c.probe("room")

    def at_table(self) -> bool:
        r = self.room()
        return bool(r and r["ready"] and r["scene"] == SHARED_TABLE)

    def wait_table(self, timeout_s: float = 60, what: str = "") -> float:
        """Until this page shows its shared table with the deal agreed; performance.now()
        in the page then."""
        return self.c.wait(
            f"(probe['room']() or {{}}).get('ready') and probe['scene']() == {SHARED_TABLE!r}",
            timeout_s,
            what=what or f"{self.name}'s shared table",
        )

    def state(self):
        return from_dict(self.c.probe("state"))

    def seat(self) -> int:
        return self.room()["local"][0]


def host(screen: Screen, game_id: str, seats: dict, players: int | None = None) -> str:
    """From the title, by clicks: the game, Who plays? (``seats``: {"seat1": "remote"}), Play;
    the waiting room's code."""
    c = screen.c
    c.click_button(game_id)
    c.wait("probe['view']()['modal'] is not None", what="Who plays?")
    if players:
        c.click_button(f"players={players}")
    for name, value in seats.items():
        c.click_button(f"{name}={value}")
    c.click_button("play")
    c.wait("probe['room']() is not None", what="the waiting room")
    return screen.room()["code"]


def agree(screens, n: int | None = None, timeout_s: float = 60, what: str = "") -> dict:
    """Until every screen shows its shared table with the same position (with ``n`` moves or
    more: a move may bring others by itself), no card moving; that position."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        try:
            if all(s.at_table() for s in screens):
                states = [s.c.probe("state") for s in screens]
                if (
                    all(st == states[0] for st in states)
                    and (n is None or len(states[0]["moves"]) >= n)
                    and all(s.c.probe("settled") for s in screens)
                ):
                    return states[0]
                last = [len(st["moves"]) for st in states]
        except Exception as e:  # a page between two lives (a reload): look again
            last = repr(e)
        time.sleep(0.05)
    raise AssertionError(f"the screens never agreed ({what}): {last}")


def click_move(screen: Screen, move: Move) -> float:
    """Play ``move`` at this screen by the mouse, as a person: a click on the card (a run of
    several: on the first card of the run), a click where it goes (a turn of a card: one
    click; a pass: End turn). Returns the epoch (ms) of the click that played it."""
    c, page = screen.c, screen.c.page
    if move == PASS:
        x, y, w, h, enabled = c.button("End turn")
        assert enabled, f"End turn is not offered for {move}"
        target = (x + w / 2, y + h / 2)
    elif move.source == move.target:
        target = c.card_point(move.source)
    else:
        page.mouse_click(*c.card_point(move.source, -move.count), frames=1)
        x, y, w, h = c.card(move.target)
        target = (x + w / 2, y + h / 2)
    page.mouse_move(*target)
    t0 = screen.now()
    page.page.mouse.down()
    page.page.mouse.up()
    return t0


def seen_at(screen: Screen, moves: int, timeout_s: float = 30) -> float:
    """The epoch (ms) of the first frame in which this screen shows ``moves`` moves (or
    more)."""
    at = screen.c.wait(f"probe['moves']() >= {moves}", timeout_s, what=f"move {moves} shown")
    return screen.epoch(at)


def catchable_slip(state):
    """A move that breaks a priority and lets the turn go on (so the other player can see it
    and call Stop!), or None."""
    p = state.current_player
    legal = set(state.legal_moves())
    for move in state.breach_moves():
        if move in legal or move == PASS or move.target == f"waste{p}":
            continue
        return move
    return None


def play_game(
    screens,
    owner,
    choose,
    to_the_end: bool = True,
    moves: int = 10**6,
    on_move=None,
    slip_once: bool = False,
) -> dict:
    """Play by clicks until the game is over (or ``moves`` moves): the seat to move is played
    at ``owner[seat]``'s screen, its move chosen by ``choose(state)``; with ``slip_once``, the
    first chance of a catchable slip is taken and the next seat's person calls Stop! on it.
    ``on_move(count)`` after each move (a reload, say). Returns figures: the moves' latencies
    to the other screens."""
    latencies: list[float] = []
    arrivals: list[tuple[float, float]] = []  # (click to arrival, arrival to shown), ms
    slipped = called = False
    done = 0
    state = from_dict(agree(screens, what="before play"))
    while not state.is_over() and done < moves:
        p = state.current_player
        me = screens[owner[p]]
        n = len(state.history)
        move = None
        if slip_once and not slipped:
            move = catchable_slip(state)
        slip = move is not None
        if move is None:
            move = choose(state)
        t0 = click_move(me, move)
        try:  # the click played the move here first (else say so, not that others missed it)
            me.c.wait(f"probe['moves']() >= {n + 1}", 30, what=f"move {n + 1} played")
        except Exception as e:
            raise AssertionError(
                f"the click at screen {owner[p]} didn't play {move} "
                f"(seat {p}; {me.c.probe('state')['moves'][n:]} played, "
                f"view {me.c.probe('view')}, room {me.room()}, resting "
                f"{me.c.page.page.evaluate('harness.resting')}, console "
                f"{me.c.page.log[-8:]}): {e}"
            ) from None
        others = [s for s in screens if s is not me]
        for other in others:
            seen = seen_at(other, n + 1)
            latencies.append(seen - t0)
            came = other.c.page.page.evaluate("t => harness.arrivalAfter(t)", t0 - other.origin)
            if came is not None and other.epoch(came) <= seen:
                arrivals.append((other.epoch(came) - t0, seen - other.epoch(came)))
        state = from_dict(agree(screens, n + 1, what=f"move {n + 1}: {move}"))
        done += 1
        if slip:
            slipped = True
            caller = next(s for s in others if s.seat() != p)
            c = caller.c
            c.wait("probe['button']('Stop!')[4]", what="Stop! offered")
            c.click_button("Stop!", frames=1)
            c.wait(f"{str(STOP)!r} in probe['state']()['moves'][{n}:]", what="the Stop! call")
            state = from_dict(agree(screens, what="the Stop! call"))
            called = True
        if on_move is not None:
            on_move(len(state.history))
            state = from_dict(agree(screens, what="after a reload"))
    return {
        "moves": done,
        "latencies": latencies,
        "arrivals": arrivals,
        "called": called,
        "state": state,
    }


def keeps_turn(state, move) -> bool:
    """After ``move`` the same player is still to move (its turn goes on: Undo may take the
    move back)."""
    after = state.copy()
    after.push(move)
    return after.current_player == state.current_player and not after.is_over()


def undo_own_move(screens, owner, choose) -> int:
    """Seat 1's person (at ``screens[owner[1]]``) plays a move in their turn that lets it go
    on, then takes it back with Undo (never offered to seat 0's person): every screen back at
    the position before. Returns the number of moves then."""
    a, b = screens[owner[0]], screens[owner[1]]
    while True:
        state = a.state()
        move = None
        if state.current_player == 1:
            move = next(
                (m for m in [choose(state), *state.legal_moves()] if keeps_turn(state, m)), None
            )
        if move is not None:
            break
        play_game(screens, owner, choose, moves=1)
    n = len(state.history)
    click_move(b, move)
    agree(screens, n + 1, what="the friend's move")
    b.c.wait("probe['button']('Undo')[4]", what="Undo offered to the friend")
    assert not a.c.button("Undo")[4]  # never someone else's move
    b.c.click_button("Undo", frames=1)
    for screen in screens:
        screen.c.wait(f"probe['moves']() == {n}", what=f"the friend's Undo at {screen.name}")
    back = agree(screens, n, what="the friend's Undo")
    assert back == state.to_dict()
    return n


def whole_game(
    a, b, game_id: str = "russian-bank", reloads=((20, 1), (60, 0)), timeout_s: float = 60
) -> dict:
    """A whole game between seat 0's person at ``a`` and seat 1's at ``b``, by clicks: the
    opening with a slip caught by the other's Stop!; seat 1's own move taken back with Undo;
    then on to the end, each screen in ``reloads`` (so many moves after the Undo, the seat
    whose screen reloads: a page's F5, a desktop app closed and started again) back at its
    seat at the same position. Returns the final position and the moves' latencies."""
    screens, idx, choose = [a, b], {0: 0, 1: 1}, greedy(game_id)
    owner = {0: a, 1: b}
    first = play_game(screens, idx, choose, moves=40, slip_once=True)
    while not first["called"] and not first["state"].is_over():  # (no slip came yet)
        more = play_game(screens, idx, choose, moves=40, slip_once=True)
        first = {**more, "latencies": first["latencies"] + more["latencies"]}
    assert first["called"], "no slip to catch in the whole game"
    n = undo_own_move(screens, idx, choose)
    when = {n + after: seat for after, seat in reloads}

    def reload_at(count):
        due = [k for k in when if k <= count]
        if due:
            screen = owner[when.pop(min(due))]
            position = agree(screens)
            screen.reload()
            screen.wait_table(timeout_s, what=f"{screen.name} back after a reload")
            assert agree(screens, what="after the reload") == position
            assert screen.room()["local"] == [0 if screen is a else 1]

    rest = play_game(screens, idx, choose, on_move=reload_at)
    state = rest["state"]
    assert state.is_over() and not when, when
    final = agree(screens, what="the end")
    assert a.state().result() == b.state().result() == state.result()
    assert final["moves"].count(str(STOP)) >= 1
    return {"final": final, "latencies": first["latencies"] + rest["latencies"]}


def spread(values) -> dict:
    values = sorted(values)
    if not values:
        return {}
    return {
        "median": round(statistics.median(values), 1),
        "p95": round(values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))], 1),
        "max": round(values[-1], 1),
        "n": len(values),
    }


def greedy(game_id: str):
    from game.ai.players import computer_player

    bot = computer_player(game_id, "greedy", seed=1)
    return bot.choose


def chromium_pids() -> set[int]:
    """The processes of every Chromium running now (from /proc)."""
    return {
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit() and b"chromium" in _cmdline(int(entry.name)).split(b"\0")[0]
    }


def _cmdline(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


def _descendants(roots: set[int]) -> set[int]:
    """Every process started by one of ``roots``, however deep (from /proc's parent ids)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    out, grew = set(), True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if pid not in out and (parent in roots or parent in out):
                out.add(pid)
                grew = True
    return out


class OwnBrowser:
    """A Chromium of its own for one person (so that it can be killed alone: ``kill``)."""

    def __init__(self, beside):
        from .browser import Browser

        before = chromium_pids()
        self.browser = Browser(beside=beside)
        self.browser.new_page().context.close()  # its renderer and helpers started
        self.pids = chromium_pids() - before

    def new_page(self, *args, **kw):
        return self.browser.new_page(*args, **kw)

    def kill(self) -> None:
        """SIGKILL to this Chromium and every process it started: a tab killed, no goodbye."""
        import os
        import signal

        roots = {pid for pid in self.pids if b"--type=" not in _cmdline(pid)}
        for pid in sorted(_descendants(roots) | roots):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    def close(self) -> None:
        try:
            self.browser.close()
        except Exception:
            pass  # killed


def kill(screen: Screen, own: OwnBrowser) -> float:
    """Kill the person's Chromium (every process of it: no goodbye, no closed connection
    announced); the epoch (ms) just before, by the page's clock."""
    t0 = screen.now()
    own.kill()
    return t0


def shared_rest(a: Screen, b: Screen, seconds: float = 10.0) -> dict:
    """Both screens at the shared table, nobody playing (one waits for the other's move):
    the CPU of every Chromium process (both people's browsers) over the wall time, from 4 s
    after the last move on; and each page's game steps a second (its room's heartbeats)."""
    from .browser_bench import cpu_percent

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


def measure(folder: Path, moves: int = 60, pace_s: float = 0.0, slowdown: float = 1) -> dict:
    """The figures (see the module's docstring); run inside a private network namespace
    (with or without a direct path between the pages: the namespace's)."""
    from bench.browser import Browser
    from testbed.nostr_relay import NostrRelay
    from testbed.site import StaticServer

    out: dict = {}
    with NostrRelay() as relay:
        server = StaticServer(folder)
        browser = Browser()
        own = OwnBrowser(browser)
        try:
            a = Screen(browser, server.url, relay.url, "host").open()
            slow_down(a, slowdown)
            code = host(a, "russian-bank", {"seat1": "remote"})
            b = Screen(own, server.url, relay.url, "friend").open(f"#join={code}")
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
            browser.close()
            server.close()
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
    from bench.browser_net import in_private_network

    out = in_private_network(
        measure,
        1800,
        moves=20 if args.quick else 100,
        pace_s=args.pace,
        slowdown=args.cpu_slowdown,
        direct=not args.no_direct,
    )
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
