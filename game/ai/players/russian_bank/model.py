"""A compact copy of one Russian Bank position, for searching one player's turn fast.

The rules core (game.core.games.russian_bank) is the authority; it is written for clarity and checks
everything, which costs about 30 microseconds per move tried. A turn search tries thousands, and
must stay inside a few milliseconds per slice in WebAssembly, so it runs on this model instead:
plain lists of small ints, the same move rules for the player on turn, undo by tokens. It is
read from a state through the public API only (``state.piles()``, ``state.options``,
``state.current_player``) and every move the AI finally plays is checked against
``state.legal_moves()``; tests compare this model's moves with the core's on many positions.

Cards are faces ``suit * 16 + rank`` (``Card.key``), the table and its hashing are the races'
shared model (game/ai/race/model.py). A card the searching player can't see is ``HIDDEN``.
``oracle=True`` reads every card, face down or not (the benchmark's upper bound).

Pile codes: 0-7 houses, 8-15 foundations, 16 own reserve, 17 own hand, 18 own waste,
19 opponent's reserve, 20 opponent's waste. A move is ``(source, target)``: ``(17, 17)`` turns up
the hand card, ``(17, 18)`` puts it on the waste (ending the turn), ``PASS_MOVE`` passes.
"""

from __future__ import annotations

from game.ai.race.faces import HIDDEN, NEIGHBOURS
from game.ai.race.model import PASS_MOVE, Piles, RaceModel, RaceMove, zobrist_tables
from game.ai.race.search import LEAF_END
from game.core.games.russian_bank import RussianBank
from game.core.kinds import PileKind

RES, HAND, WASTE, ORES, OWASTE = 16, 17, 18, 19, 20
TURN = (HAND, HAND)
END = (HAND, WASTE)

# kinds of leaf: where a line of play stops being fully known (or the turn or game ends)
LEAF_RESERVE, LEAF_HAND = 2, 3


# what ``do`` returns for ``undo``: (source, target, the card's face); for turning up the hand
# card (source, target, whether the waste was turned into the hand); None for a pass
Token = tuple[int, int, int] | None


class Model(RaceModel[Token, RussianBank]):
    """The position as the player on turn sees it. Mutated by ``do``; ``undo`` restores."""

    __slots__ = ("res", "hand", "up", "waste", "ores", "owaste", "ohand", "waste_playable")
    ZH, ZF = zobrist_tables(0x5EED)
    OWN_PILES = (
        (PileKind.RESERVE, False),
        (PileKind.HAND, False),
        (PileKind.WASTE, False),
        (PileKind.RESERVE, True),
        (PileKind.WASTE, True),
    )
    res: list[int]
    hand: list[int]
    up: bool
    waste: list[int]
    ores: list[int]
    owaste: list[int]
    ohand: int
    waste_playable: bool

    def _read_own(self, state: RussianBank, piles: Piles) -> None:
        p, o = self.player, 1 - self.player
        self.waste_playable = bool(state.options.get("own_waste_playable"))
        self.res = self._faces(piles[f"reserve{p}"])
        hand = piles[f"hand{p}"]
        self.hand = self._faces(hand)
        self.up = bool(hand) and hand[-1][1]
        self.waste = [c.key for c, _ in piles[f"waste{p}"]]
        self.ores = self._faces(piles[f"reserve{o}"])
        self.owaste = [c.key for c, _ in piles[f"waste{o}"]]
        self.ohand = len(piles[f"hand{o}"])

    def key(self) -> tuple[int, ...]:
        return (
            self.hsum + 3 * self.fsum,
            len(self.res),
            len(self.hand) * 2 + self.up,
            len(self.waste),
            len(self.ores),
            self.ores[-1] if self.ores else 0,
            len(self.owaste),
            self.owaste[-1] if self.owaste else 0,
        )

    # ------------------------------------------------------------------ move generation
    def sources(self) -> list[tuple[int, int]]:
        out = [(i, h[-1]) for i, h in enumerate(self.h) if h]
        if self.res:
            out.append((RES, self.res[-1]))
        if self.up:
            out.append((HAND, self.hand[-1]))
        if self.waste_playable and self.waste:
            out.append((WASTE, self.waste[-1]))
        return out

    def moves(self) -> list[RaceMove]:
        """The legal moves, one per distinct result where targets are interchangeable (the
        first empty foundation or house stands for all; a lone house card never moves to an
        empty house). Priorities (a), (b), (c) as in the core's STRICT mode."""
        srcs = self.sources()
        fw = self.foundation_wants()
        found: list[RaceMove] = []
        for code, k in srcs:
            j = fw.get(k)
            if j is not None:
                if code == RES:
                    return [(RES, j)]
                found.append((code, j))
        if found:
            return found
        loads: dict[int, list[int]] = {}
        if self.ores and self.ores[-1] != HIDDEN:
            for w in NEIGHBOURS[self.ores[-1]]:  # a loadable pile takes the same suit +-1
                loads.setdefault(w, []).append(ORES)
        if self.owaste:
            for w in NEIGHBOURS[self.owaste[-1]]:
                loads.setdefault(w, []).append(OWASTE)
        out: list[RaceMove] = []
        empty = self.house_moves(srcs, out, loads)
        if self.up:
            out.append(END)
        elif self.hand or self.waste:
            if not (self.res and empty >= 0):
                out.append(TURN)
        else:  # no hand, no waste: the player may end the turn whenever they wish
            out.append(PASS_MOVE)
        return out

    # ------------------------------------------------------------------ playing
    def leaf_kind(self, move: RaceMove) -> int:
        src, dst = move
        if src == HAND:
            if dst == WASTE:
                return LEAF_END
            if dst == HAND:
                top = self.hand[-1] if self.hand else self.waste[0]
                return LEAF_HAND if top == HIDDEN else 0
        elif src < 0:
            return LEAF_END
        elif src == RES and len(self.res) >= 2 and self.res[-2] == HIDDEN:
            return LEAF_RESERVE
        return 0

    def do(self, move: RaceMove) -> Token:
        src, dst = move
        if src < 0:
            return None
        if src == HAND and dst == HAND:
            turned = not self.hand
            if turned:
                self.hand = self.waste[::-1]
                self.waste = []
            self.up = True
            return (src, dst, turned)
        k = self._pop(src)
        if src == HAND:
            self.up = False
        self._push(dst, k)
        return (src, dst, k)

    def undo(self, token: Token) -> None:
        if token is None:
            return
        src, dst, k = token
        if src == HAND and dst == HAND:
            self.up = False
            if k:
                self.waste = self.hand[::-1]
                self.hand = []
            return
        self._pop(dst)
        self._push(src, k)
        if src == HAND:
            self.up = True

    def _own(self, code: int) -> list[int]:
        return (self.res, self.hand, self.waste, self.ores, self.owaste)[code - 16]
