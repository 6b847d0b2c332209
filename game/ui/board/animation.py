"""Cards in motion: glides from one place to another, and the win's bouncing cards."""

from __future__ import annotations

import random

from game.ui.canvas import CANVAS

FLIGHT_MS = 170


class Flight:
    """Cards gliding from one place to another."""

    __slots__ = ("cards", "t0", "dur", "ids")

    def __init__(self, cards, t0, dur):
        self.cards = cards  # [(card id, image, (x0, y0), (x1, y1))]
        self.t0, self.dur = t0, dur
        self.ids = frozenset(cid for cid, *_ in cards)

    def at(self, now):
        t = min(1.0, max(0.0, (now - self.t0) / self.dur)) if self.dur > 0 else 1.0
        e = 1 - (1 - t) ** 3
        for _cid, img, (x0, y0), (x1, y1) in self.cards:
            yield img, (round(x0 + (x1 - x0) * e), round(y0 + (y1 - y0) * e))

    def done(self, now) -> bool:
        return now - self.t0 >= self.dur


class Animator:
    """The flights under way at a table. Cards in flight are left out of the table's layer
    and drawn on top, where the flight has them."""

    def __init__(self):
        self.flights: list[Flight] = []

    def fly(self, cards, now: float, dur: float = FLIGHT_MS) -> None:
        """cards: [(card id, image, from, to)]."""
        if cards and dur > 0:
            self.flights.append(Flight(cards, now, dur))

    def add(self, flight: Flight) -> None:
        """A flight made elsewhere (the deal's: deal.py)."""
        self.flights.append(flight)

    def update(self, now: float) -> None:
        if self.flights:
            self.flights = [f for f in self.flights if not f.done(now)]

    def clear(self) -> None:
        self.flights.clear()

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def hidden(self) -> set[int]:
        ids: set[int] = set()
        for f in self.flights:
            ids.update(f.ids)
        return ids

    def draw(self, screen, now: float) -> None:
        for f in self.flights:
            for img, p in f.at(now):
                screen.blit(img, p)


class Celebration:
    """Cards leap off the foundations and bounce across the table, leaving trails."""

    def __init__(self, layer, art, launches, seed):
        """layer: the table as drawn; launches: [(card, (x, y))] where each card starts."""
        self.trail = layer.copy()
        self.art = art
        self.queue = list(launches)
        self.rng = random.Random(seed)
        self.rng.shuffle(self.queue)
        self.cards = []
        self.t = 0.0
        self.next_launch = 0.0

    def update(self, dt):
        self.t += dt
        while self.queue and self.t >= self.next_launch and len(self.cards) < 6:
            card, (x, y) = self.queue.pop()
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(2.5, 6)
            self.cards.append([card, float(x), float(y), vx, self.rng.uniform(-8, -2)])
            self.next_launch = self.t + 260
        art = self.art
        steps = max(1, int(dt / 16))
        for c in self.cards:
            for _ in range(steps):
                c[4] += 0.6
                c[1] += c[3]
                c[2] += c[4]
                if c[2] > CANVAS.h - art.h:
                    c[2] = CANVAS.h - art.h
                    c[4] = -c[4] * 0.75
                self.trail.blit(art.face(c[0]), (int(c[1]), int(c[2])))
        self.cards = [c for c in self.cards if -art.w < c[1] < CANVAS.w]

    @property
    def running(self) -> bool:
        return bool(self.cards or self.queue)

    def draw(self, screen):
        screen.blit(self.trail, (0, 0))


__all__ = ["Animator", "Celebration", "FLIGHT_MS", "Flight"]
