"""axe-core (npm, pinned in tests/web/axe/: test-only, never shipped) run inside a page the
browser tests opened: what a screen reader's user would trip over, by axe's rules.

    from tests.support.axe import axe_violations
    assert axe_violations(page) == []          # a playwright Page; serious and critical only

``./build.sh test`` and ``.ci/run`` install it (``npm ci --prefix tests/web/axe``); without it
the test fails saying so (PARLOUR_ALLOW_SKIP=1: skips).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "web" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ["minor", "moderate", "serious", "critical"]  # axe's, least first


def axe_path() -> Path:
    path = Path(os.environ.get("PARLOUR_AXE") or AXE)
    if not path.exists():
        what = f"axe-core is missing at {path}: npm ci --prefix tests/web/axe"
        if os.environ.get("PARLOUR_ALLOW_SKIP") == "1":
            pytest.skip(f"{what} (PARLOUR_ALLOW_SKIP=1)")
        pytest.fail(f"{what}. Set PARLOUR_ALLOW_SKIP=1 to skip.", pytrace=False)
    return path


def axe_violations(page: Any, min_impact: str = "serious", context: str | None = None) -> list:
    """axe's violations on ``page`` (a playwright Page) now, of ``min_impact`` or worse, each a
    dict: id, impact, help, and its nodes' targets and failure summaries (enough to read in a
    failed assert). ``context``: a CSS selector to check only that part (default: the whole
    page). axe is injected once per page load."""
    if min_impact not in IMPACTS:
        raise ValueError(f"min_impact is one of {IMPACTS}, not {min_impact!r}")
    if not page.evaluate("typeof window.axe === 'object' && !!window.axe.run"):
        page.add_script_tag(path=str(axe_path()))
    result = page.evaluate(
        """async (context) => {
            const r = await axe.run(context ? document.querySelector(context) : document,
                                    {resultTypes: ["violations"]});
            return r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target, summary: n.failureSummary}))}));
        }""",
        context,
    )
    floor = IMPACTS.index(min_impact)
    return [v for v in result if v["impact"] in IMPACTS and IMPACTS.index(v["impact"]) >= floor]


__all__ = ["axe_path", "axe_violations"]
