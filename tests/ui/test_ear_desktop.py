"""The desktop's voice (game/ui/ear/desktop.py; docs/accessibility.md, "On the desktop: speech").

With a speaker that records what reaches the library's boundary: a new screen's title is said,
then the focus; a moved focus and a focused pile whose top card changed are read; a view shown
again says nothing; urgent sentences interrupt; a speaker that raises or blocks never reaches
the game, and the player is given a plain sentence. Then the real path on Linux: Prism
(prismatoid) talking to a speech-dispatcher the test starts in a folder of its own, whose
output module writes what it was given to a file, and the exact words arrive there."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from game.ui.ear import desktop
from game.ui.ear.desktop import (
    DesktopVoice,
    NoSpeech,
    SpeechMissing,
    desktop_voice,
    reader_process,
    screen_reader_running,
)
from game.ui.ear.view import Node, Role, View

LINUX_NONE = "No screen reader or speech was found: install speech-dispatcher."
MISSING = "Speech is not installed with this copy of the game."
STOPPED = "Speech stopped: the screen reader or speech no longer answers."


class Recording:
    """A speaker that keeps what it was asked to say, as (text, interrupt)."""

    def __init__(self, fail_open: Exception | None = None) -> None:
        self.fail_open = fail_open
        self.spoken: list[tuple[str, bool]] = []
        self.opened = 0

    def open(self) -> None:
        self.opened += 1
        if self.fail_open is not None:
            raise self.fail_open

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))


class Failing(Recording):
    """Speaks once, then raises at every call."""

    def speak(self, text: str, interrupt: bool) -> None:
        super().speak(text, interrupt)
        if len(self.spoken) > 1:
            raise OSError("the screen reader went away")


@pytest.fixture
def voices():
    made: list[DesktopVoice] = []

    def make(speaker) -> DesktopVoice:
        voice = DesktopVoice(speaker)
        made.append(voice)
        return voice

    yield make
    for voice in made:
        voice.close()


def heard(voice: DesktopVoice) -> list[tuple[str, bool]]:
    assert voice.wait_idle(10), "the voice's thread never got through what it was given"
    return list(voice.speaker.spoken)


def table(focus: str | None = "col-1", top: str = "the Nine of clubs", title="Forty Thieves"):
    return View(
        title=title,
        nodes=(
            Node("stock", Role.PILE, "Stock: 40 cards"),
            Node("col-1", Role.PILE, f"Column 1: {top}"),
            Node("col-2", Role.PILE, "Column 2: the Ace of hearts"),
            Node("hint", Role.BUTTON, "Hint"),
        ),
        focus=focus,
    )


def test_a_new_screen_is_said_by_its_title_then_the_focus(voices):
    voice = voices(Recording())
    voice.show(table())
    assert heard(voice) == [("Forty Thieves", True), ("Column 1: the Nine of clubs", False)]
    assert voice.requests() == []
    assert voice.problem == ""


def test_a_view_shown_again_says_nothing(voices):
    voice = voices(Recording())
    voice.show(table())
    voice.show(table())
    # a node that is not focused changing says nothing either
    voice.show(
        View(
            title="Forty Thieves",
            nodes=(*table().nodes[:3], Node("hint", Role.BUTTON, "Hint (3 left)")),
            focus="col-1",
        )
    )
    assert heard(voice) == [("Forty Thieves", True), ("Column 1: the Nine of clubs", False)]


def test_a_moved_focus_and_a_changed_focused_pile_are_read_interrupting(voices):
    voice = voices(Recording())
    voice.show(table())
    voice.show(table(focus="col-2"))
    voice.show(table(focus="col-1", top="the Eight of diamonds"))
    voice.show(table(focus="col-1", top="the Seven of clubs"))  # its top card changed
    voice.show(table(focus=None))  # the focus gone: nothing to read
    voice.show(table(focus="hint"))
    assert heard(voice)[2:] == [
        ("Column 2: the Ace of hearts", True),
        ("Column 1: the Eight of diamonds", True),
        ("Column 1: the Seven of clubs", True),
        ("Hint", True),
    ]


def test_another_screen_is_said_even_where_the_focus_key_is_the_same(voices):
    voice = voices(Recording())
    voice.show(table())
    voice.show(table(title="Forty Thieves: you won"))
    assert heard(voice)[2:] == [
        ("Forty Thieves: you won", True),
        ("Column 1: the Nine of clubs", False),
    ]


def test_a_title_the_ear_said_already_is_not_said_again_and_the_focus_follows_it(voices):
    """The ear (game/ui/ear/ear.py) says a new screen's title and lines as one sentence before
    it shows the view: the voice doesn't repeat the title, nor cut that sentence off."""
    voice = voices(Recording())
    voice.say("Forty Thieves. Deal 1 of 3.")
    voice.show(table())
    assert heard(voice) == [
        ("Forty Thieves. Deal 1 of 3.", False),
        ("Column 1: the Nine of clubs", False),
    ]


