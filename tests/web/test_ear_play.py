"""Whole games by ear in Chromium, on the site as built (issue 46): keys in; out only what a
screen reader gets, the accessibility tree and the live regions (tests/support/ear_reader.py).
The page is opened with a saved deal (as a player who left it would find it); from there on
every step is chosen from what was heard: the switch found with Tab, the title's Continue, the
light's verdict, each Hint's plan (which cards, from which pile, to which), the moves made with
the keys (a column's number, W, S, Enter, +, F, T, E, X), the end said."""

from __future__ import annotations

import pytest

from testbed.client import client_settings, saved_game, stored
from tests.support.axe import axe_violations
from tests.support.bank_table import computer_slips_at_once
from tests.support.deals import find_deal, solver_deal
from tests.support.ear_reader import Listener, parse_plan
from tests.support.language_words import english_only, words


def open_page(browser, site, game: str, seed: int, address: str = "", options=None, **settings):
    from testbed.client_page import ClientPage

    level = settings.get("level")
    storage = stored(
        {
            "settings": client_settings(last_game=game, **settings),
            f"game/{game}": saved_game(game, seed, level, **(options or {})),
        }
    )
    return ClientPage(browser, site).open(storage, clear=True, address=address)


def switch_on_and_continue(ear: Listener) -> None:
    """The first Tab: the switch; Enter: on (the title heard); Tab into the mirror, then to
    Continue, and Enter."""
    ear.press("Tab")
    assert ear.focused() in ("Screen reader", "Bildschirmleser", "Lecteur d'écran")
    ear.press("Enter")
    ear.wait_for(lambda t: t.startswith("Patience Parlour"))
    ear.press("Tab")  # into the mirror
    for _ in range(30):
        if ear.focused().startswith(("Continue", "Weiter", "Continuer")):
            break
        ear.press("Tab")
    ear.press("Enter")


def pile_key(pile: str) -> str | None:
    """The key that puts the focus on a pile straight away: a column's number, W the waste."""
    if pile.startswith("Column "):
        return str(int(pile.split()[1]) % 10)
    return "w" if pile == "Waste" else None


def make(ear: Listener, source: str, target: str | None, count: int) -> None:
    """A move as a player who heard it makes it with the keys."""
    if target is None:
        ear.press("s" if source == "Stock" else "t")
        return
    key = pile_key(source)
    ear.press(key) if key else ear.walk_to(source)
    assert ear.focused().startswith(source + ":"), (source, ear.focused())
    if target.startswith("Foundation") and count == 1:
        ear.press("f")
        return
    ear.press("Enter")
    for _ in range(count - 1):
        ear.press("+")
    key = pile_key(target)
    ear.press(key) if key else ear.walk_to(target)
    ear.press("Enter")


@pytest.mark.parametrize("game", ["forty-thieves", "indian-patience"])
def test_a_solitaire_won_by_ear_alone(browser, site, game):
    seed, _verdict = solver_deal(game)
    client = open_page(browser, site, game, seed, winnable_light=True, auto_move=True)
    try:
        ear = Listener(client)
        switch_on_and_continue(ear)
        ear.wait_for(lambda t: t == "Light: winnable.", timeout_s=60, key="l")
        assert axe_violations(client.page) == []  # a table, as the ear has it
        for _ in range(500):
            if any(t.startswith("You won!") for t, _u in ear.heard):  # (heard with the last move)
                break
            said = ear.wait_for(lambda t: parse_plan(t) or t.startswith("You won!"), key="h")
            plan = parse_plan(said)
            if plan is None:
                break
            make(ear, *plan)
        won = next(t for t, _u in ear.heard if t.startswith("You won!"))
        assert f"Deal {seed} won" in won
        assert axe_violations(client.page) == []  # the end panel
        client.check()
    finally:
        client.close()


