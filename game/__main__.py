"""``python -m game``: play on the desktop (a resizable window scaling the 1280x720 table)."""

import asyncio


def run() -> None:
    from game.ui.app import main
    asyncio.run(main())


if __name__ == "__main__":
    run()
