"""Tables on a phone's canvas, for the upright and sideways tests: a table with every seat a
person (a move can be made at once), a move made by two finger taps, the buttons shown, and
where a pile's cards may lie."""

from __future__ import annotations

import pygame

#: every phone table's deal (each offers a move by two taps within three turns of its stock)
DEAL = 7


def buttons_of(scene) -> list:
    out = [b for b in scene.buttons if b.visible]
    if scene.modal is not None:
        out = [b for b in scene.modal.buttons if b.visible]
    return out


def open_for_people(ui, game_id, players=None):
    """The game's table with every seat a person (a move can be made at once)."""
    app = ui.app
    if players:
        app.settings.set_option(game_id, "players", players)
    app.settings.set_seats(game_id, ("human",) * len(app.settings.seats(game_id)))
    t = app.open_game(game_id, new=True)
    t.start(DEAL)  # a fixed deal: a random one may offer no one-card move within a few turns
    for _ in range(100):
        ui.frames(1, 50)
        if t.session.accepting() and not t.anim.busy:
            break
    return t


def tap_tap_move(ui, t, turns: int = 3):
    """A legal move between two places made by two finger taps: the card, then the place
    (first turning cards up with a tap, where the game opens with that)."""
    s = t.session
    for _ in range(turns):
        move = two_taps(ui, t)
        if move is not None:
            return move
        turn = next(
            (m for m in s.candidate_moves() if m.source == m.target and m.source in t.layout.piles),
            None,
        )
        if turn is None:
            return None
        before = len(s.state.history)
        ui.finger_tap(ui.card_point(turn.source))
        ui.settle()
        assert len(s.state.history) > before, f"a tap on {turn.source} did not turn it"
    return None


def two_taps(ui, t):
    s = t.session
    moves = [
        m
        for m in s.candidate_moves()
        if m.source in t.layout.piles
        and m.target in t.layout.piles
        and m.source != m.target
        and m.count == 1
        and t.piles()[m.source]
    ]
    for move in moves:
        before = len(s.state.history)
        ui.finger_tap(ui.card_point(move.source))
        target = t.layout.top_rect(move.target, t.faces(move.target))
        ui.finger_tap(target.center)
        ui.settle()
        if len(s.state.history) > before:
            return move
        t.input.reset()
    return None


def pile_area(g) -> pygame.Rect:
    """Where a pile's cards may lie: its place, and a fan out to its limit."""
    r = g.rect.copy()
    if g.fan[1] > 0:
        r.height = max(r.height, (g.limit or r.bottom) - r.top)
    elif g.fan[0] > 0:
        reach = g.limit or r.right + g.fan[0] * max(0, (g.fan_last or 1) - 1)
        r.width = max(r.width, reach - r.left)
    elif g.fan[0] < 0:
        r.width, r.left = r.right - g.limit, g.limit
    return r
