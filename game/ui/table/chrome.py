"""What a kind of table adds around the cards: its chrome.

A table (scene.py) draws the piles, takes moves and runs the game's life; what else it shows
depends on who sits at it, so it is one chrome chosen by the game's description
(``info.table``), one class per kind in game/ui/chromes/: "solitaire" (the toolbar, Hint, the
"still winnable?" light, Finish), "duel" and "round" (the side panel of tables with turns,
game/ui/turns/). ``Chrome`` is the contract: every hook the table calls, when it calls it and
what the chrome must do. ``BaseChrome`` is what every chrome derives from: it gives the
defaults of the hooks a chrome may leave out (nothing to say when a game starts, no input of
its own, no seats' names), so a chrome writes only what is its own, and mypy checks each
against the contract.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from game.core import Move
from game.core.language import _
from game.session import Session, seat_names
from game.ui.board.places import Layout, Piles
from game.ui.canvas import CANVAS
from game.ui.sleep_at_rest import REST_MAX_MS

if TYPE_CHECKING:
    from game.ui.widgets import Button

Point = tuple[int, int]
#: what the session tells the table happened (``Session.events``): ("turn", seat),
#: ("pass", seat), ("call", caller, call)
SessionEvent = tuple[Any, ...]


class Chrome(Protocol):
    """Every hook a table calls on its chrome, in the order of a game's life."""

    #: the chrome's buttons; the table takes them as its own (it draws them and presses them)
    buttons: list[Button]
    #: how to play at this kind of table, shown under the game's rules (English, marked N_)
    controls: ClassVar[str]

    def started(self) -> None:
        """A new game has begun at the table (a deal, a restart, the next game of a match),
        its session in place: say what the players need to know first (who starts and why)
        and forget what the last game left (a banner)."""
        ...

    def event(self, event: SessionEvent) -> None:
        """Each frame, each thing the session says happened (a turn begun, a pass, a call),
        in order: say it on the table."""
        ...

    def moved(self, move: Move, before: Piles, mover: int) -> None:
        """After every move the table shows (a person's, the computer's, an automatic one),
        the piles as they were ``before`` it and the seat that made it: what the chrome adds
        (the round table's penalty cards flying)."""
        ...

    def abandon_note(self) -> str:
        """Asked before a game in progress is given up: what giving it up means besides the
        lost deal ("the game goes to the computer"), or ""."""
        ...

    def abandoning(self) -> None:
        """The player confirmed giving the game up: count what it costs (the match)."""
        ...

    def game_over(self) -> None:
        """The game is over and no card moves any more (called once a game): count it and
        open the end screen as the table's modal."""
        ...

    # ------------------------------------------------------------------ each frame
    def update(self, dt: float) -> None:
        """Every frame, after the session's events (``dt`` milliseconds): the chrome's
        timers, which buttons show."""
        ...

    def rest_ms(self) -> float:
        """How long the table can go without a frame as far as the chrome is concerned: until
        its next timer (a banner that goes, the clock's next second), sleep_at_rest.py."""
        ...

    def layer_key(self) -> Hashable:
        """What ``decorate`` draws depends on: the table's cached layer is made again when
        it changes."""
        ...

    def frame_key(self) -> Hashable:
        """What ``draw`` and ``draw_over`` show that changes without input (a clock, a light,
        a banner): a frame whose key (the table's with this) is unchanged is not drawn."""
        ...

    def decorate(self, surf: pygame.Surface) -> None:
        """The chrome's static parts (bars, the panel's ground, the seats' names), drawn into
        the table's cached layer over the piles."""
        ...

    def draw(self, screen: pygame.Surface) -> None:
        """Every drawn frame, over the cards and under the buttons: the live parts (texts,
        the light, rings)."""
        ...

    def draw_over(self, screen: pygame.Surface) -> None:
        """Every drawn frame, over everything else the table draws (a banner)."""
        ...

    def message_rect(self) -> pygame.Rect | None:
        """Where the table's message line goes on this canvas; None: the bottom line."""
        ...

    def relabel(self) -> None:
        """The table is shown again (``enter``): the buttons' words in the language spoken
        now."""
        ...

    # ------------------------------------------------------------------ for the ear
    def light_word(self) -> str | None:
        """What the "still winnable?" light says now, in words; None where none is shown."""
        ...

    def ear_status(self) -> list[str]:
        """What the table shows of the game besides the cards, as sentences for the ear
        (the G key): the deal, moves and time; the score, whose turn, the match."""
        ...

    # ------------------------------------------------------------------ input first
    def key(self, event: pygame.event.Event) -> bool:
        """A key pressed at the table, before the table's own keys: True if the chrome took
        it."""
        ...

    def pointer_down(self, pos: Point) -> bool:
        """The pointer went down on the table (not over a dialog), before the table's input:
        True if it fell on a part of the chrome's own that takes it (a log that scrolls)."""
        ...

    def pointer_move(self, pos: Point) -> bool:
        """The pointer moved: True if the chrome took it (a drag it began)."""
        ...

    def pointer_up(self, pos: Point) -> bool:
        """The pointer went up: True if the chrome took it (a drag it began)."""
        ...

    def wheel(self, dy: int) -> bool:
        """The wheel turned over the table (up: positive): True if the chrome took it."""
        ...

    # ------------------------------------------------------------------ the seats
    def title(self, seat: int) -> str:
        """A seat as a heading ("You", "Computer", "Player 2"): a shared table names its
        friends so."""
        ...

    def name_lines(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        """Where the chrome writes a seat's name on the table, a line each (a shared table's
        here/away marks keep clear of them)."""
        ...

    def seat_marks(self, seat: int) -> list[pygame.Rect]:
        """What else the chrome marks by a seat (the round table's ring and its tag)."""
        ...

    def seen_from(self, layout: Layout, seat: int) -> Layout:
        """The table's layout as the person in ``seat`` sees it (a friend's own screen)."""
        ...


class ChromeTable(Protocol):
    """What ``BaseChrome`` reads of its table (a chrome's own class names the whole Table)."""

    app: Any  # the App (game/ui/app.py, the top of the client: never imported below it)
    layout: Layout
    session: Session

    @property
    def title_text(self) -> str: ...


class BaseChrome:
    """What every chrome derives from: the table and the app, and the hooks a chrome may
    leave out, each doing nothing (or the plain answer). A chrome must give its buttons,
    ``controls``, ``update``, ``frame_key``, ``decorate``, ``draw`` and ``game_over``."""

    #: a chrome whose side panel the left-handed setting moves to the left (the table is
    #: laid out for it before the chrome is made: ``panel_on_left``)
    side_panel: ClassVar[bool] = False
    controls: ClassVar[str] = ""

    def __init__(self, table: ChromeTable) -> None:
        self.table = table
        self.app = table.app
        self.buttons: list[Button] = []

    @classmethod
    def panel_on_left(cls, settings: Any) -> bool:
        """The left-handed setting, where it applies: a landscape table's side panel."""
        return cls.side_panel and bool(settings.left_handed) and not CANVAS.portrait

    @property
    def session(self) -> Session:
        return self.table.session

    def show_rules(self) -> None:
        """The Rules button: the game's rules; Back returns to the table as it was."""
        self.app.show_rules(self.table)

    # ------------------------------------------------------------------ the game's life
    def started(self) -> None:
        pass

    def event(self, event: SessionEvent) -> None:
        pass

    def moved(self, move: Move, before: Piles, mover: int) -> None:
        pass

    def abandon_note(self) -> str:
        return ""

    def abandoning(self) -> None:
        pass

    @abstractmethod
    def game_over(self) -> None: ...

    # ------------------------------------------------------------------ each frame
    @abstractmethod
    def update(self, dt: float) -> None: ...

    def rest_ms(self) -> float:
        return REST_MAX_MS

    def layer_key(self) -> Hashable:
        return None

    @abstractmethod
    def frame_key(self) -> Hashable: ...

    @abstractmethod
    def decorate(self, surf: pygame.Surface) -> None: ...

    @abstractmethod
    def draw(self, screen: pygame.Surface) -> None: ...

    def draw_over(self, screen: pygame.Surface) -> None:
        pass

    def message_rect(self) -> pygame.Rect | None:
        return None

    def light_word(self) -> str | None:
        return None

    def ear_status(self) -> list[str]:
        return [self.table.title_text]

    def relabel(self) -> None:
        """Each button's name is its English: its label that, in the language spoken now."""
        for b in self.buttons:
            b.label = _(b.name)

    # ------------------------------------------------------------------ input first
    def key(self, event: pygame.event.Event) -> bool:
        return False

    def pointer_down(self, pos: Point) -> bool:
        return False

    def pointer_move(self, pos: Point) -> bool:
        return False

    def pointer_up(self, pos: Point) -> bool:
        return False

    def wheel(self, dy: int) -> bool:
        return False

    # ------------------------------------------------------------------ the seats
    def title(self, seat: int) -> str:
        return seat_names(self.session.seats).title(seat)

    def name_lines(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        return []

    def seat_marks(self, seat: int) -> list[pygame.Rect]:
        return []

    def seen_from(self, layout: Layout, seat: int) -> Layout:
        return layout


__all__ = ["BaseChrome", "Chrome", "ChromeTable", "Point", "SessionEvent"]
