"""A match: games of one game until a player reaches the target score.

    m = Match(target=100, players=3)     # or Match(100, [0, 0, 0])
    m.record(result, dealer=2)           # after each game (dealer: who dealt it, if it matters)
    m.scores, m.games, m.winner, m.is_over()
    m.next_dealer()                      # the deal passes to the left: dealer + 1, or None
    Match.from_dict(m.to_dict())

A result adds its ``points`` to its ``winner``; a result that gives every player's points
(``result.scores``, e.g. Chinese Patience playing for places) adds them all. The match is won
by the one player with the highest score once it reaches the target (on a tie at the top it
goes on). ``dealer`` is who dealt the last game recorded, for games whose deal passes to the
left from game to game; the first game's dealer comes from its deal (the chrome asks
``next_dealer()`` for every later game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class Played(Protocol):
    """What a match reads of a game's result (``Result``; a result that gives every player's
    points has ``scores`` too)."""

    @property
    def winner(self) -> int | None: ...

    @property
    def points(self) -> int: ...


class Match:
    def __init__(
        self,
        target: int = 300,
        scores: Iterable[int] | None = None,
        games: int = 0,
        dealer: int | None = None,
        players: int = 2,
    ):
        if type(target) is not int or target < 1:
            raise ValueError("the target score must be a whole number >= 1")
        scores = [0] * players if scores is None else list(scores)
        if len(scores) < 2 or any(type(s) is not int or s < 0 for s in scores):
            raise ValueError("a match has two or more scores, whole numbers >= 0")
        if type(games) is not int or games < 0:
            raise ValueError("the number of games is a whole number >= 0")
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(scores)):
            raise ValueError(f"the dealer is a player from 0 to {len(scores) - 1}")
        self.target, self.scores, self.games, self.dealer = target, scores, games, dealer

    @property
    def players(self) -> int:
        return len(self.scores)

    def record(self, result: Played | None, dealer: int | None = None) -> None:
        if result is None:
            raise ValueError("the game is not over")
        every = getattr(result, "scores", None)
        if every:
            if len(every) != len(self.scores):
                raise ValueError(
                    f"a result for {len(every)} players in a match of {len(self.scores)}"
                )
            for p, points in enumerate(every):
                self.scores[p] += points
        elif result.winner is not None:
            self.scores[result.winner] += result.points
        self.games += 1
        if dealer is not None:
            self.dealer = dealer

    def next_dealer(self) -> int | None:
        """Who deals the next game: the player to the left of the last dealer (None before the
        first game is recorded, or when the game does not say who dealt)."""
        return None if self.dealer is None else (self.dealer + 1) % len(self.scores)

    @property
    def winner(self) -> int | None:
        top = max(self.scores)
        leaders = [p for p, s in enumerate(self.scores) if s == top]
        return leaders[0] if top >= self.target and len(leaders) == 1 else None

    def is_over(self) -> bool:
        return self.winner is not None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "target": self.target,
            "scores": list(self.scores),
            "games": self.games,
        }
        if self.dealer is not None:
            data["dealer"] = self.dealer
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        try:
            scores = data["scores"]
            if not isinstance(scores, list):
                raise ValueError
            return cls(data["target"], scores, data["games"], data.get("dealer"))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ValueError(f"not a saved match: {data!r}") from None


__all__ = ["Match"]
