"""Every action a player can take, declared once (as braindrop's command classes):
its keys, its footer label, its line in the F1 help and, for some, its entry in
the command palette.  Screens and boards take their ``BINDINGS`` from here
(:func:`bindings`), the palette its commands (:data:`PALETTE`), the help its
lines (a binding's ``tooltip`` is its help line).

Bindings are declared once for every client, so they hold English: each of
their words is marked here with :func:`phrase`, and :func:`localized` puts it in a
client's language where it is shown (the footer, the F1 help, the palette)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from textual.binding import Binding, BindingType

from kobito_tui.i18n import Translator

_MARKED: dict[str, tuple[str, dict[str, object]]] = {}  # English words -> (message id, parameters)


def phrase(message: str, /, **params: object) -> str:
    """Marks ``message`` for the catalog (the extractor takes every ``phrase("...")``) and
    returns it in English, filled in; :func:`localized` gives it in a client's language."""
    english = message.format(**params)
    _MARKED[english] = (message, params)
    return english


def marked(english: str) -> tuple[str, dict[str, object]] | None:
    """The message id and parameters of words marked here, or None."""
    return _MARKED.get(english)


def localized_with(translate: Translator, message: str, /, **params: object) -> str:
    """A message id marked here, filled in with other ``params`` (a run of keys: "Card 1–9")."""
    return translate(message, **params)


def localized(translate: Translator, english: str) -> str:
    """Words marked here in ``translate``'s language; any other words as they are."""
    found = _MARKED.get(english)
    return english if found is None else translate(found[0], **found[1])


@lru_cache(maxsize=1024)
def translated(binding: Binding, translate: Translator) -> Binding:
    """``binding`` with its description, help line and group in ``translate``'s language."""
    group = binding.group and replace(binding.group, description=localized(translate, binding.group.description))
    return replace(
        binding,
        description=localized(translate, binding.description),
        tooltip=localized(translate, binding.tooltip),
        group=group,
    )


@dataclass(frozen=True)
class Action:
    keys: str  # Textual key names, comma-separated ("u,ctrl+z"); "" for the palette only
    action: str  # what it runs ("undo", "app.rules", "step('up')")
    label: str  # the footer's word
    help: str = ""  # the F1 line and the palette's help ("" → the label)
    palette: str = ""  # its name in the command palette ("" → not offered there)
    show: bool = True  # in the footer
    key_display: str | None = None
    group: Binding.Group | None = None
    priority: bool = False

    @property
    def binding(self) -> Binding:
        return Binding(
            self.keys,
            self.action,
            self.label,
            show=self.show,
            key_display=self.key_display,
            priority=self.priority,
            tooltip=self.help,
            group=self.group,
        )

    @property
    def key(self) -> str:
        """The key as a button shows it ("u", "?")."""
        return self.key_display or self.keys.split(",")[0]


def bindings(*actions: Action) -> list[BindingType]:
    """The ``BINDINGS`` of a screen or widget: its actions that have keys."""
    return [action.binding for action in actions if action.keys]


# -- everywhere (the app) --------------------------------------------------
HELP = Action("f1", "app.help", phrase("Keys"), phrase("Every key of this screen and its board"), palette=phrase("Keys"))
HOW_TO_PLAY = Action(
    "f3", "app.how_to_play", phrase("How to play"), phrase("How to play: the goal, a turn, each move"),
    palette=phrase("How to play"), show=False,
)  # fmt: skip  # arguments grouped a few a line by meaning
QUIT = Action("ctrl+q,ctrl+c", "app.quit", phrase("Quit"), phrase("Quit (your game is already saved)"), show=False, priority=True)
TO_TITLE = Action("", "app.home('title')", phrase("Title"), phrase("Back to the title (games stay saved)"), palette=phrase("Title screen"))
APP = (HELP, HOW_TO_PLAY, QUIT, TO_TITLE)

