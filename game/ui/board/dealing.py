"""The dealing animation: when a new deal opens, its cards fly from the deck to their piles.

    flight = deal_flight(table, now)     # None when there is nothing to show
    table.anim.add(flight)               # drawn by the Animator like any flight

The deck is the table's stock where it has one, else the middle of the piles. Cards are dealt
row by row across the piles, as a dealer would (a card dealt later lies on top), each gliding
for FLY_MS, the next starting a little later, the whole deal within DEAL_MS (under a second
however many cards). A stacked pile (a stock, a hand, a reserve: only its top card shows, with
its count) is set down whole: it is there from the start. Nothing but the
animation waits: a click or a key ends it at once and then acts as usual (Table), and the
computer and the automatic moves wait only while cards are flying, as they do for a move.

Every image is one the card art already keeps (faces and backs); the table's cached layer is
drawn once with the dealt cards left out and once when they have landed.
"""

from __future__ import annotations

import pygame

from game.ui.board.animation import Flight

DEAL_MS = 800  # the whole deal, at most (0: no dealing animation, as in most tests)
FLY_MS = 240  # one card's glide
STAGGER_MAX_MS = 28  # between two cards' starts, for a small deal


class DealFlight(Flight):
    """Many cards, each gliding from the deck with its own delay. All of them are left out of
    the table's cached layer until the last has landed (the layer is made twice, not once a
    card). A frame draws only the cards in the air: one still waiting is not drawn yet, and
    one that has landed is drawn once into the layer (``board``: the table's layer and which
    making of it; made again, it gets them all again), so a frame blits a few cards, not the
    whole deal."""

    __slots__ = ("delays", "fly", "board", "landed", "_made")

    def __init__(self, cards, delays, t0, fly_ms, board=None):
        super().__init__(cards, t0, max(delays, default=0) + fly_ms)
        self.delays, self.fly = delays, fly_ms
        self.board = board  # () -> (surface, which making of it), or None
        self.landed = 0  # the first cards, in dealing order, drawn into the board
        self._made = None

    def at(self, now):
        landed = self._land(now)
        for i in range(landed, len(self.cards)):
            t = (now - self.t0 - self.delays[i]) / self.fly
            if t <= 0:  # the next ones have not left the deck yet (they leave in order)
                break
            _cid, img, (x0, y0), (x1, y1) = self.cards[i]
            e = 1 - (1 - min(1.0, t)) ** 3
            yield img, (round(x0 + (x1 - x0) * e), round(y0 + (y1 - y0) * e))

    def _land(self, now) -> int:
        """Draw the cards that have landed into the board; the first card still to draw on
        the screen this frame (a card landing now is drawn both ways: the board was already
        put on the screen)."""
        if self.board is None:
            return 0
        surface, made = self.board()
        if made != self._made:  # a layer made anew: lay the landed cards again
            self._made, done, self.landed = made, 0, 0
        else:
            done = self.landed
        while (
            self.landed < len(self.cards) and now >= self.t0 + self.delays[self.landed] + self.fly
        ):
            _cid, img, _start, end = self.cards[self.landed]
            surface.blit(img, end)
            self.landed += 1
        return done


def deck_position(layout) -> tuple[int, int]:
    """Where the deck lies: the stock's place, else the middle of all the piles."""
    stock = layout.piles.get("stock")
    if stock is not None:
        return stock.rect.topleft
    area = pygame.Rect(next(iter(layout.piles.values())).rect).unionall(
        [g.rect for g in layout.piles.values()]
    )
    return (area.centerx - layout.card_w // 2, area.centery - layout.card_h // 2)


def layer_of(table):
    """The table's cached layer, and which making of it this is (deal_flight's board)."""

    def board():
        surface = table.view.layer()
        return surface, table.view.renders

    return board


def deal_flight(table, now: float) -> DealFlight | None:
    """The flight of the deal on ``table`` now (its position as dealt), or None when the
    dealing animation is off or there is no card to deal."""
    if DEAL_MS <= 0:
        return None
    layout, art, piles = table.layout, table.art, table.piles()
    deck = deck_position(layout)
    rows: list[list] = []  # rows[depth] = the cards dealt at that depth, pile after pile
    for name, geom in layout.piles.items():
        cards = piles.get(name) or []
        if geom.stacked or not cards:
            continue
        positions = geom.positions([up for _, up in cards])
        for depth, ((card, up), pos) in enumerate(zip(cards, positions)):
            while len(rows) <= depth:
                rows.append([])
            image = art.image(card, up, table.back_deck(card))
            rows[depth].append((card.id, image, deck, pos))
    cards = [item for row in rows for item in row]
    if not cards:
        return None
    fly = min(FLY_MS, DEAL_MS // 2)
    stagger = min(STAGGER_MAX_MS, (DEAL_MS - fly) / max(1, len(cards) - 1))
    delays = [round(i * stagger) for i in range(len(cards))]
    return DealFlight(cards, delays, now, fly, layer_of(table))


__all__ = ["DEAL_MS", "DealFlight", "deal_flight", "deck_position"]
