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
from collections.abc import Mapping, MutableSequence
from typing import Final, Literal, Self, TypeVar

from game.core.language import NP_, pgettext

SUITS = ("S", "H", "D", "C")
RANKS = "A23456789TJQK"  # index + 1 is the rank
RED_SUITS = frozenset("HD")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}  # English, for the code
RANK_NAMES = (
    "Ace",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
)

#: a suit inside a card's name, translated (Herz, cœur)
_SUIT_WORDS = {
    "S": NP_("suit in a card's name", "spades"),
    "H": NP_("suit in a card's name", "hearts"),
    "D": NP_("suit in a card's name", "diamonds"),
    "C": NP_("suit in a card's name", "clubs"),
}
#: the parts a card plays in a sentence (``Card.words``): "name" alone, "the" the subject,
#: "object" what is moved, "onto" where a card goes, "from" where a run starts
CardForm = Literal["name", "the", "object", "onto", "from"]
#: a card in words, by the part it plays in a sentence: each language puts its own article
#: and case on each rank (das Pik-Ass, den Herz-König, auf die Kreuz-Dame; l'as de pique, sur
#: la dame de cœur); Card.words(form)
CARD_FORMS: Final[Mapping[CardForm, tuple[tuple[str, str], ...]]] = {
    "name": (
        NP_("card, alone: a title, a list", "Ace of {suit}"),
        NP_("card, alone: a title, a list", "Two of {suit}"),
        NP_("card, alone: a title, a list", "Three of {suit}"),
        NP_("card, alone: a title, a list", "Four of {suit}"),
        NP_("card, alone: a title, a list", "Five of {suit}"),
        NP_("card, alone: a title, a list", "Six of {suit}"),
        NP_("card, alone: a title, a list", "Seven of {suit}"),
        NP_("card, alone: a title, a list", "Eight of {suit}"),
        NP_("card, alone: a title, a list", "Nine of {suit}"),
        NP_("card, alone: a title, a list", "Ten of {suit}"),
        NP_("card, alone: a title, a list", "Jack of {suit}"),
        NP_("card, alone: a title, a list", "Queen of {suit}"),
        NP_("card, alone: a title, a list", "King of {suit}"),
    ),
    "the": (
        NP_("card, the subject of a sentence", "the Ace of {suit}"),
        NP_("card, the subject of a sentence", "the Two of {suit}"),
        NP_("card, the subject of a sentence", "the Three of {suit}"),
        NP_("card, the subject of a sentence", "the Four of {suit}"),
        NP_("card, the subject of a sentence", "the Five of {suit}"),
        NP_("card, the subject of a sentence", "the Six of {suit}"),
        NP_("card, the subject of a sentence", "the Seven of {suit}"),
        NP_("card, the subject of a sentence", "the Eight of {suit}"),
        NP_("card, the subject of a sentence", "the Nine of {suit}"),
        NP_("card, the subject of a sentence", "the Ten of {suit}"),
        NP_("card, the subject of a sentence", "the Jack of {suit}"),
        NP_("card, the subject of a sentence", "the Queen of {suit}"),
        NP_("card, the subject of a sentence", "the King of {suit}"),
    ),
    "object": (
        NP_("card, what is moved: move the King of spades", "the Ace of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Two of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Three of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Four of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Five of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Six of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Seven of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Eight of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Nine of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Ten of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Jack of {suit}"),
        NP_("card, what is moved: move the King of spades", "the Queen of {suit}"),
        NP_("card, what is moved: move the King of spades", "the King of {suit}"),
    ),
    "onto": (
        NP_("card, where a card goes: onto the King of spades", "onto the Ace of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Two of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Three of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Four of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Five of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Six of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Seven of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Eight of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Nine of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Ten of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Jack of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the Queen of {suit}"),
        NP_("card, where a card goes: onto the King of spades", "onto the King of {suit}"),
    ),
    "from": (
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs", "from the Ace of {suit}"
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs", "from the Two of {suit}"
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Three of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Four of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Five of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs", "from the Six of {suit}"
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Seven of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Eight of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Nine of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs", "from the Ten of {suit}"
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Jack of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the Queen of {suit}",
        ),
        NP_(
            "card, where a run starts: the 3 cards from the Nine of clubs",
            "from the King of {suit}",
        ),
    ),
}


def card_key(rank: int, suit: str) -> int:
    """The face of a card (rank and suit, not the pack) as a small int."""
    return SUITS.index(suit) * 16 + rank


class Card:
    """One of the 104 cards. Immutable and interned: ``Card(10, "H", 1) is Card(10, "H", 1)``."""

    __slots__ = ("rank", "suit", "deck", "id", "key", "red")
    _all: dict[tuple[int, str, int], Card] = {}
    rank: int  # 1 (Ace) .. 13 (King)
    suit: str  # "S", "H", "D", "C"
    deck: int  # the pack: 0 or 1 (Spider's extra copies: 2 to 7)
    id: int  # index in ALL_CARDS (Spider's copies: after them)
    key: int  # the face: card_key(rank, suit)
    red: bool

    def __new__(cls, rank: int, suit: str, deck: int = 0) -> Card:
        try:
            return cls._all[(rank, suit, deck)]
        except (KeyError, TypeError):
            raise ValueError(f"no such card: rank={rank!r} suit={suit!r} deck={deck!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: str, deck: int, card_id: int) -> Self:
        """Make the one card of this rank, suit and pack, number ``card_id``, and keep it
        (``_all``: where ``Card(...)`` finds it); done once, as the module is loaded."""
        card = object.__new__(cls)
        for attr, value in (
            ("rank", rank),
            ("suit", suit),
            ("deck", deck),
            ("id", card_id),
            ("key", card_key(rank, suit)),
            ("red", suit in RED_SUITS),
        ):
            object.__setattr__(card, attr, value)
        cls._all[(rank, suit, deck)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str, int]]:
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
        """The card's name in the current language, alone: "Ten of hearts", "Herz-Zehn"."""
        return self.words("name")

    def words(self, form: CardForm) -> str:
        """The card in the current language as ``form`` of CARD_FORMS has it: "the" (the
        subject: "the Ten of hearts"), "object" (what is moved), "onto" ("onto the Ten of
        hearts"), "from" ("from the Ten of hearts"), "name" (alone: "Ten of hearts")."""
        return pgettext(*CARD_FORMS[form][self.rank - 1]).format(
            suit=pgettext(*_SUIT_WORDS[self.suit])
        )

    @classmethod
    def parse(cls, text: str) -> Card:
        """ "TH" -> Ten of hearts of pack 0; "TH1" -> of pack 1. ValueError on anything else."""
        if not isinstance(text, str) or len(text) not in (2, 3):
            raise ValueError(f"not a card: {text!r}")
        rank = RANKS.find(text[0].upper()) + 1
        deck = int(text[2]) if len(text) == 3 and text[2] in "01" else (0 if len(text) == 2 else -1)
        if rank == 0 or deck < 0:
            raise ValueError(f"not a card: {text!r}")
        return cls(rank, text[1].upper(), deck)


def _make_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for deck in (0, 1):
        for suit in SUITS:
            for rank in range(1, 14):
                cards.append(Card._make(rank, suit, deck, len(cards)))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _make_cards()  # index == Card.id; pack 0 then pack 1, S H D C, A..K


def pack(deck: int) -> list[Card]:
    """One full 52-card pack in a fixed order."""
    return list(ALL_CARDS[deck * 52 : (deck + 1) * 52])


_M64 = (1 << 64) - 1
T = TypeVar("T")


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

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(cards: list[Card], rng: Rng) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out