# -- the title screen ------------------------------------------------------
# Its buttons show these keys: the footer keeps F1 and the palette, in any language.
NEW_GAME = Action(
    "n", "app.home('new_game')", phrase("New"), phrase("Choose a game, players and rule options"), palette=phrase("New game"), show=False
)
CONTINUE = Action(
    "c", "app.home('continue_game')", phrase("Continue"), phrase("Resume the latest unfinished game"), palette=phrase("Continue"),
    show=False,
)  # fmt: skip  # arguments grouped a few a line by meaning
LOAD = Action("l", "app.home('load_game')", phrase("Load"), phrase("Resume a saved game"), palette=phrase("Load"), show=False)
REPLAYS = Action("p", "app.home('replays')", phrase("Replays"), phrase("Watch saved games"), palette=phrase("Replays"), show=False)
STATISTICS = Action(
    "s", "app.home('statistics')", phrase("Statistics"), phrase("Your wins and places"),
    palette=phrase("Statistics"), show=False,
)  # fmt: skip  # arguments grouped a few a line by meaning
LEARN = Action("h", "app.how_to_play", phrase("Learn"), phrase("How to play"), show=False)
TUTORIAL = Action(
    "t", "app.tutorial", phrase("Tutorial"), phrase("A guided first game: every kind of move"),
    palette=phrase("Tutorial"), show=False,
)  # fmt: skip  # arguments grouped a few a line by meaning
RULES = Action("r", "app.rules", phrase("Rules"), phrase("The rules, with the options in force"), palette=phrase("Rules"), show=False)
QUIT_KEY = Action("q", "app.quit", phrase("Quit"), show=False)  # the footer fits 80 columns; a button shows it
UP = Action("up", "app.focus_previous", "", show=False)
DOWN = Action("down", "app.focus_next", "", show=False)
TITLE = (NEW_GAME, CONTINUE, LOAD, REPLAYS, STATISTICS, TUTORIAL, LEARN, RULES, QUIT_KEY, UP, DOWN)

# -- the game screen -------------------------------------------------------
# Undo, Redo, Hint and Menu are buttons above the log, with their keys, and
# Quit is in the menu: the footer keeps room for the board's keys, the guide
# and F1 at 80 columns; the status line has the whole width.
UNDO = Action("u,ctrl+z", "undo", phrase("Undo"), phrase("Take back your last move of this turn"), palette=phrase("Undo"), show=False)
REDO = Action("y,ctrl+y", "redo", phrase("Redo"), phrase("Play the move you took back again"), palette=phrase("Redo"), show=False)
HINT = Action(
    "question_mark", "hint", phrase("Hint"), phrase("Let the hard computer suggest a move"), palette=phrase("Hint"), show=False,
    key_display="?",
)  # fmt: skip  # arguments grouped a few a line by meaning
MENU = Action("escape", "menu", phrase("Menu"), phrase("The game menu"), palette=phrase("Menu"), show=False, key_display="esc")
GUIDE = Action("g", "guide", phrase("Tips on/off"), phrase("Tips for a first game in the log: on or off"), palette=phrase("Tips on/off"))
GAME_RULES = Action("f2", "app.rules", phrase("Rules"), RULES.help)
LEAVE_GAME = Action(
    "ctrl+l", "leave_game", phrase("Leave the game"),
    phrase("Leave this game for good: a computer plays on in your seat (with two players, the other wins)"),
    palette=phrase("Leave the game"), show=False,
)  # fmt: skip  # arguments grouped a few a line by meaning
GAME = (UNDO, REDO, HINT, MENU, GUIDE, GAME_RULES, QUIT_KEY, LEAVE_GAME)
# What only a seat can do: a spectator's screen has none of them (no button, key, help line or command).
SEAT_ONLY = frozenset(action.action for action in (UNDO, REDO, HINT, GUIDE))

# -- the boards ------------------------------------------------------------
CARD_KEYS = Binding.Group(phrase("Card"), compact=True)
TARGET_KEYS = Binding.Group(phrase("Place"), compact=True)
KOBITO_BOARD = (
    Action("left", "cursor(-1)", phrase("Card"), phrase("Move among the cards to pick"), key_display="←", group=CARD_KEYS),
    Action("right", "cursor(1)", phrase("Card"), phrase("Move among the cards to pick"), key_display="→", group=CARD_KEYS),
    Action("space", "toggle", phrase("Pick"), phrase("Pick or put back the card at the cursor")),
    *(Action(str(n), f"card({n})", phrase("Card {number}", number=n), show=False) for n in range(1, 10)),
    Action(
        "up",
        "target(-1)",
        phrase("Place"),
        phrase("Choose a place (none picked: workshop)"),
        key_display="↑",
        group=TARGET_KEYS,
    ),
    Action("down", "target(1)", phrase("Place"), phrase("Choose a place (none picked: hand)"), key_display="↓", group=TARGET_KEYS),
    # Translators: {label} is a pot's key, A, B or C (Latin letters: the keys a, b, c).
    *(Action(k, f"pot({n})", phrase("Pot {label}", label=k.upper()), show=False) for n, k in enumerate("abc")),
    Action("enter", "play", phrase("Play"), phrase("Play the pick on the chosen place")),
    Action("e", "end_turn", phrase("End"), phrase("End your turn (picked: as penalties)")),
    Action("escape", "clear", phrase("Clear"), phrase("Put the picked cards back"), show=False),
)
TREASURE_BOARD = (
    Action("up,k,w", "step('up')", phrase("Step up"), show=False),
    Action("down,j,s", "step('down')", phrase("Step down"), show=False),
    Action("left,h,a", "step('left')", phrase("Step left"), show=False),
    Action("right,l,d", "step('right')", phrase("Step right"), show=False),
    Action("enter", "confirm", phrase("Confirm"), show=False),  # the button shows it
)

