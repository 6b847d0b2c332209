"""Moves in a player's words, said on the table's message line (a hint, what Undo took back,
what Redo plays again): "move the Nine of clubs onto the Ten of clubs"."""

from __future__ import annotations

from game.core import Move


def explain(state, move: Move) -> str:
    """A move in a player's words: "move the Nine of clubs onto the Ten of clubs"."""
    if move == state.turn_move(move.source):
        return f"turn a card from your {state.pile[move.source].noun}"
    if move.source == move.target:  # a pass
        return "end your turn"
    src, dst = state.pile[move.source], state.pile[move.target]
    if len(src.cards) < move.count:
        return str(move)
    card = src.cards[-move.count]
    what = (f"the {card.name}" if move.count == 1
            else f"the {move.count} cards from the {card.name}")
    if dst.kind == "foundation":
        where = "to a foundation"
    elif dst.top is None:
        where = f"to the empty {dst.noun}"  # the game's word: Battle solitaire's "pile"
    else:
        where = f"onto the {dst.top.name}"
    ends = ", which ends your turn" if move == state.end_turn_move() else ""
    return f"move {what} {where}{ends}"


def describe(state, moves) -> str:
    """A group of moves in words, said of the position before them (after an undo, or
    before a redo): its first move, and how many came with it ("the Nine of clubs onto
    the Ten of clubs, and 2 more moves")."""
    if not moves:
        return "nothing"
    first = explain(state, moves[0]).removeprefix("move ")
    rest = len(moves) - 1
    return first + (f", and {rest} more move{'s' if rest > 1 else ''}" if rest else "")


__all__ = ["describe", "explain"]
