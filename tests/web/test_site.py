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
# 4% of the self-contained site's first visit, which Pyodide's 7 MB dominate; 363 KB on
# 2026-12-07 with German and French, the game's modules slimmed: web/client/slim.py)
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
    # the packed copies are our files, untouched by the build but for the game's modules,
    # which are their sources slimmed (web/client/slim.py: no docstrings, comments, function
    # annotations; the same code, each line where it was: test_the_shipped_sources_...)
    slim = slim_module()
    with tarfile.open(pygbag_site.archive) as tar:
        for member in sorted(members - {"assets/main.py"}):
            with open(os.path.join(ROOT, member.removeprefix("assets/")), "rb") as f:
                source = f.read()
            if member.startswith("assets/game/") and member.endswith(".py"):
                source = slim.slim_source(source, member).encode("utf-8")
            assert tar.extractfile(member).read() == source, member


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


# ------------------------------------------------ the game as both builds ship it (no browser)
# web/client/slim.py leaves out of the shipped game what the device never reads: pygbag's page
# ships the game's sources without docstrings, comments and function annotations (slim_source),
# the self-contained site compiles them without function annotations (compile_slim; -OO drops
# the docstrings). Whatever the builds ship must do exactly what the tested sources do.
SLIM = os.path.join(ROOT, "web", "client", "slim.py")
MAKE_FUNCTION = "MAKE_FUNCTION"


def slim_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("parlour_slim", SLIM)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_modules() -> list[str]:
    """Every module of game/ (the desktop's too: it is slimmed the same way if it ever ships)."""
    return sorted(
        os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/")
        for folder, dirs, files in os.walk(os.path.join(ROOT, "game"))
        for name in files
        if name.endswith(".py") and "__pycache__" not in folder
    )


def read(module: str) -> bytes:
    with open(os.path.join(ROOT, module), "rb") as f:
        return f.read()


def codes(code):
    """A code object and every code object nested in it."""
    import types

    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from codes(const)


def annotated_functions(code) -> int:
    """How many functions the code makes with annotations (MAKE_FUNCTION's flag 0x04)."""
    import dis

    return sum(
        1
        for c in codes(code)
        for step in dis.get_instructions(c)
        if step.opname == MAKE_FUNCTION and step.arg & 0x04
    )


def what_the_device_never_reads(tree) -> list[int]:
    """The lines of the docstrings, the functions' annotations and their local variables'."""
    found = []

    def visit(node, in_function: bool) -> None:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            if ast.get_docstring(node, clean=False) is not None:
                found.append(node.body[0].lineno)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
            found.extend(a.lineno for a in every if a is not None and a.annotation is not None)
            found.extend([node.lineno] if node.returns is not None else [])
            in_function = True
        elif isinstance(node, ast.ClassDef):
            in_function = False
        elif isinstance(node, ast.AnnAssign) and in_function:
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, in_function)

    visit(tree, False)
    return found


@pytest.mark.slow  # more than 3 s of CPU natively
def test_the_shipped_sources_compile_to_the_code_of_the_tested_ones():
    """pygbag's page ships each module slimmed as source: compiled, it is its source's code
    (code objects compared recursively: slim.py's code_differences, whose docstring says
    exactly what may differ: docstrings, the annotations handed to MAKE_FUNCTION, what only the
    layout decides), every line where it was (tracebacks name the repository's lines), with no
    docstring, comment or function annotation left."""
    import gzip
    import io
    import tokenize

    slim = slim_module()
    before = after = b""
    annotated = 0
    for module in game_modules():
        source = read(module)
        text = slim.slim_source(source, module)
        original = compile(source, module, "exec", dont_inherit=True)
        shipped = compile(text, module, "exec", dont_inherit=True)
        assert slim.code_differences(original, shipped, docstrings=True) == [], module
        assert text.count("\n") == source.count(b"\n"), module
        assert not what_the_device_never_reads(ast.parse(text)), module
        annotated += len(what_the_device_never_reads(ast.parse(source)))
        tokens = tokenize.generate_tokens(io.StringIO(text).readline)
        assert not [t.start for t in tokens if t.type == tokenize.COMMENT], module
        before, after = before + source, after + text.encode("utf-8")
    assert annotated > 3000  # the test saw what it says is gone
    print(
        f"\nthe game's sources: {len(gzip.compress(before, 9))} bytes gzipped, "
        f"{len(gzip.compress(after, 9))} slimmed"
    )


