"""What the tests of pygbag's page share (``./build.sh web --pygbag``, web/parlour.tmpl):
building it into a folder of the test's own, serving folders on 127.0.0.1, pygbag's real
runtime files (test data in ../shared/wasm/pygbag-0.9.3/, never shipped) and the Python the
page hands the runtime.

Each module builds its own copy (build/pygbag/ is copied away at once), so the builds with
another ``--cdn`` never leave the next module a different site.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = "patience-parlour"
OFFICIAL_CDN = "https://pygame-web.github.io/cdn/0.9.3/"
PAGE_PYTHON_START = "onerror=\"parlour.fail('runtime')\">"


def missing(what: str):
    """As conftest's browser fixture: fail, or skip with PARLOUR_ALLOW_SKIP=1."""
    if os.environ.get("PARLOUR_ALLOW_SKIP") == "1":
        pytest.skip(f"{what} (PARLOUR_ALLOW_SKIP=1)")
    pytest.fail(f"{what}. Set PARLOUR_ALLOW_SKIP=1 to skip.", pytrace=False)


def runtime_dir() -> Path:
    """pygbag 0.9.3's real runtime files (pythons.js, cpython312/main.js, cpythonrc.py, the
    wheel index): ../shared/wasm/pygbag-0.9.3/ beside the repository, or under
    $PARLOUR_WASM_DIR. main.wasm and main.data are not among them."""
    base = Path(os.environ.get("PARLOUR_WASM_DIR") or ROOT.parent / "shared" / "wasm")
    folder = base / "pygbag-0.9.3"
    if not (folder / "pythons.js").exists():
        missing(f"pygbag's runtime files are missing at {folder}")
    return folder


def installed_pygbag() -> Path:
    """The pygbag package installed in this environment (its folder; not imported)."""
    import importlib.util

    spec = importlib.util.find_spec("pygbag")
    if spec is None or not spec.submodule_search_locations:
        missing("pygbag is not installed: pip install -e '.[web]'")
    return Path(list(spec.submodule_search_locations)[0])


def build(into: Path, *options: str) -> Path:
    """``./build.sh web --pygbag OPTIONS``; the site copied to ``into``/site (and the itch.io
    zip, when built, to ``into``/site.zip). Returns the site's folder."""
    from testbed.site import site_build_lock

    with site_build_lock("pygbag"):  # build/pygbag/ and its stage are one per machine
        result = subprocess.run(
            ["./build.sh", "web", "--pygbag", *options],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        site = into / "site"
        if site.exists():
            shutil.rmtree(site)
        shutil.copytree(ROOT / "build" / "pygbag", site)
        if "--zip" in options:
            shutil.copyfile(ROOT / "build" / f"{APP}-pygbag.zip", into / "site.zip")
    (into / "build.log").write_text(result.stdout)
    return site


def page_python(html: str) -> str:
    """The Python in the page's pythons.js script tag, as the runtime runs it."""
    code = html.split(PAGE_PYTHON_START, 1)[1].split("</script>", 1)[0]
    return code.removeprefix("#<!--")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".py": "text/plain",
        ".json": "application/json",
    }
    cors = False

    def end_headers(self):
        if self.cors:  # as pygame-web's CDN (GitHub Pages): a module script from another origin
            self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


class Server:
    """A folder served on 127.0.0.1 from a thread of this process, on a free port.
    ``cors``: send Access-Control-Allow-Origin: * (a runtime served to another origin)."""

    def __init__(self, folder, cors: bool = False):
        handler = type("Handler", (_Handler,), {"cors": cors})
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
        )
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
