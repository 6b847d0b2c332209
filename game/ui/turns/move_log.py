"""The move log of a table with turns: every move in words, read from the game's history (a
``MoveBook`` of turns and steps), its view in the panel (``LogView``: scrolled by wheel, drag
or keys)."""

from __future__ import annotations

import pygame

from game.core import STOP, from_dict
from game.core.language import NP_, _, pgettext
from game.core.language import current as spoken
from game.ui import theme
from game.ui.board.move_words import pile_phrase
from game.ui.canvas import CANVAS
from game.ui.turns.panel_geometry import P_TEXT, panel_x
from game.ui.widgets import Button


def _num(name: str) -> int | None:
    digits = name[len(name.rstrip("0123456789")) :]
    return int(digits) if digits else None


def describe(chrome, state, move, before, mover) -> str:
    """A move in words, "Computer: the Five of hearts onto the Six of spades" (said of the
    position ``before`` it, the piles as ``state.piles()`` gives them): ``said``'s two parts
    in a line of the log."""
    who, what = said(chrome, state, move, before, mover)
    return log_line(who, what) if what else ""


def log_line(who: str, what: str) -> str:
    """A line of the log: who played, what they did."""
    # Translators: a line of the move log: "Computer: the Five of hearts onto the Six of spades"
    return pgettext("a line of the move log", "{who}: {what}").format(who=who, what=what)


def said(chrome, state, move, before, mover) -> tuple[str, str]:
    """A move in words, who made it and what they did ("Computer", "the Five of hearts onto
    the Six of spades"); ("", "") for a move the piles ``before`` can't say. The seats as the
    chrome names them (``title``, ``name``, ``is_you``); its ``own`` word for a seat's own
    pile ("own " at the round table). Calls are said by the chrome's ``call_words``."""
    who = chrome.title(mover)
    if move.source == "pass":
        return who, pgettext("the move log: what a seat did", "passed")
    src = before.get(move.source)
    if not src:
        return "", ""
    card, up = src[-move.count]
    if move.source == move.target:  # a card of a stock or hand turned face up where it lies
        return who, (
            _("turned up {card}").format(card=card.words("object"))
            if not up
            else _("turned a card")
        )
    target = before.get(move.target, [])
    kind = move.target.rstrip("0123456789")
    piles = state.pile
    noun = getattr(piles.get(move.target), "noun", None) or SHARED_WORDS.get(kind, kind)
    if not target and move.count == 1 and kind == "hand":  # a pile turned back into the hand
        source = getattr(piles.get(move.source), "noun", move.source.rstrip("0123456789"))
        if chrome.is_you(mover):
            # Translators: the move log; a pile without a phrase of its own, {pile} its word
            return who, pile_phrase(
                TURNED_BACK_YOUR, source, _("turned your {pile} back into your hand")
            )
        # Translators: the move log; a pile without a phrase of its own, {pile} its word
        return who, pile_phrase(
            TURNED_BACK_THEIR, source, _("turned their {pile} back into their hand")
        )
    if not up and _num(move.source) == _num(move.target) == mover:  # turned onto a pile
        # (Battle: the hand onto the reserve pile)
        return who, _("turned up {card}").format(card=card.words("object"))
    if kind == "foundation":
        where = pgettext("the move log: where a card went", "to a foundation")
    elif kind in SHARED_WORDS or _num(move.target) is None:  # a pile of the middle
        if move.count > 1:
            # Translators: the move log; {card} is the column's first card, said as the
            # subject of a sentence ("the Nine of clubs"), {onto} "onto the Ten of hearts"
            return who, _("moved the column of {card} {onto}").format(
                card=card.words("the"), onto=target[-1][0].words("onto")
            )
        # Translators: the move log; a pile without a phrase of its own, {pile} its word
        where = (
            target[-1][0].words("onto")
            if target
            else pile_phrase(TO_AN_EMPTY, noun, _("to an empty {pile}"))
        )
    else:  # a seat's own pile, in the game's word for it (Battle: "reserve pile")
        owner = _num(move.target)
        if owner == mover:
            you = chrome.is_you(owner)
            if chrome.own:
                table = ON_YOUR_OWN if you else ON_THEIR_OWN
                # Translators: the move log; a pile without a phrase of its own, {pile} its
                # word
                generic = _("on your own {pile}") if you else _("on their own {pile}")
            else:
                table = ON_YOUR if you else ON_THEIR
                # Translators: the move log; a pile without a phrase of its own, {pile} its
                # word
                generic = _("on your {pile}") if you else _("on their {pile}")
            where = pile_phrase(table, noun, generic)
            if kind == "waste":
                # Translators: the move log; {where} is "on your waste"
                where = pgettext("the move log", "{where}, ending the turn").format(where=where)
        elif chrome.is_you(owner):
            # Translators: the move log; a pile without a phrase of its own, {pile} its word
            where = pile_phrase(ONTO_YOUR, noun, _("onto your {pile}"))
        else:  # named as in a sentence: "the computer's", "player 2's", never "Computer's"
            # Translators: the move log; a pile without a phrase of its own, {pile} its
            # word, {name} a player ("the computer", "player 2")
            where = pile_phrase(
                ONTO_NAMES, noun, _("onto {name}'s {pile}"), name=chrome.name(owner)
            )
    # Translators: the move log; {card} is "the Five of hearts", {where} "onto the Six of
    # spades", "to a foundation", "onto your reserve"
    return who, pgettext("the move log: a card and where it went", "{card} {where}").format(
        card=card.words("object"), where=where
    )


