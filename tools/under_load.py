"""The whole test suite, several times in a row, with every core kept busy: the hunt for tests
that assume a machine's speed (``./build.sh test --under-load [RUNS] [-- PYTEST ARGS]``).

A test that passes only on a quiet (or only on a busy) machine is a failing test: CI runs on a
machine that may be doing something else. This keeps one busy process per core at the
ordinary priority (Debian's ``stress-ng --cpu N`` where it is installed, else as many Python
loops), runs the suite as ``./build.sh test`` runs it (both cores, ``--dist loadgroup``), and
prints each run's wall time, counts and failures (pytest's output in
test-artifacts/under-load-N.log), then one line for all runs. It exits 1 if any
run failed. The figures go to BENCHMARKS.md ("The test suite").

    ./build.sh test --under-load            # 3 runs of every test
    ./build.sh test --under-load 1 -- -m "not browser"
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _spin() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        pass


class Load:
    """One busy process per core (``cores``), until closed."""

    def __init__(self, cores: int):
        self.cores = cores
        self.what = f"{cores} busy Python loops"
        self.stress = None
        self.loops: list[multiprocessing.Process] = []
        if shutil.which("stress-ng"):
            self.what = f"stress-ng --cpu {cores}"
            self.stress = subprocess.Popen(
                ["stress-ng", "--cpu", str(cores), "--quiet"],
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        else:
            for _ in range(cores):
                loop = multiprocessing.Process(target=_spin, daemon=True)
                loop.start()
                self.loops.append(loop)

    def close(self) -> None:
        if self.stress is not None:
            try:
                os.killpg(self.stress.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            self.stress.wait(timeout=30)
        for loop in self.loops:
            loop.terminate()
            loop.join(timeout=30)


def run_suite(pytest_args: list[str], log: Path) -> dict:
    """One run of the suite as ./build.sh test runs it: wall seconds, counts, failures (what
    pytest printed: ``log``)."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-n",
        os.environ.get("PARLOUR_TEST_WORKERS", "auto"),
        "--dist",
        "loadgroup",
        "-q",
        "-p",
        "no:cacheprovider",
        *pytest_args,
    ]
    start = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - start
    out = done.stdout + done.stderr
    log.parent.mkdir(exist_ok=True)
    log.write_text(out)
    closing = [line for line in out.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    counts = {
        word: int(n)
        for n, word in re.findall(
            r"(\d+) (passed|failed|errors?|skipped)", closing[-1] if closing else ""
        )
    }
    failures = re.findall(r"^(?:FAILED|ERROR) (\S+)", out, re.M)
    return {
        "wall_s": wall,
        "code": done.returncode,
        "counts": counts,
        "failures": failures,
        "tail": "\n".join(out.splitlines()[-40:]),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="./build.sh test --under-load", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("runs", nargs="?", type=int, default=3, help="how many runs (3)")
    parser.add_argument(
        "--cores",
        type=int,
        default=os.cpu_count() or 2,
        help="busy processes to keep (one per core)",
    )
    parser.add_argument(
        "pytest_args", nargs=argparse.REMAINDER, help="after --: arguments for pytest"
    )
    args = parser.parse_args(argv)
    extra = [a for a in args.pytest_args if a != "--"]
    load = Load(args.cores)
    print(f"load: {load.what} on a machine of {os.cpu_count()} cores", flush=True)
    results = []
    try:
        for n in range(1, args.runs + 1):
            r = run_suite(extra, ROOT / "test-artifacts" / f"under-load-{n}.log")
            results.append(r)
            counts = ", ".join(f"{v} {k}" for k, v in r["counts"].items()) or "no count"
            print(
                f"run {n}: {r['wall_s'] / 60:.1f} min wall, {counts}, exit {r['code']}", flush=True
            )
            for failure in r["failures"]:
                print(f"    {failure}", flush=True)
            if r["code"] != 0:
                print(f"    (pytest's output: test-artifacts/under-load-{n}.log)", flush=True)
                if not r["failures"]:
                    print(r["tail"], flush=True)
    finally:
        load.close()
    failed = [r for r in results if r["code"] != 0]
    walls = [r["wall_s"] / 60 for r in results]
    print(
        f"under load ({load.what}): {len(results)} runs, {len(failed)} failed; wall "
        f"{min(walls):.1f} to {max(walls):.1f} min"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
