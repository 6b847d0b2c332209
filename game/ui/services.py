"""The parts of the game the client uses but does not own, each behind one import.

- saved progress: ``game.storage`` (Saves, MemoryStore);
- the Russian Bank opponent: ``game.ai.opponent``;
- the solitaire solver: ``game.ai.solver.Solver`` and ``game.ai.deals.winnable_deals``.

While the solver has not landed, its features are hidden: ``HAVE_SOLVER`` and ``HAVE_DEALS``
say which.
"""

from __future__ import annotations

from game.ai import opponent  # noqa: F401
from game.storage import MemoryStore, Saves  # noqa: F401

try:
    from game.ai.solver import Solver  # noqa: F401
    HAVE_SOLVER = True
except ImportError:
    Solver = None
    HAVE_SOLVER = False

try:
    from game.ai.deals import winnable_deals  # noqa: F401
    HAVE_DEALS = True
except ImportError:
    winnable_deals = None
    HAVE_DEALS = False
