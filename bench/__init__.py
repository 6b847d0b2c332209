"""Benchmark scripts (not tests): ``python -m bench core|frame|ai|solver|web [--quick]``.
Each prints its figures and, last, one JSON object with all of them."""


def headless() -> None:
    """Run the pygame client with no window and no sound (SDL's dummy drivers), quietly: what
    the client benchmarks set before they import pygame."""
    import os
    import warnings

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    warnings.filterwarnings("ignore", message="no fast renderer")
