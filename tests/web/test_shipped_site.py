"""The site ./build.sh web builds (build/web/) as a player's browser gets it: self-contained,
installable, playable offline after one visit, replaced whole by a new build, honest while it
loads (progress, a clear message and "Try again" when a file fails or the network drops), the
licences shipped and linked, sound resumed on the gestures phones count.

Everything here serves build/web/ as built (or, for a new version and for itch.io, another
build by the same script, or that build as itch.io changes it); what the tests observe comes
from playwright (testbed/client_page.py adds the harness), never from the page.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from testbed.client import Client, client_settings, stored
from web.client.build_site import SLIMMED

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "web" / "vendor"
PYODIDE = ROOT / "web" / "pyodide-client" / "node_modules" / "pyodide"
WHEEL = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"


def _page(browser, site, **kw):
    from testbed.client_page import ClientPage

    return ClientPage(browser, site, **kw)


def files_of(folder: Path) -> dict:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def cache_state(page) -> dict:
    """{cache name: sorted paths in it} of the page's origin."""
    return page.evaluate("""async () => {
        const out = {};
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            out[name] = (await cache.keys()).map(r => new URL(r.url).pathname).sort();
        }
        return out;
    }""")


def wait_until(page, script: str, arg=None, timeout_s: float = 60) -> bool:
    """Poll an async page function (page.evaluate awaits it; wait_for_function would take its
    promise for a truthy value) until it returns true; False when the time is up."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(script, arg):
            return True
        time.sleep(0.2)
    return False


def wait_offline_ready(page, build: str, files: int, timeout_s: float = 120) -> None:
    """Until the service worker controls the page and this build's cache holds the site."""
    if wait_until(
        page,
        """async ([cache, n]) => navigator.serviceWorker.controller !== null
            && (await caches.has(cache))
            && (await (await caches.open(cache)).keys()).length >= n""",
        [f"parlour-{build}", files],
        timeout_s,
    ):
        return
    state = page.evaluate("""async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return {controller: !!navigator.serviceWorker.controller,
                active: r && r.active && r.active.state,
                installing: r && r.installing && r.installing.state,
                waiting: r && r.waiting && r.waiting.state, build: parlour.build,
                error: parlour.error, started: parlour.started};
    }""")
    pytest.fail(
        f"the service worker did not keep build {build} ({files} files): {state}, "
        f"caches {cache_state(page)}"
    )


# ------------------------------------------------------------------------------ what is built
def test_the_site_is_every_file_it_needs_and_nothing_from_elsewhere(site, tmp_path):
    from testbed.site import site_info

    web = Path(site.folder)
    info = site_info(web)
    names = set(files_of(web))
    assert names == set(info["files"]) | {"index.html", "sw.js"}
    assert {
        "index.html",
        "sw.js",
        "manifest.webmanifest",
        "icon-192.png",
        "icon-512.png",
        "favicon.png",
        "NOTICES.html",
        "boot.py",
        "dom_pk_codes.json",
        WHEEL,
        "patience-parlour.tar.gz",
    } <= names
    # Pyodide: only the five files it loads, from the pinned npm package: unchanged, but the
    # standard library without what the game never imports and the lock without its packages
    # (web/client/build_site.py, SLIMMED; tests/web/test_slim_runtime.py)
    assert sorted(n for n in names if n.startswith("pyodide/")) == sorted(
        f"pyodide/{n}"
        for n in [
            "pyodide.js",
            "pyodide.asm.js",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ]
    )
    for name in (n for n in names if n.startswith("pyodide/")):
        slim = SLIMMED.get(name[8:])
        if slim is not None:
            slim(PYODIDE / name[8:], tmp_path / name[8:])
        expected = tmp_path / name[8:] if slim is not None else PYODIDE / name[8:]
        assert (web / name).read_bytes() == expected.read_bytes(), name
    wheel = (web / WHEEL).read_bytes()
    assert wheel == (VENDOR / WHEEL).read_bytes()
    assert hashlib.sha256(wheel).hexdigest() == WHEEL_SHA256
    assert (web / "dom_pk_codes.json").read_bytes() == (VENDOR / "dom_pk_codes.json").read_bytes()
    # the page and the worker load nothing from another host
    for name in ("index.html", "sw.js", "manifest.webmanifest", "boot.py"):
        text = (web / name).read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), name
    assert info["build"] and f'"build":"{info["build"]}"' in (web / "sw.js").read_text()
    # the desktop's network (game/net/desktop/: DESKTOP-ONLY) isn't packed: a page has its own
    import tarfile

    with tarfile.open(web / "patience-parlour.tar.gz") as tar:
        packed = tar.getnames()
    assert any(n.startswith("assets/game/net/paths") for n in packed)
    assert not [n for n in packed if "game/net/desktop" in n]


