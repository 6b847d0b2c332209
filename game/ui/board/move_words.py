"""Moves in a player's words, said on the table's message line (a hint, what Undo took back,
what Redo plays again): "move the Nine of clubs onto the Ten of clubs".

A pile is named by the game's word for it (``Pile.noun``: "column", "house", Battle
solitaire's "pile"), which the core keeps in English (marked with N_); a phrase that names a
pile with an article or "your" is one message per word (``FROM_YOUR``, ``TO_EMPTY``), since
each language's article follows its noun. ``pile_phrase`` picks one, ``noun_word`` says a word
alone."""

from __future__ import annotations

from game.core import Move
from game.core.kinds import PileKind
from game.core.language import NP_, _, ngettext, pgettext

#: "turn a card from your stock": the pile a card is turned from
FROM_YOUR = {
    "stock": NP_("turn a card from your ...", "from your stock"),
    "hand": NP_("turn a card from your ...", "from your hand"),
    "waste": NP_("turn a card from your ...", "from your waste"),
    "reserve pile": NP_("turn a card from your ...", "from your reserve pile"),
}

#: "move the Nine of clubs to the empty column": an empty pile a card goes to
TO_EMPTY = {
    "column": NP_("move a card to the empty ...", "to the empty column"),
    "house": NP_("move a card to the empty ...", "to the empty house"),
    "cell": NP_("move a card to the empty ...", "to the empty cell"),
    "pile": NP_("move a card to the empty ...", "to the empty pile"),
    "stock": NP_("move a card to the empty ...", "to the empty stock"),
    "waste": NP_("move a card to the empty ...", "to the empty waste"),
    "reserve": NP_("move a card to the empty ...", "to the empty reserve"),
    "hand": NP_("move a card to the empty ...", "to the empty hand"),
    "penalty pile": NP_("move a card to the empty ...", "to the empty penalty pile"),
    "reserve pile": NP_("move a card to the empty ...", "to the empty reserve pile"),
}


def noun_word(noun: str) -> str:
    """A pile's word alone, in the current language ("column"; the core marks each)."""
    return _(noun) if noun else noun


def pile_phrase(table: dict, noun: str, generic: str, **fields) -> str:
    """The phrase of ``table`` for the pile word ``noun``, its ``fields`` filled in; a word
    the table lacks (a new game's) takes ``generic`` (translated, the word as ``{pile}``)."""
    entry = table.get(noun)
    if entry is not None:
        return pgettext(*entry).format(**fields)
    return generic.format(pile=noun_word(noun), **fields)


def explain(state, move: Move) -> str:
    """A move in a player's words: "move the Nine of clubs onto the Ten of clubs"."""
    return _words(state, move, True)


def _words(state, move: Move, verb: bool) -> str:
    """``explain``'s words; without ``verb``, said as what was moved ("the Nine of clubs onto
    the Ten of clubs": what Undo took back)."""
    if move == state.turn_move(move.source):
        # Translators: {pile} is a phrase such as "from your stock"
        return _("turn a card {pile}").format(
            pile=pile_phrase(
                FROM_YOUR,
                state.pile[move.source].noun,
                # Translators: a pile without a phrase of its own; {pile} is its word
                _("from your {pile}"),
            )
        )
    if move.source == move.target:  # a pass
        return _("end your turn")
    src, dst = state.pile[move.source], state.pile[move.target]
    if len(src.cards) < move.count:
        return str(move)
    card = src.cards[-move.count]
    if move.count == 1:
        what = card.words("object")
    else:
        # Translators: cards moved together; {from_card} is "from the Nine of clubs"
        what = ngettext("the {n} card {from_card}", "the {n} cards {from_card}", move.count).format(
            n=move.count, from_card=card.words("from")
        )
    if dst.kind == PileKind.FOUNDATION:
        words = (
            _("move {cards} to a foundation")
            if verb
            # Translators: what Undo took back or Redo plays again (no verb)
            else _("{cards} to a foundation")
        ).format(cards=what)
    else:
        if dst.top is None:  # the game's word: Battle solitaire's "pile"
            # Translators: a pile without a phrase of its own; {pile} is its word
            where = pile_phrase(TO_EMPTY, dst.noun, _("to the empty {pile}"))
        else:
            where = dst.top.words("onto")
        # Translators: {where} is "onto the Ten of clubs" or "to the empty column"
        words = (
            _("move {cards} {where}")
            if verb
            # Translators: what Undo took back or Redo plays again (no verb); {where}
            # is "onto the Ten of clubs" or "to the empty column"
            else _("{cards} {where}")
        ).format(cards=what, where=where)
    if move == state.end_turn_move():
        # Translators: {move} is a move in words, "move the Nine of clubs to the empty waste"
        return _("{move}, which ends your turn").format(move=words)
    return words


def describe(state, moves) -> str:
    """A group of moves in words, said of the position before them (after an undo, or
    before a redo): its first move, and how many came with it ("the Nine of clubs onto
    the Ten of clubs, and 2 more moves")."""
    if not moves:
        # Translators: what Undo took back, or Redo plays again: "Took back: nothing."
        return pgettext("moves taken back or played again", "nothing")
    first = _words(state, moves[0], False)
    rest = len(moves) - 1
    if not rest:
        return first
    # Translators: {first} is a move in words, "the Nine of clubs onto the Ten of clubs"
    return ngettext("{first}, and {n} more move", "{first}, and {n} more moves", rest).format(
        first=first, n=rest
    )


__all__ = ["FROM_YOUR", "TO_EMPTY", "describe", "explain", "noun_word", "pile_phrase"]
