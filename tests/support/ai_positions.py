"""Hand-made Russian Bank positions for the opponent's tests.

``position(piles, player=0, up=())`` builds a real core state through ``from_dict``: ``piles``
names the cards off the foundations ("QH0" = Queen of hearts of pack 0), bottom to top; every
other card goes onto the foundations, each (suit, pack) built from its Ace up to two below its
lowest card that lies elsewhere (so that no placed card fits a foundation unless asked), or to
the bottom of ``spill`` if it is higher than that. Reserves show their top card; hands lie face
down unless the hand is named in ``up`` (then its top card is turned up).
"""

from game.core import Card, from_dict

SUITS = "SHDC"
RANKS = "A23456789TJQK"


def position(piles: dict, player: int = 0, up=(), spill: str = "hand1", fits=(), **options):
    """``spill``: the pile (bottom) that takes the cards above a foundation's gap; ``fits``:
    (suit, pack) names like "H0" whose foundation reaches right up to the lowest card placed
    (that card then fits it); the others stop one lower."""
    placed = {code for cards in piles.values() for code in cards}
    names = (
        [f"foundation{i}" for i in range(8)]
        + [f"house{i}" for i in range(8)]
        + [f"{kind}{p}" for p in (0, 1) for kind in ("reserve", "hand", "waste")]
    )
    out = {name: list(piles.get(name, [])) for name in names}
    i = 0
    for deck in (0, 1):
        for suit in SUITS:
            ranks = [r for r in range(1, 14) if f"{RANKS[r - 1]}{suit}{deck}" in placed]
            top = (min(ranks) - (1 if f"{suit}{deck}" in fits else 2)) if ranks else 13
            top = max(top, 0)
            missing = [
                f"{RANKS[r - 1]}{suit}{deck}"
                for r in range(top + 1, 14)
                if f"{RANKS[r - 1]}{suit}{deck}" not in placed
            ]
            out[spill][:0] = missing
            out[f"foundation{i}"] = [f"{RANKS[r - 1]}{suit}{deck}" for r in range(1, top + 1)]
            i += 1
    for code in placed:
        Card.parse(code)
    down = {}
    for p in (0, 1):
        if out[f"reserve{p}"]:
            down[f"reserve{p}"] = len(out[f"reserve{p}"]) - 1
        hand = out[f"hand{p}"]
        if hand:
            down[f"hand{p}"] = len(hand) - (1 if f"hand{p}" in up else 0)
    data = {
        "format": 1,
        "game": "russian-bank",
        "seed": None,
        "options": options,
        "start": {"piles": out, "down": down, "vars": {"current_player": player}},
        "moves": [],
    }
    return from_dict(data)
