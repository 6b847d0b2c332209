"""pygbag's page (./build.sh web --pygbag) with pygbag's REAL runtime files: five faults the
page had with them (issue 22), each guarded here.

pygbag 0.9.3's pythons.js, cpython312/main.js, cpythonrc.py and wheel index are test data in
../shared/wasm/pygbag-0.9.3/ (main.wasm and main.data are not: they can't be had here). The
page is built with ``--cdn`` pointing at a local server of that folder, so in Chromium the real
pythons.js runs against our page up to loading main.wasm: what it reads from the page's address,
which Python build it loads, the listeners it adds (onbeforeunload, alert() on errors). Python
pygbag runs in the browser is run here natively: its import scan (cpythonrc.py, from the
installed pygbag) on the packed main.py, and the page's own start-up code on the archive as
itch.io serves it.

1. main.py names pygame, so pygbag's runtime installs pygame-ce.
2. the page's query string never reaches pythons.js as its build setting; PYGPI works.
3. the phone-turn reload never asks "Reload site?".
4. the archive is read whether or not itch.io un-gzipped it.
5. an error during play never opens an alert().
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
import tarfile
import textwrap

import pytest

from tests.support.pygbag_site import (
    APP,
    ROOT,
    Server,
    build,
    installed_pygbag,
    page_python,
    runtime_dir,
)


@pytest.fixture(scope="module")
def runtime():
    """pygbag's real runtime files, served as a CDN would (another origin, CORS allowed)."""
    with Server(runtime_dir(), cors=True) as server:
        yield server.url


@pytest.fixture(scope="module")
def local_cdn_site(runtime, tmp_path_factory):
    """The page built with --cdn pointing at the local runtime; its folder."""
    return build(tmp_path_factory.mktemp("pygbag-local-cdn"), "--cdn", runtime)


@pytest.fixture(scope="module")
def local_cdn_served(local_cdn_site):
    with Server(local_cdn_site) as server:
        yield server.url


# ------------------------------------------------------------------ 1. pygame gets installed
SCAN = r'''
import ast, json, sys, textwrap, types

cpythonrc, pep0723, index, main = sys.argv[1:5]

def nodes(path, wanted):
    """The top-level-or-nested definitions named in ``wanted`` from a file, as source."""
    source = open(path, encoding="utf-8").read()
    found = {}
    for node in ast.walk(ast.parse(source)):
        name = getattr(node, "name", None)
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        if name in wanted and name not in found:
            found[name] = textwrap.dedent(ast.get_source_segment(source, node))
    assert set(found) == set(wanted), (path, set(wanted) - set(found))
    return [found[n] for n in wanted]

# aio.pep0723 as pygbag has it: its Config (the name mapping, the repository list), HISTORY,
# hint_failed and the PEP 723 block reader, taken from the installed pygbag's own file
pep = types.ModuleType("aio.pep0723")
exec("import json, os, sys, tomllib\n" + "\n".join(
    nodes(pep0723, ["HISTORY", "hint_failed", "Config", "read_dependency_block_723"])),
    pep.__dict__)
toplevel = types.ModuleType("aio.toplevel")
toplevel.AsyncInteractiveConsole = type("AsyncInteractiveConsole", (), {})
aio = types.ModuleType("aio")
aio.pep0723, aio.toplevel = pep, toplevel
sys.modules.update({"aio": aio, "aio.pep0723": pep, "aio.toplevel": toplevel})

# the wheel index the runtime reads (async_repos: <abi> and <api> filled in)
data = open(index, encoding="utf-8").read().replace("<abi>", "cp312")
pep.Config.pkg_repolist.append(json.loads(data.replace("<api>", "wasm32_bi_emscripten")))

# TopLevel_async_handler, the class cpythonrc.py defines inside its start-up code
namespace = {"aio": aio, "sys": sys, "DBG": lambda *a, **k: None, "__name__": "cpythonrc"}
exec(nodes(cpythonrc, ["TopLevel_async_handler"])[0], namespace)
handler = namespace["TopLevel_async_handler"]

code = open(main, encoding="utf-8").read()
scanned = list(handler.list_imports(code, file=None, hint="main.py"))
# the PEP 723 block, as check_list / pip_install read and rename it
block = list(pep.read_dependency_block_723(code))
renamed = [pep.Config.mapping.get(d.lower().replace("-", "_"), d.lower().replace("-", "_"))
           for d in block]
repo = pep.Config.pkg_repolist[0]
print(json.dumps({"scanned": scanned, "block": block,
                  "installed": sorted({m for m in scanned + renamed if m in repo}),
                  "wheel": repo.get("pygame", "")}))
'''