@pytest.mark.slow  # more than 3 s of CPU natively
def test_the_compiled_game_is_the_code_of_the_tested_sources():
    """The self-contained site's .pyc: each module's slimmed tree compiled as the build
    compiles it (-OO) is its source's code compiled so, but for the functions' annotations;
    first lines kept (each node keeps its place)."""
    slim = slim_module()
    for module in game_modules():
        source = read(module)
        original = compile(source, module, "exec", dont_inherit=True, optimize=2)
        shipped = slim.compile_slim(source, module, optimize=2)
        assert slim.code_differences(original, shipped, docstrings=False) == [], module
        assert annotated_functions(shipped) == 0, module


# a module that holds what the slimming must keep (and what it must drop, in every place)
SAMPLE = '''"""The module's docstring."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple, Protocol, TypedDict, runtime_checkable

# a comment on its own line
LIMIT: int = 3  # a module's annotation: kept


@dataclasses.dataclass(frozen=True)
class Card:
    """A class's docstring."""

    rank: int
    suit: str = "\u2660"  # a comment after a field
    tags: list[str] = dataclasses.field(default_factory=list)

    def label(self, width: int = 1, *more: str, sep: "str" = "#", **rest: object) -> str:
        """A method's docstring."""
        text: str = f"{self.rank}#{self.suit}"  # '#' in an f-string is no comment
        count: int
        count = len(text) * width
        return sep.join([text, *more]) + ("" if count else "?")


class Pair(NamedTuple):
    first: int
    second: int = 2


class Shape(TypedDict):
    width: int
    height: int


@runtime_checkable
class Sized(Protocol):
    size: int

    def grow(self, by: int) -> int: ...


class Counter:
    """A plain class's docstring."""

    size: int = 0  # a class's own annotation: kept

    def grow(self, by: int) -> int:
        self.size += by
        return self.size


def wide(
    table: dict[
        str,  # a comment inside an annotation
        int,
    ],
    key: (str) = "k",
) -> tuple[
    int,
    int,
]:
    """Annotations over several lines, one in brackets."""
    first: int = table[key]; second: int
    second = first + 1
    return (first, second)


def only_a_docstring() -> None:
    """Nothing else: a pass stays."""


def nested(flag: bool) -> type:
    if flag:
        unused: int
    else:
        "a string said alone"

    class Inner:
        kept: int = 5

        def get(self) -> ((int)):
            return Inner.kept

    return Inner


TEXT = """first line

# not a comment, and a blank line above
    indented, blanks after\x20\x20
"""


def texts() -> str:
    "a docstring in single quotes"
    return TEXT + 'a # b' \\
        + "c"
'''


def load(code, name: str, monkeypatch):
    """Run module code as module ``name`` (dataclasses look their module up)."""
    import sys
    import types

    module = types.ModuleType(name)
    monkeypatch.setitem(sys.modules, name, module)
    exec(code, module.__dict__)
    return module


