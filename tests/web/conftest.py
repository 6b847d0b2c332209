import random
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from game.core import new_game
from game.storage import BrowserStore, FileStore, MemoryStore

from .fakes import FakeLocalStorage, JsNull


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """No test may touch the real user data folder."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "default-data"))


def make_store(kind, tmp_path, quota=None):
    if kind == "memory":
        return MemoryStore(quota=quota)
    if kind == "file":
        return FileStore(tmp_path / "saves")
    if kind == "browser-pygbag":
        return BrowserStore(FakeLocalStorage(quota=quota or 5_000_000, null=None))
    if kind == "browser-pyodide":
        return BrowserStore(FakeLocalStorage(quota=quota or 5_000_000, null=JsNull(),
                                             style="pyodide"))
    raise ValueError(kind)


STORE_KINDS = ["memory", "file", "browser-pygbag", "browser-pyodide"]


@pytest.fixture(params=STORE_KINDS)
def each_store(request, tmp_path):
    """Each kind of store in turn (the test runs once per kind)."""
    return make_store(request.param, tmp_path)


def played(game_id="forty-thieves", seed=7, moves=30, undone=3, rng_seed=1):
    """A game with some moves played and a few taken back: (state, redo list as text)."""
    state = new_game(game_id, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal or state.is_over():
            break
        state.push(rng.choice(legal))
    redo = [str(state.pop()) for _ in range(min(undone, len(state.history)))]
    return state, redo


@pytest.fixture
def emscripten(monkeypatch):
    """Pretend to run under pygbag: sys.platform is emscripten; the test sets platform.window."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    return monkeypatch


# ------------------------------------------------------------------------------ the browser
def _missing(what):
    """Browser tests need chromium, playwright and Pyodide; without them they FAIL (CI must
    install them: .ci/run). PARLOUR_ALLOW_SKIP=1 lets a developer skip them locally instead."""
    import os

    if os.environ.get("PARLOUR_ALLOW_SKIP") == "1":
        pytest.skip(f"{what} (PARLOUR_ALLOW_SKIP=1)")
    pytest.fail(f"{what}. Install what .ci/run installs, or set PARLOUR_ALLOW_SKIP=1 to skip.",
                pytrace=False)


def _made(make):
    """``make()``, or the test fails (skips with PARLOUR_ALLOW_SKIP=1) saying what is missing."""
    from testbed.site import Missing

    try:
        return make()
    except Missing as e:
        _missing(str(e))


@pytest.fixture(scope="module")
def site():
    """build/web/ as ./build.sh web builds it (once per test run), served on 127.0.0.1."""
    from testbed.site import ClientSite

    s = _made(ClientSite().__enter__)
    yield s
    s.__exit__(None, None, None)


@pytest.fixture(scope="session")
def browser():
    from bench.browser import Browser

    b = _made(Browser)
    yield b
    b.close()


@pytest.fixture(scope="module")
def pyodide_page(browser):
    """One Pyodide page for a test module; tests start by clearing its localStorage."""
    from bench.browser import PyodidePage

    page = _made(PyodidePage(browser=browser).__enter__)
    yield page
    page.__exit__(None, None, None)


# ------------------------------------------------------------------------------ two screens
@pytest.fixture(scope="module")
def private_network():
    """A private network namespace can be made here (root, iproute2: testbed/netns.py); else
    fail (skip with PARLOUR_ALLOW_SKIP=1), saying why."""
    from testbed.netns import NetnsUnavailable, check_private_network

    try:
        check_private_network()
    except NetnsUnavailable as e:
        _missing(f"a private network namespace for WebRTC: {e}")


def in_private_network(site, body, timeout=1500, direct=True):
    """``body(url, relay, browser)`` in a new private network namespace, with a fresh Nostr
    relay, the site served again there and a Chromium of its own; returns what body returns.
    ``direct=False``: a namespace where the pages can't connect to each other directly (no
    WebRTC: loopback only), only through the relay."""
    from bench.browser import Browser

    from testbed.netns import run_in_private_network
    from testbed.nostr_relay import NostrRelay
    from testbed.site import StaticServer

    def run():
        with NostrRelay() as relay:
            server = StaticServer(site.folder)
            browser = Browser()
            try:
                return body(server.url, relay, browser)
            finally:
                browser.close()
                server.close()

    return run_in_private_network(run, timeout=timeout, direct=direct)


# ------------------------------------------------------------------------------ pygbag's page
class PygbagSite(NamedTuple):
    folder: Path   # the site (a copy of build/pygbag/ for this worker)
    archive: Path  # the packed game in it
    zip: Path      # the itch.io zip
    log: str       # what ./build.sh printed


@pytest.fixture(scope="session")
def pygbag_site(tmp_path_factory) -> PygbagSite:
    """``./build.sh web --pygbag --zip``: pygbag's page, its runtime from pygbag's own CDN
    (refused here, as an offline player's browser would); once per worker."""
    from .pygbag_site import APP, build

    into = tmp_path_factory.mktemp("pygbag-site")
    folder = build(into, "--zip")
    return PygbagSite(folder, folder / f"{APP}.tar.gz", into / "site.zip",
                      (into / "build.log").read_text())


@pytest.fixture(scope="module")
def pygbag_served(pygbag_site):
    """pygbag_site served on 127.0.0.1: its address."""
    from .pygbag_site import Server

    with Server(pygbag_site.folder) as server:
        yield server.url
