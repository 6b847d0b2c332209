"""The game by ear in the browser (issue 46): the page's side, web/client/ear.js
(``window.parlourEar``) in the built site, and game/ui/ear/page.py, the Python over it.

What a screen reader gets is read where a screen reader reads it, in Chromium's accessibility
tree (the DevTools protocol's ``Accessibility.getFullAXTree``): the Screen reader switch, the
page's first tab stop, in the player's language; the canvas out of the tree while the switch is
on; the screen's mirror (roles, names, disabled, pressed, the focus) updated in place; the two
live regions; what take() hands the game; axe-core's serious and critical findings (none).

Two kinds of page. The game's: the site as built, the game running (its first frame drawn),
where SDL reads the keys. And the page with Python held back (pyodide.js replaced by a
stand-in whose loadPyodide never ends): ear.js alone, the same page, so that the game's own
polling of take() and its own screens can't race what a test asks of ear.js.

Also, without a browser: PageVoice over a stand-in for the page's object.
"""

from __future__ import annotations

import json

import pytest

from game.ui.ear.page import PageVoice, page_voice, parse_requests
from game.ui.ear.view import Node, Role, View
from tests.support.axe import axe_violations

SAMPLE = {
    "title": "Forty Thieves",
    "lang": "en",
    "nodes": [
        {"id": "heading", "role": "heading", "name": "Forty Thieves"},
        {"id": "line", "role": "text", "name": "Deal 12, 3 moves"},
        {"id": "pile:tableau3", "role": "pile", "name": "Column 3: 6 cards, top: seven of hearts"},
        {"id": "pile:stock", "role": "pile", "name": "Stock: 20 cards", "roledescription": "pile"},
        {"id": "pile:waste", "role": "pile", "name": "Waste: empty", "pressed": True},
        {"id": "button:undo", "role": "button", "name": "Undo", "disabled": True},
        {"id": "button:hint", "role": "button", "name": "Hint", "pressed": False},
    ],
    "focus": "pile:tableau3",
}


def view_json(**changes) -> str:
    return json.dumps({**SAMPLE, **changes})


# ------------------------------------------------------------------------------ PageVoice
class StandIn:
    """window.parlourEar as Python sees it: what it was handed; ``fail`` raises from every
    call; ``taken`` what take() answers."""

    def __init__(self, taken: object = "[]", fail: bool = False):
        self.calls: list[tuple] = []
        self.taken, self.fail = taken, fail

    def _call(self, *call):
        self.calls.append(call)
        if self.fail:
            raise RuntimeError("the page's JavaScript threw")

    def say(self, text, urgent):
        self._call("say", text, urgent)

    def show(self, text):
        self._call("show", text)

    def take(self):
        self._call("take")
        return self.taken

    def focus(self, key):
        self._call("focus", key)

    def setSwitch(self, on):  # noqa: N802 (the page's name)
        self._call("setSwitch", on)


class Window:
    def __init__(self, ear=None):
        if ear is not None:
            self.parlourEar = ear


def test_page_voice_hands_the_page_strings_and_booleans():
    ear = StandIn(taken='[["activate", "pile:tableau3"], ["switch", "on"]]')
    voice = page_voice(Window(ear))
    assert isinstance(voice, PageVoice)
    view = View("Forty Thieves", (Node("pile:x", Role.PILE, "Column 1", pressed=True),), "pile:x")
    voice.say("Your turn", urgent=True)
    voice.show(view)
    voice.set_switch(True)
    assert voice.requests() == [("activate", "pile:tableau3"), ("switch", "on")]
    assert ear.calls[0] == ("say", "Your turn", True)
    assert ear.calls[1][0] == "show" and json.loads(ear.calls[1][1]) == view.to_json()
    assert ear.calls[2:] == [("setSwitch", True), ("take",)]


