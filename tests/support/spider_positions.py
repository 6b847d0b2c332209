"""Spider positions from pile texts, for any ``suits`` setting (``build``), and the piles of a
position with six runs off (``stuck_position``): for the rules' tests and the client's."""

from __future__ import annotations

from game.core import from_dict
from game.core.games.spider import CARD_SETS

SP = "spider"
RANKS = "A23456789TJQK"


def build(piles: dict[str, str], suits: int = 4, rest=None, down=None, vars=None, moves=()):
    """A Spider position from pile texts, bottom to top ("KS QS", a card without its pack digit
    takes the first unused copy), for any ``suits`` setting. Every other card goes under the
    named cards of ``rest`` (a pile name, a list sharing them, or a dict of pile -> count);
    cards put under a column lie face down, the stock's all do, the named ones face up
    (``down`` overrides). By default the stock takes them, but for the last ten, which make
    an unnamed tenth column: face down but its top card, so that the position is one a game
    reaches and goes on from (that card can always go to an empty column, turning a card)."""
    cards = CARD_SETS[suits]
    used: set = set()

    def take(code: str):
        if len(code) == 3:
            card = next(c for c in cards if c.code == code.upper())
        else:
            card = next(c for c in cards if str(c) == code.upper() and c not in used)
        assert card not in used, f"{code} used twice"
        used.add(card)
        return card

    layout = {name: [take(code).code for code in text.split()] for name, text in piles.items()}
    leftovers = [c.code for c in cards if c not in used]
    if rest is None:
        rest = (
            {"stock": len(leftovers) - 10, "tableau9": 10} if "tableau9" not in piles else "stock"
        )
    if isinstance(rest, str):
        rest = [rest]
    if isinstance(rest, list):
        share = -(-len(leftovers) // len(rest)) if rest else 0
        rest = {name: share for name in rest}
    downs = {}
    for name, n in rest.items():
        under, leftovers = leftovers[:n], leftovers[n:]
        layout[name] = under + layout.get(name, [])
        if name.startswith("tableau"):
            downs[name] = min(len(under), len(layout[name]) - 1)
    assert not leftovers, "rest must take every remaining card"
    names = ["stock"] + [f"foundation{i}" for i in range(8)] + [f"tableau{i}" for i in range(10)]
    layout = {n: layout.get(n, []) for n in names}
    downs["stock"] = len(layout["stock"])
    downs.update(down or {})
    data = {
        "format": 1,
        "game": SP,
        "seed": None,
        "options": {"suits": suits},
        "start": {
            "piles": layout,
            "down": {k: v for k, v in downs.items() if v},
            "vars": vars or {},
        },
        "moves": list(moves),
    }
    return from_dict(data)


def stuck_position():
    """Six runs off (both packs' spades and hearts, one pack's diamonds and clubs): the
    other 26 cards go into the columns."""
    return {f"foundation{i}": " ".join(r + "SHDCSH"[i] for r in RANKS) for i in range(6)}
