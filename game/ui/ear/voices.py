"""Which voice the ear speaks with: the page's mirror in a browser (page.py), the platform's
speech on the desktop (desktop.py). Either may be missing or fail: then nobody hears, and
where the player asked for speech a plain sentence says why."""

from __future__ import annotations

from game.ui.ear.voice import Voice


def voice_for(window: object, web: bool, switch_on: bool) -> tuple[Voice | None, str]:
    """The voice for this front end (None: none can speak) and, if the switch is on and
    nothing can speak, a sentence for the player."""
    try:
        if web:
            from game.ui.ear.page import page_voice

            return page_voice(window), ""
        from game.ui.ear.desktop import desktop_voice

        return desktop_voice(switch_on)
    except Exception:  # noqa: BLE001 (no voice is no reason to stop the game)
        return None, ""


def reader_running(web: bool) -> bool:
    """Whether a screen reader runs on the desktop now (the ear then listens by itself)."""
    if web:
        return False
    try:
        from game.ui.ear.desktop import screen_reader_running

        return bool(screen_reader_running())
    except Exception:  # noqa: BLE001
        return False


__all__ = ["reader_running", "voice_for"]