def test_a_view_whose_focus_alone_moved_sends_the_focus_alone():
    ear = StandIn()
    voice = PageVoice(ear)
    piles = (Node("pile:a", Role.PILE, "Column 1"), Node("pile:b", Role.PILE, "Column 2"))
    voice.show(View("Forty Thieves", piles, "pile:a"))
    voice.show(View("Forty Thieves", piles, "pile:b"))
    voice.show(View("Forty Thieves", piles, None))
    voice.show(View("Forty Thieves", piles[:1], "pile:a"))  # a pile's words changed: whole
    voice.set_switch(True)
    voice.show(View("Forty Thieves", piles[:1], "pile:a"))  # (after the switch: whole)
    assert [c[0] for c in ear.calls] == ["show", "focus", "focus", "show", "setSwitch", "show"]
    assert ear.calls[1:3] == [("focus", "pile:b"), ("focus", "")]


def test_no_page_ear_is_no_voice():
    assert page_voice(None) is None
    assert page_voice(Window()) is None  # pygbag's page, an old build
    assert page_voice(Window("undefined")) is None  # (how Pyodide shows a JS undefined)


def test_a_failing_page_never_stops_the_game():
    voice = PageVoice(StandIn(fail=True))
    voice.say("x")
    voice.show(View("t"))
    voice.set_switch(False)
    assert voice.requests() == []
    assert PageVoice(object()).requests() == []  # no take() at all


@pytest.mark.parametrize(
    "taken",
    [
        None,
        "",
        "not json",
        "{}",
        '"x"',
        "[1]",
        '[["activate"]]',
        '[["switch", "maybe"]]',
        '[["jump", "x"]]',
        '[["activate", 3]]',
        '[["activate", "a", "b"]]',
        42,
        "[[null, null]]",
    ],
)
def test_what_the_page_asks_is_read_defensively(taken):
    assert PageVoice(StandIn(taken=taken)).requests() == []


def test_good_requests_among_bad_ones_are_kept():
    text = '[["activate", "a"], ["switch", "off"], [1, 2], "x", ["switch", "on"], {}]'
    assert parse_requests(text) == [("activate", "a"), ("switch", "off"), ("switch", "on")]


# ------------------------------------------------------------------------------ in Chromium
STAND_IN = "window.loadPyodide = function () { return new Promise(function () {}); };"


def held_page(browser, site, address: str = ""):
    """The built page with Python held back (ear.js and the page's own script only)."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.route(
        "**/pyodide/pyodide.js",
        lambda route: route.fulfill(body=STAND_IN, content_type="text/javascript"),
    )
    page.goto(site.url + address)
    page.wait_for_function("window.parlourEar && document.getElementById('ear-polite')")
    return page


@pytest.fixture
def held(browser, site):
    page = held_page(browser, site)
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def game(browser, site):
    """The game's page, its first frame drawn."""
    from testbed.client_page import ClientPage

    client = ClientPage(browser, site).open()
    yield client
    client.close()


def ax_nodes(page) -> list[dict]:
    """Chromium's accessibility tree, the nodes a screen reader gets (not the ignored ones):
    role, name and properties ({"focused": True, "pressed": "true", ...})."""
    cdp = page.context.new_cdp_session(page)
    try:
        tree = cdp.send("Accessibility.getFullAXTree")
    finally:
        cdp.detach()
    return [
        {
            "role": n["role"]["value"],
            "name": n.get("name", {}).get("value", ""),
            **{p["name"]: p["value"].get("value") for p in n.get("properties", [])},
        }
        for n in tree["nodes"]
        if not n.get("ignored")
    ]


def ax_node(page, role: str, name: str) -> dict:
    found = [n for n in ax_nodes(page) if n["role"] == role and n["name"] == name]
    assert len(found) == 1, (role, name, [(n["role"], n["name"]) for n in ax_nodes(page)])
    return found[0]


def focused(page) -> str:
    return page.evaluate(
        "(() => { const a = document.activeElement;"
        " return a.getAttribute('data-ear') || a.id || a.tagName; })()"
    )


# what the page asked of the game, whoever took it (the game polls take() every frame once it
# listens; a test's take() then finds nothing): take() wrapped to keep every answer
TAKE_SPY = """() => {
    if (!parlourEar.spied) {
        const take = parlourEar.take;
        parlourEar.spied = [];
        parlourEar.take = function () {
            const out = take.call(parlourEar);
            parlourEar.spied.push(...JSON.parse(out));
            return out;
        };
    }
    parlourEar.spied.length = 0;
}"""


