"""Every game's Rules screen, drawn from its rules file (game/core/rules/<game id>.md): the
headings are the file's sections, every numbered rule is on the screen, no developer note or
Markdown markup is; a solitaire whose winnability was measured says it, at the end; the
first and last page of each game's rules, landscape and upright, in
test-artifacts/rules-<id>-<top|end>[-portrait].png."""

from __future__ import annotations

import re

import pytest

from game.ai import deals
from game.core import GAMES, info
from game.core.info import rules_file
from game.ui.chromes import chrome_class
from game.ui.screens import RulesScene
from tests.support.client import app_on_page

PHONE = (390, 844)


def check_and_shoot(ui, game_id: str, suffix: str = "") -> None:
    app = ui.app
    scene = RulesScene(app, game_id)
    app.show(scene)
    ui.frames(1)
    lines = scene.lines()
    headings = [text for kind, text in lines if kind == "h"]
    source = rules_file(game_id).read_text(encoding="utf-8")
    controls = chrome_class(info(game_id).table).controls
    measured = deals.measured(game_id)  # a solitaire whose winnability was measured
    assert headings == [
        h.lstrip("#").strip() for h in re.findall(r"(?m)^##? .*", source)
    ] + re.findall(r"(?m)^# (.*)", controls) + (
        ["How many deals can be won"] if measured else []
    ), (game_id, headings)
    shown = " ".join(text for kind, text in lines if kind == "p")
    assert shown.count("of the deals can be won.") == len(measured), game_id
    for number in re.findall(r"(?m)^(\d+)\. ", source):
        assert f"{number}. " in shown, f"{game_id}: rule {number} is not on the screen"
    for _kind, text in lines:
        assert not re.search(r"[`>*\[\]]", text), (game_id, text)
    ui.screenshot(f"rules-{game_id}-top{suffix}.png")
    scene.scroll = scene.max_scroll()
    ui.frames(1)
    ui.screenshot(f"rules-{game_id}-end{suffix}.png")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_rules_screen_shows_its_rules_file(ui, game_id):
    assert info(game_id).rules  # from the file
    check_and_shoot(ui, game_id)


def test_the_rules_screens_upright():
    with app_on_page(PHONE) as ui:
        for game_id in GAMES:
            check_and_shoot(ui, game_id, "-portrait")
