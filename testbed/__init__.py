"""The real parts the tests and the benchmarks start (never shipped, never imported by game/):
a local Nostr relay (nostr_relay.py), a private network namespace for the browsers and the
relay (netns.py) and the site as built, served (site.py: build/web/ built once per test run,
served on 127.0.0.1). The tests reach them through tests/web/conftest.py; the benchmarks
(bench/browser*.py) import them directly."""