# the keys the game got, and whether SDL kept their default: a listener on the window, bubbling,
# added after SDL's (the game's first frame is drawn), once per page
GAME_KEYS = """() => {
    if (window.gameKeys === undefined)
        window.addEventListener("keydown", e => gameKeys.push([e.key, e.defaultPrevented]));
    window.gameKeys = [];
}"""


def taken(game) -> list:
    """What the game took from the page since the last look: its own frames poll take() (a
    test that took them itself would keep them from the game, which then never switched
    off what it had switched on)."""
    game.wait_frames(3)
    return game.page.evaluate("parlourEar.spied.splice(0)")


def test_the_switch_is_the_first_tab_stop_and_enter_presses_it(game):
    """From a page where nothing has focus, one Tab: the Screen reader switch (SDL, which takes
    Tab for the game's own focus walk, doesn't see it); Enter presses it once (the game doesn't
    see that Enter either), and the game is asked to turn the switch on; again: off. Tab then
    goes on to the canvas, and there SDL keeps Tab for the game."""
    page = game.page
    page.evaluate("parlourEar.setSwitch(false); document.activeElement.blur()")
    page.evaluate(TAKE_SPY)
    page.evaluate(GAME_KEYS)
    assert focused(page) == "BODY"
    page.keyboard.press("Tab")
    assert focused(page) == "ear-switch"
    switch = ax_node(page, "button", "Screen reader")
    assert switch["focused"] is True and switch["pressed"] == "false"
    assert page.get_by_role("button", name="Screen reader").is_visible()  # shown when focused

    page.keyboard.press("Enter")
    assert page.get_attribute("#ear-switch", "aria-pressed") == "true"
    assert ax_node(page, "button", "Screen reader")["pressed"] == "true"
    assert taken(game) == [["switch", "on"]]
    assert taken(game) == []
    page.keyboard.press("Space")
    assert page.get_attribute("#ear-switch", "aria-pressed") == "false"
    assert taken(game) == [["switch", "off"]]
    assert page.evaluate("gameKeys") == []  # none of these keys reached the game

    page.keyboard.press("Tab")
    assert focused(page) == "canvas"
    page.keyboard.press("Tab")
    assert focused(page) == "canvas"
    assert page.evaluate("gameKeys") == [["Tab", True]]  # SDL: preventDefault on Tab
    game.check()


def test_keys_in_the_mirror_go_to_the_game_and_tab_stays_there(game):
    """With focus on a mirrored element every key reaches the game once (SDL, on the window),
    and SDL's preventDefault on Tab keeps the DOM focus in the mirror; Enter is no click (the
    mirror's elements are divs): nothing is asked twice."""
    page = game.page
    page.evaluate(TAKE_SPY)
    page.evaluate("j => { parlourEar.setSwitch(true); parlourEar.show(j); }", view_json())
    page.evaluate(GAME_KEYS)
    assert focused(page) == "pile:tableau3"
    for key in ("Tab", "Shift+Tab", "Enter", "ArrowLeft"):
        page.keyboard.press(key)
    keys = [k for k in page.evaluate("gameKeys") if k[0] != "Shift"]
    assert keys == [["Tab", True], ["Tab", True], ["Enter", False], ["ArrowLeft", True]]
    assert page.evaluate("document.getElementById('ear').contains(document.activeElement)")
    assert [r for r in taken(game) if r[0] == "activate"] == []
    page.evaluate("parlourEar.setSwitch(false)")
    game.check()


