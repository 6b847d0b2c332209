"""The dialogs every screen may open: a yes/no question (``Confirm``), a deal's number typed
(``NumberEntry``), the end of a deal (``EndPanel``). The parts they are made of (buttons, the
dialog's frame and its answers) are widgets.py's."""

from __future__ import annotations

import functools

import pygame

from game.core.language import N_, _
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.widgets import SIDEWAYS_BUTTON, SIDEWAYS_DIALOG_W, Button, Modal


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
        self.buttons = self.answer_buttons(
            (yes_label, self.yes, "yes"), (no_label, self.close, "no"), 200
        )
        self.on_yes = on_yes

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def ear_lines(self) -> list[str]:
        return [self.body]

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
                Button(r, label, functools.partial(self.press, k), name=f"key{k}", size=size)
            )
        # Translators: the button that plays the deal whose number was typed
        play, cancel = (_("Play"), self.ok, "ok"), (_("Cancel"), self.close, "cancel")
        self.buttons += self.answer_buttons(play, cancel, 160, self.typed, portrait_w=300)

    def typed(self) -> bool:
        return self.value != ""

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
        at = (box.right - 14, box.centery)
        self.draw_typed(screen, box, self.value or "0", CANVAS.text(36), at, "midright")
        self.draw_error(screen, box.bottom + 2, CANVAS.label(20))
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

    def ear_lines(self) -> list[str]:
        return list(self.lines)


__all__ = ["Confirm", "EndPanel", "NumberEntry"]
