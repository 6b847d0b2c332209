"""Russian Bank's opening: who starts and why (rule 5: the lower top reserve card; on a tie the
houses, from the one next to each reserve outwards), in words for the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.core.cards import Card
from game.core.language import NP_, capital, pgettext
from game.core.race import is_you


def first_player(reserve_tops: Sequence[Card], house_rows: Sequence[Sequence[Card]]) -> int:
    """Lower top reserve card starts (King high, Ace low); on a tie compare the houses from the
    one next to each reserve outwards; on a full tie player 0 starts."""
    return decider(reserve_tops, house_rows)[0]


def decider(
    reserve_tops: Sequence[Card], house_rows: Sequence[Sequence[Card]]
) -> tuple[int, int | None, tuple[Card, Card] | None]:
    """(who starts, what decided it: 0 the reserve tops, 1 to 4 the houses from the one next
    to the reserve outwards, None a full tie, the two cards compared there)."""
    pairs: list[tuple[Card, Card]] = [(reserve_tops[0], reserve_tops[1])]
    pairs += zip(house_rows[0], house_rows[1])
    for stage, (a, b) in enumerate(pairs):
        if a.rank != b.rank:
            return (0 if a.rank < b.rank else 1), stage, (a, b)
    return 0, None, None


#: a rank in the plural ("Eights", "Sixes"), by rank - 1 (Russian Bank's opening())
_RANKS_PLURAL: Final = (
    NP_("a rank in the plural: both top reserve cards are Eights", "Aces"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Twos"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Threes"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Fours"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Fives"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Sixes"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Sevens"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Eights"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Nines"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Tens"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Jacks"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Queens"),
    NP_("a rank in the plural: both top reserve cards are Eights", "Kings"),
)


def who_starts(
    reserve_tops: Sequence[Card], house_rows: Sequence[Sequence[Card]], names: Sequence[str]
) -> str:
    """Who starts and why, in words, from the deal's top reserve cards and house rows (as
    ``decider`` takes them), the seats named by ``names`` ("you", "the computer", "player 2")."""
    first, stage, cards = decider(reserve_tops, house_rows)
    name = names[first]
    you = is_you(name)
    if stage is None or cards is None:
        return capital(pgettext(*_OPENING_TIE[not you]).format(name=name))
    if stage == 0:
        return capital(pgettext(*_OPENING_RESERVE[not you]).format(name=name))
    mine, other = cards[first], cards[1 - first]
    text = _OPENING_HOUSE[stage - 1][not you]
    return capital(
        pgettext(*text).format(
            name=name,
            ranks=pgettext(*_RANKS_PLURAL[reserve_tops[0].rank - 1]),
            mine=mine.words("the"),
            other=other.words("object"),
        )
    )


# Who starts and why (who_starts()), each as (the person at this screen starts, {name} starts)
_OPENING_TIE = (
    # Translators: who starts, said as a game begins; {name}: a seat in a sentence ("the
    # computer", "player 2")
    NP_("who starts", "The top reserve cards and every pair of houses tie: you start."),
    NP_("who starts", "The top reserve cards and every pair of houses tie: {name} starts."),
)
_OPENING_RESERVE = (
    NP_("who starts", "Your top reserve card is lower: you start."),
    NP_("who starts", "{name}'s top reserve card is lower: {name} starts."),
)
_OPENING_HOUSE = (
    # Translators: who starts; {ranks}: a rank in the plural ("Eights"); {mine}: the starter's
    # house's card, as a subject; {other}: the other house's card, as in "against the Five of
    # hearts" (the form of a card that is moved); {name}: a seat ("the computer", "player 2")
    (
        NP_(
            "who starts",
            "Both top reserve cards are {ranks}; your house next to the reserve is "
            "lower ({mine} against {other}): you start.",
        ),
        NP_(
            "who starts",
            "Both top reserve cards are {ranks}; {name}'s house next to the reserve "
            "is lower ({mine} against {other}): {name} starts.",
        ),
    ),
    (
        NP_(
            "who starts",
            "Both top reserve cards are {ranks} and the houses next to the reserve "
            "tie; your house second from the reserve is lower ({mine} against "
            "{other}): you start.",
        ),
        NP_(
            "who starts",
            "Both top reserve cards are {ranks} and the houses next to the reserve "
            "tie; {name}'s house second from the reserve is lower ({mine} against "
            "{other}): {name} starts.",
        ),
    ),
    (
        NP_(
            "who starts",
            "Both top reserve cards are {ranks} and the two houses nearest the "
            "reserve tie; your house third from the reserve is lower ({mine} against "
            "{other}): you start.",
        ),
        NP_(
            "who starts",
            "Both top reserve cards are {ranks} and the two houses nearest the "
            "reserve tie; {name}'s house third from the reserve is lower ({mine} "
            "against {other}): {name} starts.",
        ),
    ),
    (
        NP_(
            "who starts",
            "Both top reserve cards are {ranks} and the three houses nearest the "
            "reserve tie; your house furthest from the reserve is lower ({mine} "
            "against {other}): you start.",
        ),
        NP_(
            "who starts",
            "Both top reserve cards are {ranks} and the three houses nearest the "
            "reserve tie; {name}'s house furthest from the reserve is lower ({mine} "
            "against {other}): {name} starts.",
        ),
    ),
)


__all__ = ["decider", "first_player", "who_starts"]
