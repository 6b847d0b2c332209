"""The table of a game shared with other screens (the package's docstring says what it
shows)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.language import N_, _, capital
from game.net import GuestTable, Happened, HostTable
from game.session import Action, ActionKind, SeatKind
from game.ui.chromes import chrome_for
from game.ui.dialogs import Confirm, EndPanel
from game.ui.online.away import AwayDialog
from game.ui.online.connection import ConnectionNews
from game.ui.online.presence import AWAY_S, Presence
from game.ui.online.saved_room import keep
from game.ui.sleep_at_rest import SHARED_REST_MS
from game.ui.table.messages import MessageKind
from game.ui.table.scene import Table
from game.ui.widgets import ButtonStyle

UNFINISHED = N_("It counts as unfinished: neither a win nor a loss.")  # (a game ended)
LINK_SLICE_MS = 3  # a frame's share for reading and answering the links


class SharedTableScene(Presence, Table):
    """The table of a game shared with other screens (see the module docstring)."""

    session: HostTable | GuestTable  # (the host's, or a guest's)

    def __init__(self, app, shared):
        self.shared = shared
        self.closed = False  # the room is closed: the game ended or was left
        self.waited: set[int] = set()  # away seats the player chose to wait for
        self._base = None  # the piles as this table last showed them
        self._match_data = None  # this table's match: kept while it is open, never saved
        self._opened_ms = app.time_ms
        self._game = shared.game  # the room's game this table shows (2, 3, ...: Play again)
        self._marks = None  # (what they depend on, the friends' marks placed for it)
        self.connection = ConnectionNews()  # says when the connection changes
        game_id = shared.session.game_id
        super().__init__(app, game_id, chrome_for(game_id))
        app.shared = self
        mine = self.session.local_seats
        if mine and mine[0]:  # this screen's own seat where the first seat's is (the chrome
            # says how its table turns; the round table's stays as it is)
            self.layout = self.chrome.seen_from(self.layout, mine[0])
        for b in self.buttons:
            if b.name == "Menu":
                b.action = self.to_menu

    # ------------------------------------------------------------------ the session
    def load_or_deal(self) -> None:
        s = self.session = self.shared.session
        fresh = len(s.state.history) <= s.dealt
        # Translators: a shared table's message; {game} is the game's name, {number} the deal's
        self.say(
            _("{game}: the deal is agreed (deal {number}).").format(
                game=self.title_text, number=s.state.seed
            ),
            MessageKind.INFO,
            3000,
        )
        self.changed()
        if fresh:
            self.chrome.started()
            self.deal_pending = self.app.settings.animations

    def adopt(self, session) -> None:
        """A new session for this table: the room's next game (Play again), dealt; or, on a
        guest, the host's page reloaded and sent the table again: shown from where this one
        stood."""
        if self.shared.game != self._game:
            self.next_game(session)
            return
        before = self.piles()
        self.session = session
        self.input.reset()
        self.anim.clear()
        self.view.invalidate()
        self._fly(before)
        self.changed()
        self.say(_("The host's screen is back: the game goes on."), MessageKind.GOOD, 4000)

    def next_game(self, session) -> None:
        """The room's next game, its deal agreed: dealt as a new deal is (the match goes on)."""
        self._game = self.shared.game
        self.view.invalidate()
        # Translators: a shared table's message; {game} is the game's name, {number} the deal's
        self.begin(
            session,
            _("{game}: the next game, deal {number} (agreed by every screen).").format(
                game=self.title_text, number=session.state.seed
            ),
        )

    def play_again(self) -> None:
        """The host: the room's next game with the same friends (a new deal agreed)."""
        if not self.shared.can_play_again():
            self.say(
                _("Another game needs every friend here: wait for them, or leave."),
                MessageKind.WARN,
            )
            return
        self.shared.play_again()
        self.modal = None
        self.say(_("The next game: agreeing the deal with every screen..."), MessageKind.INFO, 6000)

    def saved_match(self):
        return self._match_data

    def keep_match(self, data) -> None:
        self._match_data = data  # a shared table's match never replaces this screen's own

    def save(self) -> None:
        """The shared table into its own slot of the storage (never the game's own save)."""
        self.unsaved_ms = 0.0
        if self.closed or self.session.is_over():  # (a game over: the slot is cleared)
            return
        keep(self.app, self.shared)

    def game_over(self) -> None:
        """The game is over: played to its end (the chrome's end screen, as at any table; a
        finished game leaves nothing to sit down at again), or ended (``end``)."""
        if self.session.ended:
            self.end(self.session.ended)
            return
        self.app.saves.clear_shared()
        self.app.collect_notices()
        super().game_over()
        panel = self.modal
        if isinstance(panel, EndPanel):  # the ways on: another game in this room, or leave
            lay = self.layout
            # Translators: a button at the end of a game shared with friends online: out of
            # the room, to the title
            leave = (_("Leave"), self.leave_room, ButtonStyle.NORMAL, "Leave")
            if self.shared.hosting:
                # Translators: a button at the end of a game shared with friends online (the
                # host's): another game with the same friends
                buttons = [
                    (_("Play again"), self.play_again, ButtonStyle.PRIMARY, "Play again"),
                    leave,
                ]
                lines = panel.lines
            else:
                buttons = [leave]
                lines = panel.lines[:4] + [_("The host may deal another game: wait here.")]
            self.modal = EndPanel(
                self,
                panel.title,
                lines,
                buttons,
                dim=panel.dim,
                good=panel.good,
                centerx=(lay.table_left + lay.table_right) // 2,
            )

    def leave_room(self) -> None:
        """Out of the room, to the title (the friends' screens see this one leave)."""
        self.close_room()
        self.app.title()

    def changed(self, save: bool = True) -> None:
        super().changed(save)
        s = self.session
        if s is not None and s.state is not None:
            self._base = self.piles()

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        if not self.closed:
            self.read_links()
        super().update(dt)
        if not self.closed:
            self.arrived()  # (the computer seats' advance reads the links too)
            self.watch()

    def read_links(self) -> None:
        """The room and the links: what other screens did, a new session to follow."""
        shared = self.shared
        shared.advance(LINK_SLICE_MS, max_moves=0)  # read and answer; the pace is not involved
        live = shared.session
        if live is None:
            return
        if live is not self.session:
            if live.ready:
                self.adopt(live)
            elif live.ended:
                self.end(live.ended)
                return
        if self.session.ended:
            self.end(self.session.ended)
            return
        self.arrived()

    def background(self) -> None:
        """While another screen of this page is shown (Rules): the room keeps being read and
        answered, so friends don't see this screen go away."""
        if not self.closed:
            self.shared.advance(1, max_moves=0)

    def arrived(self) -> None:
        """What other screens did, as the shared table says it happened (another screen's
        move, undo, redo or call; this guest's moves the host didn't take, taken back): shown
        as moves (one move by its seat; anything else flown from where the cards were)."""
        s, before = self.session, self._base
        news = [h for h in s.happened if h[0] in (Happened.PLAYED, Happened.TAKEN_BACK)]
        s.happened.clear()  # (who sat down or left: the here/away marks show it)
        if not news or before is None:
            return
        if self.input.busy or self.input.selected:
            self.input.reset()
        action = news[0][1] if len(news) == 1 and news[0][0] == Happened.PLAYED else None
        if isinstance(action, Action) and action.kind == ActionKind.MOVE:
            self.moved(action.moves[0], before, action.seat)
        else:
            self._fly(before)
            self.changed()
            self.app.sound.play("place")

    def _fly(self, before: dict) -> None:
        from game.ui.turns.turn_replay import fly_changes

        if self.art is not None:
            fly_changes(self, before, self.piles(), dur=None if self.app.settings.animations else 0)

    def watch(self) -> None:
        """The session's notices, its end, the connection's changes, and friends gone
        quiet."""
        news = self.connection.news(self.shared, self.message_text())
        if news is not None:
            words, kind, ms = news
            self.say(_(words), kind, ms)
        s = self.session
        notices, s.notices = list(s.notices), []
        for i, text in enumerate(notices):
            if i == 0:
                self.say(text, MessageKind.WARN, 6000)
            else:
                self.app.notice(text)
        if s.ended:
            self.end(s.ended)
            return
        if s.state.is_over():
            return
        away = self.away_people()
        dialog = self.modal if isinstance(self.modal, AwayDialog) else None
        if dialog is not None and not set(dialog.seats) & set(away):
            dialog.close()
            # Translators: a shared table's message; {name} is the seat as a sentence begins
            # ("Your friend", "Player 2")
            self.say(
                _("{name} is back.").format(name=self.seat_heading(dialog.seats[0])),
                MessageKind.GOOD,
                4000,
            )
        self.waited &= set(away)  # one who came back and goes again is asked about again
        fresh = [seat for seat in away if seat not in self.waited]
        grace = self.app.time_ms - self._opened_ms >= AWAY_S * 1000  # (after a reload)
        if fresh and grace and self.modal is None:
            self.modal = AwayDialog(self, away)

    def away_people(self) -> list[int]:
        s = self.session
        return [seat for seat in s.away(AWAY_S) if s.seats[seat].person]

    def seat_heading(self, seat: int) -> str:
        """A person's seat as a sentence begins: "Your friend", "Player 2"."""
        return capital(self.seat_name(seat))

    # ------------------------------------------------------------------ leaving, ending
    def end_game(self) -> None:
        """End the game for every screen (unfinished: neither a win nor a loss)."""
        s = self.session
        if s.ended is None and not s.state.is_over():
            s.leave()
        self.end(s.ended or _("The game is ended."))

    def end(self, text: str) -> None:
        """The game was ended (here, by a friend, a cheat, a full table): its sentence, and
        the usual ways on (New game: a game at this screen)."""
        if self.closed:
            return
        self.close_room()
        self.end_shown = True
        self.input.reset()
        self.say(text, MessageKind.WARN, 8000)
        lay = self.layout
        # Translators: the title of the panel shown when a game shared with friends online
        # was ended before its end
        self.modal = EndPanel(
            self,
            _("Game ended"),
            [text, _(UNFINISHED)],
            # Translators: buttons of the panel shown when a shared game
            # was ended: a game at this screen, or the title screen
            [
                (_("New game"), self.play_here, ButtonStyle.PRIMARY, "New game"),
                (_("Menu"), self.app.title, ButtonStyle.NORMAL, "Menu"),
            ],
            centerx=(lay.table_left + lay.table_right) // 2,
        )

    def closing(self) -> None:
        """The app is closing (the desktop's window closed): the friends' screens are told
        (the room's goodbye, as a page's when its tab closes), the table stays kept, so the
        app started again sits down at the same position."""
        if not self.closed:
            self.closed = True
            self.shared.close()

    def close_room(self) -> None:
        """Leave the room: the peers are told when the game was still on; the kept table is
        cleared (a reload opens the title)."""
        if self.closed:
            return
        s = self.session
        if s.ended is None and not s.is_over():
            s.leave()
        self.closed = True
        self.shared.close()
        self.app.saves.clear_shared()
        self.app.collect_notices()
        if self.app.shared is self:
            self.app.shared = None

    def in_play(self) -> bool:
        return not self.closed and not self.session.is_over()

    def ask_to_leave(self, what: str, then) -> None:
        """Leaving a game in play ends it for every screen: asked first."""
        if not self.in_play():
            self.close_room()
            then()
            return

        def go():
            self.close_room()
            then()

        self.modal = Confirm(
            self,
            what,
            _(
                "Leaving ends the game at every screen. It counts "
                "as unfinished: neither a win nor a loss."
            ),
            what,
            go,
        )

    def to_menu(self) -> None:
        # Translators: the title and button of the question before leaving a game shared
        # with friends online
        self.ask_to_leave(_("Leave the game"), self.app.title)

    def play_here(self) -> None:
        """A game at this screen instead: the game's own table, or "Who plays?" for a new one."""
        self.close_room()
        self.app.title()
        self.app.scene.choose(self.game_id)

    def key(self, event) -> None:
        if (
            event.key == pygame.K_ESCAPE
            and not self.input.selected
            and self.modal is None
            and not self.session.finishing
        ):
            self.to_menu()
            return
        super().key(event)

    # a shared table deals no game of its own: a new one is a game at this screen
    def new_deal(self, confirm: bool = True) -> None:
        # Translators: the title and button of the question before leaving a game shared
        # with friends online for a new game
        self.ask_to_leave(_("New game"), self.play_here)

    def restart(self, confirm: bool = True) -> None:
        self.new_deal()

    def play_number(self, seed: int) -> None:
        self.new_deal()

    def abandon_then(self, what: str, action) -> None:
        self.ask_to_leave(what, action)

    def start(
        self,
        seed: int | None,
        options: dict | None = None,
        seats: Sequence[SeatKind | str] | None = None,
    ) -> None:
        """(New game with the seats chosen at this table: that deal at this screen's own
        table, unless a game of its own is in progress there.)"""
        self.close_room()
        table = self.app.open_game(self.game_id)
        if table.session.unfinished and not table.session.is_over():
            # Translators: "New game" is the table's button
            table.say(
                _("Your own game of this table is kept: New game deals another."), MessageKind.INFO
            )
        else:
            table.start(seed, options, seats)

    # ------------------------------------------------------------------ drawing
    def draw(self, screen) -> None:
        super().draw(screen)
        self.draw_presence(screen)

    def frame_key(self):
        return (super().frame_key(), tuple(self.presence()), self.closed)

    def rest_ms(self) -> float:
        """The room's own timers (acknowledgements, heartbeats, resends) run in its frames;
        a friend's message wakes the page at once (rest.py)."""
        return min(super().rest_ms(), SHARED_REST_MS)
