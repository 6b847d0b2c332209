"""The table for the ear: each pile as a node named with what it holds ("Column 3: 6 cards,
2 face down, top: Seven of hearts"), a move in a sentence ("Seven of hearts onto Eight of
spades, column 3. Turned up: Queen of clubs"), and what the reading keys read.

The table is read through the few things every table has (``piles()``, ``state``,
``layout.focus_order``, ``input``, ``chrome.title``), so this module imports no table."""

from __future__ import annotations

from typing import Any

from game.core import Move
from game.core.kinds import PileKind, split_pile_name
from game.core.language import _, capital, current, ngettext, pgettext
from game.ui.board.move_words import explain, noun_word
from game.ui.ear.screens import button_nodes, focused_button
from game.ui.ear.view import Node, Role, View

PILE = "p:"  # a pile node's key: "p:" and the pile's name
#: the piles P reads: what is turned, dealt from or kept aside
SIDE_KINDS = (PileKind.STOCK, PileKind.WASTE, PileKind.RESERVE, PileKind.HAND, PileKind.CELL)

Piles = dict[str, list[tuple[Any, bool]]]


def card_name(card: Any) -> str:
    """A card alone: "Seven of hearts"."""
    return capital(card.words("name"))


def cards_moved(first: Any, count: int) -> str:
    """What a move carries, named by its lowest card: "Seven of hearts", "3 cards from Nine of
    clubs"."""
    if count == 1:
        return card_name(first)
    # Translators: for the ear: several cards moved together, named by the lowest
    return _("{n} cards from {card}").format(n=count, card=card_name(first))


def onto(target: str, under: Any) -> bool:
    """Whether a move is said as going onto the card ``under`` (a foundation is said as the
    pile: "to Foundation 1")."""
    return under is not None and split_pile_name(target)[0] != PileKind.FOUNDATION


def pile_name(table: Any, name: str) -> str:
    """A pile as the ear names it, unique at its table: "Column 3", "Foundation 1", "Stock",
    "Reserve (Computer)"."""
    pile = table.state.pile[name]
    _kind, number = split_pile_name(name)
    word = capital(noun_word(pile.noun))
    owner = getattr(pile, "owner", None)
    if isinstance(owner, int):
        # Translators: a player's pile for the ear: "Reserve (Computer)", "Hand (You)"
        return _("{pile} ({owner})").format(pile=word, owner=table.chrome.title(owner))
    if number is None:
        return word
    # Translators: one of several piles of a kind, numbered from 1: "Column 3", "Foundation 2"
    return _("{pile} {n}").format(pile=word, n=number + 1)


def pile_summary(table: Any, name: str, piles: Piles | None = None) -> str:
    """ "Column 3: 6 cards, 2 face down, top: Seven of hearts"; "Waste: empty"."""
    cards = (piles or table.piles())[name]
    label = pile_name(table, name)
    if not cards:
        # Translators: a pile with no card, for the ear
        return _("{pile}: empty").format(pile=label)
    down = sum(1 for _card, up in cards if not up)
    parts = [ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards))]
    if down == len(cards):
        # Translators: every card of a pile lies face down, for the ear
        parts.append(_("all face down"))
    else:
        if down:
            parts.append(ngettext("{n} face down", "{n} face down", down).format(n=down))
        # Translators: the card on top of a pile, for the ear
        parts.append(_("top: {card}").format(card=card_name(cards[-1][0])))
    # Translators: for the ear: a pile and what it holds ("Column 3: 6 cards, top: ...")
    return _("{pile}: {what}").format(pile=label, what=", ".join(parts))


def pile_in_full(table: Any, name: str) -> str:
    """Every card of a pile, bottom to top: "Column 3: 2 face down; Six of clubs, Five of
    hearts"."""
    cards = table.piles()[name]
    label = pile_name(table, name)
    if not cards:
        return _("{pile}: empty").format(pile=label)
    down = sum(1 for _card, up in cards if not up)
    parts = []
    if down:
        parts.append(ngettext("{n} face down", "{n} face down", down).format(n=down))
    faces = [card_name(c) for c, up in cards if up]
    if faces:
        parts.append(", ".join(faces))
    return _("{pile}: {what}").format(pile=label, what="; ".join(parts))


def picked(table: Any) -> tuple[str, int] | None:
    """The pile and number of cards picked up with the keys (Enter), if any."""
    sel = table.input.selected
    if not sel:
        return None
    name, index = sel
    return name, len(table.piles()[name]) - index


