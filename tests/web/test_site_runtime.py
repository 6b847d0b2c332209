"""pygbag's page (./build.sh web --pygbag, web/parlour.tmpl) and pygbag's runtime: when the
runtime fails after it was downloaded (a file of it missing, main.wasm; an abort; an exception
while it loads) the page says the game could not start within about 2 s, not after its 45 s
stall watchdog; and a runtime hosted elsewhere (--cdn URL) is told where pygame-ce's wheel
comes from.

A stand-in script is answered for pythons.js, as in test_site.py: it fails the way the real one
does (an unhandled promise rejection: emscripten aborting while it instantiates main.wasm; an
uncaught exception), or reports what it was given. test_pygbag_faults.py runs the page with
pygbag's real pythons.js.
"""

import os

import pytest

from tests.support.pygbag_site import OFFICIAL_CDN as CDN
from tests.support.pygbag_site import Server, build

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.path.join(ROOT, "test-artifacts")

# Progress first (the loading screen is showing), then the failure; ``failedAt`` is when.
START = """
window.MM = {UME: true};
document.getElementById("status").textContent = "Downloading...";
document.getElementById("progress").value = 40;
"""
MISSING_WASM = (
    START
    + """
setTimeout(() => {
    // as emscripten's loader does: fetch main.wasm; a 404 aborts (a rejected promise)
    fetch(new URL("cpython312/main.wasm", import.meta.url)).then(response => {
        window.failedAt = performance.now();
        if (!response.ok)
            throw new WebAssembly.RuntimeError(
                "Aborted(both async and sync fetching of the wasm failed)");
        return WebAssembly.instantiateStreaming(response);
    });
}, 300);
"""
)
EXCEPTION = (
    START
    + """
setTimeout(() => {
    window.failedAt = performance.now();
    throw new TypeError("Module.callMain is not a function");
}, 300);
"""
)
FALSE_ALARM = (
    START
    + """
setTimeout(() => { Promise.reject(new Error("a harmless hiccup")); }, 100);
setTimeout(() => { parlour.started(); window.runtimeLog = "started"; }, 600);
"""
)
AFTER_START = (
    START
    + """
setTimeout(() => { parlour.started(); }, 100);
setTimeout(() => { window.failedAt = performance.now(); throw new Error("in the game"); }, 400);
"""
)


def open_with(browser, url, runtime):
    log = []
    page = browser.new_page(viewport={"width": 1280, "height": 800}, log=log)
    page.route(
        f"{CDN}pythons.js",
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=runtime),
    )
    page.route(
        f"{CDN}cpython312/main.wasm",
        lambda route: route.fulfill(status=404, content_type="text/plain", body="not found"),
    )
    page.goto(url + "index.html")
    return page


@pytest.mark.parametrize(
    "runtime, detail",
    [(MISSING_WASM, "Aborted"), (EXCEPTION, "callMain")],
    ids=["missing-main-wasm", "exception"],
)
def test_a_runtime_that_fails_to_start_is_reported_within_2_s(
    browser, pygbag_served, runtime, detail
):
    page = open_with(browser, pygbag_served, runtime)
    try:
        page.locator("#problem").wait_for(state="visible", timeout=10_000)
        waited = page.evaluate("performance.now() - window.failedAt")
        assert 0 <= waited < 2000, f"told {waited:.0f} ms after the runtime failed"
        assert "could not start" in page.locator("#problem-text").inner_text()
        assert detail in page.locator("#problem-detail").inner_text()
        assert page.locator("#progress").is_hidden() and page.locator("#status").is_hidden()
        assert page.locator("#problem button").is_visible()  # Try again
        os.makedirs(ARTIFACTS, exist_ok=True)
        page.screenshot(path=os.path.join(ARTIFACTS, f"web-could-not-start-{detail}.png"))
    finally:
        page.context.close()


def test_a_false_alarm_gives_way_to_the_game(browser, pygbag_served):
    page = open_with(browser, pygbag_served, FALSE_ALARM)
    try:
        page.wait_for_function("window.runtimeLog === 'started'", timeout=10_000)
        assert page.locator("#transfer").is_hidden()  # the game shows, message and all gone
    finally:
        page.context.close()


def test_an_error_in_a_running_game_leaves_the_game_on_screen(browser, pygbag_served):
    page = open_with(browser, pygbag_served, AFTER_START)
    try:
        page.wait_for_function("window.failedAt !== undefined", timeout=10_000)
        page.wait_for_timeout(300)
        assert page.locator("#transfer").is_hidden()
        assert page.locator("#problem").is_hidden()
    finally:
        page.context.close()


# ------------------------------------------------------------------------------ self-hosting
# What pythons.js sees of the page's address when it starts (auto_conf reads location.search).
SEES_ITS_ADDRESS = """
window.MM = {UME: true};
window.runtimeSaw = {search: location.search, hash: location.hash, src: import.meta.url};
setTimeout(() => parlour.started(), 100);
"""


@pytest.mark.parametrize(
    "cdn, pygpi",
    [
        ("https://cards.example/pygbag/0.9.3/", "https://cards.example/pygbag/"),
        ("https://cards.example/runtime/", "https://cards.example/runtime/"),
        ("https://cards-io.example/x/0.9.3/", "https://cards%2Dio.example/x/"),
    ],
    ids=["pygame-web-layout", "one-folder", "a-dash-in-the-host"],
)
def test_a_self_hosted_runtime_is_told_where_pygame_comes_from(browser, tmp_path, cdn, pygpi):
    """Built with --cdn, the page hands the runtime PYGPI in the address pythons.js reads
    its environment from: pygame-web/cdn's layout (the runtime in a folder named after its
    version, beside the wheel index) gives the folder above, any other the runtime's folder
    itself. The wheel index and pygame-ce's wheel then come from there too, not from pygbag's
    fixed address. pythons.js sees "?python3.12&PYGPI=..." (its "-" written %2D: a "-i" in
    it would turn on pythons.js's interactive mode); the player's address stays as it was."""
    with Server(build(tmp_path, "--cdn", cdn)) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.route(
            f"{cdn}pythons.js",
            lambda route: route.fulfill(
                status=200, content_type="text/javascript", body=SEES_ITS_ADDRESS
            ),
        )
        try:
            page.goto(server.url + "index.html?lang=en#table=canfield")
            page.wait_for_function("window.runtimeSaw !== undefined", timeout=10_000)
            saw = page.evaluate("window.runtimeSaw")
            assert saw["src"] == f"{cdn}pythons.js"
            assert saw["search"] == f"?python3.12&PYGPI={pygpi}", saw
            assert "-i" not in saw["search"]
            assert saw["hash"] == ""  # the player's #table= mark is the game's, not its
            assert page.evaluate("location.search + location.hash") == "?lang=en#table=canfield"
            page.reload()  # the same again
            page.wait_for_function("window.runtimeSaw !== undefined", timeout=10_000)
            assert page.evaluate("window.runtimeSaw.search") == saw["search"]
            assert page.evaluate("location.search") == "?lang=en"
        finally:
            page.context.close()


def test_the_official_runtime_is_left_to_its_own_address(browser, pygbag_served):
    page = open_with(browser, pygbag_served, SEES_ITS_ADDRESS)
    try:
        page.wait_for_function("window.runtimeSaw !== undefined", timeout=10_000)
        assert page.evaluate("window.runtimeSaw.search") == "?python3.12"
    finally:
        page.context.close()
