"""Building test positions through the core's own loader (from_dict), and an independent
brute-force solver that uses nothing but the core's public API."""

from __future__ import annotations

from game.core import Card, from_dict

SUITS = "SHDC"


def position(game, columns=(), waste=(), stock=(), down=None, protected=None, options=None):
    """A position with the given cards ("KS0" codes) in the columns, waste and stock (bottom
    to top); every other card is on the foundations, pack by pack (foundation = pack * 4 +
    suit). The cards left out must be, for each suit and pack, a run from the King down."""
    columns = [list(c) for c in columns] + [[] for _ in range(10 - len(columns))]
    placed = {c for col in columns for c in col} | set(waste) | set(stock)
    piles = {"stock": list(stock), "waste": list(waste)}
    for deck in (0, 1):
        for si, suit in enumerate(SUITS):
            ranks = [
                r for r in range(1, 14) if f"{'A23456789TJQK'[r - 1]}{suit}{deck}" not in placed
            ]
            assert ranks == list(range(1, len(ranks) + 1)), f"{suit}{deck}: not from the Ace"
            piles[f"foundation{deck * 4 + si}"] = [Card(r, suit, deck).code for r in ranks]
    for i, col in enumerate(columns):
        piles[f"tableau{i}"] = col
    downs = {"stock": len(stock)}
    for i, d in enumerate(down or ()):
        if d:
            downs[f"tableau{i}"] = d
    variables = {}
    if protected is not None:
        variables["protected"] = [bool(p) for p in protected]
    data = {
        "format": 1,
        "game": game,
        "seed": None,
        "options": dict(options or {}),
        "start": {"piles": piles, "down": downs, "vars": variables},
        "moves": [],
    }
    return from_dict(data)


def brute_force(state, limit: int = 200_000) -> bool | None:
    """Is the position winnable? Exhaustive search over the core's legal moves, merging
    positions by the core's key(). None if more than ``limit`` positions."""
    seen = {state.key()}
    stack = [iter(state.legal_moves())]
    if state.result() is not None and state.result().status == "won":
        return True
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                state.pop()
            continue
        state.push(move)
        result = state.result()
        if result is not None and result.status == "won":
            return True
        k = state.key()
        if k in seen:
            state.pop()
            continue
        seen.add(k)
        if len(seen) > limit:
            return None
        stack.append(iter(state.legal_moves()))
    return False
