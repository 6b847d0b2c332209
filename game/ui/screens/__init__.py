"""The screens behind the title, one per file: title.py (the title and "Who plays?"),
settings.py, stats.py, rules.py; common.py what they share."""

from game.ui.screens.common import BackScene
from game.ui.screens.rules import RulesScene, rules_text
from game.ui.screens.settings import SettingsScene
from game.ui.screens.stats import StatsScene
from game.ui.screens.title import TitleScene, game_key, player_groups, players_words

__all__ = [
    "BackScene",
    "RulesScene",
    "SettingsScene",
    "StatsScene",
    "TitleScene",
    "game_key",
    "player_groups",
    "players_words",
    "rules_text",
]
