"""Chinese Patience through the real client: three players chosen in Settings, a person and two
computers playing a whole game by posted events, knocks both ways with the penalty cards flying,
and a table for 2, 3 and 4 players."""

from __future__ import annotations

import pygame

from game.ai.players.chinese_patience import greedy_rank
from game.core import STOP, Move, new_game
from game.ui.board.places import layout_for
from game.ui.dialogs import EndPanel
from game.ui.who_plays import SeatPicker
from tests.support.deals import find

CP = "chinese-patience"


def three_players(ui, seats):
    """From the title: Settings, Chinese Patience, 3 players; back; the game; who plays."""
    ui.click(ui.button("Settings"))
    ui.click(ui.button(f"tab-{CP}"))
    ui.click(ui.button(f"{CP}/players=3"))
    assert ui.app.settings.options(CP)["players"] == 3
    ui.click(ui.button("Back"))
    ui.click(ui.button(CP))
    picker = ui.app.scene.modal
    assert isinstance(picker, SeatPicker) and len(picker.seats) == 3  # one row per player
    for i, seat in enumerate(seats):
        ui.click(ui.modal_button(f"seat{i}={seat}"))
    ui.screenshot("chinese-who-plays.png")
    ui.click(ui.modal_button("play"))
    return ui.app.scene


def you_start(state):
    return state.current_player == 0


def person_move(ui, t, move: Move) -> None:
    """Play a move as a person does: click the stock to turn it, End turn to put the turned
    card on the waste, else drag the card (a column by its first card) to its place."""
    if move.source == move.target:
        ui.click(ui.card_point(move.source))
    elif move == t.state.end_turn_move():
        ui.click(ui.button("End turn"))
    else:
        index = -move.count
        ui.drag(ui.card_point(move.source, index), ui.card_rect(move.target).center)
    ui.settle()


def test_a_person_and_two_computers_play_a_whole_three_player_game(ui, store):
    seed, _ = find(CP, you_start, {"players": 3})
    t = three_players(ui, ("human", "computer:easy", "computer:medium"))
    assert t.session.seats == ("human", "computer:easy", "computer:medium")
    t.start(seed)
    ui.frames(2)
    assert t.state.player_count == 3 and t.layout is layout_for(CP, 3)
    assert set(t.layout.piles) == set(t.state.piles())
    assert t.chrome.turn_label()[0] == "Your turn"
    assert not t.button("Knock!").visible  # standard priorities: nobody knocks
    ui.screenshot("chinese-3p-start.png")
    mine = 0
    for _ in range(4000):
        if t.state.is_over():
            break
        if t.session.accepting() and not t.anim.busy:
            p = t.state.current_player
            move = min(t.state.legal_moves(), key=lambda m: greedy_rank(m, p))
            before = len(t.state.history)
            person_move(ui, t, move)
            assert t.state.history[before].move == move  # the events made exactly that move
            mine += 1
            if mine == 12:
                ui.screenshot("chinese-3p-midgame.png")
        else:
            ui.frames(1, dt=100)
    assert t.state.is_over(), "the game did not end"
    ui.settle()
    ui.frames(3)
    ui.screenshot("chinese-3p-end.png")
    assert isinstance(t.modal, EndPanel)
    movers = {e.move.source[-1] for e in t.state.history if e.move.source.startswith("stock")}
    assert movers == {"0", "1", "2"}  # everyone played
    result = t.state.result()
    assert len(result.places) == 3
    match = ui.app.saves.match(CP)
    assert match["seats"] == ["human", "computer:easy", "computer:medium"]
    assert match["games"] == 1 and match["dealer"] == t.state.dealer
    assert sum(match["scores"]) == sum(result.scores)
    assert ui.app.saves.stats(CP)["played"] == 1  # your statistics
    for kind in ("person", "easy", "medium"):  # and per seat kind
        assert ui.app.saves.stats(f"{CP}/{kind}")["played"] == 1
    won = [
        kind for kind in ("person", "easy", "medium") if ui.app.saves.stats(f"{CP}/{kind}")["won"]
    ]
    assert len(won) <= 1
    # the next game of the match: the deal passes to the left
    dealer = t.state.dealer
    ui.click(ui.modal_button("Next game"))
    ui.frames(2)
    assert t.state.dealer == (dealer + 1) % 3 and not t.state.history


