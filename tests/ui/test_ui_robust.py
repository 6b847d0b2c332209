"""What probing found (issue 17), through the real client: settings with values outside their
choices, and notices shown one after another."""

from __future__ import annotations

import json

import pygame
import pytest

from game.storage import Saves
from game.ui.app import NOTICE_MS, App


def stored_settings(store, data) -> None:
    store.set("parlour/settings", json.dumps({"format": 1, "data": data}))


@pytest.mark.parametrize(
    "bad",
    [
        {"reserve_size": 99},
        {"match_target": 0},
        {"level": "genius"},
        {"rb_mode": "lenient"},
        {"pace": "warp"},
        {
            "games": {
                "russian-bank": {
                    "options": {"reserve_size": 99},
                    "match_target": 0,
                    "seats": ["human", "robot"],
                }
            }
        },
    ],
)
def test_a_setting_outside_its_choices_is_reset_and_the_player_told(store, bad):
    stored_settings(store, bad)
    app = App(Saves(store))
    assert any("reset to its default" in n for n in app.notices)
    t = app.open_game("russian-bank", new=True)  # this crashed the client before
    for _ in range(30):
        app.step(50)
    assert t.state.options["reserve_size"] == 13
    assert t.chrome.match.target == 300
    assert t.session.seats == ("human", "computer:medium")


def test_every_notice_is_shown_once_in_order_then_cleared(ui):
    app = ui.app
    app.notice("First thing.")
    app.notice("Second thing.")
    app.notice("First thing.")  # the same sentence twice is shown once
    shown = []
    for _ in range(int(3 * NOTICE_MS / 100) + 5):
        ui.frames(1, 100)
        text = app.current_notice()
        if text and (not shown or shown[-1] != text):
            shown.append(text)
    assert shown == ["First thing.", "Second thing."]
    assert app.notices == [] and app.current_notice() == ""


def test_storage_notices_after_the_first_are_shown_too(store):
    class Failing:
        """A store that can be read but fills up at once."""

        def __init__(self, inner):
            self.inner = inner

        def get(self, key):
            return self.inner.get(key)

        def set(self, key, value):
            from game.storage import StorageFull

            raise StorageFull("full")

        def delete(self, key):
            self.inner.delete(key)

        def keys(self):
            return self.inner.keys()

    store.set("parlour/stats/forty-thieves", "not json")
    app = App(Saves(Failing(store)))
    app.open_game("forty-thieves")  # saving fails: storage full
    app.saves.stats("forty-thieves")  # reading the damaged statistics: a second notice
    app.collect_notices()
    assert len(app.notices) >= 2
    seen = []
    app.title()
    for _ in range(int(len(app.notices) * NOTICE_MS / 100) + 10):
        app.step(100)
        text = app.current_notice()
        if text and text not in seen:
            seen.append(text)
    assert any("full" in s for s in seen) and any("statistics" in s for s in seen)
    pygame.event.clear()


def test_a_save_whose_undo_groups_are_wrong_is_kept_aside_before_a_new_deal(store):
    """Finding 4(a): the position was fine but the groups were not; the client refused it,
    dealt anew and saved over it. Now the session's check refuses it, the storage keeps the
    very text aside, and the player is told."""
    app = App(Saves(store))
    t = app.open_game("forty-thieves")
    assert t.attempt(t.state.legal_moves()[0])
    app.step()
    app.title()
    saved = json.loads(store.get("parlour/game/forty-thieves"))
    saved["data"]["undo_groups"] = [5]  # there is one move
    text = json.dumps(saved)
    store.set("parlour/game/forty-thieves", text)
    app2 = App(Saves(store))
    t2 = app2.open_game("forty-thieves")
    assert not t2.state.history  # a new deal
    assert store.get("parlour.aside/game/forty-thieves") == text  # the original, kept
    assert any("kept aside" in n for n in app2.notices)


def test_a_table_at_rest_is_not_drawn_again(ui, monkeypatch):
    """Found in the browser: every frame drew and flipped the whole screen, so a table at rest
    cost almost half a core. Now a frame with no input and nothing new keeps the picture."""
    flips = []
    real = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real())[1])
    app = ui.app
    app.settings.set("pace", "instant")
    for game_id in ("russian-bank", "forty-thieves"):
        t = app.open_game(game_id, new=True)
        for _ in range(400):  # until it is a person's move and nothing moves
            ui.frames(1, 50)
            if t.session.accepting() and not t.anim.busy:
                break
        # the solver's verdict comes at its own wall-clock time (later on a busy machine) and
        # is news to show (Finish); without it nothing changes at rest
        t.session.help = None
        ui.frames(5, 50)
        flips.clear()
        ui.frames(60, 10)  # 0.6 s of game time: the clock's seconds don't turn over
        assert len(flips) <= 1, (game_id, len(flips))
        at_rest = len(flips)
        ui.click(ui.card_point(t.layout.focus_order[0]))  # input draws at once
        assert len(flips) == at_rest + 1
