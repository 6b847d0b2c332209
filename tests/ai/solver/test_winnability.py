"""Each game's winnability: the records of the solver's verdicts (bench/winnability.py), the
figures the game ships (game/ai/data/winnability.json, read by game.ai.deals) and the Rules
screen's words about them."""

from __future__ import annotations

import json

import pytest

from game.ai import deals
from game.core import language
from testbed.measuring import wilson
from testbed.verdicts import figures, read


def records(tmp_path, rows):
    path = tmp_path / "verdicts.jsonl"
    path.write_text(
        "".join(
            json.dumps({"entry": e, "deal": d, "status": s, "cpu_s": 0.1, "budget_s": b}) + "\n"
            for e, d, s, b in rows
        )
    )
    return path


def test_a_decided_verdict_counts_and_an_unknown_one_only_gives_way(tmp_path):
    path = records(
        tmp_path,
        [
            ("seahaven", 1, "unknown", 1),
            ("seahaven", 1, "won", 2),  # decided later: won
            ("seahaven", 2, "lost", 1),
            ("seahaven", 2, "unknown", 5),  # a proof stays
            ("seahaven", 3, "unknown", 1),
            ("seahaven", 3, "unknown", 4),
        ],
    )
    assert read([path])["seahaven"] == {1: ("won", 2), 2: ("lost", 1), 3: ("unknown", 4)}


def test_two_proofs_that_disagree_are_a_bug_not_a_figure(tmp_path):
    path = records(tmp_path, [("canfield", 7, "won", 1), ("canfield", 7, "lost", 2)])
    with pytest.raises(ValueError, match="canfield deal 7"):
        read([path])


def test_the_interval_counts_undecided_deals_as_lost_below_and_as_won_above():
    deals_ = {d: ("won", 1) for d in range(90)}
    deals_.update({d: ("lost", 1) for d in range(90, 95)})
    deals_.update({d: ("unknown", 1) for d in range(95, 100)})
    f = figures(deals_)
    assert (f["deals"], f["won"], f["lost"], f["unknown"]) == (100, 90, 5, 5)
    assert f["low"] == round(wilson(90, 100)[0], 4) and f["high"] == round(wilson(95, 100)[1], 4)
    assert 0.82 < f["low"] < 0.9 < 0.95 < f["high"] < 0.99


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """The game's figures read from a file of the test's."""
    path = tmp_path / "winnability.json"
    monkeypatch.setattr(deals, "WINNABILITY", path)
    deals._figures.cache_clear()

    def write(games):
        path.write_text(json.dumps({"format": 1, "games": games}))
        deals._figures.cache_clear()

    yield write
    deals._figures.cache_clear()


GOOD = {
    "deals": 2000,
    "won": 1950,
    "lost": 30,
    "unknown": 20,
    "low": 0.9681,
    "high": 0.9823,
    "first": 1,
    "last": 2000,
}


def test_the_figures_are_read_per_game_and_setting_defaults_first(shipped):
    shipped({"spider suits=1": dict(GOOD, deals=600), "spider": GOOD, "seahaven": GOOD})
    assert deals.winnability("seahaven")["deals"] == 2000
    assert deals.winnability("spider", suits=1)["deals"] == 600
    assert deals.winnability("spider", suits=2) is None
    assert deals.winnability("no such game") is None
    assert [opts for opts, _ in deals.measured("spider")] == [{}, {"suits": 1}]


@pytest.mark.parametrize(
    "bad", [{"deals": 0}, {"low": 0.99, "high": 0.5}, {"high": 1.5}, {"won": "many"}, {"low": True}]
)
def test_damaged_figures_are_not_shown(shipped, bad):
    shipped({"seahaven": dict(GOOD, **bad), "canfield": "not a record"})
    assert deals.winnability("seahaven") is None
    assert deals.winnability("canfield") is None
    assert deals.measured("seahaven") == []


@pytest.mark.parametrize(
    "code,words",
    [
        (
            "en",
            [
                "How many deals can be won",
                "Between 96% and 99% of the deals can be won.",
                "The solver played 2000 deals: it won 1950, proved 30 lost and could not decide 20",
                "Spider suits: 1 suit: spades: between 96% and 99%",
                "Spider suits: 4 suits: between 96% and 99%",
            ],
        ),
        (
            "de",
            [
                "Wie viele Spiele sich gewinnen lassen",
                "Zwischen 96",
                "und 99",
                "Der Löser hat 2000 Spiele gespielt",
            ],
        ),
        (
            "fr",
            [
                "Combien de donnes peuvent être gagnées",
                "Entre 96",
                "et 99",
                "Le solveur a joué 2000 donnes",
            ],
        ),
    ],
)
def test_the_rules_screen_says_how_many_deals_can_be_won(shipped, code, words):
    from game.ui.screens.rules import rules_text

    shipped({"seahaven": GOOD, "spider": GOOD, "spider suits=1": dict(GOOD, deals=600)})
    language.use(code)
    try:
        text = rules_text("seahaven") + rules_text("spider")
        for w in words:
            assert w in text, (w, text[-900:])
        heading = language._("How many deals can be won")
        assert heading in rules_text("seahaven")
        assert heading not in rules_text("russian-bank")  # never measured: nothing said
    finally:
        language.use("en")
