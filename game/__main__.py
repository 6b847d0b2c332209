"""``python -m game``: play on the desktop (a resizable window scaling the 1280x720 table, or
with ``--portrait`` the phone-shaped table the browser uses on a phone held upright, with
``--sideways`` the one of a phone held sideways)."""

import argparse
import asyncio
import os
import sys


def run(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Patience Parlour: patience card games on the desktop (the same client "
                    "runs in the browser through pygbag: see the README).")
    parser.add_argument("--data-dir", metavar="FOLDER",
                        help="where progress is saved (default: the platform's user data "
                             "folder; $PARLOUR_DATA_DIR also sets it)")
    parser.add_argument("--portrait", action="store_true",
                        help="the upright table a phone held upright gets in the browser "
                             "(768x1662, scaled to fit the screen) instead of the 1280x720 one")
    parser.add_argument("--sideways", action="store_true",
                        help="the table a phone held sideways gets in the browser (1552x720: "
                             "the 1280x720 table with a rail of big buttons on its right)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.data_dir:
        os.environ["PARLOUR_DATA_DIR"] = args.data_dir
    if args.portrait:
        from game.ui.canvas import CANVAS, PORTRAIT
        CANVAS.use(PORTRAIT)
    elif args.sideways:
        from game.ui.canvas import CANVAS, SIDEWAYS
        CANVAS.use(SIDEWAYS)
    from game.ui.app import main
    asyncio.run(main())


if __name__ == "__main__":
    run()