SHARED_WORDS = {"house": "house", "tableau": "column"}  # the middle's piles, by kind

# The log's phrases naming a pile, one per game's word for it (Pile.noun: move_words.py)
#: "the Five of hearts to an empty column": a pile of the middle
TO_AN_EMPTY = {
    "column": NP_("the move log: a card went to an empty ...", "to an empty column"),
    "house": NP_("the move log: a card went to an empty ...", "to an empty house"),
    "pile": NP_("the move log: a card went to an empty ...", "to an empty pile"),
}
#: "the Five of hearts on your waste": the mover's own pile, said to the person who moved
ON_YOUR = {
    "waste": NP_("the move log: a card went on the mover's ...", "on your waste"),
    "reserve pile": NP_("the move log: a card went on the mover's ...", "on your reserve pile"),
}
#: ... said of another player who moved ("their")
ON_THEIR = {
    "waste": NP_("the move log: a card went on the mover's ...", "on their waste"),
    "reserve pile": NP_("the move log: a card went on the mover's ...", "on their reserve pile"),
}
#: ... at the round table, where every seat has one ("own")
ON_YOUR_OWN = {"waste": NP_("the move log: a card went on the mover's ...", "on your own waste")}
ON_THEIR_OWN = {"waste": NP_("the move log: a card went on the mover's ...", "on their own waste")}
#: "the Five of hearts onto your reserve": another player's pile, the person here's
ONTO_YOUR = {
    "reserve": NP_("the move log: a card went onto your ...", "onto your reserve"),
    "waste": NP_("the move log: a card went onto your ...", "onto your waste"),
    "hand": NP_("the move log: a card went onto your ...", "onto your hand"),
    "stock": NP_("the move log: a card went onto your ...", "onto your stock"),
    "reserve pile": NP_("the move log: a card went onto your ...", "onto your reserve pile"),
    "penalty pile": NP_("the move log: a card went onto your ...", "onto your penalty pile"),
}
#: ... another seat's, named ("the computer", "player 3")
ONTO_NAMES = {
    "reserve": NP_("the move log: a card went onto a player's ...", "onto {name}'s reserve"),
    "waste": NP_("the move log: a card went onto a player's ...", "onto {name}'s waste"),
    "hand": NP_("the move log: a card went onto a player's ...", "onto {name}'s hand"),
    "stock": NP_("the move log: a card went onto a player's ...", "onto {name}'s stock"),
    "reserve pile": NP_(
        "the move log: a card went onto a player's ...", "onto {name}'s reserve pile"
    ),
    "penalty pile": NP_(
        "the move log: a card went onto a player's ...", "onto {name}'s penalty pile"
    ),
}
#: "turned your waste back into your hand": an empty hand refilled
TURNED_BACK_YOUR = {
    "waste": NP_(
        "the move log: a pile turned back into the hand", "turned your waste back into your hand"
    ),
    "reserve pile": NP_(
        "the move log: a pile turned back into the hand",
        "turned your reserve pile back into your hand",
    ),
}
TURNED_BACK_THEIR = {
    "waste": NP_(
        "the move log: a pile turned back into the hand", "turned their waste back into their hand"
    ),
    "reserve pile": NP_(
        "the move log: a pile turned back into the hand",
        "turned their reserve pile back into their hand",
    ),
}


