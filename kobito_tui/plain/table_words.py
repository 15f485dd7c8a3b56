"""What the live door and the replay both say: the seats, the rules in force, the help."""

from __future__ import annotations

from kobito_tui.core.game import Header
from kobito_tui.games import get_game
from kobito_tui.i18n import Translator, words
from kobito_tui.i18n.options import option_label, option_value
from kobito_tui.i18n.seats import Seats

from .choices import GameWords, listed_name
from .kobito import KobitoWords
from .treasure import TreasureWords
from .vocabulary import Vocabulary

WORDS: dict[str, GameWords] = {"kobito": KobitoWords(), "treasure": TreasureWords()}
"""Each game's words for the line door, by game id."""


def who_lines(t: Translator, header: Header, who: Seats, to_act: int | None) -> list[str]:
    """Each seat: its name, a person or a computer of its level, and whose turn it is."""
    lines = []
    for seat, player in enumerate(header.seats):
        what = t("computer, {level}", level=words.level_name(t, player.level)) if player.is_bot else t("person")
        line = t("Seat {number}: {name}, {what}.", number=seat + 1, name=listed_name(t, who, seat), what=what)
        lines.append(line + (" " + t("To move.") if seat == to_act else ""))
    return lines


def rules_lines(t: Translator, header: Header) -> list[str]:
    """The game, its players and every rule option in force."""
    game = get_game(header.game)
    try:
        options = game.normalize_options(dict(header.options), header.players)
    except ValueError:
        options = dict(header.options)
    lines = [t("{game}, {count} players.", game=words.game_title(t, header.game), count=header.players)]
    for spec in game.option_specs():
        if spec.name in options:
            lines.append(f"{option_label(t, header.game, spec)}: {option_value(t, spec.name, options[spec.name])}.")
    return [*lines, *WORDS[header.game].help(t)]


def help_lines(t: Translator, commands: Vocabulary, game: GameWords, replay: bool = False) -> list[str]:
    """The commands in the reader's language (English works too), and how to say a move."""
    named: dict[str, str] = {}
    for word, meaning in commands.words.items():
        if meaning in game.commands or meaning not in WORDS["kobito"].commands | WORDS["treasure"].commands:
            named.setdefault(meaning, word)  # the reader's own word comes first
    lines = [t("Commands: {commands}.", commands=", ".join(named.values()))]
    if replay:
        return [*lines, t("An empty line shows the next event; back the one before; end the last.")]
    return [*lines, t("An empty line plays the hint, or the only move there is; a number picks from a list."), *game.help(t)]
