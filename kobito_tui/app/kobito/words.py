"""The Kobito board in words: the status line, why a key does nothing, the
first-game guide's tips, and the F1 help's how-to and signs, in the
translator ``t``'s language.

Every sentence is built from the view and the :class:`Picker` (the legal
moves, split), so none states a rule the engine does not; each fits the
80-column status line.  ``what`` is the selection in words ("8", "4 5 6").
"""

from __future__ import annotations

from kobito_tui.app.kobito.picking import END, Picker
from kobito_tui.i18n import Translator, words
from kobito_tui.kobito.moves import MAX_WORKSHOP
from kobito_tui.kobito.view import KobitoView


def pick_first(t: Translator) -> str:
    return t("Pick a card first: 1–9, or ←→ and space (↑ reaches your workshop)")


def how_to(t: Translator) -> tuple[tuple[str, str], ...]:
    """The F1 help's rows: what to do, and how."""
    return (
        # Translators: a/b/c are the keys of pots A, B and C; keep them Latin. "New rainbow" is the board's label.
        (t("Play a card to a pot"), t("pick it (1–9, or ←→ and space), choose a (+) place (↑↓ or a/b/c), Enter; or click both")),
        (t("Open a rainbow"), t("pick 2 or more cards in a row (e.g. 4 5 6), then Enter or click them under New rainbow")),
        (t("Add to a rainbow"), t("pick a card, choose a (+) at an end of your W1…W{last} rainbow, Enter", last=MAX_WORKSHOP)),
        (t("Move from the workshop"), t("↑ (or ←→) reaches your rainbows' end cards: pick one, then a pot place")),
        (t("Take a kobito back"), t("pick the number it stands for: its [K→7] lights up; Enter or click it")),
        # Translators: e is the key that ends the turn; keep it Latin.
        (t("End the turn"), t("e or End turn, once you played your requirement (1 + your rainbows)")),
        # Translators: e is the key that ends the turn: keep it Latin.
        (t("Penalties"), t("when no card fits and you played too few: pick that many cards, then e")),
        (t("A hint"), t("? (or Hint): the suggested move lights up; Enter plays it, e if it ends the turn")),
    )


def legend(t: Translator) -> tuple[tuple[str, str], ...]:
    """The F1 help's signs: each short form the board draws, and what it means."""
    return (
        ("3:7", t("the 3rd card of your hand, a 7: key 3 picks it")),
        ("(+)  [+]", t("a place your pick may go / the place Enter plays")),
        (
            f"{words.wild_letter(t, 'kobito')}  {words.wild_letter(t, 'paint')}",
            t("kobito and paint cards (wild); in a row K→7 stands for 7"),
        ),
        ("3‥11", t("a workshop rainbow from 3 up to 11 (12 and 1 are neighbours)")),
        (t("7 gold length 8 1/8"), t("a pot: its gold, its length, cards laid of the length")),
        (t("A 7g 1/8"), t("the same, short: pot A, 7 gold, 1 of 8 cards")),
        (t("pen 2"), t("penalty cards: 3 points off each; the score counts them")),
    )


def status_text(t: Translator, view: KobitoView, picker: Picker, interactive: bool, what: str) -> str:
    """What the rules need now."""
    if view.over:
        return t("The game is over")
    if not interactive:
        return t("Waiting for {name}", name=view.names[view.turn])
    if picker.hinted == END:
        if picker.selection:
            # Translators: e is the key that ends the turn: keep it Latin.
            return t("Hint: end your turn with the picked cards — press e")
        # Translators: e is the key that ends the turn: keep it Latin.
        return t("Hint: end your turn — press e")
    if picker.needs_penalty:
        due, chosen = view.penalty_due or 0, len(picker.selected_cards())
        if picker.move_to(END):
            # Translators: e is the key that ends the turn: keep it Latin.
            return t.n(
                "You must take {count} penalty card — {chosen} selected — press e or End turn",
                "You must take {count} penalty cards — {chosen} selected — press e or End turn",
                due,
                chosen=chosen,
            )
        return t.n(
            "You must take {count} penalty card — {chosen} selected",
            "You must take {count} penalty cards — {chosen} selected",
            due,
            chosen=chosen,
        )
    if picker.selection and picker.hinted is not None:
        return t("Hint: {what} to the highlighted place — Enter plays it", what=what)
    if picker.selection:
        return t("Pick a highlighted place for {what}", what=what) if picker.targets else no_place(t, view, picker, what)
    if view.played < view.requirement:
        return t.n(
            "Play at least {count} card — {played} played",
            "Play at least {count} cards — {played} played",
            view.requirement,
            played=view.played,
        )
    # Translators: e is the key that ends the turn: keep it Latin.
    return t("{played} played — play on, or end your turn (e)", played=view.played)