@pytest.mark.slow  # more than 3 s of CPU natively
def test_the_build_is_the_same_bytes_each_time_and_another_build_has_another_id(tmp_path):
    from testbed.site import build_site, site_info

    a = build_site(tmp_path / "a")
    b = build_site(tmp_path / "b")
    c = build_site(tmp_path / "c", note="another version")
    assert files_of(a) == files_of(b)
    assert site_info(a)["build"] == site_info(b)["build"] != site_info(c)["build"]


@pytest.mark.slow  # more than 3 s of CPU natively
def test_a_rebuild_touches_only_what_changed(tmp_path):
    """A rebuild (while ./build.sh serve, or another test, serves the folder) leaves every
    unchanged file as it was (the same file, never rewritten), replaces a changed one whole and
    removes what the new build lacks, so the folder is never seen half-written."""
    from testbed.site import build_site

    out = build_site(tmp_path / "web")
    (out / "stray.txt").write_text("from an older build")
    (out / "old" / "deeper").mkdir(parents=True)
    (out / "old" / "deeper" / "file.js").write_text("")
    before = {p: p.stat().st_ino for p in out.rglob("*") if p.is_file()}
    again = build_site(tmp_path / "web", note="a new version")
    assert again == out and not (out / "stray.txt").exists() and not (out / "old").exists()
    after = {p: p.stat().st_ino for p in out.rglob("*") if p.is_file()}
    changed = sorted(p.relative_to(out).as_posix() for p in after if after[p] != before.get(p))
    assert changed == ["NOTICES.html", "index.html", "sw.js"]  # the note and the build id
    assert not list(tmp_path.glob(".web.building-*"))


