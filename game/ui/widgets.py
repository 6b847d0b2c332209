"""Buttons, a scene base class and modal dialogs. Pointer input arrives already in logical
coordinates (mouse or finger), see app.py."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from enum import StrEnum

import pygame

from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.ear import screens as ear
from game.ui.ear.view import View
from game.ui.sleep_at_rest import REST_MAX_MS


class ButtonStyle(StrEnum):
    """How a button looks: a plain one, the one that goes on (gold), or one that gives up
    or ends something (red)."""

    NORMAL = "normal"
    PRIMARY = "primary"
    DANGER = "danger"


class Button:
    """A rounded button; ``action`` runs on release inside it. ``enabled`` may be a callable."""

    def __init__(
        self,
        rect,
        label: str,
        action: Callable[[], None],
        enabled=True,
        size: int = 24,
        tip: str = "",
        style: ButtonStyle = ButtonStyle.NORMAL,
        name: str = "",
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.action = action
        self._enabled = enabled
        self.size = size
        self.tip = tip
        self.style = style
        self.name = name or label
        self.hover = False
        self.pressed = False
        self.visible = True
        self._cache: dict[tuple, pygame.Surface] = {}

    @property
    def enabled(self) -> bool:
        e = self._enabled
        return bool(e()) if callable(e) else bool(e)

    def set_enabled(self, value) -> None:
        self._enabled = value

    def surface(self) -> pygame.Surface:
        enabled = self.enabled
        key = (self.label, enabled, self.hover, self.pressed, self.style, self.rect.size)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 16:
                self._cache.clear()
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            if self.style == ButtonStyle.DANGER:
                fill = (170, 40, 35) if enabled else theme.BUTTON_OFF
                if enabled and self.hover:
                    fill = (205, 55, 45)
                line = (255, 170, 150) if enabled else theme.BUTTON_LINE
            elif self.style == ButtonStyle.PRIMARY:
                fill = (176, 132, 36) if enabled else theme.BUTTON_OFF
                if enabled and self.hover:
                    fill = (204, 158, 50)
                # a disabled one is edged like any disabled button: a gold edge round a
                # button that can't be pressed looked like the keyboard's focus on it
                line = theme.GOLD if enabled else theme.BUTTON_LINE
            else:
                fill = (
                    theme.BUTTON_OFF
                    if not enabled
                    else (
                        theme.BUTTON_DOWN
                        if self.pressed
                        else theme.BUTTON_HOVER
                        if self.hover
                        else theme.BUTTON
                    )
                )
                line = theme.BUTTON_LINE
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=8)
            pygame.draw.rect(surf, line, surf.get_rect(), 1, border_radius=8)
            color = theme.INK if enabled else theme.INK_FAINT
            t = theme.text(
                self.label, self.label_size, color, bold=self.style != ButtonStyle.NORMAL
            )
            surf.blit(t, t.get_rect(center=(self.rect.w // 2, self.rect.h // 2 + 1)))
            self._cache[key] = surf
        return surf

    @property
    def label_size(self) -> int:
        """The size the label is drawn at: the button's, or less where a language's word is
        longer than the button is wide (theme.fit_size)."""
        return theme.fit_size(
            self.label, self.size, self.rect.w - 10, self.style != ButtonStyle.NORMAL
        )

    def draw(self, dest: pygame.Surface) -> None:
        if self.visible:
            dest.blit(self.surface(), self.rect)

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)


class ButtonRow:
    """Pointer handling shared by scenes and dialogs that hold buttons."""

    buttons: list[Button]

    def rest_ms(self) -> float:
        """How long this screen can go without a frame when no input comes (rest.py): 0
        while something moves or thinks, else until the first timer it set (a message that
        goes, the computer's next move). A screen that changes only on input: as long as the
        loop likes (REST_MAX_MS)."""
        return REST_MAX_MS

    def buttons_down(self, pos) -> bool:
        for b in self.buttons:
            if b.contains(pos) and b.enabled:
                b.pressed = True
                return True
            b.pressed = False
        return any(b.contains(pos) for b in self.buttons)

    def buttons_move(self, pos) -> None:
        for b in self.buttons:
            b.hover = b.contains(pos)

    def buttons_up(self, pos) -> bool:
        fired = False
        for b in self.buttons:
            if b.pressed and b.contains(pos) and b.enabled:
                b.pressed = False
                b.action()
                fired = True
                break
        for b in self.buttons:
            b.pressed = False
        return fired

    def button(self, name: str) -> Button:
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(name)

    # keyboard: Tab / arrows walk the buttons, Enter or Space presses the focused one
    focused: int = -1

    def focus_key(self, event) -> bool:
        live = [i for i, b in enumerate(self.buttons) if b.visible and b.enabled]
        if not live:
            return False
        k = event.key
        back = k in (pygame.K_UP, pygame.K_LEFT) or (
            k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
        )
        if k in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
            pos = live.index(self.focused) if self.focused in live else (0 if back else -1)
            self.focused = live[(pos + (-1 if back else 1)) % len(live)]
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focused in live:
            self.buttons[self.focused].action()
            return True
        return False

    def draw_focus(self, dest, keyboard_used: bool) -> None:
        """The focus ring, round a button that can be pressed (one that was disabled after
        the focus came to it shows none; Tab and the arrows skip disabled ones)."""
        if keyboard_used and 0 <= self.focused < len(self.buttons):
            b = self.buttons[self.focused]
            if b.visible and b.enabled:
                pygame.draw.rect(dest, theme.FOCUS, b.rect.inflate(8, 8), 3, border_radius=11)

    # the ear (game/ui/ear): what a screen reader is told of this screen or dialog
    def ear_title(self) -> str:
        """The screen's heading, in the language spoken."""
        return ""

    def ear_lines(self) -> list[str]:
        """The lines of text the screen draws besides its buttons."""
        return []

    def ear_view(self) -> View:
        return ear.row_view(self, self.ear_title(), self.ear_lines())

    def ear_key(self) -> Hashable:
        """What the screen's view depends on: the same key, and the view is not made again
        (None: made again after each frame drawn; a table's leaves out cards in flight)."""
        return None

    def ear_activate(self, key: str) -> bool:
        """A screen reader pressed the node ``key`` itself."""
        return ear.activate(self, key)


class Scene(ButtonRow):
    """One screen. The app calls pointer_*/key/update/draw; ``modal`` (a Modal) is on top and
    gets input first."""

    #: the game this screen is of (a table's, a waiting room's): a page turned comes back to
    #: its table (page_turn.py); None for a screen of no game
    game_id: str | None = None

    def __init__(self, app):
        self.app = app
        self.buttons: list[Button] = []
        self.modal: Modal | None = None

    # input
    def pointer_down(self, pos) -> None:
        self.buttons_down(pos)

    def pointer_move(self, pos) -> None:
        self.buttons_move(pos)

    def pointer_up(self, pos) -> None:
        self.buttons_up(pos)

    def wheel(self, dy: int) -> None:
        pass

    def key(self, event) -> None:
        pass

    def text_input(self, s: str) -> None:
        pass

    # life
    def enter(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def frame_key(self):
        """What the screen shows, apart from what input changes (input always redraws): the
        same key, and the last frame is not drawn again. None: draw every frame."""
        modal = self.modal
        return (
            self.app.current_notice(shown=False),
            self.focused,
            self.app.keyboard_used,
            id(modal),
            modal.focused if modal is not None else None,
            tuple(b.enabled for b in self.buttons),
        )

    def draw(self, screen: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(screen)


class Modal(ButtonRow):
    """A dialog drawn over the scene; it takes every input while open."""

    width, height = 560, 300
    title = ""
    portrait_height = 560  # on the portrait canvas: 740 wide, this high

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        if CANVAS.portrait:
            self.width, self.height = CANVAS.w - 40, self.portrait_height
        self.rect = pygame.Rect(0, 0, self.width, self.height)
        self.rect.center = (CANVAS.w // 2, CANVAS.h // 2)
        self.buttons: list[Button] = []
        self._dim = theme.overlay((CANVAS.w, CANVAS.h), (0, 0, 0), 130)

    @property
    def position(self) -> dict | None:
        """The piles a table shows while this dialog is open, view-only (a turn replayed:
        game/ui/turns/turn_replay.py); None: the game's own."""
        return None

    def close(self) -> None:
        if self.scene.modal is self:
            self.scene.modal = None

    def answer_buttons(
        self,
        go: tuple[str, Callable[[], None], str],
        other: tuple[str, Callable[[], None], str],
        desktop_w: int,
        go_enabled: Callable[[], bool] | bool = True,
        other_style: ButtonStyle = ButtonStyle.NORMAL,
        portrait_w: int = 320,
    ) -> list[Button]:
        """The dialog's two answers side by side at its bottom: the one that goes on (gold),
        then the other (Cancel; red where it ends something), each (words, action, name). As
        large as the canvas asks: upright ``portrait_w`` x 96, sideways a thumb's
        (``SIDEWAYS_BUTTON``), on the 1280x720 canvas ``desktop_w`` x 48."""
        bw, bh, size = (
            (portrait_w, 96, 40)
            if CANVAS.portrait
            else SIDEWAYS_BUTTON
            if CANVAS.rail
            else (desktop_w, 48, 24)
        )
        y, x = self.rect.bottom - bh - 22, self.rect.centerx
        (label, action, name), (other_label, other_action, other_name) = go, other
        return [
            Button(
                (x - bw - 10, y, bw, bh),
                label,
                action,
                go_enabled,
                style=ButtonStyle.PRIMARY,
                name=name,
                size=size,
            ),
            Button(
                (x + 10, y, bw, bh),
                other_label,
                other_action,
                style=other_style,
                name=other_name,
                size=size,
            ),
        ]

    def pointer_down(self, pos):
        self.buttons_down(pos)

    def pointer_move(self, pos):
        self.buttons_move(pos)

    def pointer_up(self, pos):
        self.buttons_up(pos)

    def key(self, event):
        if self.focus_key(event):
            return
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons:
            default = next(
                (b for b in self.buttons if b.style == ButtonStyle.PRIMARY and b.enabled), None
            )
            if default:
                default.action()

    def text_input(self, s: str) -> None:
        pass

    def update(self, dt):
        pass

    def ear_title(self) -> str:
        return self.title

    def ear_lines(self) -> list[str]:
        """The lines the dialog draws besides its title and buttons (what is typed, why it
        won't do)."""
        return [self.value, self.error]

    def draw_frame(self, screen) -> None:
        screen.blit(self._dim, (0, 0))
        pygame.draw.rect(screen, theme.PANEL, self.rect, border_radius=14)
        pygame.draw.rect(screen, theme.GOLD, self.rect, 2, border_radius=14)
        if self.title:
            size = 40 if not CANVAS.portrait else 58
            for i, line in enumerate(theme.wrap(self.title, size, self.rect.w - 30, True)[:2]):
                theme.blit_text(
                    screen,
                    line,
                    (self.rect.centerx, self.rect.y + 20 + i * 44),
                    size,
                    theme.GOLD,
                    bold=True,
                    anchor="midtop",
                )

    def draw(self, screen) -> None:
        self.draw_frame(screen)
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)

    # what is typed in a dialog that asks for it (a deal's number, a room's code)
    value = ""
    error = ""

    def draw_typed(
        self,
        screen: pygame.Surface,
        box: pygame.Rect,
        shown: str,
        size: int,
        at: tuple[int, int],
        anchor: str,
    ) -> None:
        """The box where it is typed, and ``shown`` in it (grey until something is typed)."""
        pygame.draw.rect(screen, (250, 248, 236), box, border_radius=8)
        colour = (30, 30, 30) if self.value else (170, 170, 170)
        theme.blit_text(screen, shown, at, size, colour, bold=True, anchor=anchor)

    def draw_error(self, screen: pygame.Surface, top: int, size: int) -> None:
        """Why what was typed won't do, in red under the box (if anything)."""
        if self.error:
            at = (self.rect.centerx, top)
            theme.blit_text(screen, self.error, at, size, theme.RED_INK, anchor="midtop")


#: a dialog on a phone held sideways: this wide, its buttons (w, h, words) a thumb's size (84
#: high: 45 CSS px on an 844x390 page) and its words at least CANVAS.label's 12.5 CSS px
SIDEWAYS_DIALOG_W = 1000
SIDEWAYS_BUTTON = (300, 84, 36)


__all__ = [
    "SIDEWAYS_BUTTON",
    "SIDEWAYS_DIALOG_W",
    "Button",
    "ButtonRow",
    "ButtonStyle",
    "Modal",
    "Scene",
]
