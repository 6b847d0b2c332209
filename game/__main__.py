"""``python -m game``: play on the desktop (a resizable window scaling the 1280x720 table, or
with ``--portrait`` the phone-shaped table the browser uses on a phone held upright, with
``--sideways`` the one of a phone held sideways)."""

import argparse
import asyncio
import os
import sys


def arguments() -> argparse.ArgumentParser:
    """The command line's options."""
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Patience Parlour: patience card games on the desktop (the same client "
        "runs in the browser through pygbag: see the README).",
    )
    parser.add_argument(
        "--data-dir",
        metavar="FOLDER",
        help="where progress is saved (default: the platform's user data "
        "folder; $PARLOUR_DATA_DIR also sets it)",
    )
    parser.add_argument(
        "--portrait",
        action="store_true",
        help="the upright table a phone held upright gets in the browser "
        "(768x1662, scaled to fit the screen) instead of the 1280x720 one",
    )
    parser.add_argument(
        "--sideways",
        action="store_true",
        help="the table a phone held sideways gets in the browser (1552x720: "
        "the 1280x720 table with a rail of big buttons on its right)",
    )
    parser.add_argument(
        "--relay",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a Nostr relay to meet friends online on (wss://...; repeat for "
        "several; default: the same five public relays the web version "
        "uses); the web version's ?relay= must name the same ones",
    )
    parser.add_argument(
        "--relay-rate",
        type=float,
        metavar="N",
        help="with --relay, relays of your own: the events a second the app may "
        "publish to each friend's screen on them (default 0.8, what public relays allow)",
    )
    parser.add_argument(
        "--site",
        metavar="ADDRESS",
        help="the address of a site that serves the web version (https://...): "
        "the waiting room then shows a link ADDRESS#join=CODE to send "
        "to friends; kept in the settings (--site none forgets it)",
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help="the language to play in this time: en, de or fr (default: the one "
        "chosen in Settings, else the system's; docs/languages.md)",
    )
    return parser


def run(argv: list[str] | None = None) -> None:
    """Play: the options applied (the language, the data folder, the relays, the site, the
    canvas's shape), then the frame loop until the window closes."""
    parser = arguments()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.lang is not None:
        from game.core import language
        from game.ui.language_choice import ASKED_ENV

        if args.lang.lower() not in language.available():
            parser.error(
                f"no language {args.lang!r}: the game speaks {', '.join(language.available())}"
            )
        os.environ[ASKED_ENV] = args.lang.lower()
    if args.data_dir:
        os.environ["PARLOUR_DATA_DIR"] = args.data_dir
    if args.relay_rate is not None and not (args.relay and args.relay_rate > 0):
        parser.error("--relay-rate is a number above 0, for relays of your own (--relay)")
    if args.relay:
        from game.net.desktop import RELAYS_ENV, relay_address

        bad = [u for u in args.relay if not relay_address(u)]
        if bad:
            parser.error(f"a relay's address starts with wss:// or ws://, not {bad[0]!r}")
        os.environ[RELAYS_ENV] = " ".join(args.relay)
    if args.relay_rate is not None:
        from game.net.desktop import RELAY_RATE_ENV

        os.environ[RELAY_RATE_ENV] = str(args.relay_rate)
    if args.site is not None:
        try:
            keep_site(None if args.site == "none" else args.site)
        except ValueError as e:  # (the settings say what a site's address is)
            parser.error(str(e))
    if args.portrait:
        from game.ui.canvas import CANVAS, PORTRAIT

        CANVAS.use(PORTRAIT)
    elif args.sideways:
        from game.ui.canvas import CANVAS, SIDEWAYS

        CANVAS.use(SIDEWAYS)
    from game.ui.app import main

    asyncio.run(main())


def keep_site(address: str | None) -> None:
    """The site's address into the saved settings (kept for the next runs); ValueError for
    an address that can't be one."""
    from game.session import Settings
    from game.storage import Saves

    saves = Saves()
    settings, _ = Settings.from_dict(saves.settings())
    settings.set("site", address)
    saves.save_settings(settings.to_dict())


if __name__ == "__main__":
    run()
