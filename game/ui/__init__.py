"""The pygame-ce client (the only package that imports pygame).

    from game.ui.app import main      # async def main(): the frame loop, pygbag and desktop
    app = App(saves); app.step(dt)    # one frame, for tests and benchmarks

Modules: app (frame loop, input), theme (colours, fonts, text cache), cards (card art drawn in
code), layout (pile geometry, hit testing), widgets (buttons, dialogs), table (what every table
shares), solitaire_table, bank_table, screens (title, settings, statistics, rules), rules_text,
services (storage, opponent and solver behind one import each).
"""
