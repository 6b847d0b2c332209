"""Cards on the table, for every kind of table: where each pile lies and how its cards fan
(places.py), cards in motion (animation.py, dealing.py), moves in a player's words
(move_words.py)."""
