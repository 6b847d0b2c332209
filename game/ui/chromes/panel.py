"""Where the side panel of a table with turns lies (duel.py, round.py share it).

Landscape: a column right of the table (``PANEL_X``), or on the left with the left-handed
setting (the table's layout is then moved right, see layout.layout_for). Portrait: below the
table, from the layout's "panel_top": the texts first, then three rows of buttons 88 high
(44 CSS px on a 390x844 page) at the bottom of the canvas, in reach of a thumb.
"""

from __future__ import annotations

import pygame

from game.core import STOP, from_dict

from .. import theme
from ..canvas import CANVAS
from ..widgets import Button, Modal

PANEL_X = 916  # where the panel begins on the right (landscape)
P_ROW = 88  # a portrait button row's height
P_GAP = 8
P_TEXT = 36  # the portrait panel's text size (12 CSS px on a 390x844 page)
RAIL_TEXT = 32  # a sideways phone's rail buttons' words (12.5 CSS px on an 844x390 page)


def has_side_panel_left(app) -> bool:
    """The left-handed setting, where it applies: a landscape table's side panel."""
    return bool(getattr(app.settings, "left_handed", False)) and not CANVAS.portrait


def panel_x(table) -> int:
    """The landscape panel's left edge: right of the table, or at 0 when the table was moved
    right for a panel on the left."""
    return 0 if table.layout.table_left else PANEL_X


def panel_rect(table) -> pygame.Rect:
    if CANVAS.portrait:
        top = portrait_top(table)
        return pygame.Rect(0, top, CANVAS.w, CANVAS.h - top)
    x = panel_x(table)  # on the right it reaches over a sideways phone's rail (canvas.py)
    return pygame.Rect(x, 0, (CANVAS.w if x else CANVAS.table_w) - PANEL_X, 680)


