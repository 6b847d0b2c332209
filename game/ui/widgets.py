"""Buttons, a scene base class and modal dialogs. Pointer input arrives already in logical
coordinates (mouse or finger), see app.py."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.language import N_, _
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.sleep_at_rest import REST_MAX_MS


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
        style: str = "normal",
        name: str = "",
    ):
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
            if self.style == "danger":
                fill = (170, 40, 35) if enabled else theme.BUTTON_OFF
                if enabled and self.hover:
                    fill = (205, 55, 45)
                line = (255, 170, 150) if enabled else theme.BUTTON_LINE
            elif self.style == "primary":
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
            t = theme.text(self.label, self.label_size, color, bold=self.style != "normal")
            surf.blit(t, t.get_rect(center=(self.rect.w // 2, self.rect.h // 2 + 1)))
            self._cache[key] = surf
        return surf

    @property
    def label_size(self) -> int:
        """The size the label is drawn at: the button's, or less where a language's word is
        longer than the button is wide (theme.fit_size)."""
        return theme.fit_size(self.label, self.size, self.rect.w - 10, self.style != "normal")

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


class Scene(ButtonRow):
    """One screen. The app calls pointer_*/key/update/draw; ``modal`` (a Modal) is on top and
    gets input first."""

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

    def close(self) -> None:
        if self.scene.modal is self:
            self.scene.modal = None

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
            default = next((b for b in self.buttons if b.style == "primary" and b.enabled), None)
            if default:
                default.action()

    def text_input(self, s: str) -> None:
        pass

    def update(self, dt):
        pass

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


#: a dialog on a phone held sideways: this wide, its buttons (w, h, words) a thumb's size (84
#: high: 45 CSS px on an 844x390 page) and its words at least CANVAS.label's 12.5 CSS px
SIDEWAYS_DIALOG_W = 1000
SIDEWAYS_BUTTON = (300, 84, 36)


class Confirm(Modal):
    """A yes/no question."""

    height = 250
    portrait_height = 640

    def __init__(
        self, scene, title: str, body: str, yes_label: str, on_yes, no_label: str | None = None
    ):
        if no_label is None:
            no_label = _("Cancel")
        if CANVAS.rail:  # a phone on its side: words of 12.5 CSS px, buttons of 45
            self.width = SIDEWAYS_DIALOG_W
            lines = len(theme.wrap(body, CANVAS.label(24), self.width - 60))
            self.height = 80 + lines * 30 + 20 + 84 + 22
        super().__init__(scene)
        self.title, self.body = title, body
        bw, bh, size = (
            (320, 96, 40) if CANVAS.portrait else SIDEWAYS_BUTTON if CANVAS.rail else (200, 48, 24)
        )
        y = self.rect.bottom - bh - 22
        self.buttons = [
            Button(
                (self.rect.centerx - bw - 10, y, bw, bh),
                yes_label,
                self._yes,
                style="primary",
                name="yes",
                size=size,
            ),
            Button((self.rect.centerx + 10, y, bw, bh), no_label, self.close, name="no", size=size),
        ]
        self.on_yes = on_yes

    def _yes(self):
        self.close()
        self.on_yes()

    def draw(self, screen):
        self.draw_frame(screen)
        size = CANVAS.label(24)
        y = self.rect.y + (80 if not CANVAS.portrait else 130)
        step = 48 if CANVAS.portrait else 30 if CANVAS.rail else 28
        for line in theme.wrap(self.body, size, self.rect.w - 60):
            theme.blit_text(screen, line, (self.rect.centerx, y), size, theme.INK, anchor="midtop")
            y += step
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


class NumberEntry(Modal):
    """Type a deal number (keyboard, or the on-screen keypad for touch)."""

    width, height = 460, 470
    portrait_height = 1000
    # Translators: the title of the dialog where a deal's number is typed
    title = N_("Play deal number")

    def __init__(self, scene, on_ok, initial: str = ""):
        side = bool(CANVAS.rail)  # a phone on its side: the keys in two rows of six, each
        if side:  # a thumb's size (45 CSS px high), the words 12.5 CSS px
            self.width, self.height = 860, 470
        super().__init__(scene)
        self.title = _(NumberEntry.title)
        self.value = initial
        self.on_ok = on_ok
        self.error = ""
        big = CANVAS.portrait
        x0, y0 = self.rect.x + (80 if not big else 50), self.rect.y + (150 if not big else 250)
        kw, kh, step_x, step_y, size = (
            (92, 50, 104, 58, 24) if not big else (200, 120, 220, 132, 50)
        )
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "<", "0", "C"]
        per_row = 3
        if side:
            kw, kh, step_x, step_y, size, per_row = 124, 84, 132, 92, 36, 6
            keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "<", "C"]
            x0, y0 = self.rect.centerx - (6 * step_x - 8) // 2, self.rect.y + 164
        for i, k in enumerate(keys):
            r = pygame.Rect(x0 + (i % per_row) * step_x, y0 + (i // per_row) * step_y, kw, kh)
            # Translators: keys of the on-screen keypad: delete the last digit, clear them all
            label = {"<": _("Del"), "C": _("Clear")}.get(k, k)
            self.buttons.append(
                Button(r, label, lambda k=k: self.press(k), name=f"key{k}", size=size)
            )
        bw, bh, size = (300, 96, 40) if big else SIDEWAYS_BUTTON if side else (160, 48, 24)
        y = self.rect.bottom - bh - 22
        # Translators: the button that plays the deal whose number was typed
        self.buttons.append(
            Button(
                (self.rect.centerx - bw - 10, y, bw, bh),
                _("Play"),
                self.ok,
                enabled=lambda: self.value != "",
                style="primary",
                name="ok",
                size=size,
            )
        )
        self.buttons.append(
            Button(
                (self.rect.centerx + 10, y, bw, bh),
                _("Cancel"),
                self.close,
                name="cancel",
                size=size,
            )
        )

    def press(self, k: str) -> None:
        self.error = ""
        if k == "<":
            self.value = self.value[:-1]
        elif k == "C":
            self.value = ""
        elif k.isdigit() and len(self.value) < 9:
            self.value = (self.value + k).lstrip("0") or ("0" if k == "0" else "")

    def ok(self) -> None:
        if not self.value:
            self.error = _("Type a number first.")
            return
        self.close()
        self.on_ok(int(self.value))

    def key(self, event):
        digit = _digit(event.key)
        if digit is not None:
            self.press(digit)
        elif event.key == pygame.K_BACKSPACE:
            self.press("<")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ok()
        elif event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, screen):
        self.draw_frame(screen)
        if CANVAS.portrait:
            box = pygame.Rect(self.rect.x + 50, self.rect.y + 100, self.rect.w - 100, 100)
        else:
            box = pygame.Rect(self.rect.x + 80, self.rect.y + 78, self.rect.w - 160, 54)
        pygame.draw.rect(screen, (250, 248, 236), box, border_radius=8)
        shown = self.value or "0"
        theme.blit_text(
            screen,
            shown,
            (box.right - 14, box.centery),
            CANVAS.text(36),
            (30, 30, 30) if self.value else (170, 170, 170),
            bold=True,
            anchor="midright",
        )
        if self.error:
            theme.blit_text(
                screen,
                self.error,
                (self.rect.centerx, box.bottom + 2),
                CANVAS.label(20),
                theme.RED_INK,
                anchor="midtop",
            )
        for b in self.buttons:
            b.draw(screen)


_DIGIT_KEYS = {
    **{getattr(pygame, f"K_{i}"): str(i) for i in range(10)},
    **{getattr(pygame, f"K_KP{i}"): str(i) for i in range(10)},
}


def _digit(key) -> str | None:
    return _DIGIT_KEYS.get(key)


class EndPanel(Modal):
    """The end of a deal: the result, the figures, and what to do next. ``buttons``: (label,
    action, style) or (label, action, style, name): a button's name (an id, English) is its
    label where none is given."""

    width, height = 600, 330
    portrait_height = 900

    def __init__(
        self,
        scene,
        title: str,
        lines: list[str],
        buttons,
        dim: bool = True,
        good: bool = False,
        centerx: int | None = None,
    ):
        if CANVAS.rail:  # a phone on its side: words of 12.5 CSS px, buttons of 45
            self.width = SIDEWAYS_DIALOG_W
            wrapped = sum(
                len(theme.wrap(line, CANVAS.label(26), self.width - 50)) for line in lines
            )
            self.height = max(EndPanel.height, 84 + wrapped * 30 + 16 + 84 + 22)
        super().__init__(scene)
        if centerx is not None and not CANVAS.portrait:
            self.rect.centerx = centerx
            self.rect.clamp_ip(pygame.Rect(0, 0, CANVAS.w, CANVAS.h))
        self.title = title
        self.lines = lines
        self.dim = dim
        self.good = good
        n = len(buttons)
        bh, size = (96, 38) if CANVAS.portrait else SIDEWAYS_BUTTON[1:] if CANVAS.rail else (50, 24)
        widest = 340 if CANVAS.portrait else 300 if CANVAS.rail else 170
        bw = min(widest, (self.rect.w - 40 - 12 * (n - 1)) // n)
        x = self.rect.centerx - (n * bw + (n - 1) * 12) // 2
        for i, (label, action, style, *name) in enumerate(buttons):
            self.buttons.append(
                Button(
                    (x + i * (bw + 12), self.rect.bottom - bh - 22, bw, bh),
                    label,
                    action,
                    style=style,
                    name=name[0] if name else label,
                    size=size,
                )
            )

    def draw(self, screen):
        if self.dim:
            screen.blit(self._dim, (0, 0))
        pygame.draw.rect(screen, theme.PANEL, self.rect, border_radius=14)
        pygame.draw.rect(
            screen, theme.GOLD if self.good else theme.BUTTON_LINE, self.rect, 2, border_radius=14
        )
        theme.blit_text(
            screen,
            self.title,
            (self.rect.centerx, self.rect.y + 22),
            theme.fit_size(self.title, CANVAS.text(48), self.rect.w - 40, True),
            theme.GOLD if self.good else theme.INK,
            bold=True,
            anchor="midtop",
        )
        size = 40 if CANVAS.portrait else CANVAS.label(26)
        y = self.rect.y + (84 if not CANVAS.portrait else 140)
        for line in self.lines:
            for part in theme.wrap(line, size, self.rect.w - 50):
                theme.blit_text(
                    screen, part, (self.rect.centerx, y), size, theme.INK, anchor="midtop"
                )
                y += 30 if not CANVAS.portrait else 44
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.close()
        else:
            super().key(event)