def table_view(table: Any) -> View:
    """The table: a node per pile in the keys' order, then its buttons; the keys' focus."""
    piles = table.piles()
    held = picked(table)
    nodes = []
    for name in table.layout.focus_order:
        words = pile_summary(table, name, piles)
        pressed = None
        if held and held[0] == name:
            # Translators: for the ear, after a pile's words: cards picked up to be moved
            words += ". " + ngettext("{n} card picked up", "{n} cards picked up", held[1]).format(
                n=held[1]
            )
            pressed = True
        nodes.append(Node(PILE + name, Role.PILE, words, pressed=pressed))
    nodes.extend(button_nodes(table))
    focus = table.input.focus
    key = PILE + focus if focus in piles else focused_button(table)
    return View(table.title_text, tuple(nodes), key, current())


def move_words(table: Any, move: Move, before: Piles) -> str:
    """A move just made, from the piles ``before`` it: "Seven of hearts onto Eight of spades,
    column 3", "Ace of hearts to foundation 1", "Turned: Seven of hearts"; then any card it
    turned up ("Turned up: Queen of clubs")."""
    src, dst, count = move.source, move.target, move.count
    after = table.piles()
    if count < 1 or src not in before or dst not in after:
        return ""
    if src == dst:  # a card turned up where it lies (a hand's)
        was, now = before[src], after[src]
        if was and now and not was[-1][1] and now[-1][1]:
            return _("Turned {card} to {pile}").format(
                card=card_name(now[-1][0]), pile=pile_name(table, src)
            )
        return ""
    moved = before[src][-count:]
    if not moved:
        return ""
    landed = after[dst][-count:]
    first = moved[0][0]
    where = pile_name(table, dst)
    if all(not up for _c, up in landed):  # cards put back face down (the stock redealt)
        # Translators: for the ear: cards turned back face down onto a pile ("the stock")
        words = ngettext("{n} card back to {pile}", "{n} cards back to {pile}", count).format(
            n=count, pile=where
        )
    elif not moved[-1][1]:  # turned from a face-down pile
        # Translators: for the ear: a card turned up from a pile onto another
        words = _("Turned {card} to {pile}").format(card=card_name(landed[-1][0]), pile=where)
    else:
        under = before[dst][-1][0] if before.get(dst) else None
        what = cards_moved(first, count)
        if onto(dst, under):
            # Translators: for the ear: "Seven of hearts onto Eight of spades, Column 3"
            words = _("{what} onto {card}, {pile}").format(
                what=what, card=card_name(under), pile=where
            )
        else:
            # Translators: for the ear: "Ace of hearts to Foundation 1"
            words = _("{what} to {pile}").format(what=what, pile=where)
    was = before[src]
    now = after.get(src) or []
    if len(was) > count and not was[-count - 1][1] and now and now[-1][1]:
        # Translators: for the ear, after a move: the card it turned face up
        words += ". " + _("Turned up: {card}").format(card=card_name(now[-1][0]))
    return words


def plan_words(table: Any, move: Move) -> str:
    """A move that can be made now, with the piles it joins (for the ear: where to find the
    cards): "Nine of clubs from Column 3 onto Ten of clubs, Column 5", "Turn a card from
    Stock"."""
    piles = table.piles()
    src, dst, count = move.source, move.target, move.count
    cards = piles.get(src) or []
    if src in piles and move == table.turn_move(src):
        # Translators: for the ear: a move that turns a card from a pile ("Stock")
        return _("Turn a card from {pile}").format(pile=pile_name(table, src))
    if count < 1 or src == dst or len(cards) < count:
        return capital(explain(table.state, move))
    what = cards_moved(cards[-count][0], count)
    top = piles.get(dst)
    under = top[-1][0] if top else None
    here = pile_name(table, src)
    if onto(dst, under):
        # Translators: for the ear: "Nine of clubs from Column 3 onto Ten of clubs, Column 5"
        return _("{what} from {src} onto {card}, {pile}").format(
            what=what, src=here, card=card_name(under), pile=pile_name(table, dst)
        )
    # Translators: for the ear: "Ace of hearts from Column 3 to Foundation 1"
    return _("{what} from {src} to {pile}").format(what=what, src=here, pile=pile_name(table, dst))


def said_by(table: Any, mover: int, words: str) -> tuple[str, bool]:
    """A move's words as said at this table: another player's with its name first, urgent
    ("" stays unsaid)."""
    session = table.session
    if not words:
        return "", False
    if len(session.seats) > 1 and not session.is_local(mover):
        # Translators: for the ear: another player's move: "Computer: Seven of hearts to ..."
        return pgettext("the ear", "{player}: {move}").format(
            player=table.chrome.title(mover), move=words
        ), True
    return words, False


__all__ = [
    "PILE",
    "SIDE_KINDS",
    "card_name",
    "move_words",
    "pile_in_full",
    "pile_name",
    "pile_summary",
    "plan_words",
    "picked",
    "said_by",
    "table_view",
]