def test_the_canvas_is_out_of_the_tree_while_the_switch_is_on(game):
    """On: the canvas is aria-hidden and no tab stop (the mirror is the game); off: a named
    image and the tab stop after the switch (a focusable element can't be aria-hidden)."""
    page = game.page
    page.evaluate("j => { parlourEar.setSwitch(true); parlourEar.show(j); }", view_json())
    assert page.get_attribute("#canvas", "aria-hidden") == "true"
    assert page.evaluate("document.getElementById('canvas').tabIndex") == -1
    assert not [n for n in ax_nodes(page) if n["role"] in ("canvas", "image")]
    assert ax_node(page, "application", "Forty Thieves")
    page.evaluate("parlourEar.setSwitch(false)")
    assert page.evaluate("document.getElementById('canvas').tabIndex") == 0
    assert ax_node(page, "image", "Patience Parlour")
    assert not [n for n in ax_nodes(page) if n["role"] == "application"]  # the mirror hidden


def test_axe_finds_nothing_serious_on_the_title_screen(game):
    """axe-core on the game's page after its first frame, the switch off and on (the mirror
    filled with a table's view)."""
    page = game.page
    page.evaluate("parlourEar.setSwitch(false)")
    assert axe_violations(page) == []
    page.evaluate("j => { parlourEar.setSwitch(true); parlourEar.show(j); }", view_json())
    page.evaluate("parlourEar.say('Your turn', false); parlourEar.say('Stop!', true)")
    assert axe_violations(page) == []
    page.evaluate("parlourEar.setSwitch(false)")


def test_the_game_s_python_reaches_the_page_s_ear(game):
    """game/ui/ear/page.py in the page's own Python: say, show and requests through the real
    window.parlourEar (a click and the requests read in one step: no frame between)."""
    game.exec(
        "import json, js, platform\n"
        "from game.ui.ear.page import page_voice\n"
        "from game.ui.ear.view import Node, Role, View\n"
        "_v = page_voice(platform.window)\n"
        "_v.set_switch(True)\n"
        "_v.show(View('Spider', (Node('pile:a', Role.PILE, 'Pile A, 5 cards'),"
        " Node('button:b', Role.BUTTON, 'Deal', disabled=True)), 'pile:a', 'en'))\n"
        "_v.say('Hello from Python')\n"
        "js.document.querySelector('[data-ear=\"button:b\"]').click()\n"
        "_asked = _v.requests()\n"
        "_v.set_switch(False)\n"
    )
    assert game.eval("_asked") == [["activate", "button:b"]]
    page = game.page
    assert page.evaluate("parlourEar.said.slice(-1)[0].text") == "Hello from Python"
    assert page.get_attribute('[data-ear="pile:a"]', "aria-label") == "Pile A, 5 cards"
    assert page.get_attribute('[data-ear="button:b"]', "aria-disabled") == "true"
    game.check()


def test_played_by_ear_from_the_switch_to_a_table(browser, site):
    """The whole way on a page of its own: the switch pressed with Enter, the game's title screen
    mirrored; Tab into the mirror, Tab again and the game's focus (moved by the game, which got
    the Tab) is the DOM focus; a screen reader's activate (a click) on "Forty Thieves" deals
    it; the screen's title said; nothing serious for axe on either screen. Off again: the
    mirror gone."""
    from testbed.client_page import ClientPage

    client = ClientPage(browser, site).open()
    page = client.page
    try:
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "document.querySelectorAll('#ear [role=button]').length > 5", timeout=10_000
        )
        assert page.get_attribute("#ear", "aria-label") == "Patience Parlour"
        assert focused(page) == "ear-switch"
        assert axe_violations(page) == []  # the title screen as the game mirrors it
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('ear').contains(document.activeElement)")
        page.keyboard.press("Tab")
        page.wait_for_function(
            "document.activeElement.getAttribute('role') === 'button'"
            " && document.getElementById('ear').contains(document.activeElement)",
            timeout=10_000,
        )
        page.get_by_role("button", name="Forty Thieves", exact=True).dispatch_event("click")
        page.wait_for_function(
            "document.getElementById('ear').getAttribute('aria-label') === 'Forty Thieves'",
            timeout=10_000,
        )
        page.wait_for_function(
            "parlourEar.said.some(s => s.text.indexOf('Forty Thieves') === 0)", timeout=10_000
        )
        assert axe_violations(page) == []  # a table
        page.focus("#ear-switch")
        page.keyboard.press("Enter")
        page.wait_for_function("document.getElementById('ear').hidden")
        client.check()
    finally:
        client.close()


