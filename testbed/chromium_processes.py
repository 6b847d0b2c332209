"""Chromium's processes, read from /proc: a Chromium of one person's own, killed alone with
every process it started (``OwnBrowser``: a tab killed, no goodbye), and the CPU time every
Chromium started from this process takes (``chromium_cpu_seconds``, ``cpu_percent``: the
browser benchmarks' idle figures). Linux only."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path


def chromium_pids() -> set[int]:
    """The processes of every Chromium running now (from /proc)."""
    return {
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit() and b"chromium" in _cmdline(int(entry.name)).split(b"\0")[0]
    }


def _cmdline(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


def _descendants(roots: set[int]) -> set[int]:
    """Every process started by one of ``roots``, however deep (from /proc's parent ids)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    out, grew = set(), True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if pid not in out and (parent in roots or parent in out):
                out.add(pid)
                grew = True
    return out


class OwnBrowser:
    """A Chromium of its own for one person (so that it can be killed alone: ``kill``)."""

    def __init__(self, beside):
        from testbed.browser import Browser

        before = chromium_pids()
        self.browser = Browser(beside=beside)
        self.browser.new_page().context.close()  # its renderer and helpers started
        # only this process's: another test worker may start a Chromium meanwhile (a run under
        # load killed another worker's browser, which was taken for this one's)
        self.pids = (chromium_pids() - before) & _descendants({os.getpid()})

    def new_page(self, *args, **kw):
        return self.browser.new_page(*args, **kw)

    def kill(self) -> None:
        """SIGKILL to this Chromium and every process it started: a tab killed, no goodbye."""
        roots = {pid for pid in self.pids if b"--type=" not in _cmdline(pid)}
        for pid in sorted(_descendants(roots) | roots):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    def close(self) -> None:
        try:
            self.browser.close()
        except Exception:
            pass  # killed


def chromium_cpu_seconds() -> float:
    """User + system CPU seconds of every Chromium process started from this process."""
    tick = os.sysconf("SC_CLK_TCK")
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        close = text.rindex(")")
        fields = text[close + 2 :].split()
        table[int(entry)] = (
            int(fields[1]),
            text[text.index("(") + 1 : close],
            int(fields[11]) + int(fields[12]),
        )
    ours, todo = set(), [os.getpid()]
    while todo:
        parent = todo.pop()
        for pid, (ppid, _, _) in table.items():
            if ppid == parent and pid not in ours:
                ours.add(pid)
                todo.append(pid)
    return sum(table[p][2] for p in ours if table[p][1].startswith("chrom")) / tick


def cpu_percent(seconds: float) -> tuple[float, float]:
    """(every Chromium process's CPU over ``seconds`` of wall time, one core = 100; the wall
    time)."""
    cpu0, t0 = chromium_cpu_seconds(), time.perf_counter()
    time.sleep(seconds)
    wall = time.perf_counter() - t0
    return 100 * (chromium_cpu_seconds() - cpu0) / wall, wall
