"""pygbag's page: ./build.sh web --pygbag makes a static site (build/pygbag/) from OUR template,
packing exactly main.py, the game package and assets; its loading screen behaves in real
Chromium.

pygbag's runtime (pythons.js, CPython 3.12 in WebAssembly) comes from its CDN, which these
machines can't reach, so the page never runs the game here: these tests check what we build and
our page's own behaviour (layout, messages, the tap to start), with the CDN refused or, for the
start-up path, replaced by a stand-in script that plays the runtime's part. The page with
pygbag's real pythons.js: test_pygbag_faults.py.
"""

import ast
import hashlib
import os
import re
import tarfile
import zipfile

import pytest

from .pygbag_site import APP, OFFICIAL_CDN as CDN, page_python

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# the packed game, as the browser downloads it: the rules of ten games, the solver and its
# winnable-deal lists, remote play, the client, its sounds and font (315 KB on 2026-11-26:
# 4% of the self-contained site's first visit, which Pyodide's 7 MB dominate)
BUDGET = 400 * 1024
ARTIFACTS = os.path.join(ROOT, "test-artifacts")


def expected_members():
    """What the game needs: main.py, every source file of the game package except the
    benchmarks and the desktop's alone (a folder with a DESKTOP-ONLY file), and the assets;
    no caches, no dot-files."""
    want = {"assets/main.py"}
    for top in ("game", "assets"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            rel = os.path.relpath(folder, ROOT).replace(os.sep, "/")
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"
                       and f"{rel}/{d}" != "bench/"
                       and not os.path.exists(os.path.join(folder, d, "DESKTOP-ONLY"))]
            for name in files:
                if not name.startswith(".") and not name.endswith((".pyc", ".pyo")):
                    want.add(f"assets/{rel}/{name}")
    return want


NET_FILES = ["net.js", "licences/Trystero-MIT.txt", "licences/noble-secp256k1-MIT.txt"]


def site_files(web):
    return sorted(os.path.relpath(os.path.join(folder, name), web).replace(os.sep, "/")
                  for folder, _, files in os.walk(web) for name in files)


def test_the_site_is_three_files_and_the_transport(pygbag_site):
    assert site_files(pygbag_site.folder) == sorted(["index.html", "favicon.png",
                                                     f"{APP}.tar.gz"] + NET_FILES)
    with open(os.path.join(pygbag_site.folder, "favicon.png"), "rb") as a, \
            open(os.path.join(ROOT, "web", "icon.png"), "rb") as b:
        assert a.read() == b.read()
    # net.js: the same bundle as build/web/'s (web/net/bridge.js and Trystero), loaded first
    net = open(os.path.join(pygbag_site.folder, "net.js"), encoding="utf-8").read()
    assert "parlourNet" in net and "patience-parlour" in net
    html = open(os.path.join(pygbag_site.folder, "index.html"), encoding="utf-8").read()
    assert html.index('<script src="net.js"></script>') < html.index("<script>")
    modules = os.path.join(ROOT, "web", "net", "node_modules")
    for package, name in [("trystero", "Trystero-MIT.txt"),
                          ("@noble/secp256k1", "noble-secp256k1-MIT.txt")]:
        with open(os.path.join(modules, package, "LICENSE"), "rb") as a, \
                open(os.path.join(pygbag_site.folder, "licences", name), "rb") as b:
            assert a.read() == b.read(), package


def test_the_packed_game_holds_main_py_the_game_package_and_assets_only(pygbag_site):
    with tarfile.open(pygbag_site.archive) as tar:
        members = {m.name for m in tar.getmembers() if m.isfile()}
        main = tar.extractfile("assets/main.py").read()
    assert members == expected_members()
    assert not [m for m in members if "game/net/desktop" in m]  # the desktop's network
    assert not [m for m in members if re.search(r"(^|/)(tests?|web|bench|__pycache__)/|\.pyc$|"
                                                r"/\.|\.tmpl$", m.removeprefix("assets/"))]
    assert main == open(os.path.join(ROOT, "web", "main.py"), "rb").read()
    assert b"from game.ui.app import main" in main and b"asyncio.run(main())" in main
    for member in members:  # the packed copies are our sources, untouched by the build
        source = os.path.join(ROOT, member.removeprefix("assets/"))
        if member != "assets/main.py":
            with tarfile.open(pygbag_site.archive) as tar, open(source, "rb") as f:
                assert tar.extractfile(member).read() == f.read(), member


def test_payload_size(pygbag_site):
    size = os.path.getsize(pygbag_site.archive)
    print(f"\npacked game: {size} bytes ({size / 1024:.1f} KB) of a {BUDGET // 1024} KB budget")
    assert size <= BUDGET
    assert f"{size} bytes" in pygbag_site.log and "built build/pygbag/" in pygbag_site.log


