"""Generic widgets of the shell, shared by every screen and game."""