# -- dialogs and pages -----------------------------------------------------
BACK = Action("escape,q", "dismiss", phrase("Back"))
HELP_SCREEN = (Action("escape,q,f1", "dismiss", phrase("Back")),)
HOW_TO_PLAY_SCREEN = (BACK,)
RULES_SCREEN = (BACK, Action("tab", "other_game", phrase("Other game"), phrase("The other game's rules")))
NEW_GAME_SCREEN = (Action("escape", "cancel", phrase("Cancel")), Action("ctrl+s", "start", phrase("Start"), phrase("Start the game")))
TUTORIAL_DIALOG = (Action("escape", "dismiss(None)", phrase("Back")), UP, DOWN)  # a list of buttons: ↑/↓ as in every list
MENU_SCREEN = (Action("escape", "dismiss", phrase("Resume"), phrase("Back to the game")), UP, DOWN)
STATISTICS_SCREEN = (BACK, Action("p", "next_player", phrase("Next player"), phrase("The next player's results")))
MESSAGE_SCREEN = (Action("escape,enter", "dismiss", phrase("Close")),)
UNSAVED_SCREEN = (Action("escape", "dismiss(None)", phrase("Back")),)
CURTAIN_SCREEN = (
    Action("enter", "dismiss", phrase("I am ready"), priority=True),
    Action("space", "dismiss", phrase("I am ready"), show=False),
)
FINAL_SCREEN = (
    Action("p", "play_again", phrase("Play again")),
    Action("a", "analyse", phrase("Analyse"), phrase("The replay with the computer's analysis"), show=False),  # its button shows it
    Action("s", "save_replay", phrase("Save replay")),
    Action("t,escape", "title", phrase("Title")),
    Action("q", "app.quit", phrase("Quit")),
)
# The lobby's choice of language (the remote app's palette offers it there too).
WEB_LINK = Action(
    "",
    "app.home('web_link')",
    phrase("Browser link"),
    phrase("A one-time link that signs a web browser in as you"),
    phrase("Browser link"),
    show=False,
)
LANGUAGE = Action(
    "l", "app.home('language')", phrase("Language"), phrase("The language you read, kept for your key"), phrase("Language"), show=False
)
LOBBY_SCREEN = (
    Action("n", "new_table", phrase("New table"), phrase("A new table: game, rule options, seats")),
    Action("j", "join", phrase("Join"), phrase("Sit down (your seat, or a free one)")),
    Action("w", "watch", phrase("Watch"), phrase("Watch the chosen table")),
    Action("r", "rejoin", phrase("Rejoin (code)"), phrase("Your seat back, with its seat code")),
    Action("p", "replays", phrase("Replays"), phrase("Finished tables you played at")),
    LANGUAGE,
    Action("q", "app.quit", phrase("Quit")),
)
CODE_DIALOG = (Action("escape", "dismiss(None)", phrase("Cancel")),)
LANGUAGE_DIALOG = (*CODE_DIALOG, UP, DOWN)  # one button per language: ↑/↓ as in every list
REPLAYS_DIALOG = (Action("escape", "dismiss(None)", phrase("Back")),)
# The app in remote mode: who is at your table, and the waiting screen before a game begins.
TABLE = Action("f4", "app.home('table')", phrase("Table"), phrase("Who is connected; give away a seat"), palette=phrase("Table"))
LOBBY = Action("", "app.home('lobby')", phrase("Lobby"), phrase("Back to the tables"), palette=phrase("Lobby"))  # the remote app's home
HOME_KEYS = (Action("f4", "home('table')", phrase("Table"), TABLE.help, show=False),)  # the app's, where its home offers them
TABLE_DIALOG = (Action("escape,f4", "dismiss(None)", phrase("Back")),)
WAITING_SCREEN = (Action("escape", "app.to_title", phrase("Back to the lobby")), TABLE)

