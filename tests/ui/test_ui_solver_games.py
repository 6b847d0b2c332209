"""The solver's help in every game it knows (from the registries: ``solvable``), in the game's
default options, through the real client and posted pygame events: the "still winnable?"
light goes from thinking to winnable, Hint shows the next move of the found line (played here
by dragging the cards, or clicking the stock), the light stays green while the line is
followed, and Finish plays the rest to a win.

Each game's deal is the first deal number the table's solver wins after a search of a few
hundred positions or more. The solver runs at one speed on every machine (conftest's steady_solver):
a fast machine once decided in the first frame what the test expects to take several."""

from __future__ import annotations

import pytest

from game.ai.players import solvable
from game.core import GAMES as ALL_GAMES
from game.core import info
from game.ui.chromes.solitaire import LIGHT_COLOURS, Light
from tests.support.deals import table_deal
from tests.support.solver_table import finish, light, play_through_ui, wait_for_verdict

GAMES = [(g, info(g).options) for g in ALL_GAMES if solvable(g)]
GREEN = LIGHT_COLOURS["won"]


@pytest.fixture(scope="module")
def deals():
    return {game_id: table_deal(game_id, options) for game_id, options in GAMES}


pytestmark = pytest.mark.usefixtures("deals", "steady_solver")  # deals found first


@pytest.mark.parametrize("game_id,options", GAMES)
def test_light_hint_and_finish(ui, deals, game_id, options):
    ui.app.settings.winnable_light = True
    ui.app.settings.auto_move = False  # the line is followed move for move
    ui.app.settings.animations = False
    t = ui.app.open_game(game_id)
    t.start(deals[game_id], options)
    ui.frames(1)
    assert t.session.help is not None  # the game has a solver model: the session helps
    assert t.session.help.verdict is None and light(ui) == LIGHT_COLOURS[Light.THINKING]
    frames = wait_for_verdict(ui, limit=3000)
    ui.frames(1)
    v = t.session.help.verdict
    assert frames >= 1 and v.status == "won"
    assert light(ui) == GREEN and t.chrome.finish_button.visible
    line = list(v.line)
    s = t.state.copy(history=False)
    for move in line:
        s.push(move)
    assert s.result().status == "won"
    ui.screenshot(f"{game_id}-solver-light.png")
    for i in range(3):  # three hints, each played by hand
        ui.click(ui.button("Hint"))
        move = t.hint[0]
        assert move == line[i] and t.message[0].startswith("Hint: ")
        play_through_ui(ui, move)
        assert t.state.peek() == move
        # the player follows the line: the new solver knows the rest at once
        assert t.session.help.verdict is not None
        assert t.session.help.verdict.line == line[i + 1 :]
        ui.frames(1)
        assert light(ui) == GREEN
    assert t.session.assisted
    finish(ui, t, line)
    assert t.state.result().status == "won"
    assert [e.move for e in t.state.history][t.session.dealt :] == line
    assert t.modal is not None and t.modal.title == "You won!"
    ui.screenshot(f"{game_id}-solver-finished.png")
