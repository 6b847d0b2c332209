"""A desktop app and the browser at one table (issue 36): the real desktop client (``python -m
game`` under SDL's dummy video driver, driven by real input events: testbed/desktop_client.py)
and pages of the shipped site (build/web/ as built) in Chromium, meeting on a real Nostr relay
on 127.0.0.1 inside a private network namespace the test makes (testbed/netns.py; root, as CI
runs). The desktop speaks the relay path only (game/net/desktop/), so everything between the
two goes through the relay, with the browser's events checked by the desktop and the
desktop's by the page (one wire, never two dialects).

Everything the players do goes through their screen: the title's game, Who plays? with "A
friend online", the link opened by the page's friend (``#join=CODE``) or the code typed into
the desktop's Join a friend, each move (a click on the card, a click where it goes), Stop!,
Undo, the app closed and started again, the page reloaded. The moves are chosen by a computer
player reading the position (testbed/remote_play.py's helpers, which play a desktop screen as
they play a page). Every wait polls with a generous timeout.
"""

from __future__ import annotations

import pytest

from testbed.private_network import in_private_network
from tests.web.test_remote_browser import no_errors


def desktop_errors(screen) -> None:
    assert screen.c.page.log_errors() == [], (screen.name, screen.c.page.tail())


@pytest.mark.parametrize("desktop_hosts", [True, False], ids=["desktop hosts", "desktop joins"])
def test_russian_bank_between_a_desktop_and_a_browser(
    site, private_network, tmp_path, desktop_hosts
):
    """A whole game: the host picks A friend online, the friend joins by the code (the page by
    the link, the desktop by typing it); moves by clicks on both screens; one slips and the
    other calls Stop!; the friend takes back their own move; the desktop app is closed and
    started again mid-game, the page reloaded, each back at the same position; the game ends
    the same on both screens; the host's Play again deals the next game on both."""
    from testbed.desktop_client import DesktopScreen
    from testbed.remote_play import Screen, host, whole_game

    def body(url, relay, browser):
        desk = DesktopScreen("desktop", tmp_path / "desktop", relays=[relay.url])
        page = Screen(browser, url, relay.url, "browser")
        a, b = (desk, page) if desktop_hosts else (page, desk)
        try:
            a.open()
            code = host(a, "russian-bank", {"seat1": "remote"})
            assert a.room()["scene"] == "RoomScene" and len(code) == 6
            b.open(f"#join={code}")
            b.wait_table(90)
            a.wait_table(90)
            assert a.room()["local"] == [0] and b.room()["local"] == [1]
            assert a.room()["paths"] == ["relays"] and b.room()["paths"] == ["relays"]
            return play(a, b)
        finally:
            desk.close()

    def play(a, b):
        # a slip and Stop!, the friend's Undo, the desktop app closed and started again and
        # the page reloaded, to the end
        played = whole_game(a, b, reloads=((16, 1), (40, 0)), timeout_s=90)
        for screen in (a, b):
            screen.c.wait("probe['view']()['modal'] == 'EndPanel'", what="the end panel")
        # Play again: the host's end panel deals the room's next game on both screens
        a.c.click_button("Play again")
        fresh = (
            "probe['view']()['modal'] is None and probe['room']()['ready'] and "
            "len(probe['state']()['moves']) == 0"
        )
        for screen in (a, b):
            screen.c.wait(fresh, 90, what=f"the next game at {screen.name}")
        assert a.room()["local"] == [0] and b.room()["local"] == [1]
        page, desk = (a, b) if isinstance(b, DesktopScreen) else (b, a)
        no_errors(page)
        desktop_errors(desk)
        return played["latencies"]

    latencies = in_private_network(site.folder, body)
    print(f"{len(latencies)} moves seen on the other screen; slowest {max(latencies):.0f} ms")


def test_chinese_patience_with_a_desktop_a_browser_and_the_computer(
    site, private_network, tmp_path
):
    """Three seats: the desktop hosts, a friend in the browser joins by the link, the host's
    computer plays the third seat; 40 moves by clicks (and the computer's), every screen
    agreeing on every move."""
    from game.core import from_dict
    from testbed.desktop_client import DesktopScreen
    from testbed.remote_play import Screen, agree, greedy, host, play_game

    def body(url, relay, browser):
        desk = DesktopScreen("desktop", tmp_path / "desktop", relays=[relay.url])
        page = Screen(browser, url, relay.url, "browser")
        try:
            desk.open()
            code = host(
                desk, "chinese-patience", {"seat1": "remote", "seat2": "computer:easy"}, players=3
            )
            page.open(f"#join={code}")
            for s in (desk, page):
                s.wait_table(90)
            assert desk.room()["local"] == [0] and page.room()["local"] == [1]
            screens, choose = [desk, page], greedy("chinese-patience")
            computer = 0
            for _ in range(40):
                state = from_dict(agree(screens, what="before a move"))
                if state.is_over():
                    break
                if state.current_player == 2:  # the host's computer plays on its own
                    agree(screens, len(state.history) + 1, what="the computer's move")
                    computer += 1
                else:
                    play_game(screens, {0: 0, 1: 1}, choose, moves=1)
            assert computer >= 1 or from_dict(agree(screens)).is_over()
            no_errors(page)
            desktop_errors(desk)
        finally:
            desk.close()

    in_private_network(site.folder, body)
