"""The chrome of a table where two to four players sit round a shared centre ("round" in a
game's description), such as Chinese Patience: the players' stocks and wastes on the sides of
the table (a layout per number of players), whose turn it is (a ring round that player's piles
and the panel's turn box), the card counts, the match score with the deal passing to the left,
Knock! (the game's calls), End turn, Undo/Redo, Hint (what the Hard computer player would
play), Rules, the computer's pace, New game and Menu; a banner
and the penalty cards flying when a knock catches a slip; the end screen with the places and
the match.

Each seat is a person or the computer (Session.seats): one person against one to three
computers, people at one screen, or the computer against itself to watch. A seat is named "you"
when one person plays, else "player N".

What it needs of a game: each seat p has piles ``stockp`` and ``wastep`` (its ring and labels
go round them), the state says ``player_count``, ``dealer``, ``finished`` (the seats out) and
``counts(seat)`` ({"stock": n, "waste": m}); its layout data may be given per number of players
(game/ui/layouts), with "sides" naming where each seat sits ("bottom", "left", "top",
"right").

The match (game.core.Match, saved per game with its seats): every game's points are added for
every player; the first game's dealer comes from the deal, then the deal passes to the left
(the match remembers who dealt last, and a new game of the match is dealt by the next player).

Statistics: the one person's games go into the game's statistics (Session.record, as at every
table); every finished game also counts, for each seat, under its kind ("person", "easy",
"medium", "hard"): the records ``<game>/<kind>`` (played, won, streaks), shown on the end
panel.
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import StrEnum
from typing import Any, Protocol, cast

import pygame

from game.core import STOP, Move
from game.core.language import N_, SOURCE, _, capital, current, ngettext, pgettext
from game.core.result import Status
from game.ui import theme
from game.ui.board.places import Badge, Piles, layout_for
from game.ui.canvas import CANVAS
from game.ui.layouts import layout_data
from game.ui.table.messages import MessageKind
from game.ui.table.scene import Table
from game.ui.turns.banner import BannerStyle
from game.ui.turns.panel_texts import PanelTexts
from game.ui.turns.turn_replay import fly_changes
from game.ui.turns.turns_chrome import TurnsChrome, TurnsState, count_words, seat_counts

PENALTY_MS = 900  # how long a penalty card flies
NAME_SIZE, TAG_SIZE = 22, 18  # the seats' names and the "to play" tag (larger sideways)
SIDE_NAME_W = 180  # portrait: a left or right seat's name, in lines this wide (clear of the centre)
TURN_RING = (236, 196, 84)

# Translators: how to play at a round table, shown under the rules (Markdown: "# " a heading)
CONTROLS = N_(
    "# Playing with mouse, finger or keys\n"
    "Click (tap) your stock to turn its top card, then drag it (or click it and then its "
    "place) where it goes; places where it may go light up. Drag your waste's top card, "
    "or a column's outer card, the same way; drag a column by its first card to move the "
    "whole column. Double-click (double-tap) a card to send it to a foundation. End turn "
    "puts your turned-up stock card on your own waste. A refused move goes back and the "
    "line at the bottom says why.\n"
    "Keys: T turns your stock card, E puts it on your waste (ending your turn), X knocks, "
    "H asks for a hint (what the Hard computer player would do), arrows or Tab choose a "
    "pile, Enter or Space picks up its card and puts it down on the chosen pile, F sends "
    "it to a foundation, Esc cancels (or goes back to the menu). Ctrl+Z or U undo, Ctrl+Y "
    "redo. + and - change the computer's pace, N starts a new game, M turns sound on or "
    "off."
)


def said_of_them(reason: str) -> str:
    """A refusal the core says to the mover ("your stock card"), said of another player: in
    English "their stock card"; another language keeps the core's words."""
    return reason.replace("your ", "their ") if current() == SOURCE else reason


class Side(StrEnum):
    """Where a seat sits round the table (a layout's "sides")."""

    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"


