"""What every test shares: hypothesis's profiles, and what a test needs read from the fixtures it
asks for (the markers the fast lane leaves out, and which tests run on one worker together)."""

import hashlib
import os
import sys

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The tests read English unless one asks for another language (tests/test_languages.py): the
# machine's own locale doesn't choose (game/ui/language_choice.py: what was asked for wins).
os.environ["PARLOUR_LANG"] = "en"

#: a fixture a test asks for (itself or through another fixture), and the marker that says
#: what it needs: ``./build.sh test --fast`` runs the tests with none of these (docs/testing.md)
NEEDS = {
    "browser": "browser",  # Chromium (tests/web/conftest.py)
    "private_network": "network",  # a network namespace of the test's own, and Chromium in it
    # the site built as ./build.sh web builds it (5 to 8 s of CPU each, once per worker)
    "site": "slow",
    "pygbag_site": "slow",
    "local_cdn_site": "slow",
}
MARKERS = {
    "browser": "drives Chromium (Debian's chromium): not in the fast lane",
    "network": "makes a private network namespace (root, iproute2) with a relay and Chromium "
    "in it: not in the fast lane",
    "slow": "takes more than about 3 s of CPU natively: not in the fast lane",
    # pytest-xdist's own, named here too for a run without it (-p no:xdist)
    "xdist_group(name)": "runs on one worker with the other tests of its group",
}


def pytest_configure(config):
    for name, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


def pytest_collection_modifyitems(config, items):
    for item in items:
        for fixture, marker in NEEDS.items():
            if fixture in item.fixturenames:
                item.add_marker(marker)
                if marker == "network":
                    item.add_marker("browser")  # Chromium runs in the namespace too
        # Tests that share a fixture made once per module (a page, a site, deals found) run on
        # one worker, in one go (pytest-xdist's --dist loadgroup); the others go one by one to
        # whichever worker is free.
        defs = item._fixtureinfo.name2fixturedefs.values()
        if any(d[-1].scope in ("module", "package") for d in defs if d):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))


#: no test reaches the internet: a desktop app a test starts without ``--relay`` (in a child
#: process too) meets on this address, where nothing listens, not on the public relays
os.environ.setdefault("PARLOUR_RELAYS", "ws://127.0.0.1:9")


@pytest.fixture(autouse=True)
def _rooms_in_memory(monkeypatch):
    """An App a test makes in this process without ``open_room`` opens its rooms in memory
    (a MemoryRelay of its own: rooms that wait, the same every run), not through the desktop's
    relays: what a random click on "A friend online" does never depends on a network's
    timing. The desktop's real transport is tested in tests/web/test_desktop_*.py and through
    the real app in a child process (testbed/desktop_client.py)."""
    from game.net import MemoryRelay
    from game.ui import online

    relay = MemoryRelay()
    monkeypatch.setattr(online, "room_opener", lambda: relay.open)


@pytest.fixture(autouse=True)
def _private_data_dir(request, tmp_path_factory, monkeypatch):
    """No test may touch the real user data folder: each test's desktop saves go to a folder
    of its own under the run's temporary folder (made only if the test saves)."""
    name = hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:16]
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path_factory.getbasetemp() / f"data-{name}"))


@pytest.fixture
def emscripten(monkeypatch):
    """Pretend to run under pygbag: sys.platform is emscripten; the test sets platform.window."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    return monkeypatch
