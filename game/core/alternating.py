"""What the solitaires that build down in alternating colours and move runs as one share
(Standard, Little Harp): the piles, the runs, the search for the end, the auto-moves.

A face-down card left on top of a pile turns face up inside ``push`` (``pop`` turns it back).

The end: a move *helps* when it cannot be taken back (a card to a foundation, a card turned
up, a row dealt; in Little Harp a card leaving the waste). Once nothing can help, the deal is
stuck and ``legal_moves()`` is empty, like any finished game's: the piles are searched for a
sequence of moves between them that reaches a helpful move. The answer must fit in the frame
after a move (a few ms natively, twice that in the browser), and it must never call a deal
stuck that is not. Two parts, each sound:

- ``hopeless``: a relaxed game that can do more than the real one (a card that once lay on top
  stays a place to build on for good, an empty pile once there stays) can't reach a helpful
  move either. A few dozen steps; it proves most stuck deals (nine in ten in play).
- ``search``: the real moves, arrangement by arrangement (piles taken in any order, cards of
  the same face alike), until a helpful move is found (not stuck) or every arrangement is seen
  (stuck). Its work is bounded (``SEARCH_LIMIT``, about 3 ms); past that it can't tell, and the
  deal is taken as not stuck yet (about one stuck deal in sixty, in play, where runs can be
  moved to and fro in thousands of ways).

So that every deal still ends, it is over too after ``QUIET_LIMIT`` moves in a row that did not
help (the variable ``quiet``; saved, and given back by ``pop``), as Spider's is.

A game says what its stock does: ``_stock_moves()``, ``_stock_refusal(move)`` and
``_play_stock(move, ops)``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Final, Literal

from game.core.cards import SUITS, Card, card_key
from game.core.history import Ops
from game.core.kinds import FOUNDATION, STOCK, TABLEAU, WASTE, PileKind, split_pile_name
from game.core.language import N_, _, ngettext
from game.core.moves import IllegalMove, Move
from game.core.piles import (
    ACE_KEYS,
    ANY,
    DOWN_ALTERNATING,
    DownAlternating,
    Faces,
    Pile,
    pile_sentence,
)
from game.core.result import Result, Status
from game.core.solitaire import Solitaire, usual_refusal

# card face -> the faces that may be played on it: one rank lower, the other colour
ALTERNATE: Final = DOWN_ALTERNATING
_RED = {"S": False, "H": True, "D": True, "C": False}
# card face -> the faces it may go on: one rank higher, the other colour
PARENTS: Final[Mapping[int, Faces]] = {
    card_key(r, s): tuple(card_key(r + 1, o) for o in SUITS if _RED[o] != _RED[s] and r < 13)
    for r in range(1, 14)
    for s in SUITS
}
KING_KEYS: Final[Faces] = tuple(card_key(13, s) for s in SUITS)
SEARCH_LIMIT: Final = 16000  # work the stuck search may do (then: not stuck yet): about 3 ms
QUIET_LIMIT: Final = 300  # moves in a row that did not help: the deal is over

#: "Only the top card of ... can be moved.", by the way the pile is named (pile_sentence)
ONLY_THE_TOP_CARD: Final = {"the waste": N_("Only the top card of the waste can be moved.")}

#: a pile as the searches see it: (face-down cards under it?, its face-up faces, bottom first)
SearchPile = tuple[bool, Faces]
#: whether an empty pile takes a card of a face
Takes = Callable[[int], bool]
#: a refusal of the building rules: False when they allow the move, else the IllegalMove
Refusal = IllegalMove | Literal[False]


def fits(card: Card, on: Card) -> bool:
    """``card`` goes on ``on`` in a pile: one rank lower, the other colour."""
    return on.rank == card.rank + 1 and on.red != card.red


def run_length(pile: Pile) -> int:
    """How many cards on top of a pile form a run down in alternating colours (face up)."""
    return _run(pile.cards, len(pile.cards) - pile.down)


def _run(cards: list[Card], up: int) -> int:
    n = 1 if up > 0 else 0
    while n < up and fits(cards[-n], cards[-n - 1]):
        n += 1
    return n


class AlternatingPile(DownAlternating):
    """A pile building down in alternating colours; empty, it takes any card."""

    # Translators: a building rule, said after a refusal
    rule = N_("piles build down in alternating colours")

    @classmethod
    def accepts_empty(cls, face: int) -> bool:
        """Whether an empty pile takes a card of this face."""
        return cls.WHEN_EMPTY is ANY or face in cls.WHEN_EMPTY

    @property
    def label_pattern(self) -> tuple[str, int]:
        return "pile {n}", (split_pile_name(self.name)[1] or 0) + 1

    def check(self, cards: list[Card], down: int) -> str | None:
        if cards and down >= len(cards):
            return f"{self.name}: the top card of a pile must be face up"
        return None


class AlternatingSolitaire(Solitaire):
    """Piles building down in alternating colours, runs moving as one, face-down cards turning
    up by themselves, and the deal stuck once no move can help (see the module's docstring).
    A game says what its stock does: ``_stock_moves()``, ``_stock_refusal(move)`` (None when
    the move is not one of its stock moves) and ``_play_stock(move, ops)``."""

    Tableau: ClassVar[type[AlternatingPile]] = AlternatingPile
    VARS: ClassVar[Mapping[str, Any]] = {"quiet": 0}  # moves in a row that did not help
    quiet: int
    stock: Pile

    def __init__(self, seed: int | None = None, **options: Any):
        super().__init__(seed, **options)
        self._helps: tuple[list[Move], bool] | None = None  # (legal moves, _can_help of them)
        self._reached: dict[object, bool] = {}  # _reach's answers, by its key

    # ----------------------------------------------------------------- moves
    def _rule_moves(self) -> list[Move]:
        """Every move the building rules allow now (before the stuck test)."""
        moves: list[Move] = []
        waste = self.waste if self.waste is not None and self.waste.cards else None
        self._moves_to_foundations([p for p in (waste, *self.tableau) if p and p.cards], moves)
        on_top: dict[int, list[Pile]] = {}  # top face -> the piles it lies on
        empties = []
        for pile in self.tableau:
            if pile.cards:
                on_top.setdefault(pile.cards[-1].key, []).append(pile)
            else:
                empties.append(pile)
        takes = self.Tableau.accepts_empty
        table = self._move_table
        if waste is not None:
            face = waste.cards[-1].key
            row = table[waste.index]
            moves += [row[t.index] for k in PARENTS[face] for t in on_top.get(k, ())]
            if empties and takes(face):
                moves += [row[t.index] for t in empties]
        for src in self.tableau:
            cards = src.cards
            row = table[src.index]
            for n in range(1, run_length(src) + 1):
                face = cards[-n].key
                targets = [t for k in PARENTS[face] for t in on_top.get(k, ())]
                if empties and takes(face):
                    targets += empties
                for t in targets:
                    moves.append(row[t.index] if n == 1 else Move(src.name, t.name, n))
        moves += self._stock_moves()
        return moves

    def _stock_moves(self) -> list[Move]:
        raise NotImplementedError

    def _generate_moves(self) -> list[Move]:
        moves = self._rule_moves()
        if not moves or self.quiet >= QUIET_LIMIT:
            return []
        helps = self._can_help(moves)
        self._helps = (moves, helps)  # for _play (the list is the position's legal moves)
        return [] if self._stuck(helps) else moves

    def _stuck(self, helps: bool) -> bool:
        """Whether the deal is over although the rules still allow moves; ``helps``: whether
        some helpful move can be reached (``_can_help``)."""
        return not helps

    def _helps_now(self) -> bool:
        """``_can_help`` for the current position (during ``_play``: before the move)."""
        cached = self._helps
        if cached is not None and cached[0] is self._legal:
            return cached[1]
        return self._can_help(self._rule_moves())

    def turn_move(self, pile: str) -> Move | None:
        return self._stock_moves()[0] if pile == "stock" and self._stock_moves() else None

    # ----------------------------------------------------------------- refusals
    def _refusal(self, move: Move) -> IllegalMove | None:
        src, dst = self._pile_of(move.source), self._pile_of(move.target)
        error = self._stock_refusal(move)
        if error is None:
            error = self._card_refusal(move, src, dst)
        if error is False:  # a move the rules allow: refused only when the deal is over
            if move in self.legal_moves():
                return None
            if self.quiet >= QUIET_LIMIT:
                # Translators: {reason}: why, a sentence ("No card went to a foundation ...")
                return IllegalMove(
                    _("This deal is over: {reason}").format(reason=self._quiet_reason())
                )
            return IllegalMove(_("This deal is stuck: no move can help any more."))
        return error

    def _stock_refusal(self, move: Move) -> Refusal | None:
        """For a stock move (turning, dealing, redealing): False if the rules allow it now,
        else the IllegalMove; None for any other move."""
        raise NotImplementedError

    def _card_refusal(self, move: Move, src: Pile, dst: Pile) -> Refusal:
        """False if the building rules allow a card or run move now, else the IllegalMove."""
        if src is self.stock or dst is self.stock:
            return IllegalMove(_("Cards can't go back to the stock."))
        error = usual_refusal(src, dst)
        if error:
            return error
        if dst.kind is PileKind.WASTE:
            return IllegalMove(dst.refusal(src.cards[-1]))
        if move.count > 1:
            error = self._run_refusal(move, src, dst)
            if error:
                return error
        card = src.cards[-move.count]
        return False if dst.accepts(card) else IllegalMove(dst.refusal(card))

    def _run_refusal(self, move: Move, src: Pile, dst: Pile) -> IllegalMove | None:
        """Why a run of ``move.count`` cards may not move from src to dst, or None."""
        if src.kind is not PileKind.TABLEAU:
            return IllegalMove(
                pile_sentence(src, ONLY_THE_TOP_CARD, "Only the top card of {pile} can be moved.")
            )
        if dst.kind is not PileKind.TABLEAU:
            return IllegalMove(_("Cards go to a foundation one at a time."))
        up = len(src.cards) - src.down
        n = src.label_pattern[1]
        if move.count > up:
            # Translators: {count} is 2 or more; {n}: the pile's number from the left
            return IllegalMove(
                ngettext(
                    "There are not {count} face-up cards on pile {n}.",
                    "There are not {count} face-up cards on pile {n}.",
                    move.count,
                ).format(count=move.count, n=n)
            )
        if move.count > run_length(src):
            # Translators: {count} is 2 or more; {n}: the pile's number from the left
            return IllegalMove(
                ngettext(
                    "The top {count} cards of pile {n} are not a run down in alternating colours.",
                    "The top {count} cards of pile {n} are not a run down in alternating colours.",
                    move.count,
                ).format(count=move.count, n=n)
            )
        return None

    # ----------------------------------------------------------------- playing
    def _play(self, move: Move, ops: Ops) -> None:
        quiet = 0 if self.helps(move) else self.quiet + 1  # (asked before the move)
        if not self._play_stock(move, ops):
            self._play_cards(move, ops)
        if quiet != self.quiet:
            self._set(ops, "quiet", quiet)

    def _play_stock(self, move: Move, ops: Ops) -> bool:
        """Play a stock move and return True; False for any other move."""
        raise NotImplementedError

    def _play_cards(self, move: Move, ops: Ops) -> None:
        src = self.pile[move.source]
        self._move(ops, src, self.pile[move.target], move.count)
        if src.cards and src.down >= len(src.cards):  # a face-down card is left on top
            self._set_down(ops, src, len(src.cards) - 1)

    # ----------------------------------------------------------------- the end
    def result(self) -> Result | None:
        if self.is_won():
            return Result(Status.WON, 0, reason=_("Every card is on the foundations."))
        if self.legal_moves():
            return None
        if self._rule_moves():
            if self.quiet >= QUIET_LIMIT:
                return Result(Status.STUCK, reason=self._quiet_reason())
            return Result(Status.STUCK, reason=self._stuck_reason())
        return Result(Status.STUCK, reason=_("No more moves."))

    def _stuck_reason(self) -> str:
        return _("No move can put a card on a foundation or turn a card up any more.")

    def _quiet_reason(self) -> str:
        # Translators: {n}: a number of moves, 300
        return ngettext(
            "No card went to a foundation or turned up, and no row was dealt, in "
            "the last {n} moves.",
            "No card went to a foundation or turned up, and no row was dealt, in "
            "the last {n} moves.",
            QUIET_LIMIT,
        ).format(n=QUIET_LIMIT)

    def helps(self, move: Move) -> bool:
        """The move can't be taken back by another move: a card goes to a foundation or leaves
        the waste, a face-down card turns up, a row is dealt."""
        if move.target.startswith(FOUNDATION) or move.source == WASTE:
            return move.target != STOCK
        if move.source == STOCK:
            return self._deal_helps()
        src = self.pile.get(move.source)
        return (
            src is not None
            and src.kind is TABLEAU
            and src.down > 0
            and move.count == len(src.cards) - src.down
        )

    def _deal_helps(self) -> bool:
        """Whether taking cards from the stock is a helpful move (dealing a row is; turning
        cards onto a waste that goes back to the stock is not)."""
        return True

    def _can_help(self, moves: list[Move]) -> bool:
        """Some helpful move is possible now, or after moves between the piles (``_reach``)."""
        return any(self.helps(m) for m in moves) or self._reach()

    def _reach(self) -> bool:
        """Whether moves between the piles can reach a helpful move: a card to a foundation, a
        face-down card turning up, or the waste's top card played (yes too when the search
        can't tell within its limit). A pile is (face-down cards under it?, its face-up
        faces); kept per piles, foundations and waste card (turning the stock changes only
        the last), so that going round the stock asks again only for new waste cards."""
        wants: set[int] = set()  # the faces the foundations take
        for f in self.foundations:
            if not f.cards:
                wants.update(ACE_KEYS)
            elif f.cards[-1].rank < 13:
                wants.add(f.cards[-1].key + 1)
        start = tuple((p.down > 0, tuple(c.key for c in p.cards[p.down :])) for p in self.tableau)
        waste = self.waste.cards[-1].key if self.waste is not None and self.waste.cards else None
        key = (start, tuple(sorted(wants)), waste)
        cache = self._reached
        found = cache.get(key)
        if found is None:
            if len(cache) > 256:
                cache.clear()
            takes = self.Tableau.accepts_empty
            found = cache[key] = (
                not hopeless(start, wants, takes, waste)
                and search(start, wants, takes, waste) is not False
            )
        return found

    def _var_from_json(self, name: str, value: Any) -> Any:
        if type(value) is not int or not 0 <= value <= QUIET_LIMIT:
            raise ValueError(
                f"{name} must be a whole number from 0 to {QUIET_LIMIT}, not {value!r}"
            )
        return value

    # ----------------------------------------------------------------- auto-moves
    def safe_move(self) -> Move | None:
        """A move to a foundation that can never be regretted (for auto-move): the card is an
        Ace or a Two, or every card that could be played on it in a pile (one rank lower, the
        other colour, every copy) is already on the foundations."""
        tops: dict[str, list[int]] = {}
        for f in self.foundations:
            if f.cards:
                tops.setdefault(f.cards[0].suit, []).append(f.cards[-1].rank)
        copies = len(self.CARDS) // 52
        for m in self.legal_moves():
            if not m.target.startswith(FOUNDATION) or not self._auto_from(m.source):
                continue
            card = self.pile[m.source].cards[-1]
            if card.rank <= 2 or all(
                sum(1 for t in tops.get(SUITS[k // 16], ()) if t >= card.rank - 1) == copies
                for k in ALTERNATE[card.key]
            ):
                return m
        return None

    def _auto_from(self, pile: str) -> bool:
        """Whether a safe card may go home by itself from this pile."""
        return True


# --------------------------------------------------------------------- can anything help?
def hopeless(
    piles: Sequence[SearchPile], wants: Collection[int], takes: Takes, waste: int | None
) -> bool:
    """Proved: no line of moves between the piles can put a card on a foundation (a face in
    ``wants``), turn a face-down card up or take the waste card (``waste``, a face, or None),
    because a relaxed game that allows more than the real one can't either. ``piles``: (face-down
    cards under it?, its face-up faces) per pile; ``takes(face)``: an empty pile takes it.
    Public: the solver's Standard model (game/ai/solver/models/standard_solitaire.py) asks it too.

    In the relaxed game a card that once lay on top of its pile stays a place to build on for
    good (any number of cards may go on it), and an empty pile, once there, stays. Cards are
    followed at their places in the deal: ``exposed``, a card that can come to lie on top there;
    ``lifted``, a card that can be moved off the card under it there, with the run above it
    (which must reach up to an exposed card: the top of the card's run as dealt), onto an
    exposed card one rank higher of the other colour or into an empty pile that takes it.
    Every card a real line of moves brings to the top is exposed here (it lay on top before, or
    the card just above it as dealt was moved off it), every empty pile is one here, and every
    card it moves is lifted here; so when nothing helpful happens here, nothing does there."""
    empty = False
    exposed: list[list[bool]] = []
    lifted: list[list[bool]] = []
    runtops: list[list[int]] = []
    places = set()  # faces of the exposed cards
    for _down, up in piles:
        n = len(up)
        runtop = list(range(n))  # per card: the top of its run as dealt
        for i in range(n - 2, -1, -1):
            if up[i] in PARENTS[up[i + 1]]:
                runtop[i] = runtop[i + 1]
        runtops.append(runtop)
        exposed.append([False] * n)
        lifted.append([False] * n)
        if n:
            if up[-1] in wants:
                return False
            exposed[-1][-1] = True
            places.add(up[-1])
        else:
            empty = True
    changed = True
    while changed:
        changed = False
        for (down, up), exp, lift, runtop in zip(piles, exposed, lifted, runtops):
            for i in range(len(up) - 1, -1, -1):
                if lift[i] or not exp[runtop[i]]:
                    continue
                face = up[i]
                if not ((empty and takes(face)) or any(k in places for k in PARENTS[face])):
                    continue
                lift[i] = changed = True
                if i == 0:
                    if down:
                        return False  # a face-down card turns up
                    empty = True
                elif not exp[i - 1]:
                    exp[i - 1] = True
                    if up[i - 1] in wants:
                        return False  # a card to a foundation
                    places.add(up[i - 1])
    return waste is None or not (
        (empty and takes(waste)) or any(k in places for k in PARENTS[waste])
    )


def search(
    piles: Sequence[SearchPile],
    wants: Collection[int],
    takes: Takes,
    waste: int | None,
    limit: int = SEARCH_LIMIT,
) -> bool | None:
    """The real moves between the piles, arrangement by arrangement (nearest first): True when
    one reaches a helpful move (as ``hopeless`` says), False when none can, None when that is
    not known within ``limit`` units of work (16 per arrangement, 8 per move tried, 1 per card
    of a run looked at: about 0.2 microseconds each natively).
    An arrangement is the piles taken in any order, each
    as bytes: 1 or 0 (face-down cards under it or not), then its face-up faces."""
    waste_empty = waste is not None and takes(waste)
    first = tuple(sorted(bytes((1 if down else 0, *up)) for down, up in piles))
    seen = {first}
    queue = deque([first])
    runs: dict[bytes, int] = {}
    work = 0  # 16 per arrangement looked at, 8 per move tried, 1 per card of a run
    while queue:
        table = queue.popleft()
        work += 16
        onto: dict[int, list[int]] = {}  # face -> the piles whose top it goes on
        empties = []
        for j, pile in enumerate(table):
            if len(pile) > 1:
                top = pile[-1]
                if top in wants:
                    return True  # a card to a foundation
                for face in ALTERNATE.get(top, ()):
                    if face in onto:
                        onto[face].append(j)
                    else:
                        onto[face] = [j]
            else:
                empties.append(j)
        if waste is not None and (waste in onto or (empties and waste_empty)):
            return True  # the waste card can be played
        for i, pile in enumerate(table):
            size = len(pile) - 1
            if not size:
                continue
            run = runs.get(pile)
            if run is None:
                run = 1
                while run < size and pile[-run - 1] in PARENTS[pile[-run]]:
                    run += 1
                runs[pile] = run
            work += run
            for n in range(1, run + 1):
                face = pile[-n]
                targets = onto.get(face)
                if n == size and pile[0]:  # the whole face-up part, over face-down cards
                    if targets or (empties and takes(face)):
                        return True  # a face-down card turns up
                    continue
                if empties and n < size and takes(face):
                    targets = targets + empties if targets else empties
                if not targets:
                    continue
                work += 8 * len(targets)
                if work > limit:
                    return None
                rest, moved = pile[:-n], pile[-n:]
                for j in targets:
                    new = list(table)
                    new[i] = rest
                    new[j] = table[j] + moved
                    new.sort()
                    key = tuple(new)
                    if key not in seen:
                        seen.add(key)
                        queue.append(key)
    return False


__all__ = [
    "ALTERNATE",
    "KING_KEYS",
    "ONLY_THE_TOP_CARD",
    "PARENTS",
    "QUIET_LIMIT",
    "SEARCH_LIMIT",
    "AlternatingPile",
    "AlternatingSolitaire",
    "Refusal",
    "SearchPile",
    "fits",
    "hopeless",
    "run_length",
    "search",
]