def test_russian_bank_by_ear_the_computer_heard_and_caught_with_x(browser, site):
    """Against Easy, whose first move breaks a priority (STOP! mode): its move is heard at
    once, urgently, with its name; X calls Stop! and the banner is heard; then the player's
    own turn from the Hint's plans, Tab walking to each pile, until the computer plays again."""
    seed = find_deal("russian-bank", computer_slips_at_once, {"mode": "stop"})
    client = open_page(
        browser, site, "russian-bank", seed, options={"mode": "stop"}, level="easy", pace="slow"
    )
    try:
        ear = Listener(client)
        switch_on_and_continue(ear)
        ear.wait_for(lambda t: t.startswith("Computer: "), timeout_s=30)
        assert any(u for t, u in ear.heard if t.startswith("Computer: "))
        ear.press("x")
        ear.wait_for(lambda t: t == "Stop! You caught the computer.")
        assert ("Stop! You caught the computer.", True) in ear.heard
        turns = sum(t.startswith("Computer: ") for t, _u in ear.heard)
        for _ in range(40):
            if sum(t.startswith("Computer: ") for t, _u in ear.heard) > turns:
                break
            said = ear.wait_for(lambda t: t.startswith("Hint: "), key="h", timeout_s=10)
            if "end your turn" in said:
                ear.press("e")
                continue
            plan = ear.wait_for(lambda t: parse_plan(t) is not None, timeout_s=5)
            make(ear, *parse_plan(plan))
        assert sum(t.startswith("Computer: ") for t, _u in ear.heard) > turns
        assert axe_violations(client.page) == []
        client.check()
    finally:
        client.close()


@pytest.mark.parametrize("code", ["de", "fr"])
def test_by_ear_in_german_and_french_no_english_word_is_heard(browser, site, code):
    """The switch, the title, a table's reading keys, a hint, a refused key: every line heard
    and every node's name in the player's language."""
    seed, _verdict = solver_deal("forty-thieves")
    client = open_page(
        browser, site, "forty-thieves", seed, address=f"?lang={code}", winnable_light=True
    )
    try:
        ear = Listener(client)
        switch_on_and_continue(ear)
        for key in ("3", "i", "o", "p", "a", "g", "l", "q", "h", "Enter", "5", "Enter"):
            ear.press(key)
        ear.wait_for(lambda t: True, timeout_s=5)
        heard = " ".join(t for t, _u in ear.heard)
        names = " ".join(ear.names("button"))
        english = english_only(code)
        assert len(ear.heard) >= 10, ear.heard
        assert not words(heard) & english, sorted(words(heard) & english)
        assert not words(names) & english, sorted(words(names) & english)
        client.check()
    finally:
        client.close()


def test_at_a_friends_table_the_friends_moves_are_heard(site, private_network):
    """Two people at two screens (Russian Bank, direct): the host plays by the mouse (its
    waiting room mirrored, nothing serious for axe); the
    friend joins by the link with the screen reader on and hears each of the host's moves as
    it arrives, urgently, with the host's name; then plays a move of their own from the Hint's
    plan, by keys, which the host's screen shows."""
    from game.core import from_dict
    from testbed.remote_play import Screen, agree, click_move, greedy, host

    choose = greedy("russian-bank")

    def body(url, relay, browser):
        a = Screen(browser, url, relay.url, "host").open(screen_reader=True)
        code = host(a, "russian-bank", {"seat1": "remote"})
        a.c.wait("probe['scene']() == 'RoomScene'", what="the waiting room")
        assert axe_violations(a.c.page.page) == []  # the waiting room, mirrored
        b = Screen(browser, url, relay.url, "friend").open(f"#join={code}", screen_reader=True)
        b.wait_table()
        a.wait_table()
        ear = Listener(b.c.page)
        ear.wait_for(lambda t: t.startswith("Russian Bank"), timeout_s=30)
        heard_before = len(ear.heard)
        state = from_dict(agree([a, b]))
        played = 0
        while state.current_player == 0 and played < 6 and not state.is_over():
            click_move(a, choose(state))
            played += 1
            state = from_dict(agree([a, b], n=len(state.history) + 1))
        if played:
            ear.wait_for(lambda t: t.startswith("Friend: "), timeout_s=30)
            news = ear.heard[heard_before:]
            assert any(u and t.startswith("Friend: ") for t, u in news), news
            assert "Friend:" not in [t for t, _u in news]  # (no move without its words)
        # the friend's own move, from the Hint's plan, by the keys
        if state.current_player == 1:
            said = ear.wait_for(lambda t: t.startswith("Hint: "), key="h", timeout_s=10)
            if "end your turn" in said:
                ear.press("e")
            else:
                make(ear, *parse_plan(ear.wait_for(lambda t: parse_plan(t) is not None)))
            agree([a, b], n=len(state.history) + 1)
        assert axe_violations(b.c.page.page) == []
        no_page_errors(a, b)

    in_private_network_for(site, body)


