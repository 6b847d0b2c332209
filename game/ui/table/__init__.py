"""The table of one game: ``Table`` (scene.py) put together from parts, one job each: drawing
(view.py), input (input.py) and the computer seats (computers.py); what a kind of table adds
around the cards is its chrome (game/ui/chromes/), where the piles lie and how cards move is
game/ui/board/."""
