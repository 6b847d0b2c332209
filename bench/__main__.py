"""``python -m bench WHAT [ARGS]``: run the benchmark command WHAT, the module (or package) of
this package named after it, ``-`` written ``_``; without one, the commands."""

import importlib
import sys

# the commands, in the order the usage lists them, and what each measures
COMMANDS = {
    "core": "rules core: legal-move generations and random-playout moves per second",
    "frame": "client: frame times while dragging, and while the solver thinks",
    "ai": "computer players (--game ID, Russian Bank by default): tournaments, decision time",
    "solver": "solitaire solver: share of deals decided, nodes per second",
    "light": "the still-winnable light in play: moves until its first verdict",
    "winnability": "each solitaire's winnability from the solver's verdicts (run, report)",
    "web": "rules core and saving, native vs WebAssembly (Pyodide in Chromium)",
    "rest": "the desktop app at rest: CPU at the title, at a table, minimised",
    "memory": "client: resident memory over thousands of frames of play",
    "fuzz": "client: random input on every table, screen and dialog: exceptions, memory",
    "browser": "the real client in Chromium: first frame, frames, idle CPU, solver light "
    "(--site: the site's load figures)",
    "session-fuzz": "session: random actions, save/load and refusals on every game",
    "net": "remote seats' transport in Chromium (netns, root): connect, round trip, reload",
    "remote": "friends online in Chromium (netns, root): link to table, moves, reload, killed tab",
    "desktop-remote": "a desktop app and a page at one table (netns, root): link to "
    "table, moves each way, the desktop's frames",
    "ear": "the game by ear in Chromium: key to words, the mirror's updates, at rest, the "
    "first visit (--cpu-slowdown N)",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print("usage: python -m bench WHAT [--quick]\n")
        width = max(map(len, COMMANDS))
        for name, what in COMMANDS.items():
            print(f"  {name:{width}}  {what}")
        return 2
    module = importlib.import_module(f"bench.{argv[0].replace('-', '_')}")
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
