"""Every action a player can take, declared once (as braindrop's command classes):
its keys, its footer label, its line in the F1 help and, for some, its entry in
the command palette.  Screens and boards take their ``BINDINGS`` from here
(:func:`bindings`), the palette its commands (:data:`PALETTE`), the help its
lines (a binding's ``tooltip`` is its help line)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


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
HELP = Action("f1", "app.help", "Keys", "Every key of this screen and its board", palette="Keys")
HOW_TO_PLAY = Action(
    "f3", "app.how_to_play", "How to play", "How to play: the goal, a turn, each move", palette="How to play",
    show=False,
)  # fmt: skip
QUIT = Action("ctrl+q,ctrl+c", "app.quit", "Quit", "Quit (your game is already saved)", show=False, priority=True)
TO_TITLE = Action("", "app.to_title", "Title", "Back to the title (games stay saved)", palette="Title screen")
APP = (HELP, HOW_TO_PLAY, QUIT, TO_TITLE)

# -- the title screen ------------------------------------------------------
NEW_GAME = Action("n", "app.new_game", "New", "Choose a game, players and rule options", palette="New game")
CONTINUE = Action("c", "app.continue_game", "Continue", "Resume the most recent unfinished game", palette="Continue")
LOAD = Action("l", "app.load_game", "Load", "Resume a saved game", palette="Load")
REPLAYS = Action("p", "app.replays", "Replays", "Watch saved games", palette="Replays")
LEARN = Action("h", "app.how_to_play", "Learn", "How to play")
RULES = Action("r", "app.rules", "Rules", "The rules, with the options in force", palette="Rules")
QUIT_KEY = Action("q", "app.quit", "Quit", show=False)  # the footer fits 80 columns; a button shows it
UP = Action("up", "app.focus_previous", "", show=False)
DOWN = Action("down", "app.focus_next", "", show=False)
TITLE = (NEW_GAME, CONTINUE, LOAD, REPLAYS, LEARN, RULES, QUIT_KEY, UP, DOWN)

# -- the game screen -------------------------------------------------------
# Undo, Redo, Hint and Menu are buttons above the log, with their keys, and
# Quit is in the menu: the footer keeps room for the board's keys, the guide
# and F1 at 80 columns; the status line has the whole width.
UNDO = Action("u,ctrl+z", "undo", "Undo", "Take back your last move of this turn", palette="Undo", show=False)
REDO = Action("y,ctrl+y", "redo", "Redo", "Play the move you took back again", palette="Redo", show=False)
HINT = Action(
    "question_mark", "hint", "Hint", "Let the hard computer suggest a move", palette="Hint", show=False, key_display="?"
)
MENU = Action("escape", "menu", "Menu", "The game menu", palette="Menu", show=False, key_display="esc")
GUIDE = Action("g", "guide", "Guide", "First-game guide on or off")
GAME_RULES = Action("f2", "app.rules", "Rules", RULES.help)
GAME = (UNDO, REDO, HINT, MENU, GUIDE, GAME_RULES, QUIT_KEY)

# -- the boards ------------------------------------------------------------
CARD_KEYS = Binding.Group("Card", compact=True)
TARGET_KEYS = Binding.Group("Place", compact=True)
KOBITO_BOARD = (
    Action("left", "cursor(-1)", "Card", "Move among the cards to pick", key_display="←", group=CARD_KEYS),
    Action("right", "cursor(1)", "Card", "Move among the cards to pick", key_display="→", group=CARD_KEYS),
    Action("space", "toggle", "Pick", "Pick or put back the card at the cursor"),
    *(Action(str(n), f"card({n})", f"Card {n}", show=False) for n in range(1, 10)),
    Action("up", "target(-1)", "Place", "Choose a place (none picked: workshop)", key_display="↑", group=TARGET_KEYS),
    Action("down", "target(1)", "Place", "Choose a place (none picked: hand)", key_display="↓", group=TARGET_KEYS),
    *(Action(k, f"pot({n})", f"Pot {k.upper()}", show=False) for n, k in enumerate("abc")),
    Action("enter", "play", "Play", "Play the pick on the chosen place"),
    Action("e", "end_turn", "End", "End your turn (picked: as penalties)"),
    Action("escape", "clear", "Clear", "Put the picked cards back", show=False),
)
TREASURE_BOARD = (
    Action("up,k,w", "step('up')", "Step", show=False),
    Action("down,j,s", "step('down')", "Step", show=False),
    Action("left,h,a", "step('left')", "Step", show=False),
    Action("right,l,d", "step('right')", "Step", show=False),
    Action("enter", "confirm", "Confirm", show=False),  # the button shows it
)

# -- dialogs and pages -----------------------------------------------------
BACK = Action("escape,q", "dismiss", "Back")
HELP_SCREEN = (Action("escape,q,f1", "dismiss", "Back"),)
HOW_TO_PLAY_SCREEN = (BACK,)
RULES_SCREEN = (BACK, Action("tab", "other_game", "Other game", "The other game's rules"))
NEW_GAME_SCREEN = (Action("escape", "cancel", "Cancel"), Action("ctrl+s", "start", "Start", "Start the game"))
MENU_SCREEN = (Action("escape", "dismiss", "Resume", "Back to the game"), UP, DOWN)
MESSAGE_SCREEN = (Action("escape,enter", "dismiss", "Close"),)
UNSAVED_SCREEN = (Action("escape", "dismiss(None)", "Back"),)
CURTAIN_SCREEN = (
    Action("enter", "dismiss", "I am ready", priority=True),
    Action("space", "dismiss", "I am ready", show=False),
)
LOBBY_SCREEN = (
    Action("n", "new_table", "New table", "A new table: game, rule options, seats"),
    Action("j", "join", "Join", "Sit down (your seat, or a free one)"),
    Action("w", "watch", "Watch", "Watch the chosen table"),
    Action("r", "rejoin", "Rejoin (code)", "Your seat back, with its seat code"),
    Action("p", "replays", "Replays", "Finished tables you played at"),
    Action("q", "app.quit", "Quit"),
)
CODE_DIALOG = (Action("escape", "dismiss(None)", "Cancel"),)
REPLAYS_DIALOG = (Action("escape", "dismiss(None)", "Back"),)
# The app in remote mode: who is at your table, and the waiting screen before a game begins.
TABLE = Action("f4", "app.table", "Table", "Who is connected; give away a seat", palette="Table")
REMOTE_APP = (Action("f4", "table", "Table", TABLE.help, show=False),)
TABLE_DIALOG = (Action("escape,f4", "dismiss(None)", "Back"),)
WAITING_SCREEN = (Action("escape", "app.lobby", "Back to the lobby"), TABLE)

# The command palette: the app's and the title's actions anywhere, the game's over a game.
PALETTE = tuple(action for action in (*TITLE, *APP) if action.palette)
GAME_PALETTE = tuple(action for action in GAME if action.palette)
