"""Hide the Treasure: a 5x5 tile game of secret colours."""

from kobito_tui.treasure.game import TreasureGame

GAME = TreasureGame()

__all__ = ["GAME", "TreasureGame"]
