"""The computer side: the Russian Bank opponent (and hints), the solitaire solver. No pygame."""

from .opponent import LEVELS, Bot, Job, opponent  # Russian Bank opponent (issue 5)
from .solver import Solver, Verdict, hint, solve  # noqa: F401  solitaire solver (issue 6)
