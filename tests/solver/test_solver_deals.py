"""The shipped list of winnable deals: "winnable deals only" must give winnable deals."""

import pytest

from game.ai import solve
from game.ai.deals import fastest, winnable_deals
from game.core import new_game

GAMES = ["forty-thieves", "indian-patience"]


@pytest.mark.parametrize("game", GAMES)
def test_the_list_is_shipped_and_sane(game):
    deals = winnable_deals(game)
    assert len(deals) >= 10
    assert deals == sorted(set(deals)) and all(type(d) is int and d >= 0 for d in deals)


@pytest.mark.parametrize("game", GAMES)
def test_listed_deals_are_won_again_and_the_lines_replay(game):
    sample = fastest(game)
    assert sample and set(sample) <= set(winnable_deals(game))
    for deal in sample[:2]:
        state = new_game(game, deal)
        v = solve(state, budget_s=30)
        assert v.status == "won", (game, deal, v.reason)
        for move in v.line:
            state.push(move)
        assert state.result().status == "won"


def test_forty_thieves_options_only_add_moves_so_the_list_holds():
    base = winnable_deals("forty-thieves")
    assert winnable_deals("forty-thieves", supermove=True) == base
    assert winnable_deals("forty-thieves", foundation_takeback=True, supermove=True) == base


def test_bad_game_or_option_is_refused():
    with pytest.raises(ValueError):
        winnable_deals("klondike")
    with pytest.raises(ValueError):
        winnable_deals("indian-patience", supermove=True)


def test_a_rebuild_keeps_the_deals_proved_before(monkeypatch):
    """Rebuilding the list never drops a deal it held: a win was proved by a replayed line,
    and deal numbers never change. Deals won now are added."""
    import io

    from game.ai import deals, solver
    from game.ai.solver import Verdict

    monkeypatch.setattr(deals, "_load", lambda: {"forty-thieves": {"won": [2, 900]}})

    def fake_solve(state, budget_s=10.0, max_nodes=None):
        return Verdict("won" if state.seed == 1 else "unknown", [], 1, 0.01)

    monkeypatch.setattr(solver, "solve", fake_solve)
    data = deals.build(["forty-thieves"], start=1, count=3, budget_s=0.01, out=io.StringIO())
    assert data["games"]["forty-thieves"]["won"] == [1, 2, 900]
    assert data["games"]["forty-thieves"]["unknown"] == 2
