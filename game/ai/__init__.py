"""The computer side, without pygame: the computer players of the games with turns
(game/ai/players/, one package per game, and what the races' players share, game/ai/race/),
the solitaire solver (game/ai/solver/: Hint, the "still winnable?" light, Finish) and the lists
of deals it proved winnable (deals.py); thinking in slices (jobs.py)."""
