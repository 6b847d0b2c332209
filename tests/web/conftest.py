"""The browser tests' fixtures: Chromium, the site as built (served), a Pyodide page, a
private network namespace, pygbag's page. Without Chromium, playwright or Pyodide they fail (CI
installs them: .ci/run)."""

from pathlib import Path
from typing import NamedTuple

import pytest


# ------------------------------------------------------------------------------ the browser
def _missing(what):
    """Browser tests need chromium, playwright and Pyodide; without them they FAIL (CI must
    install them: .ci/run). PARLOUR_ALLOW_SKIP=1 lets a developer skip them locally instead."""
    import os

    if os.environ.get("PARLOUR_ALLOW_SKIP") == "1":
        pytest.skip(f"{what} (PARLOUR_ALLOW_SKIP=1)")
    pytest.fail(
        f"{what}. Install what .ci/run installs, or set PARLOUR_ALLOW_SKIP=1 to skip.",
        pytrace=False,
    )


def _made(make):
    """``make()``, or the test fails (skips with PARLOUR_ALLOW_SKIP=1) saying what is missing."""
    from testbed.site import Missing

    try:
        return make()
    except Missing as e:
        _missing(str(e))


@pytest.fixture(scope="session")
def site():
    """build/web/ as ./build.sh web builds it (once per test run), served on 127.0.0.1 (once
    per worker: the tests that use it are spread over the workers one by one)."""
    from testbed.site import ClientSite

    s = _made(ClientSite().__enter__)
    yield s
    s.__exit__(None, None, None)


@pytest.fixture(scope="session")
def browser():
    from testbed.browser import Browser

    b = _made(Browser)
    yield b
    b.close()


@pytest.fixture(scope="module")
def pyodide_page(browser):
    """One Pyodide page for a test module; tests start by clearing its localStorage."""
    from testbed.browser import PyodidePage

    page = _made(PyodidePage(browser=browser).__enter__)
    yield page
    page.__exit__(None, None, None)


# ------------------------------------------------------------------------------ two screens
@pytest.fixture(scope="session")
def private_network():
    """A private network namespace can be made here (root, iproute2: testbed/netns.py); else
    fail (skip with PARLOUR_ALLOW_SKIP=1), saying why."""
    from testbed.netns import NetnsUnavailable, check_private_network

    try:
        check_private_network()
    except NetnsUnavailable as e:
        _missing(f"a private network namespace for WebRTC: {e}")


# ------------------------------------------------------------------------------ pygbag's page
class PygbagSite(NamedTuple):
    folder: Path  # the site (a copy of build/pygbag/ for this worker)
    archive: Path  # the packed game in it
    zip: Path  # the itch.io zip
    log: str  # what ./build.sh printed


@pytest.fixture(scope="session")
def pygbag_site(tmp_path_factory) -> PygbagSite:
    """``./build.sh web --pygbag --zip``: pygbag's page, its runtime from pygbag's own CDN
    (refused here, as an offline player's browser would); once per worker."""
    from tests.support.pygbag_site import APP, build

    into = tmp_path_factory.mktemp("pygbag-site")
    folder = build(into, "--zip")
    return PygbagSite(
        folder, folder / f"{APP}.tar.gz", into / "site.zip", (into / "build.log").read_text()
    )


@pytest.fixture(scope="module")
def pygbag_served(pygbag_site):
    """pygbag_site served on 127.0.0.1: its address."""
    from tests.support.pygbag_site import Server

    with Server(pygbag_site.folder) as server:
        yield server.url