def test_the_slimming_keeps_what_the_game_reads(monkeypatch):
    """A dataclass's fields, a NamedTuple, a TypedDict, a Protocol, a class's and a module's
    annotations, strings holding '#' and blank lines: the same in the shipped module (as
    source, as the -OO .pyc and as a .pyc that keeps docstrings), which does the same; its
    functions' annotations and (but at -O0) its docstrings gone, each function on its line."""
    import dataclasses
    import functools
    import io
    import tokenize

    slim = slim_module()
    source = SAMPLE.encode("utf-8")
    text = slim.slim_source(source, "sample.py")
    original = load(compile(source, "sample.py", "exec"), "sample_original", monkeypatch)
    shipped = {
        "source": load(compile(text, "sample.py", "exec"), "sample_source", monkeypatch),
        "pyc": load(slim.compile_slim(source, "sample.py", optimize=2), "sample_pyc", monkeypatch),
        "pyc -O0": load(
            slim.compile_slim(source, "sample.py", optimize=0), "sample_o0", monkeypatch
        ),
    }
    assert text.count("\n") == SAMPLE.count("\n")
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    assert not [t for t in tokens if t.type == tokenize.COMMENT]
    for how, m in shipped.items():
        # what the game reads: a dataclass's fields, a NamedTuple, a TypedDict, a Protocol, a
        # class's and a module's annotations, the strings that hold '#' and blank lines
        fields = [(f.name, f.type, f.default) for f in dataclasses.fields(m.Card)]
        wanted = [(f.name, f.type, f.default) for f in dataclasses.fields(original.Card)]
        assert fields == wanted, how
        assert [f.name for f in dataclasses.fields(m.Card)] == ["rank", "suit", "tags"]
        assert m.Card(1).tags == [] and m.Card(1) == m.Card(1, "\u2660")
        assert m.Pair._fields == ("first", "second") and m.Pair(1) == (1, 2), how
        assert m.Pair.__annotations__ == original.Pair.__annotations__
        assert m.Shape.__annotations__.keys() == {"width", "height"}, how
        assert isinstance(m.Counter(), m.Sized) and not isinstance(object(), m.Sized), how
        assert m.Counter.__annotations__ == {"size": "int"} and m.Counter().grow(2) == 2
        assert m.__annotations__ == {"LIMIT": "int"} and m.LIMIT == 3, how
        assert (
            m.TEXT
            == original.TEXT
            == (
                "first line\n\n# not a comment, and a blank line above\n"
                "    indented, blanks after  \n"
            )
        )
        # what it does, the same
        card = m.Card(7)
        assert card.label() == original.Card(7).label() == "7#\u2660"
        assert card.label(2, "x", sep="/") == "7#\u2660/x"
        assert m.wide({"k": 4}) == (4, 5) and m.only_a_docstring() is None
        assert m.nested(True)().get() == 5 and m.nested(False).__annotations__ == {"kept": "int"}
        assert m.texts() == original.texts() == original.TEXT + "a # bc"
        # what it never reads: gone
        for function in (m.Card.label, m.Counter.grow, m.wide, m.nested, m.texts):
            assert function.__annotations__ == {}, (how, function)
            source_function = functools.reduce(getattr, function.__qualname__.split("."), original)
            assert function.__code__.co_firstlineno == source_function.__code__.co_firstlineno
        assert m.nested(True)().get.__annotations__ == {}
        if how != "pyc -O0":  # docstrings: dropped from the source, and by -OO
            assert m.__doc__ is m.Counter.__doc__ is m.Card.label.__doc__ is None, how
            assert m.only_a_docstring.__doc__ is m.texts.__doc__ is None, how
    assert original.Card.label.__annotations__ and original.wide.__doc__  # (they were there)


