"""Static descriptions of variants, their options, and the registry.

A :class:`Variant` says who plays (player counts, teams), which options exist and what they
take, and which hand and match classes carry its rules. Variants register themselves by key
(``cabrero``, ``dos``, ...) when :mod:`games.engine.variants` is imported, like python-chess's
variant boards.

>>> from games.engine import get_variant
>>> v = get_variant("cabrero")
>>> v.players, v.validate_options({"tiebreak": True})["tiebreak"]
((3, 4, 5, 6), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from games.engine.cards import parse_card
from games.engine.errors import InvalidOptionError, InvalidPlayerCountError, SetupError

if TYPE_CHECKING:
    from games.engine.match import MatchState
    from games.engine.state import HandState


def gettext_noop(message: str) -> str:
    """Mark an English text for the platform's translation catalogues; returns it unchanged.

    The engine knows no Django, but ``makemessages`` finds the texts marked with this name, so
    a variant's name and summary are translated where they are shown (``gettext(variant.name)``).
    """
    return message


class Sides(str, Enum):
    """How the players of a match form sides, for a given number of players.

    ``SINGLE``: one against one (two players). ``TEAMS``: two fixed partnerships, partners
    opposite (seats 0, 2, ... against 1, 3, ...). ``PLACES``: everyone for himself at a table
    of three or more, ranked by place.
    """

    SINGLE = "single"
    TEAMS = "teams"
    PLACES = "places"


class Ranking(str, Enum):
    """How a match ranks its players (what the places of a finished match are made of).

    ``GAMES``: the first side to win the set number of games wins (the others follow by games
    won). ``SURVIVAL``: a player who loses the set number of hands retires; places go by who
    stays longest. ``STAKES``: the balance of the stakes paid and won (the ledger) ranks them.
    """

    GAMES = "games"
    SURVIVAL = "survival"
    STAKES = "stakes"


@dataclass(frozen=True)
class Option:
    """A table option: its name, default and allowed values (``choices`` None: any bool).

    ``label`` is the short English title a form shows, marked for the catalogues like a
    variant's name (show it as ``gettext(option.label)``); empty, the name stands for it.

    >>> Option("plate", False, "Play with the plate.", label="Play with the plate").title
    'Play with the plate'
    >>> Option("coins_trump", False, "Coins are trumps.").title
    'Coins trump'
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    label: str = ""

    @property
    def title(self) -> str:
        """``label``, or the name written as words when the option has none."""
        return self.label or self.name.replace("_", " ").capitalize()

    def validate(self, value: Any) -> Any:
        """Return the value if the option admits it, else raise :class:`InvalidOptionError`."""
        if self.choices is None:
            if not isinstance(value, bool):
                raise InvalidOptionError(
                    f"Option '{self.name}' takes true or false, not {value!r}.",
                    option=self.name,
                    value=value,
                )
            return value
        if value not in self.choices or isinstance(value, bool) != isinstance(self.default, bool):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOptionError(
                f"Option '{self.name}' takes one of {allowed}, not {value!r}.",
                option=self.name,
                value=value,
            )
        return value


