"""Russian Bank deal 594 (strict mode, own waste playable), the first 537 moves of a game in
which the stalemate rule used to end the game right after a player's best turn (issue 25 item
8; found by random play that prefers moving cards out). After them player 1 (just loaded by player
0 with three cards: five in hand + waste) loads two cards onto player 0's reserve, plays three
waste cards to the houses (5 -> 2 cards) and ends the turn: ``FATAL_TURN``."""

OPTIONS = {"mode": "strict", "own_waste_playable": True}
MOVES = """
r1-f5 d1-d1 h2-h1 d1-h2 d1-d1 d1-w1 d0-d0 d0-h6 d0-d0 d0-w0 d1-d1 w1-h6 d1-w1 h6-w1 d0-d0
d0-h6 d0-d0 d0-w0 d1-d1 d1-h3 d1-d1 d1-w1 d0-d0 d0-w0 d1-d1 d1-h2 h5-h2 r1-h5 d1-d1 h4-h5
w1-h4 d1-h4 d1-d1 r1-h4 d1-w1 d0-d0 h7-r1 d0-h7 d0-d0 d0-f4 d0-d0 d0-f0 d0-d0 d0-w0 d1-d1
d1-h1 r1-h7 d1-d1 d1-f3 d1-d1 d1-h3 d1-d1 d1-h3 d1-d1 d1-h6 d1-d1 d1-w1 d0-d0 h7-r1 d0-w0
r1-h7 d1-d1 d1-h6 d1-d1 d1-w1 h7-r1 d0-d0 d0-w0 h3-w0 d1-d1 r1-h7 d1-w1 d0-d0 h7-r1 h7-w1
r0-h7 w0-h3 d0-w0 r1-h7 d1-d1 d1-w1 h7-r1 h2-w1 d0-d0 d0-w0 h5-w0 r1-h7 w1-h2 d1-d1 h4-w0
h1-w0 h1-h6 d1-w1 d0-d0 d0-f3 h5-f3 w0-h6 r0-h5 r0-h3 w0-h4 h7-r1 d0-d0 d0-f3 d0-d0 d0-w0
h4-r0 h2-w0 r1-h7 d1-d1 h6-r0 h6-h1 h0-h4 r1-h0 h1-h6 h2-h7 h6-h1 d1-w1 r0-h1 h3-w1 w0-h7
d0-d0 d0-w0 w1-h3 h1-r0 d1-d1 d1-h3 h3-w0 h1-w0 d1-d1 d1-w1 d0-d0 w0-h6 h4-w1 d0-w0 d1-d1
d1-h7 h6-w0 h4-w0 h4-r0 w1-h4 d1-d1 d1-h5 d1-d1 h3-h5 d1-w1 d0-d0 d0-f6 h3-w1 d0-d0 d0-w1
d0-d0 d0-h2 d0-d0 d0-h7 d0-d0 d0-w0 d1-d1 d1-w1 d0-d0 d0-w0 d1-d1 d1-h0 d1-d1 d1-f4 r1-h0
d1-d1 d1-f1 d1-d1 d1-f4 d1-d1 d1-f2 d1-d1 d1-h6 d1-d1 h6-w0 d1-h0 d1-d1 d1-f6 h4-f6 r1-h4
d1-d1 d1-w1 w0-h6 w0-f4 h6-f4 d0-d0 d0-h4 d0-d0 d0-f3 d0-d0 d0-w0 d1-d1 h2-w0 d1-w1 d0-d0
w0-h4 h1-w1 h0-h1 h3-h1 h3-r1 h4-r1 w0-r1 d0-w0 d1-d1 d1-w1 d0-d0 h1-w1 d0-w0 w1-h1 d1-d1
d1-f3 h0-w0 d1-d1 d1-w1 h0-w1 d0-d0 d0-w0 h1-w0 r1-h0 d1-d1 d1-w1 h0-r1 d0-d0 w0-h1 d0-w0
w1-w0 d1-d1 w1-h0 h3-h0 d1-h3 d1-d1 h0-h3 d1-w1 h3-h0 h3-w1 w0-h3 d0-d0 d0-h2 d0-d0 h2-h4
d0-w0 d1-d1 h4-h2 d1-w1 d0-d0 d0-f6 h2-h4 h2-w1 h0-w1 w0-h2 d0-d0 h4-h2 h4-w1 h4-r1 d0-h4
d0-d0 d0-w0 d1-d1 h2-w0 h0-w0 d1-w1 h7-w1 d0-d0 h5-w1 w0-h0 w0-h2 d0-h1 d0-d0 d0-w0 d1-d1
w1-h1 d1-r0 w1-h7 d1-d1 h1-r0 h7-r0 w1-r0 h4-h5 d1-h4 d1-d1 d1-f3 d1-d1 d1-f3 d1-d1 d1-f3
d1-d1 d1-w1 d0-d0 d0-w0 d1-d1 d1-h3 d1-d1 d1-h1 d1-d1 d1-w1 d0-d0 h5-w1 h6-w1 h1-w1 d0-w0
h2-w0 h0-w0 w1-h5 d1-d1 w1-h6 d1-h7 w1-h1 d1-d1 d1-w0 d1-d1 d1-w1 d0-d0 d0-h7 d0-d0 d0-f3
d0-d0 d0-w0 d1-d1 d1-h0 d1-d1 d1-h0 d1-d1 h6-h7 d1-w1 d0-d0 d0-f1 w0-f1 h0-w1 d0-d0 h0-r1
d0-w0 r1-h0 w1-h0 d1-d1 d1-w1 d0-d0 d0-w0 d1-d1 h7-h6 d1-w1 h0-w1 h6-h7 d0-d0 d0-f4 h6-f4
w0-h6 d0-d0 h0-r1 d0-h5 d0-d0 d0-h7 d0-d0 d0-w0 r1-h0 d1-d1 d1-f3 h0-f3 r1-f3 h7-w0 d1-d1
r1-h0 h5-w0 d1-h6 r1-h2 d1-d1 d1-w1 h2-r1 h0-w1 w0-h1 d0-d0 d0-w0 h2-w0 r1-h2 h0-w0 w1-h0
d1-d1 h1-h5 d1-w1 h2-r1 w0-h2 h0-r1 w0-h0 d0-d0 d0-f1 d0-d0 d0-w0 r1-h2 d1-d1 d1-h2 r1-h0
d1-d1 r1-h2 d1-w1 w0-h0 h2-r1 h2-w1 d0-d0 d0-h2 d0-d0 d0-w1 d0-d0 d0-h4 d0-d0 h5-h1 d0-w0
h0-r0 w1-h0 h2-r0 d1-d1 d1-h2 d1-d1 r1-h2 r1-h0 r1-f0 r1-f6 h6-f6 h5-f6 h4-f0 h5-f4 r1-h7
r1-h0 h6-h0 h6-f6 h6-f4 h6-r0 h5-r0 d1-h6 r1-h5 d1-d1 d1-h6 d1-d1 h4-h7 r1-h4 h1-h4 d1-w1
r0-h2 w0-h5 d0-d0 d0-h2 d0-d0 d0-w1 h6-w1 d0-d0 d0-f4 d0-d0 d0-f4 h5-f4 d0-d0 d0-h5 d0-d0
d0-f4 d0-d0 d0-f6 d0-d0 d0-w0 w1-h6 d1-d1 d1-h5 d1-d1 d1-w1 d0-d0 h5-w1 h6-w1 d0-w0 h4-w0
w1-h6 d1-d1 h0-w0 w1-h5 h4-h2 d1-h4 d1-d1 d1-w1 h5-w1 w0-h0 w0-h2 d0-d0 h6-w1 h4-w1 d0-h4
d0-d0 d0-w0 d1-d1 d1-h6 d1-d1 d1-h5 d1-d1 d1-w1 d0-d0 h5-w1 h6-w1 h5-h4 h5-w1 r0-h5 r0-h4
h2-h1 d0-w0 d1-d1 h4-r0 h5-r0 d1-h5 h1-w0 d1-d1 d1-h6 h4-h5 h0-w0 d1-d1 d1-h5 d1-d1 d1-w1
h5-w1 d0-d0 d0-w0 w1-h5 d1-d1 d1-w1 d0-d0 h6-w1 h5-w1 h5-h4 d0-w0 w1-h4 w1-h6 d1-d1 d1-w1
h5-w1 h6-w1 r0-h5 h4-w1 d0-d0 d0-h2 d0-d0 r0-h4 d0-h0 d0-d0 h2-h1 d0-w0
""".split()
FATAL_TURN = "h4-r0 w1-h4 h5-r0 w1-h6 w1-h5 d1-d1 h1-h2 d1-w1".split()
