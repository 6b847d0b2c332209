"""The words the tables say (issue 26 item 5): who starts Russian Bank on a tie of the reserve
tops, the game's own names for its piles in a hint and in the log, seats named as in a
sentence, the forfeit's points where the table then shows them, Chinese Patience's counts per
seat kind."""

from __future__ import annotations

from game.core import Move, new_game
from game.core.games.russian_bank.opening import decider
from game.ui.board.move_words import explain
from tests.support.deals import find_deal


def bank_tie(stage):
    """A Russian Bank deal whose start is decided at ``stage`` (0 the reserve tops, 1-4 the
    houses) with person at seat 0 starting."""

    def pred(state):
        first, at, _ = decider(
            [r.cards[-1] for r in state.reserves],
            [[h.cards[-1] for h in state.houses[4 * p : 4 * p + 4]] for p in (0, 1)],
        )
        return at == stage and first == 0 and state.current_player == 0 or None

    return find_deal("russian-bank", pred)


def open_table(ui, game_id, seed, seats, **options):
    s = ui.app.settings
    s.set_seats(game_id, seats)
    for name, value in options.items():
        s.set_option(game_id, name, value)
    t = ui.app.open_game(game_id)
    t.start(seed)
    ui.frames(2)
    return t


def test_russian_bank_on_a_tie_of_the_reserve_tops_says_the_houses_decided(ui):
    """The issue: with reserve tops 8 of spades and 8 of clubs the game said "Your top
    reserve card is lower". Who starts is Russian Bank's own to say (russian_bank.py
    opening), from the deal."""
    seed = bank_tie(1)
    state = new_game("russian-bank", seed)
    tops = [r.cards[-1] for r in state.reserves]
    mine, other = state.houses[0].cards[-1], state.houses[4].cards[-1]
    assert tops[0].rank == tops[1].rank and mine.rank < other.rank
    t = open_table(ui, "russian-bank", seed, ("human", "computer:medium"))
    words = t.message_text()
    assert "top reserve card is lower" not in words
    rank = tops[0].name.split(" of ")[0]
    assert words.startswith(
        f"Both top reserve cards are {rank}{'es' if rank == 'Six' else 's'}; your house next "
        f"to the reserve is lower (the {mine.name} against the {other.name}): you start."
    ), words


def test_russian_bank_says_whose_lower_reserve_card_starts(ui):
    seed = bank_tie(0)
    t = open_table(ui, "russian-bank", seed, ("human", "computer:medium"))
    assert t.message_text().startswith("Your top reserve card is lower: you start.")
    seed = find_deal("russian-bank", lambda s: s.current_player == 1 or None)
    state = new_game("russian-bank", seed)
    words = state.opening(["you", "the computer"])
    tops = [r.cards[-1] for r in state.reserves]
    if tops[0].rank != tops[1].rank:
        assert words == "The computer's top reserve card is lower: the computer starts."
    else:
        assert words.startswith("Both top reserve cards are") and words.endswith(
            "the computer starts."
        )


def test_a_full_tie_is_said_as_such():
    """No deal of the first thousands ties everywhere; the words for it, from a doctored
    deal."""
    state = new_game("russian-bank", 1)
    for p in (0, 1):
        state.reserves[p].cards[-1] = state.reserves[0].cards[-1]
    cards = [h.cards[-1] for h in state.houses[:4]]
    for i, h in enumerate(state.houses[4:]):
        h.cards[-1] = cards[i]
    state.seed = None  # read from this position, not dealt again
    assert (
        state.opening(["you", "the computer"])
        == "The top reserve cards and every pair of houses tie: you start."
    )


def battle_state_with_an_empty_pile():
    """A Battle solitaire position with a legal move onto an empty house (a "pile")."""
    for seed in range(1, 200):
        state = new_game("battle-solitaire", seed)
        for _ in range(60):
            moves = state.legal_moves()
            empty = [
                m
                for m in moves
                if m.target.startswith("house")
                and not state.pile[m.target].cards
                and m.source != m.target
            ]
            if empty:
                return state, empty[0]
            if not moves:
                break
            state.push(moves[(len(state.history) * 7) % len(moves)])
    raise LookupError("no Battle solitaire position with a move to an empty pile")


def test_battle_solitaire_hint_calls_its_piles_piles():
    """The issue: Hint said "house" where the log and the rules say "pile". The hint's words
    (move_words.explain) take the pile's noun from the game's own file."""
    state, move = battle_state_with_an_empty_pile()
    words = explain(state, move)
    assert words.endswith("to the empty pile") and "house" not in words, words
    turn = state.turn_move(f"hand{state.current_player}")
    if turn is not None and turn.source.startswith("hand"):
        assert explain(state, turn) == "turn a card from your hand"


