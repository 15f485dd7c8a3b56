"""Kobito, the card game of rainbows and pots of gold (2–6 players).

Events (JSON objects; cards by name: "7a".."7g", "K1".."K5", "P1".."P3",
gold "G<length>-<value><copy>"; decks listed top first):

Chance (no "seat"):
  {"type": "setup", "deck": [92 cards], "gold": [gold cards], "first": seat}
  {"type": "pot", "slot": 0-2, "gold": top gold card, "start": deck top | null (empty rainbow)}
  {"type": "special-start", "card": deck top, "depth": cards above it}   (no depth: to the discard pile)
  {"type": "reshuffle", "deck": [deck + discard pile, new order]}
  {"type": "draw", "player": seat, "cards": [the top cards of the deck]}
Moves:
  {"type": "play", "seat": s, "card": c, "pot": 0-2, "end": "left" | "right"}
  {"type": "open", "seat": s, "cards": [row order]}
  {"type": "extend", "seat": s, "card": c, "rainbow": i, "end": "left" | "right"}
  {"type": "move", "seat": s, "rainbow": i, "from": "left" | "right", "pot": 0-2, "end": "left" | "right"}
  {"type": "take-kobito", "seat": s, "kobito": "K2", "card": c}
  {"type": "end-turn", "seat": s, "penalty": [cards]}   ("penalty" only when penalties are due)

Redacted for other seats (``GAME.redact``): setup keeps only "first", a
reshuffle and another player's draw keep a "count", another player's penalty a
"penalty_count", a special start loses its "depth".
"""

from kobito_tui.kobito.game import KobitoGame

GAME = KobitoGame()

__all__ = ["GAME", "KobitoGame"]
