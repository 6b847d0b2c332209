# Run by our page (web/client/index.html, shipped as build/web/index.html) in Pyodide, in place of
# pygbag's runtime: it does what that runtime does before and around main.py, as far as the game
# can tell.
#   - pygame-ce: pygbag's own wheel (CPython 3.12, SDL 2 in WebAssembly), unzipped into
#     site-packages (never loaded as a dynamic library by hand: a second copy of pygame's base
#     module breaks SDL's video); `import pygame` loads it once.
#   - the game: the archive ./build.sh web builds, unpacked where pygbag unpacks it, its assets/
#     folder the current directory and first on sys.path. Read gzipped or not: itch.io un-gzips
#     uploaded .gz files, the name staying the same.
#     The page unpacks both (index.html, unpack: the browser inflates natively); only where it
#     can't (no DecompressionStream) are they left in /tmp for this file to unpack.
#   - platform.window: the page's window (pygbag's platform module offers it; the game reaches
#     localStorage through it).
#   - the frame loop: asyncio.run(main()) returns at once (the page's event loop is already
#     running, as under pygbag) and the game's coroutine is stepped from the browser's animation
#     frames: each requestAnimationFrame callback runs it up to its next `await
#     asyncio.sleep(0)`, which ends the frame. pygbag steps its loop once per animation frame
#     the same way. (Pyodide alone would resume the loop at once and spin a core at 100%.)
#   - resting: `await platform.rest_until_input(ms)` ends a frame and asks for no animation
#     frame until input comes, a message from a friend (the page's net.js), the page is shown or
#     hidden, or ms pass (index.html, drive). pygbag's runtime has no such thing: there the
#     game never rests (game/ui/page_turn.py).
import asyncio
import os
import platform
import sys
import traceback

import js
from pyodide.ffi import create_proxy

SITE = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
APP = str(js.parlour.home)

if os.path.exists("/tmp/pygame.whl"):  # (a browser without DecompressionStream: else the page
    import tarfile  # has unpacked both, index.html)
    import zipfile

    zipfile.ZipFile("/tmp/pygame.whl").extractall(SITE)
    os.makedirs(APP, exist_ok=True)
    with tarfile.open("/tmp/game.tar.gz", "r:*") as archive:
        archive.extractall(APP, filter="tar")
os.chdir(f"{APP}/assets")
sys.path.insert(0, f"{APP}/assets")
platform.window = js


class _NextFrame:
    """What `await asyncio.sleep(0)` waits for: the browser's next animation frame."""

    def __await__(self):
        yield self


NEXT_FRAME = _NextFrame()


class Rest:
    """What `await platform.rest_until_input(ms)` waits for: nothing to do until input or ``ms``
    milliseconds (at least 2)."""

    def __init__(self, ms):
        self.ms = max(2.0, float(ms))

    def __await__(self):
        yield self


platform.rest_until_input = Rest
_sleep = asyncio.sleep


async def _paced_sleep(delay, result=None):
    if delay > 0:
        return await _sleep(delay, result)
    await NEXT_FRAME
    return result


class FrameDriver:
    """Runs a coroutine one frame per animation frame: ``step`` (called by the page's
    requestAnimationFrame callback) resumes it until it awaits the next frame. A real asyncio
    future it awaits (asyncio.sleep(0.5), say) is waited for first."""

    def __init__(self, coro):
        self.coro = coro
        self.waiting = None
        self.proxy = create_proxy(self.step)
        js.parlour.drive(self.proxy)

    def step(self):
        """One frame; returns 0 when the coroutine waits for an asyncio future, 1 when it ran
        a frame (the next one in the next animation frame), 2 or more when it ran a frame and
        then rests that many milliseconds or until woken, -1 when it has ended (then the page
        stops calling)."""
        if self.waiting is not None:
            if not self.waiting.done():
                return 0
            self.waiting = None
        try:
            awaited = self.coro.send(None)
        except StopIteration:
            js.parlour.mark("loopEnded")
            return -1
        except BaseException as error:
            js.parlour.fail("".join(traceback.format_exception(error)))
            return -1
        if isinstance(awaited, Rest):
            return awaited.ms
        if awaited is not NEXT_FRAME:  # an asyncio future, as a Task would be handed it
            awaited._asyncio_future_blocking = False
            self.waiting = awaited
        return 1


def _run_in_frames(main, **_):
    """asyncio.run as pygbag has it: the game's loop is scheduled, asyncio.run returns."""
    return FrameDriver(main)


asyncio.sleep = _paced_sleep
asyncio.run = _run_in_frames
# main.py's own imports, made first so that the page's marks say what each took (the start-up
# steps ./build.sh bench browser --site reports); main.py then finds them made
js.parlour.mark("boot")
import pygame  # noqa: E402,F401

js.parlour.mark("pygame")
import game.ui.app  # noqa: E402,F401

js.parlour.mark("game")
main_globals = {"__name__": "__main__", "__file__": f"{APP}/assets/main.py"}
with open("main.py", encoding="utf-8") as f:
    exec(compile(f.read(), main_globals["__file__"], "exec"), main_globals)
