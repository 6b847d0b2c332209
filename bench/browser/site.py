"""``./build.sh bench browser --site [--quick]``: the shipped site's load figures in Chromium.

build/web/ (a fresh ``./build.sh web``) is served the way a static host serves it: gzip for
text and WebAssembly (``Content-Encoding: gzip``; the zip, wheel and PNG files as they are),
``Last-Modified`` with 304 answers and ``Cache-Control: max-age=600`` (GitHub Pages' headers).
The server counts every byte it sends (headers and bodies): that is "bytes transferred".

For each load, in a new browser context (nothing cached, no service worker):
- first visit, cold, on an emulated 10 Mbit/s link with 40 ms round trips (Chromium's
  ``Network.emulateNetworkConditions`` on the page): ms from navigation to the first frame the
  game draws (the page's own ``parlour.marks.firstFrame``), and the bytes sent until the service
  worker holds the site;
- second visit (a reload, same link): first frame and bytes sent (the service worker answers
  from its cache; the browser asks for sw.js to look for an update);
- offline (``context.set_offline``): a reload, first frame.

Each first frame comes with its steps (``steps``: ms from navigation to each of the page's
marks: ``pyodide`` Python's runtime started, ``files`` the game's files in hand, ``unpacked``
pygame's wheel and the game unpacked, ``boot`` web/client/boot.py run, ``pygame`` and ``game``
imported, ``firstFrame`` the title drawn). ``--cpu-slowdown N`` runs the page's CPU N times
slower (Chromium's ``Emulation.setCPUThrottlingRate``): a stand-in for a phone slower than this
machine.

Goals (issues 22 and 33): first visit <= 8 MB, second <= 50 KB; first frame cold <= 10 s, warm
<= 3 s, offline <= 3 s. The last line printed is one JSON object with every figure. The
machine's load moves the times: quote them with the machine and its load average.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import json
import os
import platform
import statistics
import threading
import time
from pathlib import Path

from testbed.browser import Browser
from testbed.site import Missing, build_site, site_info

GZIP_TYPES = (".html", ".js", ".mjs", ".json", ".wasm", ".py", ".txt", ".webmanifest")
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".py": "text/x-python",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".gz": "application/gzip",
}
LINK = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 10e6 / 8,
    "uploadThroughput": 10e6 / 8,
}
GOALS = {
    "first_visit_bytes": 8e6,
    "second_visit_bytes": 50e3,
    "cold_ms": 10000,
    "warm_ms": 3000,
    "offline_ms": 3000,
}


class GzipHost:
    """build/web/ served on 127.0.0.1 as a static host would, counting the bytes it sends."""

    def __init__(self, folder: Path):
        self.files = {}
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            data = path.read_bytes()
            body = gzip.compress(data, 6, mtime=0) if path.suffix in GZIP_TYPES else None
            self.files["/" + path.relative_to(folder).as_posix()] = (
                data,
                body,
                TYPES.get(path.suffix, "application/octet-stream"),
                email.utils.formatdate(path.stat().st_mtime, usegmt=True),
            )
        self.sent = 0
        self.requests: list[tuple[str, int, int]] = []
        self.lock = threading.Lock()
        host = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?")[0]
                if path.endswith("/"):
                    path += "index.html"
                entry = host.files.get(path)
                if entry is None:
                    return self._send(404, {"Content-Type": "text/plain"}, b"not found")
                data, gz, kind, modified = entry
                headers = {
                    "Content-Type": kind,
                    "Last-Modified": modified,
                    "Cache-Control": "max-age=600",
                }
                if self.headers.get("If-Modified-Since") == modified:
                    return self._send(304, headers, b"")
                body = data
                if gz is not None and "gzip" in self.headers.get("Accept-Encoding", ""):
                    body = gz
                    headers["Content-Encoding"] = "gzip"
                    headers["Vary"] = "Accept-Encoding"
                return self._send(200, headers, body)

            def _send(self, status, headers, body):
                head = [f"HTTP/1.1 {status} {self.responses[status][0]}"]
                head += [f"{k}: {v}" for k, v in {**headers, "Content-Length": len(body)}.items()]
                raw = ("\r\n".join(head) + "\r\n\r\n").encode() + body
                try:
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                with host.lock:
                    host.sent += len(raw)
                    host.requests.append((self.path, status, len(raw)))

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def take(self) -> tuple[int, list]:
        """Bytes and requests since the last call."""
        with self.lock:
            sent, requests = self.sent, self.requests
            self.sent, self.requests = 0, []
        return sent, requests

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


STEPS = ("pyodide", "files", "unpacked", "boot", "pygame", "game", "firstFrame")


def _first_frame(page, steps: dict, timeout_s: float = 180) -> float:
    """ms from navigation to the first drawn frame; ``steps`` gets each mark's ms."""
    page.wait_for_function(
        "window.parlour && (parlour.started || parlour.error !== null)",
        timeout=timeout_s * 1000,
        polling=50,
    )
    error = page.evaluate("parlour.error")
    if error:
        raise RuntimeError(f"the game did not start: {error}")
    marks = page.evaluate("parlour.marks")
    steps.update({k: round(marks[k]) for k in STEPS if k in marks})
    return marks["firstFrame"]


