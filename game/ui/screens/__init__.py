"""The screens behind the title, one per file: title.py (the title and "Who plays?"),
settings.py, stats.py, rules.py; common.py what they share."""

from .common import BackScene
from .rules import RulesScene, rules_text
from .settings import SettingsScene
from .stats import StatsScene
from .title import TitleScene, game_key, player_groups, players_words

__all__ = ["BackScene", "RulesScene", "SettingsScene", "StatsScene", "TitleScene", "game_key",
           "player_groups", "players_words", "rules_text"]
