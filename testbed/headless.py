"""The pygame client with no window and no sound: SDL's dummy drivers, pygame's greeting kept
quiet. What the client's benchmarks set before they import pygame, and the environment the
desktop app driven in a child process starts with (testbed/desktop_client.py)."""

from __future__ import annotations

HEADLESS = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}


def headless() -> None:
    """Run the pygame client in this process with no window and no sound (an environment
    variable already set is kept), quietly."""
    import os
    import warnings

    for name, value in HEADLESS.items():
        os.environ.setdefault(name, value)
    warnings.filterwarnings("ignore", message="no fast renderer")