def test_pygbags_import_scan_installs_pygame_for_the_packed_main_py(local_cdn_site, tmp_path):
    """pygbag installs only what main.py's own text names (cpythonrc.py: runpy ->
    preload_code -> aio.pep0723.check_list (the PEP 723 block) + list_imports (its import
    lines)); the game package's imports are never scanned. Run on the packed main.py, in a
    fresh interpreter (pygame must not be imported already, as in the browser at that point),
    with the installed pygbag's own code."""
    with tarfile.open(local_cdn_site / f"{APP}.tar.gz") as tar:
        (tmp_path / "main.py").write_bytes(tar.extractfile("assets/main.py").read())
    support = installed_pygbag() / "support"
    scan = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            SCAN,
            str(support / "cpythonrc.py"),
            str(support / "cross" / "aio" / "pep0723.py"),
            str(runtime_dir() / "index-0.9.3-cp312.json"),
            str(tmp_path / "main.py"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert scan.returncode == 0, scan.stderr
    found = json.loads(scan.stdout.strip().splitlines()[-1])
    assert "pygame" in found["scanned"], found  # `import pygame` at main.py's top
    assert found["block"] == ["pygame-ce"], found  # and its PEP 723 block
    assert found["installed"] == ["pygame"], found
    assert found["wheel"].startswith("cp312/pygame_ce-2.5.7"), found


# ------------------------------------------------------------------ Chromium + real pythons.js
def open_page(browser, url, query="", viewport=None, accept=False):
    """The page in Chromium; returns (page, what happened): the dialogs it opened (dismissed,
    or accepted if ``accept``), the requests it made, its uncaught errors."""
    seen = {"dialogs": [], "requests": [], "errors": []}
    page = browser.new_page(viewport=viewport or {"width": 1280, "height": 800})

    def dialog(d):
        seen["dialogs"].append(f"{d.type}: {d.message}")
        d.accept() if accept else d.dismiss()

    page.on("dialog", dialog)
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    page.goto(url + "index.html" + query)
    return page, seen


def wait_for_main_js(page, runtime, timeout=20_000):
    """pythons.js asks for cpythonNNN/main.js at the end of its onload (after its
    lifecycle listeners are in place); window.Module is pythons.js's vm from then on."""
    page.wait_for_function(
        "runtime => [...document.scripts].some(s => s.src.startsWith(runtime) &&"
        " s.src.endsWith('/main.js')) && window.Module && Module.PyConfig",
        arg=runtime,
        timeout=timeout,
    )


QUERIES = {
    "plain": "",
    "utm": "?utm_source=pygame_community",
    "fbclid": "?fbclid=IwAR2pyX7kqQe0s_Jd9f3Gm4pyLwZtc",
    "pygpi": "?PYGPI={runtime}",
    "itch-io-ref": "?ref=itch-io&lang=en#table=forty-thieves",
    "bad-escape": "?q=%E0%A4%A#50%",
}


@pytest.mark.parametrize("query", list(QUERIES.values()), ids=list(QUERIES))
def test_the_runtime_loads_python_3_12_whatever_the_page_address(
    browser, runtime, local_cdn_served, query
):
    """pythons.js (auto_conf) reads the PAGE's query string: a first parameter containing
    "py" was taken as the Python build (cpython<garbage>/main.js, a dead page), NAME=value
    ones become environment variables, "-i" turns on its interactive mode, a malformed
    %-escape throws (decodeURI). The page now shows it only "?python3.12" and PYGPI, then
    gives the player's address back."""
    query = query.format(runtime=runtime)
    page, seen = open_page(browser, local_cdn_served, query)
    try:
        wait_for_main_js(page, runtime)
        mains = [u for u in seen["requests"] if u.endswith("/main.js")]
        assert mains == [runtime + "cpython312/main.js"], mains
        argv = page.evaluate("Module.PyConfig.orig_argv")
        # the build, and where pygame-ce's wheel comes from (the runtime's folder here, which
        # holds the wheel index); nothing of the player's own query
        assert argv == ["python3.12", f"PYGPI={runtime}"], argv
        assert page.evaluate("Module.PyConfig.interactive") in (0, False)
        # the player's address as it was (the game reads its #table= mark from it)
        assert page.evaluate("location.search + location.hash") == query
        assert seen["dialogs"] == []
    finally:
        page.context.close()


def test_a_pygpi_of_a_third_party_is_not_handed_to_the_runtime(browser, runtime, local_cdn_served):
    """The runtime installs and runs whatever the PYGPI index names: a link to our page with
    ?PYGPI=https://elsewhere/ must not make it do so."""
    page, seen = open_page(browser, local_cdn_served, "?PYGPI=https://evil.example/cdn/")
    try:
        wait_for_main_js(page, runtime)
        assert page.evaluate("Module.PyConfig.orig_argv") == ["python3.12", f"PYGPI={runtime}"]
    finally:
        page.context.close()


def test_the_phone_turn_reload_asks_nothing(browser, runtime, local_cdn_served):
    """game/ui/page_turn.py reloads the page (with #table=<game>) when the phone turns. pythons.js
    sets window.onbeforeunload to a confirm prompt unless config.can_close is truthy; after a
    user gesture, Chromium then asks "Reload site?" and, declined, the table stays in the wrong
    shape."""
    page, seen = open_page(
        browser, local_cdn_served, "", viewport={"width": 390, "height": 844}, accept=True
    )  # (accepted, so that the page reloads either way)
    try:
        wait_for_main_js(page, runtime)
        page.mouse.click(195, 400)  # a user gesture: Chromium only prompts after one
        page.evaluate("window.beforeTurn = true")
        with page.expect_event("load", timeout=20_000):
            page.evaluate(
                "setTimeout(() => { location.hash = 'table=forty-thieves'; location.reload(); }, 0)"
            )
        assert seen["dialogs"] == []
        assert page.evaluate("window.beforeTurn") is None  # a new page: it did reload
        assert page.evaluate("location.hash") == "#table=forty-thieves"
    finally:
        page.context.close()


def test_an_error_during_play_opens_no_alert(browser, runtime, local_cdn_served):
    """pythons.js adds window error and unhandledrejection listeners that call alert(): a
    modal box over the game. Ours come first and keep the event from them."""
    page, seen = open_page(browser, local_cdn_served)
    try:
        wait_for_main_js(page, runtime)
        page.evaluate("parlour.started()")  # as the page's Python does once main.py runs
        page.evaluate("""() => {
            setTimeout(() => { throw new Error("an error in the game"); }, 0);
            setTimeout(() => { Promise.reject(new Error("a rejection in the game")); }, 0);
        }""")
        # both reported (by Chromium itself, not by the page's listeners), then one more turn
        # of the page's event loop: an alert() (which blocks the page) would have opened by then
        for _ in range(400):
            if len([e for e in seen["errors"] if "in the game" in e]) >= 2:
                break
            page.wait_for_timeout(50)
        page.evaluate("() => new Promise(r => setTimeout(r, 0))")
        assert len([e for e in seen["errors"] if "in the game" in e]) >= 2, seen["errors"]
        assert seen["dialogs"] == []
        assert page.locator("#transfer").is_hidden() and page.locator("#problem").is_hidden()
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def same_origin(tmp_path_factory):
    """The page and the runtime on one host (--cdn http://127.0.0.1:PORT/runtime/), as a
    self-hosted site: the runtime's errors then reach the page with their message (from
    another origin they come as "Script error.", which pythons.js's listener fails to alert)."""
    root = tmp_path_factory.mktemp("pygbag-same-origin")
    (root / "www").mkdir()
    with Server(root / "www") as server:
        site = build(root, "--cdn", server.url + "runtime/")
        for path in site.iterdir():  # the page's files and net.js's licences/
            if path.is_dir():
                shutil.copytree(path, root / "www" / path.name)
            else:
                shutil.copy(path, root / "www" / path.name)
        (root / "www" / "runtime").symlink_to(runtime_dir(), target_is_directory=True)
        yield server.url


def test_a_runtime_failing_before_the_start_opens_no_alert_either(browser, same_origin):
    """With the real main.js and no main.wasm (as here), the runtime fails while loading: the
    page says so in its own words, with the runtime's message, and no alert() opens."""
    page, seen = open_page(browser, same_origin)
    try:
        wait_for_main_js(page, same_origin + "runtime/")
        page.locator("#problem").wait_for(state="visible", timeout=30_000)
        assert "could not start" in page.locator("#problem-text").inner_text()
        assert "main.data" in page.locator("#problem-detail").inner_text()
        assert seen["dialogs"] == []
    finally:
        page.context.close()


# ------------------------------------------------------------------ 4. itch.io's un-gzipping
RUN_PAGE_PYTHON = r"""
import asyncio, io, json, sys, types, urllib.request
from pathlib import Path

code_file, base_url, root = sys.argv[1:4]
seen = {"status": [], "started": False, "main": None, "loaderhome": None}

class Obj(types.SimpleNamespace):
    pass

class fopen:  # pygbag's platform.fopen: the file fetched from the page's folder, seekable
    def __init__(self, url, mode="r"):
        self.url, self.mode = base_url + url, mode
    async def __aenter__(self):
        with urllib.request.urlopen(self.url) as response:
            assert response.headers.get("Content-Encoding") is None
            return io.BytesIO(response.read())
    async def __aexit__(self, *exc):
        return False

parlour = Obj(status=lambda t: seen["status"].append(str(t)), tapToStart=lambda: None,
              started=lambda: seen.__setitem__("started", True))
window = Obj(parlour=parlour, config=Obj(ume_block=0), MM=Obj(UME=True),
             python=Obj(config=Obj(debug=False)))
platform = types.ModuleType("platform")
platform.window, platform.fopen = window, fopen
platform.run_main = lambda cfg, loaderhome, loadermain: seen.__setitem__("loaderhome",
                                                                         str(loaderhome))
platform.shell = object()
embed = types.ModuleType("embed")
embed.counter = lambda: 0
sys.modules.update({"platform": platform, "embed": embed})

async def start_toplevel(shell, console=False):
    pass

async def source(main, callback=None):
    seen["main"] = Path(main).read_text(encoding="utf-8")

code = open(code_file, encoding="utf-8").read()
code = code.replace('Path("/data/data/', f'Path("{root}/data/data/')  # not the real /data
(Path(root) / "data" / "data").mkdir(parents=True)  # there in the runtime's file system
namespace = {"__name__": "__main__", "PyConfig": Obj(),
             "TopLevel_async_handler": Obj(start_toplevel=start_toplevel),
             "shell": Obj(source=source)}
exec(compile(code, "index.html", "exec"), namespace)
app = Path(root) / "data" / "data" / "patience-parlour" / "assets"
seen["files"] = sorted(p.relative_to(app).as_posix() for p in app.rglob("*") if p.is_file())
print(json.dumps(seen))
"""


@pytest.mark.parametrize("gzipped", [True, False], ids=["as-built", "un-gzipped-by-itch-io"])
def test_the_page_reads_the_archive_gzipped_or_not(local_cdn_site, tmp_path, gzipped):
    """itch.io un-gzips uploaded .gz files (its issue 1180) and serves the plain tar under the
    .tar.gz name; the page opened it as gzip only and stalled at "Unpacking the cards...".
    The page's own Python (from the built index.html) runs here natively with pygbag's
    platform, embed and shell stood in for, fetching the archive from a local server."""
    served = tmp_path / "served"
    served.mkdir()
    data = (local_cdn_site / f"{APP}.tar.gz").read_bytes()
    (served / f"{APP}.tar.gz").write_bytes(data if gzipped else gzip.decompress(data))
    code = tmp_path / "page.py"
    page = (local_cdn_site / "index.html").read_text("utf-8")
    code.write_text(textwrap.dedent(page_python(page)))
    with Server(served) as server:
        run = subprocess.run(
            [sys.executable, "-I", "-c", RUN_PAGE_PYTHON, str(code), server.url, str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["main"] == (ROOT / "web" / "main.py").read_text("utf-8")
    assert seen["loaderhome"].endswith("/data/data/patience-parlour/assets")
    assert "main.py" in seen["files"] and "game/ui/app.py" in seen["files"]
    assert seen["started"] is True