# -- the saved-games browser, the replay viewer and their dialogs -------------
BROWSER_SCREEN = (
    Action("enter", "open", phrase("Open"), show=False),
    Action("r", "replay", phrase("Replay")),
    Action("c", "continue", phrase("Continue")),
    Action("s", "sort", phrase("Sort")),
    Action("f2,m", "rename", phrase("Rename")),
    Action("delete,d", "delete", phrase("Delete")),
    Action("escape,q", "close", phrase("Back")),
)
ANALYSE = Action(
    "a", "analyse", phrase("Analyse"), phrase("Computer analysis: each player's winning chance, turn by turn, and the mistakes"),
    palette=phrase("Analyse this game"),
)  # fmt: skip  # arguments grouped a few a line by meaning
CONFIRM_DIALOG = (Action("escape,n", "answer(False)", phrase("No")), Action("y", "answer(True)", phrase("Yes")))
CANCEL_DIALOG = (Action("escape", "cancel", phrase("Cancel")),)  # renaming a save, the seats of a branch
REPLAY_SCREEN = (
    Action("right,l", "step(1)", phrase("Step"), key_display="→", priority=True),
    Action("left,h", "step(-1)", phrase("Step back"), key_display="←", priority=True),
    Action("pagedown,ctrl+right,right_square_bracket", "turn(1)", phrase("Turn ▸"), key_display="PgDn", priority=True),
    Action("pageup,ctrl+left,left_square_bracket", "turn(-1)", phrase("◂ Turn"), key_display="PgUp", priority=True),
    Action("home", "jump(0)", phrase("Start"), show=False, priority=True),
    Action("end", "jump(-1)", phrase("End"), show=False, priority=True),
    Action("space", "play", phrase("Play"), key_display="space", priority=True),
    Action("plus,equals_sign", "speed(1)", phrase("Faster"), key_display="+", show=False),
    Action("minus", "speed(-1)", phrase("Slower"), key_display="-", show=False),
    Action("v", "perspective", phrase("View")),
    Action("n", "mistake(1)", phrase("Next mistake"), phrase("To the next turn the analysis marked"), show=False),
    Action("p", "mistake(-1)", phrase("Previous mistake"), phrase("To the turn the analysis marked before this one"), show=False),
    Action("0", "perspective(0)", phrase("View everything"), show=False),
    *(Action(str(n), f"perspective({n})", phrase("View as seat {number}", number=n), show=False) for n in range(1, 7)),
    Action("b", "branch", phrase("Play from here")),
    Action("escape,q", "close", phrase("Back")),
    ANALYSE,  # last in the footer: at 80 columns the keys before it fill the line
)
REPLAY_LOG = (
    Action("up", "line(-1)", phrase("Earlier line"), key_display="↑", show=False),
    Action("down", "line(1)", phrase("Later line"), key_display="↓", show=False),
)

# The command palette: the app's and the title's actions anywhere, the game's over a game.
NOTIFY = Action(
    "", "app.home('notify')", phrase("Notifications on/off"),
    phrase("A bell and a desktop notice when a table comes to wait for your move: on or off"), palette=phrase("Notifications on/off"),
)  # fmt: skip  # arguments grouped a few a line by meaning
PALETTE = tuple(action for action in (*TITLE, *APP, LOBBY, TABLE, LANGUAGE, WEB_LINK, NOTIFY) if action.palette)
"""Each shown where it is offered: a home's own action (:func:`home_action`) only where the home offers it."""
GAME_PALETTE = tuple(action for action in GAME if action.palette)
REPLAY_PALETTE = tuple(action for action in REPLAY_SCREEN if action.palette)  # the screen's own PALETTE


def home_action(action: str) -> str | None:
    """The home's action an app action runs ("app.home('table')": "table"), or None for the app's own."""
    if action.startswith("app.home('") and action.endswith("')"):
        return action.removeprefix("app.home('").removesuffix("')")
    return None


# Textual's own words the app shows: the footer's palette key, the palette's
# prompt and the system commands it offers (App.get_system_commands).
TEXTUAL_WORDS = frozenset(
    (
        phrase("palette"),
        phrase("Open the command palette"),
        phrase("Search for commands…"),
        phrase("Theme"),
        phrase("Change the current theme"),
        phrase("Quit the application as soon as possible"),
        phrase("Minimize"),
        phrase("Minimize the widget and restore to normal size"),
        phrase("Maximize"),
        phrase("Maximize the focused widget"),
        phrase("Screenshot"),
        phrase("Save an SVG 'screenshot' of the current screen"),
    )
)
