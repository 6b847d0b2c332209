"""Piles: what a pile is (``Pile``, ``Foundation``), the column shapes several games share, and
the words that name a pile in a sentence (a refusal, a hint, the log of moves).

Each pile class states one building rule as ``wanted()``: the card faces it accepts now (or
``ANY``). Move generation and move checking both ask the same ``wanted()``, so the two can't
disagree. A pile whose rule depends only on its top card states it as two class attributes,
``BY_TOP`` (the top card's face -> the faces it takes) and ``WHEN_EMPTY``.

The shapes are written once (as PySolFC's stacks are): a column that builds down one rank at a
time in suit, in alternating colours, in any suit but the same, or in any suit; an empty one
takes any card. A game's pile takes the shape and adds only what is its own (its words, its
label, what a saved position may not hold, a rule for an empty pile):

    Tableau = DownInSuit                      # Forty Thieves, Seahaven: nothing of their own

    class House(DownAlternating):             # Russian Bank
        kind = PileKind.HOUSE
        rule = N_("houses build down in alternating colours")

The tables (a top card's face -> the faces that may go on it, in the order of ``SUITS``) are
the shapes' ``BY_TOP`` and ``BUILDS`` (what auto-move asks); games use them by these names too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, ClassVar, Final, Literal, Protocol

from game.core.cards import RED_SUITS, SUITS, Card, card_key
from game.core.kinds import PileKind, split_pile_name
from game.core.language import N_, NP_, _, capital, pgettext


class Takes(Enum):
    """What ``wanted()`` says of a pile that takes any card at all (its one value, ``ANY``)."""

    ANY = "any"


ANY: Final = Takes.ANY
#: card faces (``Card.key``), as ``wanted()`` and the building tables give them
Faces = tuple[int, ...]
#: what a pile accepts now: some faces, or any card
Wanted = Faces | Literal[Takes.ANY]
#: a building table: a top card's face -> the faces that may go on it
Builds = Mapping[int, Faces]
ACE_KEYS: Final[Faces] = tuple(card_key(1, s) for s in SUITS)


class Table(Protocol):
    """What a pile knows of the game it lies in (a game's own pile class names the game's
    class where it asks more of it)."""

    current_player: int
    options: dict[str, Any]


#: what a player calls each kind of pile (``Pile.noun``), in English: sentences that name a
#: pile by its noun choose their words from tables keyed by these
NOUNS: Final[Mapping[PileKind, str]] = {
    # Translators: a kind of pile (a tableau pile), the word alone
    PileKind.TABLEAU: N_("column"),
    # Translators: a kind of pile, the word alone
    PileKind.STOCK: N_("stock"),
    # Translators: a kind of pile, the word alone
    PileKind.WASTE: N_("waste"),
    # Translators: a kind of pile, the word alone
    PileKind.FOUNDATION: N_("foundation"),
    # Translators: a kind of pile (Seahaven's free cells), the word alone
    PileKind.CELL: N_("cell"),
    # Translators: a kind of pile, the word alone
    PileKind.RESERVE: N_("reserve"),
    # Translators: a kind of pile (Russian Bank's shared piles), the word alone
    PileKind.HOUSE: N_("house"),
    # Translators: a kind of pile (a player's face-down pile in a game for two), the word alone
    PileKind.HAND: N_("hand"),
    # Translators: a pile of cards, the word alone
    PileKind.PILE: N_("pile"),
}

#: a column's place from the left as an ordinal ("the 3rd column"): English's suffix picks the
#: message (``ordinal``)
ORDINALS: Final[Mapping[str, tuple[str, str]]] = {
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}re":
    # la colonne)
    "st": NP_("a column's place from the left: the 1st column", "{n}st"),
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}e")
    "nd": NP_("a column's place from the left: the 2nd column", "{n}nd"),
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}e")
    "rd": NP_("a column's place from the left: the 3rd column", "{n}rd"),
    # Translators: an ordinal, a column's place from the left (German "{n}.", French "{n}e")
    "th": NP_("a column's place from the left: the 4th column", "{n}th"),
}


def _suffix(n: int) -> str:
    """English's ordinal suffix of ``n``: "st", "nd", "rd", "th"."""
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def ordinal(n: int) -> str:
    """``n`` as an ordinal in the current language: "3rd", "3.", "3e"."""
    return pgettext(*ORDINALS[_suffix(n)]).format(n=n)


def pile_sentence(pile: Pile, sentences: Mapping[str, str], fallback: str, **fields: str) -> str:
    """A sentence that names ``pile``, in the current language. ``sentences`` maps the ways a
    pile is named (``Pile.label_pattern``: "the waste", "the {nth} column", "pile {n}") to the
    sentence for each (marked ``N_``: one per pile word, since articles and cases follow the
    noun); they may use ``{n}`` (the pile's number) and ``{nth}`` (its ordinal) besides
    ``fields``. A pile named otherwise is named by its ``label`` in ``fallback`` (``{pile}``)."""
    pattern, n = pile.label_pattern
    message = sentences.get(pattern)
    if message is None or type(pile).label is not Pile.label:  # (a label of its own)
        return _(fallback).format(pile=pile.label, **fields)
    return _(message).format(n=n, nth=ordinal(n), **fields)