def entry_plays(entry) -> list:
    """What one entry of the history played, in order, as the game's save replays it:
    (move, breach) for a move, STOP for a call (a Stop! call that replaced a breach: the
    breach first, then the call)."""
    out = entry_plays(entry.restore) if entry.restore is not None else []
    out.append(STOP if entry.move == STOP else (entry.move, entry.breach is not None))
    return out


def play(state, item):
    """Play one item of ``entry_plays`` on ``state``; a call's StopCall."""
    if item == STOP:
        return state.call_stop()
    state.push(*item)
    return None


def _piles_of(state, names) -> dict:
    """Some piles as ``state.piles()`` gives them (a move's two: what describe reads)."""
    out = {}
    for name in names:
        p = state.pile.get(name)
        if p is not None:
            out[name] = [(c, i >= p.down) for i, c in enumerate(p.cards)]
    return out


class Step:
    """One move (or call) of the game in words: ``turn`` its turn's number, ``seat`` whose
    turn it was, ``who`` and ``words`` (what was done, without who), ``item`` what it played
    (``entry_plays``)."""

    __slots__ = ("turn", "seat", "key", "who", "words", "item", "shown")

    def __init__(self, turn, seat, key, who, words, item, shown):
        self.turn, self.seat, self.key, self.who = turn, seat, key, who
        self.words, self.item, self.shown = words, item, shown

    @property
    def line(self) -> str:
        return log_line(self.who, self.words)


def _turn_key(state) -> tuple:
    return (state.current_player, getattr(state, "turn", None))


