"""The games' own words and a few whole messages, in a translator's language.

Sentences put a player's name first and a verb in the present tense, so that
Ukrainian and Russian need no gender for the name; inserted words (a card, a
colour, a list of names) stay in the nominative.
"""

from __future__ import annotations

from kobito_tui.core import safetext
from kobito_tui.core.game import Header
from kobito_tui.core.levels import ALIASES, DEFAULT_LEVEL, LEVELS, seat_choice
from kobito_tui.core.replay import HOT_SEAT_REFUSAL, refusal

from .seats import Seats
from .translation import Translator


def game_title(t: Translator, game: str) -> str:
    """The name of a game by its id ("kobito", "treasure"); a game without words here
    is called by its engine's title."""
    titles = {
        "kobito": t("Kobito"),
        # Translators: each player hides the five treasures of their colour in chests (the Ukrainian
        # rulebook: «першим сховати свої скарби»), so «Сховай скарби» / «Спрячь сокровища», in the plural.
        "treasure": t("Hide the Treasure"),
    }
    if game in titles:
        return titles[game]
    from kobito_tui.games import get_game  # the engines, only for a game without words here

    return get_game(game).title


def names(t: Translator, players: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cleo" (names already made printable)."""
    if len(players) == 1:
        return players[0]
    # Translators: the last two of a list of player names, e.g. "Ann, Bob and Cleo".
    return t("{names} and {last}", names=", ".join(players[:-1]), last=players[-1])


def cards(t: Translator, count: int) -> str:
    return t.n("{count} card", "{count} cards", count)


def penalty_cards(t: Translator, count: int) -> str:
    return t.n("{count} penalty card", "{count} penalty cards", count)


def kobitos(t: Translator, count: int) -> str:
    return t.n("{count} kobito", "{count} kobitos", count)


def card_kind(t: Translator, kind: str) -> str:
    """ "number", "kobito" (the wild card) or "paint" (the card that repaints a rainbow)."""
    return {
        "number": t.p("card", "rainbow card"),
        "kobito": t.p("card", "kobito"),
        "paint": t.p("card", "paint card"),
    }[kind]


def wild_letter(t: Translator, kind: str) -> str:
    """A wild card's one letter on the board: "K" (a kobito), "P" (a paint card); "K→7" in a row."""
    # Translators: the one letter of a wild card on the board, "K→7" in a rainbow: a letter of your alphabet for the
    # card (uk/ru «К» кобіто, «П» for the paint card: «З» of «заміна» reads as the digit 3). Two different letters,
    # neither a digit nor one a terminal draws like a digit, nor a Latin letter.
    return {"kobito": t.p("card letter", "K"), "paint": t.p("card letter", "P")}[kind]


def pot(t: Translator, slot: int) -> str:
    # Translators: {label} is A, B or C, the key that picks the pot; keep the Latin letter.
    return t("Pot {label}", label="ABC"[slot])


def pot_gold(t: Translator, value: int) -> str:
    """A pot's gold on the board ("7 gold"), its number in two columns so the pots' lines align."""
    # Translators: a pot's gold value on the board, counted like points: the forms go with the number.
    return t.n("{gold} gold", "{gold} gold", value, gold=f"{value:>2}")


def workshop(t: Translator) -> str:
    return t("Workshop")


def workshop_label(t: Translator, number: int) -> str:
    """A workshop rainbow's label in the player's own row: "W1"."""
    # Translators: a workshop rainbow's label in the player's own row, 2 characters: your word for workshop's
    # first letter and the number (uk «М1», ru «М1»); the same letter as in "W1…W{last}".
    return t.p("workshop", "W{number}", number=number)


def draws(t: Translator, name: str, count: int) -> str:
    return t.n("{name} draws {count} card.", "{name} draws {count} cards.", count, name=name)


def direction(t: Translator, name: str) -> str:
    """A Hide the Treasure step's direction by its id ("up", ...), as the log and the line door say it."""
    return {
        "up": t.p("direction", "up"),
        "down": t.p("direction", "down"),
        "left": t.p("direction", "left"),
        "right": t.p("direction", "right"),
    }[name]


def colour(t: Translator, colour_id: str) -> str:
    """A Hide the Treasure colour by its id ("red", ...), as in "Your colour: red"."""
    return {
        "red": t.p("colour", "red"),
        "blue": t.p("colour", "blue"),
        "green": t.p("colour", "green"),
        "yellow": t.p("colour", "yellow"),
        "purple": t.p("colour", "purple"),
    }[colour_id]


def colour_letter(t: Translator, colour_id: str) -> str:
    """A colour's one letter on the tiles ("R" for red): the tiles stay readable without colour."""
    # Translators: the one letter of each colour on the tiles, "R (red)": the first letter of your colour word,
    # five letters that differ (uk Ч С З Ж Ф, ru К С З Ж Ф).
    return {
        "red": t.p("colour letter", "R"),
        "blue": t.p("colour letter", "B"),
        "green": t.p("colour letter", "G"),
        "yellow": t.p("colour letter", "Y"),
        "purple": t.p("colour letter", "P"),
    }[colour_id]


def all_tiles_of(t: Translator, colour_id: str) -> str:
    """The five tiles of a colour as a subject: "all 5 red tiles"."""
    return {
        "red": t("all 5 red tiles"),
        "blue": t("all 5 blue tiles"),
        "green": t("all 5 green tiles"),
        "yellow": t("all 5 yellow tiles"),
        "purple": t("all 5 purple tiles"),
    }[colour_id]


def treasure(t: Translator, treasure_id: str) -> str:
    """A treasure by its id ("crown", ...)."""
    return {
        "crown": t.p("treasure", "crown"),
        "ring": t.p("treasure", "ring"),
        "goblet": t.p("treasure", "goblet"),
        "key": t.p("treasure", "key"),
        "gem": t.p("treasure", "gem"),
    }[treasure_id]


def your_colour(t: Translator, colour_id: str) -> str:
    return t("Your colour: {colour}.", colour=colour(t, colour_id))


def winners(t: Translator, who: Seats, seats: list[int]) -> str:
    """The final screen's headline for the winning ``seats``: "Ann wins!", "Ann and Bob win!",
    "You win!", "You and Ann win!" (the reader's own seat in the second person), "A draw"."""
    if not seats:
        return t("A draw")
    others = [who.name(seat) for seat in seats if not who.is_reader(seat)]
    if len(others) == len(seats):
        return t.n("{names} wins!", "{names} win!", len(others), names=names(t, others))
    if not others:
        return t.p("you", "You win!")
    return t.p("you", "You and {names} win!", names=names(t, others))


def turn_limit_draw(t: Translator, rounds: int) -> str:
    return t.n(
        "Draw: the turn limit of {count} round is reached.",
        "Draw: the turn limit of {count} rounds is reached.",
        rounds,
    )


def moves_not_saved(t: Translator, count: int) -> str:
    """What a failing save lacks: "3 moves not saved" (0: an undo)."""
    if not count:
        return t("The latest change is not saved")
    return t.n("{count} move not saved", "{count} moves not saved", count)


# -- seats, levels and names: the new-game dialog, Play from here, the browser ------------------
def level_name(t: Translator, level: str | None) -> str:
    """A computer level as players read it ("Medium" for the old ``greedy``; None is the default)."""
    level = ALIASES.get(level or DEFAULT_LEVEL, level or DEFAULT_LEVEL)
    # Translators: a computer player's level; «рівень/уровень» is meant (masculine): Легкий, Середній, Складний.
    return {
        "easy": t.p("level", "Easy"),
        "medium": t.p("level", "Medium"),
        "hard": t.p("level", "Hard"),
        "random": t.p("level", "Random"),
    }.get(level, "?")


def seat_kinds(t: Translator) -> tuple[tuple[str, str], ...]:
    """A seat's choices in a menu, (label, value): a human, or a computer of each level offered."""
    computers = ((t("Computer · {level}", level=level_name(t, level)), seat_choice(level)) for level in LEVELS)
    return ((t("Human"), seat_choice()), *computers)


def name_problem(t: Translator, name: str) -> str | None:
    """Why ``name`` cannot be a player's name (``safetext.name_fault``, in words), or None."""
    if safetext.name_fault(name) is None:
        return None
    if not name.strip():
        return t("A player's name cannot be empty.")
    if len(name) > safetext.NAME_MAX_CHARS:
        return t.n(
            "A player's name has at most {count} character ({given} given).",
            "A player's name has at most {count} characters ({given} given).",
            safetext.NAME_MAX_CHARS,
            given=len(name),
        )
    return t("A player's name cannot hold control characters ({name}).", name=safetext.printable(name))


def seat_problem(t: Translator, seat: int, name: str) -> str | None:
    """The refused name of seat ``seat`` (0-based), with its seat: "Seat 2: …"."""
    problem = name_problem(t, name)
    return None if problem is None else t("Seat {number}: {problem}", number=seat + 1, problem=problem)


def replay_refusal(t: Translator, header: Header, over: bool) -> str | None:
    """Why this game cannot be replayed now (``core.replay.refusal``, in words), or None."""
    reason = refusal(header, over)
    if reason is None:
        return None
    if reason == HOT_SEAT_REFUSAL:
        return t("Continue it to the end first; replays of unfinished hot-seat games would show hidden cards.")
    return t("Continue it to the end first; a replay of an unfinished game would show the computers' hidden cards.")
