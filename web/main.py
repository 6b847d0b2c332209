# /// script
# dependencies = ["pygame-ce"]
# ///
# The browser build's entry point: ./build.sh web packs this file as main.py beside the game
# package, for both sites (the self-contained one and pygbag's, ./build.sh web --pygbag).
# In a browser, asyncio.run starts the frame loop without blocking the page. On the desktop,
# use `python -m game` instead.
#
# pygame is imported here, at the top of main.py, on purpose: pygbag's runtime installs only
# the packages main.py's OWN text names (the PEP 723 block above and this file's imports; the
# game package's imports are never scanned). Without it pygame-ce is never installed there and
# `import pygame` finds an empty namespace package (docs/web.md, "pygbag's page").
import asyncio

import pygame  # noqa: F401  (see above)

from game.ui.app import main

asyncio.run(main())