def doesnt_fit(card: Card, on: Card, rule: str) -> str:
    """ "The Nine of clubs doesn't fit on the Ten of hearts: {rule}.", in the current language;
    ``rule`` as a pile states it (English, marked ``N_``)."""
    # Translators: {card} doesn't fit on {other}: a card as the subject, the card under it as
    # what is moved (German "den Pik-König", so "auf {other}"); {rule}: the pile's building
    # rule, as "columns build down in suit"
    return capital(
        _("{card} doesn't fit on {other}: {rule}.").format(
            card=card.words("the"), other=on.words("object"), rule=_(rule)
        )
    )


class Pile:
    """A pile of cards; ``cards[-1]`` is the top; the lowest ``down`` cards lie face down."""

    kind: ClassVar[PileKind] = PileKind.PILE
    rule: str = ""  # the building rule as a player would say it (English, marked N_;
    # translated where said)

    __slots__ = ("name", "index", "cards", "down", "game")

    def __init__(self, name: str, index: int, game: Table):
        self.name, self.index, self.game = name, index, game
        self.cards: list[Card] = []
        self.down = 0

    def __repr__(self) -> str:
        return f"<{self.name} {' '.join(map(str, self.cards))}>"

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def noun(self) -> str:
        """What a player calls this kind of pile in a sentence: its kind ("house", "waste"),
        "column" for a tableau pile, unless the game's pile says otherwise (Battle solitaire's
        houses are "piles", its wastes "reserve piles"). Every sentence about a pile (hints,
        the log of moves, refusals) takes its name from here. An English word (``NOUNS``):
        sentences choose their words by it, so that each language's articles fit."""
        return NOUNS[self.kind]

    @property
    def label_pattern(self) -> tuple[str, int]:
        """How messages name the pile, in English: a pattern and the pile's number ("the {nth}
        column" and 3, "that foundation" and 0, "the stock" and 0). Sentences that name a pile
        choose their words by the pattern (``pile_sentence``); ``label`` fills it in."""
        kind, number = split_pile_name(self.name)
        if number is None:
            return f"the {kind}", 0
        if kind is PileKind.TABLEAU:
            return "the {nth} column", number + 1
        return f"that {kind}", 0

    @property
    def label(self) -> str:
        """The pile as a player sees it, for messages, in English: "the stock", "the 3rd column"
        (columns are numbered from the left on every table), "that house" (other numbered piles
        are the one the player just touched). (``pile_sentence`` puts it in a sentence in the
        current language.)"""
        pattern, n = self.label_pattern
        return pattern.format(n=n, nth=f"{n}{_suffix(n)}")

    # A pile whose rule depends only on its top card states it as two class attributes:
    # BY_TOP maps the top card's face to the faces it takes; WHEN_EMPTY is what it takes empty.
    # A pile whose rule depends on more (the game's state) sets BY_TOP = None and overrides
    # wanted().
    BY_TOP: ClassVar[Builds | None] = {}
    WHEN_EMPTY: ClassVar[Wanted] = ()

    def wanted(self) -> Wanted:
        """The card faces (``Card.key``) this pile accepts now, or ``ANY``."""
        cards = self.cards
        if not cards:
            return self.WHEN_EMPTY
        by_top = self.BY_TOP
        return by_top.get(cards[-1].key, ()) if by_top is not None else ()

    def accepts(self, card: Card) -> bool:
        wanted = self.wanted()
        return wanted is ANY or card.key in wanted

    #: the one sentence said to any card refused here (English, marked N_), for a pile that
    #: says the same whatever the card; "" (most piles): its building rule says why
    REFUSAL: ClassVar[str] = ""

    def refusal(self, card: Card) -> str:
        """Why ``card`` may not go here, in a sentence (in the current language)."""
        if self.REFUSAL:
            return _(self.REFUSAL)
        if self.cards:
            return doesnt_fit(card, self.cards[-1], self.rule)
        return capital(
            pile_sentence(
                self,
                CANT_GO_ON,
                "{card} can't go on {pile}: {rule}.",
                card=card.words("the"),
                rule=_(self.rule),
            )
        )

    def check(self, cards: list[Card], down: int) -> str | None:
        """For loading a saved position: what is impossible about this pile, or None."""
        return None if down == 0 else f"{self.name} can't have face-down cards"


class OwnedPile(Pile):
    """A pile that belongs to a player, ``owner``: the number its name ends with (the races'
    reserves, hands and wastes, Chinese Patience's stocks and wastes)."""

    __slots__ = ("owner",)

    def __init__(self, name: str, index: int, game: Table):
        super().__init__(name, index, game)
        self.owner = split_pile_name(name)[1] or 0


