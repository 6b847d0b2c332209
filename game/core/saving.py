"""Saving a game and reading it back. A save is the starting position and the moves
(``to_dict``); reading one (``rebuild``; ``game.core.from_dict`` finds the game's class first)
checks the position and replays the moves, so a save can never describe a state the rules could
not reach from its start.

    {"format": 1, "game": "forty-thieves", "seed": 123, "options": {...},
     "start": {"piles": {"stock": ["TH0", ...], ...}, "down": {"stock": 64}, "vars": {...}},
     "moves": ["t3-f0", "s-w", ...]}

A game's variables are saved as JSON (``_var_to_json``) and checked when read back
(``_var_from_json``, with the checks below for the shapes several games keep); a move that broke
a priority is saved with "!", a call on it as "stop".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, TypeVar

from game.core.calls import Calls
from game.core.cards import Card
from game.core.history import Entry
from game.core.info import GameInfo
from game.core.moves import Move, Special
from game.core.piles import Pile
from game.core.result import Outcome, Status

FORMAT: Final = 1

#: a position as saved: each pile's card codes, each pile's face-down count, the variables
Snapshot = tuple[list[list[str]], list[int], dict[str, Any]]


class Saving(Calls):
    """What a state writes to a save and reads back from one. The state (state.py's
    ``GameState``) gives the piles, the variables and ``push``."""

    INFO: ClassVar[GameInfo]
    title: ClassVar[str]
    game_id: ClassVar[str]
    CARDS: tuple[Card, ...]
    VARS: ClassVar[Mapping[str, Any]]
    seed: int | None
    options: dict[str, Any]
    pile_list: list[Pile]
    pile: dict[str, Pile]
    history: list[Entry]
    _start: Snapshot | None
    _legal: list[Move] | None

    def push(self, move: Move | str, breach: bool = False) -> None:
        """Play a move (the engine's: state.py)."""
        raise NotImplementedError

    def _snapshot(self) -> Snapshot:
        return (
            [[c.code for c in p.cards] for p in self.pile_list],
            [p.down for p in self.pile_list],
            {name: self._var_to_json(name, getattr(self, name)) for name in self.VARS},
        )

    def _var_to_json(self, name: str, value: Any) -> Any:
        """A variable as a save holds it (JSON: a tuple as a list)."""
        return list(value) if isinstance(value, tuple) else value

    def _var_from_json(self, name: str, value: Any) -> Any:
        """Check a saved variable and convert it back; ValueError if it is not valid."""
        default = self.VARS[name]
        if type(value) is not type(default):
            raise ValueError(f"variable {name} must be {type(default).__name__}, not {value!r}")
        return value

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the format version, game, deal, options, start position and moves."""
        assert self._start is not None  # (taken by deal() and by _load_start)
        cards, downs, variables = self._start
        start = {
            "piles": {p.name: list(c) for p, c in zip(self.pile_list, cards)},
            "down": {p.name: d for p, d in zip(self.pile_list, downs) if d},
            "vars": dict(variables),
        }
        moves = [text for e in self.history for text in e.texts()]
        return {
            "format": FORMAT,
            "game": self.game_id,
            "seed": self.seed,
            "options": dict(self.options),
            "start": start,
            "moves": moves,
        }

    def _load_start(self, start: object) -> None:
        """Set up the saved starting position ``start``, checking every part of it."""
        if not isinstance(start, dict) or not isinstance(start.get("piles"), dict):
            raise ValueError("the saved position has no piles")
        piles, downs = start["piles"], start.get("down", {})
        variables = start.get("vars", {})
        if not isinstance(downs, dict) or not isinstance(variables, dict):
            raise ValueError("the saved position is malformed")
        for name in (*piles, *downs):
            if name not in self.pile:
                raise ValueError(f"unknown pile {name!r} in a {self.game_id} position")
        seen = self._load_piles(piles, downs)
        if seen != set(self.CARDS):
            if seen - set(self.CARDS):
                raise ValueError(
                    f"{self.title} is not played with the "
                    f"{min(seen - set(self.CARDS), key=lambda c: c.id).code}"
                )
            missing = sorted(c.code for c in set(self.CARDS) - seen)
            raise ValueError(f"cards are missing from the position: {', '.join(missing[:5])}")
        for name in variables:
            if name not in self.VARS:
                raise ValueError(f"unknown variable {name!r} in a {self.game_id} position")
        for name, default in self.VARS.items():
            value = variables.get(name, self._var_to_json(name, default))
            setattr(self, name, self._var_from_json(name, value))
        self._complete_vars()
        self._legal = None
        self._start = self._snapshot()

    def _load_piles(self, piles: dict[str, object], downs: dict[str, object]) -> set[Card]:
        """Lay out the saved piles (each checked by its pile class); the cards seen."""
        seen: set[Card] = set()
        own = {c.code: c for c in self.CARDS}  # the game's cards (Spider's extra copies too)
        for p in self.pile_list:
            codes = piles.get(p.name)
            if not isinstance(codes, list):
                raise ValueError(f"pile {p.name} is missing or not a list")
            cards = []
            for code in codes:
                if not isinstance(code, str) or len(code) != 3:
                    raise ValueError(f"pile {p.name}: {code!r} is not a card code like 'TH0'")
                card = own.get(code) or Card.parse(code)
                if card in seen:
                    raise ValueError(f"the card {code} appears twice")
                seen.add(card)
                cards.append(card)
            down = downs.get(p.name, 0)
            if type(down) is not int or not 0 <= down <= len(cards):
                raise ValueError(f"pile {p.name}: face-down count {down!r} is impossible")
            problem = p.check(cards, down)
            if problem:
                raise ValueError(problem)
            p.cards, p.down = cards, down
        return seen

    def _complete_vars(self) -> None:
        """Fill in variables a hand-built position may leave out."""

    def _replay(self, text: str) -> None:
        """One saved move played again: a move; with "!", a move that broke a priority; "stop",
        a call on it (one that was wrong only where a wrong call is recorded: it costs)."""
        if text == Special.STOP:
            before = len(self.history)
            if not self.call_stop().right and len(self.history) == before:
                raise ValueError("a call was made when no priority rule was broken")
        elif text.endswith("!"):
            before = len(self.history)
            self.push(Move.parse(text[:-1]), breach=True)
            if self.history[before].breach is None:
                raise ValueError(f"{text[:-1]} broke no priority rule")
        else:
            self.push(Move.parse(text))


S = TypeVar("S", bound=Saving)


def rebuild(make: Callable[..., S], data: Mapping[str, Any]) -> S:
    """A state made by ``make`` (a game's class, called with the deal number and the options)
    from ``data`` as ``to_dict`` wrote it, its format and game already checked: the deal, the
    options, the start checked, every move replayed. Malformed data raises ValueError."""
    seed, options, moves = data.get("seed"), data.get("options", {}), data.get("moves", [])
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ValueError(f"deal number {seed!r} is not a whole number >= 0")
    if not isinstance(options, dict) or not isinstance(moves, list):
        raise ValueError("options must be an object and moves a list")
    state = make(seed, **options)
    state._load_start(data.get("start"))
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise ValueError(f"move {i + 1} is not text: {text!r}")
        try:
            state._replay(text)
        except ValueError as e:  # IllegalMove is a ValueError too
            raise ValueError(f"move {i + 1} ({text}) can't be replayed: {e}") from None
    return state


# --------------------------------------------------------------------- saved shapes
def whole_numbers(name: str, value: object) -> tuple[int, ...]:
    """A saved list of whole numbers (digests, hashes) as a tuple; ValueError otherwise."""
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise ValueError(f"{name} must be a list of whole numbers")
    return tuple(value)


def outcome_from_json(value: object, players: int) -> Outcome | None:
    """A saved ``outcome`` (None, or [status, winner, points, reason] of a game for
    ``players``) as the game keeps it; ValueError otherwise."""
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 4
        or value[0] not in (Status.WON, Status.STALEMATE)
        or not (value[1] is None or type(value[1]) is int and 0 <= value[1] < players)
        or type(value[2]) is not int
        or not isinstance(value[3], str)
    ):
        raise ValueError("outcome must be [status, winner, points, reason]")
    return Status(value[0]), value[1], value[2], value[3]


__all__ = ["FORMAT", "Saving", "Snapshot", "outcome_from_json", "rebuild", "whole_numbers"]