class MoveBook:
    """The game's history in words, kept in step with the session by replaying it on a copy
    of the deal (``shadow``): moves added are played on, moves taken back (undo, a call that
    replaces a move) are popped, so a move costs one replayed move, and a reload replays the
    game once. Its words are in the language spoken when it was made (``language``)."""

    def __init__(self, chrome, session):
        self.chrome, self.session = chrome, session
        self.language = spoken()
        state = session.state
        self.shadow = from_dict(state.to_dict() | {"moves": []})
        self.entries: list = []  # the live history's entries replayed, and their step counts
        self.counts: list[int] = []
        self.steps: list[Step] = []
        self.version = None
        self.changes = 0  # how many times the words changed (the view's cache key)

    def update(self) -> None:
        s = self.session
        if s.version == self.version:
            return
        self.version = s.version
        history = s.state.history
        same = 0
        for mine, live in zip(self.entries, history):
            if mine is not live:
                break
            same += 1
        if same == len(self.entries) == len(history):
            return
        while len(self.entries) > same:
            self.entries.pop()
            for _step in range(self.counts.pop()):
                self.shadow.pop()
                self.steps.pop()
        for i in range(same, len(history)):
            entry = history[i]
            items = entry_plays(entry)
            for item in items:
                self._step(item, shown=i >= s.dealt)
            self.entries.append(entry)
            self.counts.append(len(items))
        self.changes += 1

    def _step(self, item, shown: bool) -> None:
        st, c = self.shadow, self.chrome
        last = self.steps[-1] if self.steps else None
        if item == STOP:  # a call on the last move: said in the turn of that move
            mover = st.last_mover()
            call = play(st, item)
            called = call.breach.player if call.right else mover  # whose move was called on
            others = [p for p in range(len(self.session.seats)) if p != called]
            caller = others[0] if len(others) == 1 else None  # (with more: not in the history)
            words = c.call_words(call, caller, called, st)
            turn, seat, key = (last.turn, last.seat, last.key) if last else (1, 0, None)
            who = c.title(caller) if caller is not None else ""
            self.steps.append(Step(turn, seat, key, who, words, item, shown))
            return
        key, mover, move = _turn_key(st), st.current_player, item[0]
        before = _piles_of(st, (move.source, move.target))
        play(st, item)
        who, words = said(c, st, move, before, mover)
        turn = 1 if last is None else last.turn + (last.key != key)
        self.steps.append(Step(turn, mover, key, who, words, item, shown))

    # ------------------------------------------------------------------ what is shown
    def turns(self) -> list[tuple[int, int, list[Step]]]:
        """The turns shown, oldest first: (number, seat, steps). The current turn (perhaps no
        move yet) and the turns before it back to the previous turn of the seat to move."""
        self.update()
        state = self.session.state
        steps = [s for s in self.steps if s.shown]
        by_turn: dict[int, list[Step]] = {}
        for st in steps:
            by_turn.setdefault(st.turn, []).append(st)
        order = sorted(by_turn)
        last = self.steps[-1] if self.steps else None
        now = _turn_key(state)
        if last is not None and last.key == now:
            current = (last.turn, last.seat)
        else:
            current = ((last.turn + 1) if last else 1, state.current_player)
        out = [(current[0], current[1], by_turn.get(current[0], []))]
        for n in reversed([t for t in order if t < current[0]]):
            seat = by_turn[n][0].seat
            if len(out) > 1 and (seat == current[1] or len(out) > len(self.session.seats)):
                break
            out.append((n, seat, by_turn[n]))
        return out[::-1]

    def lines(self) -> list[str]:
        """Every move shown, newest first, "Who: what"."""
        return [st.line if st.who else st.words for _, _, steps in self.turns() for st in steps][
            ::-1
        ]

    def replay_turn(self) -> tuple[int, int, list[Step]] | None:
        """The last turn played by a seat that is not a person here (the computer's)."""
        self.update()
        s = self.session
        for st in reversed(self.steps):
            if st.shown and not s.is_local(st.seat):
                steps = [x for x in self.steps if x.turn == st.turn and x.shown]
                return (st.turn, st.seat, steps)
        return None

    def positions(self, turn: int) -> list[dict]:
        """The piles before the turn's first move and after each of its moves (the shadow is
        popped back and played on again: it ends where it was)."""
        self.update()
        k = next(i for i, st in enumerate(self.steps) if st.turn == turn and st.shown)
        items = [st.item for st in self.steps[k:]]
        for _item in items:
            self.shadow.pop()
        out = [self.shadow.piles()]
        n = sum(1 for st in self.steps[k:] if st.turn == turn)
        for i, item in enumerate(items):
            play(self.shadow, item)
            if i < n:
                out.append(self.shadow.piles())
        return out


def log_size() -> int:
    """The log's text size: 18 on the desktop's table, larger on a phone's canvas."""
    return P_TEXT if CANVAS.portrait else 30 if CANVAS.rail else 18


