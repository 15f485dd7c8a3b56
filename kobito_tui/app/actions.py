"""Every action a player can take, declared once (as braindrop's command classes):
its keys, its footer label, its line in the F1 help and, for some, its entry in
the command palette.  Screens and boards take their ``BINDINGS`` from here
(:func:`bindings`), the palette its commands (:data:`PALETTE`), the help its
lines (a binding's ``tooltip`` is its help line).

Bindings are declared once for every client, so they hold English: each of
their words is marked here with :func:`t`, and :func:`said` puts it in a client's
language where it is shown (the footer, the F1 help, the palette)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from textual.binding import Binding

from kobito_tui.i18n import Translator

_MARKED: dict[str, tuple[str, dict[str, object]]] = {}  # English words -> (message id, parameters)


def t(message: str, /, **params: object) -> str:
    """Marks ``message`` for the catalog (the extractor takes every ``t("...")``) and
    returns it in English, filled in; :func:`said` says it in a client's language."""
    english = message.format(**params)
    _MARKED[english] = (message, params)
    return english


def marked(english: str) -> tuple[str, dict[str, object]] | None:
    """The message id and parameters of words marked here, or None."""
    return _MARKED.get(english)


def said_as(translate: Translator, message: str, /, **params: object) -> str:
    """A message id marked here, filled in with other ``params`` (a run of keys: "Card 1–9")."""
    return translate(message, **params)


def said(translate: Translator, english: str) -> str:
    """Words marked here in ``translate``'s language; any other words as they are."""
    found = _MARKED.get(english)
    return english if found is None else translate(found[0], **found[1])