def breach_at_once(state):
    """You start and may turn your stock card although a move of higher priority is due."""
    return you_start(state) and Move("stock0", "stock0") in state.breach_moves()


def knock_table(ui, seats):
    """A table of three ``seats`` whose priorities are enforced by knocks (set in Settings),
    dealt the first deal where you start and may slip at once (``breach_at_once``)."""
    ui.app.settings.set_option(CP, "priorities", "knock")
    seed, _ = find(CP, breach_at_once, {"players": 3, "priorities": "knock"})
    t = three_players(ui, seats)
    t.start(seed)
    return t


def test_the_opening_words_never_invite_a_slip(ui):
    """Where turning the stock would break a priority, the first words at the table say the
    priority (the move due first), not "click your stock"; where it is allowed, they say it."""
    t = knock_table(ui, ("human", "computer:hard", "computer:hard"))
    words = t.message_text()
    assert "you start" in words and "click your stock" not in words.lower()
    assert words.endswith(t.state.why_illegal(Move("stock0", "stock0")))
    seed, _ = find(
        CP,
        lambda s: you_start(s) and Move("stock0", "stock0") in s.legal_moves(),
        {"players": 3, "priorities": "knock"},
    )
    t.start(seed)
    assert "click your stock to turn its top card" in t.message_text()


def test_a_computer_knocks_on_your_slip_and_the_penalty_cards_fly(ui):
    t = knock_table(ui, ("human", "computer:hard", "computer:hard"))
    ui.frames(2)
    offered = t.state.breach_moves()
    assert Move("stock0", "stock0") in offered
    ui.click(ui.card_point("stock0"))  # a slip: a move of higher priority was due
    assert t.state.breach is not None and t.session.pending_call == 1  # from your left
    given = [
        t.state.pile[f"stock{q}"].cards[len(t.state.pile[f"stock{q}"].cards) // 2] for q in (1, 2)
    ]
    for _ in range(20):
        ui.frames(1, dt=60)
        if t.state.peek() == STOP:
            break
    assert t.state.peek() == STOP
    assert t.anim.busy and {c.id for c in given} <= t.anim.hidden()  # they are flying
    assert t.chrome.banner and "Knock! Player 2 caught you" in t.chrome.banner[0]
    ui.frames(1, dt=350)  # half way
    assert t.anim.busy
    ui.screenshot("chinese-knock-penalty-flight.png")
    ui.settle()
    assert t.state.pile["stock0"].cards[:2] == given[::-1]
    assert t.state.current_player == 1
    assert "penalty card" in t.message_text()


def test_a_person_knocks_on_another_persons_slip(ui):
    t = knock_table(ui, ("human", "human", "human"))
    ui.frames(2)
    assert t.button("Knock!").visible and not t.button("Knock!").enabled
    ui.click(ui.card_point("stock0"))
    assert t.button("Knock!").enabled
    n = t.state.own_cards(0)
    ui.key(pygame.K_x)  # X knocks (the first person to the offender's left)
    ui.frames(1)
    assert t.state.peek() == STOP and t.state.own_cards(0) == n + 2
    assert "Player 2 caught player 1" in t.chrome.banner[0]
    ui.screenshot("chinese-hot-seat-knock.png")


def test_every_table_size_lays_out_every_pile_inside_the_table_without_overlaps():
    for players in (2, 3, 4):
        layout = layout_for(CP, players)
        state = new_game(CP, 1, players=players)
        assert set(layout.piles) == set(state.piles())
        rects = {name: g.rect for name, g in layout.piles.items()}
        for name, rect in rects.items():
            assert rect.left >= 0 and rect.right <= layout.table_right and rect.bottom <= 680
            for other, r in rects.items():
                if other != name and not ("tableau" in name and "tableau" in other):
                    assert not rect.colliderect(r), (name, other)
        # a full column (13 cards) stays above the bottom player's piles
        column = layout.card_rects("tableau0", [True] * 13)[-1]
        assert column.bottom <= layout.piles["stock0"].rect.top