class LogView:
    """The move log drawn in the panel: every line wrapped (never cut), oldest first and the
    newest at the bottom, each turn headed by who played it, the moves numbered. It scrolls by
    the wheel, a drag (finger or mouse), PageUp/PageDown/Home/End, and Up/Down once the log is
    focused (clicked or tapped; a click elsewhere or Esc lets go). It follows the newest move
    unless the player scrolled back. Above it: "Last moves" and the Replay turn button."""

    WHEEL_LINES = 3

    def __init__(self, chrome):
        self.chrome = chrome
        self._book: MoveBook | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)  # the lines' place, where they were last drawn
        self.scroll = 0  # pixels from the first line's top to the view's top
        self.follow = True
        self.focused = False
        self.grab = None  # a drag: (y where it began, scroll then, moved)
        self.placed = False  # its button among the panel's (upright, sideways), else in
        # the log's header
        self.step = 20
        self.max_scroll = 0
        self._content = (None, [])
        # Translators: a button over the move log: the computer's last turn played again
        self.button = Button(
            (-500, -500, 10, 10),
            _("Replay turn"),
            self.chrome.replay,
            self.can_replay,
            size=16,
            name="Replay turn",
        )

    @property
    def book(self) -> MoveBook:
        s = self.chrome.session
        if (
            self._book is None or self._book.session is not s or self._book.language != spoken()
        ):  # (another language: said again)
            self._book = MoveBook(self.chrome, s)
            self.scroll, self.follow = 0, True
        self._book.update()
        return self._book

    def can_replay(self) -> bool:
        t = self.chrome.table
        return t.modal is None and self.book.replay_turn() is not None

    def key_parts(self):
        """What the log shows, for the chrome's frame_key."""
        return (
            self.book.changes,
            self.book.session.state.current_player,
            self.scroll,
            self.focused,
        )

    # ------------------------------------------------------------------ the words
    def content(self, size: int, width: int) -> list[tuple[str, tuple, bool, int]]:
        """The lines drawn: (text, colour, bold, indent), oldest first."""
        book = self.book
        key = (id(book), book.changes, book.session.state.current_player, size, width)
        if self._content[0] == key:
            return self._content[1]
        out = []
        turns = book.turns()
        indent = theme.measure("00. ", size)
        for i, (number, seat, steps) in enumerate(turns):
            current = i == len(turns) - 1
            title = self.chrome.title(seat)
            now = current and not book.session.is_over()
            if self.chrome.is_you(seat):
                head = (
                    pgettext("the move log's heading of a turn", "Your turn (now)")
                    if now
                    else pgettext("the move log's heading of a turn", "Your turn")
                )
            else:
                # Translators: the move log's heading of a turn; {seat} is "Computer", "Player 2"
                head = (
                    pgettext("the move log's heading of a turn", "{seat}'s turn (now)")
                    if now
                    else pgettext("the move log's heading of a turn", "{seat}'s turn")
                ).format(seat=title)
            for line in theme.wrap(head, size, width, bold=True):  # (a long name: two lines)
                out.append((line, theme.GOLD if current else theme.ACCENT, True, 0))
            color = theme.INK if current else theme.INK_DIM
            if not steps:
                out.append((_("no move yet"), theme.INK_FAINT, False, indent))
            for n, st in enumerate(steps, 1):
                words = st.words if st.who in ("", title) else st.line
                for j, line in enumerate(theme.wrap(words, size, width - indent)):
                    out.append(
                        ((f"{n}. " if j == 0 else "") + line, color, False, 0 if j == 0 else indent)
                    )
        self._content = (key, out)
        return out

    # ------------------------------------------------------------------ drawing
    def header_height(self, size: int) -> int:
        return theme.font(size).get_height() + 6 if self.placed else 26

    def draw(self, screen, area: pygame.Rect, size: int | None = None) -> None:
        """The header ("Last moves" and Replay turn), then the lines in the rest of ``area``."""
        size = size or log_size()
        hh = self.header_height(size)
        # Translators: the move log's heading, short
        label = _("Last moves")
        theme.blit_text(
            screen, label, (area.x, area.y + hh // 2), size, theme.INK_FAINT, anchor="midleft"
        )
        b = self.button
        if not self.placed:
            bw = max(theme.measure(b.label, size) + 28, 120)
            b.rect = pygame.Rect(area.right - bw, area.y, bw, hh - 4)
            b.size = size if not CANVAS.portrait else max(size, 32)
            b.visible = True
        self.step = step = theme.font(size).get_height() + 1
        rect = pygame.Rect(area.x, area.y + hh + 2, area.w, (area.h - hh - 2) // step * step)
        self.rect = rect  # whole lines: none cut in half at the edges
        if rect.h <= 0:
            return
        lines = self.content(size, rect.w - 12)
        total = len(lines) * step
        self.max_scroll = max(0, total - rect.h)
        if self.follow:
            self.scroll = self.max_scroll
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        clip = screen.get_clip()
        screen.set_clip(rect)
        first = self.scroll // step
        y = rect.y - self.scroll + first * step
        for text, color, bold, indent in lines[first:]:
            if y >= rect.bottom:
                break
            theme.blit_text(screen, text, (rect.x + indent, y), size, color, bold=bold)
            y += step
        screen.set_clip(clip)
        if total > rect.h:  # a scroll bar: where the view is in the whole log
            bar = pygame.Rect(rect.right - 6, rect.y, 6, rect.h)
            pygame.draw.rect(screen, theme.BAR_LINE, bar, border_radius=3)
            h = max(24, rect.h * rect.h // total)
            top = rect.y + (rect.h - h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(screen, theme.INK_DIM, (bar.x, top, 6, h), border_radius=3)
        if self.focused:
            pygame.draw.rect(screen, theme.FOCUS, rect.inflate(6, 6), 2, border_radius=6)

    # ------------------------------------------------------------------ scrolling
    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        self.follow = self.scroll >= self.max_scroll

    def wheel(self, dy: int) -> bool:
        self.scroll_by(-dy * self.WHEEL_LINES * self.step)
        return True

    def pointer_down(self, pos) -> bool:
        if self.rect.collidepoint(pos):
            self.grab = (pos[1], self.scroll, False)
            return True
        self.focused = False
        return False

    def pointer_move(self, pos) -> bool:
        if self.grab is None:
            return False
        y0, scroll0, moved = self.grab
        if abs(pos[1] - y0) > 6 or moved:
            self.grab = (y0, scroll0, True)
            self.scroll = scroll0
            self.scroll_by(y0 - pos[1])
        return True

    def pointer_up(self, pos) -> bool:
        if self.grab is None:
            return False
        if not self.grab[2]:  # a tap: the keys scroll it now
            self.focused = True
        self.grab = None
        return True

    def key(self, event) -> bool:
        k = event.key
        page = max(self.step, self.rect.h - self.step)
        if k == pygame.K_PAGEUP:
            self.scroll_by(-page)
        elif k == pygame.K_PAGEDOWN:
            self.scroll_by(page)
        elif k == pygame.K_HOME and self.focused:
            self.scroll_by(-self.max_scroll)
        elif k == pygame.K_END and self.focused:
            self.scroll_by(self.max_scroll)
        elif k == pygame.K_UP and self.focused:
            self.scroll_by(-self.step)
        elif k == pygame.K_DOWN and self.focused:
            self.scroll_by(self.step)
        elif k == pygame.K_ESCAPE and self.focused:
            self.focused = False
        else:
            return False
        return True


def log_area(chrome, x: int, y: int, w: int) -> pygame.Rect:
    """The landscape panel's room for the log: from ``y`` down to the first thing below it in
    the panel (a button there, else the computer's pace)."""
    px = panel_x(chrome.table)
    tops = [
        b.rect.top
        for b in chrome.buttons
        if b.visible and b.name != "Replay turn" and px <= b.rect.x < px + 364 and b.rect.top > y
    ]
    return pygame.Rect(x, y, w, min(tops + [476]) - 8 - y)


# ====================================================================== a turn replayed