def test_show_builds_the_mirror_and_updates_it_in_place(held):
    page = held
    page.evaluate("j => { parlourEar.setSwitch(true); parlourEar.show(j); }", view_json())
    assert page.get_attribute("#ear", "role") == "application"
    assert ax_node(page, "application", "Forty Thieves")
    assert ax_node(page, "heading", "Forty Thieves")["level"] == 1
    assert [
        n for n in ax_nodes(page) if n["role"] == "StaticText" and n["name"] == "Deal 12, 3 moves"
    ]
    column = ax_node(page, "button", "Column 3: 6 cards, top: seven of hearts")
    assert column["focused"] is True and "pressed" not in column
    assert ax_node(page, "button", "Stock: 20 cards")["roledescription"] == "pile"
    assert ax_node(page, "button", "Waste: empty")["pressed"] == "true"
    assert ax_node(page, "button", "Undo")["disabled"] is True
    assert ax_node(page, "button", "Hint")["pressed"] == "false"
    assert focused(page) == "pile:tableau3"
    # the focus the tab stop (roving), the others out of the tab order
    tabs = page.evaluate(
        "[...document.querySelectorAll('#ear [role=button]')].map(e => e.tabIndex)"
    )
    assert tabs == [0, -1, -1, -1, -1]
    assert page.evaluate("document.documentElement.lang") == "en"

    # a name changed, the focus moved, a node gone, one new, another language
    page.evaluate("window.column = document.querySelector('[data-ear=\"pile:tableau3\"]')")
    nodes = [dict(n) for n in SAMPLE["nodes"] if n["id"] != "button:undo"]
    nodes[2]["name"] = "Column 3: 5 cards, top: eight of clubs"
    nodes.append({"id": "button:menu", "role": "button", "name": "Menu"})
    page.evaluate("j => parlourEar.show(j)", view_json(nodes=nodes, lang="de"))
    assert page.evaluate(
        "document.querySelector('[data-ear=\"pile:tableau3\"]') === column"
        " && document.activeElement === column"
    )  # the same element, still focused
    assert ax_node(page, "button", "Column 3: 5 cards, top: eight of clubs")["focused"] is True
    assert not [n for n in ax_nodes(page) if n["name"] == "Undo"]
    assert ax_node(page, "button", "Menu")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("document.getElementById('ear-switch').lang") == "en"
    assert page.evaluate(
        "[...document.getElementById('ear').children].map(e => e.getAttribute('data-ear'))"
    ) == [n["id"] for n in nodes]

    page.evaluate("j => parlourEar.show(j)", view_json(nodes=nodes, focus="button:menu"))
    assert focused(page) == "button:menu"
    page.evaluate("j => parlourEar.show(j)", view_json(nodes=nodes, focus=None))
    assert focused(page) == "ear"  # no focus: the mirror itself (its name, the screen's)
    assert page.evaluate("document.getElementById('ear').tabIndex") == 0  # and the tab stop
    # the focus alone (PageVoice's when nothing else changed): the tab stop and the DOM focus
    page.evaluate("parlourEar.focus('pile:stock')")
    assert focused(page) == "pile:stock"
    assert ax_node(page, "button", "Stock: 20 cards")["focused"] is True
    tabs = page.evaluate(
        "[...document.querySelectorAll('#ear [role=button]')].map(e => e.tabIndex)"
    )
    assert sorted(tabs) == [-1, -1, -1, -1, 0]
    page.evaluate("parlourEar.focus('no such node')")
    assert focused(page) == "ear"
    # bad input changes nothing
    page.evaluate("parlourEar.show('not json'); parlourEar.show('null'); parlourEar.show(3)")
    assert page.evaluate("document.getElementById('ear').children.length") == len(nodes)