#: "The Nine of clubs can't go on the 3rd column: {rule}.", by the way the pile is named
#: (pile_sentence; {card}: a card as the subject, "the Nine of clubs"; {rule}: the pile's rule)
CANT_GO_ON: Final[Mapping[str, str]] = {
    # Translators: {card}: a card as the subject ("the Nine of clubs"); {nth}: the column's
    # place from the left, an ordinal ("3rd"); {rule}: the pile's building rule
    "the {nth} column": N_("{card} can't go on the {nth} column: {rule}."),
    "that foundation": N_("{card} can't go on that foundation: {rule}."),
    "that cell": N_("{card} can't go on that cell: {rule}."),
    "the waste": N_("{card} can't go on the waste: {rule}."),
    "the reserve": N_("{card} can't go on the reserve: {rule}."),
    "the stock": N_("{card} can't go on the stock: {rule}."),
}


class Foundation(Pile):
    kind = PileKind.FOUNDATION
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("foundations start with an Ace and build up in suit to the King")
    BY_TOP: ClassVar[Builds | None] = {
        card_key(r, s): (card_key(r + 1, s),) for r in range(1, 13) for s in SUITS
    }
    WHEN_EMPTY: ClassVar[Wanted] = ACE_KEYS

    def refusal(self, card: Card) -> str:
        if not self.cards:
            # Translators: {card}: a card as the subject ("the Nine of clubs")
            return _("Only an Ace can start a foundation, not {card}.").format(
                card=card.words("the")
            )
        if self.cards[-1].rank == 13:
            return _("That foundation is complete.")
        return super().refusal(card)

    def check(self, cards: list[Card], down: int) -> str | None:
        for i, card in enumerate(cards):
            if card.rank != i + 1 or card.suit != cards[0].suit:
                return f"{self.name} is not built up in suit from the Ace"
        return super().check(cards, down)


# --------------------------------------------------------------------- the column shapes
def _down(suits: Callable[[str], tuple[str, ...]]) -> dict[int, Faces]:
    """A top card's face -> the faces one rank lower in the suits ``suits(its suit)`` names."""
    return {
        card_key(r, s): tuple(card_key(r - 1, o) for o in suits(s))
        for r in range(2, 14)
        for s in SUITS
    }


def other_colour(suit: str) -> tuple[str, ...]:
    """The suits of the other colour than ``suit``'s, in the order of ``SUITS``."""
    return tuple(o for o in SUITS if (o in RED_SUITS) != (suit in RED_SUITS))


DOWN_IN_SUIT: Final = _down(lambda s: (s,))
#: what loads onto a player's pile (Russian Bank's reserve and waste, Chinese Patience's
#: wastes): the same suit, one rank higher or lower
ONE_UP_OR_DOWN_IN_SUIT: Final[Mapping[int, Faces]] = {
    card_key(r, s): tuple(card_key(q, s) for q in (r - 1, r + 1) if 1 <= q <= 13)
    for r in range(1, 14)
    for s in SUITS
}
DOWN_ALTERNATING: Final = _down(other_colour)
DOWN_ANY_SUIT_BUT_SAME: Final = _down(lambda s: tuple(o for o in SUITS if o != s))
DOWN_ANY_SUIT: Final = _down(lambda s: SUITS)


class Column(Pile):
    """A tableau column building down by ``BUILDS`` (also its ``BY_TOP``); empty, any card."""

    kind = PileKind.TABLEAU
    BUILDS: ClassVar[Builds] = {}  # card face -> the faces that may be played on it
    WHEN_EMPTY: ClassVar[Wanted] = ANY


class DownInSuit(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down in suit")
    BY_TOP: ClassVar[Builds | None] = DOWN_IN_SUIT
    BUILDS = DOWN_IN_SUIT


class DownAlternating(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down in alternating colours")
    BY_TOP: ClassVar[Builds | None] = DOWN_ALTERNATING
    BUILDS = DOWN_ALTERNATING


class DownAnySuitButSame(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down by any suit but the same")
    BY_TOP: ClassVar[Builds | None] = DOWN_ANY_SUIT_BUT_SAME
    BUILDS = DOWN_ANY_SUIT_BUT_SAME


class DownAnySuit(Column):
    # Translators: a building rule, said after a refusal ("... doesn't fit on the Ten of
    # hearts: {rule}.")
    rule = N_("columns build down, one rank lower, in any suit")
    BY_TOP: ClassVar[Builds | None] = DOWN_ANY_SUIT
    BUILDS = DOWN_ANY_SUIT


__all__ = [
    "ACE_KEYS",
    "ANY",
    "CANT_GO_ON",
    "DOWN_ALTERNATING",
    "DOWN_ANY_SUIT",
    "DOWN_ANY_SUIT_BUT_SAME",
    "DOWN_IN_SUIT",
    "NOUNS",
    "ONE_UP_OR_DOWN_IN_SUIT",
    "ORDINALS",
    "Builds",
    "Column",
    "DownAlternating",
    "DownAnySuit",
    "DownAnySuitButSame",
    "DownInSuit",
    "Faces",
    "Foundation",
    "OwnedPile",
    "Pile",
    "Table",
    "Takes",
    "Wanted",
    "doesnt_fit",
    "ordinal",
    "other_colour",
    "pile_sentence",
]
