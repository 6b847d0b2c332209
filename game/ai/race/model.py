"""What the compact search models of the races share (game/core/race.py: Russian Bank, Battle
solitaire): the table of eight houses and eight foundations as plain lists of card faces, kept
hashed as the moves are played and undone.

Cards are faces ``suit * 16 + rank`` (``Card.key``): which pack a card comes from never matters
to the rules. A card the searching player can't see is ``HIDDEN``.

Pile codes, in every race model: 0-7 houses, 8-15 foundations, ``OWN`` (16) and up the piles
of the player on turn (then, in a game that needs them, the opponent's). A move is
``(source, target)``; ``PASS_MOVE`` ends the turn.

A game's model (game/ai/<game>_model.py) subclasses ``RaceModel``: it reads its own piles in
``from_state`` (after ``_read_table``), names them for ``_own``, and states its move rules
(``moves``, ``leaf_kind``, ``do``, ``undo``, ``key``, ``won``).
"""

from __future__ import annotations

import random

HIDDEN = -1
OWN = 16  # the first pile code of the player's own piles
PASS_MOVE = (-1, -1)
_RED = (False, True, True, False)  # by suit index: S H D C (Card.key = suit * 16 + rank)

# what each face accepts: a house top takes one rank lower in the other colour; a foundation
# top takes the next rank up (0: none)
HOUSE_WANTS = [()] * 64
NEXT_UP = [0] * 64
for _s in range(4):
    for _r in range(1, 14):
        _k = _s * 16 + _r
        HOUSE_WANTS[_k] = (
            tuple(o * 16 + _r - 1 for o in range(4) if _RED[o] != _RED[_s]) if _r > 1 else ()
        )
        NEXT_UP[_k] = _k + 1 if _r < 13 else 0
ACES = tuple(s * 16 + 1 for s in range(4))


def zobrist_tables(seed: int) -> tuple[list, list]:
    """Zobrist numbers: a house hashes the (depth, face) of its cards (``[depth][face]``); a
    foundation its top face (``[face]``, 0 for an empty one). The table hashes the SUM of the
    house hashes, so positions that differ only by which house holds which column are merged.
    Each game draws its own from its own seed."""
    rng = random.Random(seed)
    houses = [[rng.getrandbits(60) for _ in range(64)] for _ in range(14)]
    foundations = [0] + [rng.getrandbits(60) for _ in range(63)]
    return houses, foundations


class RaceModel:
    """The houses (``h``: faces, bottom to top) and foundation tops (``f``: faces, 0 for
    empty) of a position, hashed (``hh`` per house, ``hsum``, ``fsum``). A subclass sets
    ``ZH, ZF = zobrist_tables(its seed)``."""

    __slots__ = ("h", "hh", "hsum", "f", "fsum")
    ZH: list
    ZF: list

    def _read_table(self, piles) -> None:
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

    def house_wants(self) -> tuple[dict[int, list[int]], int]:
        """face -> the houses whose top takes it; and the first empty house (-1: none)."""
        h = self.h
        wants: dict[int, list[int]] = {}
        empty = -1
        for i in range(8):
            if h[i]:
                for w in HOUSE_WANTS[h[i][-1]]:
                    wants.setdefault(w, []).append(i)
            elif empty < 0:
                empty = i
        return wants, empty

    # ------------------------------------------------------------------ moving one card
    def _own(self, code: int) -> list:
        """The list of faces of the player's pile ``code`` (>= OWN)."""
        raise NotImplementedError

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


__all__ = [
    "ACES",
    "HIDDEN",
    "HOUSE_WANTS",
    "NEXT_UP",
    "OWN",
    "PASS_MOVE",
    "RaceModel",
    "zobrist_tables",
]