@pytest.mark.parametrize(
    "source, other",
    [
        ("def f(x):\n    return x + 1\n", "def f(x):\n    return x + 2\n"),  # a constant
        ("def f(x):\n    return x + 1\n", "def f(x):\n    return x + 1.0\n"),  # its type
        ("def f(x):\n    return x\n", "def f(y):\n    return y\n"),  # a variable
        ("def f(x):\n    return g(x)\n", "def f(x):\n    return h(x)\n"),  # a name
        ("def f(x):\n    assert x\n    return x\n", "def f(x):\n    return x\n"),  # a statement
        ("def f(x):\n    return x and 1\n", "def f(x):\n    return x or 1\n"),  # a jump
        ("def f(x=1):\n    pass\n", "def f(x=2):\n    pass\n"),  # a default
        ("def f(x, *, y):\n    pass\n", "def f(x, y):\n    pass\n"),  # the arguments
        ("class A:\n    x: int = 1\n", "class A:\n    x = 1\n"),  # a class's annotation
        ("X: int = 1\n", "X = 1\n"),  # a module's annotation
        (
            "try:\n    f()\nexcept E:\n    g()\n",
            "try:\n    f()\nexcept F:\n    g()\n",
        ),  # what is caught
        (
            "try:\n    f()\n    g()\nexcept E:\n    pass\n",
            "try:\n    f()\nexcept E:\n    pass\ng()\n",
        ),  # what is guarded
        ('def f():\n    """doc"""\n', "def f():\n    pass\n"),  # a docstring (kept here)
        ('"""doc"""\nX = 1\n', "X = 1\n"),  # a module's docstring (kept here)
        ("def f():\n    def g(x: int): pass\n", "def f():\n    def g(x=1): pass\n"),
    ],
)
def test_the_check_tells_other_code_apart(source, other):
    """code_differences sees every kind of change the slimming must never make (docstrings
    here compared as kept: -OO drops them for the .pyc)."""
    slim = slim_module()
    a = compile(source, "m.py", "exec", dont_inherit=True)
    b = compile(other, "m.py", "exec", dont_inherit=True)
    assert slim.code_differences(a, b, docstrings=False)


def test_the_check_lets_through_exactly_what_may_differ():
    """Docstrings (when asked), the annotations a function is made with, and the layout."""
    slim = slim_module()
    pairs = [
        ("def f(x: int) -> int:\n    '''doc'''\n    return x\n", "def f(x):\n    return x\n"),
        ('"""doc"""\nclass A:\n    """doc"""\n', "\nclass A:\n    pass\n"),
        (
            "def f(x: list[int] = []):\n    y: int = 2\n    return y\n",
            "def f(x=[]):\n    y = 2\n    return y\n",
        ),
        (
            "def f():\n    def g(a, *b: int, c: T = 1, **d: U) -> V:\n"
            "        return a\n    return g\n",
            "def f():\n    def g(a, *b, c=1, **d):\n        return a\n    return g\n",
        ),
    ]
    for source, other in pairs:
        a = compile(source, "m.py", "exec", dont_inherit=True)
        b = compile(other, "m.py", "exec", dont_inherit=True)
        assert slim.code_differences(a, b, docstrings=True) == [], source
    # without the from __future__ import, a function's annotations are code: left out too
    plain = "def f(x: dict[str, int] | None = None) -> list[int]:\n    return []\n"
    a = compile(plain, "m.py", "exec", dont_inherit=True)
    b = compile("def f(x=None):\n    return []\n", "m.py", "exec", dont_inherit=True)
    assert slim.code_differences(a, b, docstrings=True) == []
    assert slim.code_differences(a, b, docstrings=False) == []


def test_slim_py_slims_a_folder_in_place_or_refuses(tmp_path):
    """build.sh's pygbag build runs ``slim.py FOLDER`` on its copy of the game: every module
    slimmed in place; a module it cannot slim stops the build."""
    import subprocess
    import sys

    (tmp_path / "game" / "sub").mkdir(parents=True)
    (tmp_path / "game" / "sub" / "m.py").write_bytes(SAMPLE.encode("utf-8"))
    (tmp_path / "game" / "rules.md").write_text("# a heading, not Python\n")
    result = subprocess.run(
        [sys.executable, SLIM, str(tmp_path / "game")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    slim = slim_module()
    slimmed = (tmp_path / "game" / "sub" / "m.py").read_text(encoding="utf-8")
    assert slimmed == slim.slim_source(SAMPLE.encode("utf-8"), "sub/m.py")
    assert (tmp_path / "game" / "rules.md").read_text() == "# a heading, not Python\n"
    (tmp_path / "game" / "broken.py").write_text("def f(:\n")
    result = subprocess.run(
        [sys.executable, SLIM, str(tmp_path / "game")], capture_output=True, text=True
    )
    assert result.returncode == 1 and "broken.py" in result.stderr
