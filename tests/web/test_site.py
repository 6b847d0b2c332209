"""pygbag's page: ./build.sh web --pygbag makes a static site (build/pygbag/) from OUR template,
packing exactly main.py, the game package and assets; its loading screen behaves in real
Chromium.

pygbag's runtime (pythons.js, CPython 3.12 in WebAssembly) comes from its CDN, which these
machines can't reach, so the page never runs the game here: these tests check what we build and
our page's own behaviour (layout, messages, the tap to start), with the CDN refused or, for the
start-up path, replaced by a stand-in script that plays the runtime's part. The page with
pygbag's real pythons.js: test_pygbag_faults.py.

At the end, without a browser: the words of the self-contained site's page (./build.sh web,
web/client/build_site.py; web/client/words.js), their translations from the game's catalogues
and the language the page picks (run in Node).
"""

import ast
import hashlib
import json
import os
import re
import tarfile
import zipfile

import pytest

from tests.support.pygbag_site import APP, page_python
from tests.support.pygbag_site import OFFICIAL_CDN as CDN

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# the packed game, as the browser downloads it: the rules of ten games, the solver and its
# winnable-deal lists, remote play, the client, its sounds and font (315 KB on 2026-11-26:
# 4% of the self-contained site's first visit, which Pyodide's 7 MB dominate)
BUDGET = 400 * 1024
ARTIFACTS = os.path.join(ROOT, "test-artifacts")


