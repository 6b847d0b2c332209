"""Cards, packs and the shuffle.

A Card is one physical card: rank 1..13, suit "S" "H" "D" "C", and the pack (deck 0 or 1) it
belongs to. The 104 cards are created once; ``Card(rank, suit, deck)`` returns the same object
every time, so cards compare by identity and hash fast.

Deals must mean the same thing forever and on every platform (CPython native or WebAssembly), so
the shuffle uses its own tiny generator (SplitMix64) and Fisher-Yates with rejection sampling
rather than the ``random`` module, whose algorithms are not promised to stay the same.
"""

from __future__ import annotations

import zlib

SUITS = ("S", "H", "D", "C")
RANKS = "A23456789TJQK"  # index + 1 is the rank
RED_SUITS = frozenset("HD")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King")


def card_key(rank: int, suit: str) -> int:
    """The face of a card (rank and suit, not the pack) as a small int."""
    return SUITS.index(suit) * 16 + rank


class Card:
    """One of the 104 cards. Immutable and interned: ``Card(10, "H", 1) is Card(10, "H", 1)``."""

    __slots__ = ("rank", "suit", "deck", "id", "key", "red")
    _all: dict[tuple[int, str, int], "Card"] = {}

    def __new__(cls, rank: int, suit: str, deck: int = 0) -> "Card":
        try:
            return cls._all[(rank, suit, deck)]
        except (KeyError, TypeError):
            raise ValueError(f"no such card: rank={rank!r} suit={suit!r} deck={deck!r}") from None

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (self.rank, self.suit, self.deck))

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r}, deck={self.deck})" if self.deck else f"Card({str(self)!r})"

    @property
    def code(self) -> str:
        """Text that names this very card, pack included: "TH0", "AS1"."""
        return f"{self}{self.deck}"

    @property
    def name(self) -> str:
        """The card in words, for messages: "Ten of hearts"."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @classmethod
    def parse(cls, text: str) -> "Card":
        """"TH" -> Ten of hearts of pack 0; "TH1" -> of pack 1. ValueError on anything else."""
        if not isinstance(text, str) or len(text) not in (2, 3):
            raise ValueError(f"not a card: {text!r}")
        rank = RANKS.find(text[0].upper()) + 1
        deck = int(text[2]) if len(text) == 3 and text[2] in "01" else (0 if len(text) == 2 else -1)
        if rank == 0 or deck < 0:
            raise ValueError(f"not a card: {text!r}")
        return cls(rank, text[1].upper(), deck)


def _make_cards() -> tuple[Card, ...]:
    cards = []
    for deck in (0, 1):
        for suit in SUITS:
            for rank in range(1, 14):
                card = object.__new__(Card)
                for attr, value in (("rank", rank), ("suit", suit), ("deck", deck),
                                    ("id", len(cards)), ("key", card_key(rank, suit)),
                                    ("red", suit in RED_SUITS)):
                    object.__setattr__(card, attr, value)
                Card._all[(rank, suit, deck)] = card
                cards.append(card)
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _make_cards()  # index == Card.id; pack 0 then pack 1, S H D C, A..K


def pack(deck: int) -> list[Card]:
    """One full 52-card pack in a fixed order."""
    return list(ALL_CARDS[deck * 52:(deck + 1) * 52])


_M64 = (1 << 64) - 1


class Rng:
    """SplitMix64: small, fast, and the same numbers on every platform forever. ``salt`` (the
    game's name) makes deal N of one game unrelated to deal N of another."""

    def __init__(self, seed: int, salt: str = ""):
        self.state = (seed ^ (zlib.crc32(salt.encode()) << 32)) & _M64

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in range(n), without modulo bias."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(cards: list[Card], rng: Rng) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out
