"""The solver contract: what a game's solver model gives the search driver
(game/ai/solver/driver.py and its searches, with the line shortener game/ai/solver/line.py).

A solver model is the solver's own compact copy of one position of one game: it reads the
position once through the rules core's public API (``state.piles()``, ``options`` and the
like; never a core module's private names) and then makes and takes back hundreds of
thousands of moves a second on small ints. Each game's model is one module,
``game/ai/solver/models/<game>.py``, holding a subclass of ``SolverModel`` named ``MODEL``;
game/core/plugins.py's rule finds it, so a new file is found without being listed anywhere.
Shared machinery, not a model itself: ``columns.ColumnGameModel`` (columns, a waste, a stock
dealt one card at a time, two foundation slots per suit: Forty Thieves, Indian Patience),
``alternating.AlternatingModel`` (piles in alternating colours: Standard, Little Harp),
``talon.TalonMoves`` (a stock that goes round onto a waste: Canfield, Little Harp). A model
imports only the contract and that shared machinery, never another model.

The driver calls only the hooks below (never ``hasattr``): the required ones are abstract
here (they raise NotImplementedError, and Python refuses to make a model that lacks one),
the others have a default that is right for a game without the feature.

Positions and moves
-------------------
- A move is a triple of small ints ``(source, target, count)``, each 0..255 (``ModelMove``; the
  driver packs moves as three bytes). What the numbers mean is the model's business;
  ``to_core`` turns one into the core's Move.
- ``moves()``: every move worth trying from this position, best first (the order is the
  search's heuristic). A move may be left out only when it can never help (it reaches a
  position another move reaches, up to what ``key`` merges, or one that is never better);
  the exact search relies on that: a move wrongly left out could make "lost" false.
- ``apply(m)`` plays ``m`` (one of ``moves()``, or a move of a line the model made) and
  returns an undo record (whatever the model likes: only its own ``undo`` reads it);
  ``undo(m, record)`` restores the position exactly. Records are undone last in, first out.
- ``autos(log)``: play the automatic moves, appending ``(move, record)`` pairs to ``log``
  (the driver undoes them with the move that led there). With ``eager`` unset, only moves
  proved safe: moves that never turn a winnable position into a lost one (a card no other card
  can ever need, as the game's rules say). With ``eager`` set (the two searches that look for
  wins) more moves may be played; those searches never prove anything. Default: none.
- ``won()``: every card is home. ``on_foundations()``: a measure of progress that grows as
  cards go home (the guided restarts keep the line that reached the most).
- ``key()``: bytes, the same for two positions that play the same (the search stores each
  key once, which merges transpositions). Two positions may share a key only when either
  is won exactly when the other is: what a key leaves out (column order, which of two packs a
  card is from, which foundation slot of a suit is which) must not matter to any later move.
- ``snapshot()`` / ``restore(snap)``: the exact position as bytes (nothing merged: column
  order kept), and back. ``restore`` must also reset any cache the model keeps.
- ``estimate()``: an int, higher is more promising (best-first search, and the hint when no
  win is known yet). Any value is sound: it orders the search, it never prunes.
- ``to_core(replica, m)``: the core Move for ``m``; ``replica`` (a core state) and the model
  both hold the position before it. Raises ValueError when there is none.

What "lost" means
-----------------
The driver reports "lost" only as a proof about the actual deal: the stock's order and the
face-down cards are known to the model (hidden cards included), and no line of moves from the
position wins. It comes from three places, each of which must therefore be sound:
the exact depth-first search ran out of positions (so ``moves()`` with ``eager`` unset must
offer every move that could matter, ``autos`` must play only safe moves, and ``key`` must merge
only positions that are equally winnable); ``dead()`` (a position the searches then drop);
``relaxed_lost()`` (asked once, at the root). A rule of the core that ends a deal (a limit of
idle moves) may be left out of the model: that only adds lines, so "lost" stays a proof. A
"won" is never taken on trust: the driver replays every line through the core's ``push``.

Optional hooks (defaults here)
------------------------------
``dead()``, ``relaxed_lost()`` (quick proofs of "lost"); ``history_tag()``, ``level()``,
``exact()`` (a game whose core refuses positions the deal has had: Seahaven, Canfield);
``expand_line(line)`` (moves that stand for several, spelled out before the core replays a
line); ``layout()``, ``remap(m, perm)`` (for the line shortener, unless ``shorten_lines`` is
``Shortening.NONE``).

Settings
--------
Class attributes, with their defaults here (a model may also set them per instance in
``__init__``, as Spider does by its ``suits``): ``shares``, ``best_first_floor_s``,
``luby_cap``, ``shuffle``, ``guided``, ``guided_after`` (how the driver's three searches share
the budget, see each below; the driver reads them once, game/ai/solver/settings.py),
``shorten_lines``, ``own_search`` and ``own_search_name``, ``options_only_add_moves``
(game/ai/deals.py), ``bench_variants`` (bench/solver.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Hashable
from enum import StrEnum
from typing import Any, ClassVar

from game.core import GameState, Move

#: a model's move: (source, target, count), small ints 0..255 whose meaning is the model's
ModelMove = tuple[int, int, int]
#: a move with its score, the way models order their moves (higher first)
Scored = tuple[int, ModelMove]
#: a list's append of Scored moves, handed to the parts of a model's move generation
AddMove = Callable[[Scored], None]
#: what of the deal's history matters to the moves from a position (``history_tag``): the
#: exact keys (``exact()``) of the positions at its level the deal has had
HistoryTag = frozenset[bytes]
#: a model's own first search, running: yields the positions it made since its last yield,
#: returns the model moves of a win, or None when it gives up
OwnRun = Generator[int, None, list[ModelMove] | None]
#: a model's own first search: started with the root's snapshot
OwnSearch = Callable[[bytes], OwnRun]


class Shortening(StrEnum):
    """What the line shortener (game/ai/solver/line.py) may do with a model's found line."""

    #: nothing: the line is checked as found
    NONE = "none"
    #: cut loops and take one-move shortcuts (needs ``layout`` and ``remap``)
    LOOPS = "loops"
    #: also drop moves the rest of the line does not need (reads a column game's piles: a
    #: columns.ColumnGameModel only)
    ALL = "all"