def test_urgent_sentences_interrupt_and_others_wait_their_turn(voices):
    voice = voices(Recording())
    voice.say("You moved the Ten of spades onto the Jack of hearts.")
    voice.say("Your opponent took the Ace of clubs.", urgent=True)
    voice.say("  Two\nlines\x00 ")
    voice.say("")  # nothing to say
    assert heard(voice) == [
        ("You moved the Ten of spades onto the Jack of hearts.", False),
        ("Your opponent took the Ace of clubs.", True),
        ("Two lines", False),
    ]


def test_a_speaker_that_blocks_never_holds_the_frame_loop(voices):
    """The frame loop only queues words: a speaker stuck in a call (a screen reader that hangs)
    leaves say and show returning; what waits is said when it comes back, the oldest dropped
    past MAX_PENDING."""
    entered, release = threading.Event(), threading.Event()

    class Stuck(Recording):
        def speak(self, text: str, interrupt: bool) -> None:
            entered.set()
            release.wait(30)
            super().speak(text, interrupt)

    voice = voices(Stuck())
    voice.say("Sentence 0.")
    assert entered.wait(10)
    for n in range(1, desktop.MAX_PENDING + 10):
        voice.say(f"Sentence {n}.")
    voice.show(table())  # not an interruption: sentences were said since the last view
    assert not voice.wait_idle(0.05)  # still stuck in the first call
    release.set()
    spoken = heard(voice)
    assert spoken[0] == ("Sentence 0.", False)
    assert spoken[-1] == ("Column 1: the Nine of clubs", False)
    assert len(spoken) == desktop.MAX_PENDING + 1  # the first, then the last MAX_PENDING


def test_a_speaker_that_raises_stops_speech_once_and_the_player_is_told(voices):
    speaker = Failing()
    voice = voices(speaker)
    voice.say("One.")
    voice.say("Two.")
    assert heard(voice) == [("One.", False), ("Two.", False)]
    assert voice.problem == STOPPED
    voice.say("Three.")
    voice.show(table())
    assert heard(voice) == [("One.", False), ("Two.", False)]  # never called again


