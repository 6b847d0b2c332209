"""What each kind of table adds around the cards, one module per kind, named as game
descriptions name it (``info(game_id).table``): solitaire.py (a toolbar with Hint, the
"still winnable?" light and Finish), duel.py (a side panel for players taking turns). Each
module's ``CHROME`` is the class; see game/ui/table/scene.py for what a chrome provides.
"""

from __future__ import annotations

import importlib


def chrome_class(kind: str):
    """The chrome for a kind of table named in a game's description."""
    return importlib.import_module(f"{__name__}.{kind}").CHROME
