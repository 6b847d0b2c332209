"""Headless Debian Chromium driven by playwright, on localhost only (``Browser``), and a page
running our pure-Python packages in real WebAssembly (``PyodidePage``):

    with PyodidePage() as page:          # Debian's chromium, Pyodide from npm (web/pyodide/)
        page.run("import game.core; result = ...")   # runs in the page, returns `result`
        page.reload()                         # a real page reload: localStorage survives

PyodidePage (the pure-Python packages, no pygame; testbed/ beside them, for
testbed/core_timings.py) is used by tests/web/test_browser.py and ``python -m bench web``. The
real client's page, opened in a Browser on the site as built (testbed/site.py: ClientSite), is
testbed/client_page.py's ClientPage.

Needs the Python package playwright (never `playwright install`: the browser is
/usr/bin/chromium), ``npm ci --prefix web/pyodide`` and, for the client,
``npm ci --prefix web/pyodide-client``. Every request that leaves 127.0.0.1 is refused, so
what runs is only what this machine serves.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
import zipfile
from pathlib import Path

from testbed.site import Missing, StaticServer

ROOT = Path(__file__).resolve().parents[1]
# The game packages that run without pygame, shipped into Pyodide; and the testbed beside them
# (testbed/core_timings.py measures in the page).
PURE_PACKAGES = ["core", "ai", "storage"]
BESIDE = ["testbed"]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    path = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        raise Missing("Debian's chromium is missing: apt-get install -y chromium")
    return path


def pyodide_dir() -> Path:
    path = Path(os.environ.get("PARLOUR_PYODIDE_DIR") or ROOT / "web/pyodide/node_modules/pyodide")
    if not (path / "pyodide.js").exists():
        raise Missing(f"Pyodide is missing at {path}: npm ci --prefix web/pyodide")
    return path


def game_zip(packages=PURE_PACKAGES) -> bytes:
    """game/__init__.py plus the named subpackages, and the packages BESIDE it, as a zip
    (sources only)."""
    out = io.BytesIO()
    folders = [ROOT / "game" / package for package in packages] + [ROOT / p for p in BESIDE]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(ROOT / "game/__init__.py", "game/__init__.py")
        for folder in folders:
            for path in sorted(folder.rglob("*.py")):
                zf.write(path, path.relative_to(ROOT).as_posix())
    return out.getvalue()


HARNESS = """<!DOCTYPE html>
<meta charset="utf-8"><title>parlour in Pyodide</title>
<script src="/pyodide/pyodide.js"></script>
<script>
window.boot = async function () {
    const py = await loadPyodide({indexURL: "/pyodide/"});
    const zip = await (await fetch("/game.zip")).arrayBuffer();
    py.unpackArchive(zip, "zip", {extractDir: "/home/pyodide/parlour"});
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/parlour')");
    window.py = py;
    return py.runPython("import sys; sys.version.split()[0]");
};
</script>
"""


READ_LOCAL_STORAGE = (
    "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
)


class Browser:
    """Headless Debian chromium driven by playwright, refusing every request off 127.0.0.1."""

    def __init__(self, beside: Browser | None = None):
        """``beside``: another Browser whose playwright starts this one too (a second Chromium
        in the same thread: one person's own, to be killed alone)."""
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise Missing("the playwright package is missing: pip install -e '.[test]'") from None
        executable = chromium_path()
        self._owns_pw = beside is None
        self._pw = sync_playwright().start() if beside is None else beside._pw
        try:
            self.browser = self._pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except Exception:
            if self._owns_pw:
                self._pw.stop()
            raise

    def new_page(self, viewport=None, log=None, **context_options):
        """A page in a context of its own (its own localStorage); ``context_options`` go to
        playwright's new_context (has_touch, is_mobile, device_scale_factor...)."""
        context = self.browser.new_context(
            viewport=viewport or {"width": 1280, "height": 800}, **context_options
        )
        context.route("**/*", _local_only)
        page = context.new_page()
        if log is not None:
            page.on("console", lambda m: log.append(f"{m.type}: {m.text}"))
            page.on("pageerror", lambda e: log.append(f"pageerror: {e}"))
        return page

    def close(self):
        try:
            self.browser.close()
        finally:
            if self._owns_pw:
                self._pw.stop()


def _local_only(route):
    url = route.request.url
    if url.startswith(("http://127.0.0.1:", "data:", "blob:", "file:")):
        route.continue_()
    else:
        route.abort("internetdisconnected")


class PyodidePage:
    """A page on localhost with Pyodide and our pure-Python packages loaded."""

    def __init__(self, packages=PURE_PACKAGES, browser: Browser | None = None):
        self.packages = packages
        self._own_browser = browser is None
        self.browser = browser
        self.log: list[str] = []

    def __enter__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-pyodide-"))
        try:
            (self.folder / "pyodide").symlink_to(pyodide_dir(), target_is_directory=True)
            (self.folder / "index.html").write_text(HARNESS, encoding="utf-8")
            (self.folder / "game.zip").write_bytes(game_zip(self.packages))
            self.server = StaticServer(self.folder)
            if self.browser is None:
                self.browser = Browser()
            self.page = self.browser.new_page(log=self.log)
            self.page.goto(self.server.url + "index.html")
            self.python_version = self._boot()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _boot(self) -> str:
        return self.page.evaluate("boot()")

    def run(self, code: str):
        """Run Python in the page (in Pyodide's __main__, whose globals persist between runs)
        and return what it left in ``result``, which must be JSON-able."""
        self.page.evaluate(
            "code => window.py.runPython(code)", "globals().pop('result', None)\n" + code
        )
        text = self.page.evaluate(
            "() => window.py.runPython(\"__import__('json').dumps(globals().get('result'))\")"
        )
        return json.loads(text)

    def reload(self) -> None:
        """Reload the page (a player pressing F5) and load Pyodide and the game again."""
        self.page.reload()
        self.python_version = self._boot()

    def local_storage(self) -> dict:
        return self.page.evaluate(READ_LOCAL_STORAGE)

    def __exit__(self, *exc):
        page = getattr(self, "page", None)
        if page is not None:
            page.context.close()
        if self._own_browser and self.browser is not None:
            self.browser.close()
        server = getattr(self, "server", None)
        if server is not None:
            server.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        return False
