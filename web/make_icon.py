"""Draws web/icon.png, the page's icon (favicon and home-screen icon): a card on green felt.

python web/make_icon.py      (needs pygame-ce; the PNG is committed, so only to change it)
"""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

SIZE = 192
FELT, FELT_DARK, CARD, EDGE, RED = (
    (29, 107, 67),
    (14, 59, 36),
    (250, 246, 234),
    (200, 190, 160),
    (200, 30, 45),
)


def heart(surface, cx, cy, r, colour):
    pygame.draw.circle(surface, colour, (cx - r // 2, cy - r // 4), r // 2 + 1)
    pygame.draw.circle(surface, colour, (cx + r // 2, cy - r // 4), r // 2 + 1)
    pygame.draw.polygon(
        surface, colour, [(cx - r, cy - r // 8), (cx + r, cy - r // 8), (cx, cy + r)]
    )


def main(path: str) -> None:
    big = SIZE * 4  # draw large, then scale down smoothly
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(s, FELT_DARK, (0, 0, big, big), border_radius=big // 6)
    pygame.draw.rect(
        s, FELT, (big // 24, big // 24, big - big // 12, big - big // 12), border_radius=big // 7
    )
    back = pygame.Rect(0, 0, big * 46 // 100, big * 64 // 100)
    back.center = (big * 40 // 100, big * 50 // 100)
    pygame.draw.rect(s, EDGE, back.inflate(8, 8), border_radius=big // 20)
    pygame.draw.rect(s, (40, 70, 140), back, border_radius=big // 22)
    pygame.draw.rect(
        s,
        (230, 220, 200),
        back.inflate(-big // 20, -big // 20),
        width=big // 90,
        border_radius=big // 30,
    )
    face = back.move(big * 20 // 100, -big * 4 // 100)
    pygame.draw.rect(s, EDGE, face.inflate(8, 8), border_radius=big // 20)
    pygame.draw.rect(s, CARD, face, border_radius=big // 22)
    heart(s, face.centerx, face.centery, big // 8, RED)
    heart(s, face.left + big // 14, face.top + big // 12, big // 28, RED)
    pygame.image.save(pygame.transform.smoothscale(s, (SIZE, SIZE)), path)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "icon.png"))
