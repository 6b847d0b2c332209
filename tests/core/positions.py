"""Hand-built positions for rule tests: name the cards that matter, the rest go somewhere
harmless. ``build("forty-thieves", {"tableau0": "9H 8H", "waste": "KS"})``."""

from __future__ import annotations

from game.core import Card, from_dict, game_class


def build(game_id: str, piles: dict[str, str], rest: str | dict = "stock", down=None,
          options=None, vars=None, moves=()):
    """A position from pile texts ("AS 2S 3S", bottom to top; a card without a pack digit takes
    the first unused copy). Every other card goes under the named cards of ``rest`` (a pile name,
    a list of pile names sharing them, or a dict of pile name -> count). ``down``: face-down counts; the stock and hands default to
    all face down, reserves to all but the top."""
    used: set[Card] = set()

    def take(code: str) -> Card:
        if len(code) == 3:
            card = Card.parse(code)
        else:
            card = next(c for c in (Card.parse(code + "0"), Card.parse(code + "1"))
                        if c not in used)
        assert card not in used, f"{code} used twice"
        used.add(card)
        return card

    cls = game_class(game_id)
    layout = {name: [take(code).code for code in text.split()] for name, text in piles.items()}
    leftovers = [c.code for c in cls.CARDS if c not in used]
    if isinstance(rest, str):
        rest = [rest]
    if isinstance(rest, list):  # share the leftovers out evenly
        share = -(-len(leftovers) // len(rest)) if rest else 0
        rest = {name: share for name in rest}
    for name, n in rest.items():  # leftovers go under the named cards
        layout[name] = leftovers[:n] + layout.get(name, [])
        leftovers = leftovers[n:]
    assert not leftovers, "rest must take every remaining card"
    names = [name for name, _ in cls.LAYOUT]
    layout = {n: layout.get(n, []) for n in names}
    downs = {}
    for name, cards in layout.items():
        if name == "stock" or name.startswith("hand"):
            downs[name] = len(cards)
        elif name.startswith("reserve"):
            downs[name] = max(len(cards) - 1, 0)
    downs.update(down or {})
    data = {"format": 1, "game": game_id, "seed": None, "options": options or {},
            "start": {"piles": layout, "down": {k: v for k, v in downs.items() if v},
                      "vars": vars or {}},
            "moves": list(moves)}
    return from_dict(data)


def tops(state) -> dict[str, str]:
    """Top card of every non-empty pile, as text."""
    return {name: str(cards[-1][0]) for name, cards in state.piles().items() if cards}


def every_card_once(state) -> bool:
    cards = [c for pile in state.piles().values() for c, _ in pile]
    return len(cards) == len(state.CARDS) and set(cards) == set(state.CARDS)


def whole(state) -> dict:
    """Everything a state is, to compare two states completely: the piles with their faces, every
    variable, the history (moves, breaches, what a Stop! call replaced), the open breach, the
    legal moves (the cached list and a fresh generation), the breach moves, the result and the
    save. (Comparing saves alone misses cards that disagree with the moves.)"""
    def entry(e):
        return (str(e.move), e.breach, entry(e.restore) if e.restore is not None else None)

    return {"piles": state.piles(), "down": {p.name: p.down for p in state.pile_list},
            "vars": {name: getattr(state, name) for name in state.VARS},
            "history": [entry(e) for e in state.history], "breach": state.breach,
            "legal": state.legal_moves(), "generated": state._generate_moves(),
            "breach_moves": state.breach_moves(), "result": state.result(),
            "key": state.key(), "save": state.to_dict()}
