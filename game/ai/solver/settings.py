"""How a Solver shares out its budget and sizes its searches (game/ai/solver/driver.py).

Six of the settings are each game's: its model's (the contract, game/ai/solver/contract.py, says
what each means and gives the defaults; a model may set them per position, as Spider does by
its ``suits``). The others are the driver's own. ``Overrides`` (a Solver's ``settings=``)
replaces any of them for one Solver: for experiments and tests only, never in play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypedDict

from game.ai.solver.contract import SolverModel


class Overrides(TypedDict, total=False):
    """Settings that replace the model's or the driver's for one Solver (every one optional)."""

    shares: tuple[float, float]
    best_first_floor_s: float
    luby_cap: int
    shuffle: float
    guided: float
    guided_after: int
    best_first_states: int
    restart_nodes: int
    eager: bool
    shorten_share: float
    shorten_max_s: float


@dataclass(frozen=True)
class Settings:
    """Everything one Solver reads about how to search, read once when it is made."""

    # ------------------------------------------------------------------ the model's
    #: the best-first and the restarting searches' shares of the budget (the exact search has
    #: the rest)
    shares: tuple[float, float]
    #: with a small budget the best-first search keeps up to half of it, at most this long
    best_first_floor_s: float
    #: the restarting search's Luby factor is capped at this
    luby_cap: int
    #: in a restart's move order, the chance to swap each move with the next
    shuffle: float
    #: the chance that a restart begins at a random point of the most advanced line ...
    guided: float
    #: ... once this many positions have been made
    guided_after: int
    # ------------------------------------------------------------------ the driver's
    #: the best-first search keeps at most this many positions (for memory)
    best_first_states: int = 150_000
    #: a restart's run makes this many positions times the Luby sequence 1 1 2 1 1 2 4 ...
    restart_nodes: int = 3000
    #: the first two searches play every foundation move at once (model.eager): wins come
    #: much sooner, but then their running out of moves proves nothing
    eager: bool = True
    #: a found line is shortened before it is checked (game/ai/solver/line.py); the last pass
    #: (dropping moves one by one) may use this share of the budget, at most
    #: ``shorten_max_s`` seconds
    shorten_share: float = 0.1
    shorten_max_s: float = 1.0

    @classmethod
    def of(cls, model: SolverModel, overrides: Overrides | None = None) -> Settings:
        """The model's settings and the driver's defaults, with ``overrides`` applied."""
        read = cls(
            shares=model.shares,
            best_first_floor_s=model.best_first_floor_s,
            luby_cap=model.luby_cap,
            shuffle=model.shuffle,
            guided=model.guided,
            guided_after=model.guided_after,
        )
        return replace(read, **overrides) if overrides else read


__all__ = ["Overrides", "Settings"]
