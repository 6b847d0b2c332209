"""Make the game's sounds: synthesized here from sine waves and seeded noise (our own, no
recordings), written as OGG Vorbis into assets/sounds/ (pygbag accepts only OGG).

    python -m venv /tmp/snd && /tmp/snd/bin/pip install soundfile   # numpy comes with it
    /tmp/snd/bin/python tools/make_sounds.py                        # rewrites assets/sounds/*.ogg

numpy and soundfile (libsndfile, with Vorbis) are needed only to run this script, never by the
game or its tests: the .ogg files are committed. Each sound is short and quiet (peaks at
-6 dBFS), mono at 22050 Hz; the same script makes the same sounds (fixed seeds; the encoder's
bytes may differ between libsndfile versions).

- place: a card laid on the table, a soft papery tap (60 ms)
- shuffle: a riffle of many small taps, the deal (0.55 s)
- win: a rising four-note chime (1.3 s)
- thud: a refused move, a low muffled knock (0.16 s)
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import soundfile as sf

RATE = 22050
PEAK = 0.5  # -6 dBFS
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def seconds(t: float) -> np.ndarray:
    return np.arange(int(RATE * t)) / RATE


def lowpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    """A one-pole low-pass filter."""
    a = np.exp(-2 * np.pi * cutoff / RATE)
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc = (1 - a) * v + a * acc
        y[i] = acc
    return y


def highpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    return x - lowpass(x, cutoff)


def tap(
    rng: np.random.Generator, length: float = 0.06, bright: float = 3500.0, body: float = 180.0
) -> np.ndarray:
    """A card meeting the table: a burst of filtered noise with a fast decay and a little low
    body under it."""
    t = seconds(length)
    noise = highpass(lowpass(rng.standard_normal(t.size), bright), 400.0)
    env = np.exp(-t / 0.010)
    env[: int(0.002 * RATE)] *= np.linspace(0, 1, int(0.002 * RATE))  # no click at the start
    thump = np.sin(2 * np.pi * body * t) * np.exp(-t / 0.018) * 0.35
    return noise * env + thump


def normalise(x: np.ndarray, peak: float = PEAK) -> np.ndarray:
    x = x - x.mean()
    fade = min(x.size, int(0.004 * RATE))  # a short fade out: no click at the end
    x[-fade:] *= np.linspace(1, 0, fade)
    return x / np.max(np.abs(x)) * peak


def place() -> np.ndarray:
    return normalise(tap(np.random.default_rng(1)))


def shuffle() -> np.ndarray:
    """A riffle: taps closer together in the middle, louder in the middle."""
    rng = np.random.default_rng(2)
    out = np.zeros(int(RATE * 0.55))
    n = 26
    for i in range(n):
        x = i / (n - 1)
        at = 0.02 + 0.46 * (x + 0.18 * np.sin(np.pi * x) * (0.5 - x))
        at += rng.uniform(-0.004, 0.004)
        one = tap(rng, 0.03, bright=rng.uniform(2500, 4500), body=rng.uniform(150, 260))
        gain = 0.45 + 0.55 * np.sin(np.pi * x)
        start = int(max(0.0, at) * RATE)
        end = min(out.size, start + one.size)
        out[start:end] += gain * one[: end - start]
    return normalise(out)


def win() -> np.ndarray:
    """C5 E5 G5 C6 as small bells (a few inharmonic partials each), one after the other."""
    out = np.zeros(int(RATE * 1.3))
    for i, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        t = seconds(1.3 - 0.13 * i)
        bell = sum(
            a * np.sin(2 * np.pi * f * k * t) * np.exp(-t * d)
            for k, a, d in ((1, 1.0, 3.2), (2.01, 0.35, 6.0), (3.02, 0.12, 9.0))
        )
        attack = int(0.004 * RATE)
        bell[:attack] *= np.linspace(0, 1, attack)
        start = int(0.13 * i * RATE)
        out[start : start + t.size] += bell * (0.8 + 0.1 * i)
    return normalise(out)


def thud() -> np.ndarray:
    """A low knock: a sine falling from 140 to 70 Hz, and a little dull noise."""
    rng = np.random.default_rng(4)
    t = seconds(0.16)
    freq = 70 + 70 * np.exp(-t / 0.03)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    knock = np.sin(phase) * np.exp(-t / 0.045)
    dull = lowpass(rng.standard_normal(t.size), 600.0) * np.exp(-t / 0.012) * 0.6
    attack = int(0.003 * RATE)
    knock[:attack] *= np.linspace(0, 1, attack)
    return normalise(knock + dull, PEAK * 0.8)


SOUNDS = {"place": place, "shuffle": shuffle, "win": win, "thud": thud}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = OUT / f"{name}.ogg"
        sf.write(path, make().astype(np.float32), RATE, format="OGG", subtype="VORBIS")
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
