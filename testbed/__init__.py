"""The real parts the tests and the benchmarks start (never shipped, never imported by game/):
a local Nostr relay (nostr_relay.py) and a private network namespace for the browsers and the
relay (netns.py). The tests reach them through tests/web/conftest.py; the benchmarks
(bench/browser_net.py, bench/browser_remote.py) import them directly."""
