"""Two screens in a private network of their own: a Nostr relay, the site served and a Chromium,
all inside a new network namespace (testbed/netns.py)."""


def in_private_network(site, body, timeout=1500, direct=True):
    """``body(url, relay, browser)`` in a new private network namespace, with a fresh Nostr
    relay, the site served again there and a Chromium of its own; returns what body returns.
    ``direct=False``: a namespace where the pages can't connect to each other directly (no
    WebRTC: loopback only), only through the relay."""
    from bench.browser import Browser
    from testbed.netns import run_in_private_network
    from testbed.nostr_relay import NostrRelay
    from testbed.site import StaticServer

    def run():
        with NostrRelay() as relay:
            server = StaticServer(site.folder)
            browser = Browser()
            try:
                return body(server.url, relay, browser)
            finally:
                browser.close()
                server.close()

    return run_in_private_network(run, timeout=timeout, direct=direct)
