"""``python -m bench browser [--quick]``: the real client in Chromium, measured (client.py: first
frame, frames while dragging and while the solver thinks, idle CPU, the solver light's
verdicts beside the desktop's); ``--site``: the shipped site's load figures instead (site.py:
bytes sent, first frame cold, warm and offline on an emulated link)."""

from __future__ import annotations


def main(argv: list[str]) -> int:
    if "--site" in argv:
        from bench.browser import site

        return site.main([a for a in argv if a != "--site"])
    from bench.browser import client

    return client.main(argv)
