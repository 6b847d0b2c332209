"""A Nostr relay that passes anything on, for the hostile tests of the relay path (issue 32).

A real relay (testbed/nostr_relay.py) checks signatures and sizes before it passes an event
on; a hostile one, or one that was changed, needn't. This one passes on every EVENT a client
publishes to the other clients whose subscription matches it (kinds and ``#x``), keeps them
(``published``), and sends any event at all to every subscription with ``inject``: forged,
replayed, reordered, oversized, sealed with another key. It listens on 127.0.0.1 from a thread
of its own (in the calling thread's network namespace).

    with HostileRelay() as hostile:
        page.goto(site + "?relay=" + real.url + "&relay=" + hostile.url + "&ice=none")
        hostile.inject([forged_event, ...])      # to every page subscribed, in that order
        hostile.published                        # what the pages published through it
"""

from __future__ import annotations

import asyncio
import json
import threading

from websockets.asyncio.server import serve

from testbed.nostr_relay import free_port


class HostileRelay:
    def __init__(self, port: int = 0):
        self.port = port or free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.published: list[dict] = []
        self._subs: list[tuple] = []  # (connection, subscription id, filter)
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Future | None = None
        self._thread = threading.Thread(target=self._run, name="hostile-relay", daemon=True)

    def __enter__(self) -> HostileRelay:
        self._thread.start()
        if not self._ready.wait(30):
            raise RuntimeError("the hostile relay didn't start")
        return self

    def __exit__(self, *exc) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(30)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        self._stop = self._loop.create_future()
        async with serve(self._client, "127.0.0.1", self.port, max_size=None):
            self._ready.set()
            await self._stop

    async def _client(self, ws) -> None:
        try:
            async for message in ws:
                try:
                    msg = json.loads(message)
                except ValueError:
                    continue
                if not isinstance(msg, list) or not msg:
                    continue
                if msg[0] == "REQ" and len(msg) >= 3:
                    self._subs.append((ws, msg[1], msg[2]))
                    await ws.send(json.dumps(["EOSE", msg[1]]))
                elif msg[0] == "CLOSE" and len(msg) >= 2:
                    self._subs = [s for s in self._subs if not (s[0] is ws and s[1] == msg[1])]
                elif msg[0] == "EVENT" and len(msg) >= 2 and isinstance(msg[1], dict):
                    ev = msg[1]
                    self.published.append(ev)
                    await ws.send(json.dumps(["OK", ev.get("id", ""), True, ""]))
                    for other, sub, flt in list(self._subs):
                        if other is not ws and _matches(ev, flt):
                            await _send(other, ["EVENT", sub, ev])
        finally:
            self._subs = [s for s in self._subs if s[0] is not ws]

    def inject(self, events: list, timeout: float = 300) -> None:
        """Each event (any JSON value) to every subscription, in order; back once sent."""

        async def send_all():
            for ev in events:
                for ws, sub, _ in list(self._subs):
                    await _send(ws, ["EVENT", sub, ev])

        asyncio.run_coroutine_threadsafe(send_all(), self._loop).result(timeout)

    def subscribers(self) -> int:
        return len(self._subs)


def _matches(ev: dict, flt) -> bool:
    if not isinstance(flt, dict):
        return False
    kinds, tags = flt.get("kinds"), flt.get("#x")
    if kinds is not None and ev.get("kind") not in kinds:
        return False
    if tags is not None:
        xs = [
            t[1] for t in ev.get("tags", []) if isinstance(t, list) and len(t) > 1 and t[0] == "x"
        ]
        if not any(x in tags for x in xs):
            return False
    return True


async def _send(ws, msg) -> None:
    try:
        await ws.send(json.dumps(msg))
    except Exception:  # noqa: BLE001 - a page gone meanwhile
        pass


__all__ = ["HostileRelay"]
