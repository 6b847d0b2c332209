"""What the tests and the benchmarks share (never shipped, never imported by game/; never
importing bench/): the real parts they start and the harness that drives them.

The real parts: a local Nostr relay (nostr_relay.py; a hostile one, hostile_relay.py), a
private network namespace for the browsers and the relay (netns.py; with the relay, the site
and a Chromium in it: private_network.py), the site as built, served (site.py: build/web/
built once per test run, served on 127.0.0.1), pages' carriers in memory for the tests of
two paths (carriers.py), a Python client of the relay path (nostr_client.py).

The harness: Chromium and a Pyodide page (browser.py), the real client's page (client_page.py)
and what is known of the client's insides (client.py: Client, the probes, saves as the game
writes them), the desktop app driven alike in a child process (desktop_client.py, its child
desktop_child.py; headless.py), friends online played by clicks (remote_play.py), a page's
network carrier driven (net_page.py), Chromium's processes (chromium_processes.py), random
input to the client (client_fuzzing.py), random session actions and their checks
(session_fuzzing.py), the rules core timed natively and in WebAssembly (core_timings.py), the
solver's verdict records (verdicts.py), a computer player's slips (slips.py) and the
arithmetic of measuring (measuring.py).

The tests reach them through tests/web/conftest.py or import them; the benchmarks (bench/)
import them."""
