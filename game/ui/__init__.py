"""The pygame-ce client (the only package that imports pygame).

    from game.ui.app import main      # async def main(): the frame loop, pygbag and desktop
    app = App(saves); app.step(dt)    # one frame, for tests and benchmarks

Modules: app (the frame loop, input dispatch, notices: the top, which no module below imports),
table/ (a game's table: scene.py the Table, game_life.py its game's life and message line,
view.py drawing from one cached layer, input.py pointer and keys to moves, computers.py the
computer seats, chrome.py the contract of what a kind of table adds), chromes/ (the solitaire
toolbar, the duel's side panel, the round table), turns/ (what the chromes of tables with turns
share: the panel, the move log, Replay turn), board/ (where piles lie, cards in flight, the
deal, moves in words), layouts/ (each game's table as data) with layout_shapes, screens/
(title, settings, statistics, rules), online/ (friends online), widgets (buttons, scenes,
dialogs' parts) and dialogs (a question, Deal #, the end panel), who_plays, theme (colours,
fonts, cached text), card_art (cards drawn in code), canvas (the canvas's shape). Game
knowledge comes from game.session and the games' descriptions; nothing here names a game.
"""
