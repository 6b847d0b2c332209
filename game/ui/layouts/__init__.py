"""Each game's table layout, as data: one module per game, named after its id
("forty-thieves" -> forty_thieves.py), holding ``LAYOUT``, a dict:

    "card": (w, h)           card size in pixels on the canvas
    "fan": "down" | "side"   which way columns fan (the card art puts its indices to suit)
    "own_backs": bool        each card shows its own pack's back (default: pack 0's back)
    "table_right": x         the cards' area ends here (panels lie beyond it)
    "piles": [(name, x, y, {options}), ...]   in keyboard-focus order, options:
        "fan": (dx, dy) per face-up card, "fan_down": (dx, dy) per face-down card,
        "limit": the farthest coordinate a fanned card may reach (the fan squeezes),
        "fan_last": only the top n cards fan, the rest lie under the first of them (a waste
        of a game turning three: the three just turned show),
        "slot": a rank's letter on the empty place ("A"), "badge": where the count shows
        ("below", "right"), "caption": a word beside the pile ("Reserve"), "caption_at":
        "above" to write it over the pile instead, "empty": a word on the empty place
        ("empty"); the words marked to translate, ``NP_("a pile's caption on the table",
        "Reserve")``, ``NP_("a word on an empty place on the table", "empty")`` (shown in
        the language spoken: layout.Layout's ``captions``, ``empty_words``)
    "seats": [(x, y), ...]   where each seat's name is written (games with several seats)

A game whose table depends on its number of players gives one such dict per number instead:
``LAYOUT = {2: {...}, 3: {...}, 4: {...}}`` (``layout_data(game_id, players)`` picks one; the
smallest number when none is given).

Every game also gives its table for the portrait canvas (a phone held upright, see
game/ui/canvas.py): ``PORTRAIT``, a function of the canvas height returning such a dict (or
one per number of players), 768 wide, its cards at least 72 wide (36 CSS px on a 390x844
page) and as large as the table allows (shapes.portrait_card, shapes.two_bands).
``layout_data(game_id, players, portrait=True)`` picks it. A portrait table with a side panel
(duel, round) gives "panel_top": where the panel begins below the cards; the message's band
(shapes.P_MESSAGE_BAND, four lines) lies just above it.

A phone held sideways draws the 1280x720 table (its buttons in a rail beyond it) with the
table's own words at least 12 CSS px (``CANVAS.label``: size 32, where the desktop writes 16 to
20). A game whose table has no room for words that large there gives ``SIDEWAYS``, a dict like
``LAYOUT`` (or one per number of players): the same table with the room made (a row moved
apart, a caption over its pile); ``layout_data(..., sideways=True)`` picks it, else ``LAYOUT``.

game/ui/layout_shapes.py builds the layouts several games share (nothing but the games' layouts
lives here: game/core/plugins.py's rule finds them).
"""

from __future__ import annotations

from game.core.plugins import part


def layout_data(
    game_id: str, players: int | None = None, portrait: bool = False, sideways: bool = False
) -> dict:
    module = part(__name__, game_id)
    if module is None:
        raise ValueError(f"no layout for {game_id!r}")
    layout = module.LAYOUT
    if sideways:
        layout = getattr(module, "SIDEWAYS", layout)
    if portrait:
        from game.ui.canvas import CANVAS

        layout = module.PORTRAIT(CANVAS.h)
    if layout and all(isinstance(k, int) for k in layout):  # one per number of players
        return layout[players if players in layout else min(layout)]
    return layout
