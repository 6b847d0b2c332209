# The browser build's entry point: ./build.sh web packs this file as main.py beside the game
# package. pygbag runs it inside its WebAssembly CPython; asyncio.run there starts the frame loop
# without blocking the page. On the desktop, use `python -m game` instead.
import asyncio

from game.ui.app import main

asyncio.run(main())
