"""What the computer players of the races share: the games where each player races to be the
first rid of their own cards (Russian Bank, Battle solitaire, Chinese Patience).

bot.py is the skeleton every race's player is (``PlanningBot``: levels read from a table of
``LevelSettings``, random choices drawn from the position, the obvious order, slips, Stop! calls,
plans checked against the rules core and followed). The races on game/core/race.py's table of
eight houses and eight foundations (Russian Bank, Battle solitaire) share more: their player
(table_bot.py: ``TableBot`` plans with the turn search), the turn search (search.py) and the
compact table their models build on (model.py).
"""