class Variant:
    """A Tute variant: a static description plus the classes that hold its rules."""

    def __init__(
        self,
        *,
        key: str,
        name: str,
        players: tuple[int, ...],
        hand_class: type[HandState],
        match_class: type[MatchState],
        options: tuple[Option, ...] = (),
        teams: bool = False,
        summary: str = "",
        ranking: Ranking = Ranking.GAMES,
        order: int = 100,
    ) -> None:
        self.key = key
        #: The English name, marked for the catalogues: show it as ``gettext(variant.name)``.
        self.name = name
        self.players = players
        self.hand_class = hand_class
        self.match_class = match_class
        self.options = {o.name: o for o in options}
        self.teams = teams
        #: One sentence on the game, English, marked for the catalogues like ``name``.
        self.summary = summary
        #: How a finished match ranks its players.
        self.ranking = ranking
        #: Where the variant comes in lists of games (lower first; ties by key).
        self.order = order
        #: The hand class used when the table plays option ``renuncio`` (Cabrero family).
        self.renuncio_hand_class: type[HandState] = hand_class
        #: The default options, by player count, once checked for that count (``new_hand``'s
        #: shortcut for a call without options or dealer: the checks would give the same).
        self._checked_defaults: dict[int, dict[str, Any]] = {}

    def __repr__(self) -> str:
        return f"<Variant {self.key}>"

    def sides(self, players: int) -> Sides:
        """How ``players`` players of this variant form sides.

        >>> from games.engine import get_variant
        >>> [get_variant(k).sides(n).value for k, n in (("dos", 2), ("parejas", 4), ("cabrero", 5))]
        ['single', 'teams', 'places']
        """
        self.check_players(players)
        if self.teams:
            return Sides.TEAMS
        return Sides.SINGLE if players == 2 else Sides.PLACES

    def side_seats(self, players: int) -> list[list[int]]:
        """The seats of each side of a match of ``players`` players.

        >>> from games.engine import get_variant
        >>> get_variant("parejas").side_seats(4), get_variant("cabrero").side_seats(3)
        ([[0, 2], [1, 3]], [[0], [1], [2]])
        """
        if self.sides(players) is Sides.TEAMS:
            return [list(range(0, players, 2)), list(range(1, players, 2))]
        return [[seat] for seat in range(players)]

    def check_players(self, players: int) -> None:
        """Raise :class:`InvalidPlayerCountError` unless the variant is played by ``players``."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            allowed = ", ".join(str(p) for p in self.players)
            raise InvalidPlayerCountError(
                f"{self.name} is played by {allowed} players, not {players!r}.",
                players=players,
                allowed=list(self.players),
            )

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The full option set: defaults overridden by ``options``; unknown names refused."""
        out = {name: o.default for name, o in self.options.items()}
        if options is None:
            return out
        if not isinstance(options, Mapping):
            raise InvalidOptionError("Options must be a mapping of names to values.")
        for name, value in options.items():
            opt = self.options.get(name)
            if opt is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise InvalidOptionError(
                    f"{self.name} has no option '{name}' (options: {known}).", option=name
                )
            out[name] = opt.validate(value)
        return out

    def _check_dealer(self, players: int, dealer: int | None) -> None:
        if dealer is not None and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players
        ):
            raise SetupError(f"The dealer must be a seat from 0 to {players - 1}, not {dealer!r}.")

    def new_match(
        self,
        *,
        players: int,
        seed: int | str,
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
    ) -> MatchState:
        """Start a match. ``dealer`` None lets the variant's first-hand rule (or the seed) pick."""
        opts = self._checked(players, options, dealer)
        return self.match_class(self, players, opts, seed, dealer)

    def new_hand(
        self,
        *,
        players: int,
        seed: int | str = 0,
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
        deck: Sequence[object] | None = None,
        first: bool = True,
        hand_number: int = 0,
        context: Mapping[str, Any] | None = None,
    ) -> HandState:
        """A single hand, dealt as the first hand of a match with the same arguments is.

        ``deck`` stacks the deck (cards in the order they are dealt, notations or indices;
        see each variant's ``_deal`` for the order); ``first``, ``hand_number`` and
        ``context`` set up a later hand of a match.
        """
        defaults = (
            self._checked_defaults.get(players)
            if options is None and dealer is None and type(players) is int
            else None
        )
        if defaults is not None:  # checked before: same players, no options, no dealer
            opts = dict(defaults)
        else:
            opts = self._checked(players, options, dealer)
            if options is None and dealer is None and type(players) is int:
                self._checked_defaults[players] = dict(opts)
        if deck is None and first is True and not hand_number and not context:
            return self.match_class.first_hand(self, players, opts, seed, dealer)
        setup = self.match_class.first_setup(players, opts, seed, dealer)
        if deck is not None:
            cards = tuple(
                parse_card(c) if isinstance(c, str) else int(c)  # type: ignore[call-overload]
                for c in deck
            )
            setup = replace(setup, deck=cards)
        if not first or hand_number or context:
            setup = replace(
                setup, first=first, hand_number=hand_number, context=dict(context or {})
            )
        return self.match_class.hand_class_for(self, setup)(setup)

    def _checked(
        self, players: int, options: Mapping[str, Any] | None, dealer: int | None
    ) -> dict[str, Any]:
        self.check_players(players)
        opts = self.validate_options(options)
        self._check_dealer(players, dealer)
        self.match_class.check_setup(players, opts)
        return opts


REGISTRY: dict[str, Variant] = {}


def variants() -> list[Variant]:
    """Every registered variant, in the order lists of games show them.

    >>> [v.key for v in variants()][:3]
    ['cabrero', 'chancho', 'dos']
    """
    return sorted(REGISTRY.values(), key=lambda v: (v.order, v.key))


def register(variant: Variant) -> Variant:
    """Add a variant to the registry and bind its hand class to it."""
    REGISTRY[variant.key] = variant
    variant.hand_class.variant = variant
    return variant
