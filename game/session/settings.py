"""The player's settings as a typed object, checked in one place.

    s, problems = Settings.from_dict(saves.settings())   # every value checked; bad ones reset
    s.four_colour, s.pace, s.auto_move                   # the client's own settings
    s.options("russian-bank")                            # {"mode": "stop", ...} for new deals
    s.seats("russian-bank")                              # ("human", "computer:medium")
    s.match_target("russian-bank")                       # 300
    s.set("pace", "fast"); s.set_option("russian-bank", "mode", "strict")
    saves.save_settings(s.to_dict())

The allowed values come from the descriptions: GENERAL below for the client's settings, each
game's ``info(game_id)`` for its rule options and match target, and its computer player's
levels for the seats. A stored value outside them is reset to its default, and ``from_dict``
says so in a sentence for the player. Settings saved by older versions (one flat dict:
"supermove", "rb_mode", "level", ...) are read too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import GAMES, info, language
from game.core.info import GameInfo, Option
from game.core.language import N_, _, pgettext
from game.session.seat_kinds import PERSON
from game.session.seats import check_seats, computer, default_seats

PACES = {"slow": 1400, "normal": 800, "fast": 350, "instant": 60}  # ms between computer moves


def _setting(
    name: str, label: str, *choices: tuple[Any, str], default: Any = None, note: str = ""
) -> Option:
    """A general setting: its ``choices`` as (value, words), the default ``default`` (None:
    the first). A general setting takes effect at once, so it has no note ("new deals") unless
    ``note`` says one."""
    values = tuple(value for value, _words in choices)
    first = values[0] if default is None else default
    return Option(name, first, values, label, tuple(w for _v, w in choices), note=note)


# The settings' words are English here (marked, N_), translated where Settings shows them:
# _(option.label), [_(label) for label in option.choice_labels], _(option.note).
GENERAL = (
    _setting(
        "four_colour", N_("Suit colours"), (False, N_("Two colours")), (True, N_("Four colours"))
    ),
    _setting("animations", N_("Card animations"), (True, N_("On")), (False, N_("Off"))),
    _setting(
        "pace",
        # Translators: the computer's pace: how long it waits after each of its moves
        N_("Computer's pace"),
        *zip(PACES, (N_("Slow"), N_("Normal"), N_("Fast"), N_("Instant")), strict=True),
        default="normal",
    ),
    _setting(
        "auto_move",
        N_("Safe cards to foundations"),
        (True, N_("Automatically")),
        (False, N_("By hand")),
    ),
    _setting(
        "winnable_only",
        N_("Solitaire deals"),
        (False, N_("Any deal")),
        (True, N_("Winnable deals only")),
        note=Option.note,  # (it takes effect with new deals, as the rule options do)
    ),
    _setting(
        "winnable_light",
        N_('"Still winnable?" light'),
        (False, N_("Off")),
        (True, N_("On")),
        # Translators: a setting's note: the light is no help (as the statistics count
        # help); Hint and Finish are
        note=N_("no help: Hint and Finish are"),
    ),
    _setting(
        "sound",
        N_("Sound"),
        (True, N_("On")),
        (False, N_("Off")),
        # Translators: a setting's note: M is the key that turns the sound on and off
        note=N_("M at a table"),
    ),
    _setting(
        "card_back",
        N_("Card backs"),
        ("blue", N_("Blue lattice")),
        ("red", N_("Red rings")),
        ("green", N_("Green checks")),
        ("purple", N_("Purple stripes")),
    ),
    _setting(
        "felt",
        N_("Table colour"),
        ("green", N_("Green")),
        ("blue", N_("Blue")),
        ("burgundy", N_("Burgundy")),
        ("charcoal", N_("Charcoal")),
    ),
    _setting(
        "left_handed",
        N_("Side panel of games with turns"),
        (False, N_("On the right")),
        (True, N_("On the left")),
        # Translators: a setting's note: for whom the side panel on the left is, and where
        note=N_("left-handed; wide screens"),
    ),
    _setting(
        "screen_reader",
        # Translators: a setting: the game read aloud by a screen reader (or speech)
        N_("Screen reader"),
        (False, N_("Off")),
        (True, N_("On")),
        # Translators: a setting's note: the keys that read the table (docs/accessibility.md)
        note=N_("keys I O P A L G read the table"),
    ),
)
_GENERAL = {o.name: o for o in GENERAL}

# settings of older versions: flat key -> (game, option name); "level" became the seats
_LEGACY_OPTIONS = {
    "supermove": ("forty-thieves", "supermove"),
    "rb_mode": ("russian-bank", "mode"),
    "own_waste_playable": ("russian-bank", "own_waste_playable"),
    "reserve_size": ("russian-bank", "reserve_size"),
}


@dataclass
class Settings:
    four_colour: bool = False
    animations: bool = True
    pace: str = "normal"
    auto_move: bool = True
    winnable_only: bool = False
    winnable_light: bool = False
    sound: bool = True
    card_back: str = "blue"  # the back of your pack (a two-pack game's other pack: red, or blue)
    felt: str = "green"
    left_handed: bool = False  # the side panel of games with turns on the left (landscape)
    screen_reader: bool = False  # the game read aloud (game/ui/ear): the page's mirror, speech
    last_game: str | None = None
    #: the address of a site that serves the game (the desktop's join links: ADDRESS#join=CODE;
    #: ``python -m game --site ADDRESS``), or None
    site: str | None = None
    #: the language the game speaks: a code of ``language.available()``, or "" for the
    #: browser's (the system's) own choice; ``?lang=de``, ``python -m game --lang de``
    language: str = ""
    #: per game: {"options": {...}, "seats": [...], "match_target": n}; only what differs
    #: from the defaults needs to be here
    games: dict[str, dict[str, Any]] = field(default_factory=dict)

    # ------------------------------------------------------------------ reading
    def options(self, game_id: str) -> dict[str, Any]:
        """The game's rule options for a new deal (defaults filled in)."""
        out = info(game_id).options
        out.update(self.games.get(game_id, {}).get("options", {}))
        return out

    def seats(self, game_id: str) -> tuple[str, ...]:
        """Who plays new deals: the stored seats, fitted to the number of players when the
        game's options say it (a ``players`` option): missing seats get the default computer
        seat, extra seats are dropped."""
        stored = self.games.get(game_id, {}).get("seats")
        seats = tuple(stored) if stored else default_seats(game_id)
        players = self.options(game_id).get("players")
        if players and len(seats) != players:
            seats = (seats + default_seats(game_id, players)[len(seats) :])[:players]
        return seats

    def match_target(self, game_id: str) -> int | None:
        match = info(game_id).match
        if match is None:
            return None
        target: int = self.games.get(game_id, {}).get("match_target", match.default)
        return target

    @property
    def pace_ms(self) -> int:
        return PACES[self.pace]

    # ------------------------------------------------------------------ changing
    def set(self, name: str, value: object) -> None:
        """A general setting; ValueError outside its choices."""
        if name == "last_game":
            if value is not None and value not in GAMES:
                raise ValueError(f"unknown game {value!r}")
        elif name == "language":
            if value != "" and value not in language.available():
                raise ValueError(f"no language {value!r}")
        elif name == "site":
            if value is not None and not site_address(value):
                raise ValueError(f"a site's address starts with https:// or http://, not {value!r}")
        elif name not in _GENERAL or not _GENERAL[name].allows(value):
            raise ValueError(f"setting {name} can't be {value!r}")
        setattr(self, name, value)

    def set_option(self, game_id: str, name: str, value: object) -> None:
        options = self.options(game_id)
        options[name] = value
        info(game_id).check_options(options)  # ValueError if not allowed
        self.games.setdefault(game_id, {}).setdefault("options", {})[name] = value

    def set_seats(self, game_id: str, seats: object) -> None:
        seats = check_seats(game_id, seats)
        self.games.setdefault(game_id, {})["seats"] = list(seats)

    def set_match_target(self, game_id: str, target: int) -> None:
        match = info(game_id).match
        if match is None or not match.allows(target):
            raise ValueError(f"{game_id} has no match target {target!r}")
        self.games.setdefault(game_id, {})["match_target"] = target

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        data = {o.name: getattr(self, o.name) for o in GENERAL}
        data["last_game"] = self.last_game
        if self.site is not None:
            data["site"] = self.site
        if self.language:
            data["language"] = self.language
        data["games"] = {g: dict(v) for g, v in self.games.items() if v}
        return data

    @classmethod
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from stored data, and sentences naming every value that was not allowed
        and was reset to its default. Never raises."""
        s, bad = cls(), []
        if not isinstance(data, dict):
            return s, ([_("the settings were not readable")] if data else [])
        for o in GENERAL:
            if o.name in data:
                if o.allows(data[o.name]):
                    setattr(s, o.name, data[o.name])
                else:
                    bad.append(_bad(_(o.label), data[o.name]))
        last = data.get("last_game")
        if last in GAMES:
            s.last_game = last
        elif last is not None:  # a game this version does not have, or not a game at all
            # Translators: a setting that could not be used, and its stored value
            bad.append(_("Last game played: {value}").format(value=repr(last)))
        site = data.get("site")
        if site_address(site):
            s.site = site
        elif site is not None:
            # Translators: a setting that could not be used, and its stored value
            bad.append(_("the site's address: {value}").format(value=repr(str(site)[:80])))
        lang = data.get("language", "")
        if lang == "" or lang in language.available():
            s.language = lang
        else:  # a language this version doesn't speak: the browser's own choice again
            # Translators: a setting that could not be used, and its stored value
            bad.append(_("the language: {value}").format(value=repr(str(lang)[:20])))
        games = data.get("games", {})
        if not isinstance(games, dict):
            # Translators: settings that could not be used
            bad.append(_("the game settings"))
            games = {}
        for game_id, stored in _legacy(data).items():  # older versions' flat settings
            games.setdefault(game_id, {})
            for key, value in stored.items():
                if key == "options":
                    games[game_id].setdefault("options", {})
                    for name, v in value.items():
                        games[game_id]["options"].setdefault(name, v)
                else:
                    games[game_id].setdefault(key, value)
        for game_id, stored in games.items():
            if game_id not in GAMES or not isinstance(stored, dict):
                continue  # a game this version does not have: nothing to check it against
            s._load_game(game_id, stored, bad)
        # Translators: {what} names the setting and its stored value ("Sound: 'loud'")
        return s, [
            _("A setting could not be used and was reset to its default ({what}).").format(what=b)
            for b in bad
        ]

    def _load_game(self, game_id: str, stored: dict[str, Any], bad: list[str]) -> None:
        d = info(game_id)
        options = stored.get("options", {})
        for name, value in options.items() if isinstance(options, dict) else ():
            try:
                self.set_option(game_id, name, value)
            except (ValueError, TypeError):
                label = _(d.option(name).label) if name in d.options else name
                bad.append(_bad(label, value, d))
        if "seats" in stored:
            try:
                self.set_seats(game_id, stored["seats"])
            except (ValueError, TypeError):
                # Translators: a game's seats that could not be used: {game} is the game's name
                bad.append(
                    _("{game}, who plays: {value}").format(
                        game=_(d.title), value=repr(stored["seats"])
                    )
                )
        if "match_target" in stored:
            try:
                self.set_match_target(game_id, stored["match_target"])
            except (ValueError, TypeError):
                label = _(d.match.label) if d.match else pgettext("a setting", "match")
                bad.append(_bad(label, stored["match_target"], d))


def _bad(label: str, value: object, game: GameInfo | None = None) -> str:
    """A setting that could not be used, in words: its label (in the current language), its
    stored value and (``game``: a game's description) the game's name."""
    if game is None:
        # Translators: a setting that could not be used ({setting}) and its stored value
        return _("{setting}: {value}").format(setting=label, value=repr(value))
    # Translators: a game's setting that could not be used: the game's name, the setting and
    # its stored value
    return _("{game}, {setting}: {value}").format(
        game=_(game.title), setting=label, value=repr(value)
    )


def site_address(value: object) -> bool:
    """Whether ``value`` can be a site's address for a join link: http(s)://, no spaces, not
    over 300 characters."""
    return (
        isinstance(value, str)
        and value.startswith(("https://", "http://"))
        and len(value) <= 300
        and value.isprintable()
        and not any(c.isspace() for c in value)
        and len(value.split("://", 1)[1]) > 0
    )


def _legacy(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The per-game part of a flat settings dict written by an older version."""
    games: dict[str, dict[str, Any]] = {}
    for key, (game_id, name) in _LEGACY_OPTIONS.items():
        if key in data:
            games.setdefault(game_id, {}).setdefault("options", {})[name] = data[key]
    if "level" in data:
        games.setdefault("russian-bank", {})["seats"] = (
            [PERSON, computer(data["level"])] if isinstance(data["level"], str) else data["level"]
        )
    if "match_target" in data:
        games.setdefault("russian-bank", {})["match_target"] = data["match_target"]
    return games


__all__ = ["GENERAL", "PACES", "Settings"]
