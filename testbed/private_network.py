"""Screens that meet through a relay, in a private network of their own: a Nostr relay, the site
served and a Chromium, all inside a new network namespace (testbed/netns.py: root)."""

from __future__ import annotations


def in_private_network(folder, body, timeout: float = 1500, direct: bool = True):
    """``body(url, relay, browser)`` in a new private network namespace, with a fresh Nostr
    relay (testbed/nostr_relay.py), the site in ``folder`` served there (``url``) and a
    Chromium of its own; returns what body returns. ``direct=False``: a namespace where the
    pages can't connect to each other directly (no WebRTC: loopback only), only through the
    relay."""
    from testbed.browser import Browser
    from testbed.netns import run_in_private_network
    from testbed.nostr_relay import NostrRelay
    from testbed.site import StaticServer

    def run():
        with NostrRelay() as relay:
            server = StaticServer(folder)
            browser = Browser()
            try:
                return body(server.url, relay, browser)
            finally:
                browser.close()
                server.close()

    return run_in_private_network(run, timeout=timeout, direct=direct)
