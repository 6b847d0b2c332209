"""Join a friend: the dialog where the room code is typed, pasted or pressed on screen."""

from __future__ import annotations

import pygame

from game.core.language import N_, _
from game.net import CODE_LENGTH, CODE_LETTERS, clean_code
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.online.opening import join_table
from game.ui.online.page_link import clipboard_text
from game.ui.widgets import SIDEWAYS_BUTTON, Button, Modal

DEL, CLEAR = "del", "clear"  # the dialog's keys that are no letter


class JoinDialog(Modal):
    """Join a friend: type the room code (letters and digits, or paste the link), or press
    the letters on screen (touch)."""

    width, height = 720, 500
    portrait_height = 1120
    # Translators: the title of the dialog where a friend's room code is typed
    title = N_("Join a friend")
    COLUMNS = 9
    BODY = N_("Type the room code your friend gave you (or open the link they sent).")
    #: sideways (a phone on its side): the keys in three rows of eleven, each a thumb's size
    #: (84: 45 CSS px on an 844x390 page), their letters 13.5 CSS px, the words 12.5
    SIDEWAYS_COLUMNS, SIDEWAYS_KEY = 11, 84

    def __init__(self, scene):
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        if side:  # as wide as eleven keys, as high as what it holds
            self.width = self.SIDEWAYS_COLUMNS * (self.SIDEWAYS_KEY + 8) - 8 + 76
            self.height = (
                self.code_box().bottom
                + 34
                + 3 * (self.SIDEWAYS_KEY + 8)
                - 8
                + 20
                + SIDEWAYS_BUTTON[1]
                + 22
            )
        super().__init__(scene)
        self.title = _(JoinDialog.title)
        self.value = ""
        self.error = ""
        keys = list(CODE_LETTERS) + [DEL, CLEAR]
        cols = 7 if big else self.SIDEWAYS_COLUMNS if side else self.COLUMNS
        if big:  # (upright: keys a thumb's size, 44 CSS px)
            kw, kh, gap = (self.rect.w - 40 - (cols - 1) * 8) // cols, 88, 8
            x0, y0, size = self.rect.x + 20, self.rect.y + 420, 40
        else:
            kw, kh, gap = (self.SIDEWAYS_KEY, self.SIDEWAYS_KEY, 8) if side else (64, 44, 8)
            x0 = self.rect.centerx - (cols * kw + (cols - 1) * gap) // 2
            y0, size = (
                (self.code_box(self.rect.topleft).bottom + 34, 36)
                if side
                else (self.rect.y + 196, 24)
            )
        for i, k in enumerate(keys):
            r = pygame.Rect(x0 + (i % cols) * (kw + gap), y0 + (i // cols) * (kh + gap), kw, kh)
            # Translators: keys of the on-screen keyboard: delete the last letter, clear them all
            label = {DEL: _("Del"), CLEAR: _("Clear")}.get(k, k)
            self.buttons.append(
                Button(
                    r,
                    label,
                    lambda k=k: self.press(k),
                    name=f"key{k}",
                    size=size if len(label) == 1 else size - 4,
                )
            )
        # Translators: the button that joins the room whose code was typed
        join, cancel = (_("Join"), self.ok, "join"), (_("Cancel"), self.close, "cancel")
        self.buttons += self.answer_buttons(join, cancel, 180, self.typed)

    def typed(self) -> bool:
        """The whole code is typed."""
        return len(self.value) == CODE_LENGTH

    def body_lines(self) -> tuple[str, ...]:
        return theme.wrap(_(self.BODY), CANVAS.label(20), self.width - 60)

    def code_box(self, origin=(0, 0)) -> pygame.Rect:
        """Where the code typed so far is shown: under the body's lines (the dialog's top
        left at ``origin``)."""
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        y = (120 if big else 66 if side else 74) + len(self.body_lines()) * (
            44 if big else 30 if side else 26
        )
        box = pygame.Rect(
            0, 0, 520 if big else 420 if side else 360, 110 if big else 64 if side else 60
        )
        box.midtop = (origin[0] + self.width // 2, origin[1] + y + 10)
        return box

    def press(self, k: str) -> None:
        self.error = ""
        if k == DEL:
            self.value = self.value[:-1]
        elif k == CLEAR:
            self.value = ""
        elif k in CODE_LETTERS and len(self.value) < CODE_LENGTH:
            self.value += k

    def paste(self, text) -> None:
        """A pasted code or link (``...#join=CODE``)."""
        code = clean_code(text) if isinstance(text, str) else None
        if code is None or len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
            self.error = _("That is no room code.")
            return
        self.value, self.error = code, ""

    def ok(self) -> None:
        if len(self.value) != CODE_LENGTH:
            self.error = _("A room code has {n} letters and digits.").format(n=CODE_LENGTH)
            return
        self.close()
        join_table(self.app, self.value)

    def key(self, event) -> None:
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and k == pygame.K_v:
            self.paste(clipboard_text())
            return
        if k == pygame.K_BACKSPACE:
            self.press(DEL)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if 0 <= self.focused < len(self.buttons) and self.buttons[self.focused].enabled:
                self.buttons[self.focused].action()
            else:
                self.ok()
        elif k == pygame.K_ESCAPE:
            self.close()
        elif k in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.focus_key(event)
        else:
            char = (getattr(event, "unicode", "") or pygame.key.name(k) or "").upper()
            if len(char) == 1:
                if char in CODE_LETTERS:
                    self.press(char)
                elif char.isalnum():
                    # Translators: {char} is the letter or digit typed
                    self.error = _(
                        "Room codes have no {char}: they use no 0, O, 1, I or L."
                    ).format(char=char)

    def draw(self, screen) -> None:
        self.draw_frame(screen)
        big, side = CANVAS.portrait, bool(CANVAS.rail)
        size = CANVAS.label(20)
        y = self.rect.y + (120 if big else 66 if side else 74)
        for line in self.body_lines():
            theme.blit_text(
                screen, line, (self.rect.centerx, y), size, theme.INK_DIM, anchor="midtop"
            )
            y += 44 if big else 30 if side else 26
        box = self.code_box(self.rect.topleft)
        shown = " ".join(self.value.ljust(CODE_LENGTH, "_"))
        size = 64 if big else 48 if side else 40
        self.draw_typed(screen, box, shown, size, box.center, "center")
        self.draw_error(screen, box.bottom + 4, CANVAS.label(18))
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)