@pytest.mark.parametrize(
    ("failure", "sentence"),
    [(SpeechMissing("no module named prism"), MISSING), (NoSpeech("none"), LINUX_NONE)],
)
def test_nothing_to_speak_with_gives_no_voice_and_a_plain_sentence(failure, sentence, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    speaker = Recording(fail_open=failure)
    voice, problem = desktop_voice(True, speaker)
    assert (voice, problem) == (None, sentence)
    assert speaker.opened == 1
    assert "prism" not in problem.lower()


def test_a_library_that_raises_anything_while_opening_counts_as_nothing_found(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    voice, problem = desktop_voice(True, Recording(fail_open=RuntimeError("COM said no")))
    assert (voice, problem) == (
        None,
        "No screen reader or speech was found: start a screen reader.",
    )


def test_without_the_library_the_player_reads_that_speech_is_not_installed(monkeypatch):
    monkeypatch.setitem(sys.modules, "prism", None)  # import prism raises ImportError
    assert desktop_voice(True) == (None, MISSING)
    assert screen_reader_running() in (False, True)  # never raises (Linux: Orca's process)


def test_the_mode_is_on_while_the_switch_is_or_a_screen_reader_runs(monkeypatch):
    monkeypatch.setattr(desktop, "screen_reader_running", lambda: False)
    assert desktop_voice(False, Recording()) == (None, "")
    monkeypatch.setattr(desktop, "screen_reader_running", lambda: True)
    voice, problem = desktop_voice(False, Recording())
    assert isinstance(voice, DesktopVoice) and problem == ""
    voice.close()
    voice, problem = desktop_voice(True, Recording())
    assert isinstance(voice, DesktopVoice) and problem == ""
    voice.close()


def test_orca_is_found_among_the_processes(tmp_path):
    def process(pid: int, comm: str, *args: str) -> None:
        (tmp_path / str(pid)).mkdir()
        (tmp_path / str(pid) / "comm").write_text(comm + "\n")
        (tmp_path / str(pid) / "cmdline").write_bytes(b"\0".join(a.encode() for a in args) + b"\0")

    (tmp_path / "self").mkdir()
    process(1, "init", "/sbin/init")
    process(7, "python3", "/usr/bin/python3", "/usr/bin/game")
    assert not reader_process(tmp_path)
    process(9, "python3", "/usr/bin/python3", "/usr/bin/orca", "--replace")
    assert reader_process(tmp_path)
    shutil.rmtree(tmp_path / "9")
    process(12, "orca", "/usr/bin/orca")
    assert reader_process(tmp_path)
    assert not reader_process(tmp_path / "nowhere")


# -- the real path: Prism -> libspeechd -> speech-dispatcher -> its output module -> a file --

SEPARATOR = "\x1e"  # between two messages in the file the output module writes


class SpeechServer:
    def __init__(self, spoken: Path, log: Path) -> None:
        self.spoken = spoken
        self.log = log

    def received(self) -> list[str]:
        if not self.spoken.exists():
            return []
        return [m for m in self.spoken.read_text(encoding="utf-8").split(SEPARATOR) if m]

    def wait_for(self, expected: list[str], limit: float = 15.0) -> None:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.received() == expected:
                return
            time.sleep(0.02)
        log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
        assert self.received() == expected, f"speech-dispatcher's log:\n{log}"


@pytest.fixture
def speech_dispatcher(tmp_path, monkeypatch):
    """A speech-dispatcher of the test's own: its configuration, socket and logs in temporary
    folders, one output module (the generic one) whose command appends the text it is given
    to a file, no sound (ALSA's null device); stopped at the end."""
    if sys.platform != "linux":
        pytest.skip("speech-dispatcher is Linux's")
    program = shutil.which("speech-dispatcher")
    if program is None:
        pytest.fail("Debian's speech-dispatcher is missing: apt-get install -y speech-dispatcher")
    try:
        import prism  # noqa: F401
    except ImportError:
        pytest.fail("prismatoid is missing: pip install -e '.[test]' (./build.sh test does)")
    spoken = tmp_path / "spoken"
    conf = tmp_path / "conf"
    (conf / "modules").mkdir(parents=True)
    (conf / "speechd.conf").write_text(
        f'LogLevel 4\nLogDir "{tmp_path}/log"\n'
        'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
        'AddModule "capture" "sd_generic" "capture.conf"\nDefaultModule capture\n'
        'DefaultLanguage "en"\n'
    )
    (conf / "modules" / "capture.conf").write_text(
        # the command is given the text as $DATA, quoted for the shell by the module
        f"GenericExecuteSynth \"printf '%s\\\\036' '$DATA' >> {spoken}\"\n"
        'GenericDelimiters "~"\nGenericMaxChunkLength 100000\n'
        'GenericLanguage "en" "en" "utf-8"\nGenericLanguage "fr" "fr" "utf-8"\n'
        'AddVoice "en" "MALE1" "en"\n'
    )
    (tmp_path / "log").mkdir()
    # a short path: a Unix socket's path is limited to 107 bytes
    short = Path(tempfile.mkdtemp(prefix="spd-"))
    socket = short / "speechd.sock"
    server_log = tmp_path / "log" / "server.out"
    with open(server_log, "wb") as out:
        server = subprocess.Popen(
            [
                program,
                "--run-single",
                "--timeout",
                "0",
                "--communication-method",
                "unix_socket",
                "--socket-path",
                str(socket),
                "--config-dir",
                str(conf),
                "--log-dir",
                str(tmp_path / "log"),
                "--pid-file",
                str(short / "pid"),
            ],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its output module in its group: stopped with it
        )
    try:
        deadline = time.monotonic() + 20
        while not socket.exists():
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"speech-dispatcher didn't start:\n{server_log.read_text()[-3000:]}")
            time.sleep(0.02)
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{socket}")
        monkeypatch.setenv("SPEECHD_CMD", "/bin/false")  # never a speech-dispatcher of the system's
        yield SpeechServer(spoken, server_log)
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
        shutil.rmtree(short, ignore_errors=True)


def test_the_words_reach_speech_dispatcher_through_the_library(speech_dispatcher, monkeypatch):
    monkeypatch.setattr(desktop, "screen_reader_running", lambda: False)
    voice, problem = desktop_voice(True)
    assert problem == "" and isinstance(voice, DesktopVoice)
    try:
        assert voice.ready()
        assert voice.speaker.name == "Speech Dispatcher"
        said = ["Your move: the King's column is empty."]
        voice.say(said[0])
        speech_dispatcher.wait_for(said)
        voice.show(table())
        said += ["Forty Thieves", "Column 1: the Nine of clubs"]
        speech_dispatcher.wait_for(said)
        voice.show(table(focus="col-2"))
        said += ["Column 2: the Ace of hearts"]
        speech_dispatcher.wait_for(said)
        voice.say("Votre adversaire a joué le roi de cœur — « vite » $HOME `id`.", urgent=True)
        said += ["Votre adversaire a joué le roi de cœur — « vite » $HOME `id`."]
        speech_dispatcher.wait_for(said)
        assert voice.problem == ""
    finally:
        voice.close()


def test_where_speech_dispatcher_does_not_answer_the_player_is_told(tmp_path, monkeypatch):
    if sys.platform != "linux":
        pytest.skip("speech-dispatcher is Linux's")
    if screen_reader_running():
        pytest.skip("a screen reader runs here: it would speak")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/nobody.sock")
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")  # and none started
    assert desktop_voice(True) == (None, LINUX_NONE)
