"""The parts of the game the client uses but does not own, each behind one import.

- saved progress: ``game.storage`` (Saves, MemoryStore);
- the Russian Bank opponent: ``game.ai.opponent``;
- the solitaire solver: ``game.ai.solver.Solver`` and ``game.ai.deals.winnable_deals``.

While a part has not landed, a stand-in with the same shape is used (the opponent and saves)
or the feature is hidden (the solver): ``HAVE_SOLVER`` etc. say which.
"""

from __future__ import annotations

try:
    from game.storage import MemoryStore, Saves  # noqa: F401
    HAVE_STORAGE = True
except ImportError:  # until the storage engineer's package is merged
    from ._fallback_saves import MemoryStore, Saves  # noqa: F401
    HAVE_STORAGE = False

try:
    from game.ai import opponent  # noqa: F401
    HAVE_OPPONENT = True
except ImportError:  # until the opponent engineer's package is merged
    from .fallback_opponent import opponent  # noqa: F401
    HAVE_OPPONENT = False

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