def test_the_build_checks_the_wheel(tmp_path):
    """A wheel that is not the one named (sha256) stops the build, with a message."""
    vendor = tmp_path / "root" / "web" / "vendor"
    shutil.copytree(ROOT / "web" / "client", tmp_path / "root" / "web" / "client")
    shutil.copytree(VENDOR, vendor)
    (vendor / WHEEL).write_bytes(b"not a wheel")
    script = tmp_path / "root" / "web" / "client" / "build_site.py"
    result = subprocess.run(
        ["python3", str(script), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PARLOUR_CLIENT_PYODIDE_DIR": str(PYODIDE)},
    )
    assert result.returncode == 1 and "sha256" in result.stderr and WHEEL_SHA256 in result.stderr


def test_the_itch_zip_is_the_site(site):
    from testbed.site import site_build_lock

    with site_build_lock():  # no other worker of the run builds build/web/ meanwhile
        result = subprocess.run(
            ["./build.sh", "web", "--zip"], cwd=ROOT, capture_output=True, text=True, timeout=600
        )
    assert result.returncode == 0, result.stdout + result.stderr
    with zipfile.ZipFile(ROOT / "build" / "patience-parlour-web.zip") as zf:
        zipped = {n: zf.read(n) for n in zf.namelist()}
    assert zipped == files_of(ROOT / "build" / "web")


def test_the_manifest_makes_it_installable(browser, site):
    web = Path(site.folder)
    manifest = json.loads((web / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Patience Parlour" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and "orientation" not in manifest  # the page picks
    assert manifest["background_color"] and manifest["theme_color"]
    sizes = set()
    for icon in manifest["icons"]:
        data = (web / icon["src"]).read_bytes()
        w, h = struct.unpack(">II", data[16:24])
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and icon["sizes"] == f"{w}x{h}"
        sizes.add(w)
    assert {192, 512} <= sizes
    page = _page(browser, site)
    try:
        page.page.goto(site.url + "NOTICES.html")
        page.page.goto(site.url)
        cdp = page.page.context.new_cdp_session(page.page)
        got = cdp.send("Page.getAppManifest")
        assert got["errors"] == [] and json.loads(got["data"])["name"] == "Patience Parlour"
    finally:
        page.close()


# ------------------------------------------------------------------------------ offline
def test_after_one_visit_the_game_starts_offline(browser, site):
    from testbed.site import site_info

    info = site_info(Path(site.folder))
    c = Client(_page(browser, site))
    try:
        c.open(stored({"settings": client_settings()}))
        wait_offline_ready(c.page.page, info["build"], len(info["files"]) + 1)
        c.page.page.context.set_offline(True)
        try:
            c.reload()
            assert c.page.page.evaluate("parlour.build") == info["build"]
            c.open_game("forty-thieves")
            c.settled()
            assert c.view()["game"] == "forty-thieves"
            assert c.page.log_errors() == []
        finally:
            c.page.page.context.set_offline(False)
    finally:
        c.page.close()


def test_a_new_build_replaces_the_old_whole_and_the_saves_stay(browser, tmp_path):
    """Build A is visited and kept for offline play; the host then serves build B: the next
    visit still starts A (from its cache), B installs beside it, A's cache goes, and the visit
    after that is B, its cache holding B's files only; localStorage is untouched throughout."""
    from testbed.site import ClientSite, build_site, site_info

    a = build_site(tmp_path / "a", note="version A")
    b = build_site(tmp_path / "b", note="version B")
    ia, ib = site_info(a), site_info(b)
    live = tmp_path / "live"
    shutil.copytree(a, live)
    with ClientSite(folder=live) as served:
        c = Client(_page(browser, served))
        try:
            c.open(stored({"settings": client_settings()}))
            page = c.page.page
            page.evaluate("localStorage.setItem('parlour/test-keep', 'a save')")
            wait_offline_ready(page, ia["build"], len(ia["files"]) + 1)
            saves = c.page.local_storage()
            shutil.rmtree(live)
            time.sleep(1.1)  # a deploy: newer files (the server answers If-Modified-Since)
            shutil.copytree(b, live, copy_function=shutil.copy)
            c.reload()
            assert page.evaluate("parlour.build") == ia["build"]  # A, whole, from its cache
            assert wait_until(
                page,
                "async name => (await caches.keys()).join() === name",
                f"parlour-{ib['build']}",
                120,
            ), cache_state(page)
            c.reload()
            assert page.evaluate("parlour.build") == ib["build"]
            caches = cache_state(page)
            assert list(caches) == [f"parlour-{ib['build']}"]
            assert len(caches[f"parlour-{ib['build']}"]) == len(ib["files"]) + 1
            notices = page.evaluate(
                """name => caches.open(name)
                .then(c => c.match('NOTICES.html')).then(r => r.text())""",
                f"parlour-{ib['build']}",
            )
            assert "version B" in notices and "version A" not in notices
            assert c.page.local_storage() == saves
            assert c.page.log_errors() == []
        finally:
            c.page.close()


# ------------------------------------------------------------------------------ first load
def _retry_shown(page) -> None:
    page.wait_for_function("!document.getElementById('retry').hidden", polling="raf", timeout=30000)


def test_the_first_load_shows_bytes_so_far_and_the_total(browser, site):
    """While the runtime downloads: a progress bar and "x of y MB" that grow to the total."""
    from testbed.site import site_info

    info = site_info(Path(site.folder))
    total = sum(info["files"][n] for n in info["runtime"])
    page = _page(browser, site)
    try:
        page.page.add_init_script("""
            window._seen = [];
            new MutationObserver(() => {
                const s = document.getElementById('status'), b = document.getElementById('bar');
                if (s && b && !b.hidden && s.textContent.startsWith('Downloading'))
                    window._seen.push([b.value, b.max, s.textContent]);
            }).observe(document, {subtree: true, childList: true, characterData: true,
                                  attributes: true});""")
        page.page.goto(site.url)
        page.wait_started()
        seen = page.page.evaluate("window._seen")
        assert seen, "no progress shown"
        assert all(m == total for _, m, _ in seen)
        values = [v for v, _, _ in seen]
        assert values == sorted(values) and values[-1] == total
        assert f"of {total / 1e6:.1f} MB" in seen[-1][2]
        assert page.page.locator("#loader").is_hidden()
    finally:
        page.close()


def test_a_file_that_fails_is_reported_within_2_s_and_try_again_starts_the_game(browser, site):
    page = _page(browser, site)
    failed = {}
    try:

        def fail_once(route):
            failed["at"] = time.monotonic()
            route.abort("failed")

        page.page.route("**/pyodide.asm.wasm", fail_once)
        page.page.goto(site.url)
        _retry_shown(page.page)
        assert time.monotonic() - failed["at"] < 2.0
        text = page.page.locator("#status").inner_text()
        assert "could not download pyodide/pyodide.asm.wasm" in text and "try again" in text
        page.page.unroute("**/pyodide.asm.wasm")
        page.page.click("#retry")
        page.wait_started()
        assert page.page.locator("#loader").is_hidden()
    finally:
        page.close()


def test_the_network_dropping_mid_download_is_reported_within_2_s(browser, site):
    """The wasm's request hangs (a slow network); the network then goes away: the page says
    so at once; back online, Try again starts the game. Other downloads are in flight too, and
    which the page sees fail first (the "offline" event, or one of them) is the browser's
    race: either way the player is told the connection is the trouble, within 2 s."""
    page = _page(browser, site)
    held = []
    try:
        page.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.page.goto(site.url)
        page.page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Downloading')", timeout=30000
        )
        deadline = time.monotonic() + 30
        while not held and time.monotonic() < deadline:
            page.page.wait_for_timeout(50)
        assert held
        dropped = time.monotonic()
        page.page.context.set_offline(True)
        _retry_shown(page.page)
        assert time.monotonic() - dropped < 2.0
        told = page.page.locator("#status").inner_text()
        assert "network went away" in told or "Check the connection" in told, told
        page.page.context.set_offline(False)
        page.page.unroute("**/pyodide.asm.wasm")
        for route in held:
            try:
                route.abort("internetdisconnected")
            except Exception:  # noqa: BLE001 - the page may have gone already
                pass
        page.page.click("#retry")
        page.wait_started()
    finally:
        page.page.context.set_offline(False)
        page.close()


def test_itch_io_un_gzipping_the_archive_still_plays(browser, site, tmp_path):
    """itch.io stores uploaded .gz files un-gzipped under the same name: the page reads the
    game either way."""
    from testbed.site import ClientSite

    copy = tmp_path / "itch"
    shutil.copytree(site.folder, copy)
    archive = copy / "patience-parlour.tar.gz"
    archive.write_bytes(gzip.decompress(archive.read_bytes()))
    with ClientSite(folder=copy) as served:
        c = Client(_page(browser, served))
        try:
            c.open(stored({"settings": client_settings()}))
            c.open_game("forty-thieves")
            c.settled()
            assert c.view()["game"] == "forty-thieves" and c.page.log_errors() == []
        finally:
            c.page.close()


@pytest.mark.parametrize("inflate", ["the browser's", "none (an older browser)"])
def test_the_game_is_unpacked_and_plays_compiled(browser, site, inflate):
    """The page unpacks pygame's wheel and the game (the browser inflating them); a browser
    without DecompressionStream leaves that to boot.py. Either way the game's modules are the
    compiled ones the build packed (no source beside them, slimmed) and a table plays."""
    c = Client(_page(browser, site))
    try:
        if inflate.startswith("none"):
            c.page.page.add_init_script("delete window.DecompressionStream;")
        c.open(stored({"settings": client_settings()}))
        c.open_game("forty-thieves")
        c.settled()
        assert c.view()["game"] == "forty-thieves" and c.page.log_errors() == []
        where = c.page.eval("__import__('game.ui.app', fromlist=['app']).__file__")
        assert where.endswith("/assets/game/ui/app.pyc"), where
        assert not c.page.eval(
            "__import__('os').path.exists("
            "__import__('game.ui.app', fromlist=['app']).__file__[:-1])"
        )
        assert c.page.eval("__import__('os').path.exists('/tmp/pygame.whl')") == inflate.startswith(
            "none"
        )
        # compiled without what the page never reads (web/client/slim.py): a function's
        # annotations; a class's stay, and each function is on its source's line
        from game.session.session import Session

        session = "__import__('game.session.session', fromlist=['Session']).Session"
        assert c.page.eval(f"{session}.can_undo.__annotations__") == {}
        assert Session.can_undo.__annotations__ == {"return": "bool"}
        assert Session.__annotations__ and (
            c.page.eval(f"{session}.__annotations__") == Session.__annotations__
        )
        line = Session.can_undo.__code__.co_firstlineno
        assert c.page.eval(f"{session}.can_undo.__code__.co_firstlineno") == line
    finally:
        c.page.close()


def test_a_file_of_another_build_is_never_used(browser, site, tmp_path):
    """The host already serves another build's game while this page loads: the page says so
    (Try again), rather than play with files of two builds."""
    from testbed.site import ClientSite

    copy = tmp_path / "mixed"
    shutil.copytree(site.folder, copy)
    archive = copy / "patience-parlour.tar.gz"
    archive.write_bytes(gzip.compress(gzip.decompress(archive.read_bytes()), 1))  # other bytes
    with ClientSite(folder=copy) as served:
        page = _page(browser, served)
        try:
            page.page.goto(served.url)
            _retry_shown(page.page)
            text = page.page.locator("#status").inner_text()
            assert "a new version of the game was published" in text, text
            assert page.page.evaluate("parlour.started") is False
        finally:
            page.close()


# ------------------------------------------------------------------------------ licences
NOTICED = [
    "Pyodide 0.27.7",
    "MPL-2.0",
    "CPython 3.12.7",
    "PSF",
    "pygame-ce",
    "LGPL-2.1",
    "SDL 2.28.4",
    "SDL_mixer",
    "libvorbis",
    "SDL_image",
    "FreeType",
    "HarfBuzz",
    "Trystero 0.25.4",
    "@trystero-p2p/nostr@0.25.4",
    "@noble/secp256k1@3.2.0",
]
SOURCES = [
    "github.com/pyodide/pyodide/tree/0.27.7",
    "github.com/python/cpython/tree/v3.12.7",
    "github.com/pygame-web/cdn/tree/5f40e4536ee47c755b5174847103b75b700ff5b0/cp312",
    "github.com/pygame-community/pygame-ce",
    "github.com/libsdl-org/SDL/tree/release-2.28.4",
    "github.com/xiph/vorbis/tree/v1.3.5",
    "github.com/libsdl-org/SDL_mixer",
    "github.com/libsdl-org/SDL_image",
    "gitlab.freedesktop.org/freetype/freetype",
    "github.com/harfbuzz/harfbuzz",
    "github.com/dmotz/trystero",
    "github.com/paulmillr/noble-secp256k1",
]


def test_the_notices_name_every_licence_and_link_the_sources(site):
    web = Path(site.folder)
    text = (web / "NOTICES.html").read_text(encoding="utf-8")
    for name in NOTICED:
        assert name in text, name
    for source in SOURCES:
        assert f'href="https://{source}' in text, source
    local = re.findall(r'href="(licences/[^"]+)"', text)
    assert sorted(set(local)) == [
        "licences/CPython-PSF.txt",
        "licences/LGPL-2.1.txt",
        "licences/MPL-2.0.txt",
        "licences/Trystero-MIT.txt",
        "licences/noble-secp256k1-MIT.txt",
    ]
    for path in local:
        assert (web / path).stat().st_size > 1000, path
    # net.js bundles these npm packages: their own LICENSE files, as installed (pinned)
    modules = ROOT / "web" / "net" / "node_modules"
    for package, name in [
        ("trystero", "Trystero-MIT.txt"),
        ("@trystero-p2p/core", "Trystero-MIT.txt"),
        ("@trystero-p2p/nostr", "Trystero-MIT.txt"),
        ("@noble/secp256k1", "noble-secp256k1-MIT.txt"),
    ]:
        shipped = (web / "licences" / name).read_bytes()
        assert shipped == (modules / package / "LICENSE").read_bytes(), package
        version = json.loads((modules / package / "package.json").read_text())["version"]
        assert f"{package}@{version}" in text, (package, version)
    assert "MIT License" in (web / "licences/noble-secp256k1-MIT.txt").read_text()
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (web / "licences/LGPL-2.1.txt").read_text()
    assert "Mozilla Public License" in (web / "licences/MPL-2.0.txt").read_text()
    assert "PYTHON SOFTWARE FOUNDATION" in (web / "licences/CPython-PSF.txt").read_text()


def test_about_on_the_rules_screen_opens_the_notices(browser, site):
    c = Client(_page(browser, site))
    try:
        c.open(stored({"settings": client_settings()}))
        c.click_button("Rules")
        c.wait("probe['view']()['scene'] == 'RulesScene'", what="the Rules screen")
        with c.page.page.context.expect_page(timeout=20000) as opened:
            c.click_button("About")
        notices = opened.value
        notices.wait_for_load_state()
        assert notices.url == site.url + "NOTICES.html"
        assert "Pyodide" in notices.content() and "LGPL-2.1" in notices.content()
        notices.close()
        assert c.page.log_errors() == []
    finally:
        c.page.close()


# ------------------------------------------------------------------------------ sound on phones
def test_a_tap_resumes_the_sound_a_phone_suspended(browser, site):
    """Phones count touchend (not SDL's touchstart) as the gesture that may start audio: a
    tap resumes SDL's audio context."""
    c = Client(
        _page(browser, site, viewport=(844, 390), touch=True, device_scale_factor=2, mobile=True)
    )
    try:
        c.open(stored({"settings": client_settings()}))
        page = c.page
        page.touch_tap(10, 10)  # the first input: sound opens
        c.wait("probe['sound']()['unlocked']", what="the sound to open")
        state = "parlour.py._module.SDL2.audioContext.state"
        page.page.wait_for_function(f"{state} === 'running'", timeout=10000)
        for event in ("touchend", "pointerup", "click"):  # SDL listens to none of them
            page.page.evaluate("parlour.py._module.SDL2.audioContext.suspend()")
            page.page.wait_for_function(f"{state} === 'suspended'", timeout=10000)
            page.page.evaluate(f"window.dispatchEvent(new Event('{event}'))")
            page.page.wait_for_function(f"{state} === 'running'", timeout=10000)
        page.page.evaluate("parlour.py._module.SDL2.audioContext.suspend()")
        page.page.wait_for_function(f"{state} === 'suspended'", timeout=10000)
        page.touch_tap(10, 10)  # a real tap
        page.page.wait_for_function(f"{state} === 'running'", timeout=10000)
        assert page.log_errors() == []
    finally:
        c.page.close()
