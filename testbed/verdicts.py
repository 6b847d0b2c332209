"""The records of the solver's verdicts on many deals (bench/data/verdicts.jsonl, one JSON
line per verdict: the list's name, the deal, the status, the CPU seconds, the budget), read
back (``read``: the best verdict of each deal) and summed up as a game's winnability
(``figures``). ``python -m bench winnability`` writes and reports them;
tests/ai/solver/test_winnability.py checks the reading and the arithmetic."""

from __future__ import annotations

import json
from pathlib import Path

from testbed.measuring import wilson


def read(paths) -> dict:
    """name -> deal -> (status, budget_s): the best verdict recorded for each deal (a
    decided one, else the unknown one of the largest budget)."""
    out: dict = {}
    for path in paths:
        if not Path(path).exists():
            continue
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            deals = out.setdefault(r["entry"], {})
            old, new = deals.get(r["deal"]), (r["status"], r["budget_s"])
            if old is None or (old[0] == "unknown" and (new[0] != "unknown" or new[1] > old[1])):
                deals[r["deal"]] = new
            elif new[0] not in ("unknown", old[0]):  # two proofs that disagree: a bug
                raise ValueError(f"{r['entry']} deal {r['deal']}: {old[0]} and {new[0]}")
    return out


def figures(deals: dict) -> dict:
    """A game's figures from its deals' verdicts (``read``'s): how many deals, won, proved
    lost and undecided, and the winnability as an interval: at least the share won (its 95%
    Wilson interval's lower end, every undecided deal counted as lost), at most the share won
    or undecided (the upper end, every undecided deal counted as won)."""
    n = len(deals)
    won = sum(1 for s, _ in deals.values() if s == "won")
    lost = sum(1 for s, _ in deals.values() if s == "lost")
    unknown = n - won - lost
    return {
        "deals": n,
        "won": won,
        "lost": lost,
        "unknown": unknown,
        "low": round(wilson(won, n)[0], 4),
        "high": round(wilson(won + unknown, n)[1], 4),
        "first": min(deals),
        "last": max(deals),
    }
