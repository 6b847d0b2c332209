"""What the page's runtime leaves out of Pyodide's (web/client/build_site.py: STDLIB_LEFT_OUT,
``slim_lock``): the first visit under 8 MB (issue 46). The standard library's parts left out
are never imported by the game (checked here, in a fresh interpreter importing every module the
page ships, pygame too); every other member of the zip is as Pyodide has it; the lock keeps its
``info``. The browser tests play the site as built without them."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

from web.client.build_site import STDLIB_LEFT_OUT, pyodide_dir, slim_lock, slim_stdlib

#: every module of game/ a page ships (not the desktop-only folders), then pygame, imported
IMPORT_ALL = r"""
import importlib, json, os, pkgutil, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
import game
for m in pkgutil.walk_packages(game.__path__, "game."):
    if ".desktop" in m.name and m.name.startswith("game.net"):
        continue
    importlib.import_module(m.name)
import pygame, game.ui.app
print(json.dumps(sorted(sys.modules)))
"""


def left_out(name: str) -> bool:
    path = name.replace(".", "/")
    return any(
        path + "/" == part or path + ".py" == part or path.startswith(part)
        for part in STDLIB_LEFT_OUT
    )


def test_the_game_never_imports_what_the_page_leaves_out():
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], capture_output=True, text=True, check=True
    ).stdout
    modules = json.loads(out.splitlines()[-1])
    assert len(modules) > 300  # (the game's and what they bring)
    assert [m for m in modules if left_out(m)] == []


def test_the_zip_leaves_out_those_parts_and_keeps_every_other_as_it_was(tmp_path):
    source = pyodide_dir() / "python_stdlib.zip"
    slim_stdlib(source, tmp_path / "python_stdlib.zip")
    with zipfile.ZipFile(source) as a, zipfile.ZipFile(tmp_path / "python_stdlib.zip") as b:
        kept = [i.filename for i in a.infolist() if not i.filename.startswith(STDLIB_LEFT_OUT)]
        assert [i.filename for i in b.infolist()] == kept
        assert len(kept) < len(a.infolist())
        for name in kept:
            assert a.read(name) == b.read(name), name
            assert a.getinfo(name).date_time == b.getinfo(name).date_time
        assert all(any(n.startswith(p) for n in a.namelist()) for p in STDLIB_LEFT_OUT)


def test_the_lock_keeps_pyodides_info_and_no_package(tmp_path):
    source = pyodide_dir() / "pyodide-lock.json"
    slim_lock(source, tmp_path / "lock.json")
    slim = json.loads((tmp_path / "lock.json").read_text())
    assert slim == {"info": json.loads(source.read_text())["info"], "packages": {}}
