"""The game client: one terminal's knowledge of one live table, below the app and free of it.

:class:`GameClient` holds each perspective's history, the only one at this
terminal (a remote table hands it what came before and keeps none after), whose
turn it is, what the seat may do and why not; a request goes to the table as
data (:class:`Request`: seat, move, revision) through a :class:`Host`, local
(:class:`LocalHost`) or at a hub (:class:`RemoteHost`).  Nothing in this
package imports Textual.
"""

from kobito_tui.client.game import HINT, MOVE, REDO, UNDO, GameClient, Request
from kobito_tui.client.hosts import Host, LocalHost, RemoteHost

__all__ = ["HINT", "MOVE", "REDO", "UNDO", "GameClient", "Host", "Request", "LocalHost", "RemoteHost"]
