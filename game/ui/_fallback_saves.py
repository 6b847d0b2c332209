"""An in-memory stand-in for ``game.storage`` (same interface), used only until the storage
package is merged. Nothing here survives a restart; it exists so the client runs meanwhile."""

from __future__ import annotations

import copy

STAT_KEYS = ("played", "won", "win_rate", "streak", "best_streak", "best_time", "fewest_moves",
             "assisted")


class MemoryStore(dict):
    pass


class Saves:
    def __init__(self, store: MemoryStore | None = None):
        self.store = store if store is not None else MemoryStore()
        self.notices: list[str] = []

    def load_game(self, game_id):
        data = self.store.get(("game", game_id))
        return copy.deepcopy(data) if data is not None else None

    def save_game(self, game_id, data):
        self.store[("game", game_id)] = copy.deepcopy(data)

    def clear_game(self, game_id):
        self.store.pop(("game", game_id), None)

    def stats(self, game_id):
        s = self.store.get(("stats", game_id))
        if s is None:
            s = {"played": 0, "won": 0, "win_rate": 0.0, "streak": 0, "best_streak": 0,
                 "best_time": None, "fewest_moves": None, "assisted": 0}
        return dict(s)

    def record_result(self, game_id, won, moves, seconds, assisted=False):
        s = self.stats(game_id)
        s["played"] += 1
        if assisted:
            s["assisted"] += 1
        if won:
            s["won"] += 1
            s["streak"] += 1
            s["best_streak"] = max(s["best_streak"], s["streak"])
            if not assisted and (s["best_time"] is None or seconds < s["best_time"]):
                s["best_time"] = seconds
            if not assisted and (s["fewest_moves"] is None or moves < s["fewest_moves"]):
                s["fewest_moves"] = moves
        else:
            s["streak"] = 0
        s["win_rate"] = s["won"] / s["played"]
        self.store[("stats", game_id)] = s
        return dict(s)

    def settings(self):
        return dict(self.store.get("settings", {}))

    def save_settings(self, d):
        self.store["settings"] = dict(d)

    def match(self):
        m = self.store.get("match")
        return dict(m) if m else None

    def save_match(self, d):
        self.store["match"] = dict(d) if d else None
