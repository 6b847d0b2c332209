"""What the compact search models of the races share (game/core/race.py: Russian Bank, Battle
solitaire): the table of eight houses and eight foundations as plain lists of card faces, kept
hashed as the moves are played and undone.

Cards are faces ``suit * 16 + rank`` (``Card.key``; game/ai/race/faces.py has them and what
goes on what): which pack a card comes from never matters to the rules. A card the searching
player can't see is ``HIDDEN``.

Pile codes, in every race model: 0-7 houses, 8-15 foundations, ``OWN`` (16) and up the piles
of the player on turn (then, in a game that needs them, the opponent's). A move is
``(source, target)``; ``PASS_MOVE`` ends the turn.

A game's model (game/ai/players/<game>/model.py) subclasses ``RaceModel[Token, State]``
(``Token``: what its ``do`` returns for its ``undo``; ``State``: the core's class of the game):
it reads its own piles in ``_read_own`` (``from_state`` reads the table), names them for
``_own`` and by their kinds in ``OWN_PILES`` (``pile_names``: the core's names of the pile
codes), and states its move rules (``moves``, ``leaf_kind``, ``do``, ``undo``, ``key``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar, Generic, Self, TypeVar

from game.ai.race.faces import ACES, BUILD_ON, HIDDEN, NEXT_UP
from game.core import Card
from game.core.kinds import PileKind
from game.core.race import RaceState

T = TypeVar("T")  # a model's undo token
R = TypeVar("R", bound=RaceState)  # the core's class of the game
RaceMove = tuple[int, int]  # (source, target) pile codes
Piles = Mapping[str, Sequence[tuple[Card, bool]]]

OWN = 16  # the first pile code of the player's own piles
PASS_MOVE = (-1, -1)


#: the core's names of the table's piles, by pile code: the houses (0-7), then the foundations
#: (8-15); a game's model adds its own piles after them
TABLE_PILES = tuple(f"{PileKind.HOUSE}{i}" for i in range(8)) + tuple(
    f"{PileKind.FOUNDATION}{i}" for i in range(8)
)


def zobrist_tables(seed: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Zobrist numbers: a house hashes the (depth, face) of its cards (``[depth][face]``); a
    foundation its top face (``[face]``, 0 for an empty one). The table hashes the SUM of the
    house hashes, so positions that differ only by which house holds which column are merged.
    Each game draws its own from its own seed."""
    rng = random.Random(seed)
    houses = tuple(tuple(rng.getrandbits(60) for _ in range(64)) for _ in range(14))
    foundations = (0,) + tuple(rng.getrandbits(60) for _ in range(63))
    return houses, foundations


