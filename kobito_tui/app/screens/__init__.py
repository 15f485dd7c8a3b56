"""The shell's screens: title, dialogs, the game table and its companions."""
