"""Find deals by what a test needs of them, not by number.

A test states its requirement as a predicate on the fresh core state (``new_game``); the first
deal number that satisfies it is used. The predicate returns something falsy for "no", or what
it found (a pile name, a move, ``True``), which the test then uses instead of hard-coded names.
Deal numbers are fixed forever (the core's promise), so the search always gives the same answer;
results are cached for the whole test session.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Callable

from game.core import new_game

Predicate = Callable[[Any], Any]


def find(game_id: str, predicate: Predicate, options: dict | None = None,
         limit: int = 5000) -> tuple[int, Any]:
    """(deal number, what the predicate returned) for the first deal from 1 that satisfies
    ``predicate``. Raises LookupError if none of the first ``limit`` deals does."""
    return _find(game_id, predicate, tuple(sorted((options or {}).items())), limit)


def find_deal(game_id: str, predicate: Predicate, options: dict | None = None,
              limit: int = 5000) -> int:
    """The first deal number whose fresh state satisfies ``predicate``."""
    return find(game_id, predicate, options, limit)[0]


@cache
def _find(game_id, predicate, options, limit):
    for seed in range(1, limit + 1):
        found = predicate(new_game(game_id, seed, **dict(options)))
        if found:
            return seed, found
    raise LookupError(f"no {game_id} deal among the first {limit} satisfies "
                      f"{getattr(predicate, '__name__', predicate)}")
