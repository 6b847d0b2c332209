"""The pygame-ce client (the only package that imports pygame).

    from game.ui.app import main      # async def main(): the frame loop, pygbag and desktop
    app = App(saves); app.step(dt)    # one frame, for tests and benchmarks

Modules: app (the frame loop, input dispatch, notices), table (a game's table: a Session drawn
and played, its life and frame), table_input (pointer and keys to moves), table_view (drawing
from one cached layer), animation (cards in flight, the win's bouncing cards), chromes/ (what
each kind of table adds: solitaire toolbar, duel side panel, round table), layout and
layouts/ (each game's table as data), screens (title, settings, statistics, rules), widgets
(buttons, dialogs, Who plays?), theme (colours, fonts, cached text), cards (card art drawn in
code). Game knowledge comes from game.session and the games' descriptions; nothing here names
a game.
"""