def test_the_log_names_the_other_seat_as_in_a_sentence(ui):
    """The issue: "onto Computer's reserve" beside "their waste". A seat's pile is named as
    the sentence names the seat ("the computer's"), in the game's word for the pile."""
    seed = find_deal("russian-bank", lambda s: s.current_player == 0 or None)
    t = open_table(ui, "russian-bank", seed, ("human", "computer:medium"))
    before = t.piles()
    card = before["house0"][-1][0]
    assert (
        t.chrome.describe(Move("house0", "reserve1"), before, 0)
        == f"You: the {card.name} onto the computer's reserve"
    )
    assert (
        t.chrome.describe(Move("house0", "waste1"), before, 1)
        == f"Computer: the {card.name} on their waste, ending the turn"
    )
    assert (
        t.chrome.describe(Move("house0", "reserve0"), before, 1)
        == f"Computer: the {card.name} onto your reserve"
    )
    seed = find_deal("battle-solitaire", lambda s: True)
    t = open_table(ui, "battle-solitaire", seed, ("human", "computer:medium"))
    before = t.piles()
    card = before["house0"][-1][0]
    assert (
        t.chrome.describe(Move("house0", "waste1"), before, 0)
        == f"You: the {card.name} onto the computer's reserve pile"
    )


def test_chinese_patience_names_seats_as_in_a_sentence(ui):
    """The issue: "Player 3 (Medium)'s waste"; and a person's own waste was "their own"."""
    t = open_table(
        ui, "chinese-patience", 1, ("human", "computer:medium", "computer:medium"), players=3
    )
    before = t.piles()
    source = next(name for name in ("waste1", "stock1", "tableau0") if before.get(name))
    card = before[source][-1][0]
    assert (
        t.chrome.describe(Move(source, "waste2"), before, 1)
        == f"Player 2 (Medium): the {card.name} onto player 3's waste"
    )
    assert (
        t.chrome.describe(Move(source, "waste0"), before, 1)
        == f"Player 2 (Medium): the {card.name} onto your waste"
    )
    assert (
        t.chrome.describe(Move(source, "waste0"), before, 0)
        == f"You: the {card.name} on your own waste, ending the turn"
    )


def test_chinese_patience_counts_per_seat_kind_in_plain_words(ui):
    """The issue: "People won 0 of 1 · Medium won 1 of 2" under a round of one person and two
    Medium computers: each seat's game is counted under its kind, and now it says so."""
    t = open_table(
        ui, "chinese-patience", 1, ("human", "computer:medium", "computer:medium"), players=3
    )
    assert t.chrome.record_kinds() == [
        "All rounds, each seat counted: people won 0 of 1, Medium computers won 0 of 2."
    ]


def test_a_forfeit_says_where_its_points_go_when_who_plays_changes(ui):
    """The issue: the forfeit dialog promised the computer 62 points and the table then
    showed 0 - 0: New game with other seats ("Who plays?": Hard instead of Medium) plays
    another match (a match belongs to its seats). The points do go to the match of the seats
    that played, and the dialog now says the new seats start a match of their own."""
    seed = find_deal("russian-bank", lambda s: s.current_player == 0 or None)
    t = open_table(ui, "russian-bank", seed, ("human", "computer:medium"))
    t.attempt(t.state.legal_moves()[0])
    ui.settle()
    points = t.state.concede(0).points
    ui.click(ui.button("New game"))
    ui.click(ui.modal_button("seat1=computer:hard"))
    ui.click(ui.modal_button("play"))
    body = t.modal.body
    assert (
        f"In the match of these seats, the computer scores it as a win: {points} points "
        f"(Match to 300: You 0 · Computer {points}). The new seats play a new match, "
        "from 0."
    ) in body, body
    ui.click(ui.modal_button("yes"))
    saved = ui.app.saves.match("russian-bank")
    assert saved["scores"] == [0, points] and saved["seats"] == ["human", "computer:medium"]
    assert t.chrome.match.scores == [0, 0]  # the new seats' match, as the dialog said
    # the same seats again: the dialog promises the points to the match the table then shows
    t.start(seed)  # (a deal the person starts)
    ui.frames(2)
    assert t.attempt(t.state.legal_moves()[0])
    ui.settle()
    points = t.state.concede(0).points
    ui.click(ui.button("New game"))
    ui.click(ui.modal_button("play"))
    assert t.modal.body.endswith(
        f"In the match, the computer scores it as a win: {points} points."
    ), t.modal.body
    ui.click(ui.modal_button("yes"))
    assert t.chrome.match.scores == [0, points]


def test_suit_names_are_written_in_small_letters_everywhere():
    """The issue: suit names capitalised in one place ("Clubs beat Spades" in Battle
    solitaire's rules) and not another ("the Ten of spades"). Every game's rules, option
    labels and every card's name write them in small letters (but at a sentence's start)."""
    import re

    from game.core import GAMES, info
    from game.core.cards import Card

    capital = re.compile(r"(?<![.:!?]\s)(?<!^)(?<!\n)\b(Spades|Hearts|Diamonds|Clubs)\b")
    for game_id in GAMES:
        d = info(game_id)
        texts = (
            [d.rules]
            + [o.label for o in d.option_list]
            + [c for o in d.option_list for c in o.choice_labels]
        )
        for text in texts:
            assert not capital.search(text), (game_id, capital.search(text).group(0), text)
    for code in ("AS", "TH", "QD", "8C"):
        name = Card.parse(code).name
        assert name.split(" of ")[1] in ("spades", "hearts", "diamonds", "clubs"), name