def expected_members():
    """What the game needs: main.py, every source file of the game package except the
    desktop's alone (a folder with a DESKTOP-ONLY file), and the assets; no caches, no
    dot-files (the benchmarks, bench/, and the testbed are outside the game package)."""
    want = {"assets/main.py"}
    for top in ("game", "assets"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            rel = os.path.relpath(folder, ROOT).replace(os.sep, "/")
            dirs[:] = [
                d
                for d in dirs
                if not d.startswith(".")
                and d != "__pycache__"
                and not os.path.exists(os.path.join(folder, d, "DESKTOP-ONLY"))
            ]
            for name in files:
                if not name.startswith(".") and not name.endswith((".pyc", ".pyo", ".po", ".pot")):
                    want.add(f"assets/{rel}/{name}")
    return want


NET_FILES = ["net.js", "licences/Trystero-MIT.txt", "licences/noble-secp256k1-MIT.txt"]


def site_files(web):
    return sorted(
        os.path.relpath(os.path.join(folder, name), web).replace(os.sep, "/")
        for folder, _, files in os.walk(web)
        for name in files
    )


def test_the_site_is_three_files_and_the_transport(pygbag_site):
    assert site_files(pygbag_site.folder) == sorted(
        ["index.html", "favicon.png", f"{APP}.tar.gz"] + NET_FILES
    )
    with (
        open(os.path.join(pygbag_site.folder, "favicon.png"), "rb") as a,
        open(os.path.join(ROOT, "web", "icon.png"), "rb") as b,
    ):
        assert a.read() == b.read()
    # net.js: the same bundle as build/web/'s (web/net/bridge.js and Trystero), loaded first
    net = open(os.path.join(pygbag_site.folder, "net.js"), encoding="utf-8").read()
    assert "parlourNet" in net and "patience-parlour" in net
    html = open(os.path.join(pygbag_site.folder, "index.html"), encoding="utf-8").read()
    assert html.index('<script src="net.js"></script>') < html.index("<script>")
    modules = os.path.join(ROOT, "web", "net", "node_modules")
    for package, name in [
        ("trystero", "Trystero-MIT.txt"),
        ("@noble/secp256k1", "noble-secp256k1-MIT.txt"),
    ]:
        with (
            open(os.path.join(modules, package, "LICENSE"), "rb") as a,
            open(os.path.join(pygbag_site.folder, "licences", name), "rb") as b,
        ):
            assert a.read() == b.read(), package


def test_the_packed_game_holds_main_py_the_game_package_and_assets_only(pygbag_site):
    with tarfile.open(pygbag_site.archive) as tar:
        members = {m.name for m in tar.getmembers() if m.isfile()}
        main = tar.extractfile("assets/main.py").read()
    assert members == expected_members()
    assert not [m for m in members if "game/net/desktop" in m]  # the desktop's network
    assert not [
        m
        for m in members
        if re.search(
            r"(^|/)(tests?|testbed|web|bench|__pycache__)/|\.pyc$|"
            r"/\.|\.tmpl$",
            m.removeprefix("assets/"),
        )
    ]
    assert main == open(os.path.join(ROOT, "web", "main.py"), "rb").read()
    assert b"from game.ui.app import main" in main and b"asyncio.run(main())" in main
    for member in members:  # the packed copies are our sources, untouched by the build
        source = os.path.join(ROOT, member.removeprefix("assets/"))
        if member != "assets/main.py":
            with tarfile.open(pygbag_site.archive) as tar, open(source, "rb") as f:
                assert tar.extractfile(member).read() == f.read(), member


#: what German's and French's letters added to the two fonts, compressed (tools/make_font.py)
FONT_LETTERS = 7 * 1024


def languages_weight(archive) -> int:
    """What the languages beside English weigh in the packed game, compressed: each game's
    rules twins (game/core/rules/<id>.<code>.md), the compiled catalogues and the fonts'
    letters (issue 34: the budget grows by that much)."""
    import gzip

    with tarfile.open(archive) as tar:
        return FONT_LETTERS + sum(
            len(gzip.compress(tar.extractfile(m).read(), 9))
            for m in tar.getmembers()
            if m.isfile()
            and (m.name.endswith(".mo") or re.search(r"/rules/[^/]+\.\w\w\.md$", m.name))
        )


def test_payload_size(pygbag_site):
    size = os.path.getsize(pygbag_site.archive)
    languages = languages_weight(pygbag_site.archive)
    print(
        f"\npacked game: {size} bytes ({size / 1024:.1f} KB) of a {BUDGET // 1024} KB budget "
        f"and {languages / 1024:.1f} KB for German and French"
    )
    assert languages < 130 * 1024
    assert size <= BUDGET + languages
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
    tag = html[html.index('<script src="' + CDN) :].split(">", 1)[0]
    assert " async" not in tag and " defer" not in tag
    assert html.index(tag) < html.index('<script type="module">parlour.restoreAddress();')


# ------------------------------------------------------------------------------ in Chromium
def open_page(browser, url, viewport, runtime=None, clock=False):
    """The built page in Chromium. ``runtime``: JavaScript answered for pythons.js instead of
    refusing the CDN (as an offline player's browser would)."""
    log = []
    page = browser.new_page(viewport=viewport, log=log)
    if runtime is not None:
        page.route(
            f"{CDN}pythons.js",
            lambda route: route.fulfill(status=200, content_type="text/javascript", body=runtime),
        )
    if clock:
        page.clock.install()
    page.goto(url + "index.html")
    return page, log


def shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, name))


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 844, "height": 390}],
    ids=["desktop", "phone", "phone-landscape"],
)
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
        assert page.evaluate("[config.fb_width, config.fb_height]") == [str(shape.w), str(shape.h)]
        c = page.locator("#canvas").bounding_box()
        assert abs(c["width"] / c["height"] - shape.w / shape.h) < 0.01
        assert (
            abs(c["width"] - viewport["width"]) < 1.5 or abs(c["height"] - viewport["height"]) < 1.5
        )
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
    page, log = open_page(
        browser, pygbag_served, {"width": 390, "height": 844}, runtime=STAND_IN % {"ume": "false"}
    )
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

    page, log = open_page(
        browser, pygbag_served, {"width": 1280, "height": 800}, runtime=STAND_IN % {"ume": "true"}
    )
    try:
        page.locator("#transfer").wait_for(state="hidden", timeout=10_000)
        assert page.locator("#tap").is_hidden()  # sound allowed already: no tap asked for
        assert page.evaluate("runtimeLog")[-1] == "main.py running"
    finally:
        page.context.close()


def test_a_stalled_download_is_reported(browser, pygbag_served):
    # the runtime arrives but never makes progress (a dead connection to its wasm)
    page, log = open_page(
        browser,
        pygbag_served,
        {"width": 1280, "height": 800},
        runtime="window.MM = {UME: true};",
        clock=True,
    )
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


PAGES = [
    (1280, 720),
    (1920, 1080),
    (2560, 1080),
    (390, 844),
    (412, 915),
    (360, 640),
    (844, 390),
    (915, 412),
    (800, 360),
    (667, 375),
    (844, 330),
    (740, 360),
    (0, 0),
]


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


# ---------------------------------------------------- build/web's page: its own words (no browser)
# web/client/words.js says what the page built by web/client/build_site.py (./build.sh web) says
# while the game loads, in the language the game speaks; the build puts it into index.html with
# each language's translations from the game's compiled catalogues.
WORDS_JS = os.path.join(ROOT, "web", "client", "words.js")
INDEX_HTML = os.path.join(ROOT, "web", "client", "index.html")


