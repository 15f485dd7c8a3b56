"""Statistics from the saves folder: each player's results against each opponent, per game.

A fold of saved records, UI-free; the Statistics screen words it.

Who is who (no accounts on one machine, so a player is what the save files say):

* A **named** human seat is the player of that name, in every game: "Ann" in a hot-seat game and
  "ann" in a game against computers are the same player (names match whatever their case and spaces).
* An **unnamed** human seat is *you* (the player at the keys, :data:`YOU`) when it is the only human
  of its game, as a saved game's words call it; an unnamed seat among several humans, and a name two
  seats of one game share, is nobody who can be followed from game to game: it counts as an opponent
  (:data:`UNNAMED`), never as a player.
* An opponent is every other seat: a computer by its level, a human by name (or :data:`UNNAMED`).

A game counts once per opponent (a game against Easy and Hard is in both rows) and once in the
player's total (opponent None).  Finished games give the places (:func:`~kobito_tui.core.game.places`,
the one rule), the wins and, where the game scores, the points; unfinished games are counted apart.
The same game saved twice (a save and the replay saved from its final screen) counts once.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from kobito_tui.core.game import Header, places
from kobito_tui.core.levels import DEFAULT_LEVEL, canonical
from kobito_tui.core.record import Record, fold
from kobito_tui.core.savefile import SaveError, header_line, load
from kobito_tui.core.saves import list_saves

YOU = ""
"""The player key of the one unnamed human of a game against computers."""
UNNAMED = ("human", "")
"""The opponent an unnamed human of a hot-seat game is."""
REPLAYS = "replays"  # the saves folder's subfolder where finished games are kept as replays

Opponent = tuple[str, str]
"""``("bot", level)`` or ``("human", player key)``."""


def player_key(name: str) -> str:
    """The key a typed name is matched by: its words, case folded ("  Ann " and "ANN" are one player)."""
    return " ".join(name.split()).casefold()


@dataclass
class Tally:
    """One player's results in some games: finished ``games`` (each with its place), ``wins``,
    ``points`` over the ``scored`` games (games that keep a score), and ``unfinished`` games."""

    games: int = 0
    wins: int = 0
    places: Counter[int] = field(default_factory=Counter)  # place (1 first) -> finished games in it
    points: int = 0
    scored: int = 0
    unfinished: int = 0

    def add(self, over: bool, won: bool = False, place: int = 0, points: int | None = None) -> None:
        if not over:
            self.unfinished += 1
            return
        self.games += 1
        self.wins += won
        self.places[place] += 1
        if points is not None:
            self.points += points
            self.scored += 1

    @property
    def average_points(self) -> float | None:
        return self.points / self.scored if self.scored else None


@dataclass
class Statistics:
    """The fold of a folder's games: ``tallies[player key][game id][opponent or None]`` (None:
    all of the player's games), the names as typed (``names``: key -> the spelling shown),
    and the files: ``counted`` games read, ``skipped`` files that could not be (with why)."""

    tallies: dict[str, dict[str, dict[Opponent | None, Tally]]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    counted: int = 0
    skipped: dict[Path, SaveError] = field(default_factory=dict)
    _seen: set[str] = field(default_factory=set, repr=False)

    def players(self) -> list[str]:
        """The players' keys: you first, then by the most games, then by name."""
        return sorted(self.tallies, key=lambda key: (key != YOU, -self.total(key), key))

    def total(self, player: str) -> int:
        """All the games ``player`` played (finished or not)."""
        return sum(t[None].games + t[None].unfinished for t in self.tallies.get(player, {}).values())

    def add(self, record: Record) -> None:
        """Count one game (once, however many files hold it)."""
        digest = hashlib.sha256(msgspec.json.encode((header_line(record.header), record.events))).hexdigest()
        if digest in self._seen:
            return
        self._seen.add(digest)
        self.counted += 1
        header, game = record.header, record.game
        state = fold(game, header, record.events)
        result = game.result(state) if game.is_over(state) else None
        placed = places(result, header.players) if result is not None else []
        for seat, player in seat_players(header).items():
            games = self.tallies.setdefault(player, {}).setdefault(header.game, {})
            for opponent in (None, *sorted(set(opponents(header, seat)))):
                tally = games.setdefault(opponent, Tally())
                if result is None:
                    tally.add(False)
                else:
                    points = result.scores[seat] if result.scores else None
                    tally.add(True, seat in result.winners, placed[seat], points)
        for one in header.seats:
            if one.name and not one.is_bot:
                key, typed = player_key(one.name), one.name.strip()
                self.names[key] = min(self.names.get(key, typed), typed)  # one spelling, whatever the order

    def skip(self, path: Path, error: SaveError) -> None:
        self.skipped[path] = error


def _human_keys(header: Header) -> dict[int, str]:
    """Each human seat's player key: its name's, or :data:`YOU` for the one unnamed human of a game
    against computers; ``""`` (:data:`UNNAMED`'s) for a seat nobody can follow (an unnamed seat among
    several humans, or a name two seats of the game share)."""
    humans = [index for index, seat in enumerate(header.seats) if not seat.is_bot]
    keys = {index: player_key(header.seats[index].name) for index in humans}
    twice = {key for key, count in Counter(keys.values()).items() if count > 1}
    return {index: "" if key in twice else key for index, key in keys.items()}


def seat_players(header: Header) -> dict[int, str]:
    """The seats of ``header`` that are players to follow, with their keys (see the module's docstring)."""
    keys = _human_keys(header)
    if len(keys) == 1:
        return keys  # named, or you
    return {index: key for index, key in keys.items() if key}


def opponents(header: Header, seat: int) -> list[Opponent]:
    """Every other seat of ``header`` as an opponent of ``seat``'s player."""
    keys = _human_keys(header)
    return [
        ("bot", canonical(other.level or DEFAULT_LEVEL)) if other.is_bot else ("human", keys[index])
        for index, other in enumerate(header.seats)
        if index != seat
    ]


def statistics(records: Iterable[Record]) -> Statistics:
    """The statistics of ``records`` (in any order: the same statistics)."""
    stats = Statistics()
    for record in records:
        stats.add(record)
    return stats


def folder_files(folder: Path) -> list[Path]:
    """The save files of the saves folder ``folder`` and of its replays."""
    return [*list_saves(folder), *list_saves(folder / REPLAYS)]


def read_folder(folder: Path) -> Statistics:
    """The statistics of the saves folder ``folder``: a file that does not load (corrupt, hostile,
    not ours) is skipped and counted as skipped."""
    stats = Statistics()
    for path in folder_files(folder):
        try:
            record = load(path)
        except SaveError as error:
            stats.skip(path, error)
            continue
        stats.add(record)
    return stats