def no_place(t: Translator, view: KobitoView, picker: Picker, what: str) -> str:
    """Why the selection has nowhere to go."""
    chosen = len(picker.selected_cards())
    if picker.needs_penalty:
        return penalties_needed(t, view, picker)
    if chosen > 1:
        return t.n(
            "These {count} card make no move together: a run of 2+ opens a rainbow",
            "These {count} cards make no move together: a run of 2+ opens a rainbow",
            chosen,
        )
    if chosen:
        return t("{what} does not fit any pot or rainbow end", what=what)
    return t("{what} does not fit any pot", what=what)


def pot_place(t: Translator, slot: int) -> str:
    """A pot as a place a pick may go ("pot A")."""
    # Translators: a pot as the place a card goes to, after "to"/"fit"; {label} is A, B or C (Latin).
    return t("pot {label}", label="ABC"[slot])


def rainbow_place(t: Translator, index: int) -> str:
    # Translators: the player's own workshop rainbow as a place a card goes to; W1, W2... as the row labels them (the "W{number}" of context workshop).
    return t("workshop rainbow W{number}", number=index + 1)


def not_there(t: Translator, picker: Picker, what: str, where: str) -> str:
    """The selection does not go to ``where`` (see pot_place, rainbow_place)."""
    chosen = len(picker.selected_cards())
    if chosen > 1:
        return t.n("These {count} card do not go to {where}", "These {count} cards do not go to {where}", chosen, where=where)
    return t("{what} does not fit {where}", what=what, where=where)


def penalties_needed(t: Translator, view: KobitoView, picker: Picker) -> str:
    # Translators: e is the key that ends the turn: keep it Latin.
    return t.n(
        "Pick exactly {count} card to give up as penalty ({picked} picked), then e",
        "Pick exactly {count} cards to give up as penalty ({picked} picked), then e",
        view.penalty_due or 0,
        picked=len(picker.selected_cards()),
    )


def why_no_end(t: Translator, view: KobitoView, picker: Picker) -> str:
    if picker.needs_penalty:
        return penalties_needed(t, view, picker)
    return t.n(
        "Play {count} more card before ending your turn", "Play {count} more cards before ending your turn", view.requirement - view.played
    )


def tips(t: Translator, view: KobitoView, picker: Picker) -> list[tuple[object, str]]:
    """The first-game guide's tips for this moment, most urgent first, as ``(key, words)``."""
    need, due = view.requirement, view.penalty_due or 0
    kinds = {target[0] for targets in picker.moves.values() for target in targets}
    found: list[tuple[object, str]] = []
    if picker.needs_penalty:
        # Translators: e is the key that ends the turn: keep it Latin.
        found.append(
            (
                ("penalty",),
                t.n(
                    "nothing fits and you played too few: give up {count} card (−3 points each), then e.",
                    "nothing fits and you played too few: give up {count} cards (−3 points each), then e.",
                    due,
                ),
            )
        )
    found += [
        (("goal",), t("fill a pot's rainbow to its length (numbers in a row, at either end) to win its gold.")),
        # Translators: e is the key that ends the turn: keep it Latin.
        (
            ("requirement", need),
            t.n(
                "play {count} card or more this turn (1, +1 per workshop rainbow), then e.",
                "play {count} cards or more this turn (1, +1 per workshop rainbow), then e.",
                need,
            ),
        ),
    ]
    if any(isinstance(source, tuple) for source in picker.moves):
        found.append((("workshop",), t("↑ reaches your rainbows' end cards: moving one to a pot is free.")))
    if "kobito" in kinds:
        found.append((("kobito",), t("pick the number a K→7 stands for, then Enter: the kobito comes back.")))
    if "open" in kinds:
        found.append((("open",), t("2+ cards in a row (like 4 5 6) open a workshop rainbow: pick them, Enter.")))
    return found
