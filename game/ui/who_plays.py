"""Who plays?: for each seat of a game, a person here, the computer at a level or (where the
page can connect) a friend online; for Chinese Patience first how many play."""

from __future__ import annotations

import pygame

from game.core import info
from game.core.language import N_, _
from game.session import choices, default_seats, seat_kind
from game.ui import theme
from game.ui.canvas import CANVAS
from game.ui.ear import screens as ear
from game.ui.ear.view import View
from game.ui.widgets import Button, Modal


class SeatPicker(Modal):
    """Who plays: for a game played by different numbers of players (its description's
    ``players`` and a ``players`` rule option), how many first; then for each seat a person at
    this screen or the computer at a level (the computer against itself is a demonstration to
    watch). A new number of players lays the seat rows out again at once. ``on_play(seats)``;
    the number chosen becomes the game's ``players`` option before it is called."""

    width = 760
    ONLINE_WIDTH = 900  # with "A friend online" in the rows
    # where no room can be opened
    NOTE = N_("Playing a friend online isn't possible here.")

    def __init__(self, scene, game_id: str, seats, on_play, play_label: str | None = None):
        d = info(game_id)
        self.game_id = game_id
        self.counts = tuple(d.players) if len(d.players) > 1 and "players" in d.options else ()
        # a friend online where this page can open a room (never the first seat: the host's)
        self.online = scene.app.open_room is not None
        self.choices = [(kind, self.choice_label(kind)) for kind in choices(game_id)]
        self.more = [
            (kind, self.choice_label(kind))
            for kind in choices(game_id, remote=self.online)
            if kind.remote
        ]
        self.note = _(self.NOTE) if not self.online and max(d.players) > 1 else ""
        self.seats = list(seats)
        self.on_play = on_play
        # Translators: the button of "Who plays?" that starts the game
        self.play_label = _("Play") if play_label is None else play_label
        self.scene_ref = scene
        # Translators: the title of the dialog where the players are chosen; {game} is the
        # game's name
        self.title_text = _("Who plays {game}?").format(game=_(d.title))
        self.layout()

    # the rows on a landscape canvas: (row step, button height, words, label's x, choices' x);
    # a phone on its side (the canvas with a rail) gets buttons a thumb's size, 84 high (45
    # CSS px on an 844x390 page), and words of 13 CSS px
    LANDSCAPE_ROWS = (66, 44, 22, 180, 200)
    SIDEWAYS_ROWS = (92, 84, 34, 250, 270)

    @staticmethod
    def choice_label(kind) -> str:
        """A seat kind on its button: "Person", "Easy", "A friend online" ("Friend" where
        the buttons are big). (The kinds' words are the session's, in the language spoken.)"""
        if kind.remote:
            # Translators: a choice of "Who plays?" on a phone: a friend at another screen;
            # keep it short
            return _("Friend") if CANVAS.portrait or CANVAS.rail else kind.label
        return kind.choice  # "Person", or the computer's level: "Easy"

    def layout(self) -> None:
        """The dialog for the seats as they are now (its height follows their number)."""
        n, extra = len(self.seats), 1 if self.counts else 0
        step = self.rows_spec()[0]
        if CANVAS.rail:  # (a phone on its side: its buttons a thumb's size)
            self.width = 1300 if self.more else 1100
        else:
            self.width = self.ONLINE_WIDTH if self.more else SeatPicker.width
        # (a phone on its side: in the room the rows leave above Play)
        note = 0 if not self.note or CANVAS.rail else 40 if not CANVAS.portrait else 100
        self.height = (170 if not CANVAS.rail else 250) + step * (n + extra) + note
        self.portrait_height = 300 + 160 * (n + extra) + note
        Modal.__init__(self, self.scene_ref)
        self.title = self.title_text
        self.rows = []
        self.count_row = None
        big = CANVAS.portrait
        y = self.rect.y + (130 if big else 86 if not CANVAS.rail else 90)
        if self.counts:
            self.count_row = y
            self.row_buttons(
                y,
                [(f"players={k}", str(k), lambda k=k: self.set_count(k)) for k in self.counts],
                min_w=72,
            )
            y += step if not big else 160
        for seat in range(n):
            offered = self.choices + (self.more if seat > 0 else [])
            self.row_buttons(
                y,
                [
                    (f"seat{seat}={value}", label, lambda s=seat, v=value: self.pick(s, v))
                    for value, label in offered
                ],
                slots=len(self.choices) + len(self.more),
            )
            self.rows.append(y)
            y += step if not big else 160
        self.note_y = y
        play, cancel = (self.play_label, self.play, "play"), (_("Cancel"), self.close, "cancel")
        self.buttons += self.answer_buttons(play, cancel, 180)

    def row_buttons(self, y: int, specs, min_w: int = 96, slots: int = 0) -> None:
        """One row of choices: right of its label (landscape) or under it (portrait, each
        a ``slots``th of the row: the rows' buttons line up)."""
        if CANVAS.portrait:  # a row of choices under the row's name, 96 high
            x = self.rect.x + 20
            slots = max(slots, len(specs))
            cw = (self.rect.w - 40 - 8 * (slots - 1)) // slots
            for name, label, action in specs:
                self.buttons.append(Button((x, y + 52, cw, 96), label, action, size=38, name=name))
                x += cw + 8
            return
        _step, h, size, _label_x, x0 = self.rows_spec()
        x = self.rect.x + x0
        for name, label, action in specs:
            w = max(min_w * h // 44, theme.measure(label, size) + 28)
            self.buttons.append(Button((x, y, w, h), label, action, size=size, name=name))
            x += w + 8

    def rows_spec(self) -> tuple[int, int, int, int, int]:
        return self.SIDEWAYS_ROWS if CANVAS.rail else self.LANDSCAPE_ROWS

    def set_count(self, players: int) -> None:
        """Another number of players: the seats kept, new ones the game's default computer
        seat; the rows follow at once, the keyboard's focus kept on the same choice."""
        if players == len(self.seats) or players not in self.counts:
            return
        focused = self.buttons[self.focused].name if 0 <= self.focused < len(self.buttons) else None
        more = list(default_seats(self.game_id, players))[len(self.seats) :]
        self.seats = (self.seats + more)[:players]
        self.layout()
        names = [b.name for b in self.buttons]
        self.focused = names.index(focused) if focused in names else -1

    def pick(self, seat: int, value: str) -> None:
        self.seats[seat] = value

    def ear_view(self) -> View:
        """For the ear: each choice named with its row ("Player 2: Hard"), pressed if chosen."""

        def choice(b: Button) -> tuple[str, bool] | None:
            row, _eq, value = b.name.partition("=")
            if row == "players":
                return _("Players"), value == str(len(self.seats))
            if row.startswith("seat") and row[4:].isdigit():
                seat = int(row[4:])
                return _("Player {n}").format(n=seat + 1), self.seats[seat] == value
            return None

        return ear.row_view(self, self.title, [self.note], ear.choice_nodes(self, choice))

    def play(self) -> None:
        self.close()
        if self.counts:
            self.app.settings.set_option(self.game_id, "players", len(self.seats))
        seats = tuple(self.seats)
        if any(seat_kind(seat).remote for seat in seats):
            # friends online: a room and its waiting room (the remembered seats stay those
            # of this screen's own games: Settings keeps no seat played elsewhere)
            self.app.host_table(self.game_id, seats)
            return
        self.on_play(seats)

    def draw(self, screen):
        self.draw_frame(screen)
        # Translators: a row of "Who plays?": who sits in this seat; {n} is its number
        labels = [(_("Player {n}").format(n=seat + 1), y) for seat, y in enumerate(self.rows)]
        if self.count_row is not None:
            # Translators: a row of "Who plays?": how many players
            labels.insert(0, (_("Players"), self.count_row))
        for text, y in labels:
            if CANVAS.portrait:
                theme.blit_text(screen, text, (self.rect.x + 20, y), 40, theme.INK)
            else:
                h, size, label_x = self.rows_spec()[1:4]
                theme.blit_text(
                    screen,
                    text,
                    (self.rect.x + label_x, y + h // 2),
                    max(26, size),
                    theme.INK,
                    anchor="midright",
                )
        if self.note:
            size = self.rows_spec()[2] if CANVAS.rail else CANVAS.text(20)
            theme.blit_text(
                screen,
                self.note,
                (self.rect.centerx, self.note_y + 4),
                size,
                theme.INK_DIM,
                anchor="midtop",
            )
        for b in self.buttons:
            b.draw(screen)
            chosen = False
            if b.name.startswith("seat"):
                seat, value = b.name[4:].split("=", 1)
                chosen = self.seats[int(seat)] == value
            elif b.name.startswith("players="):
                chosen = int(b.name.split("=", 1)[1]) == len(self.seats)
            if chosen:
                pygame.draw.rect(screen, theme.GOLD, b.rect.inflate(6, 6), 3, border_radius=10)
        self.draw_focus(screen, self.app.keyboard_used)
