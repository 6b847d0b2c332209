"""Sound (issue 18): our own effects on the events a player hears, nothing before the first
input, the Sound setting and M silence it, and a missing or failing mixer never stops play.
The mixer is a stand-in that records what was played (SDL's dummy driver plays nothing)."""

from __future__ import annotations

import pygame
import pytest

from game.core import Move
from game.session import Session, Settings
from game.ui.sound import EFFECTS, FOLDER, Sounds
from tests.support.positions import build


class FakeSound:
    def __init__(self, mixer, path):
        self.mixer, self.name = mixer, path.rsplit("/", 1)[-1].removesuffix(".ogg")

    def set_volume(self, volume):
        self.volume = volume

    def play(self):
        if self.mixer.broken:
            raise pygame.error("the audio device went away")
        self.mixer.played.append(self.name)


class FakeMixer:
    """pygame.mixer as Sounds uses it, recording the effects played."""

    def __init__(self, works=True):
        self.works, self.broken = works, False
        self.played: list[str] = []
        self.inits = 0

    def get_init(self):
        return self.works and self.inits > 0

    def init(self):
        self.inits += 1
        if not self.works:
            raise pygame.error("No available audio device")

    def Sound(self, path):  # noqa: N802 (pygame's name)
        return FakeSound(self, path)

    def stop(self):
        self.played.append("(stopped)")


@pytest.fixture
def heard(app):
    """The effects the app plays from now on, by name."""
    mixer = FakeMixer()
    app.sound = Sounds(app.settings, mixer)
    return mixer.played


def won_in_one():
    """Canfield with every card home but the King of diamonds, alone in a column."""
    return build(
        "canfield",
        {
            "foundation0": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
            "foundation1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "foundation2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
            "foundation3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "tableau0": "KD",
        },
        rest={},
        vars={"base": 1},
    )


def test_the_sounds_are_ours_small_and_ogg():
    total = 0
    for name in EFFECTS:
        data = (FOLDER / f"{name}.ogg").read_bytes()
        assert data[:4] == b"OggS" and b"vorbis" in data[:64]
        total += len(data)
    assert total < 40_000  # within the web payload's goal with room to spare


def test_nothing_plays_before_the_first_input(ui, heard):
    t = ui.app.open_game("forty-thieves")
    t.start(5)  # a deal, and its Aces going home, before the player touched anything
    ui.settle()
    assert heard == []
    ui.key(pygame.K_n)  # the first key: a new deal
    ui.settle()
    assert heard[:1] == ["shuffle"]


def test_a_move_a_refusal_and_a_new_deal_each_sound(ui, heard):
    state = build("forty-thieves", {"tableau0": "5D 9C", "tableau1": "6S", "tableau2": "KH"})
    ui.app.saves.save_game("forty-thieves", Session(state).to_dict())
    ui.app.settings.auto_move = False
    t = ui.app.open_game("forty-thieves")
    ui.settle()
    ui.drag(ui.card_point("tableau0"), ui.card_point("tableau2"), steps=3)  # 9C on KH: refused
    ui.settle()
    assert heard == ["thud"] and t.state.history == []
    ui.drag(ui.card_point("tableau1"), ui.card_point("tableau2"), steps=3)  # 6S on KH: refused
    ui.settle()
    assert heard == ["thud", "thud"]
    ui.double_click(ui.card_point("tableau1"))  # the 6S can't go to a foundation
    ui.settle()
    assert heard == ["thud", "thud", "thud"] and t.state.history == []
    ui.click(ui.card_point("stock"))  # a card turned from the stock
    ui.settle()
    assert heard == ["thud", "thud", "thud", "place"] and t.state.peek() == Move("stock", "waste")
    ui.key(pygame.K_z, pygame.KMOD_CTRL)  # undo and redo move cards too
    ui.key(pygame.K_y, pygame.KMOD_CTRL)
    assert heard == ["thud"] * 3 + ["place"] * 3 and t.state.peek() == Move("stock", "waste")
    t.new_deal(confirm=False)
    assert heard[-1] == "shuffle"


def test_a_win_sounds(ui, heard, store):
    ui.app.saves.save_game("canfield", Session(won_in_one()).to_dict())
    ui.app.settings.auto_move = False
    t = ui.app.open_game("canfield")
    ui.settle()
    ui.drag(ui.card_point("tableau0"), ui.card_point("foundation2"), steps=3)
    ui.settle()
    assert t.state.result().status == "won" and t.modal.title == "You won!"
    assert heard == ["place", "win"]


def open_still(ui, game_id="forty-thieves", seed=7):
    """A table on a fixed deal, nothing moving by itself after a move."""
    ui.app.settings.auto_move = False
    t = ui.app.open_game(game_id)
    t.start(seed)
    ui.settle()
    return t


def test_the_sound_setting_and_m_silence_it_and_are_saved(ui, heard, store):
    t = open_still(ui)
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert heard == ["place"]
    ui.key(pygame.K_m)
    assert ui.app.settings.sound is False and "Sound off" in t.message_text()
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert heard == ["place", "(stopped)"]  # M stopped what played; the card made no sound
    assert len(t.state.history) >= 2
    again, _ = Settings.from_dict(ui.app.saves.settings())
    assert again.sound is False  # saved
    ui.key(pygame.K_m)
    assert "Sound on" in t.message_text()
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert ui.app.settings.sound is True and heard[-1] == "place"


def test_settings_screen_has_the_sound_row(ui):
    from game.ui.screens import SettingsScene

    ui.app.show(SettingsScene(ui.app))
    ui.frames(1)
    ui.click(ui.button("sound=False"))
    assert ui.app.settings.sound is False
    ui.screenshot("settings-sound.png")


@pytest.mark.parametrize("trouble", ["no device", "fails later", "no files"])
def test_without_a_working_mixer_play_goes_on_in_silence(ui, tmp_path, trouble):
    mixer = FakeMixer(works=trouble != "no device")
    folder = tmp_path if trouble == "no files" else FOLDER
    ui.app.sound = Sounds(ui.app.settings, mixer, folder)
    if trouble == "fails later":
        mixer.broken = True
    if trouble == "no files":  # pygame's own mixer: the file is missing
        ui.app.sound.mixer = None
    t = open_still(ui)
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert t.state.peek() == Move("stock", "waste")  # the move was made
    assert mixer.played == [] and ui.app.sound.problem
    ui.click(ui.card_point("stock"))  # asked once, then left alone
    ui.settle()
    assert mixer.inits <= 1 and len(t.state.history) >= 2


def test_the_real_mixer_loads_and_plays_our_files_on_the_dummy_driver(ui):
    sounds = Sounds(Settings())
    sounds.unlock()
    for name in EFFECTS:
        assert sounds.play(name), sounds.problem
    assert 0.05 <= sounds._sounds["place"].get_length() <= 0.1
    assert 1.0 <= sounds._sounds["win"].get_length() <= 1.5


def test_turning_sound_off_in_settings_stops_what_plays(ui, heard, store):
    """The Settings screen's Sound row, not only M: a win's fanfare still sounding stops the
    frame the setting goes off, and nothing is stopped again after that."""
    from game.ui.screens import SettingsScene

    open_still(ui)
    ui.click(ui.card_point("stock"))
    ui.settle()
    assert heard == ["place"]
    ui.app.show(SettingsScene(ui.app))
    ui.frames(1)
    ui.click(ui.button("sound=False"))
    ui.frames(3)
    assert heard == ["place", "(stopped)"]
