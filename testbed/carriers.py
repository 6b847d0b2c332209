"""Pages' carriers in memory, for the tests of two paths (game/net/paths.py): a direct path
that is up or not, relays that lose, repeat and reorder what they pass on, a clock of their
own.

    net = CarrierNet(direct=False, loss=0.2, seed=3)
    host = net.open("K7PQ2M", "host")     # a room's transport: TwoPaths over a MemoryCarrier
    guest = net.open("K7PQ2M", "guest")
    for _ in range(200):
        host.poll(); guest.poll()           # each poll moves the clock on by ``net.step``

``net.relays_up = False`` stops every relay (then True again); ``net.cut(a, b)`` takes the
direct path between two pages down, ``net.join(a, b)`` brings it up; ``page.kill()`` falls
silent (a killed tab), ``transport.close()`` leaves with a bye on both paths. Each carrier keeps
what it was asked to publish (``published``), and ``net.inject(transport, event)`` hands a page
any carrier event at all (the hostile tests).
"""

from __future__ import annotations

import random
import secrets

from game.net import paths
from game.net.paths import TwoPaths


class CarrierNet:
    def __init__(
        self,
        direct: bool = True,
        loss: float = 0.0,
        repeat: float = 0.0,
        reorder: float = 0.0,
        step: float = 0.05,
        seed: int = 0,
        relay_rate: float = paths.RELAY_RATE,
    ):
        self.direct = direct
        self.relay_rate = relay_rate  # what each page keeps to on the relays
        self.loss, self.repeat, self.reorder = loss, repeat, reorder
        self.step = step
        self.now = 1000.0
        self.rng = random.Random(seed)
        self.relays_up = True
        self.pages: list[MemoryCarrier] = []
        self._cut: set[frozenset] = set()

    def clock(self) -> float:
        return self.now

    def open(self, code: str, role: str) -> TwoPaths:
        page = MemoryCarrier(self, code, role)
        for other in self._room(page):
            if self.direct:
                self._up(page, other)
        self.pages.append(page)
        return TwoPaths(page, role, clock=self.clock, relay_rate=self.relay_rate)

    def _room(self, page):
        return [p for p in self.pages if p.code == page.code and p.alive and p is not page]

    def _linked(self, a, b) -> bool:
        return (
            a.alive and b.alive and frozenset((a.me, b.me)) not in self._cut and b.me in a.direct_to
        )

    def _up(self, a, b) -> None:
        a.direct_to.add(b.me)
        b.direct_to.add(a.me)
        a.events.append(("up", b.me, b.role))
        b.events.append(("up", a.me, a.role))

    def cut(self, a: TwoPaths, b: TwoPaths) -> None:
        pa, pb = a.carrier, b.carrier
        self._cut.add(frozenset((pa.me, pb.me)))
        for x, y in ((pa, pb), (pb, pa)):
            if y.me in x.direct_to:
                x.direct_to.discard(y.me)
                x.events.append(("down", y.me, ""))

    def join(self, a: TwoPaths, b: TwoPaths) -> None:
        self._cut.discard(frozenset((a.carrier.me, b.carrier.me)))
        self._up(a.carrier, b.carrier)

    def set_relays(self, up: bool) -> None:
        self.relays_up = up
        for p in self.pages:
            if p.alive:
                p.events.append(("relays", "", f"{int(up)}/1"))

    def inject(self, transport: TwoPaths, event) -> None:
        transport.carrier.events.append(event)

    def _post(self, sender, text: str) -> None:
        if not self.relays_up:
            return
        for page in self._room(sender):
            copies = 0 if self.rng.random() < self.loss else 1
            if copies and self.rng.random() < self.repeat:
                copies = 2
            for _ in range(copies):
                if page.events and self.rng.random() < self.reorder:
                    page.events.insert(
                        self.rng.randrange(len(page.events)), ("post", sender.me, text)
                    )
                else:
                    page.events.append(("post", sender.me, text))


class MemoryCarrier:
    """One page's carrier (the contract: game/net/paths.py)."""

    def __init__(self, net: CarrierNet, code: str, role: str):
        self.net, self.code, self.role = net, code, role
        self.me = secrets.token_hex(32)
        self.events: list = [("relays", "", f"{int(net.relays_up)}/1")]
        self.direct_to: set[str] = set()
        self.alive = True
        self.published: list[str] = []
        self._bye = ""

    def poll(self):
        self.net.now += self.net.step
        out, self.events = self.events, []
        return out if self.alive else []

    def send(self, key: str, text: str) -> None:
        for page in self.net._room(self):
            if page.me == key and self.net._linked(self, page):
                page.events.append(("direct", self.me, text))

    def publish(self, text: str, to: str = "") -> None:
        """(Every page in the room gets it, as every page can read a relay: sealed for one,
        the others couldn't open it; a frame says whom it is for, and they drop it.)"""
        if self.alive:
            self.published.append(text)
            self.net._post(self, text)

    def set_bye(self, text: str) -> None:
        self._bye = text

    def close(self) -> None:
        if not self.alive:
            return
        if self._bye:
            for page in self.net._room(self):
                self.send(page.me, self._bye)
            self.net._post(self, self._bye)
        self.kill()

    def kill(self) -> None:
        for page in self.net._room(self):
            if self.me in page.direct_to:
                page.direct_to.discard(self.me)
                page.events.append(("down", self.me, ""))
        self.alive = False


__all__ = ["CarrierNet", "MemoryCarrier"]