def portrait_top(table) -> int:
    from ..layouts import layout_data
    n = table.state.player_count if table.session is not None else None
    return layout_data(table.game_id, n, portrait=True).get("panel_top", CANVAS.h // 2)


def portrait_rows() -> list[int]:
    """The y of the three button rows, top to bottom."""
    return [CANVAS.h - (3 - i) * (P_ROW + P_GAP) for i in range(3)]


FIRST_ROW = ("Stop!", "Knock!", "End turn", "Replay turn")


def portrait_buttons(names: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Rects of a panel's buttons by name: the call, End turn and Replay turn, then Undo,
    Redo, Hint and Rules, then slower, the pace's word, faster, New game and Menu."""
    w = CANVAS.w
    r1, r2, r3 = portrait_rows()
    out = {}
    first = [n for n in names if n in FIRST_ROW]
    second = [n for n in names if n in ("Undo", "Redo", "Hint", "Rules")]
    for row, y in ((first, r1), (second, r2)):
        bw = (w - P_GAP * (len(row) + 1)) // max(1, len(row))
        for i, n in enumerate(row):
            out[n] = (P_GAP + i * (bw + P_GAP), y, bw, P_ROW)
    pace_w = 130
    out["slower"] = (P_GAP, r3, P_ROW, P_ROW)
    out["faster"] = (P_GAP + P_ROW + pace_w, r3, P_ROW, P_ROW)
    rest = 2 * P_GAP + 2 * P_ROW + pace_w
    bw = (w - rest - 2 * P_GAP) // 2
    out["New game"] = (rest + P_GAP, r3, bw, P_ROW)
    out["Menu"] = (rest + 2 * P_GAP + bw, r3, bw, P_ROW)
    return out


def place_portrait(buttons) -> None:
    """Move a panel's buttons to their portrait places, their text 12 CSS px or more."""
    places = portrait_buttons([b.name for b in buttons])
    for b in buttons:
        if b.name in places:
            b.rect = pygame.Rect(places[b.name])
            b.size = max(b.size, CANVAS.text(22) if b.name not in ("slower", "faster")
                         else 56)


def place_left(buttons, table) -> None:
    """Landscape with the panel on the left: every button moves with it."""
    dx = panel_x(table) - PANEL_X
    for b in buttons:
        b.rect.move_ip(dx, 0)


def place_rail(buttons) -> None:
    """A sideways phone's canvas (canvas.py): the buttons leave the panel for the rail right
    of it, one row each (slower and faster share one, and Undo and Redo), as tall as the rail
    allows (83 or more: 45 CSS px on an 844x390 page), their words 12 CSS px or more (size 32:
    a line 23 px high, 12.5 CSS px)."""
    rows: list[list] = []
    pairs = {"faster": "slower", "Redo": "Undo"}
    for b in buttons:
        if b.name in pairs and rows and rows[-1][0].name == pairs[b.name]:
            rows[-1].append(b)
        else:
            rows.append([b])
    gap = 6
    for row, (x, y, w, h) in zip(rows, CANVAS.rail_rows(len(rows), gap)):
        bw = (w - gap * (len(row) - 1)) // len(row)
        for j, b in enumerate(row):
            b.rect = pygame.Rect(x + j * (bw + gap), y, bw, h)
            b.size = max(b.size, RAIL_TEXT)


def draw_panel(surf, table) -> None:
    """The panel's ground and edges; on a sideways phone's canvas the rail too, full height
    (its buttons are there), and the line over the message band stops at the table."""
    area = panel_rect(table)
    pygame.draw.rect(surf, theme.PANEL, area)
    if CANVAS.portrait:
        pygame.draw.line(surf, theme.BAR_LINE, area.topleft, area.topright, 2)
        return
    edge = area.topright if area.x == 0 else area.topleft
    pygame.draw.line(surf, theme.BAR_LINE, edge, (edge[0], area.bottom), 2)
    if CANVAS.rail:
        pygame.draw.rect(surf, theme.PANEL, (CANVAS.table_w, 0, CANVAS.rail, CANVAS.h))
    pygame.draw.line(surf, theme.BAR_LINE, (0, 680), (CANVAS.table_w, 680))


def pace_centre() -> tuple[int, int]:
    """Where the portrait panel writes the computer's pace (between - and +)."""
    r3 = portrait_rows()[2]
    return (P_GAP + P_ROW + 65, r3 + P_ROW // 2)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis to fit the width."""
    if theme.measure(text, size, bold) <= width:
        return text
    while text and theme.measure(text + "...", size, bold) > width:
        text = text[:-1]
    return text + "..."


def draw_portrait_texts(screen, table, chrome, lines) -> None:
    """The portrait panel's texts, top to bottom, each line fitted to the width: the game,
    deal and seats; whose turn (a coloured box); each seat's counts and the match (``lines``:
    the chrome's, with their colours); the move log (the chrome's ``log_view``) in the room
    left above the tip (wrapped, at the bottom); the pace."""
    step = theme.font(P_TEXT).get_height() + 4
    column = not CANVAS.portrait  # a phone held sideways: the panel a column 340 wide, its
    # buttons in the rail (place_rail); the same texts and sizes (13.6 CSS px on an 844x390
    # page), the long ones in two lines rather than cut
    if column:
        x, width, top = panel_x(table) + 12, CANVAS.table_w - PANEL_X - 24, 10
        # the computer's pace in the last line, clear of a two-line message's band below
        # the panel (table_view.draw_message: 26 px up from the line at 686)
        bottom = panel_rect(table).bottom - 32 - step
    else:
        top = portrait_top(table) + 10
        x, width = 16, CANVAS.w - 32
        bottom = portrait_rows()[0] - 6

    def wrapped(text, size=P_TEXT, bold=False):
        if not column:
            return [fit(text, size, width, bold)]
        out = theme.wrap(text, size, width, bold)
        return [*out[:1], *(fit(" ".join(out[1:]), size, width, bold),)] if len(out) > 1 \
            else list(out)

    head = chrome.portrait_headline()
    y = top
    for line in wrapped(head, bold=True):
        theme.blit_text(screen, line, (x, y), P_TEXT, theme.GOLD, bold=True)
        y += step
    label, color = chrome.turn_label()
    label_size = 43 if not column else P_TEXT
    label_lines = [fit(label, label_size, width - 20, True)] if not column else \
        theme.wrap(label, label_size, width - 20, True)[:2]
    label_step = theme.font(label_size, True).get_height()
    box = pygame.Rect(x, y + 4, width, max(64, 16 + label_step * len(label_lines)))
    pygame.draw.rect(screen, color, box, border_radius=10)
    ly = box.centery - label_step * len(label_lines) // 2
    for line in label_lines:
        theme.blit_text(screen, line, (box.centerx, ly), label_size, theme.INK, bold=True,
                        anchor="midtop")
        ly += label_step
    y = box.bottom + 8
    for text, color in lines:
        for line in wrapped(text):
            if y + step > bottom:
                break
            theme.blit_text(screen, line, (x, y), P_TEXT, color)
            y += step
    tip = chrome.tip()
    tip_lines = theme.wrap(tip, P_TEXT, width) if tip else ()
    log = getattr(chrome, "log_view", None)
    if log is not None:  # the move log: the room between the lines above and the tip
        room = bottom - len(tip_lines) * step - 4 - y
        log.draw(screen, pygame.Rect(x, y, width, room), P_TEXT)
        y += max(0, room) + 4
    for line in tip_lines:
        if y + step > bottom:
            break
        theme.blit_text(screen, line, (x, y), P_TEXT, theme.INK_DIM)
        y += step
    pace = chrome.pace_word()
    if column:  # - and + are in the rail
        words = f"Computer's pace: {pace}" if chrome.computer_here() else "No computer here"
        theme.blit_text(screen, words, (x, bottom + 2), P_TEXT, theme.INK_DIM)
        return
    cx, cy = pace_centre()
    theme.blit_text(screen, pace, (cx, cy), P_TEXT, theme.INK, bold=True, anchor="center")


def banner_rect(table, n_title: int, n_body: int, title_step: int, body_step: int):
    """Where a Stop!/Knock! banner stands: over the panel's texts, never over the cards."""
    if CANVAS.portrait:
        top = portrait_top(table) + 6
        h = 24 + title_step * n_title + body_step * n_body
        return pygame.Rect(8, top, CANVAS.w - 16, min(h, portrait_rows()[0] - 8 - top))
    x = panel_x(table)
    w = CANVAS.table_w - PANEL_X - 12
    return pygame.Rect(x + 6, 70, w, 30 + title_step * n_title + body_step * n_body)


def banner_sizes(big: int, small: int, steps) -> tuple[int, int, int, int]:
    """A Stop!/Knock! banner's title and body text sizes and their line steps on this canvas
    (``steps``: the landscape table's): a phone held sideways gets the panel's 12 CSS px and
    more, upright as ``CANVAS.text`` makes them."""
    if CANVAS.rail:
        return 40, P_TEXT, 31, 29
    return CANVAS.text(big), CANVAS.text(small), *(steps if not CANVAS.portrait else (46, 34))


def show_rules(table) -> None:
    """The Rules button of a panel: the game's rules; Back returns to the table as it was."""
    table.app.show_rules(table)


class PanelChrome:
    """What a chrome with a panel (the duel's side panel, the round table's) shares upright:
    the message line between the cards and the panel, and the panel's headline. A subclass
    gives ``table``, ``session`` and ``headline()``."""

    def message_rect(self) -> pygame.Rect | None:
        """In portrait the message has its own band between the cards and the panel, four
        lines high (layouts/shapes.py P_MESSAGE_BAND): the longest (who starts and why, a
        refusal's reason) covers neither the cards nor the panel's headline."""
        if not CANVAS.portrait:
            return None
        from ..layouts.shapes import P_MESSAGE_BAND
        top = portrait_top(self.table)
        return pygame.Rect(0, top - P_MESSAGE_BAND, CANVAS.w, P_MESSAGE_BAND - 4)

    def portrait_headline(self) -> str:
        s = self.session
        return " · ".join([self.table.title_text, f"deal {s.state.seed}", *self.headline()])

    # ------------------------------------------------------------------ the move log
    own = ""  # the word before a seat's own pile in the log ("own " at the round table)

    def add_log(self) -> None:
        """The log's view, its Replay turn button with the panel's buttons (after they were
        placed: it stands in the log's header wherever the log is drawn)."""
        self.log_view = LogView(self)
        b = self.log_view.button
        self.buttons.append(b)
        if CANVAS.portrait:  # upright: in the first row of buttons, a thumb's size
            on_table = getattr(self, "turn_button", None)
            place_portrait([x for x in self.buttons if x.name in FIRST_ROW and x is not on_table])
            self.log_view.placed = True
        elif CANVAS.rail and not self.table.layout.table_left:  # sideways: in the rail, as
            # big as the rest, in Rules' row (Hint and Rules share one), its words 12 CSS px
            # as every rail button's (half a row would need them smaller: "Replay turn")
            hint = next(x for x in self.buttons if x.name == "Hint")
            rules = next(x for x in self.buttons if x.name == "Rules")
            b.rect, b.size, b.visible = rules.rect.copy(), rules.size, True
            half = (hint.rect.w - 6) // 2
            hint.rect.width = half
            rules.rect = pygame.Rect(hint.rect.right + 6, hint.rect.y, half, hint.rect.h)
            self.log_view.placed = True

    @property
    def log(self) -> list[str]:
        """The moves shown, newest first, "Who: what" (read from the game's history)."""
        return self.log_view.book.lines()

    def describe(self, move, before, mover) -> str:
        return describe(self, self.session.state, move, before, mover)

    def replay(self) -> None:
        """Open the replay of the computer's last turn (view-only)."""
        t = self.table
        book = self.log_view.book
        found = book.replay_turn()
        if found is None or t.modal is not None:
            return
        turn, seat, steps = found
        t.input.reset()
        t.anim.clear()
        t.modal = TurnReplay(t, self, turn, seat, steps, book.positions(turn))

    def replaying(self):
        """The replay open over the table, if any."""
        m = self.table.modal
        return m if isinstance(m, TurnReplay) else None

    def replay_key(self):
        r = self.replaying()
        return None if r is None else (id(r), r.at)

    def wheel(self, dy: int) -> bool:
        return self.log_view.wheel(dy)

    def pointer_down(self, pos) -> bool:
        return self.log_view.pointer_down(pos)

    def pointer_move(self, pos) -> bool:
        return self.log_view.pointer_move(pos)

    def pointer_up(self, pos) -> bool:
        return self.log_view.pointer_up(pos)


# ====================================================================== the move log
# What was played, in words, read from the game's own history (never kept by the chrome): the
# moves of the current turn and the turns before it back to the previous turn of the seat to
# move (at least one), each turn headed by who played it. A reload, an undo, a Stop! call
# that replaces a move: the log is read again from the history and says the same.

def _num(name: str) -> int | None:
    digits = name[len(name.rstrip("0123456789")):]
    return int(digits) if digits else None


def describe(chrome, state, move, before, mover) -> str:
    """A move in words, "Computer: the Five of hearts onto the Six of spades" (said of the
    position ``before`` it, the piles as ``state.piles()`` gives them). The seats as the
    chrome names them (``title``, ``name``, ``is_you``); its ``own`` word for a seat's own
    pile ("own " at the round table). Calls are said by the chrome's ``call_words``."""
    who = chrome.title(mover)
    if move.source == "pass":
        return f"{who}: passed"
    src = before.get(move.source)
    if not src:
        return ""
    card, up = src[-move.count]
    if move.source == move.target:  # a card of a stock or hand turned face up where it lies
        return f"{who}: turned up the {card.name}" if not up else f"{who}: turned a card"
    target = before.get(move.target, [])
    kind = move.target.rstrip("0123456789")
    piles = state.pile
    noun = getattr(piles.get(move.target), "noun", None) or SHARED_WORDS.get(kind, kind)
    if not target and move.count == 1 and kind == "hand":  # a pile turned back into the hand
        whose = "your" if chrome.is_you(mover) else "their"
        source = getattr(piles.get(move.source), "noun", move.source.rstrip("0123456789"))
        return f"{who}: turned {whose} {source} back into {whose} hand"
    if not up and _num(move.source) == _num(move.target) == mover:  # turned onto a pile
        return f"{who}: turned up the {card.name}"  # (Battle: the hand onto the reserve pile)
    if kind == "foundation":
        where = "to a foundation"
    elif kind in SHARED_WORDS or _num(move.target) is None:  # a pile of the middle
        if move.count > 1:
            return f"{who}: moved the column of the {card.name} onto the {target[-1][0].name}"
        where = f"onto the {target[-1][0].name}" if target else f"to an empty {noun}"
    else:  # a seat's own pile, in the game's word for it (Battle: "reserve pile")
        owner = _num(move.target)
        if owner == mover:
            whose = "your" if chrome.is_you(owner) else "their"
            where = f"on {whose} {chrome.own}{noun}" + (", ending the turn" if kind == "waste"
                                                        else "")
        else:  # named as in a sentence: "the computer's", "player 2's", never "Computer's"
            whose = "your" if chrome.is_you(owner) else f"{chrome.name(owner)}'s"
            where = f"onto {whose} {noun}"
    return f"{who}: the {card.name} {where}"


SHARED_WORDS = {"house": "house", "tableau": "column"}  # the middle's piles, by kind


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
        return f"{self.who}: {self.words}"


def _turn_key(state) -> tuple:
    return (state.current_player, getattr(state, "turn", None))


class MoveBook:
    """The game's history in words, kept in step with the session by replaying it on a copy
    of the deal (``shadow``): moves added are played on, moves taken back (undo, a call that
    replaces a move) are popped, so a move costs one replayed move, and a reload replays the
    game once."""

    def __init__(self, chrome, session):
        self.chrome, self.session = chrome, session
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
            for _ in range(self.counts.pop()):
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
        line = describe(c, st, move, before, mover)
        who, _, words = line.partition(": ")
        turn = 1 if last is None else last.turn + (last.key != key)
        self.steps.append(Step(turn, mover, key, who, words or line, item, shown))

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
        return [st.line if st.who else st.words for _, _, steps in self.turns()
                for st in steps][::-1]

    def replay_turn(self) -> tuple[int, int, list[Step]] | None:
        """The last turn played by a seat that is not a person here (the computer's)."""
        self.update()
        s = self.session
        for st in reversed(self.steps):
            if st.shown and not s.is_human(st.seat):
                steps = [x for x in self.steps if x.turn == st.turn and x.shown]
                return (st.turn, st.seat, steps)
        return None

    def positions(self, turn: int) -> list[dict]:
        """The piles before the turn's first move and after each of its moves (the shadow is
        popped back and played on again: it ends where it was)."""
        self.update()
        k = next(i for i, st in enumerate(self.steps) if st.turn == turn and st.shown)
        items = [st.item for st in self.steps[k:]]
        for _ in items:
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
        self.button = Button((-500, -500, 10, 10), "Replay turn", self.chrome.replay,
                             self.can_replay, size=16, name="Replay turn")

    @property
    def book(self) -> MoveBook:
        s = self.chrome.session
        if self._book is None or self._book.session is not s:
            self._book = MoveBook(self.chrome, s)
            self.scroll, self.follow = 0, True
        self._book.update()
        return self._book

    def can_replay(self) -> bool:
        t = self.chrome.table
        return t.modal is None and self.book.replay_turn() is not None

    def key_parts(self):
        """What the log shows, for the chrome's frame_key."""
        return (self.book.changes, self.book.session.state.current_player, self.scroll,
                self.focused)

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
            head = ("Your turn" if self.chrome.is_you(seat) else f"{title}'s turn") + (
                " (now)" if current and not book.session.is_over() else "")
            out.append((head, theme.GOLD if current else theme.ACCENT, True, 0))
            color = theme.INK if current else theme.INK_DIM
            if not steps:
                out.append(("no move yet", theme.INK_FAINT, False, indent))
            for n, st in enumerate(steps, 1):
                words = st.words if st.who in ("", title) else st.line
                for j, line in enumerate(theme.wrap(words, size, width - indent)):
                    out.append(((f"{n}. " if j == 0 else "") + line, color, False,
                                0 if j == 0 else indent))
        self._content = (key, out)
        return out

    # ------------------------------------------------------------------ drawing
    def header_height(self, size: int) -> int:
        return theme.font(size).get_height() + 6 if self.placed else 26

    def draw(self, screen, area: pygame.Rect, size: int | None = None) -> None:
        """The header ("Last moves" and Replay turn), then the lines in the rest of ``area``."""
        size = size or log_size()
        hh = self.header_height(size)
        label = "Last moves"
        theme.blit_text(screen, label, (area.x, area.y + hh // 2), size, theme.INK_FAINT,
                        anchor="midleft")
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
    tops = [b.rect.top for b in chrome.buttons
            if b.visible and b.name != "Replay turn" and px <= b.rect.x < px + 364
            and b.rect.top > y]
    return pygame.Rect(x, y, w, min(tops + [476]) - 8 - y)


# ====================================================================== a turn replayed
class TurnReplay(Modal):
    """The computer's last turn shown again, view-only: the position before it, then its
    moves one by one (Next and Previous, the arrows, or Play at the reading pace). The game
    waits and does not change; Back or Esc returns to the table as it is."""

    def __init__(self, table, chrome, turn, seat, steps, positions):
        super().__init__(table)
        self.table, self.chrome = table, chrome
        self.turn, self.seat, self.steps = turn, seat, steps
        self.positions = positions
        self.at = 0  # 0: before the turn; k: after its k-th move
        self.playing = False
        self.next_at = 0.0
        self.rect = replay_rect(table)
        r = self.rect
        size = CANVAS.text(22) if not CANVAS.portrait else 36
        bh = 88 if CANVAS.portrait else 72 if CANVAS.rail else 44
        gap = 8
        bw = (r.w - 5 * gap) // 4
        y = r.bottom - bh - gap
        self.buttons = [
            Button((r.x + gap, y, bw, bh), "Previous", self.previous, lambda: self.at > 0,
                   size=size, name="Previous"),
            Button((r.x + 2 * gap + bw, y, bw, bh), "Play", self.toggle, size=size,
                   name="Play"),
            Button((r.x + 3 * gap + 2 * bw, y, bw, bh), "Next", self.next,
                   lambda: self.at < len(self.steps), size=size, style="primary", name="Next"),
            Button((r.x + 4 * gap + 3 * bw, y, bw, bh), "Back", self.close, size=size,
                   name="Back"),
        ]

    @property
    def position(self) -> dict:
        """The piles the table shows while the replay is open."""
        return self.positions[self.at]

    def show(self, at: int, fly: bool = True) -> None:
        at = max(0, min(len(self.steps), at))
        if at == self.at:
            return
        before = self.positions[self.at]
        self.at = at
        t = self.table
        t.anim.clear()
        if fly and t.app.settings.animations:
            fly_changes(t, before, self.positions[at])

    def next(self) -> None:
        self.show(self.at + 1)
        if self.at >= len(self.steps):
            self.playing = False

    def previous(self) -> None:
        self.playing = False
        self.show(self.at - 1, fly=False)

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.at >= len(self.steps):
            self.show(0, fly=False)
        self.next_at = self.app.time_ms
        self.buttons[1].label = "Pause" if self.playing else "Play"

    def close(self) -> None:
        self.table.anim.clear()
        super().close()

    def update(self, dt) -> None:
        self.buttons[1].label = "Pause" if self.playing else "Play"
        if self.playing and self.app.time_ms >= self.next_at:
            self.next()
            self.next_at = self.app.time_ms + max(1000, self.app.settings.pace_ms * 2)

    def key(self, event) -> None:
        k = event.key
        if k in (pygame.K_RIGHT, pygame.K_n, pygame.K_SPACE):
            self.playing = False
            self.next()
        elif k in (pygame.K_LEFT, pygame.K_p, pygame.K_BACKSPACE):
            self.previous()
        elif k == pygame.K_HOME:
            self.playing = False
            self.show(0, fly=False)
        elif k == pygame.K_END:
            self.playing = False
            self.show(len(self.steps), fly=False)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.toggle()
        elif k == pygame.K_ESCAPE:
            self.close()
        else:
            self.focus_key(event)

    def words(self) -> list[tuple[str, tuple, bool]]:
        title = self.chrome.title(self.seat)
        whose = "your" if self.chrome.is_you(self.seat) else f"{title}'s"
        n = len(self.steps)
        out = [(f"Replay of {whose} last turn", theme.GOLD, True),
               ("View only: the game waits. Back or Esc returns to it.", theme.INK_DIM, False)]
        if self.at == 0:
            out.append((f"Before the turn ({n} move{'s' if n != 1 else ''} to come)",
                        theme.INK, True))
        else:
            out.append((f"Move {self.at} of {n}", theme.INK, True))
        return out

    def step_lines(self, size: int, width: int) -> tuple[list, int]:
        """The turn's moves, numbered and wrapped: (text, colour, bold) and the index of the
        first line of the move shown last (the ones played dim, the ones to come faint)."""
        title = self.chrome.title(self.seat)
        out, current = [], 0
        for k, st in enumerate(self.steps, 1):
            words = st.words if st.who in ("", title) else st.line
            if k == self.at:
                current, color = len(out), theme.GOLD
            else:
                color = theme.INK_DIM if k < self.at else theme.INK_FAINT
            for j, line in enumerate(theme.wrap(f"{k}. {words}", size, width, k == self.at)):
                out.append(((line if j == 0 else "    " + line), color, k == self.at))
        return out, current

    def draw(self, screen) -> None:
        r = self.rect
        pygame.draw.rect(screen, theme.PANEL, r, border_radius=14)
        pygame.draw.rect(screen, theme.GOLD, r, 2, border_radius=14)
        size = CANVAS.text(20) if not CANVAS.portrait else 36
        if CANVAS.rail:
            size = 28
        step = theme.font(size).get_height() + 2
        y = r.y + 12
        bottom = self.buttons[0].rect.top - 6
        for text, color, bold in self.words():
            for line in theme.wrap(text, size, r.w - 28, bold):
                if y + step > bottom:
                    break
                theme.blit_text(screen, line, (r.x + 14, y), size, color, bold=bold)
                y += step
            y += 4
        lines, current = self.step_lines(size, r.w - 28)
        room = max(0, (bottom - y) // step)
        first = max(0, min(current - room // 3, len(lines) - room))
        for text, color, bold in lines[first:first + room]:  # the current move in sight
            theme.blit_text(screen, text, (r.x + 14, y), size, color, bold=bold)
            y += step
        for b in self.buttons:
            b.draw(screen)
        self.draw_focus(screen, self.app.keyboard_used)


def replay_rect(table) -> pygame.Rect:
    """Where the replay's controls stand: over the panel (and a sideways phone's rail), never
    over the cards."""
    if CANVAS.portrait:
        top = portrait_top(table) + 4
        return pygame.Rect(8, top, CANVAS.w - 16, CANVAS.h - top - 8)
    area = panel_rect(table)
    if CANVAS.rail and area.x:  # the rail too, whole height (its buttons are under it)
        area.width, area.height = CANVAS.w - area.x, CANVAS.h
    return area.inflate(-12, -12)


def fly_changes(table, before: dict, after: dict, face_up: bool = True, dur=None) -> None:
    """Cards that changed piles between ``before`` and ``after`` fly there (as the table
    shows ``after``)."""
    from ..animation import FLIGHT_MS
    t = table
    where = {c.id: (name, i) for name, cards in before.items()
             for i, (c, _) in enumerate(cards)}
    flights = []
    for name, cards in after.items():
        for i, (card, up) in enumerate(cards):
            old = where.get(card.id)
            if old is None or old[0] == name or name not in t.layout.piles \
                    or old[0] not in t.layout.piles:
                continue
            start = t.layout.card_rects(old[0], [u for _, u in before[old[0]]])[old[1]].topleft
            end = t.layout.card_rects(name, [u for _, u in cards])[i].topleft
            flights.append((card.id, t.art.image(card, up and face_up, t.back_deck(card)),
                            start, end))
    if flights:
        t.anim.fly(flights, t.app.time_ms, FLIGHT_MS if dur is None else dur)
