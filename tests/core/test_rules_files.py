"""One source for each game's rules (issue 24, item 2): game/core/rules/<game id>.md holds the
numbered rules, the in-game Rules screen's text is made from it, the module docstring points to
it. These tests fail when a game's Rules screen and its documented rules could disagree again:
a game without its file, a rules text kept anywhere else, a numbered rule without player text,
a rule number the tests are named after that the file lacks, developer markup on the screen
(the format: docs/rules/README.md)."""

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from game.core import GAMES, GameInfo, info
from game.core.info import player_text, rules_file, rules_text

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"(\d+)\. (.*)")
# what a player never reads: Markdown markup and links, move notation (t2-t5x3, s-w, d0-w0),
# engine pile names (house0, cell1), option names, file names and the decisions' references
DEVELOPER = [
    (re.compile(r"[`*_\[\]<>|\\]"), "Markdown markup"),
    (re.compile(r"(?<![\w-])[a-z]\d*-[a-z]\d*(?:x\d+)?(?![\w-])"), "move notation"),
    (
        re.compile(r"\b(?:tableau|house|foundation|stock|waste|reserve|hand|cell)\d"),
        "a pile's engine name",
    ),
    (
        re.compile(r"\.(?:md|py)\b|\bdocs/|\bgame/|\btest_|\bdecisions?\s+\d|\bissue\s+\d"),
        "a developer reference",
    ),
]


def module_of(game_id: str) -> Path:
    """The file of a game's module: game/core/games/<game>.py, or its package's __init__.py."""
    games = ROOT / "game" / "core" / "games"
    name = game_id.replace("-", "_")
    package = games / name / "__init__.py"
    return package if package.exists() else games / f"{name}.py"


def numbered_rules(text: str) -> dict[int, str]:
    """Rule number -> its first paragraph, from the Rules screen's text."""
    rules = {}
    for line in text.splitlines():
        m = RULE.fullmatch(line)
        if m:
            assert int(m.group(1)) not in rules, f"rule {m.group(1)} twice"
            rules[int(m.group(1))] = m.group(2)
    return rules


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_rules_file_and_the_screen_shows_it(game_id):
    path = rules_file(game_id)
    assert path.is_file(), f"{path} is missing"
    assert (
        info(game_id).rules == rules_text(game_id) == player_text(path.read_text(encoding="utf-8"))
    )
    assert info(game_id).rules.startswith(f"# {info(game_id).title}\n")


def test_no_rules_text_is_kept_anywhere_else():
    """The description takes its rules from the file (no field to pass another text), no game
    module keeps a RULES text, and the old pages in docs/rules/ are gone."""
    assert "rules" not in GameInfo.__dataclass_fields__
    for game_id in GAMES:
        tree = ast.parse(module_of(game_id).read_text(encoding="utf-8"))
        names = {
            t.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            for t in node.targets
            if isinstance(t, ast.Name)
        }
        assert "RULES" not in names, game_id
        assert f"game/core/rules/{game_id}.md" in ast.get_docstring(tree), (
            f"{game_id}: the module docstring should point to its rules file"
        )
        assert not (ROOT / "docs" / "rules" / f"{game_id}.md").exists(), game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_are_numbered_in_order_and_each_has_player_text(game_id):
    rules = numbered_rules(info(game_id).rules)
    assert list(rules) == list(range(1, len(rules) + 1)), (game_id, list(rules))
    for n, text in rules.items():
        assert len(text.split()) >= 4, f"{game_id} rule {n} has no player text: {text!r}"
    # the file's numbered items are all rules: none of them hides in a developer note
    source = rules_file(game_id).read_text(encoding="utf-8")
    assert len(re.findall(r"(?m)^\d+\. ", source)) == len(rules), game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_number_the_tests_are_named_after_is_in_the_file(game_id):
    """tests/core/games/test_<game>.py names its tests after rule numbers (test_sh4_... is Seahaven
    rule 4, test_rb3a_... Russian Bank rule 3(a)): each number, and part, is in the file."""
    tests = ROOT / "tests" / "core" / "games" / f"test_{game_id.replace('-', '_')}.py"
    names = re.findall(r"(?m)^def test_([a-z]+)(\d+)([a-z]?)_", tests.read_text(encoding="utf-8"))
    assert names, f"{tests.name} has no tests named after rule numbers"
    prefix = Counter(p for p, _, _ in names).most_common(1)[0][0]
    rules = numbered_rules(info(game_id).rules)
    text = info(game_id).rules
    for p, number, part in names:
        if p != prefix:
            continue
        assert int(number) in rules, f"{game_id}: test_{p}{number}{part}_ names no rule"
        if part:
            rule = text[text.index(f"\n{number}. ") :]
            rule = (
                rule[: rule.find(f"\n{int(number) + 1}. ")]
                if f"\n{int(number) + 1}. " in rule
                else rule
            )
            assert f"({part})" in rule, f"{game_id}: rule {number} has no part ({part})"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_screen_shows_no_developer_markup(game_id):
    for line in info(game_id).rules.splitlines():
        body = line[2:] if line.startswith("# ") else line
        for pattern, what in DEVELOPER:
            found = pattern.search(body)
            assert not found, f"{game_id}: {what} {found.group(0)!r} on the screen: {line!r}"


def test_player_text_keeps_rules_and_prose_and_leaves_developer_notes_out():
    source = """# Game

> For developers: `t2-t5x3`, [decisions](decisions.md).

Some prose
on two lines.

## Section

1. The first rule,
   on two lines.
   > A note under it.
2. (a) A rule in parts.

   (b) Its second part.
   - a list item
3. The last.
"""
    assert (
        player_text(source)
        == """# Game
Some prose on two lines.

# Section
1. The first rule, on two lines.
2. (a) A rule in parts.
(b) Its second part.
- a list item
3. The last.
"""
    )
