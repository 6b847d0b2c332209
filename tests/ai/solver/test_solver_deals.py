"""The shipped list of winnable deals: "winnable deals only" must give winnable deals."""

import pytest

from game.ai.deals import fastest, winnable_deals
from game.ai.solver import solve
from game.ai.solver.models import load_models
from game.core import new_game
from tests.support.positions import option_sets, option_variants

# every game the solver plays ships its list (from the registry: a new solitaire's list is
# checked without editing this file; `python -m game.ai.deals build --game <id>` builds it)
GAMES = sorted(load_models())


def _shipped(game, options) -> bool:
    from game.ai import deals

    return deals.entry_name(game, options) in deals._load()


# every game's default list, and each option set's own list where one is shipped (Spider's
# suits: test_spider_ships_a_list_per_suits_setting)
LISTS = [
    (g, o)
    for g in GAMES
    for o in option_variants(g)
    if o == option_variants(g)[0] or _shipped(g, o)
]


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


@pytest.mark.parametrize("game", [g for g, m in load_models().items() if m.options_only_add_moves])
def test_options_that_only_add_moves_keep_the_list(game):
    """A game whose options only add moves (Forty Thieves) gives its default list for every
    option set."""
    base = winnable_deals(game)
    assert base
    for options in option_sets(game):
        assert winnable_deals(game, **options) == base, options


def test_bad_game_or_option_is_refused():
    with pytest.raises(ValueError):
        winnable_deals("klondike")
    with pytest.raises(ValueError):
        winnable_deals("indian-patience", supermove=True)


def test_a_rebuild_keeps_the_deals_proved_before(monkeypatch):
    """Rebuilding the list never drops a deal it held: a win was proved by a replayed line,
    and deal numbers never change. Deals won now are added."""
    import io

    from game.ai import deals
    from game.ai.solver import driver as solver
    from game.ai.solver.driver import Verdict

    monkeypatch.setattr(deals, "_load", lambda: {"forty-thieves": {"won": [2, 900]}})

    def fake_solve(state, budget_s=10.0, max_nodes=None):
        return Verdict("won" if state.seed == 1 else "unknown", [], 1, 0.01)

    monkeypatch.setattr(solver, "solve", fake_solve)
    data = deals.build(["forty-thieves"], start=1, count=3, budget_s=0.01, out=io.StringIO())
    assert data["games"]["forty-thieves"]["won"] == [1, 2, 900]
    assert data["games"]["forty-thieves"]["unknown"] == 2


def test_lists_are_kept_per_option_set_where_options_change_the_game(monkeypatch):
    """Spider with one suit is another game than with four: its list is its own ("spider
    suits=1"), and an option set with no list gets none (not the default's)."""
    from game.ai import deals

    monkeypatch.setattr(
        deals, "_load", lambda: {"spider": {"won": [5, 9]}, "spider suits=1": {"won": [3]}}
    )
    assert winnable_deals("spider") == [5, 9] == winnable_deals("spider", suits=4)
    assert winnable_deals("spider", suits=1) == [3]
    assert winnable_deals("spider", suits=2) == []
    assert (
        deals.entry_name("little-harp", {"draw": 1, "redeals": "unlimited"}) == "little-harp draw=1"
    )


def test_merge_adds_the_deals_won_in_other_files(tmp_path, monkeypatch):
    """Separate builds (files of the same format, e.g. a long build written with --out) are
    merged into the data file: the union per list, nothing dropped."""
    import io
    import json

    from game.ai import deals

    monkeypatch.setattr(
        deals, "_load", lambda: {"indian-patience": {"won": [1, 4], "fastest": [4]}}
    )
    other = tmp_path / "ip.json"
    other.write_text(
        json.dumps(
            {
                "format": 1,
                "budget_s": 1.0,
                "games": {
                    "indian-patience": {"won": [4, 7, 1001], "fastest": [7]},
                    "seahaven": {"won": [2]},
                },
            }
        )
    )
    data = deals.merge([other], out=io.StringIO())
    assert data["format"] == deals.FORMAT
    assert data["games"]["indian-patience"]["won"] == [1, 4, 7, 1001]
    assert data["games"]["indian-patience"]["fastest"] == [4]
    assert data["games"]["seahaven"]["won"] == [2]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 99, "games": {}}))
    with pytest.raises(ValueError):
        deals.merge([bad], out=io.StringIO())


def test_spider_ships_a_list_per_suits_setting():
    """Issue 16: Spider with one or two suits is another game than with four (a deliberate
    single-game test: no registry says which options change a game this much)."""
    assert {s for s in (1, 2) if _shipped("spider", {"suits": s})} == {1, 2}


@pytest.mark.parametrize(
    "game,options",
    LISTS,
    ids=[
        " ".join([g, *(f"{k}={v}" for k, v in o.items() if v != option_variants(g)[0][k])])
        for g, o in LISTS
    ],
)
def test_every_list_is_shipped_and_its_quickest_deal_is_won_again(game, options):
    """Issue 16: a list per game (Spider per suits setting); the deal its build won
    quickest is won again, and the line replays in the core; "winnable deals only" draws
    from the list."""
    from game.ai import deals
    from game.session.session import new_seed

    listed = winnable_deals(game, **options)
    assert len(listed) >= 10 and listed == sorted(set(listed))
    entry = deals._load()[deals.entry_name(game, options)]
    deal = entry["fastest"][0]
    assert deal in listed
    state = new_game(game, deal, **options)
    v = solve(state, budget_s=30)
    assert v.status == "won", (game, deal, v.reason)
    for move in v.line:
        state.push(move)
    assert state.result().status == "won"
    assert new_seed(game, True, **options) in listed