def build_site_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "parlour_build_site", os.path.join(ROOT, "web", "client", "build_site.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_messages():
    with open(WORDS_JS, encoding="utf-8") as f:
        return build_site_module().page_messages(f.read())


def make_catalogues(locale, translate):
    """Compiled catalogues in ``locale``: {code: {English: translation}}."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    for code, words in translate.items():
        catalog = Catalog(locale=code, domain="parlour")
        for english, said in words.items():
            catalog.add(english, said)
        folder = locale / code / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with open(folder / "parlour.mo", "wb") as f:
            write_mo(f, catalog)


def test_the_page_words_are_the_messages_babel_extracts():
    """./build.sh words (Babel's JavaScript extractor, babel.cfg) puts into the catalogues
    exactly the messages the build looks up for the page, each with a note for translators,
    and the page says nothing but through words.js."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract

    with open(WORDS_JS, "rb") as f:
        found = list(
            extract(
                "javascript",
                f,
                keywords={**DEFAULT_KEYWORDS, "N_": None},
                comment_tags=["Translators:"],
            )
        )
    messages = page_messages()
    assert [m[1] for m in found] == messages
    assert len(messages) >= 18 and "Downloading the game: {done} of {total} MB" in messages
    assert all(m[2] for m in found), [m[1] for m in found if not m[2]]  # a translator's note
    script = open(WORDS_JS, encoding="utf-8").read()
    said = set(re.findall(r"^ {8}(\w+): function", script, re.MULTILINE))
    page = open(INDEX_HTML, encoding="utf-8").read()
    used = set(re.findall(r"\bsay\.(\w+)\(", page))
    assert used and used <= said, used - said
    assert page.count('<script src="words.js"></script>') == 1
    assert page.index('<script src="words.js"></script>') < page.index("var parlour = ")


def test_each_language_with_a_catalogue_gets_the_page_words_it_translates(tmp_path):
    site = build_site_module()
    messages = page_messages()
    de = {m: "DE " + m for m in messages[1:]}  # the first message not translated yet
    fr = {m: "FR " + m for m in messages}
    fr["Try again"] = "Réessayer </script> \u2028"
    make_catalogues(tmp_path, {"de": de, "fr": fr, "it": {}})
    (tmp_path / "es" / "LC_MESSAGES").mkdir(parents=True)  # a .po not compiled: not spoken
    (tmp_path / "es" / "LC_MESSAGES" / "parlour.po").write_text("")
    assert site.page_languages(tmp_path) == ["de", "fr", "it"]
    assert site.page_words(messages, tmp_path) == {"de": de, "fr": fr, "it": {}}
    assert site.page_languages(tmp_path / "nowhere") == []

    page = site.page_html('{"build":"b1"}', site.words_script(tmp_path))
    assert '<script src="words.js"></script>' not in page and "/*WORDS*/" not in page
    assert page.count("var SITE = {") == 1 and 'var SITE = {"build":"b1"}' in page
    assert page.index("var parlourWords = ") < page.index("var parlour = ")
    assert "</script> \u2028" not in page  # escaped: it would end the script
    start = page.index("var WORDS = ") + len("var WORDS = ")
    table = json.JSONDecoder().raw_decode(page[start:])[0]
    assert table == {"de": de, "fr": fr, "it": {}}
    # the real catalogues: a table for each compiled one, of the page's messages only
    real = site.page_words(messages)
    assert set(real) == set(site.page_languages())
    assert all(set(t) <= set(messages) for t in real.values())


# the page's words in Node: words.js as built with ``table``, run once per case in a page of
# its own (the address's query, the saved settings or a storage that throws, the browser's
# languages); each case's language, <html lang> and a few of its sentences
NODE_PAGE = r"""
const vm = require("vm");
const {script, cases} = JSON.parse(require("fs").readFileSync(0, "utf-8"));
const out = cases.map(c => {
    const store = c.saved === undefined ? {} : {"parlour/settings": c.saved};
    const page = {
        location: {search: c.search || ""},
        navigator: {languages: c.languages || [], language: (c.languages || [])[0]},
        localStorage: {getItem(key) {
            if (c.blocked) throw new Error("SecurityError");
            return key in store ? store[key] : null;
        }},
        document: {documentElement: {lang: "en"}},
        URLSearchParams, Intl,
    };
    page.window = page;
    vm.createContext(page);
    vm.runInContext(script, page);
    const w = page.parlourWords;
    return {language: page.parlourLanguage, lang: page.document.documentElement.lang,
            speaks: w.speaks, tryAgain: w.say.tryAgain(), loading: w.say.loading(),
            downloading: w.say.downloading(1234567, 9876543),
            failed: w.say.couldNotStart(w.say.httpError("boot.py", 404)),
            all: Object.keys(w.say).map(k => w.say[k](k === "downloading" ? 1e6 : "f.js", 404)),
            picks: (c.pick || []).map(tags => w.pick(w.speaks, "", "", tags))};
});
process.stdout.write(JSON.stringify(out));
"""


def run_page_words(script, cases):
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is missing (the build needs it too): apt-get install -y nodejs")
    result = subprocess.run(
        [node, "-e", NODE_PAGE],
        input=json.dumps({"script": script, "cases": cases}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def settings(language):
    return json.dumps({"format": 1, "data": {"sound": True, "language": language}})


def test_the_page_picks_the_language_as_the_game_does(tmp_path, monkeypatch):
    """?lang= when the game speaks it, else the saved setting, else the first of the browser's
    languages the game speaks (by the main part), else English; the same choice as the game's
    language.pick for the browser's languages."""
    site = build_site_module()
    messages = page_messages()
    make_catalogues(
        tmp_path,
        {
            "de": {
                "Try again": "Nochmal versuchen",
                "Loading...": "Wird geladen …",
                "Downloading the game: {done} of {total} MB": (
                    "Das Spiel wird heruntergeladen: {done} von {total} MB"
                ),
                "The game could not start: {why}": "Das Spiel konnte nicht starten: {why}",
            },
            "fr": {"Try again": "Réessayer"},
        },
    )
    script = site.words_script(tmp_path)
    assert set(site.page_words(messages, tmp_path)) == {"de", "fr"}
    tags = [
        ["de-AT", "en"],
        ["it-IT", "fr-CA", "de"],
        ["en-GB", "de"],
        ["it", "es"],
        [],
        ["FR"],
        ["pt-BR", "de_CH"],
        ["zh-Hant-TW"],
        [" de "],
    ]
    cases = [
        {"languages": ["de-DE", "en"], "pick": tags},  # the browser's
        {"languages": ["it", "fr-CH"]},  # its first spoken
        {"languages": ["it", "es"]},  # none: English
        {"languages": ["de"], "saved": settings("fr")},  # the setting
        {"languages": ["de"], "saved": settings("")},  # automatic
        {"languages": ["de"], "saved": settings("it")},  # not spoken
        {"languages": ["de"], "saved": "not json"},  # unreadable
        {"languages": ["de"], "saved": settings("fr"), "search": "?lang=en"},  # the address
        {"languages": ["en"], "saved": settings("en"), "search": "?x=1&lang=de"},
        {"languages": ["fr"], "search": "?lang=it"},  # not spoken
        {"languages": ["fr"], "blocked": True},  # no storage
        {"search": "?lang=de"},
    ]
    got = run_page_words(script, cases)
    assert [g["language"] for g in got] == [
        "de",
        "fr",
        "en",
        "fr",
        "de",
        "de",
        "de",
        "en",
        "de",
        "fr",
        "fr",
        "de",
    ]
    assert all(g["lang"] == g["language"] and g["speaks"] == ["en", "de", "fr"] for g in got)
    # every sentence of the page, each of the messages, its fields filled
    assert len(got[2]["all"]) == len(messages)
    assert all(s and "{" not in s for g in got for s in g["all"]), got[2]["all"]
    # each language's words, English where its catalogue has none yet
    de, en, fr = got[0], got[2], got[1]
    assert (de["tryAgain"], de["loading"]) == ("Nochmal versuchen", "Wird geladen …")
    assert de["downloading"] == "Das Spiel wird heruntergeladen: 1,2 von 9,9 MB"
    assert de["failed"] == (
        "Das Spiel konnte nicht starten: could not download boot.py"
        " (HTTP 404). Check the connection and try again."
    )
    assert (fr["tryAgain"], fr["loading"]) == ("Réessayer", "Loading...")
    assert fr["downloading"] == "Downloading the game: 1,2 of 9,9 MB"
    assert (en["tryAgain"], en["loading"]) == ("Try again", "Loading...")
    assert en["downloading"] == "Downloading the game: 1.2 of 9.9 MB"
    assert en["failed"] == (
        "The game could not start: could not download boot.py (HTTP 404)."
        " Check the connection and try again."
    )
    # the browser's languages: as the game's own pick
    from game.core import language

    monkeypatch.setattr(language, "available", lambda: ("en", "de", "fr"))
    assert got[0]["picks"] == [language.pick(t) for t in tags]
    # the page as written, before a build: English, whatever the browser's languages
    unbuilt = run_page_words(
        open(WORDS_JS, encoding="utf-8").read(), [{"languages": ["de"], "search": "?lang=de"}]
    )[0]
    assert (unbuilt["language"], unbuilt["speaks"], unbuilt["tryAgain"]) == (
        "en",
        ["en"],
        "Try again",
    )
