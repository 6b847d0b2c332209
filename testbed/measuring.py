"""The arithmetic of measuring, one copy for the tests and the benchmarks: a share's 95% Wilson
interval (``wilson``), a percentile and the spread of a list of times (``percentile``,
``spread``), and this process's resident memory (``rss_mb``). Standard library only: the
computer players' benchmarks run it in WebAssembly too (bench/ai/wasm.py)."""

from __future__ import annotations

import math
import os
import statistics
import sys


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of the share ``wins / n`` (``n`` trials; none: 0 to 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, q: float) -> float:
    """The value at share ``q`` (0 to 1) of the sorted values, the nearest rank (no
    interpolation)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def spread(values) -> dict:
    """Median, 95th percentile and maximum of a list of times (to 0.1), and how many; {} for
    none."""
    if not values:
        return {}
    return {
        "median": round(statistics.median(values), 1),
        "p95": round(percentile(values, 0.95), 1),
        "max": round(max(values), 1),
        "n": len(values),
    }


def rss_mb() -> float:
    """The process's resident memory now (not its peak), in MB."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # not Linux: the peak is the best there is
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)