def test_the_itch_zip_is_the_site(pygbag_site):
    with zipfile.ZipFile(pygbag_site.zip) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/")]  # no folder entries
        assert sorted(names) == site_files(pygbag_site.folder)  # index.html at the top
        for name in names:
            with open(os.path.join(pygbag_site.folder, name), "rb") as f:
                assert hashlib.sha256(zf.read(name)).digest() == hashlib.sha256(f.read()).digest()


def test_index_html_comes_from_our_template(pygbag_site):
    html = open(os.path.join(pygbag_site.folder, "index.html"), encoding="utf-8").read()
    assert "{{cookiecutter" not in html
    assert "<title>Patience Parlour</title>" in html
    assert f'<script src="{CDN}pythons.js" type="module" id="site"' in html
    assert 'archive: "patience-parlour"' in html and 'href="favicon.png"' in html
    assert 'name="viewport"' in html
    # one status line and one progress bar, inside #transfer (else the runtime adds its own)
    assert html.count('id="status"') == html.count('id="progress"') == 1
    assert html.index('id="transfer"') < html.index('id="status"')
    # the Python the runtime runs from the page is valid Python and opens our archive
    code = page_python(html)
    tree = ast.parse(code)
    names = {n.name for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef)}
    assert "custom_site" in names and f'"{APP}.tar.gz"' in code
    # the game starts at once: its sound waits for the first touch by itself, so the page does
    # not (pygbag's wait for "media engagement" can leave phones stuck at "Ready to start")
    assert any(n.endswith(".ogg") for n in os.listdir(os.path.join(ROOT, "assets", "sounds")))
    assert "ume_block: 0," in html and "window.config.ume_block and not window.MM.UME" in code
    # pythons.js sets no "Reload site?" prompt (test_pygbag_faults.py), and it runs in order,
    # before the module script that gives the player's address back
    assert "can_close: 1," in html
    tag = html[html.index('<script src="' + CDN):].split(">", 1)[0]
    assert " async" not in tag and " defer" not in tag
    assert html.index(tag) < html.index('<script type="module">parlour.restoreAddress();')


# ------------------------------------------------------------------------------ in Chromium
def open_page(browser, url, viewport, runtime=None, clock=False):
    """The built page in Chromium. ``runtime``: JavaScript answered for pythons.js instead of
    refusing the CDN (as an offline player's browser would)."""
    log = []
    page = browser.new_page(viewport=viewport, log=log)
    if runtime is not None:
        page.route(f"{CDN}pythons.js", lambda route: route.fulfill(
            status=200, content_type="text/javascript", body=runtime))
    if clock:
        page.clock.install()
    page.goto(url + "index.html")
    return page, log


def shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, name))


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844},
                                      {"width": 844, "height": 390}],
                         ids=["desktop", "phone", "phone-landscape"])
def test_offline_player_sees_the_loader_then_a_clear_message(browser, pygbag_served, viewport):
    page, log = open_page(browser, pygbag_served, viewport)
    try:
        assert page.title() == "Patience Parlour"
        assert page.locator("#transfer h1").inner_text() == "Patience Parlour"
        icon = page.evaluate("document.querySelector('link[rel=icon]').href")
        assert icon.endswith("/favicon.png")
        problem = page.locator("#problem")
        problem.wait_for(state="visible", timeout=10_000)
        assert "runtime could not be downloaded" in page.locator("#problem-text").inner_text()
        assert page.locator("#progress").is_hidden()
        # the page fits the phone: no sideways scrolling, the message and button on screen
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]
        for what in ("#transfer h1", "#problem-text", "#problem button"):  # all on screen
            box = page.locator(what).bounding_box()
            assert 0 <= box["x"] and box["x"] + box["width"] <= viewport["width"], what
            assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], what
        # the game's frame: as large as the window allows, its shape kept, centred: 16:9, or
        # on a page taller than wide the portrait canvas (780 wide, the page's shape: 780x1688
        # on a 390x844 phone), as the game picks it (game/ui/canvas.py)
        from game.ui.canvas import choose
        shape = choose(viewport["width"], viewport["height"])
        assert page.evaluate("[config.fb_width, config.fb_height]") == [str(shape.w),
                                                                      str(shape.h)]
        c = page.locator("#canvas").bounding_box()
        assert abs(c["width"] / c["height"] - shape.w / shape.h) < 0.01
        assert (abs(c["width"] - viewport["width"]) < 1.5 or abs(c["height"] - viewport["height"]) < 1.5)
        assert abs(c["x"] * 2 + c["width"] - viewport["width"]) < 1.5
        assert abs(c["y"] * 2 + c["height"] - viewport["height"]) < 1.5
        shot(page, f"web-offline-{viewport['width']}x{viewport['height']}.png")
    finally:
        page.context.close()


