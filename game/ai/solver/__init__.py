"""The solitaire solver: is this position winnable, and how? Hint, the "still winnable?" light
and Finish ask it (game/session/help.py).

    from game.ai.solver import solve, hint, Solver
    v = solve(state, budget_s=10)        # blocking: v.status "won" | "lost" | "unknown"
    job = Solver(state, budget_s=10)     # resumable: job.think(5) a slice at a time, job.hint()

The search driver (driver.py) runs on each game's model (models/, one module per game), through
the contract every model keeps (contract.py); what models share is here too (columns.py for
column games with a waste and a stock, talon.py for a stock that goes round onto a waste), and
found lines are shortened (line.py) and replayed through the core before they are reported.
"""

from game.ai.solver.driver import Solver, Verdict, hint, solve

__all__ = ["Solver", "Verdict", "hint", "solve"]
