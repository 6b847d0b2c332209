"""The parts of the game the client uses but does not own, each behind one import.

- saved progress: ``game.storage`` (Saves, MemoryStore);
- the Russian Bank opponent: ``game.ai.opponent``;
- the solitaire solver: ``game.ai.solver.Solver`` (Hint, the "still winnable?" light,
  auto-finish) and ``game.ai.deals.winnable_deals`` ("winnable deals only").
"""

from __future__ import annotations

from game.ai import opponent  # noqa: F401
from game.ai.deals import winnable_deals  # noqa: F401
from game.ai.solver import Solver  # noqa: F401
from game.storage import MemoryStore, Saves  # noqa: F401