# A stand-in for pygbag's runtime, doing what pythons.js does to the page as it starts: report
# download progress through #status/#progress, keep the autoplay state in window.MM, and run the
# page's Python, which calls parlour.status, tapToStart and started.
STAND_IN = """
const status = (text, done, total) => {
    document.getElementById("status").textContent = text;
    const p = document.getElementById("progress");
    p.value = (done / total) * 100;
};
window.MM = {UME: %(ume)s};
window.runtimeLog = [];
status("Downloading...", 30, 100);
setTimeout(() => {
    status("Downloading...", 100, 100);
    window.runtimeLog.push("python code: " + document.getElementById("site").text.length);
    parlour.status("Unpacking the cards...");
    const start = () => { parlour.started(); window.runtimeLog.push("main.py running"); };
    if (!MM.UME) {
        parlour.tapToStart();
        const wait = setInterval(() => { if (MM.UME) { clearInterval(wait); start(); } }, 50);
    } else start();
}, 300);
"""


def test_tap_to_start_only_when_the_browser_blocks_sound(browser, pygbag_served):
    page, log = open_page(browser, pygbag_served, {"width": 390, "height": 844},
                          runtime=STAND_IN % {"ume": "false"})
    try:
        tap = page.locator("#tap")
        tap.wait_for(state="visible", timeout=10_000)
        assert page.locator("#progress").is_hidden()
        shot(page, "web-tap-to-start-390x844.png")
        log_lines = page.evaluate("runtimeLog")
        assert len(log_lines) == 1 and int(log_lines[0].split(": ")[1]) > 500  # the Python is there
        tap.click()
        page.locator("#transfer").wait_for(state="hidden", timeout=5000)
        assert page.evaluate("MM.UME") is True
        assert page.evaluate("runtimeLog")[-1] == "main.py running"
        assert page.evaluate("document.activeElement.id") == "canvas"
        assert page.locator("#problem").is_hidden()
    finally:
        page.context.close()

    page, log = open_page(browser, pygbag_served, {"width": 1280, "height": 800},
                          runtime=STAND_IN % {"ume": "true"})
    try:
        page.locator("#transfer").wait_for(state="hidden", timeout=10_000)
        assert page.locator("#tap").is_hidden()  # sound allowed already: no tap asked for
        assert page.evaluate("runtimeLog")[-1] == "main.py running"
    finally:
        page.context.close()


def test_a_stalled_download_is_reported(browser, pygbag_served):
    # the runtime arrives but never makes progress (a dead connection to its wasm)
    page, log = open_page(browser, pygbag_served, {"width": 1280, "height": 800},
                          runtime="window.MM = {UME: true};", clock=True)
    try:
        page.clock.run_for(30_000)
        assert page.locator("#problem").is_hidden()  # 30 s of silence is still patience
        page.clock.run_for(30_000)
        page.locator("#problem").wait_for(state="visible", timeout=5000)
        assert "Loading has stopped" in page.locator("#problem-text").inner_text()
        shot(page, "web-stalled-1280x800.png")
    finally:
        page.context.close()


def test_opening_the_file_directly_says_to_serve_it(browser, pygbag_site):
    page = browser.new_page()
    try:
        page.goto("file://" + os.path.join(pygbag_site.folder, "index.html"))
        page.locator("#problem").wait_for(state="visible", timeout=10_000)
        assert "python3 -m http.server" in page.locator("#problem-text").inner_text()
    finally:
        page.context.close()


PAGES = [(1280, 720), (1920, 1080), (2560, 1080), (390, 844), (412, 915), (360, 640),
         (844, 390), (915, 412), (800, 360), (667, 375), (844, 330), (740, 360), (0, 0)]


def test_the_page_picks_the_canvas_the_game_picks(browser, pygbag_served):
    """web/parlour.tmpl's parlourShape gives pygbag's runtime the canvas size before Python
    starts; the game's own choice (game/ui/canvas.py, choose) must be the same shape for every
    page: desktop, phones upright and sideways (with and without a rail)."""
    from game.ui.canvas import choose

    page, log = open_page(browser, pygbag_served, {"width": 1280, "height": 720})
    try:
        for w, h in PAGES:
            assert page.evaluate(f"parlourShape({w}, {h})") == list(choose(w, h).size), (w, h)
    finally:
        page.context.close()