def test_the_focus_stays_in_a_page_control_the_player_chose(held):
    """The switch (or Try again) keeps the DOM focus when a screen comes; the mirror's focus
    is then the next tab stop."""
    page = held
    page.keyboard.press("Tab")
    assert focused(page) == "ear-switch"
    page.keyboard.press("Enter")
    page.evaluate("j => parlourEar.show(j)", view_json())
    assert focused(page) == "ear-switch"
    page.keyboard.press("Tab")
    assert focused(page) == "pile:tableau3"
    page.focus("#ear-switch")
    page.evaluate("j => parlourEar.show(j)", view_json(focus=None))
    page.keyboard.press("Tab")
    assert focused(page) == "ear"  # a screen with nothing in focus: the mirror is the tab stop


def test_the_mirror_is_hidden_while_the_switch_is_off(held):
    page = held
    page.evaluate("j => parlourEar.show(j)", view_json())
    assert focused(page) == "BODY"  # off: the focus is not moved
    assert not [n for n in ax_nodes(page) if n["role"] == "application"]
    page.evaluate("parlourEar.setSwitch(true)")
    assert focused(page) == "pile:tableau3"
    assert page.evaluate("parlourEar.on") is True


def lines(page, region: str) -> list[str]:
    return page.evaluate(
        "id => [...document.getElementById(id).children].map(e => e.textContent)", region
    )


def test_each_sentence_is_said_once_in_its_region(held):
    """The same sentence twice is two lines (read twice); urgent ones go to the assertive
    region; each region keeps its last five lines; ear.said keeps when each was put there."""
    page = held
    page.evaluate("parlourEar.say('Your turn', false); parlourEar.say('Your turn')")
    page.evaluate("parlourEar.say('Stop! The Jack can go home', true)")
    polite, alert = lines(page, "ear-polite"), lines(page, "ear-alert")
    assert polite == ["Your turn", "Your turn"]
    assert alert == ["Stop! The Jack can go home"]
    assert page.get_attribute("#ear-polite", "aria-live") == "polite"
    assert page.get_attribute("#ear-alert", "aria-live") == "assertive"
    logs = [n for n in ax_nodes(page) if n["role"] == "log"]
    assert sorted(n["live"] for n in logs) == ["assertive", "polite"]
    assert all(n["atomic"] is False for n in logs)
    said = page.evaluate("parlourEar.said")
    assert [(s["text"], s["urgent"]) for s in said] == [
        ("Your turn", False),
        ("Your turn", False),
        ("Stop! The Jack can go home", True),
    ]
    assert said[0]["at"] <= said[1]["at"] <= said[2]["at"]
    page.evaluate("for (let i = 0; i < 9; i++) parlourEar.say('line ' + i)")
    assert lines(page, "ear-polite") == [f"line {i}" for i in range(4, 9)]
    page.evaluate("parlourEar.say(''); parlourEar.say(null)")
    assert len(page.evaluate("parlourEar.said")) == 12


def test_take_hands_each_request_once(held):
    """A click on the switch and on mirrored buttons (a screen reader's own "activate"), in
    order, once; a click on text is nothing; the game is woken for them."""
    page = held
    page.evaluate("window.woken = 0; parlour.wake = function () { woken++; }; null")
    assert page.evaluate("parlourEar.take()") == "[]"
    page.focus("#ear-switch")  # (shown only while focused)
    page.click("#ear-switch")
    page.evaluate("j => parlourEar.show(j)", view_json())
    page.evaluate(
        "for (const id of ['pile:stock', 'line', 'button:undo'])"
        ' document.querySelector(`[data-ear="${id}"]`).click()'
    )
    asked = json.loads(page.evaluate("parlourEar.take()"))
    assert asked == [["switch", "on"], ["activate", "pile:stock"], ["activate", "button:undo"]]
    assert page.evaluate("parlourEar.take()") == "[]"
    assert page.evaluate("woken") == 3


@pytest.mark.parametrize("code, name", [("de", "Bildschirmleser"), ("fr", "Lecteur d'écran")])
def test_the_switch_speaks_the_player_s_language(browser, site, code, name):
    page = held_page(browser, site, f"?lang={code}")
    try:
        assert page.evaluate("document.documentElement.lang") == code
        page.keyboard.press("Tab")
        switch = ax_node(page, "button", name)
        assert switch["focused"] is True
    finally:
        page.context.close()
