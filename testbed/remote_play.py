"""Friends online played by clicks, as people play: one person's screen at a shared table
(``Screen``: a page of the shipped site in a browser context of its own, opened with the test
relay; testbed/desktop_client.py's DesktopScreen is the desktop app alike), and what they do
there: host a game (``host``), wait until every screen shows the same position (``agree``),
play a move by the mouse (``click_move``), play on until the end with a computer player
choosing the moves from the rules core's state read off the page (``play_game``, ``greedy``),
a whole game with a slip caught, an Undo and reloads (``whole_game``), a tab killed (``kill``).

Everything goes through the screen: clicks on the canvas (a card, then where it goes; the
title's buttons; Who plays?; Stop!; Undo), a link opened, a reload. What is read of the game
is testbed/client.py's probes. Used by tests/web/test_remote_browser.py,
tests/web/test_desktop_browser.py and ``python -m bench remote`` / ``desktop-remote``.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import TYPE_CHECKING

from game.core import PASS, STOP, Move, from_dict
from testbed.client import Client, client_settings, stored
from testbed.client_page import ClientPage

if TYPE_CHECKING:
    from testbed.chromium_processes import OwnBrowser

SHARED_TABLE = "SharedTableScene"


#: the test relay is the tests' own (?relay=): pages may publish to it this fast
#: (?relay_rate=), so that only the test that measures public relays' pacing waits for it
#: (game/net/paths.py: RELAY_RATE, 0.8 events a second after a burst of 20)
OWN_RELAY_RATE = 1000


class Screen:
    """One person's page: its own browser context, opened with the test relay."""

    def __init__(self, browser, url: str, relay_url, name: str, paced: bool = False):
        """``relay_url``: the test relay's address, or a list of them (all used at once).
        ``paced``: the page keeps to public relays' rate on it, as a player's page on the
        public relays does (else it uses it as a relay of one's own, OWN_RELAY_RATE)."""
        self.name, self.origin, self.paced = name, 0.0, paced
        self.c = Client(ClientPage(browser, SimpleNamespace(url=url)))
        relays = [relay_url] if isinstance(relay_url, str) else list(relay_url)
        rate = "" if paced else f"&relay_rate={OWN_RELAY_RATE}"
        self.query = "?" + "&".join(f"relay={url}" for url in relays) + "&ice=none" + rate

    def relay_only(self) -> Screen:
        """This person's page takes no direct connection (``?ice=relay``, no TURN server):
        everything goes through the relays, whatever the network allows."""
        self.query = self.query.replace("&ice=none", "&ice=relay")
        return self

    def open(self, fragment: str = "", **settings) -> Screen:
        # cards fly only on the paced page, as on a player's: the others prove the messages,
        # not the flights (tested at one screen), and a whole game's flights cost half its time
        settings.setdefault("animations", self.paced)
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


def greedy(game_id: str):
    from game.ai.players import computer_player

    bot = computer_player(game_id, "greedy", seed=1)
    return bot.choose


def kill(screen: Screen, own: OwnBrowser) -> float:
    """Kill the person's Chromium (every process of it: no goodbye, no closed connection
    announced); the epoch (ms) just before, by the page's clock."""
    t0 = screen.now()
    own.kill()
    return t0