class SolverModel(ABC):
    """One game's compact position for the solver (see the module's docstring: the contract).
    Subclass it in ``game/ai/solver/models/<game>.py`` (naming the class ``MODEL``);
    ``__init__(state)`` reads the core state."""

    #: the game id (as in game.core.GAMES) this model plays
    game_id: ClassVar[str] = ""

    # ------------------------------------------------------------------ settings
    #: the best-first and the restarting depth-first searches' shares of the budget; the
    #: exact depth-first search has the rest
    shares: tuple[float, float] = (0.5, 0.3)
    #: with a small budget the best-first search keeps up to half of it, at most this many
    #: seconds (0: no floor)
    best_first_floor_s: float = 0.0
    #: the Luby factor of the restarting search's run lengths is capped at this
    luby_cap: int = 1 << 62
    #: in a restart's move order, the chance to swap each move with the next
    shuffle: float = 0.25
    #: the chance that a restart begins not at the root but at a random point of the line
    #: that put the most cards on the foundations so far (``on_foundations``) ...
    guided: float = 0.0
    #: ... once this many positions have been made
    guided_after: int = 0
    #: what the line shortener may do with a found line
    shorten_lines: Shortening = Shortening.NONE
    #: a search of the model's own that replaces best-first in its share (it proves
    #: nothing); None: the driver's best-first search
    own_search: OwnSearch | None = None
    #: how the verdict's reason names ``own_search``
    own_search_name: str = "model's own"
    #: a deal winnable without the game's options is winnable with them (deals.py then
    #: offers the default list of winnable deals for every option set)
    options_only_add_moves: ClassVar[bool] = False
    #: the option sets the solver benchmark measures, each reported apart
    bench_variants: ClassVar[tuple[dict[str, object], ...]] = ({},)

    #: set by the driver: True in the two searches that look for wins (``autos`` may play
    #: moves that are not proved safe; ``moves`` may leave out moves), False in the exact one
    eager: bool = False

    @abstractmethod
    def __init__(self, state: GameState) -> None:
        """Read the position of ``state`` (a core state of this model's game)."""

    # ------------------------------------------------------------------ required
    @abstractmethod
    def won(self) -> bool:
        """Every card is home."""

    @abstractmethod
    def on_foundations(self) -> int:
        """Progress: grows as cards go home (the guided restarts' measure)."""

    @abstractmethod
    def key(self) -> bytes:
        """Canonical bytes: positions that play the same may share a key (transpositions)."""

    @abstractmethod
    def snapshot(self) -> bytes:
        """The exact position as bytes."""

    @abstractmethod
    def restore(self, snap: bytes) -> None:
        """Go back to a ``snapshot()`` (and drop any cache)."""

    @abstractmethod
    def moves(self) -> list[ModelMove]:
        """Every move worth trying, best first (with ``eager`` unset: every move that could
        matter)."""

    @abstractmethod
    def apply(self, m: ModelMove) -> Any:
        """Play move ``m``; return the record ``undo`` needs (anything: only the model's own
        ``undo`` reads it)."""

    @abstractmethod
    def undo(self, m: ModelMove, rec: Any) -> None:
        """Take back move ``m`` played with record ``rec``."""

    @abstractmethod
    def estimate(self) -> int:
        """How promising the position looks (higher is better)."""

    @abstractmethod
    def to_core(self, replica: GameState, m: ModelMove) -> Move:
        """The core Move for ``m``; ``replica`` (core) and this model hold the position before
        it. ValueError when there is none."""

    # ------------------------------------------------------------------ optional
    def autos(self, log: list[tuple[ModelMove, Any]]) -> None:
        """Play the automatic moves (safe ones only, unless ``eager``), appending (move,
        record) pairs to ``log``. Default: none."""
        return None

    def dead(self) -> bool:
        """True only when the position is proved lost by a quick test (the searches drop it).
        Default: never (the driver then skips the call)."""
        return False

    def relaxed_lost(self) -> bool:
        """True only when the position is proved lost (asked once, at the root). Default:
        never."""
        return False

    def history_tag(self) -> HistoryTag | None:
        """What of the deal's history matters to the moves from here, for a game whose core
        refuses positions the deal has had; None for a game where the history never matters
        (the default). With a tag the model also gives ``level()`` and ``exact()``: a winning
        line remembered from one history is offered only in a position with the same tag."""
        return None

    def level(self) -> Hashable:
        """What can never come back (cards home, ...): positions of one level are the ones a
        refused position could repeat. Required with ``history_tag``."""
        raise NotImplementedError

    def exact(self) -> bytes:
        """The exact key of the position (nothing merged). Required with ``history_tag``."""
        raise NotImplementedError

    def expand_line(self, line: list[ModelMove]) -> list[ModelMove]:
        """The line as the moves the core replays one by one (a model whose moves stand for
        several spells them out); the model's position is left as it was. Default: as is."""
        return line

    def layout(self) -> list[Hashable]:
        """What ``key`` may permute: one hashable item per pile that may trade places with
        others (a column and what it holds). Required with ``shorten_lines``."""
        raise NotImplementedError

    def remap(self, m: ModelMove, perm: list[int]) -> ModelMove:
        """Move ``m`` with its piles renumbered by ``perm`` (an index into ``layout()``).
        Required with ``shorten_lines``."""
        raise NotImplementedError


__all__ = ["HistoryTag", "ModelMove", "OwnRun", "OwnSearch", "Shortening", "SolverModel"]
