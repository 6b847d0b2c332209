"""The solver's model of Standard (game/core/games/standard_solitaire.py): eight piles building
down in alternating colours (the machinery it shares with Little Harp's model is
game/ai/solver/alternating.py), two packs, a stock that deals a row onto the piles. Like the
other games with face-down cards it plays the actual deal: the hidden cards and the stock's
order are known to it, so its verdicts are about the deal, not about what a player can know.

``(11, 0, 1)`` deals a row (the core's Move("stock", "tableau0")); the piles' order is kept in
the key while the stock lasts.

- Dead ends: with the stock empty, the exact search drops a position from which the core's
  relaxed game (standard_solitaire.hopeless) proves that no move between the piles can put a
  card home or turn one up: its foundations can never change, so, not won, it is lost. At
  the root (``relaxed_lost``) and in every position of the exact search (``dead``).
- The core ends a deal after 300 moves in a row that did not help; the model does not count
  them (a line that broke that rule would be refused by the core's replay, never believed;
  leaving the count out only adds lines, so "lost" stays a proof).
"""

from __future__ import annotations

from game.ai.solver.alternating import STOCK, AlternatingModel
from game.ai.solver.contract import AddMove, ModelMove
from game.core import GameState, Move
from game.core.alternating import hopeless
from game.core.solitaire import Solitaire

DEAL = (STOCK, 0, 1)


class StandardModel(AlternatingModel):
    """Eight piles, two packs; the stock deals a row, one card onto every pile from the left
    (empty piles too), so the piles' order matters while it lasts."""

    game_id = "standard-solitaire"
    ordered_piles = True
    #: best-first 10%, restarting 80%, exact 10% (was 15/65/20), and guided restarts (as
    #: Indian Patience's): on deals 10001..10060 at 5 s of CPU this won 28 against 24 (see
    #: docs/solver.md); the exact search proved no deal lost in its 20% either
    shares = (0.1, 0.8)
    guided = 0.5
    guided_after = 200_000

    def __init__(self, state: Solitaire) -> None:
        super().__init__(state)
        self.stock = tuple(c.key for c, _ in state.piles()["stock"])  # dealt from the end
        self.sp = len(self.stock)

    def key(self) -> bytes:
        return bytes((*self.fnd, self.sp)) + self._piles_key()

    def snapshot(self) -> bytes:
        return bytes((*self.fnd, self.sp, *self.down)) + b"\xff".join(map(bytes, self.cols))

    def restore(self, snap: bytes) -> None:
        k = 4 * self.copies
        self.fnd = list(snap[:k])
        self.home = sum(self.fnd)
        self.sp = snap[k]
        self.down = list(snap[k + 1 : k + 1 + self.npiles])
        self.cols = [list(p) for p in snap[k + 1 + self.npiles :].split(b"\xff")]

    def stock_moves(self, add: AddMove, empty: bool) -> None:
        if self.sp:
            add((-50 if self.sp > 16 else -60, DEAL))

    def apply_stock(self, m: ModelMove) -> int:
        cols, stock = self.cols, self.stock
        sp = self.sp
        dealt = 0
        for i in range(self.npiles):
            if not sp:
                break
            sp -= 1
            cols[i].append(stock[sp])
            dealt += 1
        self.sp = sp
        return dealt

    def undo_stock(self, m: ModelMove, dealt: int) -> None:
        for i in range(dealt):
            self.cols[i].pop()
        self.sp += dealt

    def stock_to_core(self, replica: GameState, m: ModelMove) -> Move:
        return Move("stock", "tableau0")

    def relaxed_lost(self) -> bool:
        """With the stock empty: the core's proof that no move can help any more (a relaxed
        game, standard_solitaire.hopeless), so the deal, not won, is lost."""
        return not self.sp and self.home < self.total and self._hopeless()

    def dead(self) -> bool:
        """The same proof at every position of the exact search with the stock empty
        (``relaxed_lost``): with no row left to deal, a position from which no line of moves
        between the piles can put a card home or turn one up can never change its
        foundations, so, not won, it is lost (and so is every position it leads to, which the
        search then never makes: in the exact search of a lost deal most positions with the
        stock empty are such rearrangements). Not in the eager searches: there it halved the
        positions a second and won no more deals (see docs/solver.md)."""
        return not self.sp and not self.eager and self.home < self.total and self._hopeless()

    def _hopeless(self) -> bool:
        """standard_solitaire.hopeless for this position (no waste): no move between the
        piles can reach a card going home or a face-down card turning up."""
        wants = set()
        k = self.copies
        fnd = self.fnd
        for s in range(4):
            for h in fnd[k * s : k * s + k]:
                if h < 13:
                    wants.add(s * 16 + h + 1)
        down = self.down
        piles = [(down[i] > 0, tuple(c[down[i] :])) for i, c in enumerate(self.cols)]
        return hopeless(piles, wants, self.takes_empty, None)


MODEL = StandardModel
