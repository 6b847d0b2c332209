"""The site ``./build.sh web`` builds (build/web/), built once and served as built on
127.0.0.1: what the browser tests and the browser benchmarks open their pages on (the pages
themselves, Chromium driven by playwright: testbed/browser.py, testbed/client_page.py).

    with ClientSite() as site:        # build/web/ (built once per test run), served: site.url
    server = StaticServer(folder)     # any folder, served from a thread of this process
    with site_build_lock(): ...       # one build of build/web/ at a time, across processes
    build_site(out, note)             # the same build into another folder (another build id)
    site_info(folder)                 # the build's id and file list

``python -m testbed.site [PORT]`` (``./build.sh browser``) serves build/web/ as built.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "web"


class Missing(RuntimeError):
    """Something the browser tests need is not installed; the message says how to get it."""


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A page that went away mid-download (a killed tab, a reload) is no error here."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class StaticServer:
    """A folder served on 127.0.0.1 (on a free port unless one is given) from a thread of this
    process."""

    def __init__(self, folder, port: int = 0):
        handler = functools.partial(_Handler, directory=str(folder))
        self.httpd = _Server(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


_built: set[str] = set()


@contextlib.contextmanager
def site_build_lock(folder: str = "web"):
    """Held while build/``folder``/ is built (``web``, or ``pygbag``: pygbag's page): one build
    at a time across processes (the test run's workers, a bench beside it). A test that runs
    ``./build.sh web ...`` itself holds it too."""
    import fcntl

    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / f".{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build_site(out: Path | None = None, note: str = "") -> Path:
    """``./build.sh web`` (once per process, and once per test run however many workers it
    has), or, given ``out``, the same build into another folder (``note``: a line in its
    notices, so another build id: a "new version")."""
    import subprocess

    if out is None:
        if "web" not in _built:
            # pytest-xdist gives every worker of one run the same id: the first one builds
            run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
            stamp = ROOT / "build" / ".web.run"
            with site_build_lock():
                if not (
                    run
                    and stamp.is_file()
                    and stamp.read_text() == run
                    and (SITE / "index.html").exists()
                ):
                    result = subprocess.run(
                        ["./build.sh", "web"], cwd=ROOT, capture_output=True, text=True, timeout=900
                    )
                    if result.returncode != 0 or not (SITE / "index.html").exists():
                        raise Missing(f"./build.sh web failed:\n{result.stdout}{result.stderr}")
                    stamp.write_text(run)
            _built.add("web")
        return SITE
    result = subprocess.run(
        [sys.executable, "web/client/build_site.py", "--out", str(out), "--note", note],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if result.returncode != 0:
        raise Missing(f"web/client/build_site.py failed:\n{result.stdout}{result.stderr}")
    return out


def site_info(folder: Path = SITE) -> dict:
    """The build's id and file list, as the build put them into index.html."""
    text = (folder / "index.html").read_text(encoding="utf-8")
    start = text.index("var SITE = ") + len("var SITE = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]


class ClientSite:
    """The site ``./build.sh web`` builds (build/web/), served as built on 127.0.0.1 (``folder``:
    another build of it; ``build``: False to serve what is there without building)."""

    def __init__(self, port: int = 0, folder: Path | None = None, build: bool = True):
        self.port, self.folder, self.build = port, folder, build

    def __enter__(self):
        if self.folder is None:
            self.folder = build_site() if self.build else SITE
        self.server = StaticServer(self.folder, self.port)
        self.url = self.server.url
        return self

    def __exit__(self, *exc):
        self.server.close()
        return False


def serve_client(port: int = 8001) -> None:
    """``./build.sh browser``: build/web/ (just built by build.sh) served as built on
    http://localhost:PORT/; Ctrl+C stops it."""
    import signal
    import sys
    import time

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # a kill cleans up as Ctrl+C does
    try:
        with ClientSite(port=port, build=False) as site:
            port = site.server.httpd.server_address[1]
            print(
                f"Patience Parlour, build/web/ as built: open http://localhost:{port}/ "
                "(Ctrl+C stops the server)",
                flush=True,
            )
            while True:
                time.sleep(3600)
    except Missing as e:
        raise SystemExit(f"build.sh browser: {e}") from None
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    serve_client(int(sys.argv[1]) if len(sys.argv) > 1 else 8001)
