"""A private network namespace for tests that connect two browser pages over WebRTC.

Chromium gathers no WebRTC candidate on a machine with only loopback (../shared/PLATFORM.md,
"Browser to browser"), and a test must never reach the internet. So such a test runs inside a
network namespace it makes itself: loopback up, a veth pair (v0, v1) with 198.18.0.1/24 on v0,
both ends up, and a default route via 198.18.0.254, a gateway that does not exist. Chromium then
offers 198.18.0.1 as a host candidate, two pages connect through it, and nothing leaves the
namespace (a packet for anywhere else goes to a gateway nobody answers for). The static server,
the Nostr relay (testbed/nostr_relay.py) and Chromium all run in it.

The veth ends get no IPv6 link-local address (addrgenmode none): the kernel would add one as
"tentative" and finish it a second or two later, and Chromium, started by then, takes that for a
network change and fails whatever it was downloading (net::ERR_NETWORK_CHANGED: a CI run lost
pyodide.asm.wasm that way). Once set up, the namespace's addresses never change.

    from testbed.netns import run_in_private_network
    result = run_in_private_network(body, arg, timeout=300)   # body(arg) in a new namespace

``run_in_private_network`` runs ``body`` in a new thread that first moves itself (only itself:
a namespace belongs to a thread, and whatever it starts inherits it) into a new network
namespace; sockets it opens, threads and processes it starts (a StaticServer, the relay,
playwright's driver and Chromium) are in it. The caller's thread and the rest of the test
process stay where they were. The body's return value comes back; its exception is raised in
the caller. The namespace disappears when the last process and socket in it are gone.

``enter_private_network()`` does the same for the calling thread (a benchmark script's main
thread, say) and never goes back.

Needs root (CAP_SYS_ADMIN; CI runs as root) and iproute2's ``ip`` (.ci/run installs it).
``NetnsUnavailable`` says what is missing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import threading

CLONE_NEWNET = 0x40000000
ADDRESS = "198.18.0.1/24"  # TEST-NET range for benchmarks (RFC 2544): never routed
GATEWAY = "198.18.0.254"  # a gateway that does not exist


class NetnsUnavailable(RuntimeError):
    """No private network namespace can be made here; the message says why."""


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _ip() -> str:
    ip = shutil.which("ip") or next(
        (p for p in ("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip") if os.path.exists(p)), None
    )
    if ip is None:
        raise NetnsUnavailable("iproute2's `ip` is missing: apt-get install -y iproute2")
    return ip


def enter_private_network(direct: bool = True) -> None:
    """Move the calling thread into a new network namespace and set it up (see the module's
    docstring). ``direct=False``: loopback only, where Chromium finds no route between two
    pages (no WebRTC candidate) while the relay and the server on 127.0.0.1 work: two players
    whose browsers can't reach each other. Raises NetnsUnavailable without root, or without
    `ip`."""
    ip = _ip()
    if hasattr(os, "unshare"):
        try:
            os.unshare(CLONE_NEWNET)
        except OSError as e:
            raise NetnsUnavailable(f"unshare(CLONE_NEWNET) failed: {e} (needs root)") from None
    elif _libc().unshare(CLONE_NEWNET) != 0:
        errno = ctypes.get_errno()
        raise NetnsUnavailable(f"unshare(CLONE_NEWNET) failed: {os.strerror(errno)} (needs root)")
    commands = [
        ["link", "set", "lo", "up"],
        ["link", "add", "v0", "type", "veth", "peer", "name", "v1"],
        ["link", "set", "v0", "addrgenmode", "none"],
        ["link", "set", "v1", "addrgenmode", "none"],
        ["addr", "add", ADDRESS, "dev", "v0"],
        ["link", "set", "v0", "up"],
        ["link", "set", "v1", "up"],
        ["route", "add", "default", "via", GATEWAY, "dev", "v0"],
    ]
    for command in commands if direct else commands[:1]:
        result = subprocess.run([ip, *command], capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise NetnsUnavailable(f"ip {' '.join(command)}: {result.stderr.strip()}")


def check_private_network() -> None:
    """Raise NetnsUnavailable unless a namespace can be made here (tried in a thread of its
    own, which ends)."""
    run_in_private_network(lambda: None, timeout=60)


def run_in_private_network(
    body, *args, timeout: float | None = None, direct: bool = True, **kwargs
):
    """``body(*args, **kwargs)`` in a new thread inside a new private network namespace; its
    return value, or its exception raised here. ``timeout`` (s): raise TimeoutError if it
    hasn't ended by then (the thread is left to end by itself). ``direct=False``: loopback
    only (``enter_private_network``)."""
    outcome: dict = {}

    def run():
        try:
            enter_private_network(direct)
            outcome["value"] = body(*args, **kwargs)
        except BaseException as e:  # noqa: BLE001 - handed to the caller's thread
            outcome["error"] = e

    thread = threading.Thread(target=run, name="private-network", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"the body in the private network namespace ran over {timeout} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def interfaces() -> str:
    """`ip -brief addr` as the calling thread sees it (for messages and checks)."""
    return subprocess.run(
        [_ip(), "-brief", "addr"], capture_output=True, text=True, timeout=30
    ).stdout
