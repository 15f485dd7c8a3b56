"""Computer analysis of finished games: each seat's winning chance turn by turn, judged from what it knew."""
