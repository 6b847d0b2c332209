"""A real Nostr relay on 127.0.0.1 for the tests that connect browser pages (remote seats).

Trystero's Nostr strategy (web/net/bridge.js) finds the other pages of a room through Nostr
relays: it publishes signed ephemeral events (kinds 20000-29999, an ``x`` tag with the room's
hashed topic) and subscribes with REQ filters on kinds, ``#x`` and ``since``. The tests point
the page at this relay (``?relay=ws://127.0.0.1:PORT``) instead of the public ones.

    with NostrRelay() as relay:       # started in the calling thread's network namespace
        page.goto(site + "?relay=" + relay.url + "&ice=none")

The relay is the PyPI package ``nostr-relay`` (pinned in pyproject's test extras; NIP-01 with
signature checks, run with uvicorn), started as a subprocess of this Python with a config file
of its own (a fresh SQLite file in a temporary folder, a free port), so each test gets an empty
relay. Starting takes about a second; ``NostrRelay(timeout=...)`` waits longer on a busy
machine. Its log is kept in the temporary folder and shown if it fails to start.

    python -m testbed.nostr_relay [PORT]     # one by hand, until Ctrl+C
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CONFIG = """\
DEBUG: false
relay_name: parlour test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
gunicorn:
  bind: 127.0.0.1:{port}
  loglevel: warning
max_event_size: 65536
subscription_limit: 64
logging:
  version: 1
  handlers:
    console: {{class: logging.StreamHandler, stream: ext://sys.stdout}}
  root: {{level: WARNING, handlers: [console]}}
"""


class RelayUnavailable(RuntimeError):
    """The relay could not be started; the message says why (its log included)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class NostrRelay:
    """nostr-relay on ws://127.0.0.1:PORT (``url``), from ``__enter__`` to ``__exit__``."""

    def __init__(self, port: int = 0, timeout: float = 60):
        self.port = port
        self.timeout = timeout
        self.url = ""
        self.process: subprocess.Popen | None = None
        self.folder: Path | None = None

    def __enter__(self):
        try:
            import nostr_relay  # noqa: F401
        except ImportError:
            raise RelayUnavailable(
                "the nostr-relay package is missing: pip install -e '.[test]'"
            ) from None
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-relay-"))
        self.port = self.port or free_port()
        config = self.folder / "config.yaml"
        config.write_text(
            CONFIG.format(db=self.folder / "relay.sqlite3", port=self.port), encoding="utf-8"
        )
        self.log = self.folder / "relay.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "from nostr_relay.cli import main; main()",
                    "-c",
                    str(config),
                    "serve",
                    "--use-uvicorn",
                ],
                cwd=self.folder,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        self.url = f"ws://127.0.0.1:{self.port}"
        try:
            self._wait_ready()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait_ready(self) -> None:
        """Poll until the relay answers a WebSocket handshake (not just a TCP connect)."""
        end = time.monotonic() + self.timeout
        request = (
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RelayUnavailable(
                    f"nostr-relay exited ({self.process.returncode}):\n" + self.log_text()
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                    s.sendall(request)
                    if s.recv(64).startswith(b"HTTP/1.1 101"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RelayUnavailable(
            f"nostr-relay did not answer on {self.url} within {self.timeout} s:\n" + self.log_text()
        )

    def log_text(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]
        except OSError:
            return ""

    def __exit__(self, *exc):
        process = self.process
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)  # its own session: it and its workers
            except ProcessLookupError:
                pass
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        return False


if __name__ == "__main__":
    with NostrRelay(port=int(sys.argv[1]) if len(sys.argv) > 1 else 0) as relay:
        print(f"a Nostr relay on {relay.url} (Ctrl+C stops it)", flush=True)
        try:
            relay.process.wait()
        except KeyboardInterrupt:
            pass
