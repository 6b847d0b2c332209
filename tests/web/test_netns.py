"""The private network namespace the WebRTC browser tests run in (testbed/netns.py): set up,
it never changes under a running browser."""

from __future__ import annotations

import subprocess

from testbed.netns import _ip, run_in_private_network


def _addresses() -> str:
    return subprocess.run([_ip(), "addr"], capture_output=True, text=True, timeout=30).stdout


def test_no_address_is_still_being_settled_when_the_browser_starts(private_network):
    """An address the kernel is still settling (an IPv6 link-local one, "tentative") changes a
    moment later, and Chromium fails its downloads with net::ERR_NETWORK_CHANGED."""
    seen = run_in_private_network(_addresses, timeout=60)
    assert "198.18.0.1/24" in seen
    assert "tentative" not in seen, seen
    assert "fe80::" not in seen, seen
