"""The Textual app: renders views, turns keys and clicks into moves.  No rules here."""
