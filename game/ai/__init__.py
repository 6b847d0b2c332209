# solver (issue 6): Forty Thieves and Indian Patience
from .solver import Solver, Verdict, hint, solve  # noqa: F401