def _settle(host: GzipHost, quiet_s: float = 1.5, limit_s: float = 30) -> None:
    """Wait until the server has had no request for ``quiet_s``."""
    end = time.monotonic() + limit_s
    seen = -1
    while time.monotonic() < end:
        with host.lock:
            n = len(host.requests)
        if n == seen:
            return
        seen = n
        time.sleep(quiet_s)


def one_load(browser, host: GzipHost, files: int, build: str, slowdown: float = 1) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    steps = {"cold": {}, "warm": {}, "offline": {}}
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", LINK)
        if slowdown != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        host.take()
        page.goto(host.url)
        cold = _first_frame(page, steps["cold"])
        deadline = time.monotonic() + 120  # (page.evaluate awaits the async check)
        while not page.evaluate(
            """async ([cache, n]) => navigator.serviceWorker.controller
                !== null && (await caches.has(cache))
                && (await (await caches.open(cache)).keys()).length >= n""",
            [f"parlour-{build}", files],
        ):
            if time.monotonic() > deadline:
                raise RuntimeError("the service worker did not keep the site in 120 s")
            time.sleep(0.2)
        _settle(host)
        first_bytes, first_requests = host.take()
        page.reload()
        warm = _first_frame(page, steps["warm"])
        _settle(host)
        second_bytes, second_requests = host.take()
        context.set_offline(True)
        page.reload()
        offline = _first_frame(page, steps["offline"])
        return {
            "cold_ms": round(cold),
            "warm_ms": round(warm),
            "offline_ms": round(offline),
            "steps": steps,
            "first_visit_bytes": first_bytes,
            "second_visit_bytes": second_bytes,
            "first_visit_requests": len(first_requests),
            "second_visit_requests": [f"{p} {s} {n}" for p, s, n in second_requests],
        }
    finally:
        context.close()


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    loads = 1 if quick else 3
    slowdown = float(argv[argv.index("--cpu-slowdown") + 1]) if "--cpu-slowdown" in argv else 1
    started = time.perf_counter()
    out = {
        "bench": "browser --site",
        "quick": quick,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
        "link": "10 Mbit/s down and up, 40 ms round trips (Chromium network emulation)",
        "cpu_slowdown": slowdown,
    }
    try:
        folder = build_site()
        browser = Browser()
    except Missing as e:
        print(f"can't run the site benchmark: {e}")
        return 1
    info = site_info(folder)
    host = GzipHost(folder)
    try:
        out["chromium"] = browser.browser.version
        out["site_bytes"] = sum(len(d) for d, _, _, _ in host.files.values())
        out["site_bytes_gzip"] = sum(
            len(g if g is not None else d) for d, g, _, _ in host.files.values()
        )
        print(
            f"Chromium {out['chromium']}; build {info['build']}: {len(host.files)} files, "
            f"{out['site_bytes'] / 1e6:.2f} MB, {out['site_bytes_gzip'] / 1e6:.2f} MB as "
            "served",
            flush=True,
        )
        runs = []
        for i in range(loads):
            r = one_load(browser.browser, host, len(info["files"]) + 1, info["build"], slowdown)
            runs.append(r)
            print(
                f"load {i + 1}: first frame cold {r['cold_ms']} ms, warm {r['warm_ms']} ms, "
                f"offline {r['offline_ms']} ms; bytes first visit {r['first_visit_bytes']:,} "
                f"({r['first_visit_requests']} requests), second visit "
                f"{r['second_visit_bytes']:,} ({r['second_visit_requests']})",
                flush=True,
            )
            for kind, marks in r["steps"].items():
                print(
                    f"  {kind} steps (ms from navigation): "
                    + ", ".join(f"{k} {v}" for k, v in marks.items()),
                    flush=True,
                )
    finally:
        browser.close()
        host.close()
    for key in GOALS:
        out[key] = statistics.median(r[key] for r in runs)
    out["steps"] = {
        kind: {
            k: statistics.median(r["steps"][kind][k] for r in runs)
            for k in STEPS
            if all(k in r["steps"][kind] for r in runs)
        }
        for kind in ("cold", "warm", "offline")
    }
    out["runs"] = runs
    out["goals"] = {f"{k}<={v:g}": out[k] <= v for k, v in GOALS.items()}
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    out["seconds"] = round(time.perf_counter() - started, 1)
    print(
        f"median of {loads}: first visit {out['first_visit_bytes'] / 1e6:.2f} MB, second "
        f"{out['second_visit_bytes'] / 1e3:.1f} KB; first frame cold {out['cold_ms']:.0f} ms, "
        f"warm {out['warm_ms']:.0f} ms, offline {out['offline_ms']:.0f} ms"
    )
    print(f"goals: {out['goals']}")
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
