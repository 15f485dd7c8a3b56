"""The games' own words and a few whole messages, in a translator's language.

Sentences put a player's name first and a verb in the present tense, so that
Ukrainian and Russian need no gender for the name; inserted words (a card, a
colour, a list of names) stay in the nominative.
"""

from __future__ import annotations

from .translation import Translator


def game_title(t: Translator, game: str) -> str:
    """The name of a game by its id ("kobito", "treasure"); a game without words here
    is called by its engine's title."""
    from kobito_tui.core.games import get_game

    titles = {
        "kobito": t("Kobito"),
        # Translators: each player hides the five treasures of their colour in chests (the Ukrainian
        # rulebook: «першим сховати свої скарби»), so «Сховай скарби» / «Спрячь сокровища», in the plural.
        "treasure": t("Hide the Treasure"),
    }
    return titles.get(game) or get_game(game).title


def names(t: Translator, players: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cleo" (names already made printable)."""
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
    """"number", "kobito" (the wild card) or "paint" (the card that repaints a rainbow)."""
    return {
        "number": t.p("card", "rainbow card"),
        "kobito": t.p("card", "kobito"),
        "paint": t.p("card", "paint card"),
    }[kind]


def wild_card_as(t: Translator, kind: str, number: int) -> str:
    """A wild card where it lies, with the number it stands for."""
    if kind == "kobito":
        return t("kobito (as {number})", number=number)
    return t("paint card (as {number})", number=number)


def pot(t: Translator, slot: int) -> str:
    # Translators: {label} is A, B or C, the key that picks the pot; keep the Latin letter.
    return t("Pot {label}", label="ABC"[slot])


def workshop(t: Translator) -> str:
    return t("Workshop")


def workshop_rainbow(t: Translator, number: int) -> str:
    return t("Workshop rainbow {number}", number=number)


def draws(t: Translator, name: str, count: int) -> str:
    return t.n("{name} draws {count} card.", "{name} draws {count} cards.", count, name=name)


def colour(t: Translator, colour_id: str) -> str:
    """A Hide the Treasure colour by its id ("red", ...), as in "Your colour: red"."""
    return {
        "red": t.p("colour", "red"),
        "blue": t.p("colour", "blue"),
        "green": t.p("colour", "green"),
        "yellow": t.p("colour", "yellow"),
        "purple": t.p("colour", "purple"),
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


def winners(t: Translator, players: list[str]) -> str:
    """The final screen's headline: "Ann wins!", "Ann and Bob win!", "A draw"."""
    if not players:
        return t("A draw")
    return t.n("{names} wins!", "{names} win!", len(players), names=names(t, players))


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

