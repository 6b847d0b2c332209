"""Sound effects: the one owner of pygame.mixer.

    sounds = Sounds(settings)      # the App makes one; nothing is loaded or played yet
    sounds.unlock()                # the player's first tap, click or key: sound may play now
    sounds.warm()                  # once a frame: loads the next effect not loaded yet
    sounds.play("place")           # a card laid; "shuffle" a new deal, "win", "thud" a refusal

The effects are our own, made by ``tools/make_sounds.py`` into ``assets/sounds/*.ogg`` (OGG:
the only audio pygbag packs). Nothing plays before the player's first input (browsers block
audio until the page is touched, and a game that sounds off on its own is rude), nor while
the Sound setting is off. The effects are loaded one a frame after the first input (``warm``),
or when first played.

Sound is a nicety: the mixer may be missing (no audio device, SDL's dummy driver, a pygame
built without it) or fail at any call. Then the game goes on in silence: every failure is
caught here, remembered in ``problem``, and the mixer is not asked again.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "sounds"
EFFECTS = ("place", "shuffle", "win", "thud")
VOLUME = {"place": 0.55, "shuffle": 0.6, "win": 0.7, "thud": 0.6}

# The mixer's buffer, asked before pygame.init() (which opens the mixer when it can): small on
# the desktop, so a card's tap comes with the move; in the browser SDL mixes on the page's
# main thread (a ScriptProcessorNode), between our frames, so the buffer must outlast a slow
# frame or the sound stutters: 2048 samples, 46 ms. (Chosen, not heard: no speaker here.)
try:
    pygame.mixer.pre_init(44100, -16, 2, 2048 if sys.platform == "emscripten" else 512)
except Exception:  # a pygame without a mixer
    pass


class Sounds:
    def __init__(self, settings, mixer=None, folder: Path = FOLDER):
        """settings: read at each play (its ``sound`` may change at any time); mixer:
        pygame.mixer, or a stand-in with ``get_init()``, ``init()`` and ``Sound(path)``."""
        self.settings = settings
        self.mixer = mixer
        self.folder = folder
        self.unlocked = False  # the player has touched the page, clicked or pressed a key
        self.problem = ""  # why there is no sound (the mixer failed once: never asked again)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._sounding = False  # something was played since sound was last on

    def unlock(self) -> None:
        self.unlocked = True

    @property
    def on(self) -> bool:
        return self.unlocked and bool(self.settings.sound) and not self.problem

    def play(self, name: str) -> bool:
        """Play an effect (one of EFFECTS) if sound may play now; True if it was started."""
        if not self.on:
            return False
        try:
            sound = self._sounds.get(name)
            if sound is None:
                sound = self._sounds[name] = self._load(name)
            sound.play()
            self._sounding = True
        except Exception as e:  # noqa: BLE001 (any failure of the mixer means silence)
            self.problem = f"{type(e).__name__}: {e}"
            return False
        return True

    @property
    def warming(self) -> bool:
        """Effects are still being loaded, one a frame (``warm``)."""
        return self.on and len(self._sounds) < len(EFFECTS)

    def warm(self) -> None:
        """Load one effect not loaded yet (called once a frame after the first input: each
        costs a few ms to decode in WebAssembly, so they are not all decoded in one frame,
        nor in the frame of the move that first plays them). And once the Sound setting is
        off (from any screen: M, Settings), what is still playing stops."""
        if not self.on:
            if self._sounding:
                self.stop()
            return
        if len(self._sounds) == len(EFFECTS):
            return
        name = next(n for n in EFFECTS if n not in self._sounds)
        try:
            self._sounds[name] = self._load(name)
        except Exception as e:  # noqa: BLE001
            self.problem = f"{type(e).__name__}: {e}"

    def _load(self, name: str):
        mixer = self.mixer if self.mixer is not None else pygame.mixer
        if not mixer.get_init():
            mixer.init()
        sound = mixer.Sound(str(self.folder / f"{name}.ogg"))
        sound.set_volume(VOLUME.get(name, 0.6))
        return sound

    def stop(self) -> None:
        """Silence what is playing (the Sound setting was turned off)."""
        self._sounding = False
        if self._sounds and not self.problem:
            try:
                (self.mixer if self.mixer is not None else pygame.mixer).stop()
            except Exception:  # noqa: BLE001
                pass


__all__ = ["EFFECTS", "FOLDER", "Sounds"]