@lru_cache(maxsize=1024)
def translated(binding: Binding, translate: Translator) -> Binding:
    """``binding`` with its description, help line and group in ``translate``'s language."""
    group = binding.group and replace(binding.group, description=said(translate, binding.group.description))
    return replace(
        binding,
        description=said(translate, binding.description),
        tooltip=said(translate, binding.tooltip),
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


def bindings(*actions: Action) -> list[Binding]:
    """The ``BINDINGS`` of a screen or widget: its actions that have keys."""
    return [action.binding for action in actions if action.keys]


# -- everywhere (the app) --------------------------------------------------
HELP = Action("f1", "app.help", t("Keys"), t("Every key of this screen and its board"), palette=t("Keys"))
HOW_TO_PLAY = Action(
    "f3", "app.how_to_play", t("How to play"), t("How to play: the goal, a turn, each move"),
    palette=t("How to play"), show=False,
)  # fmt: skip
QUIT = Action(
    "ctrl+q,ctrl+c", "app.quit", t("Quit"), t("Quit (your game is already saved)"), show=False, priority=True
)
TO_TITLE = Action("", "app.to_title", t("Title"), t("Back to the title (games stay saved)"), palette=t("Title screen"))
APP = (HELP, HOW_TO_PLAY, QUIT, TO_TITLE)

# -- the title screen ------------------------------------------------------
# Its buttons show these keys: the footer keeps F1 and the palette, in any language.
NEW_GAME = Action(
    "n", "app.new_game", t("New"), t("Choose a game, players and rule options"), palette=t("New game"), show=False
)
CONTINUE = Action(
    "c", "app.continue_game", t("Continue"), t("Resume the most recent unfinished game"), palette=t("Continue"),
    show=False,
)  # fmt: skip
LOAD = Action("l", "app.load_game", t("Load"), t("Resume a saved game"), palette=t("Load"), show=False)
REPLAYS = Action("p", "app.replays", t("Replays"), t("Watch saved games"), palette=t("Replays"), show=False)
LEARN = Action("h", "app.how_to_play", t("Learn"), t("How to play"), show=False)
RULES = Action(
    "r", "app.rules", t("Rules"), t("The rules, with the options in force"), palette=t("Rules"), show=False
)
QUIT_KEY = Action("q", "app.quit", t("Quit"), show=False)  # the footer fits 80 columns; a button shows it
UP = Action("up", "app.focus_previous", "", show=False)
DOWN = Action("down", "app.focus_next", "", show=False)
TITLE = (NEW_GAME, CONTINUE, LOAD, REPLAYS, LEARN, RULES, QUIT_KEY, UP, DOWN)

# -- the game screen -------------------------------------------------------
# Undo, Redo, Hint and Menu are buttons above the log, with their keys, and
# Quit is in the menu: the footer keeps room for the board's keys, the guide
# and F1 at 80 columns; the status line has the whole width.
UNDO = Action(
    "u,ctrl+z", "undo", t("Undo"), t("Take back your last move of this turn"), palette=t("Undo"), show=False
)
REDO = Action("y,ctrl+y", "redo", t("Redo"), t("Play the move you took back again"), palette=t("Redo"), show=False)
HINT = Action(
    "question_mark", "hint", t("Hint"), t("Let the hard computer suggest a move"), palette=t("Hint"), show=False,
    key_display="?",
)  # fmt: skip
MENU = Action("escape", "menu", t("Menu"), t("The game menu"), palette=t("Menu"), show=False, key_display="esc")
GUIDE = Action("g", "guide", t("Guide"), t("First-game guide on or off"))
GAME_RULES = Action("f2", "app.rules", t("Rules"), RULES.help)
GAME = (UNDO, REDO, HINT, MENU, GUIDE, GAME_RULES, QUIT_KEY)
# What only a seat can do: a spectator's screen has none of them (no button, key, help line or command).
SEAT_ONLY = frozenset(action.action for action in (UNDO, REDO, HINT, GUIDE))

# -- the boards ------------------------------------------------------------
CARD_KEYS = Binding.Group(t("Card"), compact=True)
TARGET_KEYS = Binding.Group(t("Place"), compact=True)
KOBITO_BOARD = (
    Action("left", "cursor(-1)", t("Card"), t("Move among the cards to pick"), key_display="←", group=CARD_KEYS),
    Action("right", "cursor(1)", t("Card"), t("Move among the cards to pick"), key_display="→", group=CARD_KEYS),
    Action("space", "toggle", t("Pick"), t("Pick or put back the card at the cursor")),
    *(Action(str(n), f"card({n})", t("Card {number}", number=n), show=False) for n in range(1, 10)),
    Action(
        "up", "target(-1)", t("Place"), t("Choose a place (none picked: workshop)"), key_display="↑",
        group=TARGET_KEYS,
    ),
    Action(
        "down", "target(1)", t("Place"), t("Choose a place (none picked: hand)"), key_display="↓", group=TARGET_KEYS
    ),
    # Translators: {label} is a pot's key, A, B or C (Latin letters: the keys a, b, c).
    *(Action(k, f"pot({n})", t("Pot {label}", label=k.upper()), show=False) for n, k in enumerate("abc")),
    Action("enter", "play", t("Play"), t("Play the pick on the chosen place")),
    Action("e", "end_turn", t("End"), t("End your turn (picked: as penalties)")),
    Action("escape", "clear", t("Clear"), t("Put the picked cards back"), show=False),
)
TREASURE_BOARD = (
    Action("up,k,w", "step('up')", t("Step up"), show=False),
    Action("down,j,s", "step('down')", t("Step down"), show=False),
    Action("left,h,a", "step('left')", t("Step left"), show=False),
    Action("right,l,d", "step('right')", t("Step right"), show=False),
    Action("enter", "confirm", t("Confirm"), show=False),  # the button shows it
)

# -- dialogs and pages -----------------------------------------------------
BACK = Action("escape,q", "dismiss", t("Back"))
HELP_SCREEN = (Action("escape,q,f1", "dismiss", t("Back")),)
HOW_TO_PLAY_SCREEN = (BACK,)
RULES_SCREEN = (BACK, Action("tab", "other_game", t("Other game"), t("The other game's rules")))
NEW_GAME_SCREEN = (Action("escape", "cancel", t("Cancel")), Action("ctrl+s", "start", t("Start"), t("Start the game")))
MENU_SCREEN = (Action("escape", "dismiss", t("Resume"), t("Back to the game")), UP, DOWN)
MESSAGE_SCREEN = (Action("escape,enter", "dismiss", t("Close")),)
UNSAVED_SCREEN = (Action("escape", "dismiss(None)", t("Back")),)
CURTAIN_SCREEN = (
    Action("enter", "dismiss", t("I am ready"), priority=True),
    Action("space", "dismiss", t("I am ready"), show=False),
)
FINAL_SCREEN = (
    Action("p", "play_again", t("Play again")),
    Action("s", "save_replay", t("Save replay")),
    Action("t,escape", "title", t("Title")),
    Action("q", "app.quit", t("Quit")),
)
# The lobby's choice of language (the remote app's palette offers it there too).
LANGUAGE = Action("l", "app.language", t("Language"), t("The language you read, kept for your key"), t("Language"), show=False)
LOBBY_SCREEN = (
    Action("n", "new_table", t("New table"), t("A new table: game, rule options, seats")),
    Action("j", "join", t("Join"), t("Sit down (your seat, or a free one)")),
    Action("w", "watch", t("Watch"), t("Watch the chosen table")),
    Action("r", "rejoin", t("Rejoin (code)"), t("Your seat back, with its seat code")),
    Action("p", "replays", t("Replays"), t("Finished tables you played at")),
    LANGUAGE,
    Action("q", "app.quit", t("Quit")),
)
CODE_DIALOG = (Action("escape", "dismiss(None)", t("Cancel")),)
REPLAYS_DIALOG = (Action("escape", "dismiss(None)", t("Back")),)
# The app in remote mode: who is at your table, and the waiting screen before a game begins.
TABLE = Action("f4", "app.table", t("Table"), t("Who is connected; give away a seat"), palette=t("Table"))
REMOTE_APP = (Action("f4", "table", t("Table"), TABLE.help, show=False),)
TABLE_DIALOG = (Action("escape,f4", "dismiss(None)", t("Back")),)
WAITING_SCREEN = (Action("escape", "app.lobby", t("Back to the lobby")), TABLE)

# -- the saved-games browser, the replay viewer and their dialogs -------------
BROWSER_SCREEN = (
    Action("enter", "open", t("Open"), show=False),
    Action("r", "replay", t("Replay")),
    Action("c", "continue", t("Continue")),
    Action("s", "sort", t("Sort")),
    Action("f2,m", "rename", t("Rename")),
    Action("delete,d", "delete", t("Delete")),
    Action("escape,q", "close", t("Back")),
)
CONFIRM_DIALOG = (Action("escape,n", "answer(False)", t("No")), Action("y", "answer(True)", t("Yes")))
CANCEL_DIALOG = (Action("escape", "cancel", t("Cancel")),)  # renaming a save, the seats of a branch
REPLAY_SCREEN = (
    Action("right,l", "step(1)", t("Step"), key_display="→", priority=True),
    Action("left,h", "step(-1)", t("Step back"), key_display="←", priority=True),
    Action("pagedown,ctrl+right,right_square_bracket", "turn(1)", t("Turn ▸"), key_display="PgDn", priority=True),
    Action("pageup,ctrl+left,left_square_bracket", "turn(-1)", t("◂ Turn"), key_display="PgUp", priority=True),
    Action("home", "jump(0)", t("Start"), show=False, priority=True),
    Action("end", "jump(-1)", t("End"), show=False, priority=True),
    Action("space", "play", t("Play"), key_display="space", priority=True),
    Action("plus,equals_sign", "speed(1)", t("Faster"), key_display="+", show=False),
    Action("minus", "speed(-1)", t("Slower"), key_display="-", show=False),
    Action("v", "perspective", t("View")),
    Action("0", "perspective(0)", t("View everything"), show=False),
    *(Action(str(n), f"perspective({n})", t("View as seat {number}", number=n), show=False) for n in range(1, 7)),
    Action("b", "branch", t("Play from here")),
    Action("escape,q", "close", t("Back")),
)
REPLAY_LOG = (
    Action("up", "line(-1)", t("Earlier line"), key_display="↑", show=False),
    Action("down", "line(1)", t("Later line"), key_display="↓", show=False),
)

# The command palette: the app's and the title's actions anywhere, the game's over a game.
PALETTE = tuple(action for action in (*TITLE, *APP) if action.palette)
GAME_PALETTE = tuple(action for action in GAME if action.palette)

# Textual's own words the app shows: the footer's palette key, the palette's
# prompt and the system commands it offers (App.get_system_commands).
TEXTUAL_WORDS = frozenset((
    t("palette"),
    t("Open the command palette"),
    t("Search for commands…"),
    t("Theme"),
    t("Change the current theme"),
    t("Quit the application as soon as possible"),
    t("Minimize"),
    t("Minimize the widget and restore to normal size"),
    t("Maximize"),
    t("Maximize the focused widget"),
    t("Screenshot"),
    t("Save an SVG 'screenshot' of the current screen"),
))