class RoundState(TurnsState, Protocol):
    """What a round table's game gives its chrome (the module docstring)."""

    player_count: int
    dealer: int  # who dealt this game
    finished: tuple[int, ...]  # the seats out of the game, in the order they went out


class RoundTable(TurnsChrome):
    """The round table's panel (what it shares with the duel's: players.TurnsChrome)."""

    controls = CONTROLS
    # Translators: the call's button at the round table, and its banner: "Knock! Player 2
    # caught you."
    call_label = N_("Knock!")
    ROWS = ((346, 48), (400, 40), (446, 38), (516, 36), (566, 44))
    TEXTS = PanelTexts(
        counts=134, step=24, match=18, after=28, pace=(494, 520, 22), tip=618, fitted=True
    )
    BANNER = BannerStyle(26, 19, (28, 21), 8)
    name_size = NAME_SIZE
    wrong_call_ms = 4000

    def __init__(self, table: Table) -> None:
        self.sides: list[Side] = []
        super().__init__(table)

    # ------------------------------------------------------------------ the layout
    def fit(self) -> None:
        """Give the table the layout for this game's number of players."""
        t = self.table
        if t.session is None:
            return
        n = t.state.player_count
        layout = layout_for(t.game_id, n, panel_left=bool(t.layout.table_left))
        if t.layout is not layout:
            t.layout = layout
            t.input.reset()
            t.view.invalidate()
            sides = layout_data(t.game_id, n, portrait=CANVAS.portrait).get("sides", ())
            self.sides = [Side(side) for side in sides]

    @property
    def turns_state(self) -> RoundState:
        return cast(RoundState, self.session.state)

    def record_kinds(self) -> list[str]:
        """Count the finished game for each seat under its kind; lines for the end panel."""
        return self.play.count_kinds(self.app.saves.record_result)

    # ------------------------------------------------------------------ actions
    def called(self, before: Piles) -> None:
        if self.table.state.peek() == STOP:
            self.penalty_flight(before)

    # ------------------------------------------------------------------ the frame
    def started(self) -> None:
        self.fit()
        t, s = self.table, self.session
        state, seats = s.state, self.turns_state
        dealer = self.play.next_dealer()
        if (
            dealer is not None
            and not state.history
            and seats.dealer != dealer
            and dealer < seats.player_count
        ):
            # a game of the match: the deal passes to the left (the same deal number)
            t.start(state.seed, dict(state.options) | {"dealer": dealer}, s.seats)
            return
        self.banner = None
        first = s.to_move
        dealt = self.name(seats.dealer)
        if self.is_you(first):
            # Translators: as a game begins; {name} is a player ("player 2", "you")
            opening = capital(_("{name} dealt: you start.").format(name=dealt))
            t.say(f"{opening} {self.tip()}".strip(), MessageKind.INFO)
        else:
            # Translators: as a game begins; {name}, {other}: players ("player 2", "you")
            t.say(
                capital(
                    _("{name} dealt: {other} starts.").format(name=dealt, other=self.name(first))
                ),
                MessageKind.INFO,
            )

    def wrong_call_text(self, call: Any, caller: int) -> str:
        return str(call.message)

    def call_text(self, call: Any, offender: int) -> str:
        """What a right knock did, in words."""
        reason = call.breach.reason.split(": ", 1)[-1]  # (without "Priority 4: ")
        if not self.is_you(offender):  # the core speaks to the mover
            reason = said_of_them(reason)
        reason = capital(reason)
        if self.is_you(offender):
            rest = _(
                "Your move stands; each other player hands you a penalty card for the "
                "bottom of your stock, and your turn ends."
            )
        else:
            # Translators: after a knock's reason; {name} is a player ("player 2")
            rest = _(
                "The move stands; {name} gets a penalty card from each other player, and "
                "the turn passes."
            ).format(name=self.name(offender))
        return f"{reason} {rest}"

    def moved(self, move: Move, before: Piles, mover: int) -> None:
        if move == STOP:  # (the log reads the moves from the game's history: move_log.MoveBook)
            self.penalty_flight(before)

    def penalty_flight(self, before: Piles) -> None:
        """The penalty cards of a knock fly, face down, to the offender's stock."""
        dur = PENALTY_MS if self.app.settings.animations else 0
        fly_changes(self.table, before, self.table.piles(), face_up=False, dur=dur)

    own = "own "  # the log says "on your own waste, ending the turn"

    def call_words(self, call: Any, caller: int | None, called: int, state: Any) -> str:
        """A knock in the log (who knocked is named with two players: the history keeps the
        knock, not the knocker)."""
        you = self.is_you(called)
        reason = call.breach.reason.split(": ", 1)[-1].rstrip(".") if call.right else ""
        if not you:
            reason = said_of_them(reason)
        # Translators: the move log, after who knocked (or alone, "Knock! on ...", when who
        # knocked is not known): {reason} is the priority broken ("your stock card must go to
        # a foundation"), {name} a player ("player 2")
        if caller is not None:
            text = (
                _(
                    "knocked on your move ({reason}): it stands, a penalty card from each "
                    "other player, and the turn passes"
                )
                if you
                else _(
                    "knocked on {name}'s move ({reason}): it stands, a penalty card from "
                    "each other player, and the turn passes"
                )
            )
        else:
            text = (
                _(
                    "Knock! on your move ({reason}): it stands, a penalty card from each "
                    "other player, and the turn passes"
                )
                if you
                else _(
                    "Knock! on {name}'s move ({reason}): it stands, a penalty card from each "
                    "other player, and the turn passes"
                )
            )
        return text.format(reason=reason, name=self.name(called))

    def update(self, dt: float) -> None:
        self.fit()
        super().update(dt)

    def end_words(self, result: Any) -> tuple[str, list[str]]:
        """The end screen's title and first lines: who won and scores what, the places."""
        s = self.session
        title = _("Stalemate") if result.winner is None else self.play.winner_title(result)
        lines = []
        if result.status == Status.STALEMATE:
            lines.append(result.reason)
        if result.winner is not None:
            n = result.points
            if self.is_you(result.winner):
                lines.append(
                    ngettext("You score {n} point.", "You score {n} points.", n).format(n=n)
                )
            else:
                # Translators: the end screen; {name} is a player ("player 2")
                lines.append(
                    capital(
                        ngettext("{name} scores {n} point.", "{name} scores {n} points.", n).format(
                            name=self.name(result.winner), n=n
                        )
                    )
                )
        if len(s.seats) > 2:
            order = sorted(range(len(s.seats)), key=lambda p: result.places[p])
            # Translators: the end screen's places: "1. You"; {seat} is "You", "Player 2"
            places = [
                pgettext("a place at the end of a game", "{place}. {seat}").format(
                    place=result.places[p], seat=self.title(p)
                )
                for p in order
            ]
            # Translators: the end screen: "Places: 1. You, 2. Player 3 (Hard), ..."
            lines.append(_("Places: {places}").format(places=", ".join(places)))
        return title, lines

    # ------------------------------------------------------------------ drawing
    def layer_key(self) -> Hashable:
        self.fit()
        return super().layer_key()

    def name_lines(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        """A seat's name, kept on the table; upright a side seat's in lines (beside the
        centre: narrow)."""
        names = self.table.layout.seat_names
        if seat >= min(len(names), len(self.session.seats)):
            return []
        x, y = names[seat]
        right = self.table.layout.table_right - 8
        size = CANVAS.label(NAME_SIZE)
        text = self.title(seat)
        if CANVAS.portrait and self.side(seat) in (Side.LEFT, Side.RIGHT):
            lines = theme.wrap(text, size, SIDE_NAME_W, bold=True)
        else:
            lines = (text,)
        out = []
        for i, line in enumerate(lines):
            w, h = theme.font(size, True).size(line)
            out.append((line, pygame.Rect(min(x, right - w), y + i * (size - 8), w, h)))
        return out

    def side(self, seat: int) -> Side:
        """Where a seat sits round the table (its layout's "sides")."""
        return self.sides[seat] if seat < len(self.sides) else Side.BOTTOM

    def turn_tag(self, seat: int, area: pygame.Rect) -> pygame.Rect:
        """Where the "to play" tag goes by a seat's ring: under it (over it at the bottom)."""
        tag = pygame.Rect((0, 0), theme.font(CANVAS.label(TAG_SIZE), True).size(to_play()))
        if self.side(seat) == Side.BOTTOM:
            tag.midbottom = (area.centerx, area.top - 2)
        else:
            tag.midtop = (area.centerx, area.bottom + 2)
        return tag.inflate(10, 2)

    def seat_marks(self, seat: int) -> list[pygame.Rect]:
        area = self.seat_area(seat)
        return [] if area is None else [area.inflate(4, 4), self.turn_tag(seat, area)]

    def count_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        s = self.session
        lines = []
        for seat in range(len(s.seats)):
            c = self.turns_state.counts(seat)
            out = self.turns_state.finished
            counts = [count_words("stock", c["stock"]), count_words("waste", c["waste"])]
            if seat in out:
                # Translators: a seat's counts in the side panel: out of the game, in place 2
                counts.append(_("out ({place})").format(place=out.index(seat) + 1))
            line = seat_counts(self.title(seat), counts)
            lines.append((line, theme.GOLD if seat == s.to_move and not s.is_over() else theme.INK))
        return lines

    def seat_area(self, seat: int) -> pygame.Rect | None:
        lay = self.table.layout
        names = (f"stock{seat}", f"waste{seat}")
        if not all(n in lay.piles for n in names):
            return None
        area = lay.piles[names[0]].rect.union(lay.piles[names[1]].rect).inflate(22, 22)
        badge = lay.piles[names[0]].badge
        if badge == Badge.RIGHT:  # the counts beside the piles are inside the ring
            area.width += 30
        elif badge == Badge.BELOW:
            area.height += 26
        return area

    def draw(self, screen: pygame.Surface) -> None:
        s = self.session
        if not s.is_over():  # whose turn it is, loudly: a ring round their piles
            area = self.seat_area(s.to_move)
            if area is not None:
                pygame.draw.rect(screen, TURN_RING, area, 4, border_radius=12)
                tag = theme.text(to_play(), CANVAS.label(TAG_SIZE), (60, 40, 0), bold=True)
                box = self.turn_tag(s.to_move, area)
                pygame.draw.rect(screen, TURN_RING, box, border_radius=6)
                screen.blit(tag, tag.get_rect(center=box.center))
        super().draw(screen)

    def headline(self) -> list[str]:
        """The rule options in words: the priorities, and the variants that are on."""
        d, options = self.table.info, self.session.state.options
        out = []
        for o in d.option_list:
            value = options.get(o.name)
            if o.name == "players" or value is False:
                continue
            labels: dict[Any, str] = dict(o.labelled())
            out.append(_(labels.get(value, str(value))))
        return out

    def tip(self) -> str:
        s = self.session
        if not self.table.accepting_input():
            return ""
        state = s.state
        legal = state.legal_moves()
        end, turn = state.end_turn_move(), state.turn_move(f"stock{s.to_move}")
        for move in (end, turn):  # a priority may forbid them now: then say which move comes first
            if move is not None and move not in legal:
                return capital(state.why_illegal(move) or "")
        if end is not None:
            return _("Place your stock card, or End turn to put it on your waste (your turn ends).")
        if turn is not None:
            return _("Play on, or click your stock to turn its top card.")
        return ""


def to_play() -> str:
    """The tag by the ring round the piles of the seat whose turn it is."""
    # Translators: a tag on the table by the piles of the player whose turn it is; short
    return pgettext("a tag by a player's piles", "to play")


__all__ = ["CONTROLS", "RoundTable"]
