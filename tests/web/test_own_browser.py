"""A person's own Chromium (testbed/chromium_processes.py, ``OwnBrowser``), killed alone in the
killed-tab tests: it holds only the processes this test's process started. Under load, another
worker's Chromium started in the same moment was taken for its own, and the kill closed that
worker's browser in the middle of its test."""

from __future__ import annotations


def test_an_own_browser_holds_no_other_process_s_chromium(browser, monkeypatch):
    from testbed import chromium_processes

    real = chromium_processes.chromium_pids
    calls: list[int] = []

    def pids() -> set[int]:
        calls.append(1)
        # from the second look on, a process that is not this test's appears (pid 1 stands for
        # a Chromium another test worker starts meanwhile)
        return real() | ({1} if len(calls) > 1 else set())

    monkeypatch.setattr(chromium_processes, "chromium_pids", pids)
    own = chromium_processes.OwnBrowser(browser)
    try:
        assert own.pids, "its own Chromium's processes"
        assert 1 not in own.pids
    finally:
        own.close()
