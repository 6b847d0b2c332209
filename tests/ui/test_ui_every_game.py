"""Every registered game plugs into the client: a layout, a kind of table, a Rules page, and a
table that opens, deals, takes a move by a posted click, undoes it and draws; screenshots of
each in test-artifacts/every-game-<id>.png."""

from __future__ import annotations

import pytest

from game.core import GAMES, info
from game.ui.board.places import layout_for
from game.ui.chromes import chrome_class
from game.ui.screens import RulesScene, rules_text


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_layout_for_each_of_its_piles(game_id):
    from game.core import new_game

    d = info(game_id)
    counts = d.option("players").choices if "players" in d.options else (None,)
    for players in counts:
        state = new_game(game_id, 1, **({"players": players} if players else {}))
        layout = layout_for(game_id, players)
        assert set(layout.piles) == set(state.pile), f"{game_id}: layout and piles differ"
        for geom in layout.piles.values():
            assert 0 <= geom.rect.left and geom.rect.right <= 1280, geom.name
            assert 0 <= geom.rect.top and geom.rect.bottom <= 720, geom.name
    assert chrome_class(d.table) is not None
    assert rules_text(game_id).startswith("# ")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_opens_takes_a_move_and_draws(ui, game_id):
    app = ui.app
    app.settings.set("pace", "instant")
    seats = app.settings.seats(game_id)
    app.settings.set_seats(game_id, ("human",) * len(seats))  # a person moves at once
    t = app.open_game(game_id, new=True)
    for _ in range(300):  # until a person is to move (computer seats play first)
        ui.frames(1, 50)
        if t.session.accepting() and not t.anim.busy:
            break
    assert t.session.accepting(), f"{game_id}: nobody to play"
    before = len(t.state.history)
    move = next((m for m in t.session.candidate_moves() if m.source in t.layout.piles), None)
    assert move is not None
    assert t.attempt(move)
    ui.settle()
    assert len(t.state.history) > before
    ui.screenshot(f"every-game-{game_id}.png")
    if t.can_undo():
        t.undo()
        ui.frames(2)
    app.show(RulesScene(app, game_id))
    ui.frames(1)
