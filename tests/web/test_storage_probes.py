"""Issue 17 ("nothing lost, nothing crashes") probes of game.storage, kept as tests.

Each probe failed on the code before its fix (see docs/storage.md).
"""

import os
import subprocess
import sys
import textwrap
import types

import pytest

import game.storage.stores as stores_module
from game.storage import FileStore

from .test_storage import CHILD, GAME_KEY, ROOT

POSIX_LOCKS = pytest.mark.skipif(sys.platform == "win32", reason="flock: POSIX only")


def temp_files(folder):
    return sorted(n for n in os.listdir(folder) if n.startswith(".tmp-"))


# ============================================================================ 7: temp files
@pytest.mark.parametrize("how", ["half", "before-rename"])
def test_the_temp_file_of_a_killed_write_goes_at_the_next_start(tmp_path, how):
    folder = tmp_path / "saves"
    FileStore(folder).set(GAME_KEY, "old")
    child = subprocess.run([sys.executable, "-c", CHILD.format(
        root=ROOT, folder=str(folder), how=how, new="x" * 100_000)], capture_output=True,
        text=True)
    assert child.returncode == 9, child.stderr
    assert temp_files(folder)
    store = FileStore(folder)  # right away: no minute to wait
    assert temp_files(folder) == []
    assert store.get(GAME_KEY) == "old"


PAUSED_WRITER = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from game.storage import FileStore
    store = FileStore({folder!r})
    real_write = os.write
    def write(fd, data):  # half the save written, then wait (a slow disk, a paused process)
        os.write = real_write
        n = real_write(fd, bytes(data[:len(data) // 2]))
        print("paused", flush=True)
        sys.stdin.readline()
        return n
    os.write = write
    store.set("parlour/game/forty-thieves", "y" * {size})
    print("done", flush=True)
""")


def test_another_window_starting_never_takes_a_live_writers_temp_file(tmp_path):
    folder = tmp_path / "saves"
    FileStore(folder).set(GAME_KEY, "old")
    new = "y" * 200_000
    writer = subprocess.Popen(
        [sys.executable, "-c", PAUSED_WRITER.format(root=ROOT, folder=str(folder), size=len(new))],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "paused"
        (temp,) = temp_files(folder)
        os.utime(folder / temp, (0, 0))  # however old it looks
        FileStore(folder)  # a second game window starts and cleans up
        assert temp_files(folder) == [temp]
        out, err = writer.communicate("go\n", timeout=60)
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert writer.returncode == 0 and out.strip() == "done", err
    assert FileStore(folder).get(GAME_KEY) == new
    assert temp_files(folder) == []


@POSIX_LOCKS
@pytest.mark.parametrize("cleaner", ["removes it", "holds it"])
def test_a_cleaner_between_creating_and_locking_a_temp_file_loses_no_write(
        tmp_path, monkeypatch, cleaner):
    import fcntl

    folder = tmp_path / "saves"
    store = FileStore(folder)
    armed = [True]
    held = []

    def flock(fd, op):
        if armed[0]:  # the writer's first lock: another window gets in first
            armed[0] = False
            if cleaner == "removes it":
                FileStore(folder)
            else:
                (name,) = temp_files(folder)
                held.append(os.open(folder / name, os.O_RDONLY))
                fcntl.flock(held[-1], fcntl.LOCK_EX | fcntl.LOCK_NB)
        return fcntl.flock(fd, op)

    monkeypatch.setattr(stores_module, "fcntl", types.SimpleNamespace(
        flock=flock, LOCK_EX=fcntl.LOCK_EX, LOCK_NB=fcntl.LOCK_NB))
    store.set(GAME_KEY, "landed")
    assert store.get(GAME_KEY) == "landed"
    for fd in held:
        os.close(fd)
    monkeypatch.undo()
    FileStore(folder)
    assert temp_files(folder) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_cleaning_temp_files_never_removes_a_non_regular_file(tmp_path):
    folder = tmp_path / "saves"
    FileStore(folder)
    os.mkfifo(folder / ".tmp-1-fifo")
    os.mkdir(folder / ".tmp-2-dir")
    for name in (".tmp-1-fifo", ".tmp-2-dir"):
        os.utime(folder / name, (0, 0))
    FileStore(folder)
    assert temp_files(folder) == [".tmp-1-fifo", ".tmp-2-dir"]
