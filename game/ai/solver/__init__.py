"""The solitaire solver: is this position winnable, and how? Hint, the "still winnable?" light
and Finish ask it (game/session/help.py).

    from game.ai.solver import solve, hint, Solver, SolverMemory
    v = solve(state, budget_s=10)        # blocking: v.status won | lost | unknown (Status)
    memory = SolverMemory()              # shared by the Solvers of one table
    job = Solver(state, budget_s=10, memory=memory)  # resumable: job.think(5), job.hint()

The driver (driver.py) runs its searches (best_first.py, own_search.py, restarting.py,
depth_first.py; what they share: search.py, settings.py) on each game's model (models/, one
module per game), through the contract every model keeps (contract.py); what models share is
here too (columns.py for column games with a waste and a stock, alternating.py for piles in
alternating colours, talon.py for a stock that goes round onto a waste). Found lines are
shortened (line.py) and replayed through the core (found_line.py) before they are reported;
winning lines and proofs are remembered for the next Solvers (memory.py).
"""

from game.ai.solver.driver import Solver, hint, solve
from game.ai.solver.memory import SolverMemory
from game.ai.solver.verdict import Status, Verdict

__all__ = ["Solver", "SolverMemory", "Status", "Verdict", "hint", "solve"]