def in_private_network_for(site, body):
    from testbed.private_network import in_private_network

    return in_private_network(site.folder, body, direct=True)


def no_page_errors(*screens):
    for s in screens:
        errors = [e for e in s.c.page.log_errors() if "Close called" not in e]
        assert errors == [], (s.name, errors)


def press_button(ear: Listener, name: str, limit: int = 60) -> None:
    """Tab to the button named ``name`` (as the accessibility tree names it) and press it."""
    for _ in range(limit):
        if ear.focused() == name:
            ear.press("Enter")
            return
        ear.press("Tab")
    raise AssertionError(f"no button {name!r} reached by Tab; on {ear.focused()!r}")


def test_every_screen_by_keys_with_nothing_serious_for_axe(browser, site):
    """With the switch on, each screen and dialog reached by keys alone, its title heard and
    axe-core's serious and critical findings none: the title, Settings, Statistics, Rules, Join
    a friend, Who plays?, a table with turns, its question before giving a game up, Replay
    turn, a solitaire's Deal # dialog."""
    from testbed.client_page import ClientPage

    seed = find_deal("russian-bank", lambda s: s.current_player == 1, {"mode": "stop"})
    storage = stored(
        {
            "settings": client_settings(last_game="russian-bank", level="easy", pace="instant"),
            "game/russian-bank": saved_game("russian-bank", seed, "easy", mode="stop"),
        }
    )
    client = ClientPage(browser, site).open(storage, clear=True)
    page = client.page
    try:
        ear = Listener(client)
        ear.press("Tab")
        ear.press("Enter")
        ear.wait_for(lambda t: t.startswith("Patience Parlour"))
        ear.press("Tab")
        seen = {}

        def check(screen: str, heard_start: str) -> None:
            ear.wait_for(lambda t: t.startswith(heard_start), timeout_s=15)
            seen[screen] = axe_violations(page)

        for button, heading in (("Settings", "Settings"), ("Statistics", "Statistics")):
            press_button(ear, button)
            check(button, heading)
            ear.press("Escape")
            ear.wait_for(lambda t: t.startswith("Patience Parlour"))
        press_button(ear, "Rules")
        check("Rules", "Rules: ")
        ear.press("Escape")
        press_button(ear, "Join a friend")
        check("Join a friend", "Join a friend")
        ear.press("Escape")
        press_button(ear, "Continue: Russian Bank")
        check("a table with turns", "Russian Bank")
        ear.wait_for(lambda t: t == "Your turn.", timeout_s=60)
        press_button(ear, "Replay turn")
        check("Replay turn", "Replay of ")
        ear.press("Escape")
        ear.press("n")
        check("Who plays?", "Who plays Russian Bank?")
        press_button(ear, "Play")
        check("the question", "New game")
        ear.press("Escape")
        ear.press("Escape")
        ear.wait_for(lambda t: t.startswith("Patience Parlour"))
        press_button(ear, "Forty Thieves")
        check("a solitaire", "Forty Thieves")
        ear.press("d")
        check("Deal #", "Play deal number")
        assert {screen: found for screen, found in seen.items() if found} == {}
        client.check()
    finally:
        client.close()