class RaceModel(ABC, Generic[T, R]):
    """The houses (``h``: faces, bottom to top) and foundation tops (``f``: faces, 0 for
    empty) of a position, hashed (``hh`` per house, ``hsum``, ``fsum``), as ``player`` (the
    player on turn) sees it (``oracle``: every card, face down or not). A subclass sets
    ``ZH, ZF = zobrist_tables(its seed)``."""

    __slots__ = ("h", "hh", "hsum", "f", "fsum", "player", "oracle")
    ZH: ClassVar[tuple[tuple[int, ...], ...]]
    ZF: ClassVar[tuple[int, ...]]
    #: the kinds of the piles from pile code ``OWN`` on, in order, and whether each is the
    #: opponent's (else the player's on turn)
    OWN_PILES: ClassVar[tuple[tuple[PileKind, bool], ...]]
    h: list[list[int]]
    hh: list[int]
    hsum: int
    f: list[int]
    fsum: int
    player: int
    oracle: bool

    @classmethod
    def from_state(cls, state: R, oracle: bool = False) -> Self:
        """The model of ``state`` as the player on turn sees it (``oracle``: every card)."""
        m = cls()
        m.player, m.oracle = state.current_player, oracle
        piles = state.piles()
        m._read_table(piles)
        m._read_own(state, piles)
        m.rehash()
        return m

    @classmethod
    def pile_names(cls, player: int) -> tuple[str, ...]:
        """The core's pile names of the model's pile codes, seen from ``player``."""
        own = tuple(f"{kind}{1 - player if theirs else player}" for kind, theirs in cls.OWN_PILES)
        return TABLE_PILES + own

    # ------------------------------------------------------------------ the game's
    @abstractmethod
    def _read_own(self, state: R, piles: Piles) -> None:
        """The players' piles of ``state`` (``piles``: its ``piles()``), and whatever else of
        it the game's moves need."""

    @abstractmethod
    def key(self) -> Hashable:
        """A hashable key of the position, equal for positions that play the same."""

    @abstractmethod
    def moves(self) -> list[RaceMove]:
        """The legal moves, one per distinct result."""

    @abstractmethod
    def leaf_kind(self, move: RaceMove) -> int:
        """0 if ``move`` keeps the line fully known, else the kind of leaf it makes."""

    @abstractmethod
    def do(self, move: RaceMove) -> T:
        """Play ``move``; return the token ``undo`` needs."""

    @abstractmethod
    def undo(self, token: T) -> None:
        """Take back the move ``token`` came from (``do``'s answer)."""

    def won(self) -> bool:
        """The player on turn has played every card of their own: their first three piles
        (reserve, hand, waste: pile codes ``OWN`` to ``OWN + 2``) are empty."""
        own = self._own
        return not (own(OWN) or own(OWN + 1) or own(OWN + 2))

    @abstractmethod
    def _own(self, code: int) -> list[int]:
        """The list of faces of the player's pile ``code`` (>= OWN)."""

    # ------------------------------------------------------------------ the table
    def _faces(self, cards: Sequence[tuple[Card, bool]]) -> list[int]:
        """A pile's cards as this model sees them: faces, ``HIDDEN`` where face down (all
        known to the oracle)."""
        oracle = self.oracle
        return [c.key if (up or oracle) else HIDDEN for c, up in cards]

    def _read_table(self, piles: Piles) -> None:
        """The houses and foundations of ``state.piles()`` (all face up)."""
        self.h = [[c.key for c, _ in piles[f"house{i}"]] for i in range(8)]
        self.f = [
            piles[f"foundation{i}"][-1][0].key if piles[f"foundation{i}"] else 0 for i in range(8)
        ]

    def rehash(self) -> None:
        self.hh = [self._house_hash(i) for i in range(8)]
        self.hsum = sum(self.hh)
        self.fsum = sum(self.ZF[t] for t in self.f)

    def _house_hash(self, i: int) -> int:
        x = 0
        zh = self.ZH
        for depth, k in enumerate(self.h[i]):
            x ^= zh[depth][k]
        return x

    def table_key(self) -> int:
        """The houses (as a set) and foundations, as one number."""
        return self.hsum + 3 * self.fsum

    # ------------------------------------------------------------------ where cards go
    def foundation_wants(self) -> dict[int, int]:
        """face -> the first foundation that takes it"""
        out: dict[int, int] = {}
        for j, t in enumerate(self.f):
            if t:
                n = NEXT_UP[t]
                if n and n not in out:
                    out[n] = 8 + j
            else:
                for a in ACES:
                    if a not in out:
                        out[a] = 8 + j
        return out

    def house_moves(
        self,
        sources: list[tuple[int, int]],
        out: list[RaceMove],
        loads: Mapping[int, list[int]] | None = None,
    ) -> int:
        """Append to ``out`` each of ``sources`` ((pile code, face) of the cards that may
        move)'s moves, in the order the search tries them: onto every house top that takes
        it, to the first empty house (never a lone house card: that changes nothing), and in
        a game with loads onto each of the opponent's piles that takes it (``loads``: face ->
        pile codes). Returns the first empty house (-1: none)."""
        h = self.h
        wants: dict[int, list[int]] = {}  # face -> the houses whose top takes it
        empty = -1
        for i in range(8):
            if h[i]:
                for w in BUILD_ON[h[i][-1]]:
                    wants.setdefault(w, []).append(i)
            elif empty < 0:
                empty = i
        for code, k in sources:
            for t in wants.get(k, ()):
                if t != code:
                    out.append((code, t))
            if empty >= 0 and not (code < 8 and len(h[code]) == 1):
                out.append((code, empty))
            if loads:
                for t in loads.get(k, ()):
                    out.append((code, t))
        return empty

    # ------------------------------------------------------------------ moving one card
    def _pop(self, code: int) -> int:
        if code < 8:
            pile = self.h[code]
            k = pile.pop()
            x = self.ZH[len(pile)][k]
            old = self.hh[code]
            self.hh[code] = old ^ x
            self.hsum += self.hh[code] - old
            return k
        if code < 16:
            j = code - 8
            k = self.f[j]
            self.f[j] = k - 1 if k & 15 > 1 else 0
            self.fsum += self.ZF[self.f[j]] - self.ZF[k]
            return k
        return self._own(code).pop()

    def _push(self, code: int, k: int) -> None:
        if code < 8:
            pile = self.h[code]
            x = self.ZH[len(pile)][k]
            pile.append(k)
            old = self.hh[code]
            self.hh[code] = old ^ x
            self.hsum += self.hh[code] - old
        elif code < 16:
            j = code - 8
            self.fsum += self.ZF[k] - self.ZF[self.f[j]]
            self.f[j] = k
        else:
            self._own(code).append(k)


__all__ = ["OWN", "PASS_MOVE", "Piles", "RaceModel", "RaceMove", "TABLE_PILES", "zobrist_tables"]
