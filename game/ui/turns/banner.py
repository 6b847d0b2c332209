"""The banner a right call puts up at a table with turns ("Stop! The computer caught you.",
then what the call did): over the panel's top, never over the cards in play, while play
waits."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.ui import theme
from game.ui.table.scene import Table
from game.ui.turns.panel import banner_rect, banner_sizes

BANNER_MS = 5000  # how long a call's banner stands (and play waits)


class Banner(NamedTuple):
    """A call's banner: its title, what the call did, and until when it stands."""

    title: str
    text: str
    until: float


class BannerStyle(NamedTuple):
    """A chrome's banner on the 1280x720 table: the title's and the body's sizes, their line
    steps, and the body's lines at most."""

    title_size: int
    body_size: int
    steps: tuple[int, int]
    most: int


def draw_banner(screen: pygame.Surface, table: Table, banner: Banner, style: BannerStyle) -> None:
    """The banner in red over the panel's top (banner_rect), its body cut to its room."""
    w = banner_rect(table, 0, 0, 0, 0).w
    big, small, big_step, small_step = banner_sizes(style.title_size, style.body_size, style.steps)
    lines = theme.wrap(banner.title, big, w - 24, bold=True)
    body = theme.wrap(banner.text, small, w - 28)[: style.most]
    rect = banner_rect(table, len(lines), len(body), big_step, small_step)
    pygame.draw.rect(screen, (120, 20, 20), rect, border_radius=14)
    pygame.draw.rect(screen, (255, 200, 180), rect, 3, border_radius=14)
    y = rect.y + 12
    for line in lines:
        theme.blit_text(screen, line, (rect.centerx, y), big, theme.INK, bold=True, anchor="midtop")
        y += big_step
    for line in body:
        if y + small_step > rect.bottom:
            break
        theme.blit_text(screen, line, (rect.centerx, y + 6), small, theme.INK, anchor="midtop")
        y += small_step


__all__ = ["BANNER_MS", "Banner", "BannerStyle", "draw_banner"]
