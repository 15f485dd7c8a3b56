"""The Kobito table: ``board.KobitoBoard`` and the small parts it is drawn with."""
